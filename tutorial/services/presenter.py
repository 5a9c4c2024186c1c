"""The presenter view's content, worked out once per hand: every position of a hand (the
*scenes*), the computer's word on every move in plain sentences (the numbers kept apart, for
when the teacher asks), the question "what would you play?" at every move, and the stepper
that walks through a hand or a lesson deck. No Streamlit.

>>> from engine import RuleSet
>>> from tutorial.services.classroom import generate_hand
>>> from tutorial.services.session import FirstLegal
>>> first = lambda level, seed=None: FirstLegal()
>>> hand, decisions = generate_hand(RuleSet(all_pass="force-last"), 12, factory=first)
>>> show = build_show(hand, decisions)
>>> len(show.scenes) == len(hand.actions) + 1
True
>>> show.scenes[0].move is None and show.scenes[1].move.seat == show.scenes[0].to_act
True
>>> len(show.scenes[0].widow), show.scenes[0].widow_taken, show.scenes[0].discard
(1, False, None)
>>> laid = next(s for s in show.scenes if s.discard is not None)
>>> laid.widow_taken and laid.move.action == f"discard {laid.discard}"
True
>>> q = show.question(0)
>>> q.answer.action in q.choices
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from content.items import Item
from engine import Action, Game, Tile, Trump, explain_play, explain_winner, trick_winner
from engine.contract import tricks_needed
from engine.game import Phase
from engine.players import Candidate
from engine.players.decision import Decision
from tutorial.services import describe as words
from tutorial.services.players import decision_action
from tutorial.services.records import HandFile

__all__ = [
    "ItemShow",
    "Move",
    "Question",
    "Scene",
    "Show",
    "Slide",
    "Stepper",
    "answer_label",
    "answer_words",
    "as_good",
    "build_item_show",
    "build_show",
    "choice_order",
    "every_play_right",
    "plain_notes",
    "plain_reason",
    "slide_labels",
    "worse_notes",
    "worse_summary",
]

#: A computer player's decision: the engine's players give a :class:`Decision`, the simplest
#: test players an :class:`Action`.
Decided = Decision | Action
#: How one decision is asked for: (action index, the position before it) -> a decision.
Decide = Callable[[int, Game], Decided]


@dataclass(frozen=True)
class Move:
    """One move with the computer's word on it.

    ``headline`` names the move ("Seat 2 plays 6-4"); ``reason`` is the plain sentence (the
    player's own ``explanation.reason`` when it has one, else words built from the engine's
    rule reasons); ``summary`` and ``rows`` are the numbers, shown only on request.
    ``suggested`` is the computer's own choice when it differs from the move made.
    """

    index: int
    seat: int
    action: str
    headline: str
    reason: str
    summary: str = ""
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    suggested: str | None = None


@dataclass(frozen=True)
class Question:
    """"What would you play?" at one position: who is to act, the legal choices (actions in
    notation) and the computer's answer with its reason. The live class hangs its students'
    answers on this."""

    count: int
    seat: int
    phase: Phase
    prompt: str
    choices: tuple[str, ...]
    answer: Move
    #: Other plays as good as the answer by the computer's own numbers (:func:`as_good`): right
    #: too, wherever the question is answered. ``layouts``: how many deals those numbers come
    #: from when they are averages (0: exact, every layout solved).
    as_good: tuple[str, ...] = ()
    layouts: int = 0
    #: For each legal play the computer rates worse, why, in its full words by its numbers
    #: (:func:`worse_notes`).
    worse: tuple[tuple[str, str], ...] = ()
    #: Every one of those plays in one plain line (:func:`worse_summary`): said on the
    #: projector at the reveal when no class answered it wrongly with a legal play.
    worse_all: str = ""
    #: For each legal play that is not right, why, in one short plain line (:func:`plain_notes`):
    #: said at the reveal on the phones that chose it and, with how many chose it, on the
    #: projector (:meth:`chosen_lines`): one wording everywhere.
    plain: tuple[tuple[str, str], ...] = ()

    def worse_note(self, action: str) -> str:
        """Why ``action`` (a legal play that is not right) is worse than the answer, by the
        computer's numbers; ``""`` when it is right, or the computer has no numbers for it."""
        return dict(self.worse).get(action, "")

    def chosen_lines(self, counts: Mapping[str, int]) -> tuple[str, ...]:
        """The projector's line for each wrong answer a class chose (``counts``: how many
        students chose each action), most chosen first, then in the order of the choices: its
        plain line (:attr:`plain`) with how many chose it. Nothing for a right answer, nor for
        a tile that may not be played (the chart says why under its bar)."""
        plain = dict(self.plain)
        order = {a: i for i, a in enumerate(self.choices)}
        chosen = sorted((a for a, n in counts.items() if n > 0 and a in plain and a not in self.right),
                        key=lambda a: (-counts[a], order.get(a, len(order)), a))
        return tuple(words.chosen_by(plain[a], counts[a]) for a in chosen)

    @property
    def named(self) -> str:
        """The question as a teacher reads it on the controls, by the move it asks (the one
        its reveal heads "Move N: ..."): "Seat 0's play at move 10"."""
        what = {"bidding": "bid", "discard": "discard", "trump": "choice of trump"}.get(str(self.phase), "play")
        return f"{_who(self.seat)}'s {what} at move {self.count + 1}"

    @property
    def right(self) -> tuple[str, ...]:
        """Every action counted right: the computer's, then those as good."""
        return (self.answer.action, *self.as_good)

    @property
    def every_right(self) -> bool:
        """True when every legal choice (two or more) is right: the question's answer is
        "anything", a poor moment to ask the room."""
        return len(self.choices) > 1 and set(self.choices) <= set(self.right)

    @property
    def every_right_note(self) -> str:
        """Said first at the reveal when every legal play is right ("" otherwise)."""
        return f"Every tile Seat {self.seat} could play was right here: any answer counts." if self.every_right else ""

    @property
    def answer_label(self) -> str:
        """The answer as the room reads it: "Seat 1 plays 1-1 or 4-2 (as good)"."""
        if not self.as_good:
            return self.answer.headline
        mine = _names((self.answer.action,))[0]
        head = self.answer.headline
        lead = head[: -len(mine)] if head.endswith(mine) else f"{head}: "
        return f"{lead}{_or(_names(self.right))} (as good)"

    @property
    def as_good_note(self) -> str:
        """Why the others count too ("" when there are none)."""
        if not self.as_good:
            return ""
        names = _names(self.as_good)
        verb = "is" if len(names) == 1 else "are"
        how = "as good as far as the computer can tell" if self.layouts else "just as good"
        return f"{_or(names, 'and')} {verb} {how}: right too."


def _names(actions: Sequence[str]) -> list[str]:
    """The tiles (or moves) of ``actions`` as said ("play 4-2" -> "4-2")."""
    return [a.partition(" ")[2] if a.startswith(("play ", "discard ")) else words.move_label(Action.parse(a))
            for a in actions]


def _or(names: Sequence[str], word: str = "or") -> str:
    """ "1-1", "1-1 or 4-2", "1-1, 4-2 or 5-3"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {word} {names[-1]}"


def as_good(decision: Decided | None) -> tuple[tuple[str, ...], int]:
    """The plays other than the computer's that its numbers rate as good
    (:meth:`~engine.players.Explanation.as_good`): neither the chance for the bid nor the
    expected tricks (what the strong player maximises, in that order) below the computer's
    choice by more than the numbers can tell apart. Exact numbers (every layout solved) must be
    equal; averages over sampled deals may be up to one trick (or one bid) in one and a half of
    those deals below. Every page that asks the question counts these right (the projector's
    chart, the phones, the class summary and its CSV) and no worse words name them
    (:func:`worse_notes`, :func:`worse_summary`). Returns them with the number of deals the
    averages come from (0 when exact). Nothing for a decision without those numbers (the basic
    player's rules of thumb) or for a move that is not a play."""
    exp = getattr(decision, "explanation", None)
    if decision is None or exp is None:
        return (), 0
    mine = decision_action(decision)
    if mine.kind != "play":
        return (), 0
    try:
        chosen = exp.candidate(mine)
    except KeyError:
        return (), 0
    if chosen.goal_chance is None or chosen.tricks is None:
        return (), 0
    layouts = 0 if exp.exhaustive else max(1, int(exp.layouts))
    return tuple(str(c.action) for c in exp.candidates if c.action is not mine and exp.as_good(c, chosen)), layouts


def every_play_right(decision: Decided | None, legal: Sequence[str]) -> bool:
    """True when every one of the ``legal`` actions (two or more) is the computer's choice
    or as good by its numbers (:func:`as_good`): asking "what would you play?" there has no
    wrong answer (see :attr:`Question.every_right`)."""
    if decision is None or len(legal) < 2:
        return False
    also, _layouts = as_good(decision)
    return set(legal) <= {str(decision_action(decision)), *also}


def _notes(decision: Decided | None, right: Sequence[str], say: Callable[[Candidate, Candidate, float], str],
           kinds: tuple[str, ...] = ("play", "discard")) -> tuple[tuple[str, str], ...]:
    """``say(candidate, best, tie margin)`` for each action of ``kinds`` (plays, tiles laid
    aside) of ``decision`` not in ``right`` where it says something. Nothing for a decision
    without its numbers."""
    exp = getattr(decision, "explanation", None)
    if decision is None or exp is None:
        return ()
    try:
        best = exp.candidate(decision_action(decision))
    except KeyError:
        return ()
    out = []
    for c in exp.candidates:
        action = str(c.action)
        if action in right or c.action.kind not in kinds:
            continue
        if note := say(c, best, exp.tie_margin):
            out.append((action, note))
    return tuple(out)


def worse_notes(decision: Decided | None, right: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """For each play (or tile laid aside) the computer rated below its own choice, and not in
    ``right``: why it is worse, by the computer's numbers (``describe.worse_words``). Nothing
    for a decision without those numbers."""
    return _notes(decision, right, words.worse_words)


def plain_notes(decision: Decided | None, right: Sequence[str], side: str = "the defenders") -> tuple[tuple[str, str], ...]:
    """For each play (tile laid aside, trump named) not in ``right``: why it is a wrong answer,
    in one short plain line (``describe.plain_worse``): whether the bid is made (or set) less
    often with it than with the computer's choice, fewer tricks when that is the same, or that
    the computer did not look closely at it; ``side`` names who scores a defender's tricks
    (``describe.defending_side``). Nothing for a decision without those numbers."""
    return _notes(decision, right, lambda c, best, margin: words.plain_worse(c, best, margin, side=side),
                  ("play", "discard", "trump"))


def worse_summary(decision: Decided | None, right: Sequence[str], side: str = "the defenders") -> str:
    """Every play (or tile laid aside) the computer rated below its own choice, and not in
    ``right``, in one plain line grouped by how it falls short (``describe.worse_line``; the
    figures are in the numbers' table; ``side`` as for :func:`plain_notes`); ``""`` for a
    decision without those numbers."""
    exp = getattr(decision, "explanation", None)
    if decision is None or exp is None:
        return ""
    try:
        best = exp.candidate(decision_action(decision))
    except KeyError:
        return ""
    return words.worse_line([c for c in exp.candidates if str(c.action) not in right
                             and c.action.kind in ("play", "discard")], best, exp.tie_margin, side=side)


@dataclass(frozen=True)
class Scene:
    """The table after ``count`` actions: everything the presenter draws."""

    count: int
    total: int
    players: int
    hands: tuple[tuple[Tile, ...], ...]
    #: The tiles in the middle: (seat, tile) in play order.
    trick: tuple[tuple[int, Tile], ...]
    trick_title: str
    #: Index in ``trick`` of the tile winning (or that won) it, if any.
    trick_best: int | None
    trick_done: bool
    trump: Trump | None
    contract: str
    bidder: int | None
    bids: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, ...]
    to_act: int | None
    phase: Phase
    #: The move that led here (``None`` at the deal).
    move: Move | None
    result: str | None
    #: The widow as dealt (one tile with three players and 0-0 kept, else none).
    widow: tuple[Tile, ...] = ()
    #: True once the bidder has taken the widow into hand.
    widow_taken: bool = False
    #: The tile the bidder laid aside, once laid aside (face down to the class).
    discard: Tile | None = None


def _who(seat: int) -> str:
    return f"Seat {seat}"


def _headline(seat: int, action: Action, players: int) -> str:
    return words.describe_action(seat, action, you=-1, players=players, show_discard=True)


def _derived_reason(before: Game, seat: int, action: Action) -> str:
    """A plain sentence from the engine's own rule reasons (no numbers)."""
    who = _who(seat)
    if action.kind == "play":
        tile = action.value
        assert isinstance(tile, Tile) and before.trump is not None
        trick = list(before.current_trick)
        why = explain_play(before.hands[seat], trick, before.trump, tile)
        if why.code == "lead":
            rest = why.text.split(". ", 1)[1] if ". " in why.text else str(tile)
            text = f"{who} leads {rest}"
        else:
            text = f"{who} plays {tile}. {why.text}"
        after = [*trick, tile]
        if len(after) == before.rules.players:
            win = explain_winner(after, before.trump)
            assert before.leader is not None
            seat_won = (before.leader + trick_winner(after, before.trump)) % before.rules.players
            text += f" {win.text} {_who(seat_won)} takes the trick."
        return text
    if action.kind == "pass":
        high = max((b for _s, b in before.bids), default=0)
        return f"{who} passes" + (f": the bid to beat is {words.bid_label(high)}." if high else ".")
    if action.kind == "bid":
        assert isinstance(action.value, int)
        need = tricks_needed(action.value)
        return f"{who} bids {words.bid_label(action.value)}: to make it, that side must take {need} tricks."
    if action.kind == "discard":
        return f"{who} took the widow and lays {action.value} aside; it counts for nobody."
    assert isinstance(action.value, Trump)
    name = "no trump" if action.value.kind == "none" else f"{action.value.name} as trump"
    return f"{who}, the bidder, names {name}."


def plain_reason(before: Game, seat: int, action: Action, decision: Decided | None = None) -> str:
    """The one plain sentence for ``action``: the player's ``explanation.reason`` when the
    decision has one (and chose this action), else a sentence built from the engine's rule
    reasons. The trick's winner is added when the move ends a trick."""
    exp = getattr(decision, "explanation", None)
    reason = getattr(exp, "reason", None)
    if isinstance(reason, str) and reason.strip() and decision is not None and decision_action(decision) is action:
        text = f"{_who(seat)}: “{reason.strip()}”"
        if action.kind == "play" and len(before.current_trick) + 1 == before.rules.players:
            assert before.trump is not None and isinstance(action.value, Tile)
            after = [*before.current_trick, action.value]
            assert before.leader is not None
            won = (before.leader + trick_winner(after, before.trump)) % before.rules.players
            text += f" {explain_winner(after, before.trump).text} {_who(won)} takes the trick."
        return text
    return _derived_reason(before, seat, action)


#: The numbers' column of a play's expected tricks (two decimals on every row).
_TRICKS = "Expected tricks"


def _numbers(decision: Decided | None) -> tuple[str, tuple[str, ...], tuple[tuple[str, ...], ...]]:
    if decision is None:
        return "", (), ()
    exp = getattr(decision, "explanation", None)
    summary = str(getattr(exp, "summary", "") or "")
    frame = words.decision_frame(decision)
    if frame.empty:
        return summary, (), ()
    import pandas as pd

    first, deals = words.FIRST_LOOK_COLUMN, "Deals looked at"
    chance = next((c for c in frame.columns if str(c).startswith("Chance to ") and str(c).endswith(" the bid")), None)
    if first in frame.columns and chance is not None and deals in frame.columns:
        # A choice dropped after a first look: its figure in the one chance column of a narrow
        # table, with its deals said as a first look ("3, first look"), so it never reads as
        # weighed on as many deals as the choices looked at closely.
        dropped = frame[first].notna()
        frame = frame.copy()
        frame[chance] = frame[chance].where(~dropped, frame[first])
        frame[deals] = [f"{n}, first look" if d else str(n) for n, d in zip(frame[deals], dropped, strict=True)]
        frame = frame.drop(columns=[first])
    if "Chosen" in frame.columns and "Move" in frame.columns:
        # The chosen move is the first row: mark it there rather than in a column of its own.
        frame = frame.assign(Move=[f"{m} ✓" if c else str(m) for m, c in zip(frame["Move"], frame["Chosen"], strict=True)])
        frame = frame.drop(columns=["Chosen"])
    cols = tuple(str(c) for c in frame.columns)

    def cell(col: str, v: object) -> str:
        if v is None or bool(pd.isna(v)):  # type: ignore[call-overload]
            return ""
        if isinstance(v, float):
            # The expected tricks as the words say them ("5.00", as in "expects 5.00 tricks").
            return f"{v:.0f}" if v == int(v) and col != _TRICKS else f"{v:.2f}"
        return str(v)

    rows = tuple(tuple(cell(c, v) for c, v in zip(cols, r, strict=True)) for r in frame.itertuples(index=False))
    return summary, cols, rows


def _move(before: Game, index: int, action: Action, decision: Decided | None) -> Move:
    seat = before.to_act
    assert seat is not None
    summary, cols, rows = _numbers(decision)
    suggested = None
    if decision is not None:
        mine = decision_action(decision)
        if mine is not action:
            suggested = words.move_label(mine)
    return Move(
        index=index, seat=seat, action=str(action), headline=_headline(seat, action, before.rules.players),
        reason=plain_reason(before, seat, action, decision), summary=summary, columns=cols, rows=rows,
        suggested=suggested,
    )


def _prompt(game: Game, seat: int) -> str:
    phase = game.phase
    if phase == Phase.BIDDING:
        return f"{_who(seat)} is to bid. Pass, or bid how many?"
    if phase == Phase.DISCARD:
        return f"{_who(seat)} took the widow. Which tile would you lay aside?"
    if phase == Phase.TRUMP:
        return f"{_who(seat)} won the bid. Which trump would you name?"
    return f"{_who(seat)} is to play. What would you play?"


def _scene(game: Game, count: int, total: int, move: Move | None) -> Scene:
    n = game.rules.players
    trump = game.trump
    trick: tuple[tuple[int, Tile], ...] = ()
    best: int | None = None
    done = False
    title = ""
    if game.current_trick and trump is not None and game.leader is not None:
        trick = tuple(((game.leader + i) % n, t) for i, t in enumerate(game.current_trick))
        best = trick_winner(list(game.current_trick), trump)
        title = f"Trick {len(game.tricks) + 1}"
    elif game.tricks and trump is not None:
        last = game.tricks[-1]
        trick = tuple(zip(last.seats, last.tiles, strict=True))
        best = last.seats.index(last.winner)
        done = True
        title = f"Trick {len(game.tricks)}: Seat {last.winner} wins"
    elif game.bids:
        title = "The bidding"
    else:
        title = "The deal"
    if game.bidder is not None and game.bid is not None:
        contract = f"Seat {game.bidder} bid {words.bid_label(game.bid)}"
    elif game.bids:
        high = max((b for _s, b in game.bids), default=0)
        contract = f"Bidding (high bid {words.bid_label(high)})" if high else "Bidding"
    else:
        contract = "Bidding"
    phase = game.phase
    result = game.results[-1].describe() if game.hand_finished and game.results else None
    return Scene(
        count=count, total=total, players=n, hands=tuple(tuple(h) for h in game.hands), trick=trick,
        trick_title=title, trick_best=best, trick_done=done, trump=trump, contract=contract, bidder=game.bidder,
        bids=tuple(game.bids), tricks_won=tuple(game.tricks_won), to_act=game.to_act, phase=phase, move=move,
        result=result, widow=tuple(game.widow), widow_taken=game.widow_taken, discard=game.discard,
    )


@dataclass
class Show:
    """A hand worked out for the presenter: a scene per position, a question per move."""

    title: str
    hand: HandFile
    level: str
    scenes: list[Scene]
    questions: list[Question]
    #: Drawings already made for this hand (by the view; keyed as it likes).
    drawn: dict[tuple[int, bool, bool, bool, str, str, str, tuple[tuple[str, int], ...]], str] = field(
        default_factory=dict, repr=False)

    @property
    def total(self) -> int:
        return len(self.hand.actions)

    @property
    def heading(self) -> str:
        """The hand's name on the stage ("Deal 12, hand 1"), without the table's size."""
        return self.title.split(" (")[0].capitalize()

    @property
    def room_heading(self) -> str:
        """The hand's name on a screen students see during a live class: its number in its game
        ("Hand 1"), never its deal, which opens every hand in a student's browser
        (``/presenter?deal=…``); "This hand" for a record that names no number.

        >>> from types import SimpleNamespace as N
        >>> Show.room_heading.fget(N(hand=N(record={"seed": 12, "hand_number": 2})))
        'Hand 2'
        >>> Show.room_heading.fget(N(hand=N(record={})))
        'This hand'
        """
        number = self.hand.record.get("hand_number")
        return f"Hand {number}" if isinstance(number, int) and not isinstance(number, bool) else "This hand"

    @property
    def deal_id(self) -> str:
        """The hand's deal as an id ("deal-12"; ``""`` for a hand whose record names none)."""
        seed = self.hand.record.get("seed")
        return f"deal-{seed}" if isinstance(seed, int) and not isinstance(seed, bool) else ""

    def question(self, count: int) -> Question:
        """"What would you play?" before action ``count`` (0 <= count < total)."""
        return self.questions[count]

    def next_worth_asking(self, count: int, end: int | None = None) -> int | None:
        """The first move after ``count`` (up to ``end``, the hand's last by default) whose
        question has a wrong answer (:attr:`Question.every_right` is false); ``None`` if none."""
        stop = self.total if end is None else min(end, self.total)
        return next((c for c in range(count + 1, stop) if not self.questions[c].every_right), None)


def build_show(
    hand: HandFile,
    decisions: Mapping[int, Decided] | None = None,
    level: str = "",
    decide: Decide | None = None,
    progress: Callable[[float], None] | None = None,
) -> Show:
    """Work out every scene and question of ``hand`` once.

    ``decisions`` are the computer's decisions by action index (from
    :func:`tutorial.services.classroom.generate_hand`); missing ones are asked of ``decide``
    (if given), so every move has the computer's word and every question its answer.
    """
    decided: dict[int, Decided] = dict(decisions or {})
    game = hand.game_at(0)
    total = len(hand.actions)
    scenes = [_scene(game, 0, total, None)]
    questions: list[Question] = []
    for i, text in enumerate(hand.actions):
        before = game.clone()
        seat = before.to_act
        assert seat is not None
        action = Action.parse(text)
        if i not in decided and decide is not None:
            decided[i] = decide(i, before)
        decision = decided.get(i)
        made = _move(before, i, action, decision)
        if decision is not None and decision_action(decision) is not action:
            answer = _move(before, i, decision_action(decision), decision)
        else:
            answer = made
        legal = tuple(str(a) for a in before.legal_actions())
        side = words.defending_side(seat, before.rules.players)
        also, layouts = as_good(decision)
        good = tuple(a for a in also if a in legal)
        questions.append(Question(
            count=i, seat=seat, phase=before.phase, prompt=_prompt(before, seat),
            choices=legal, answer=answer, as_good=good, layouts=layouts,
            worse=worse_notes(decision, (answer.action, *good)),
            worse_all=worse_summary(decision, (answer.action, *good), side),
            plain=plain_notes(decision, (answer.action, *good), side),
        ))
        game.apply(action)
        scenes.append(_scene(game, i + 1, total, made))
        if progress is not None:
            progress((i + 1) / max(1, total))
    return Show(title=hand.title, hand=hand, level=level, scenes=scenes, questions=questions)


# -- puzzles and lesson levels -------------------------------------------------------------------------
#: The engine's own answer (the default of :func:`answer_words`).
ENGINE_ANSWER: object = object()


def _as_choice(item: Item, value: object, choices: Sequence[str]) -> str:
    """The choice a learner taps for ``value`` (an answer in the kind's JSON form), or
    ``str(value)`` when no choice reads the same."""
    text = str(value)
    if text in choices:
        return text
    try:
        want = item.task.read(value)
        for c in choices:
            if item.task.read(c) == want:
                return c
    except Exception:  # an answer the kind cannot read is said as it is
        return text
    return text


def _table_tiles(item: Item) -> dict[str, int]:
    """Each tile on view in ``item``'s position, by where the table shows it: the hands in
    seat order (each in its own order), then the trick in play order, then the tiles shown."""
    pos = item.position
    seen: dict[str, int] = {}
    hands = [h for s in range(len(pos.hands)) if (h := pos.hands[s]) is not None]
    for t in [*(t for h in hands for t in h), *pos.trick, *pos.tiles]:
        seen.setdefault(str(t), len(seen))
    return seen


_ACTION_ORDER = {"pass": 0, "bid": 1, "discard": 2, "trump": 3, "play": 4}


def _part_key(table: Mapping[str, int], part: object) -> tuple[int, float, str]:
    """Where one part of an answer stands among its kind's: a tile where the table shows it,
    a number by size, a move in the auction's order (pass, then the bids upward)."""
    if isinstance(part, bool):
        return (0, float(not part), "")
    if isinstance(part, int | float):
        return (1, float(part), "")
    text = str(part)
    if text in table:
        return (2, float(table[text]), "")
    try:
        action = Action.parse(text)
    except ValueError:
        return (4, 0.0, text)
    value = action.value
    rank = float(value) if isinstance(value, int) else 0.0
    return (3, _ACTION_ORDER.get(action.kind, 9) * 100 + rank, str(value))


def _in_table_order(item: Item, value: list[object]) -> list[object]:
    """The parts of a set answer (the kind's ``many``: which tiles, which moves) as the table
    shows them; an ordered answer (a ranking, a score per seat) stays as it is."""
    from tutorial.services.items import mode_of

    if mode_of(item.kind) != "many":
        return value
    table = _table_tiles(item)
    return sorted(value, key=lambda v: _part_key(table, v))


def choice_order(item: Item, value: object) -> tuple[int, tuple[tuple[int, float, str], ...]]:
    """A sort key that puts an item's answers (``value`` in the kind's JSON form) in a stable,
    sensible order for a list of choices: tiles as the table shows them (by seat, each hand in
    its order), numbers upward, moves in the auction's order; "none" (an empty set) last.

    >>> from tutorial.services.items import course
    >>> lv = next(x for x in course().levels() if x.kind == "count")
    >>> sorted([7, 0, 6, 5], key=lambda v: choice_order(lv, v))
    [0, 5, 6, 7]
    """
    table = _table_tiles(item)
    parts = _in_table_order(item, value) if isinstance(value, list) else [value]
    if not parts:
        return (1, ())
    return (0, tuple(_part_key(table, p) for p in parts))


def answer_words(item: Item, value: object = ENGINE_ANSWER) -> str:
    """An answer to a puzzle or lesson level (``value`` in the kind's JSON form; the
    engine's own answer by default), said as the learner chooses it: the button's words
    ("Fives", "Seat 2", "Yes"), a tile of the trick with its seat ("4-4 (Seat 2)"), tiles,
    a number. The presenter, the phones, the live chart and summary and its CSV all use it.

    >>> from tutorial.services.items import course
    >>> lv = next(x for x in course().levels() if x.kind == "trick_winner" and x.position.leader is not None)
    >>> answer_words(lv)[:1].isdigit(), "(Seat " in answer_words(lv)
    (True, True)
    """
    from tutorial.services.items import choice_label

    if value is ENGINE_ANSWER:
        value = item.answer_json()
    players = item.rules.players
    choices = [str(c) for c in (item.choices() or ())]
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if value is None:  # "nobody" (a game that goes on), where the kind offers it
        return choice_label(item.kind, "nobody", players) if "nobody" in choices else "none"
    if isinstance(value, list):
        return ", ".join(answer_words(item, v) for v in _in_table_order(item, value)) or "none"
    text = _as_choice(item, value, choices) if choices else str(value)
    label = str(choice_label(item.kind, text, players))
    pos = item.position
    if item.kind == "trick_winner" and pos.leader is not None:
        try:
            at = [str(t) for t in pos.trick].index(text)
        except ValueError:
            return label
        label += f" ({_who((pos.leader + at) % players)})"
    return label


def answer_label(item: Item) -> str:
    """The engine's answer to a puzzle or level, in words (see :func:`answer_words`)."""
    return answer_words(item)


@dataclass(frozen=True)
class ItemShow:
    """A puzzle or lesson level as the presenter asks it: the question, the position, and the
    engine's answer and reason."""

    kind: str
    ref: str
    title: str
    question: str
    players: int
    trump: Trump | None
    hands: tuple[tuple[int, tuple[Tile, ...]], ...]
    trick: tuple[tuple[int, Tile], ...]
    tiles: tuple[Tile, ...]
    answer: str
    reason: str
    intro: str = ""
    #: The choices to answer from, when the kind has a fixed list (else ``()``: typed answers).
    choices: tuple[str, ...] = ()
    #: The shown tiles that are the answer (a tile answer), marked at the reveal.
    answer_tiles: tuple[Tile, ...] = ()
    #: The trump its tiles are marked with before the reveal: ``None`` when the marks would
    #: give the answer away (:func:`tutorial.services.items.trump_marks`, as Learn and Puzzles).
    asked_trump: Trump | None = None


def _tile_answer(item: Item, shown: set[Tile]) -> tuple[Tile, ...]:
    """The tiles among ``shown`` that the engine's answer names (none when it names a seat,
    a suit, a number or yes/no)."""
    value = item.answer_json()
    choices = [str(c) for c in (item.choices() or ())]
    out: list[Tile] = []
    for v in value if isinstance(value, list) else [value]:
        if isinstance(v, bool) or v is None:
            continue
        try:
            t = Tile.parse(_as_choice(item, v, choices) if choices else str(v))
        except ValueError:
            continue
        if t in shown and t not in out:
            out.append(t)
    return tuple(out)


def build_item_show(item: Item, ref_kind: str) -> ItemShow:
    """A puzzle (``ref_kind="puzzle"``) or lesson level (``"level"``) ready to present."""
    pos = item.position
    n = pos.players
    shown = sorted(pos.shown) if pos.shown else [s for s in range(len(pos.hands)) if pos.hands[s] is not None]
    hands = tuple((s, tuple(h)) for s in shown if s < len(pos.hands) and (h := pos.hands[s]) is not None)
    trick: tuple[tuple[int, Tile], ...] = ()
    if pos.trick and pos.leader is not None:
        trick = tuple(((pos.leader + i) % n, t) for i, t in enumerate(pos.trick))
    elif pos.trick:
        trick = tuple((-1, t) for t in pos.trick)
    from tutorial.services.items import kind_title, trump_marks

    title = str(getattr(item, "title", "") or "")
    if not title:
        title = f"Puzzle: {kind_title(item.kind)}"
    on_view: set[Tile] = {t for _s, ts in hands for t in ts} | {t for _s, t in trick} | set(pos.tiles)
    return ItemShow(
        kind=ref_kind, ref=item.id, title=title, question=item.question, players=n, trump=pos.trump,
        hands=hands, trick=trick, tiles=tuple(pos.tiles), answer=answer_label(item), reason=item.task.explain(),
        intro=str(getattr(item, "intro", "") or ""), choices=tuple(str(c) for c in (item.choices() or ())),
        answer_tiles=_tile_answer(item, on_view), asked_trump=trump_marks(item, answered=False),
    )


# -- stepping ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Slide:
    """One stop of the presenter: entry ``entry`` of the deck (0 for a single hand) at
    ``count`` actions; ``ask`` slides open with the question (puzzles, levels, asked moves)."""

    entry: int
    count: int = 0
    ask: bool = False


@dataclass
class Stepper:
    """Where the presenter is: the slide, and whether the room is being asked (and whether
    the answer is revealed). → goes forward (revealing an answer first), ← back.

    >>> s = Stepper([Slide(0, 0), Slide(0, 1), Slide(1, 0, ask=True)])
    >>> s.forward(); s.slide
    Slide(entry=0, count=1, ask=False)
    >>> s.pause(); (s.asking, s.revealed)
    (True, False)
    >>> s.forward(); (s.slide.count, s.revealed)
    (1, True)
    >>> s.forward(); (s.slide.entry, s.asking, s.revealed)
    (1, True, False)
    >>> s.back(); s.slide.entry
    0
    """

    slides: list[Slide]
    pos: int = 0
    asking: bool = False
    revealed: bool = False

    def __post_init__(self) -> None:
        if not self.slides:
            raise ValueError("a presentation needs at least one slide")
        self.pos = max(0, min(self.pos, len(self.slides) - 1))
        self.asking = self.slides[self.pos].ask

    @property
    def slide(self) -> Slide:
        return self.slides[self.pos]

    def _enter(self, pos: int) -> None:
        self.pos = pos
        self.asking = self.slides[pos].ask
        self.revealed = False

    def can_forward(self) -> bool:
        return (self.asking and not self.revealed) or self.pos < len(self.slides) - 1

    def can_back(self) -> bool:
        return self.revealed or (self.asking and not self.slide.ask) or self.pos > 0

    def forward(self) -> None:
        """Reveal the answer if the room is asked; else on to the next slide."""
        if self.asking and not self.revealed:
            self.revealed = True
        elif self.pos < len(self.slides) - 1:
            self._enter(self.pos + 1)

    def back(self) -> None:
        """Hide a revealed answer, stop asking, or go back one slide."""
        if self.revealed:
            self.revealed = False
        elif self.asking and not self.slide.ask:
            self.asking = False
        elif self.pos > 0:
            self._enter(self.pos - 1)

    def pause(self) -> None:
        """Ask the room about the move to come (hides every hand but the one to act)."""
        self.asking = True
        self.revealed = False

    def resume(self) -> None:
        """Stop asking (back to the open table)."""
        self.asking = self.slide.ask
        self.revealed = False

    def go(self, pos: int) -> None:
        """Jump to slide ``pos`` (clamped)."""
        self._enter(max(0, min(pos, len(self.slides) - 1)))


def hand_slides(total: int, entry: int = 0, start: int = 0, end: int | None = None, ask: bool = False) -> list[Slide]:
    """The slides of one hand: a slide per position from ``start`` to ``end`` (the hand's end
    by default); with ``ask`` the first one opens with the question."""
    start = max(0, min(start, total))
    end = total if end is None else max(start, min(end, total))
    return [Slide(entry, c, ask and c == start and c < total) for c in range(start, end + 1)]


def deck_slides(specs: Sequence[tuple[int, int, bool] | None]) -> list[Slide]:
    """The slides of a deck: per entry, ``(start, end, ask)`` for a hand (a slide per
    position from ``start`` to ``end``; with ``ask`` the first opens with the question), or
    ``None`` for a puzzle or level (one asked slide)."""
    out: list[Slide] = []
    for i, spec in enumerate(specs):
        if spec is None:
            out.append(Slide(i, 0, True))
        else:
            start, end, ask = spec
            out.extend(Slide(i, c, ask and c == start) for c in range(start, max(start, end) + 1))
    return out


def slide_labels(slides: Sequence[Slide], single_hand: bool) -> list[str]:
    """The presenter's "Jump to" stops, one label per slide: a single hand's by move ("The
    deal", "Move 1", …), a deck's by slide number.

    >>> slide_labels(hand_slides(2), True), slide_labels(deck_slides([None, (0, 1, False)]), False)
    (['The deal', 'Move 1', 'Move 2'], ['Slide 1', 'Slide 2', 'Slide 3'])
    """
    if single_hand:
        return [f"Move {s.count}" if s.count else "The deal" for s in slides]
    return [f"Slide {i + 1}" for i in range(len(slides))]
