"""Play it out: the drill that ends every Play better stage.

The drill starts from a prepared position of the stage (:func:`drill_of`: the stage's position
with the most tiles still in the learner's hand, so there is the most hand left to play). The
learner plays it to the end of the hand against the strong computer players
(:class:`DrillPlay`), seeing only their own seat. Then :meth:`DrillPlay.result` says how it
went against the best line in expectation:

- the tricks the learner's side took from the position on (the trick in progress counts);
- the tricks the best line takes on average from the same position: the fair answer's value
  of its best tile (:func:`engine.strategy.fair_answer`, over the layouts of the unseen tiles
  the learner could not rule out), as the stage file records it;
- the first decision where the learner left the principle: the principle applied, its rule
  picked a tile, the learner played another, and that other tile does worse in expectation
  than the rule's (by :data:`~engine.strategy.TRICK_MARGIN` tricks or
  :data:`~engine.strategy.CHANCE_MARGIN` chance points, on the fair answer of that decision).
  A different tile that does as well is no departure: the principle, not a coin flip, decides;
  the result still names each such decision with both averages (:attr:`DrillResult.alike`).

A try is stored like any answer to a level (a lesson answer whose level id is the drill's
:attr:`Drill.id`, the tiles played its answer), right when the learner kept to the principle to the end of
the hand. Its stars follow the course's one rule (:mod:`content.stars`): ★★★ kept to it at
the first try, ★★ after one try that left it, ★ after more. The tricks taken are not graded:
one layout's tricks are luck, the decisions are not.

>>> from lessons import load_course
>>> stage = load_course().stage("pb-draw-trumps")
>>> d = drill_of(stage)
>>> d.id, d.stage, d.principle
('pb-draw-trumps-drill', 'pb-draw-trumps', 'draw-trumps')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.game import Game, PlayerView
from engine.players import make_bot
from engine.players.base import Bot
from engine.rules import RuleSet
from engine.strategy import CHANCE_MARGIN, TRICK_MARGIN, FairAnswer, fair_answer, side_of
from engine.tiles import Tile
from engine.words import tricks_average
from lessons.strategy.generate import SAMPLES
from lessons.strategy.principles import principle

if TYPE_CHECKING:
    from lessons.loader import Course, Level, Stage

__all__ = ["BOTS", "DRILL_SAMPLES", "Decision", "Departure", "Drill", "DrillPlay", "DrillResult",
           "drill_id", "drill_ids", "drill_of", "drills"]

#: The computer players the learner plays against.
BOTS = "strong"
#: Layouts drawn for the fair answer of a decision when there are too many to solve them all
#: (as many as the stage's positions, with the deal's seed: at the drill's first decision the
#: figures are the level's own).
DRILL_SAMPLES = SAMPLES
#: What a drill's level id ends with.
SUFFIX = "-drill"


def drill_id(stage_id: str) -> str:
    """The id a stage's drill is stored under (its answers are lesson answers of this id)."""
    return f"{stage_id}{SUFFIX}"


@dataclass(frozen=True)
class Drill:
    """A stage's drill: the position of one of its levels (``level``): the deal (``rules``,
    ``seed``), the ``actions`` up to the decision, the learner's ``seat``; and the best line's
    average from there (``best_tricks`` for the side, ``best_chance`` in percent of layouts
    the side gets what it wants, over ``layouts`` layouts, all of them when ``exhaustive``);
    ``need`` the tricks the side still needs, ``goal`` ``"make"`` or ``"set"``."""

    id: str
    stage: str
    principle: str
    level: str
    rules: RuleSet
    seed: int
    actions: tuple[str, ...]
    seat: int
    best: Tile
    best_tricks: float
    best_chance: float
    layouts: int
    exhaustive: bool
    need: int
    goal: str

    @property
    def alone(self) -> bool:
        """Whether the learner's side is the learner alone (the bidder of three players): its
        tricks are then "yours", not "your side's"."""
        return self.rules.players == 3 and self.goal == "make"

    def start(self) -> Game:
        """The game at the drill's position."""
        g = Game.new(self.rules, seed=self.seed)
        for a in self.actions:
            g.apply(a)
        return g


def _tiles_left(level: Level) -> int:
    seat = level.position.to_play
    return len(level.position.hand(seat)) if seat is not None else 0


def drill_of(stage: Stage) -> Drill:
    """The drill of a Play better stage: the position of its level with the most tiles left in
    the learner's hand (the first such level), with the best line's average as recorded."""
    levels = [lv for lv in stage.levels if lv.kind == "strategy"]
    if not levels:
        raise ValueError(f"stage {stage.id} has no Play better position")
    lv = max(levels, key=lambda x: (_tiles_left(x), -levels.index(x)))
    task = lv.task
    seat = lv.position.to_play
    if seat is None:
        raise ValueError(f"level {lv.id} names no seat to play")
    n = int(task.param("layouts"))
    best = lv.answer()
    assert isinstance(best, Tile)
    sums = task.param("tricks")
    made = task.param("made")
    return Drill(
        id=drill_id(stage.id), stage=stage.id, principle=str(task.param("principle")), level=lv.id,
        rules=lv.position.rules, seed=int(task.param("seed")), actions=tuple(str(a) for a in task.param("actions")),
        seat=seat, best=best, best_tricks=int(sums[str(best)]) / n,
        best_chance=100.0 * int(made[str(best)]) / n, layouts=n, exhaustive=bool(task.param("exhaustive")),
        need=int(task.param("need")), goal=str(task.param("goal")),
    )


def drills(course: Course) -> list[Drill]:
    """Every Play better stage's drill, in course order."""
    return [drill_of(s) for s in course.stages if s.part == "play-better"]


def drill_ids(course: Course) -> dict[str, str]:
    """Each drill's id and its stage's id (the ids a progress file may name besides levels)."""
    return {drill_id(s.id): s.id for s in course.stages if s.part == "play-better"}


@dataclass(frozen=True)
class Decision:
    """One tile the learner played in the drill: the actions before it (``before``, from the
    deal), the ``trick`` number (1 = the first of the hand), whether they led, the tile
    ``played`` and the principle's pick there (``pick``: ``None`` when the principle did not
    apply or picked no single tile)."""

    before: tuple[str, ...]
    trick: int
    led: bool
    played: Tile
    pick: Tile | None


@dataclass(frozen=True)
class Departure:
    """The first decision where the learner left the principle, and what it cost on average:
    the side's tricks from there with the principle's tile and with the learner's, over
    ``layouts`` layouts; ``text`` says it in plain words."""

    decision: Decision
    pick_tricks: float
    played_tricks: float
    layouts: int
    text: str
    #: the figures behind ``text``: the averages to two decimals and how many layouts they
    #: are over (shown apart, under the result's numbers)
    numbers: str = ""


@dataclass(frozen=True)
class DrillResult:
    """How the drill went: the side's ``tricks`` from the drill's position on, whether the
    side got what it wanted (``achieved``: the bid made, or set), the best line's average
    (``best_tricks``), the decisions the principle judged (``judged``) and the first departure
    (``None``: the learner kept to the principle)."""

    drill: Drill
    tricks: int
    achieved: bool
    judged: int
    departure: Departure | None
    played: tuple[Tile, ...]
    #: the decisions before the departure (or to the end) where the learner played another
    #: tile than the principle's and it did as well on average: not counted against them
    alike: tuple[Departure, ...] = ()
    #: when the learner kept to the principle but fell short (the goal missed, or a trick or
    #: more under the best line's average): the decisions the principle does not judge where
    #: another tile did better on average, each said with the tile and the figures
    costly: tuple[Departure, ...] = ()

    @property
    def kept(self) -> bool:
        """True when the learner never left the principle (the try is right)."""
        return self.departure is None

    def lines(self) -> list[str]:
        """The result in plain words, one sentence a line."""
        d = self.drill
        if d.rules.players == 4:
            side = f"your side (you and your partner, Seat {(d.seat + 2) % 4})"
        elif d.goal == "set":
            bidder = d.start().bidder
            other = next(s for s in range(3) if s not in (d.seat, bidder))
            side = f"your side (you and the other defender, Seat {other})"
        else:
            side = "you"
        goal = ("made the bid" if self.achieved else "went down") if d.goal == "make" else \
            ("set the bid" if self.achieved else "let the bidder make it")
        out = [
            f"From the position on, {side} took {_count(self.tricks, 'trick')} and {goal}.",
            f"The best line takes {tricks_average(d.best_tricks)} on average from the same position, over the "
            f"ways the tiles you could not see may lie, and {'makes' if d.goal == 'make' else 'sets'} the bid "
            f"{_how_often(d.best_chance, d.exhaustive)}.",
        ]
        out += [a.text for a in self.alike]
        if self.departure is None and self.alike:
            out.append(f"You kept to the principle wherever it mattered: at the other "
                       f"{_count(self.judged - len(self.alike), 'decision')} where it picks a tile you played that tile.")
        elif self.departure is None:
            out.append(f"You kept to the principle at every decision where it picks a tile "
                       f"({_count(self.judged, 'decision')}).")
        else:
            out.append(self.departure.text)
        if self.departure is None and self.short:
            if self.costly:
                out.append("The tricks went at decisions this principle does not judge:")
                out += [c.text for c in self.costly]
            else:
                cost = "you" if d.alone else "your side"
                out.append(f"No decision of yours cost {cost} on average (each checked over the layouts of "
                           "the tiles you could not see): the tricks went to the way those tiles lay this time "
                           "and the way the other seats played them.")
            if not self.achieved:
                out.append("Your stars are for keeping to the principle, which you did; "
                           + ("the hand was lost at the decisions above, which the principle does not judge."
                              if self.costly else "the hand was lost to the lie of the tiles, not to a decision of yours."))
        return out

    def numbers(self) -> list[str]:
        """The figures behind :meth:`lines`, one a line, each with the layouts it is over:
        the best line's, then each decision the lines judge by its averages."""
        d = self.drill
        out = [f"The best line from the position: {d.best_tricks:.2f} tricks on average, the bid "
               f"{'made' if d.goal == 'make' else 'set'} in {d.best_chance:.0f}% of the layouts, over "
               f"{_over(d.exhaustive, d.layouts)}."]
        more = [*self.alike, *([self.departure] if self.departure is not None else []), *self.costly]
        return out + [m.numbers for m in more if m.numbers]

    @property
    def short(self) -> bool:
        """The side missed its goal, or took a trick or more under the best line's average."""
        return not self.achieved or self.tricks <= self.drill.best_tricks - 1


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _how_often(chance: float, exhaustive: bool) -> str:
    """In how many of the layouts the side gets what it wants, in words: "in every one of
    them" (every layout solved), "in every one tried" (a sample), "in none of them", else a
    whole percentage ("in 92% of them")."""
    if chance >= 100.0:
        return "in every one of them" if exhaustive else "in every one tried"
    if chance <= 0.0:
        return "in none of them" if exhaustive else "in none tried"
    pct = f"{chance:.0f}"
    pct = "over 99" if pct == "100" else "under 1" if pct == "0" else pct
    return f"in {pct}% of them"


def _over(exhaustive: bool, layouts: int) -> str:
    """The layouts a figure is over: "every one of the 924 layouts of the tiles you could not
    see", "a sample of 400 layouts of ..."."""
    if layouts == 1:
        return "the one layout left for the tiles you could not see"
    return f"{'every one of the' if exhaustive else 'a sample of'} {layouts} layouts of the tiles you could not see"


def _numbers(d: Decision, fa: FairAnswer, better: Tile, played: Tile) -> str:
    """The figures of a judged decision for the result's numbers: both tiles' averages to two
    decimals and chances, and the layouts they are over."""
    return (f"Trick {d.trick}: {better} {fa.tricks[better]:.2f} tricks on average ({fa.chance[better]:.0f}% of the "
            f"layouts), {played} {fa.tricks[played]:.2f} ({fa.chance[played]:.0f}%), over "
            f"{_over(fa.exhaustive, fa.layouts)}.")


class DrillPlay:
    """One try at a drill: the game from the drill's position, the strong computer players in
    every other seat (seeded by the drill and ``attempt``, so a try replays the same), and the
    learner's decisions so far."""

    def __init__(self, drill: Drill, attempt: int = 1) -> None:
        self.drill = drill
        self.attempt = attempt
        self.game = drill.start()
        self.actions: list[str] = list(drill.actions)
        self.start_tricks = len(self.game.tricks)
        self.decisions: list[Decision] = []
        n = drill.rules.players
        self._bots: list[Bot] = [make_bot(BOTS, seed=drill.seed * 100 + attempt * 10 + s) for s in range(n)]
        self._result: DrillResult | None = None
        self.advance()

    @property
    def finished(self) -> bool:
        return self.game.hand_finished

    @property
    def seat(self) -> int:
        return self.drill.seat

    def view(self) -> PlayerView:
        """What the learner's seat sees now."""
        return self.game.view(self.seat)

    def legal(self) -> list[Tile]:
        """The tiles the learner may play now (none when it is not their turn)."""
        if self.finished or self.game.to_act != self.seat:
            return []
        return sorted(a.value for a in self.game.legal_actions() if isinstance(a.value, Tile))

    def advance(self) -> None:
        """Let the computer players play until it is the learner's turn or the hand ends."""
        while not self.game.hand_finished and self.game.to_act != self.seat:
            seat = self.game.to_act
            assert seat is not None
            action = self._bots[seat].decide(self.game.view(seat)).action
            self._apply(str(action))

    def _apply(self, action: str) -> None:
        self.game.apply(action)
        self.actions.append(action)

    def play(self, tile: Tile) -> None:
        """The learner plays ``tile`` (``ValueError`` when it is not a legal play now); then the
        computer players play on."""
        if tile not in self.legal():
            raise ValueError(f"{tile} cannot be played now")
        view = self.view()
        p = principle(self.drill.principle)
        pick = p.rule(view) if p.applies(view) else None
        self.decisions.append(Decision(tuple(self.actions), len(view.tricks) + 1, not view.current_trick, tile, pick))
        self._apply(f"play {tile}")
        self.advance()

    def tricks_taken(self) -> int:
        """The side's tricks from the drill's position on (finished tricks only)."""
        side = set(side_of(self.game.view(self.seat)))
        return sum(1 for t in self.game.tricks[self.start_tricks:] if t.winner in side)

    def result(self) -> DrillResult:
        """How the try went (the hand must be finished); the fair answers of the decisions
        that left the principle's pick are computed here, once."""
        if not self.finished:
            raise ValueError("the hand is not finished yet")
        if self._result is None:
            tricks = self.tricks_taken()
            judged = [d for d in self.decisions if d.pick is not None]
            departure, alike = self._departures(judged)
            res = DrillResult(self.drill, tricks, tricks >= self.drill.need, len(judged),
                              departure, tuple(d.played for d in self.decisions), alike)
            if departure is None and res.short:
                res = replace(res, costly=self._costly([d for d in self.decisions if d.pick is None]))
            self._result = res
        return self._result

    def _fair(self, d: Decision) -> FairAnswer:
        """The fair answer at decision ``d`` (the learner's seat, from the actions before it)."""
        g = Game.new(self.drill.rules, seed=self.drill.seed)
        for a in d.before:
            g.apply(a)
        return fair_answer(g.view(self.seat), samples=DRILL_SAMPLES, seed=self.drill.seed)

    def _costly(self, unjudged: Sequence[Decision]) -> tuple[Departure, ...]:
        """The decisions of ``unjudged`` (where the principle picks no tile) at which another
        tile did better on average than the learner's, by the margins a departure needs
        (:data:`~engine.strategy.TRICK_MARGIN` tricks or :data:`~engine.strategy.CHANCE_MARGIN`
        chance points), each said: the trick, the tile played, the better tile and the figures."""
        out: list[Departure] = []
        alone = self.drill.alone
        aim = ("make" if alone else "makes") if self.drill.goal == "make" else ("set" if alone else "sets")
        side = "you" if alone else "your side"
        for d in unjudged:
            fa = self._fair(d)
            best = fa.best
            dt = fa.tricks[best] - fa.tricks[d.played]
            dc = fa.chance[best] - fa.chance[d.played]
            if best == d.played or (dt < TRICK_MARGIN - 1e-9 and dc < CHANCE_MARGIN - 1e-9):
                continue
            if fa.layouts == 1:
                over, figures = "the tiles you could not see had only one way left to lie", f"for {side}"
                chances = (f"(with {best} {side} {aim} the bid, with {d.played} {'you do' if alone else 'it does'} not)"
                           if fa.chance[best] > fa.chance[d.played] else "")
            else:
                over = "over the ways the tiles you could not see may lie"
                figures = f"on average for {side}"
                chances = (f"({side} {aim} the bid in {fa.chance[best]:.0f}% of them with {best}, in "
                           f"{fa.chance[d.played]:.0f}% with {d.played})")
            text = (f"Trick {d.trick}: you {'led' if d.led else 'played'} {d.played}; {best} did better: "
                    f"{tricks_average(fa.tricks[best])} {figures} from there against "
                    f"{tricks_average(fa.tricks[d.played])} with {d.played}; {over}"
                    f"{' ' + chances if chances else ''}.")
            out.append(Departure(d, fa.tricks[best], fa.tricks[d.played], fa.layouts, text,
                                 _numbers(d, fa, best, d.played)))
        return tuple(out)

    def _departures(self, judged: Sequence[Decision]) -> tuple[Departure | None, tuple[Departure, ...]]:
        """The first decision that left the principle at a cost, and the decisions before it
        that left its tile for one as good on average (said, not counted)."""
        p = principle(self.drill.principle)
        alike: list[Departure] = []
        for d in judged:
            if d.pick is None or d.played == d.pick:
                continue
            g = Game.new(self.drill.rules, seed=self.drill.seed)
            for a in d.before:
                g.apply(a)
            view = g.view(self.seat)
            fa = fair_answer(view, samples=DRILL_SAMPLES, seed=self.drill.seed)
            dt = fa.tricks[d.pick] - fa.tricks[d.played]
            dc = fa.chance[d.pick] - fa.chance[d.played]
            verb = "led" if d.led else "played"
            side = "you" if self.drill.alone else "your side"
            over = "over the ways the tiles you could not see may lie"
            aim = ("make" if self.drill.alone else "makes") if self.drill.goal == "make" else \
                ("set" if self.drill.alone else "sets")
            played, picked = tricks_average(fa.tricks[d.played]), tricks_average(fa.tricks[d.pick])
            numbers = _numbers(d, fa, d.pick, d.played)
            if dt < TRICK_MARGIN - 1e-9 and dc < CHANCE_MARGIN - 1e-9:
                # As good in expectation: a coin flip, not the principle; said, not counted.
                how = "better" if dt < 0 and played != picked else "as well"
                text = (f"Trick {d.trick}: you {verb} {d.played}, where {p.title} picks {d.pick}. Here {d.played} does "
                        f"{how} on average: {played} for {side} from there against "
                        f"{picked} with {d.pick}, {over}, so it is not counted against you.")
                alike.append(Departure(d, fa.tricks[d.pick], fa.tricks[d.played], fa.layouts, text, numbers))
                continue
            words = p.wrong(view, fa, d.played).split(" With ")[0]
            text = (f"Trick {d.trick}: you {verb} {d.played}, where {p.title} picks {d.pick}. {words} "
                    f"{over[0].upper()}{over[1:]}, {d.pick} gives {side} {picked} on average from there and "
                    f"{d.played} {played}"
                    + (f"; {side} {aim} the bid in {fa.chance[d.pick]:.0f}% of "
                       f"them with {d.pick}, in {fa.chance[d.played]:.0f}% with {d.played}" if played == picked else "")
                    + ".")
            return Departure(d, fa.tricks[d.pick], fa.tricks[d.played], fa.layouts, text, numbers), tuple(alike)
        return None, tuple(alike)
