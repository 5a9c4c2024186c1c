"""The base of every check kind: :class:`Task`, :class:`Feedback`, the registry
:data:`KINDS`, and the small helpers the kinds share (words, reading learner answers)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NotRequired, TypeAlias, TypedDict, TypeVar

from content.errors import AnswerError, FieldError
from content.model import JSON, Position
from engine import Action, ParseError, Tile, Trump
from engine.words import join_words

__all__ = ["JSON", "KINDS", "AnyTask", "Features", "Feedback", "Task", "make_task", "names", "read_int", "read_seat", "read_side",
           "read_tile", "read_tiles", "register", "set_name", "side_name"]

#: The canonical form of a kind's answer (a tile, a list of tiles, a seat number...).
A = TypeVar("A")


class Features(TypedDict):
    """What :meth:`Task.features` measures of a question."""

    #: how many choices the learner has
    options: int
    #: the traps the question sets (names, e.g. ``"two-suit-tile"``)
    traps: list[str]
    #: how many moves ahead the answer looks
    depth: int
    #: an ending's first plays that lose the contract
    losing: NotRequired[int]


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


def side_name(pos: Position, side: int) -> str:
    """``"Seat 2"`` with three players, ``"Team 0 (Seats 0 and 2)"`` with four: named as the table names them."""
    if pos.players == 4:
        a, b = pos.rules.teams()[side]
        return f"Team {side} (Seats {a} and {b})"
    return f"Seat {side}"


def set_name(pos: Position) -> str:
    """The set of tiles in play, by its name rather than its size (a count's feedback must
    not give the size a later question asks for): ``"the double-six set"`` (28 tiles, four
    players), ``"the three-player Moon set"`` (22), ``"the three-player set without the
    double blank"`` (21)."""
    rules = pos.rules
    if rules.players == 4:
        return "the double-six set"
    if rules.keep_double_blank:
        return "the three-player Moon set"
    return "the three-player set without the double blank"


# -- reading learner answers ---------------------------------------------------------------
def read_tile(raw: object) -> Tile:
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


def read_tiles(raw: object) -> list[Tile]:
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if not isinstance(raw, list | tuple | set | frozenset):
        raise AnswerError(f"answer with a list of tiles like ['6-4', '5-3'], not {raw!r}")
    return [read_tile(x) for x in raw]


def read_int(raw: object) -> int:
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


def read_side(raw: object, pos: Position, allow_none: bool) -> int | None:
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


def read_seat(raw: object, pos: Position, allow_none: bool) -> int | None:
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
class Task(ABC, Generic[A]):
    """One question about a position, of one check kind. Subclasses set the class fields and
    implement :meth:`compute`, :meth:`read`, :meth:`judge`, :meth:`to_json`, :meth:`explain`
    and :meth:`wrong_answers`. ``A`` is the canonical form of the kind's answer; a learner's
    answer as given (text, a list, a number, a tile) is an ``object`` until :meth:`read`
    reads it."""

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
    #: the kind's name in a list or a filter ("Legal tiles")
    short_title: ClassVar[str]
    #: how the learner answers: "one" (click one choice), "many" (select, then check),
    #: "order" (click the choices in order), "number" (type one number) or "numbers"
    #: (type one number per side)
    mode: ClassVar[str]
    #: True when the choices are tiles (the learner clicks tiles)
    tile_choices: ClassVar[bool] = False
    #: the general hint of the kind: where to look (a generated puzzle's first hint)
    hint: ClassVar[str]
    #: True when the answer depends on which tiles are trumps: the picture must not mark
    #: trumps before the learner has answered (see :meth:`hides_trumps`)
    asks_trump: ClassVar[bool] = False
    #: the feedback codes of an answer the rules do not allow (a tile that may not be played):
    #: the learner is told first that it is illegal, and why
    illegal_codes: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def choice_label(cls, choice: str, players: int = 3) -> str:
        """The words on the button of one choice (default: the choice itself, ``"6-4"``)."""
        return choice

    def hides_trumps(self) -> bool:
        """Whether marking trumps in the picture (or on the buttons) would give the answer
        away, so the app must not mark them until the question is answered."""
        return self.asks_trump

    def hides_contract(self) -> bool:
        """Whether showing the contract (who holds the bid, and how much) would give the
        answer away, so the app must not show it until the question is answered (who won
        the auction)."""
        return False

    def general_hint(self) -> str:
        """The kind's hint for this question: where to look, speaking only of the trump in
        force (default: :attr:`hint`)."""
        return self.hint

    def mistake_hint(self, feedback: Feedback) -> str | None:
        """A hint that fits the mistake behind a wrong answer (``None``: the question's own
        first hint fits)."""
        return None

    #: what was wrong in an answer of a feedback code, in the learner's words, said before the
    #: first hint (never the answer): see :meth:`what_was_wrong`
    wrong_said: ClassVar[dict[str, str]] = {}

    def what_was_wrong(self, feedback: Feedback) -> str | None:
        """Which part of a wrong answer was wrong, said before the first hint without giving
        the answer ("The tile you picked is a trump, but a higher trump was played.");
        ``None`` when the kind says nothing more (its :attr:`wrong_said` has no line)."""
        return self.wrong_said.get(feedback.code)

    def __init__(self, position: Position, params: Mapping[str, object]) -> None:
        unknown = sorted(set(params) - set(self.params))
        if unknown:
            allowed = ", ".join(self.params) or "none"
            raise FieldError(unknown[0], f"not a field of kind '{self.kind}' (its fields: {allowed})")
        self.position = position
        self.p: dict[str, object] = dict(params)
        self._computed = False
        self.setup()

    # -- to implement -------------------------------------------------------------------
    def setup(self) -> None:
        """Read the kind's fields and check the position can carry the question."""
        return None

    @abstractmethod
    def compute(self) -> A:
        """The answer, from the engine."""

    @abstractmethod
    def read(self, raw: object) -> A:
        """A learner's answer in canonical form (raise AnswerError for a wrong shape)."""

    @abstractmethod
    def judge(self, value: A) -> Feedback:
        """Grade a canonical answer."""

    @abstractmethod
    def to_json(self, value: A) -> JSON:
        """A canonical answer in the export format."""

    @abstractmethod
    def explain(self) -> str:
        """Why the answer is right."""

    def plain(self, value: A) -> str:
        """What the right answer was and why, in one or two sentences a beginner reads, after
        the learner answered ``value`` (read), for a kind whose feedback and explanation are
        mostly numbers: the app shows these words first and the numbers behind a switch.
        ``""`` (the default): the feedback is plain words already."""
        return ""

    @abstractmethod
    def wrong_answers(self) -> Sequence[object]:
        """Wrong answers a learner can give (all of them when there are few), as given:
        :meth:`read` reads each; the most tempting first (a live class offers the first few)."""

    def choices(self) -> list[str] | None:
        """What the app offers to pick from (None: the learner types a number or list)."""
        return None

    def features(self) -> Features:
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
    _answer: A

    def answer(self) -> A:
        """The engine's answer (computed once)."""
        if not self._computed:
            self._answer = self.compute()
            self._computed = True
        return self._answer

    def answer_json(self) -> JSON:
        """The engine's answer in the export format."""
        return self.to_json(self.answer())

    def accepts(self, value: A) -> bool:
        """Whether a canonical answer counts as right (most kinds: equal to the answer)."""
        return bool(value == self.answer())

    def grade(self, raw: object) -> Feedback:
        """Grade a learner's answer. Raises :class:`AnswerError` only for an answer of the
        wrong shape (not a tile, not a list...), which should not count as a try."""
        value = self.read(raw)
        if self.accepts(value):
            return Feedback(True, "correct", "Right! " + self.explain())
        fb = self.judge(value)
        assert not fb.correct and fb.code in self.codes, (self.kind, fb.code)
        return fb

    def check_expected(self, raw: object) -> None:
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

    def param(self, name: str, default: Any = None, required: bool = False) -> Any:  # Any: a content field of whatever type the file gives
        """The entry field ``name`` as the content file gives it. ``Any`` on purpose: a field
        is whatever TOML holds, and each kind's :meth:`setup` checks the value it reads."""
        if name not in self.p:
            if required:
                raise FieldError(name, f"kind '{self.kind}' needs this field")
            return default
        return self.p[name]


#: A task of any kind. ``Task[Any]``, not ``Task[object]``: a kind reads and judges its own
#: answer type only, and the registry holds every kind.
AnyTask: TypeAlias = "Task[Any]"  # Any: each kind reads and judges its own answer type

#: The check kinds by name.
KINDS: dict[str, type[AnyTask]] = {}

#: The feedback codes of an illegal tile, which the engine gives (every kind that plays one
#: tile from the learner's hand has them).
ILLEGAL_PLAY_CODES: dict[str, str] = {
    "must-follow": "played a tile that does not follow, holding one that does (engine code)",
    "trump-cannot-follow": "played a trump bearing the number led, which does not follow (engine code)",
    "not-in-hand": "played a tile that is not in the hand (engine code)",
}


class PlayTask(Task[Tile]):
    """A kind whose answer is one tile played from the learner's hand (``self.hand``, set by
    :meth:`Task.setup`): read, written and offered as that tile."""

    hand: tuple[Tile, ...]
    illegal_codes: ClassVar[frozenset[str]] = frozenset(ILLEGAL_PLAY_CODES)

    def read(self, raw: object) -> Tile:
        return read_tile(raw)

    def to_json(self, value: Tile) -> JSON:
        return str(value)

    def choices(self) -> list[str]:
        return [str(t) for t in self.hand]


_K = TypeVar("_K", bound=type[AnyTask])


def register(cls: _K) -> _K:
    KINDS[cls.kind] = cls
    return cls


def make_task(kind: str, position: Position, params: Mapping[str, object]) -> AnyTask:
    """Build the task of check kind ``kind`` (a FieldError on 'kind' if there is none)."""
    cls = KINDS.get(kind)
    if cls is None:
        raise FieldError("kind", f"{kind!r} is not a check kind (the kinds: {', '.join(KINDS)})")
    return cls(position, params)




def action_label(choice: str) -> str:
    """The button words of an action: ``"pass"`` -> ``"Pass"``, ``"bid 21"`` -> ``"Bid 21 (moon)"``."""
    if choice == "pass":
        return "Pass"
    return choice.replace("bid 21", "bid 21 (moon)").capitalize()


def tile_lines(lines: Sequence[str]) -> str:
    """Feedback about several tiles (or actions): one line each, as a short Markdown list; a
    single line stays a plain sentence.

    >>> print(tile_lines(["6-5 is a trump.", "You left out 5-3."]))
    - 6-5 is a trump.
    - You left out 5-3.
    """
    if len(lines) == 1:
        return lines[0]
    return "\n".join(f"- {line}" for line in lines)
