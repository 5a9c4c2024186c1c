"""Lesson levels and puzzles as the app asks them: how each kind is answered, labels for the
choices, the learner's attempt at an item, and the content loaded once per process.

>>> mode_of("legal_tiles"), mode_of("rank"), mode_of("count"), mode_of("bid")
('many', 'order', 'number', 'one')
>>> a = Attempt()
>>> a.toggle("6-4"); a.toggle("5-3"); a.toggle("6-4"); a.selected
['5-3']
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict, cast

from engine import Tile

if TYPE_CHECKING:  # loaded in a worker process, on first use (see "content" below)
    from content import Feedback, Item, Position
    from content.checks import AnyTask
    from engine import Trump
    from lessons import Course, Stage
    from puzzles.generate import Entry
    from puzzles.loader import Puzzle

__all__ = [
    "TILE_KINDS",
    "Attempt",
    "StageSummary",
    "choice_label",
    "course",
    "finished_tricks",
    "forget_content",
    "item_title",
    "kind_title",
    "level_count",
    "mode_of",
    "new_puzzle",
    "puzzle_option",
    "puzzle_summary",
    "puzzles",
    "question_seat",
    "rules_note",
    "shown_reason",
    "stage_summary",
    "submit",
    "table_notes",
    "tiles_named",
    "tries_explained",
    "trump_marks",
    "warm_up",
    "wrong_answer_text",
]

def _kind(kind: str) -> type[AnyTask] | None:
    from content.checks import KINDS

    return KINDS.get(kind)


def _tile_kinds() -> frozenset[str]:
    from content.checks import KINDS

    return frozenset(k for k, cls in KINDS.items() if cls.tile_choices)


#: Kinds whose choices are tiles (answered by clicking tiles); each kind declares it.
TILE_KINDS = _tile_kinds()


def mode_of(kind: str) -> str:
    """How a kind is answered (declared by the kind, ``content.checks``): ``one`` (click one
    choice), ``many`` (select, then check), ``order`` (click in order), ``number`` or
    ``numbers`` (type)."""
    cls = _kind(kind)
    return str(cls.mode) if cls is not None else "number"


def kind_title(kind: str) -> str:
    """The kind's short title, as it declares it (``"Legal tiles"``)."""
    cls = _kind(kind)
    return str(cls.short_title) if cls is not None else kind.replace("_", " ").capitalize()


def item_title(item: Item, limit: int = 80) -> str:
    """What a teacher reads for a level or a puzzle in a list: a level's title; a puzzle's
    kind and its question (puzzles have no title), cut to ``limit`` characters."""
    title = str(getattr(item, "title", "") or "")
    if title:
        return title
    kind = kind_title(item.kind)
    # "Is it a trump? Fives are trump…", not "Is it a trump?: …"
    text = f"{kind}{' ' if kind.endswith(('?', '!', '.')) else ': '}{' '.join(str(item.question).split())}"
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def puzzle_option(puzzle: Puzzle, limit: int = 120) -> str:
    """A puzzle as a teacher picks it from a list (the lesson deck's picker, searched by
    typing): what it asks (:func:`item_title`, cut to ``limit`` characters), its difficulty in
    words and, last, its id.

    >>> p = next(p for p in puzzles() if p.id == "is-trump-5037")
    >>> puzzle_option(p)
    'Is it a trump? Fives are trump. Is 5-5 a trump? · beginner · is-trump-5037'
    """
    return f"{item_title(puzzle, limit)} · {puzzle.band} · {puzzle.id}"


def puzzle_summary(puzzle: Puzzle) -> str:
    """A puzzle said in full under the picker: its kind and difficulty in words, its rating,
    and its whole question.

    >>> print(puzzle_summary(next(p for p in puzzles() if p.id == "hw-count-sixes-trump")))
    Counting · beginner (rating 700): Sixes are trump in three-player Moon. How many trumps are there?
    """
    return f"{kind_title(puzzle.kind)} · {puzzle.band} (rating {puzzle.rating}): {' '.join(str(puzzle.question).split())}"


def choice_label(kind: str, choice: str, players: int = 3) -> str:
    """The button text of a choice, as the kind declares it: ``'5'`` -> ``'Fives'`` (suit
    led), ``'1'`` -> ``'Seat 1'``..."""
    cls = _kind(kind)
    return str(cls.choice_label(choice, players)) if cls is not None else choice


def trump_marks(item: Item, answered: bool) -> Trump | None:
    """The trump to mark an item's tiles with (gold, "★"), or ``None`` when marking trumps
    would give the answer away: a question about which tiles are trumps
    (``item.task.hides_trumps()``), not yet ``answered``. Learn and Puzzles ask it of the
    learner's attempt, the presenter of the reveal."""
    trump = item.position.trump
    if trump is None or answered or not item.task.hides_trumps():
        return trump
    return None


def question_seat(pos: Position, seat: int, plain: bool = False) -> str:
    """A seat's name under a question: "You (Seat 2)" for the learner's seat (the seat to
    play), or plain "You" where the question names the learner "you" only (Play better),
    else "Seat N"."""
    if pos.to_play is not None and seat == pos.to_play:
        return "You" if plain else f"You (Seat {seat})"
    return f"Seat {seat}"


def table_notes(item: Item, answered: bool, house: Sequence[str]) -> list[str]:
    """The lines above a question's tiles (markdown): the rules for this question (from the
    ``house`` rules' sentences, see :func:`rules_note`), the trump, the seats, the bids, the
    contract, the tricks taken and the scores before the hand. A line that states the answer
    is left out until the question is ``answered``: the contract under "Who won the
    auction?" (``item.task.hides_contract()``)."""
    from tutorial.services import describe as words

    pos = item.position
    plain = item.kind == "strategy"
    you = pos.to_play
    notes = []
    if (pos.players == 4 or pos.rules.differences()) and not getattr(item, "whole_set", False):
        note = rules_note(item, house)
        if note:
            notes.append("*Rules for this question:* " + " ".join(note))
    if pos.trump is not None and getattr(item, "trump_taught", True):
        notes.append(f"Trump: **{words.trump_label(pos.trump)}**")
    if plain and you is not None and pos.players == 4:  # "you" and "your partner": which seats they are
        notes.insert(0, words.seat_line(you))

    def name(seat: int) -> str:
        return question_seat(pos, seat, plain) if plain else f"Seat {seat}"

    if pos.bids:
        notes.append("Bids: " + ", ".join(f"{name(s)}: {words.bid_label(b)}" for s, b in pos.bids))
    if pos.bidder is not None and pos.bid is not None and (answered or not item.task.hides_contract()):
        bidder = name(pos.bidder) if plain else f"seat {pos.bidder}"
        notes.append(f"Contract: {bidder} bid {words.bid_label(pos.bid)}")
    if pos.tricks_won is not None:
        notes.append("Tricks taken: " + ", ".join(f"{name(s)}: {n}" for s, n in enumerate(pos.tricks_won)))
    if pos.scores is not None:
        label = "team" if pos.players == 4 else "seat"
        notes.append("Scores before this hand: " + ", ".join(f"{label} {s}: {n}" for s, n in enumerate(pos.scores)))
    return notes


@dataclass
class Attempt:
    """The learner's work on one item: tries, hints asked, tiles selected, the last feedback,
    and the answer that was graded last (``graded``, shown in the answer field once done)."""

    tries: int = 0
    hints: int = 0
    selected: list[str] = field(default_factory=list)
    solved: bool = False
    gave_up: bool = False
    feedback: tuple[bool, str] | None = None
    stars: int = 0
    graded: object = None
    #: The item ended on the answer shown, taken as the next try (:func:`accept_shown`).
    shown: bool = False
    #: The wrong answers tried (one choice each, as given), first first: once the answer is
    #: shown each gets the engine's reason (:func:`tries_explained`).
    wrong: list[str] = field(default_factory=list)

    @property
    def misses(self) -> int:
        """Wrong answers given so far (an unreadable answer is not a try)."""
        return self.tries - (1 if self.solved else 0)

    @property
    def answer_shown(self) -> bool:
        """The answer has been given: asked for, given up, or after the second wrong try."""
        return self.hints >= 2 or self.gave_up or (not self.solved and self.tries >= 2)

    def toggle(self, choice: str) -> None:
        if choice in self.selected:
            self.selected.remove(choice)
        else:
            self.selected.append(choice)

    def reset(self) -> None:
        """Start the item again (a retry keeps nothing but the hints count)."""
        self.selected = []
        self.feedback = None
        self.solved = False
        self.gave_up = False
        self.tries = 0
        self.graded = None
        self.shown = False
        self.wrong = []


def wrong_answer_text(item: Item, text: str, misses: int, feedback: Feedback | None = None) -> str:
    """What the learner reads after a wrong answer. The first miss gets a hint toward the
    reason, not the answer: the hint that fits the mistake (``item.first_hint(feedback)``),
    after the engine's reason when the answer is a tile the rules do not allow. From the
    second miss on, the engine's reason why that answer is wrong, then the answer with its
    reason.

    A text of several lines (one per tile) stays a list. Sentences that open or end the
    reason and come again in the answer (the strong player's summary for a bid or a trump,
    the tiles of a count, the hand's result for a score) are said once, with the answer."""
    if misses <= 1:
        if feedback is None:
            return f"Try again. **Hint:** {item.hint(1)}"
        hint = item.first_hint(feedback)
        if feedback.code in item.task.illegal_codes:
            return f"That tile may not be played: {text} Try again. **Hint:** {hint}"
        return f"Try again. **Hint:** {hint}"
    answer = item.hint(2)
    text = _drop_repeated(text, answer)
    if not text:
        return f"**The answer:** {answer}"
    sep = "\n\n" if "\n" in text else " "
    return f"{text}{sep}**The answer:** {answer}"


def _drop_repeated(text: str, answer: str) -> str:
    """``text`` without the runs of sentences at its start and at its end that ``answer``
    repeats word for word (each at least :data:`_REPEAT_MIN` characters, so a short common
    phrase stays); empty when the answer repeats all of it. A sentence inside stays.

    >>> _drop_repeated("Too risky: only 47%. I bid 4 with ones. It is safe.",
    ...                "The strong player says bid 4. I bid 4 with ones. It is safe.")
    'Too risky: only 47%.'
    >>> _drop_repeated("Seat 0 bid 5 and made it. A made bid scores the bid: +5.",
    ...                "Seat 0 bid 5 and made it. Seat 0 scores +5.")
    'A made bid scores the bid: +5.'
    >>> _drop_repeated("Too risky. Fine.", "Bid 4. Fine.")
    'Too risky. Fine.'
    >>> _drop_repeated("Seat 3 bid 6.", "Seat 3 bid 6. So seat 3 wins.")
    ''
    """
    cuts = [i + 2 for i in range(len(text) - 1) if text[i] in ".!?" and text[i + 1] == " "]
    for i in [0, *cuts]:  # the longest closing run first
        tail = text[i:].strip()
        if len(tail) >= _REPEAT_MIN and tail in answer:
            text = text[:i].rstrip()
            break
    for i in reversed([c for c in cuts if c < len(text)]):  # then the longest opening run
        head = text[:i].strip()
        if len(head) >= _REPEAT_MIN and head in answer:
            return text[i:].lstrip()
    return text


#: The shortest run of sentences :func:`wrong_answer_text` leaves out of a reason as repeated.
_REPEAT_MIN = 12


def submit(item: Item, attempt: Attempt, answer: object) -> bool | None:
    """Grade ``answer``; updates the attempt. Returns whether it was right, or ``None`` when
    the answer could not be read (that does not count as a try). Stars come from
    :func:`content.stars.stars_for` (through ``item.stars``)."""
    from content.errors import AnswerError

    try:
        fb = item.grade(answer)
    except AnswerError as e:
        attempt.feedback = (False, f"That answer cannot be read: {e}")
        return None
    attempt.tries += 1
    attempt.graded = answer
    if fb.correct:
        attempt.solved = True
        attempt.feedback = (True, fb.text)
        attempt.stars = int(item.stars(attempt.tries, attempt.hints))
    else:
        text = wrong_answer_text(item, fb.text, attempt.tries, fb)
        earlier = tries_explained(item, attempt, skip=answer) if attempt.tries >= 2 else ""
        if earlier:
            # The answer is shown now: the earlier wrong tries get their reasons too.
            text = f"{text}\n\n{earlier}"
        attempt.feedback = (False, text)
        if isinstance(answer, str) and answer not in attempt.wrong:
            attempt.wrong.append(answer)
    return bool(fb.correct)


def accept_shown(item: Item, attempt: Attempt) -> bool:
    """Once the answer is shown after a wrong try (the second wrong try's feedback shows it,
    or the learner asked for it after the first): the answer shown is taken as the next try,
    so the item ends there with the stars of the one rule (★: what clicking the answer shown
    would give) and the learner can go on. Returns whether it ended the item (not before a
    wrong try, nor before the answer is shown, nor once solved).

    A second wrong try's feedback stays on the page (it speaks of that try and gives the
    answer); a first wrong try's ("Try again" with a hint) is dropped, as there is no try
    left: its reason comes with the answer shown (:func:`tries_explained`). ``graded`` stays
    the learner's last answer (a number field shows it)."""
    if attempt.solved or not attempt.tries or not attempt.answer_shown:
        return False
    if attempt.tries < 2:
        attempt.feedback = None
    attempt.tries += 1
    attempt.solved = True
    attempt.shown = True
    attempt.stars = int(item.stars(attempt.tries, attempt.hints))
    return True


def shown_reason(attempt: Attempt) -> str:
    """Why an item that ended on the answer shown (:func:`accept_shown`) ended, as the start
    of a sentence: the learner asked for the answer (or gave up), or the second wrong try's
    feedback gave it.

    >>> asked = Attempt(tries=2, hints=2, solved=True, shown=True)
    >>> shown_reason(asked)
    'The answer is shown'
    >>> shown_reason(Attempt(tries=3, solved=True, shown=True))
    'After two wrong tries the answer is shown'
    """
    if attempt.hints >= 2 or attempt.gave_up or attempt.misses < 2:
        return "The answer is shown"
    return "After two wrong tries the answer is shown"


def replay(item: Item, attempt: Attempt, tries: list[tuple[object, int]]) -> None:
    """Give a fresh attempt the wrong ``tries`` stored since the item was last answered right
    (``(answer, hints asked by then)``, first first, as :attr:`store.stats.Summary.open_wrong`),
    graded again as they were: after a reload the page shows the last try's feedback and
    counts the tries, as it did before. An answer not stored, or no longer readable, is left
    out (and one that is right now, the content having changed); an attempt already begun
    is left alone."""
    from content.errors import AnswerError

    if attempt.tries or attempt.solved or attempt.hints:
        return
    for answer, hints in tries:
        try:
            if answer is None or item.grade(answer).correct:
                continue
        except AnswerError:
            continue
        attempt.hints = max(attempt.hints, min(2, hints))
        submit(item, attempt, answer)


def tries_explained(item: Item, attempt: Attempt, skip: object = None) -> str:
    """Why each wrong answer tried so far is wrong, from the engine (the item's own
    grading: "6-6 follows, but 6-5 is a trump and beats it." / the solver's line of an
    ending), as markdown lines under a heading; empty when there is none. Shown once the
    answer is: a wrong legal tile otherwise only ever got a hint. ``skip``: an answer whose
    reason is said already."""
    lines = []
    for answer in attempt.wrong:
        if answer == skip:
            continue
        try:
            fb = item.grade(answer)
        except Exception:  # an answer that no longer reads has no reason to give
            continue
        if not fb.correct and fb.text:
            lines.append(f"- **{choice_label(item.kind, answer, item.position.players)}:** {fb.text}")
    if not lines:
        return ""
    head = "**Why your try was wrong:**" if len(lines) == 1 else "**Why your tries were wrong:**"
    return head + "\n" + "\n".join(lines)


def rules_note(item: Item, lines: Sequence[str]) -> list[str]:
    """The "Rules for this question" lines without any sentence that would give the answer
    away: a sentence naming the number asked for; when the question counts or picks tiles, a
    sentence giving a number of tiles (the next question may ask it); and when the question is
    about which tiles are in the set, a sentence about the set's tiles."""
    import re

    ans = item.answer_json()
    task = getattr(item, "task", None)
    about_set = getattr(getattr(task, "selection", None), "of", None) == "set"  # count, pick_tiles
    out = []
    for line in lines:
        kept = []
        for sentence in re.split(r"(?<=[.!?])\s+", line.strip()):
            if isinstance(ans, int) and not isinstance(ans, bool) and re.search(rf"(?<![\d-]){ans}(?![\d-])", sentence):
                continue
            if about_set and "tiles" in sentence:
                continue
            if item.kind in ("count", "pick_tiles") and re.search(r"\d+(?:-tile| tiles)\b", sentence):
                continue
            kept.append(sentence)
        if kept:
            out.append(" ".join(kept))
    return out


def tiles_named(text: str) -> list[Tile]:
    """The tiles a text names (``"6-4"``), in order, each once: the pictures beside an intro.

    >>> [str(t) for t in tiles_named("A tile like 6-0 has a blank end; 2-1 and 1-2 have none, 1-7 is no tile.")]
    ['6-0', '2-1']
    """
    import re

    out: list[Tile] = []
    for m in re.findall(r"(?<![\d-])([0-6]-[0-6])(?![\d-])", text):
        t = Tile.parse(m)
        if t not in out:
            out.append(t)
    return out


class StageSummary(TypedDict):
    """The end of a stage (:func:`stage_summary`)."""

    earned: int
    most: int
    done: bool
    missed: list[str]


def stage_summary(stage: Stage, stars: dict[str, int]) -> StageSummary:
    """The end-of-stage summary: stars earned of the most, and the levels missed (fewer than
    three stars, or not solved), in order.

    >>> class S: levels = [type("L", (), {"id": i, "title": i.upper()}) for i in "abc"]
    >>> s = stage_summary(S, {"a": 3, "b": 2})
    >>> s["earned"], s["most"], s["missed"]
    (5, 9, ['b', 'c'])
    """
    from content.stars import MAX_STARS

    ids = [lv.id for lv in stage.levels]
    return {
        "earned": sum(stars.get(i, 0) for i in ids),
        "most": MAX_STARS * len(ids),
        "done": all(stars.get(i, 0) > 0 for i in ids),
        "missed": [i for i in ids if stars.get(i, 0) < MAX_STARS],
    }


# -- content, loaded once per process ------------------------------------------------------------
# Loading checks every item against the engine, and the items graded by the strong player
# run its search: about fifteen seconds of CPU. So the loading happens once per server, in a
# worker process (tutorial.services.players.submit; the course and the puzzles side by side),
# and comes back as the loaded objects (each item keeps its answers); the server's threads
# only wait for it, and every page asking at the same time waits for the same load.

def load_course_here() -> Course:
    """``lessons.load_course()`` (the course, checked)."""
    from lessons import load_course

    return load_course()


def load_puzzles_here() -> tuple[Puzzle, ...]:
    """Every shipped puzzle (checked), easiest first."""
    from puzzles import load_puzzles

    return tuple(sorted(load_puzzles(), key=lambda p: (p.rating, p.id)))


_LOADERS: dict[str, Callable[[], object]] = {"course": load_course_here, "puzzles": load_puzzles_here}


def _load_quietly(name: str) -> object:
    """A worker's load of ``name``; ``None`` when it fails (the page then loads it itself, to
    show the content errors, which do not travel well between processes)."""
    try:
        return _LOADERS[name]()
    except Exception:
        return None


_CONTENT: dict[str, Future[object]] = {}
_CONTENT_LOCK = threading.Lock()


def _content_future(name: str) -> Future[object]:
    from tutorial.services.players import submit

    with _CONTENT_LOCK:
        fut = _CONTENT.get(name)
        if fut is None:
            fut = _CONTENT[name] = submit(_load_quietly, name)
        return fut


def _content(name: str) -> object:
    fut = _content_future(name)
    try:
        value = fut.result()
    except Exception:  # the worker went away: load here
        value = None
    if value is None:
        value = _LOADERS[name]()  # raises the content errors, if any
        done: Future[object] = Future()
        done.set_result(value)
        with _CONTENT_LOCK:
            _CONTENT[name] = done
    return value


@functools.cache
def level_count() -> int:
    """The number of levels in the course files, read without building the course (which
    loads in a worker and can take seconds): for a page that only counts them."""
    import tomllib

    from lessons.loader import DATA_DIR

    return sum(len(tomllib.loads(p.read_text(encoding="utf-8")).get("level", []))
               for p in sorted(DATA_DIR.glob("*.toml")))


def course() -> Course:
    """The course (``lessons.load_course()``), loaded once per process (see above)."""
    return cast("Course", _content("course"))  # what _LOADERS["course"] returns


class LevelOptions(Mapping[str, int]):
    """How many answers each level of the course offers to pick one from (the levels whose
    answer is typed, or a set, are not named): :attr:`store.stats.Summary.options`, so the
    stored answers get the star rule's yes-or-no case (:func:`content.stars.stars_for`).
    The course is read at the first look-up, not before: a page that shows a newcomer's
    progress does not wait for it."""

    def __init__(self) -> None:
        self._known: dict[str, int] | None = None

    def _all(self) -> dict[str, int]:
        if self._known is None:
            self._known = {lv.id: n for lv in course().levels() if (n := lv.options()) is not None}
        return self._known

    def __getitem__(self, level_id: str) -> int:
        return self._all()[level_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __deepcopy__(self, memo: dict[int, object]) -> LevelOptions:
        return self  # the same course: a copied progress shares what was read of it


def level_options() -> LevelOptions:
    """:class:`LevelOptions` (the course read when first needed)."""
    return LevelOptions()


def puzzles() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, loaded once per process, easiest first."""
    return cast("tuple[Puzzle, ...]", _content("puzzles"))  # what _LOADERS["puzzles"] returns


def forget_content() -> None:
    """Forget the loaded course and puzzles (the next call loads them again)."""
    with _CONTENT_LOCK:
        _CONTENT.clear()


_warm = threading.Lock()
_warmed = False

#: Libraries some pages draw with, imported in the background at start-up so that the first
#: learner to open such a page does not wait for the import.
_WARM_IMPORTS = ("pandas", "plotly.graph_objects", "sqlalchemy")


def warm_up() -> None:
    """Start loading the course and the puzzles in the worker processes (once per server),
    and import the heavy drawing libraries in a background thread, so the first learner to
    open those pages does not wait for them."""
    global _warmed
    import os

    with _warm:
        if _warmed or os.environ.get("MOON_NO_WARMUP"):
            return
        _warmed = True
    for name in _LOADERS:
        _content_future(name)

    def imports() -> None:
        import importlib

        for module in _WARM_IMPORTS:
            try:
                importlib.import_module(module)
            except Exception:  # pragma: no cover - an optional library missing
                pass

    threading.Thread(target=imports, name="moon-warm-imports", daemon=True).start()


def new_puzzle(kind: str, seed: int, tries: int = 200,
               generate: Callable[[str, int], Entry | None] | None = None) -> Puzzle | None:
    """A fresh puzzle of ``kind`` from the generator, from seed ``seed`` on (``None`` if no
    seed in ``tries`` makes one)."""
    from puzzles.generate import generate_one
    from puzzles.loader import build_puzzle

    gen = generate or generate_one
    for s in range(seed, seed + tries):
        entry = gen(kind, s)
        if entry is not None:
            return build_puzzle(entry, "generated")
    return None


def finished_tricks(position: Position) -> list[tuple[tuple[tuple[int, Tile], ...], int]]:
    """The finished tricks of ``position``'s hand (its ``played`` tiles): each trick as
    ``(seat, tile)`` pairs in play order, with the seat that took it. The bidder leads the
    first trick (rules §6.1) and the winner of each trick leads the next; ``[]`` when the
    position does not say who bid or what is trump.

    >>> from content import Position
    >>> pos = Position.from_dict({"trump": "5", "first_bidder": 0, "bids": [4, "pass", "pass"],
    ...     "leader": 1, "tricks_won": [0, 1, 0], "played": ["6-6", "5-4", "6-2"],
    ...     "hands": {"0": ["0-0", "3-3", "4-3", "5-1", "6-1", "6-5"]}})
    >>> [([(s, str(t)) for s, t in trick], won) for trick, won in finished_tricks(pos)]
    [([(0, '6-6'), (1, '5-4'), (2, '6-2')], 1)]
    """
    from engine.play import trick_winner

    n = position.players
    if position.bidder is None or position.trump is None or not position.played:
        return []
    out = []
    leader = position.bidder
    for k in range(0, len(position.played) - n + 1, n):
        tiles = position.played[k:k + n]
        seats = tuple(((leader + i) % n, t) for i, t in enumerate(tiles))
        leader = seats[trick_winner(tiles, position.trump)][0]
        out.append((seats, leader))
    return out


def tile_choices(choices: Sequence[str] | None) -> list[Tile]:
    return [Tile.parse(c) for c in choices or ()]
