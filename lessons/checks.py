"""Check kinds: each computes its answer with the engine and grades a learner's answer.

A check kind is a :class:`Task` subclass, registered in :data:`KINDS` under its ``kind``
name. A task is built from a :class:`~lessons.model.Position` and the entry's kind fields
(``goal``, ``suit``, ``need``...) and refuses a question it cannot ask
(:class:`~lessons.errors.FieldError`). Then:

- :meth:`Task.answer` — the answer, computed by the engine (never read from the file);
- :meth:`Task.grade` — a :class:`Feedback` for any learner answer: ``correct``, a ``code``
  (one of :attr:`Task.codes` for a wrong answer, ``"correct"`` otherwise) and a ``text``
  built from the engine's reasons;
- :meth:`Task.explain` — why the answer is right, in words (the last hint);
- :meth:`Task.answer_json` — the answer in the export format (see ``docs/content.md``);
- :meth:`Task.choices` — what the app offers to click, when the answer is picked from a list;
- :meth:`Task.wrong_answers` — every wrong answer a learner can give (or, for numbers, a
  representative set), so tests can prove each gets a specific explanation;
- :meth:`Task.features` — measurable features (options, traps, depth) for puzzle ratings.

>>> from lessons.model import Position
>>> pos = Position.from_dict({"trump": "6", "leader": 0, "trick": ["5-1"],
...                           "hands": {"1": "6-5 5-3 2-1"}})
>>> task = make_task("legal_tiles", pos, {})
>>> task.answer_json()
['5-3']
>>> fb = task.grade(["5-3", "6-5"])
>>> fb.correct, fb.code
(False, 'trump-cannot-follow')
>>> print(fb.text)
6-5 is a trump while sixes are trump, so it cannot follow fives. You must follow fives: 5-3 bears a five.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine import (
    Action,
    IllegalAction,
    ParseError,
    Tile,
    Trump,
    explain_play,
    explain_winner,
    legal_plays,
    trick_winner,
    tricks_needed,
)
from engine.trump import TRUMP, Suit, describe_suit
from engine.words import count_words, join_words, percent, trump_phrase
from lessons import oracles
from lessons.errors import AnswerError, FieldError
from lessons.model import Position, parse_suit, parse_trump
from lessons.scoring import HandScore, score_hand

__all__ = ["KINDS", "Feedback", "Task", "make_task"]

JSON = Any


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer. ``code`` is ``"correct"`` for a right answer, otherwise one
    of the kind's :attr:`Task.codes`; ``reasons`` are the engine reason codes behind it
    (from :data:`engine.REASON_CODES` or an :class:`engine.IllegalAction`)."""

    correct: bool
    code: str
    text: str
    reasons: tuple[str, ...] = field(default=())


# -- words --------------------------------------------------------------------------------
def names(tiles: Iterable[Tile | str]) -> str:
    """``"5-3"``, ``"5-3 and 5-1"``, ``"6-6, 5-3 and 5-1"``."""
    return join_words(tiles)


_plural = count_words


def side_name(pos: Position, side: int) -> str:
    """``"seat 2"`` with three players, ``"team 0 (seats 0 and 2)"`` with four."""
    if pos.players == 4:
        a, b = pos.rules.teams()[side]
        return f"team {side} (seats {a} and {b})"
    return f"seat {side}"


def _one(suit: Suit) -> str:
    return describe_suit(suit, plural=False)


def _many(suit: Suit) -> str:
    return describe_suit(suit)


# -- reading learner answers ---------------------------------------------------------------
def read_tile(raw: Any) -> Tile:
    if isinstance(raw, Tile):
        return raw
    if isinstance(raw, Action) and isinstance(raw.value, Tile):
        return raw.value
    if isinstance(raw, str):
        text = raw.strip()
        if text.lower().startswith("play "):
            text = text[5:]
        try:
            return Tile.parse(text)
        except ParseError as e:
            raise AnswerError(str(e)) from None
    raise AnswerError(f"answer with a tile like '6-4', not {raw!r}")


def read_tiles(raw: Any) -> list[Tile]:
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if not isinstance(raw, list | tuple | set | frozenset):
        raise AnswerError(f"answer with a list of tiles like ['6-4', '5-3'], not {raw!r}")
    return [read_tile(x) for x in raw]


def read_int(raw: Any) -> int:
    if isinstance(raw, bool):
        raise AnswerError(f"answer with a whole number, not {raw!r}")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str):
        t = raw.strip().replace("+", "").replace("\u2212", "-")
        try:
            return int(t)
        except ValueError:
            pass
    raise AnswerError(f"answer with a whole number, not {raw!r}")


def read_side(raw: Any, pos: Position, allow_none: bool) -> int | None:
    """A seat (3 players) or team (4 players) number; ``None`` for 'nobody'."""
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("none", "nobody", "play on", "null", "")):
        if allow_none:
            return None
        raise AnswerError("answer with a seat number")
    if isinstance(raw, str):
        t = raw.strip().lower()
        for word in ("seat", "team"):
            if t.startswith(word):
                t = t[len(word):].strip()
        raw = t
    value = read_int(raw)
    count = len(pos.rules.teams())
    if not 0 <= value < count:
        raise AnswerError(f"answer with a {'team 0 or 1' if pos.players == 4 else 'seat 0 to 2'}, not {value}")
    return value


def read_seat(raw: Any, pos: Position, allow_none: bool) -> int | None:
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("none", "nobody", "null", "")):
        if allow_none:
            return None
        raise AnswerError("answer with a seat number")
    if isinstance(raw, str) and raw.strip().lower().startswith("seat"):
        raw = raw.strip()[4:]
    value = read_int(raw)
    if not 0 <= value < pos.players:
        raise AnswerError(f"a seat is a number 0 to {pos.players - 1}, not {value}")
    return value


# -- the base class ------------------------------------------------------------------------
class Task(ABC):
    """One question about a position, of one check kind. Subclasses set the class fields and
    implement :meth:`compute`, :meth:`read`, :meth:`judge`, :meth:`to_json`, :meth:`explain`
    and :meth:`wrong_answers`."""

    #: the kind's name in content files
    kind: ClassVar[str]
    #: what the learner is asked, in a few words
    title: ClassVar[str]
    #: the export format of the answer (for docs/content.md)
    answer_format: ClassVar[str]
    #: the kind's own entry fields, with what each means
    params: ClassVar[dict[str, str]] = {}
    #: every feedback code a wrong answer can get, with what it means
    codes: ClassVar[dict[str, str]]
    #: "solver" or "ai" when the kind needs that module
    needs: ClassVar[str | None] = None
    #: the question asked when an entry gives none
    default_question: ClassVar[str]

    def __init__(self, position: Position, params: Mapping[str, Any]) -> None:
        unknown = sorted(set(params) - set(self.params))
        if unknown:
            allowed = ", ".join(self.params) or "none"
            raise FieldError(unknown[0], f"not a field of kind '{self.kind}' (its fields: {allowed})")
        self.position = position
        self.p = dict(params)
        self._answer: Any = None
        self._computed = False
        self.setup()

    # -- to implement -------------------------------------------------------------------
    def setup(self) -> None:
        """Read the kind's fields and check the position can carry the question."""
        return None

    @abstractmethod
    def compute(self) -> Any:
        """The answer, from the engine."""

    @abstractmethod
    def read(self, raw: Any) -> Any:
        """A learner's answer in canonical form (raise AnswerError for a wrong shape)."""

    @abstractmethod
    def judge(self, value: Any) -> Feedback:
        """Grade a canonical answer."""

    @abstractmethod
    def to_json(self, value: Any) -> JSON:
        """A canonical answer in the export format."""

    @abstractmethod
    def explain(self) -> str:
        """Why the answer is right."""

    @abstractmethod
    def wrong_answers(self) -> list[Any]:
        """Wrong answers a learner can give (all of them when there are few)."""

    def choices(self) -> list[str] | None:
        """What the app offers to pick from (None: the learner types a number or list)."""
        return None

    def features(self) -> dict[str, Any]:
        """Measurable features: ``options`` (how many choices), ``traps`` (names), ``depth``."""
        return {"options": len(self.choices() or ()), "traps": [], "depth": 0}

    def themes(self) -> list[str]:
        """Themes a puzzle of this task has, from the position and its traps."""
        out = [self.kind.replace("_", "-")]
        tr = self.position.trump
        if tr is not None:
            out.append({"doubles": "doubles-trump", "none": "no-trump"}.get(tr.kind, "number-trump"))
            if tr.kind == "number" and tr.value == 0:
                out.append("blanks-trump")
        if self.position.players == 4:
            out.append("four-players")
        if set(self.position.rules.differences()) - {"players"}:
            out.append("house-rules")
        out += [t for t in self.features()["traps"] if t not in out]
        return out

    # -- the public API -----------------------------------------------------------------
    def answer(self) -> Any:
        """The engine's answer (computed once)."""
        if not self._computed:
            self._answer = self.compute()
            self._computed = True
        return self._answer

    def answer_json(self) -> JSON:
        """The engine's answer in the export format."""
        return self.to_json(self.answer())

    def accepts(self, value: Any) -> bool:
        """Whether a canonical answer counts as right (most kinds: equal to the answer)."""
        return bool(value == self.answer())

    def grade(self, raw: Any) -> Feedback:
        """Grade a learner's answer. Raises :class:`AnswerError` only for an answer of the
        wrong shape (not a tile, not a list...), which should not count as a try."""
        value = self.read(raw)
        if self.accepts(value):
            return Feedback(True, "correct", "Right! " + self.explain())
        fb = self.judge(value)
        assert not fb.correct and fb.code in self.codes, (self.kind, fb.code)
        return fb

    def check_expected(self, raw: Any) -> None:
        """Cross-check the answer written in the file with the engine's (FieldError)."""
        try:
            value = self.read(raw)
        except AnswerError as e:
            raise FieldError("expected", f"cannot be read: {e}") from None
        if not self.accepts(value):
            raise FieldError(
                "expected",
                f"the file says {self.to_json(value)!r} but the engine's answer is {self.answer_json()!r}",
            )

    # -- helpers ------------------------------------------------------------------------
    def need(self, *fields: str) -> None:
        for f in fields:
            value = getattr(self.position, f)
            if value is None or value == ():
                raise FieldError(f"position.{f}", f"kind '{self.kind}' needs this field")

    def trump(self) -> Trump:
        tr = self.position.trump
        if tr is None:
            raise FieldError("position.trump", f"kind '{self.kind}' needs the trump")
        return tr

    def own_hand(self) -> tuple[int, tuple[Tile, ...]]:
        pos = self.position
        seat = pos.to_play
        if seat is None:
            raise FieldError("position.leader", f"kind '{self.kind}' needs a seat to play (give the leader)")
        if not pos.has_hand(seat):
            raise FieldError(f"position.hands.{seat}", f"kind '{self.kind}' needs the hand of seat {seat}, to play")
        if seat not in pos.shown:
            raise FieldError("position.show", f"the learner must see the hand of seat {seat}, to play")
        return seat, pos.hand(seat)

    def tiles_in_set(self, tiles: Iterable[Tile]) -> None:
        allowed = set(self.position.rules.tiles)
        for t in tiles:
            if t not in allowed:
                raise FieldError("position.tiles", f"{t} is not in the {len(allowed)}-tile set of these rules")

    def param(self, name: str, default: Any = None, required: bool = False) -> Any:
        if name not in self.p:
            if required:
                raise FieldError(name, f"kind '{self.kind}' needs this field")
            return default
        return self.p[name]


KINDS: dict[str, type[Task]] = {}


def register(cls: type[Task]) -> type[Task]:
    KINDS[cls.kind] = cls
    return cls


def make_task(kind: str, position: Position, params: Mapping[str, Any]) -> Task:
    """Build the task of check kind ``kind`` (a FieldError on 'kind' if there is none)."""
    cls = KINDS.get(kind)
    if cls is None:
        raise FieldError("kind", f"{kind!r} is not a check kind (the kinds: {', '.join(KINDS)})")
    return cls(position, params)


# -- shared rank words ---------------------------------------------------------------------
def rank_reason(trump: Trump, suit: Suit, a: Tile, b: Tile) -> tuple[str, str]:
    """Why ``a`` beats ``b`` in a trick whose suit led is ``suit``: (code, words)."""
    ta, tb = trump.is_trump(a), trump.is_trump(b)
    if ta and not tb:
        return "trump-beats-suit", f"{a} is a trump {trump.while_clause()}, and any trump beats every tile that is not"
    if ta and tb:
        if trump.kind == "doubles":
            return "doubles-by-number", f"with doubles trump, the doubles rank by their number: {a} is above {b}"
        k = trump.value
        assert k is not None
        if a.is_double:
            return "double-on-top", f"{a} is the double of the trump suit, the highest trump"
        return "other-end", (
            f"inside the trump suit a tile ranks by its other end: {a} counts as {k}-{a.other_end(k)}, "
            f"{b} as {k}-{b.other_end(k)}"
        )
    assert isinstance(suit, int)
    if a.is_double:
        return "double-on-top", f"{a} is the double of the {_many(suit)}, the highest tile of that suit"
    x, y = a.other_end(suit), b.other_end(suit)
    if a.high != suit or b.high != suit:
        return "two-suit-tile", (
            f"inside the {_many(suit)} a tile ranks by its other end, whichever end is higher: "
            f"{a} counts as {suit}-{x} and {b} as {suit}-{y}"
        )
    return "other-end", f"inside the {_many(suit)} a tile ranks by its other end: {a} ({x}) is above {b} ({y})"


def lead_words(trump: Trump, tile: Tile) -> str:
    """What a lead of ``tile`` calls, in words."""
    suit = trump.suit_led(tile)
    if suit == TRUMP:
        if trump.kind == "doubles":
            return f"{tile} is a double, and doubles are trump, so it leads trumps"
        return f"{tile} bears a {_one(trump.value or 0)}, so it is a trump {trump.while_clause()} and leads trumps"
    if tile.is_double:
        return f"{tile} is a double and not a trump, so it leads its own suit, {_many(suit)}"
    return f"{tile} is not a trump, so its higher end names the suit: {_many(suit)}"


# == the kinds ============================================================================
@register
class LegalTiles(Task):
    kind = "legal_tiles"
    title = "Pick every legal tile"
    default_question = "Which tiles may you play? Pick every legal tile."
    answer_format = 'the legal tiles of the hand, sorted low to high: ["5-1", "5-3"]'
    codes: ClassVar[dict[str, str]] = {
        "must-follow": "picked a tile that does not follow, while holding one that does (engine code)",
        "trump-cannot-follow": "picked a trump bearing the number led, which does not follow (engine code)",
        "not-in-hand": "picked a tile that is not in the hand (engine code)",
        "missed-follower": "left out a tile that follows the suit led",
        "missed-free": "left out a tile: the hand cannot follow, so every tile is legal",
        "missed-lead": "left out a tile: a leader may lead any tile",
        "empty": "picked nothing, but some tile is always legal",
    }

    def setup(self) -> None:
        self.trump()
        self.seat, self.hand = self.own_hand()

    def compute(self) -> tuple[Tile, ...]:
        return tuple(sorted(legal_plays(self.hand, self.position.trick, self.trump())))

    def read(self, raw: Any) -> tuple[Tile, ...]:
        return tuple(sorted(set(read_tiles(raw))))

    def to_json(self, value: Any) -> JSON:
        return [str(t) for t in value]

    def choices(self) -> list[str]:
        return [str(t) for t in self.hand]

    def _why(self, tile: Tile) -> Any:
        return explain_play(self.hand, self.position.trick, self.trump(), tile)

    def judge(self, value: Any) -> Feedback:
        right = set(self.answer())
        picked = set(value)
        if not picked:
            return Feedback(False, "empty", "You picked nothing, but there is always at least one legal tile. " + self.explain())
        wrong = sorted(picked - right)
        missing = sorted(right - picked)
        parts: list[str] = []
        code = ""
        reasons: list[str] = []
        if wrong:
            r = self._why(wrong[0])
            code, reasons = r.code, [r.code]
            parts.append(r.text)
        if missing:
            r = self._why(missing[0])
            reasons.append(r.code)
            if r.code == "lead":
                c, text = "missed-lead", f"You left out {missing[0]}. You are leading, so any tile may be played."
            elif r.code == "follows":
                c, text = "missed-follower", f"You left out {missing[0]}: {r.text}"
            else:
                suit = self.trump().suit_led(self.position.trick[0])
                c = "missed-free"
                text = (f"You left out {missing[0]}. You hold no {_many(suit)}, so every tile is legal: "
                        "you may trump in or throw off.")
            parts.append(text if not wrong else "Also: " + text[0].lower() + text[1:])
            code = code or c
        return Feedback(False, code, " ".join(parts), tuple(reasons))

    def explain(self) -> str:
        trick, tr = self.position.trick, self.trump()
        legal = self.answer()
        if not trick:
            return f"You are leading, so every tile is legal: {names(legal)}."
        suit = tr.suit_led(trick[0])
        led = f"{trick[0]} was led: {lead_words(tr, trick[0])}."
        if len(legal) == len(self.hand) and not any(tr.follows(t, suit) for t in self.hand):
            return f"{led} You hold no {_many(suit)}, so any tile is legal: {names(legal)}."
        text = f"{led} You must follow: {names(legal)} {'follow' if len(legal) > 1 else 'follows'} {_many(suit)}."
        fakes = [t for t in self.hand if suit != TRUMP and tr.is_trump(t) and t.has(suit)]  # type: ignore[arg-type]
        if fakes:
            text += f" {names(fakes)} {'bear' if len(fakes) > 1 else 'bears'} a {_one(suit)} but {'are trumps' if len(fakes) > 1 else 'is a trump'}, so {'they do' if len(fakes) > 1 else 'it does'} not follow."
        return text

    def wrong_answers(self) -> list[Any]:
        right = set(self.answer())
        out = []
        for r in range(0, len(self.hand) + 1):
            for combo in itertools.combinations(self.hand, r):
                if set(combo) != right:
                    out.append([str(t) for t in combo])
        return out

    def features(self) -> dict[str, Any]:
        tr, trick = self.trump(), self.position.trick
        traps: list[str] = []
        if trick:
            suit = tr.suit_led(trick[0])
            legal = self.answer()
            if suit != TRUMP:
                assert isinstance(suit, int)
                if any(t.high != suit for t in legal if tr.follows(t, suit)):
                    traps.append("two-suit-tile")
                if any(tr.is_trump(t) and t.has(suit) for t in self.hand):
                    traps.append("trump-cannot-follow")
                if tr.kind == "doubles" and any(t.is_double and t.has(suit) for t in self.hand):
                    traps.append("double-leaves-suit")
            else:
                traps.append("trump-lead")
            if not any(tr.follows(t, suit) for t in self.hand):
                traps.append("void")
        else:
            traps.append("lead")
        return {"options": len(self.hand), "traps": traps, "depth": 0}


@register
class SuitLed(Task):
    kind = "suit_led"
    title = "Which suit was led"
    default_question = "Which suit was led?"
    answer_format = '"0".."6" for a number suit, or "trump"'
    codes: ClassVar[dict[str, str]] = {
        "lead-is-trump": "named a number, but the lead is a trump, so trumps were led",
        "not-a-trump": "said trumps, but the lead is not a trump",
        "low-end": "named the lower end; the higher end names the suit",
        "not-on-tile": "named a number the tile does not bear",
    }

    def setup(self) -> None:
        self.trump()
        pos = self.position
        if pos.trick:
            self.tile = pos.trick[0]
        elif len(pos.tiles) == 1:
            self.tile = pos.tiles[0]
        else:
            raise FieldError("position.trick", "kind 'suit_led' needs a trick so far (or exactly one tile in 'tiles')")
        self.tiles_in_set([self.tile])

    def compute(self) -> Suit:
        return self.trump().suit_led(self.tile)

    def read(self, raw: Any) -> Suit:
        try:
            return parse_suit(raw, "answer")
        except FieldError as e:
            raise AnswerError(e.message) from None

    def to_json(self, value: Any) -> JSON:
        return str(value)

    def choices(self) -> list[str]:
        out = [str(n) for n in range(7)]
        return [*out, "trump"] if self.trump().kind != "none" else out

    def judge(self, value: Any) -> Feedback:
        tr, t, right = self.trump(), self.tile, self.answer()
        if right == TRUMP:
            return Feedback(False, "lead-is-trump", f"Not {_many(value)}: {lead_words(tr, t)}. A trump belongs to the trump suit only.")
        if value == TRUMP:
            if tr.kind == "none":
                return Feedback(False, "not-a-trump", f"There are no trumps in this hand (no trump). {lead_words(tr, t)}.")
            return Feedback(False, "not-a-trump", f"{t} is not a trump {tr.while_clause()}. {lead_words(tr, t)}.")
        if t.has(value):
            return Feedback(False, "low-end", f"{t} bears a {_one(value)} too, but a lead names the suit of its higher end: {_many(right)}.")
        return Feedback(False, "not-on-tile", f"{t} bears no {_one(value)}. {lead_words(tr, t)}.")

    def explain(self) -> str:
        return lead_words(self.trump(), self.tile) + "."

    def wrong_answers(self) -> list[Any]:
        return [c for c in self.choices() if c != str(self.answer())]

    def features(self) -> dict[str, Any]:
        tr, t = self.trump(), self.tile
        traps = []
        if tr.is_trump(t):
            traps.append("trump-lead")
            if tr.kind == "number" and t.low == tr.value and not t.is_double:
                traps.append("trump-low-end")
        elif not t.is_double:
            traps.append("low-end")
        if tr.kind == "doubles" and t.is_double:
            traps.append("double-leaves-suit")
        return {"options": len(self.choices()), "traps": traps, "depth": 0}


@register
class IsTrump(Task):
    kind = "is_trump"
    title = "Is it a trump"
    default_question = "Is this tile a trump?"
    answer_format = "true or false"
    codes: ClassVar[dict[str, str]] = {
        "is-trump": "said no, but the tile is a trump",
        "not-trump": "said yes, but the tile is not a trump",
    }

    def setup(self) -> None:
        self.trump()
        if len(self.position.tiles) != 1:
            raise FieldError("position.tiles", "kind 'is_trump' asks about exactly one tile")
        self.tile = self.position.tiles[0]
        self.tiles_in_set([self.tile])

    def compute(self) -> bool:
        return self.trump().is_trump(self.tile)

    def read(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in ("yes", "true", "y", "trump"):
            return True
        if isinstance(raw, str) and raw.strip().lower() in ("no", "false", "n", "not a trump"):
            return False
        raise AnswerError(f"answer yes or no, not {raw!r}")

    def to_json(self, value: Any) -> JSON:
        return bool(value)

    def choices(self) -> list[str]:
        return ["yes", "no"]

    def judge(self, value: Any) -> Feedback:
        code = "is-trump" if self.answer() else "not-trump"
        return Feedback(False, code, self.explain())

    def explain(self) -> str:
        return trump_words(self.trump(), self.tile)

    def wrong_answers(self) -> list[Any]:
        return [not self.answer()]

    def features(self) -> dict[str, Any]:
        tr, t = self.trump(), self.tile
        traps = []
        if tr.kind == "number" and t.has(tr.value or 0) and t.high != tr.value:
            traps.append("trump-low-end")
        if tr.kind == "doubles" and t.is_double:
            traps.append("double-leaves-suit")
        if tr.kind == "none" and t.is_double:
            traps.append("no-trump-double")
        return {"options": 2, "traps": traps, "depth": 0}


def trump_words(tr: Trump, t: Tile) -> str:
    """Whether ``t`` is a trump, and why."""
    if tr.kind == "none":
        return f"With no trump ('follow me') there are no trumps at all, so {t} is not one: it stays in its own suit{'s' if not t.is_double else ''}."
    if tr.kind == "doubles":
        if t.is_double:
            return f"{t} is a double, and doubles are trump: it is a trump and leaves the {_many(t.high)}."
        return f"{t} is not a double, so it is not a trump while doubles are trump."
    k = tr.value
    assert k is not None
    if t.has(k):
        rest = "" if t.is_double else f" (it is no longer a {_one(t.other_end(k))})"
        return f"{t} bears a {_one(k)}, so it is a trump {tr.while_clause()}{rest}."
    return f"{t} bears no {_one(k)}, so it is not a trump {tr.while_clause()}."


@register
class PickTiles(Task):
    kind = "pick_tiles"
    title = "Pick the tiles that..."
    default_question = "Pick every tile that fits."
    answer_format = 'the matching tiles among position.tiles, sorted low to high: ["0-0", "6-5"]'
    params: ClassVar[dict[str, str]] = {
        "select": "'in_set' (the tiles of these rules' set), 'trumps', or 'suit' (the tiles that "
        "follow the suit in 'suit', under the trump if one is named)",
        "suit": "for select = 'suit': a number 0-6 or 'trump'",
    }
    codes: ClassVar[dict[str, str]] = {
        "extra-tile": "picked a tile that does not fit",
        "missed-tile": "left out a tile that fits",
    }

    def setup(self) -> None:
        self.select = self.param("select", required=True)
        if self.select not in ("in_set", "trumps", "suit"):
            raise FieldError("select", f"select is 'in_set', 'trumps' or 'suit', not {self.select!r}")
        if len(self.position.tiles) < 2:
            raise FieldError("position.tiles", "kind 'pick_tiles' needs at least two tiles to pick from")
        if self.select == "suit":
            self.suit = parse_suit(self.param("suit", required=True), "suit")
        if self.select in ("trumps",) or (self.select == "suit" and self.suit == TRUMP):
            self.trump()
        if self.select != "in_set":
            self.tiles_in_set(self.position.tiles)

    def _tr(self) -> Trump:
        return self.position.trump or Trump.parse("none")

    def fits(self, t: Tile) -> bool:
        if self.select == "in_set":
            return t in self.position.rules.tiles
        if self.select == "trumps":
            return self._tr().is_trump(t)
        return self._tr().follows(t, self.suit)

    def why(self, t: Tile) -> str:
        if self.select == "in_set":
            rules = self.position.rules
            n = len(rules.tiles)
            if t in rules.tiles:
                return f"{t} is one of the {n} tiles of this set."
            if t == Tile(0, 0):
                return "0-0 is taken out too under the 'no double blank' rule, leaving 21 tiles."
            return f"{t} is a blank other than 0-0: three-player Moon takes 0-1 to 0-6 out of the set."
        if self.select == "trumps":
            return trump_words(self._tr(), t)
        tr, s = self._tr(), self.suit
        if s == TRUMP:
            return trump_words(tr, t)
        assert isinstance(s, int)
        if tr.follows(t, s):
            extra = f" (it is also a {_one(t.other_end(s))})" if not t.is_double else " (its double, the top of the suit)"
            return f"{t} bears a {_one(s)} and is not a trump, so it is one of the {_many(s)}{extra}."
        if tr.is_trump(t) and t.has(s):
            return f"{t} bears a {_one(s)}, but it is a trump {tr.while_clause()}, so it belongs to the trump suit only."
        return f"{t} bears no {_one(s)}."

    def compute(self) -> tuple[Tile, ...]:
        return tuple(sorted(t for t in self.position.tiles if self.fits(t)))

    def read(self, raw: Any) -> tuple[Tile, ...]:
        tiles = set(read_tiles(raw))
        for t in tiles:
            if t not in self.position.tiles:
                raise AnswerError(f"{t} is not one of the tiles on offer")
        return tuple(sorted(tiles))

    def to_json(self, value: Any) -> JSON:
        return [str(t) for t in value]

    def choices(self) -> list[str]:
        return [str(t) for t in self.position.tiles]

    def judge(self, value: Any) -> Feedback:
        right, picked = set(self.answer()), set(value)
        extra, missed = sorted(picked - right), sorted(right - picked)
        if extra:
            text = f"{extra[0]} does not fit: {self.why(extra[0])}"
            if missed:
                text += f" And you left out {missed[0]}: {self.why(missed[0])}"
            return Feedback(False, "extra-tile", text)
        return Feedback(False, "missed-tile", f"You left out {missed[0]}: {self.why(missed[0])}")

    def explain(self) -> str:
        right = self.answer()
        lead = f"The tiles that fit: {names(right)}." if right else "None of these tiles fits."
        return lead + " " + " ".join(self.why(t) for t in self.position.tiles)

    def wrong_answers(self) -> list[Any]:
        right = set(self.answer())
        tiles = self.position.tiles
        out = []
        for r in range(len(tiles) + 1):
            for combo in itertools.combinations(tiles, r):
                if set(combo) != right:
                    out.append([str(t) for t in combo])
                if len(out) > 300:
                    return out
        return out

    def features(self) -> dict[str, Any]:
        traps = []
        tr = self._tr()
        for t in self.position.tiles:
            if self.select == "suit" and isinstance(self.suit, int) and tr.is_trump(t) and t.has(self.suit):
                traps.append("trump-cannot-follow")
            if self.select == "suit" and isinstance(self.suit, int) and self.fits(t) and t.high != self.suit:
                traps.append("two-suit-tile")
        return {"options": len(self.position.tiles), "traps": sorted(set(traps)), "depth": 0}


@register
class Count(Task):
    kind = "count"
    title = "Count the tiles"
    default_question = "How many?"
    answer_format = "a whole number"
    params: ClassVar[dict[str, str]] = {
        "of": "'set' (tiles in play under these rules), 'suit' (tiles of the set that follow "
        "'suit', under the trump if one is named) or 'trumps' (trumps in the set)",
        "suit": "for of = 'suit': a number 0-6",
    }
    codes: ClassVar[dict[str, str]] = {
        "too-many": "counted more tiles than there are",
        "too-few": "counted fewer tiles than there are",
    }

    def setup(self) -> None:
        self.of = self.param("of", required=True)
        if self.of not in ("set", "suit", "trumps"):
            raise FieldError("of", f"of is 'set', 'suit' or 'trumps', not {self.of!r}")
        if self.of == "suit":
            self.suit = parse_suit(self.param("suit", required=True), "suit")
        if self.of == "trumps":
            self.trump()

    def members(self) -> list[Tile]:
        tiles = self.position.rules.tiles
        tr = self.position.trump or Trump.parse("none")
        if self.of == "set":
            return list(tiles)
        if self.of == "trumps":
            return [t for t in tiles if tr.is_trump(t)]
        return [t for t in tiles if tr.follows(t, self.suit)]

    def what(self) -> str:
        n = len(self.position.rules.tiles)
        if self.of == "set":
            return f"tiles in the set for {self.position.players} players under these rules"
        if self.of == "trumps":
            return f"trumps in the {n}-tile set {self.trump().while_clause()}"
        tr = self.position.trump
        return f"{_many(self.suit)} in the {n}-tile set" + (f" {tr.while_clause()}" if tr else "")

    def compute(self) -> int:
        return len(self.members())

    def read(self, raw: Any) -> int:
        return read_int(raw)

    def to_json(self, value: Any) -> JSON:
        return int(value)

    def judge(self, value: Any) -> Feedback:
        code = "too-many" if value > self.answer() else "too-few"
        return Feedback(False, code, f"Not {value}. " + self.explain())

    def explain(self) -> str:
        m = self.members()
        what = self.what()
        if len(m) == 1 and self.of == "set":
            head = f"There is 1 {what.replace('tiles', 'tile', 1)}"
        elif len(m) == 1 and self.of == "trumps":
            head = f"There is only 1 {what.replace('trumps', 'trump', 1)}"
        elif len(m) == 1:
            head = f"There is only one of the {what}"
        else:
            head = f"There are {len(m) or 'no'} {what}"
        if self.of == "set" or not m:
            return head + "."
        return f"{head}: {names(sorted(m, reverse=True))}."

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return sorted({max(0, n - 2), max(0, n - 1), n + 1, n + 2, 0, 7, 21, 22, 28} - {n})


@register
class Rank(Task):
    kind = "rank"
    title = "Rank these tiles"
    default_question = "Put these tiles in order, strongest first."
    answer_format = 'the tiles from strongest to weakest: ["6-6", "6-5", "5-3"]'
    params: ClassVar[dict[str, str]] = {
        "suit": "the suit led that the tiles are ranked in: a number 0-6 or 'trump' "
        "(default 'trump' when every tile is a trump)",
    }
    codes: ClassVar[dict[str, str]] = {
        "trump-beats-suit": "put a plain tile above a trump",
        "double-on-top": "put a tile above the double of its suit",
        "other-end": "ordered two tiles of a suit wrongly: they rank by their other end",
        "two-suit-tile": "misranked a tile that follows by its lower end (5-3 in the threes)",
        "doubles-by-number": "misordered two doubles while doubles are trump",
    }

    def setup(self) -> None:
        tr = self.trump()
        tiles = self.position.tiles
        if not 2 <= len(tiles) <= 6:
            raise FieldError("position.tiles", "kind 'rank' ranks 2 to 6 tiles")
        self.tiles_in_set(tiles)
        if "suit" in self.p:
            self.suit = parse_suit(self.p["suit"], "suit")
        elif all(tr.is_trump(t) for t in tiles):
            self.suit = TRUMP
        else:
            raise FieldError("suit", "say which suit was led: the tiles are ranked in a trick of that suit")
        if self.suit == TRUMP and tr.kind == "none":
            raise FieldError("suit", "with no trump, no suit of trumps can be led")
        for t in tiles:
            if tr.power(t, self.suit) < 0:
                raise FieldError("position.tiles", f"{t} neither follows {_many(self.suit)} nor is a trump, so it has no rank there")

    def compute(self) -> tuple[Tile, ...]:
        tr = self.trump()
        return tuple(sorted(self.position.tiles, key=lambda t: -tr.power(t, self.suit)))

    def read(self, raw: Any) -> tuple[Tile, ...]:
        tiles = read_tiles(raw)
        if sorted(tiles) != sorted(self.position.tiles):
            raise AnswerError("put every tile shown in order, each once")
        return tuple(tiles)

    def to_json(self, value: Any) -> JSON:
        return [str(t) for t in value]

    def choices(self) -> list[str]:
        return [str(t) for t in self.position.tiles]

    def judge(self, value: Any) -> Feedback:
        tr = self.trump()
        for a, b in itertools.pairwise(value):
            if tr.power(a, self.suit) < tr.power(b, self.suit):
                code, why = rank_reason(tr, self.suit, b, a)
                return Feedback(False, code, f"{b} ranks above {a}: {why}.")
        raise AssertionError("a wrong order has a misplaced pair")

    def explain(self) -> str:
        tr, order = self.trump(), self.answer()
        where = "trumps" if self.suit == TRUMP else f"a trick where {_many(self.suit)} were led"
        steps = [rank_reason(tr, self.suit, a, b)[1] for a, b in itertools.pairwise(order)]
        return f"In {where}, strongest first: {', '.join(map(str, order))}. " + " ".join(s[0].upper() + s[1:] + "." for s in steps)

    def wrong_answers(self) -> list[Any]:
        right = self.answer()
        return [[str(t) for t in p] for p in itertools.permutations(right) if p != right]

    def features(self) -> dict[str, Any]:
        tr = self.trump()
        codes = {rank_reason(tr, self.suit, a, b)[0] for a, b in itertools.pairwise(self.answer())}
        traps = sorted(codes & {"two-suit-tile", "trump-beats-suit", "doubles-by-number"})
        return {"options": len(self.position.tiles), "traps": traps, "depth": 0}


@register
class TrickWinner(Task):
    kind = "trick_winner"
    title = "Who wins the trick"
    default_question = "Which tile wins this trick?"
    answer_format = "the index in `trick` (0 = the lead) of the winning tile"
    codes: ClassVar[dict[str, str]] = {
        "cannot-win": "picked a tile that neither followed nor trumped",
        "trumped": "picked a tile of the suit led, but a trump was played",
        "lower-in-suit": "picked a tile of the suit led that ranks below another",
        "lower-trump": "picked a trump, but a higher trump was played",
    }

    def setup(self) -> None:
        self.trump()
        if len(self.position.trick) < 2:
            raise FieldError("position.trick", "kind 'trick_winner' needs a trick of at least two tiles")

    def compute(self) -> int:
        return trick_winner(self.position.trick, self.trump())

    def read(self, raw: Any) -> int:
        trick = self.position.trick
        if isinstance(raw, int) and not isinstance(raw, bool):
            if not 0 <= raw < len(trick):
                raise AnswerError(f"pick one of the {len(trick)} tiles of the trick")
            return raw
        t = read_tile(raw)
        if t not in trick:
            raise AnswerError(f"{t} is not in this trick")
        return trick.index(t)

    def to_json(self, value: Any) -> JSON:
        return int(value)

    def choices(self) -> list[str]:
        return [str(t) for t in self.position.trick]

    def judge(self, value: Any) -> Feedback:
        tr, trick = self.trump(), self.position.trick
        suit = tr.suit_led(trick[0])
        w, t = trick[self.answer()], trick[value]
        win = explain_winner(trick, tr)
        if tr.power(t, suit) < 0:
            pips = " Pips do not count for a tile off the suit." if t.pips > w.pips else ""
            code, text = "cannot-win", f"{t} neither followed {_many(suit)} nor is a trump, so it cannot win.{pips}"
        elif tr.is_trump(w) and not tr.is_trump(t):
            code, text = "trumped", f"{t} followed {_many(suit)}, but {w} is a trump, and a trump beats any tile of the suit led."
        elif tr.is_trump(t):
            code, text = "lower-trump", f"{t} is a trump, but {w} is higher: {rank_reason(tr, suit, w, t)[1]}."
        else:
            code, text = "lower-in-suit", f"{t} followed, but {w} ranks higher: {rank_reason(tr, suit, w, t)[1]}."
        return Feedback(False, code, f"{text} {win.text}", (win.code,))

    def explain(self) -> str:
        return explain_winner(self.position.trick, self.trump()).text

    def wrong_answers(self) -> list[Any]:
        return [i for i in range(len(self.position.trick)) if i != self.answer()]

    def features(self) -> dict[str, Any]:
        tr, trick = self.trump(), self.position.trick
        suit = tr.suit_led(trick[0])
        w = trick[self.answer()]
        traps = []
        if any(tr.power(t, suit) < 0 and t.pips > w.pips for t in trick):
            traps.append("pips-lie")
        if suit != TRUMP and tr.is_trump(w):
            traps.append("trumped")
        if any(tr.is_trump(t) and t is not w for t in trick) and tr.is_trump(w):
            traps.append("over-trump")
        if isinstance(suit, int) and not tr.is_trump(w) and w.high != suit:
            traps.append("two-suit-tile")
        return {"options": len(trick), "traps": traps, "depth": 0}


@register
class Play(Task):
    kind = "play"
    title = "Play the tile that wins (or ducks) the trick"
    default_question = "Play the one tile that wins this trick."
    answer_format = 'the tile to play: "6-4"'
    params: ClassVar[dict[str, str]] = {"goal": "'win' (take the trick) or 'duck' (let it go)"}
    codes: ClassVar[dict[str, str]] = {
        "must-follow": "played a tile that does not follow, holding one that does (engine code)",
        "trump-cannot-follow": "played a trump bearing the number led, which does not follow (engine code)",
        "not-in-hand": "played a tile that is not in the hand (engine code)",
        "throw-off-cannot-win": "threw off a tile, which can never win",
        "too-low": "followed, but a higher tile (or a trump) still wins",
        "under-trump": "trumped in, but a higher trump still wins",
        "wins-the-trick": "was asked to duck, but the tile takes the trick",
    }

    def setup(self) -> None:
        self.goal = self.param("goal", "win")
        if self.goal not in ("win", "duck"):
            raise FieldError("goal", f"goal is 'win' or 'duck', not {self.goal!r}")
        self.trump()
        self.seat, self.hand = self.own_hand()
        pos = self.position
        if len(pos.trick) != pos.players - 1:
            raise FieldError("position.trick", f"kind 'play' asks the last player of the trick: give {pos.players - 1} tiles played")
        legal = legal_plays(self.hand, pos.trick, self.trump())
        good = [t for t in legal if self._wins(t) == (self.goal == "win")]
        if len(legal) < 2:
            raise FieldError("position.hands", "only one tile is legal: there is nothing to choose")
        if len(good) != 1:
            what = ("win" if self.goal == "win" else "duck") if len(good) != 1 else ("wins" if self.goal == "win" else "ducks")
            raise FieldError("goal", f"{len(good)} legal tiles {what} the trick ({names(sorted(good))}); a puzzle needs exactly one")
        self._good = good[0]

    def _wins(self, t: Tile) -> bool:
        trick = (*self.position.trick, t)
        return trick_winner(trick, self.trump()) == len(trick) - 1

    def compute(self) -> Tile:
        return self._good

    def read(self, raw: Any) -> Tile:
        return read_tile(raw)

    def to_json(self, value: Any) -> JSON:
        return str(value)

    def choices(self) -> list[str]:
        return [str(t) for t in self.hand]

    def judge(self, value: Any) -> Feedback:
        tr, trick = self.trump(), self.position.trick
        r = explain_play(self.hand, trick, tr, value)
        if not r.legal:
            return Feedback(False, r.code, r.text, (r.code,))
        after = (*trick, value)
        win = explain_winner(after, tr)
        w = after[trick_winner(after, tr)]
        suit = tr.suit_led(trick[0])
        if self.goal == "duck":
            return Feedback(False, "wins-the-trick", f"{value} would take the trick: {win.text}", (r.code, win.code))
        if r.code == "throw-off":
            code, text = "throw-off-cannot-win", f"{value} neither follows {_many(suit)} nor trumps, so it cannot win."
        elif tr.is_trump(value) and suit != TRUMP:
            code, text = "under-trump", f"{value} trumps in, but {w} is a higher trump."
        elif tr.is_trump(w) and suit != TRUMP:
            code, text = "too-low", f"{value} follows {_many(suit)}, but {w} is a trump and beats it."
        else:
            code, text = "too-low", f"{value} follows, but {w} ranks higher: {rank_reason(tr, suit, w, value)[1]}."
        return Feedback(False, code, f"{text} {win.text}", (r.code, win.code))

    def explain(self) -> str:
        t = self.answer()
        after = (*self.position.trick, t)
        win = explain_winner(after, self.trump()).text
        if self.goal == "win":
            return f"{t} is the only tile that takes the trick. {win}"
        return f"{t} is the only legal tile that lets the trick go. {win}"

    def wrong_answers(self) -> list[Any]:
        return [str(t) for t in self.hand if t is not self.answer()]

    def features(self) -> dict[str, Any]:
        tr, trick = self.trump(), self.position.trick
        suit = tr.suit_led(trick[0])
        legal = legal_plays(self.hand, trick, tr)
        ans = self.answer()
        traps = []
        if any(tr.is_trump(t) and isinstance(suit, int) and t.has(suit) for t in self.hand):
            traps.append("trump-cannot-follow")
        if isinstance(suit, int) and tr.follows(ans, suit) and ans.high != suit:
            traps.append("two-suit-tile")
        if suit != TRUMP and tr.is_trump(ans):
            traps.append("trump-in")
        if self.goal == "duck":
            traps.append("duck")
        return {"options": len(legal), "traps": traps, "depth": 0}


class _HandTask(Task):
    """Shared by the scoring kinds: a finished hand."""

    def setup(self) -> None:
        pos = self.position
        for f in ("bidder", "bid", "tricks_won"):
            if getattr(pos, f) is None:
                raise FieldError(f"position.{f}", f"kind '{self.kind}' needs this field")
        assert pos.tricks_won is not None
        if sum(pos.tricks_won) != 7:
            raise FieldError("position.tricks_won", f"a finished hand has 7 tricks, not {sum(pos.tricks_won)}")

    def scored(self) -> HandScore:
        pos = self.position
        assert pos.bidder is not None and pos.bid is not None and pos.tricks_won is not None
        return score_hand(pos.rules, pos.bidder, pos.bid, pos.tricks_won, pos.scores)

    def bidder_side(self) -> int:
        assert self.position.bidder is not None
        return self.position.rules.side_of(self.position.bidder)

    def story(self) -> str:
        """"Seat 1 bid 5 and took 6 tricks: made." in words."""
        pos, s = self.position, self.scored()
        bs = self.bidder_side()
        assert pos.bid is not None
        need = tricks_needed(pos.bid)
        took = s.side_tricks[bs]
        who = side_name(pos, bs)
        bid = "21 (shooting the moon: all 7 tricks)" if pos.bid == 21 else str(pos.bid)
        if pos.players == 4:
            a, b = pos.rules.teams()[bs]
            tw = pos.tricks_won or ()
            took_words = f"took {tw[a]} + {tw[b]} = {_plural(took, 'trick')} together"
        else:
            took_words = f"took {_plural(took, 'trick')}"
        verdict = "made" if s.made else f"set (it needed {need})"
        return f"{who[0].upper() + who[1:]} bid {bid} and {took_words}: the bid is {verdict}."


@register
class ScoreHand(_HandTask):
    kind = "score_hand"
    title = "Score the hand"
    default_question = "What does each side score for this hand?"
    answer_format = "the score change of each side, by seat (3 players) or team (4 players): [5, 1, 1]"
    codes: ClassVar[dict[str, str]] = {
        "no-bonus": "gave the bidder its tricks: a made bid scores the bid, no bonus",
        "made-not-set": "took points from a bidder who made the bid",
        "set-is-negative": "gave a set bidder points: a set costs the bid",
        "set-costs-bid": "took the wrong amount from a set bidder: a set costs the whole bid",
        "moon-worth-21": "scored a made 21 as 7: a moon scores 21",
        "bidder-score": "gave the bidder a wrong score",
        "opponents-score-tricks": "gave nothing to an opponent who took tricks",
        "team-tricks": "scored one partner's tricks, not the team's",
        "opponent-score": "gave an opponent a wrong score",
        "marks-made": "marks: a made bid earns the bidder one mark, the others nothing",
        "marks-set": "marks: a set bid earns each opponent one mark, the bidder nothing",
    }

    def compute(self) -> tuple[int, ...]:
        return self.scored().change

    def read(self, raw: Any) -> tuple[int, ...]:
        if isinstance(raw, str):
            raw = raw.replace(",", " ").split()
        if not isinstance(raw, list | tuple):
            raise AnswerError("answer with one score change per side, like [5, 1, 1]")
        sides = len(self.position.rules.teams())
        if len(raw) != sides:
            raise AnswerError(f"give {sides} numbers, one per {'team' if sides == 2 else 'seat'}")
        return tuple(read_int(x) for x in raw)

    def to_json(self, value: Any) -> JSON:
        return list(value)

    def judge(self, value: Any) -> Feedback:
        pos, s = self.position, self.scored()
        right, bs = s.change, self.bidder_side()
        assert pos.bid is not None
        took = s.side_tricks[bs]
        story = self.story()
        marks = pos.rules.scoring == "marks"
        if value[bs] != right[bs]:
            v = value[bs]
            if marks:
                code = "marks-made" if s.made else "marks-set"
                text = ("A made bid earns the bidder one mark, and the others none." if s.made
                        else "When the bid is set the bidder gets no mark; each opponent gets one.")
            elif s.made and pos.bid == 21:
                code, text = "moon-worth-21", f"A made moon scores {right[bs]}, not the 7 tricks." if v == 7 else f"A made moon scores {right[bs]}."
            elif s.made and v == took:
                code, text = "no-bonus", f"A made bid scores exactly the bid, {pos.bid}, not the {took} tricks taken: there is no bonus for extra tricks."
            elif s.made and v < 0:
                code, text = "made-not-set", f"The bid was made, so it scores +{pos.bid}."
            elif s.made:
                code, text = "bidder-score", f"A made bid scores the bid: +{pos.bid}."
            elif v >= 0:
                code, text = "set-is-negative", f"A set costs the bidder the whole bid: {right[bs]}."
            else:
                code, text = "set-costs-bid", f"A set costs the whole bid ({right[bs]}), not just the tricks that were missing."
            return Feedback(False, code, f"{story} {text}")
        for i, (v, r) in enumerate(zip(value, right, strict=True)):
            if v == r:
                continue
            who = side_name(pos, i)
            t = s.side_tricks[i]
            if marks:
                code = "marks-made" if s.made else "marks-set"
                text = (f"The bid was made, so {who} earns no mark." if s.made
                        else f"The bid was set, so {who}, an opponent, earns one mark.")
            elif pos.players == 4 and pos.tricks_won and v in (pos.tricks_won[a] for a in pos.rules.teams()[i]) and v != r:
                code, text = "team-tricks", f"Partners add their tricks: {who} took {t} together, so +{t}."
            elif v == 0 and r > 0:
                code, text = "opponents-score-tricks", f"{who[0].upper() + who[1:]} took {_plural(t, 'trick')}: the opponents score 1 per trick, whether the bid is made or set, so +{t}."
            else:
                code, text = "opponent-score", f"{who[0].upper() + who[1:]} took {_plural(t, 'trick')}, so +{t}: one point per trick."
            return Feedback(False, code, f"{story} {text}")
        raise AssertionError("a wrong score differs somewhere")

    def explain(self) -> str:
        pos, s = self.position, self.scored()
        bs = self.bidder_side()
        parts = [self.story()]
        if pos.rules.scoring == "marks":
            if s.made:
                parts.append(f"Under marks, {side_name(pos, bs)} earns one mark and the others none.")
            else:
                parts.append("Under marks, the bidder earns nothing and each opponent earns one mark.")
        else:
            parts.append(f"{side_name(pos, bs).capitalize()} scores {s.change[bs]:+d}" + (" (no bonus for extra tricks)." if s.made and s.side_tricks[bs] > (pos.bid or 0) and pos.bid != 21 else "."))
            for i in range(len(s.change)):
                if i != bs:
                    parts.append(f"{side_name(pos, i).capitalize()} took {_plural(s.side_tricks[i], 'trick')}: {s.change[i]:+d}.")
        parts.append(f"Score changes: {list(s.change)}.")
        return " ".join(parts)

    def wrong_answers(self) -> list[Any]:
        pos, s = self.position, self.scored()
        right, bs = list(s.change), self.bidder_side()
        assert pos.bid is not None
        out: list[list[int]] = []

        def variant(i: int, v: int) -> None:
            w = list(right)
            w[i] = v
            if w != right and w not in out:
                out.append(w)

        for v in (s.side_tricks[bs], -right[bs], 0, right[bs] + 1, right[bs] - 1, 7, 21, -(7 - s.side_tricks[bs])):
            variant(bs, v)
        for i in range(len(right)):
            if i != bs:
                for v in (0, right[i] + 1, right[i] - 1, -right[i] if right[i] else 1, pos.bid):
                    variant(i, v)
        return out

    def features(self) -> dict[str, Any]:
        pos, s = self.position, self.scored()
        traps = ["made" if s.made else "set"]
        if s.made and s.side_tricks[self.bidder_side()] > (pos.bid or 0):
            traps.append("no-bonus")
        if pos.bid == 21:
            traps.append("moon")
        if pos.rules.scoring == "marks":
            traps.append("marks")
        return {"options": len(s.change), "traps": traps, "depth": 0}


@register
class GameWinner(_HandTask):
    kind = "game_winner"
    title = "Who wins the game"
    default_question = "After this hand, who has won the game, if anyone?"
    answer_format = "the winning side (seat with 3 players, team with 4), or null when play goes on"
    codes: ClassVar[dict[str, str]] = {
        "tie-plays-on": "named one of the players tied for the lead: a tie plays on",
        "below-target": "named a winner, but nobody has reached the target",
        "not-the-highest": "named a side that is not strictly ahead",
        "moon-wins-game": "missed that a made 21 wins the game at once",
        "bidder-goes-out": "missed the 'bidder goes out first' house rule",
        "game-over": "said play goes on, but one side is at or over the target and alone in the lead",
    }

    def setup(self) -> None:
        super().setup()
        if self.position.scores is None:
            raise FieldError("position.scores", "kind 'game_winner' needs the scores before this hand")

    def compute(self) -> int | None:
        return self.scored().winner

    def read(self, raw: Any) -> int | None:
        return read_side(raw, self.position, allow_none=True)

    def to_json(self, value: Any) -> JSON:
        return value

    def choices(self) -> list[str]:
        return [str(i) for i in range(len(self.position.rules.teams()))] + ["nobody"]

    def _reason(self) -> str:
        pos, s = self.position, self.scored()
        target = pos.rules.target
        unit = "marks" if pos.rules.scoring == "marks" else "points"
        scores = ", ".join(f"{side_name(pos, i)} {v}" for i, v in enumerate(s.scores))
        head = f"{self.story()} Scores after the hand: {scores}."
        if s.moon_won_game:
            return f"{head} A made 21 wins the game at once, whatever the scores."
        w = s.winner
        if w is not None:
            if pos.rules.tie_break == "bidder-out" and w == self.bidder_side() and s.scores.count(max(s.scores)) > 1:
                return f"{head} Under 'bidder goes out first', the bidder who reaches {target} wins even when tied."
            return f"{head} {side_name(pos, w).capitalize()} has {s.scores[w]} {unit}, at least {target} and strictly ahead of everyone: the game is won."
        top = max(s.scores)
        if top < target:
            return f"{head} Nobody has {target} {unit} yet, so the game goes on."
        tied = [side_name(pos, i) for i, v in enumerate(s.scores) if v == top]
        return f"{head} {names(tied).capitalize()} are tied for the lead at {top}: the game goes on, hand by hand, until one is strictly ahead."

    def judge(self, value: Any) -> Feedback:
        pos, s = self.position, self.scored()
        right = self.answer()
        top = max(s.scores)
        if s.moon_won_game:
            code = "moon-wins-game"
        elif right is None:
            if value is not None and s.scores[value] == top and top >= pos.rules.target:
                code = "tie-plays-on"
            elif top < pos.rules.target:
                code = "below-target"
            else:
                code = "not-the-highest"
        elif pos.rules.tie_break == "bidder-out" and right == self.bidder_side() and s.scores.count(top) > 1:
            code = "bidder-goes-out"
        elif value is None:
            code = "game-over"
        else:
            code = "not-the-highest"
        return Feedback(False, code, self._reason())

    def explain(self) -> str:
        return self._reason()

    def wrong_answers(self) -> list[Any]:
        return [c for c in [*range(len(self.position.rules.teams())), None] if c != self.answer()]

    def features(self) -> dict[str, Any]:
        s = self.scored()
        traps = []
        top = max(s.scores)
        if s.scores.count(top) > 1 and top >= self.position.rules.target:
            traps.append("tie")
        if any(v < 0 for v in s.scores):
            traps.append("negative")
        if s.moon_won_game:
            traps.append("moon")
        if self.position.rules.tie_break == "bidder-out":
            traps.append("bidder-out")
        return {"options": len(s.scores) + 1, "traps": traps, "depth": 0}


@register
class LegalActions(Task):
    kind = "legal_actions"
    title = "Which of these may you do now"
    default_question = "Which of these may you do now? Pick every one that is allowed."
    answer_format = 'the allowed actions among `choices`, in their order: ["pass", "bid 6", "bid 21"]'
    params: ClassVar[dict[str, str]] = {
        "choices": "the actions offered, in engine notation ('pass', 'bid 5', 'discard 3-1', "
        "'trump doubles'); default: pass and every bid",
    }
    codes: ClassVar[dict[str, str]] = {
        "bid-too-low": "picked a bid that is not higher than the highest so far (engine code)",
        "bid-value": "picked a number that is not a bid under these rules (engine code)",
        "must-bid": "picked pass when the house rule forces a bid (engine code)",
        "wrong-phase": "picked an action of another phase of the hand (engine code)",
        "trump-not-allowed": "picked a trump these rules do not allow (engine code)",
        "not-in-hand": "picked a discard of a tile not held (engine code)",
        "hand-over": "picked an action after the auction ended the hand (engine code)",
        "missed-action": "left out an action that is allowed",
    }

    def setup(self) -> None:
        raw = self.param("choices")
        if raw is None:
            raw = ["pass", *(f"bid {b}" for b in self.position.rules.bid_values)]
        if not isinstance(raw, list) or len(raw) < 2:
            raise FieldError("choices", "give at least two actions to choose from")
        try:
            self.actions = [Action.parse(c) for c in raw]
        except ParseError as e:
            raise FieldError("choices", str(e)) from None
        if not self.position.bids and self.position.first_bidder is None:
            raise FieldError("position.first_bidder", "kind 'legal_actions' needs the auction (first_bidder and bids)")
        self.game = self.position.game_after_bids()
        if not self.compute():
            raise FieldError("choices", "none of these actions is allowed: offer at least one that is")

    def compute(self) -> tuple[str, ...]:
        legal = set(self.game.legal_actions())
        return tuple(str(a) for a in self.actions if a in legal)

    def read(self, raw: Any) -> tuple[str, ...]:
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list | tuple | set | frozenset):
            raise AnswerError("answer with a list of actions")
        try:
            picked = {Action.parse(x) for x in raw}
        except ParseError as e:
            raise AnswerError(str(e)) from None
        for a in picked:
            if a not in self.actions:
                raise AnswerError(f"{a} is not one of the actions on offer")
        return tuple(str(a) for a in self.actions if a in picked)

    def to_json(self, value: Any) -> JSON:
        return list(value)

    def choices(self) -> list[str]:
        return [str(a) for a in self.actions]

    def _refusal(self, action: str) -> IllegalAction:
        try:
            self.game.clone().apply(action)
        except IllegalAction as e:
            return e
        raise AssertionError(f"{action} is legal")

    def _why_allowed(self, action: str) -> str:
        a = Action.parse(action)
        g = self.game
        high = max((b for _, b in g.bids), default=0)
        if a.kind == "pass":
            return "pass is allowed: a player may always pass unless a house rule forces a bid."
        if a.kind == "bid":
            if high == 21 and a.value == 21:
                return "bid 21 is allowed: under the 'moon overcall' house rule a later player may shoot the moon too."
            return f"{a} is allowed: it is higher than the highest bid so far ({high or 'none yet'})."
        if a.kind == "discard":
            return f"{a} is allowed: the bidder, holding the widow, discards any one tile of the hand."
        if a.kind == "trump":
            return f"{a} is allowed: the bidder names trump now, and these rules allow it."
        return f"{a} is allowed."

    def judge(self, value: Any) -> Feedback:
        right, picked = set(self.answer()), set(value)
        extra = [c for c in self.choices() if c in picked and c not in right]
        missed = [c for c in self.choices() if c in right and c not in picked]
        if extra:
            e = self._refusal(extra[0])
            text = f"{extra[0]} is not allowed: {e.message}."
            if missed:
                text += " Also, " + self._why_allowed(missed[0])
            return Feedback(False, e.code if e.code in self.codes else "wrong-phase", text, (e.code,))
        return Feedback(False, "missed-action", "You left out an action: " + self._why_allowed(missed[0]))

    def explain(self) -> str:
        right = self.answer()
        parts = [f"Allowed: {names(right)}."]
        parts += [self._why_allowed(c) for c in right]
        for c in self.choices():
            if c not in right:
                parts.append(f"{c} is not: {self._refusal(c).message}.")
        return " ".join(parts)

    def wrong_answers(self) -> list[Any]:
        right = set(self.answer())
        ch = self.choices()
        out = []
        for r in range(len(ch) + 1):
            for combo in itertools.combinations(ch, r):
                if set(combo) != right:
                    out.append(list(combo))
        return out[:300]

    def features(self) -> dict[str, Any]:
        traps = sorted({self._refusal(c).code for c in self.choices() if c not in self.answer()})
        return {"options": len(self.actions), "traps": traps, "depth": 0}


@register
class AuctionWinner(Task):
    kind = "auction_winner"
    title = "Who wins the auction"
    default_question = "Who wins the auction?"
    answer_format = "the bidder's seat, or null when everyone passed (the hand is thrown in)"
    codes: ClassVar[dict[str, str]] = {
        "not-highest": "named a seat that did not make the highest bid",
        "all-passed": "named a seat, but everyone passed",
        "someone-bid": "said nobody, but someone bid",
        "last-moon": "under 'moon overcall', the last 21 takes the contract",
    }

    def setup(self) -> None:
        if not self.position.auction_done():
            raise FieldError("position.bids", "kind 'auction_winner' needs a finished auction")
        self.game = self.position.game_after_bids()

    def compute(self) -> int | None:
        return self.game.bidder

    def read(self, raw: Any) -> int | None:
        return read_seat(raw, self.position, allow_none=True)

    def to_json(self, value: Any) -> JSON:
        return value

    def choices(self) -> list[str]:
        return [str(s) for s in range(self.position.players)] + ["nobody"]

    def judge(self, value: Any) -> Feedback:
        right = self.answer()
        if right is None:
            return Feedback(False, "all-passed", self.explain())
        if value is None:
            return Feedback(False, "someone-bid", self.explain())
        if 21 in (b for _, b in self.position.bids) and self.position.rules.moon_overcall:
            return Feedback(False, "last-moon", self.explain())
        return Feedback(False, "not-highest", self.explain())

    def explain(self) -> str:
        g = self.game
        said = ", ".join(f"seat {s} {'passed' if b == 0 else 'bid ' + str(b)}" for s, b in self.position.bids)
        if g.bidder is None:
            return f"The auction: {said}. Everyone passed, so the hand is thrown in and dealt again."
        if g.bid == 21 and [b for _, b in g.bids].count(21) > 1:
            return f"The auction: {said}. Under 'moon overcall' the last player to bid 21 takes the contract: seat {g.bidder}."
        return f"The auction: {said}. The highest bid, {g.bid}, was seat {g.bidder}'s, so seat {g.bidder} wins the auction."

    def wrong_answers(self) -> list[Any]:
        return [c for c in [*range(self.position.players), None] if c != self.answer()]


# -- the solver-backed kind ----------------------------------------------------------------
@register
class Ending(Task):
    kind = "ending"
    title = "Take N of the last K tricks"
    default_question = "All hands are open. Which tile do you play to take the tricks you need?"
    answer_format = 'the one first play that takes `need` tricks: "6-4"'
    needs = "solver"
    params: ClassVar[dict[str, str]] = {
        "need": "N, the tricks the side of the seat to play must take from here (the current "
        "trick counts); it must be the most it can take, and only one first play may get it",
    }
    codes: ClassVar[dict[str, str]] = {
        "must-follow": "played a tile that does not follow, holding one that does (engine code)",
        "trump-cannot-follow": "played a trump bearing the number led, which does not follow (engine code)",
        "not-in-hand": "played a tile that is not in the hand (engine code)",
        "loses-a-trick": "a legal play after which best defence holds the side below N",
    }

    def setup(self) -> None:
        pos = self.position
        self.trump()
        self.seat, self.hand = self.own_hand()
        if pos.leader is None:
            raise FieldError("position.leader", "an ending needs the leader")
        for s in range(pos.players):
            if not pos.has_hand(s):
                raise FieldError(f"position.hands.{s}", "an open-hands ending gives every hand")
        if pos.shown != frozenset(range(pos.players)):
            raise FieldError("position.show", f"an open-hands ending shows every hand: show = {list(range(pos.players))}")
        need = self.param("need", required=True)
        if type(need) is not int or not 1 <= need <= len(self.hand):
            raise FieldError("need", f"need is 1 to {len(self.hand)} tricks, not {need!r}")
        self.need_n = need
        self.side = pos.side_of(self.seat)
        values = self.values()
        best = max(values.values())
        if best != need:
            raise FieldError("need", f"with best play this side takes {best} tricks, not {need}")
        good = sorted(t for t, v in values.items() if v >= need)
        if len(values) < 2:
            raise FieldError("position.hands", "only one tile is legal: there is nothing to choose")
        if len(good) != 1:
            raise FieldError("need", f"{len(good)} first plays take {need} tricks ({names(good)}); an ending needs exactly one")
        self._good = good[0]

    def _hands(self) -> list[list[Tile]]:
        return [list(self.position.hand(s)) for s in range(self.position.players)]

    def values(self, hands: Sequence[Sequence[Tile]] | None = None, leader: int | None = None,
               trick: Sequence[Tile] | None = None) -> dict[Tile, int]:
        pos = self.position
        mv: dict[Tile, int] = oracles.solver().move_values(
            hands if hands is not None else self._hands(), self.trump(),
            pos.leader if leader is None else leader, set(self.side),
            tuple(pos.trick) if trick is None else tuple(trick),
        )
        return mv

    def compute(self) -> Tile:
        return self._good

    def read(self, raw: Any) -> Tile:
        return read_tile(raw)

    def to_json(self, value: Any) -> JSON:
        return str(value)

    def choices(self) -> list[str]:
        return [str(t) for t in self.hand]

    def line(self, first: Tile, tricks: int = 1) -> list[tuple[int, Tile]]:
        """Best play after ``first``: (seat, tile) for the rest of the current trick and
        ``tricks - 1`` more; the side keeps its best, the others their best against it."""
        pos = self.position
        n = pos.players
        hands = self._hands()
        leader = pos.leader
        assert leader is not None
        trick = list(pos.trick)
        out: list[tuple[int, Tile]] = []
        seat = self.seat
        tile = first
        done = 0
        while True:
            hands[seat].remove(tile)
            trick.append(tile)
            out.append((seat, tile))
            if len(trick) == n:
                w = (leader + trick_winner(trick, self.trump())) % n
                done += 1
                leader, trick = w, []
                if done >= tricks or not hands[w]:
                    return out
            seat = (leader + len(trick)) % n
            mv = self.values(hands, leader, trick)
            pick = max if seat in self.side else min
            best = pick(mv.values())
            tile = min(t for t, v in mv.items() if v == best)

    def _say(self, moves: list[tuple[int, Tile]]) -> str:
        """"seat 0 6-6, seat 1 6-5, seat 2 6-4 (seat 0 wins); seat 0 5-2, ..." by trick."""
        n = self.position.players
        first = n - len(self.position.trick)
        groups: list[list[tuple[int, Tile]]] = [moves[:first]]
        rest = moves[first:]
        while rest:
            groups.append(rest[:n])
            rest = rest[n:]
        out = []
        trick = list(self.position.trick)
        leader = self.position.leader or 0
        for g in groups:
            words = ", ".join(f"seat {s} {t}" for s, t in g)
            full = [*trick, *(t for _, t in g)]
            if len(full) == n:
                w = (leader + trick_winner(full, self.trump())) % n
                words += f" (seat {w} wins)"
                leader = w
            out.append(words)
            trick = []
        return "; ".join(out)

    def judge(self, value: Any) -> Feedback:
        r = explain_play(self.hand, self.position.trick, self.trump(), value)
        if not r.legal:
            return Feedback(False, r.code, r.text, (r.code,))
        v = self.values()[value]
        k = len(self.hand)
        moves = self.line(value, 1)
        return Feedback(
            False, "loses-a-trick",
            f"After {value} the others can hold you to {_plural(v, 'trick')} of the last {k}, "
            f"and you need {self.need_n}. For example: {self._say(moves)}.",
            (r.code,),
        )

    def explain(self) -> str:
        k = len(self.hand)
        t = self.answer()
        moves = self.line(t, k)
        return (f"{t} is the only first play that takes {self.need_n} of the last {k} tricks against "
                f"any defence. One way it goes: {self._say(moves)}.")

    def wrong_answers(self) -> list[Any]:
        return [str(t) for t in self.hand if t is not self.answer()]

    def features(self) -> dict[str, Any]:
        tr, trick = self.trump(), self.position.trick
        legal = legal_plays(self.hand, trick, tr)
        ans = self.answer()
        traps = ["endgame"]
        if trick:
            suit = tr.suit_led(trick[0])
            if trick_winner((*trick, ans), tr) != len(trick):
                traps.append("duck")
            best = max(legal, key=lambda t: tr.power(t, suit))
            if best is not ans:
                traps.append("not-the-biggest")
        else:
            highest = max(legal, key=lambda t: tr.power(t, tr.suit_led(t)) + (200 if tr.is_trump(t) else 0))
            if highest is not ans:
                traps.append("not-the-biggest")
        values = self.values()
        return {"options": len(legal), "traps": traps, "depth": len(self.hand),
                "losing": sum(1 for v in values.values() if v < self.need_n)}


# -- the strong player's kinds ---------------------------------------------------------------
#: How far (as a chance, 0..1) a learner's bid may be from the strong player's bidding
#: threshold and still count as sensible.
BID_TOLERANCE = 0.10
#: How far a learner's trump's chance to make the bid may be below the best trump's.
TRUMP_TOLERANCE = 0.05
#: The seed of the strong player used to check answers (fixed: answers must be stable).
BOT_SEED = 42


_pct = percent


def _trump_label(tr: Trump | None) -> str:
    if tr is None:
        return "its best trump"
    return trump_phrase(tr)


#: The strong player's decisions, by the question they answer (it is deterministic for a
#: given view and seed, so a decision is computed once per process).
_DECISIONS: dict[str, Any] = {}


class _BotTask(Task):
    """A decision checked against the strong player (``engine.ai``)."""

    needs = "ai"
    seat: int

    def decision(self) -> Any:
        key = repr((self.kind, sorted(self.position.rules.to_dict().items()),
                    sorted(self.position.to_dict().items()), sorted(self.p.items())))
        cached = _DECISIONS.get(key)
        if cached is None:
            bot = oracles.ai().make_bot("strong", seed=BOT_SEED)
            game = self.game()
            cached = bot.decide(game.view(self.seat))
            _DECISIONS[key] = cached
        return cached

    def game(self) -> Any:
        raise NotImplementedError

    def candidate(self, action: Action) -> Any:
        return self.decision().explanation.candidate(action)

    def compute(self) -> str:
        return str(self.decision().action)

    def to_json(self, value: Any) -> JSON:
        return str(value)

    def summary(self) -> str:
        return str(self.decision().explanation.summary)


@register
class Bid(_BotTask):
    kind = "bid"
    title = "Bid or pass"
    default_question = "Your turn to bid. Pass, or bid how many tricks?"
    answer_format = ('the strong player\'s action: "pass" or "bid 5"; any action within the '
                     "tolerance of its numbers is also accepted (see `accepted` in the export)")
    codes: ClassVar[dict[str, str]] = {
        "bid-too-low": "a bid not higher than the highest so far (engine code)",
        "bid-value": "a number that is not a bid (engine code)",
        "must-bid": "passed when the house rule forces a bid (engine code)",
        "overbid": "bid more tricks than the hand is likely to make",
        "underbid": "bid fewer tricks than the hand makes with good odds",
        "should-bid": "passed with a hand that makes a bid with good odds",
        "moon-too-risky": "shot the moon with a hand that rarely takes all seven",
    }

    def setup(self) -> None:
        pos = self.position
        if pos.to_play is None or pos.auction_done():
            raise FieldError("position.bids", "kind 'bid' needs an auction still going (first_bidder, bids so far)")
        self.seat = pos.to_play
        if not pos.has_hand(self.seat) or len(pos.hand(self.seat)) != 7:
            raise FieldError(f"position.hands.{self.seat}", f"kind 'bid' needs the 7 tiles of seat {self.seat}, to bid")
        self.g = pos.game_after_bids()
        self.legal = [str(a) for a in self.g.legal_actions()]

    def game(self) -> Any:
        return self.g

    def read(self, raw: Any) -> str:
        if isinstance(raw, int) and not isinstance(raw, bool):
            raw = f"bid {raw}"
        if isinstance(raw, str) and raw.strip().isdigit():
            raw = f"bid {raw.strip()}"
        try:
            a = Action.parse(raw)
        except ParseError as e:
            raise AnswerError(str(e)) from None
        if a.kind not in ("pass", "bid"):
            raise AnswerError("answer 'pass' or a bid like 'bid 5'")
        return str(a)

    def choices(self) -> list[str]:
        return ["pass", *(f"bid {b}" for b in self.position.rules.bid_values)]

    def chance(self, bid: int) -> float | None:
        """The strong player's chance of making ``bid`` with its best trump."""
        try:
            c = self.candidate(Action("bid", bid))
            if c.goal_chance is not None:
                return float(c.goal_chance)
        except KeyError:
            pass
        for k, p in self.decision().explanation.chosen.bid_chances:
            if k == bid:
                return float(p)
        return None

    def threshold(self) -> float:
        bot_cls = oracles.ai().make_bot("strong", seed=BOT_SEED)
        return float(getattr(bot_cls, "bid_threshold", 0.5))

    def accepted(self) -> list[str]:
        """Every legal action that counts as sensible: the strong player's own, and bids whose
        chance is within :data:`BID_TOLERANCE` of its threshold without a clearly safe
        higher bid left (pass when no bid clearly makes)."""
        want = self.threshold()
        out = {self.answer()}
        bids = [int(a.split()[1]) for a in self.legal if a.startswith("bid")]
        chances = {b: self.chance(b) for b in bids}
        for b in bids:
            p = chances[b]
            if p is None or b == 21:
                continue
            higher_safe = any((chances.get(h) or 0.0) >= want + BID_TOLERANCE for h in bids if h > b and h != 21)
            if p >= want - BID_TOLERANCE and not higher_safe:
                out.add(f"bid {b}")
        if "pass" in self.legal and not any((p or 0.0) >= want + BID_TOLERANCE for b, p in chances.items() if b != 21):
            out.add("pass")
        return [c for c in self.choices() if c in out]

    def accepts(self, value: Any) -> bool:
        return value in self.accepted()

    def judge(self, value: Any) -> Feedback:
        if value not in self.legal:
            try:
                self.g.clone().apply(value)
            except IllegalAction as e:
                code = e.code if e.code in self.codes else "bid-too-low"
                return Feedback(False, code, f"{value} is not allowed: {e.message}.", (e.code,))
        want = self.threshold()
        bot = self.answer()
        if value == "pass":
            best = max((b for b in (int(a.split()[1]) for a in self.legal if a.startswith("bid")) if b != 21
                        and (self.chance(b) or 0) >= want), default=None)
            return Feedback(False, "should-bid",
                            f"This hand is worth a bid: the strong player makes {best} in {_pct(self.chance(best or 0))} "
                            f"of its simulated deals. {self.summary()}")
        b = int(value.split()[1])
        p = self.chance(b)
        if b == 21:
            return Feedback(False, "moon-too-risky", f"Shooting the moon needs all seven tricks: the strong player takes all "
                            f"seven in only {_pct(p)} of its simulated deals. {self.summary()}")
        if p is not None and p < want - BID_TOLERANCE:
            return Feedback(False, "overbid", f"Bidding {b} is too risky: the strong player makes {b} in only {_pct(p)} "
                            f"of its simulated deals (it bids at {_pct(want)} or better). {self.summary()}")
        return Feedback(False, "underbid", f"The hand is worth more than {b}: the strong player chose {bot}. {self.summary()}")

    def explain(self) -> str:
        ok = self.accepted()
        extra = f" Also accepted (close to its numbers): {names(a for a in ok if a != self.answer())}." if len(ok) > 1 else ""
        return f"The strong player says {self.answer()}. {self.summary()}{extra}"

    def wrong_answers(self) -> list[Any]:
        ok = self.accepted()
        return [c for c in self.choices() if c not in ok]

    def features(self) -> dict[str, Any]:
        return {"options": len(self.legal), "traps": ["bidding"], "depth": 0}


@register
class TrumpChoice(_BotTask):
    kind = "trump_choice"
    title = "Which trump"
    default_question = "You won the auction. Which trump do you name?"
    answer_format = ('the strong player\'s trump: "0".."6", "doubles" or "none"; a trump whose chance '
                     "to make the bid is within the tolerance of the best is also accepted")
    params: ClassVar[dict[str, str]] = {
        "discard": "the tile the bidder discarded after taking the widow (default order); "
        "position.hands holds the 7 tiles kept, position.widow the widow",
    }
    codes: ClassVar[dict[str, str]] = {
        "trump-not-allowed": "a trump these rules do not allow (engine code)",
        "weaker-trump": "a trump that makes the bid less often than the best",
    }

    def setup(self) -> None:
        pos = self.position
        if not pos.auction_done() or pos.bidder is None:
            raise FieldError("position.bids", "kind 'trump_choice' needs a finished auction with a bidder")
        self.seat = pos.bidder
        if not pos.has_hand(self.seat) or len(pos.hand(self.seat)) != 7:
            raise FieldError(f"position.hands.{self.seat}", f"kind 'trump_choice' needs the 7 tiles of the bidder, seat {self.seat}")
        held = list(pos.hand(self.seat))
        rules = pos.rules
        self.discarded: Tile | None = None
        if rules.has_widow and not rules.trump_before_widow:
            if "discard" not in self.p:
                raise FieldError("discard", "the bidder took the widow and discarded: name the discard")
            from lessons.model import parse_tile

            d = parse_tile(self.p["discard"], "discard")
            if not pos.widow:
                raise FieldError("position.widow", "name the widow the bidder took")
            w = pos.widow[0]
            if d in held:
                raise FieldError("discard", f"{d} is still in the hand; the discard left it")
            if w not in held and w is not d:
                raise FieldError("position.widow", f"the widow {w} must be in the hand now, or be the discard")
            dealt = [t for t in held if t is not w] + ([d] if d is not w else [])
            self.discarded = d
        else:
            if "discard" in self.p:
                raise FieldError("discard", "under these rules trump is named before any discard")
            dealt = held
        from lessons.model import auction_game

        try:
            g = auction_game(rules, pos.first_bidder or 0, [b for _, b in pos.bids], {self.seat: dealt}, pos.widow)
            if self.discarded is not None:
                g.apply(f"discard {self.discarded}")
        except (IllegalAction, ValueError) as e:
            raise FieldError("position", f"the engine refuses this hand: {e}") from None
        self.g = g

    def game(self) -> Any:
        return self.g

    def read(self, raw: Any) -> str:
        if isinstance(raw, str) and raw.strip().lower().startswith("trump "):
            raw = raw.strip()[6:]
        try:
            tr = parse_trump(raw, "answer")
        except FieldError as e:
            raise AnswerError(e.message) from None
        return str(tr)

    def choices(self) -> list[str]:
        return [str(t) for t in self.position.rules.trumps]

    def chance(self, trump: str) -> float | None:
        try:
            c = self.candidate(Action("trump", Trump.parse(trump)))
        except KeyError:
            return None
        return None if c.goal_chance is None else float(c.goal_chance)

    def compute(self) -> str:
        return str(self.decision().action.value)

    def layouts(self, trump: str) -> int:
        try:
            return int(self.candidate(Action("trump", Trump.parse(trump))).layouts)
        except KeyError:
            return 0

    def accepted(self) -> list[str]:
        """The strong player's trump, and any other allowed trump measured on as many
        simulated deals whose chance is within :data:`TRUMP_TOLERANCE` of it."""
        best = self.chance(self.answer()) or 0.0
        full = self.layouts(self.answer())
        return [
            t for t in self.choices()
            if t == self.answer()
            or (self.layouts(t) == full and (self.chance(t) or -1.0) >= best - TRUMP_TOLERANCE)
        ]

    def accepts(self, value: Any) -> bool:
        return value in self.accepted()

    def judge(self, value: Any) -> Feedback:
        if value not in self.choices():
            try:
                self.g.clone().apply(f"trump {value}")
            except IllegalAction as e:
                return Feedback(False, "trump-not-allowed", f"{e.message}.", (e.code,))
        p, best = self.chance(value), self.chance(self.answer())
        return Feedback(False, "weaker-trump",
                        f"With {_trump_label(Trump.parse(value))} the strong player makes the bid in {_pct(p)} of its "
                        f"simulated deals, against {_pct(best)} with {_trump_label(Trump.parse(self.answer()))}. {self.summary()}")

    def explain(self) -> str:
        ok = self.accepted()
        extra = f" Also accepted (about as good): {names(a for a in ok if a != self.answer())}." if len(ok) > 1 else ""
        return f"The strong player names {_trump_label(Trump.parse(self.answer()))}. {self.summary()}{extra}"

    def wrong_answers(self) -> list[Any]:
        ok = self.accepted()
        out = [c for c in self.choices() if c not in ok]
        allowed = {str(t) for t in self.position.rules.trumps}
        out += [t for t in ("doubles", "none", "0") if t not in allowed]
        return out

    def features(self) -> dict[str, Any]:
        return {"options": len(self.choices()), "traps": ["naming-trump"], "depth": 0}
