"""The presentation on the presenter: what is on screen (one hand, or a lesson deck, and
where it is), the hands worked out for it (kept in a server-wide cache), and the question the
room is asked. The presenter draws it (:mod:`tutorial.components.presenter`); the live class
reads it to put the same question to the phones (:mod:`tutorial.components.live.host`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from content.items import Item
from engine import Game, RuleSet
from tutorial.components import state
from tutorial.services.classroom import generate_hand
from tutorial.services.decks import Deck, DeckEntry, deck_token
from tutorial.services.players import Decider, bot_seed, default_factory
from tutorial.services.presenter import (
    Decided,
    ItemShow,
    Move,
    Question,
    Show,
    Slide,
    Stepper,
    build_item_show,
    build_show,
    deck_slides,
    hand_slides,
)
from tutorial.services.records import HandFile, load_hand

__all__ = [
    "LIVE_TITLE",
    "PRESENTATION",
    "Presentation",
    "asked",
    "current",
    "deal_show",
    "entry_show",
    "has_numbers",
    "item_of",
    "live_title",
    "numbers_move",
    "present_deck",
    "present_hand",
    "record_show",
    "room_title",
    "slide_count",
]

#: Session-state key of the presentation on screen.
PRESENTATION = state.PRESENTER
#: A hand's title on the projector while a live class is open, and its class summary's, when
#: the hand is not known: never its deal number, which a student could open in their own
#: browser (``/presenter?deal=…``) to see the hands the room does not. A known hand goes by
#: its number in its game (:attr:`~tutorial.services.presenter.Show.room_heading`: "Hand 1").
#: Once the class has ended the deal is named again (:func:`live_title`, which the questions
#: CSV keeps throughout).
LIVE_TITLE = "This hand"

# -- the presentation --------------------------------------------------------------------------------


@dataclass
class Presentation:
    """What the presenter shows: one hand, or a deck; where it is; what is on screen."""

    source: tuple[str | int, ...]
    title: str
    stepper: Stepper
    #: The hand shown (a single hand), or the deck's entries.
    hand: Show | None = None
    deck: Deck | None = None
    numbers: bool = False
    shows: dict[int, Show | ItemShow] = field(default_factory=dict)
    #: A deal opened by a link that names no rules (the classic rules, said on the stage).
    unsaid_rules: bool = False


@st.cache_resource(max_entries=48, show_spinner=False)
def _cached(key: tuple[str | int, ...], _make: Callable[[], Show]) -> Show:
    """A hand's show, worked out once per server (the last few dozen are kept); ``key`` says
    which, ``_make`` works it out (not part of the key)."""
    return _make()


def _progress_bar(what: str) -> tuple[DeltaGenerator, Callable[[float], None]]:
    bar = st.progress(0.0, text=what)

    def tick(x: float) -> None:
        bar.progress(min(1.0, x), text=f"{what} {x:.0%}")

    return bar, tick


def deal_show(rules: RuleSet, deal: int, level: str) -> Show:
    """Deal ``deal`` played by the ``level`` computer players, worked out for the presenter."""
    key = ("deal", json.dumps(rules.to_dict(), sort_keys=True), deal, level)

    def make() -> Show:
        bar, tick = _progress_bar(f"The {level} computer players are playing deal {deal}…")
        hand, decisions = generate_hand(rules, deal, level, progress=tick)
        bar.empty()
        return build_show(hand, decisions, level)

    return _cached(key, make)


def record_show(hand: HandFile, level: str, known: dict[int, Decided] | None = None) -> Show:
    """A saved hand with the ``level`` computer's word on every move, worked out once."""
    key = ("hand", json.dumps(hand.record, sort_keys=True), level)

    def make() -> Show:
        bots: dict[int, Decider] = {}

        def decide(_i: int, game: Game) -> Decided:
            seat = game.to_act
            assert seat is not None
            if seat not in bots:
                bots[seat] = default_factory()(level, seed=bot_seed(0, seat, 2))
            decided: Decided = bots[seat].decide(game.view(seat))
            return decided

        bar, tick = _progress_bar(f"The {level} computer player is looking at every move…")
        show = build_show(hand, known or {}, level, decide=decide, progress=tick)
        bar.empty()
        return show

    return _cached(key, make)


def live_title(p: Presentation | None) -> str:
    """The name a live class of ``p`` is kept under (its summary's once ended, its CSV's), so
    the teacher can tell later which lesson it was: a deck's own title, else the hand's ("Deal
    12, hand 1")."""
    if p is None:
        return "Live class"
    if p.hand is not None:
        return p.hand.heading
    assert p.deck is not None
    title = p.deck.title.strip()
    entries = p.deck.entries
    if len(entries) == 1 and entries[0].kind in ("deal", "hand") and title in ("", "Lesson deck"):
        show = p.shows.get(0)
        if isinstance(show, Show):
            return show.heading
    return title or "Lesson deck"


def room_title(p: Presentation | None, title: str) -> str:
    """What the screen the room sees calls an open live class kept under ``title``: a deck's
    own title, but never a hand's, which names its deal: a hand goes by its number in its game
    ("Hand 1", :attr:`~tutorial.services.presenter.Show.room_heading`; :data:`LIVE_TITLE`
    when it is not known)."""
    if p is None:
        return LIVE_TITLE
    if p.deck is None:
        return p.hand.room_heading if p.hand is not None else LIVE_TITLE
    entries = p.deck.entries
    one_hand = len(entries) == 1 and entries[0].kind in ("deal", "hand")
    deck_title = p.deck.title.strip()
    if not deck_title or (one_hand and (deck_title.lower().startswith("deal ") or deck_title == "Lesson deck")):
        show = p.shows.get(0) if one_hand else None
        return show.room_heading if isinstance(show, Show) else LIVE_TITLE
    return title
def current() -> Presentation | None:
    p = state.get(PRESENTATION)
    return p if isinstance(p, Presentation) else None


def present_hand(show: Show, count: int = 0, source: tuple[str | int, ...] = ()) -> Presentation:
    """Put one hand on the presenter, at move ``count``."""
    slides = hand_slides(show.total)
    p = Presentation(source or ("show", id(show)), f"Deal {show.hand.record.get('seed')}",
                     Stepper(slides, pos=max(0, min(count, show.total))), hand=show)
    state.put(PRESENTATION, p)
    return p


def _slides(deck: Deck) -> list[Slide]:
    """The presenter's slides of ``deck``."""
    specs: list[tuple[int, int, bool] | None] = []
    for e in deck.entries:
        if e.kind in ("deal", "hand"):
            specs.append((e.move, e.end, e.ask))
        elif e.kind == "note":
            specs.append((0, 0, False))  # one slide, nothing to ask
        else:
            specs.append(None)
    return deck_slides(specs)


def slide_count(deck: Deck) -> int:
    """How many slides the presenter shows of ``deck`` (its "slide 3 of N")."""
    return len(_slides(deck))


def present_deck(deck: Deck, slide: int = 0, source: tuple[str | int, ...] = ()) -> Presentation:
    """Put a deck on the presenter, at slide ``slide``."""
    p = Presentation(source or ("deck", deck_token(deck)), deck.title, Stepper(_slides(deck), pos=slide),
                     deck=deck)
    state.put(PRESENTATION, p)
    return p


def item_of(entry: DeckEntry) -> Item:
    """The puzzle or lesson level a deck entry names (``KeyError`` if there is none)."""
    from tutorial.services.items import course, puzzles

    if entry.kind == "puzzle":
        for pz in puzzles():
            if pz.id == entry.ref:
                return pz
        raise KeyError(entry.ref)
    return course().level(entry.ref)


def entry_show(p: Presentation, index: int) -> Show | ItemShow:
    """The show of deck entry ``index`` (worked out on first use)."""
    if index in p.shows:
        return p.shows[index]
    assert p.deck is not None
    e = p.deck.entries[index]
    show: Show | ItemShow
    if e.kind == "deal":
        assert e.deal is not None
        show = deal_show(RuleSet.from_dict(e.rules) if e.rules else RuleSet(), e.deal, e.computer)
    elif e.kind == "hand":
        show = record_show(load_hand(e.record or {}), e.computer)
    else:
        show = build_item_show(item_of(e), e.kind)
    p.shows[index] = show
    return show


# -- opening: from the URL or the Classroom ------------------------------------------------------------


def asked(p: Presentation) -> Question | ItemShow | None:
    """The question the room is being asked right now ("what would you play?" at a move, or a
    puzzle / level of a deck), or ``None``. The live class attaches students' answers to it."""
    s = p.stepper
    if not s.asking:
        return None
    show = p.hand if p.hand is not None else entry_show(p, s.slide.entry)
    if isinstance(show, ItemShow):
        return show
    count = min(s.slide.count, show.total)
    return show.question(count) if count < show.total else None


def numbers_move(p: Presentation | None, *, shown: bool = True) -> Move | None:
    """The move whose numbers the stage shows ("Show the numbers"), or ``None``: the move just
    made, or the computer's answer once a question is revealed (none while it is open, nor on
    a puzzle, a level or a note). With ``shown=False``, the move whose numbers it would show
    if asked."""
    if p is None or (shown and not p.numbers):
        return None
    s = p.stepper
    if p.hand is not None:
        show: Show | ItemShow = p.hand
    else:
        assert p.deck is not None
        if p.deck.entries[s.slide.entry].kind not in ("deal", "hand"):
            return None
        show = entry_show(p, s.slide.entry)
    if isinstance(show, ItemShow):
        return None
    count = min(s.slide.count, show.total)
    if s.asking and count < show.total:
        return show.question(count).answer if s.revealed else None
    return show.scenes[count].move


def has_numbers(p: Presentation) -> bool:
    """Whether the slide on screen has figures to show: a move with the computer's numbers
    (not the deal, a question still open, a puzzle, a level or a note)."""
    try:
        move = numbers_move(p, shown=False)
    except (KeyError, ValueError):  # an entry that cannot be shown: no figures
        return False
    return move is not None and bool(move.summary or move.rows)


# -- stepping --------------------------------------------------------------------------------------
