"""Hindsight grading of the plays of a hand.

For every tile played, :func:`review_hand` gives two verdicts:

- **with all hands open**: how many tricks the player's side in the contract fight (the
  bidder's side, or the defenders together) lost against the best play, by the exact
  solver (:mod:`engine.solver`);
- **from the player's own view**: the strong bot's chance to make (or set) the bid after the
  play and after the best play it found, from the layouts that agree with what the player
  had seen; the drop, in percentage points, is graded like lichess grades a drop in
  winning chance: 5 an *inaccuracy*, 10 a *mistake*, 15 a *blunder* (:data:`~engine.ai.GRADES`).

>>> from engine import Game
>>> from engine.ai import make_bot
>>> g = Game.new(seed=4)
>>> bots = [make_bot("basic", seed=s) for s in range(3)]
>>> while not g.hand_finished:
...     g.apply(bots[g.to_act].decide(g.view(g.to_act)).action)
>>> r = review_hand(g, seats=[g.bidder], expectation=False)
>>> len(r.plays), all(p.tricks_lost >= 0 for p in r.plays)
(7, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.ai import GRADES, StrongBot, _goal_of, make_bot
from engine.game import Game
from engine.solver import Solver, mask_of
from engine.tiles import Tile

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd  # type: ignore[import-untyped]

__all__ = ["HandReview", "PlayReview", "grade", "review_hand"]


def grade(drop: float) -> str | None:
    """The grade of a drop of ``drop`` percentage points in the chance to make (or set) the
    bid: ``"blunder"`` from 15, ``"mistake"`` from 10, ``"inaccuracy"`` from 5, else ``None``.

    >>> grade(20), grade(12), grade(5), grade(4.9)
    ('blunder', 'mistake', 'inaccuracy', None)
    """
    for name, points in GRADES:
        if drop >= points - 1e-9:
            return name
    return None


@dataclass(frozen=True)
class PlayReview:
    """The verdicts on one tile played.

    ``trick`` counts from 1; ``goal`` is ``"make"`` (bidder's side) or ``"set"``;
    ``open_values`` the contract side's tricks (from this trick on) after each legal play
    with all hands open, ``tricks_lost`` the best of them minus the one played;
    ``chance_played`` / ``chance_best`` the chance to reach the goal after the play made and
    after the best play from the player's own view (``None`` when not computed), ``best``
    that best play, ``drop`` the difference in percentage points, ``grade`` its grade,
    ``layouts`` the layouts behind the chances.
    """

    hand_number: int
    trick: int
    seat: int
    tile: Tile
    goal: str
    open_values: dict[Tile, int]
    tricks_lost: int
    chance_played: float | None = None
    chance_best: float | None = None
    best: Tile | None = None
    drop: float | None = None
    grade: str | None = None
    layouts: int = 0

    @property
    def open_best(self) -> list[Tile]:
        """The plays that were best with all hands open."""
        top = max(self.open_values.values())
        return sorted(t for t, v in self.open_values.items() if v == top)

    def describe(self) -> str:
        """One or two sentences for a hand review."""
        who = f"Seat {self.seat}"
        text = f"Trick {self.trick}: {who} played {self.tile}."
        if self.tricks_lost:
            best = ", ".join(str(t) for t in self.open_best)
            s = "s" if self.tricks_lost != 1 else ""
            text += f" With all hands open it cost {self.tricks_lost} trick{s} ({best} was best)."
        if self.drop is not None and self.chance_best is not None and self.chance_played is not None:
            goal = "make" if self.goal == "make" else "set"
            if self.grade:
                text += (
                    f" A{'n' if self.grade == 'inaccuracy' else ''} {self.grade}: from what the player "
                    f"could see, the chance to {goal} the bid dropped from {self.chance_best:.0%} "
                    f"({self.best}) to {self.chance_played:.0%} ({self.layouts} layouts)."
                )
            elif not self.tricks_lost:
                text += f" Good: the chance to {goal} the bid stays at {self.chance_played:.0%}."
        return text

    def row(self) -> dict[str, Any]:
        """This review as a flat dict (a row of :meth:`HandReview.to_frame`)."""
        return {
            "hand": self.hand_number,
            "trick": self.trick,
            "seat": self.seat,
            "tile": str(self.tile),
            "goal": self.goal,
            "tricks_lost": self.tricks_lost,
            "open_best": " ".join(str(t) for t in self.open_best),
            "chance_played": self.chance_played,
            "chance_best": self.chance_best,
            "best": None if self.best is None else str(self.best),
            "drop": self.drop,
            "grade": self.grade,
            "layouts": self.layouts,
        }


@dataclass(frozen=True)
class HandReview:
    """The reviews of a hand's plays, in play order."""

    hand_number: int
    plays: tuple[PlayReview, ...]

    def by_seat(self, seat: int) -> list[PlayReview]:
        """The reviews of one seat's plays."""
        return [p for p in self.plays if p.seat == seat]

    def graded(self, *grades: str) -> list[PlayReview]:
        """The plays with one of ``grades`` (all graded plays when none is given)."""
        return [p for p in self.plays if p.grade and (not grades or p.grade in grades)]

    def to_frame(self) -> pd.DataFrame:
        """The reviews as a pandas DataFrame, one row per play."""
        import pandas as pd

        return pd.DataFrame([p.row() for p in self.plays])


def _start_of_hand(record: dict[str, Any], hand_number: int) -> Game:
    hands = record["hands"]
    if not 1 <= hand_number <= len(hands):
        raise ValueError(f"the record has hands 1 to {len(hands)}, not {hand_number}")
    entry = dict(hands[hand_number - 1])
    entry["actions"] = []
    return Game.replay({**record, "hands": [*hands[: hand_number - 1], entry]})


def review_hand(
    game: Game | dict[str, Any],
    hand_number: int | None = None,
    *,
    seats: Iterable[int] | None = None,
    expectation: bool = True,
    bot: StrongBot | None = None,
) -> HandReview:
    """Review the plays of one hand of ``game`` (a :class:`Game` or its :meth:`Game.record`).

    ``hand_number`` defaults to the last hand of the record; ``seats`` limits the review to
    those seats' plays; ``expectation=False`` skips the own-view chances (faster); ``bot`` is
    the strong bot whose analysis gives them (a default one otherwise).
    """
    record = game.record() if isinstance(game, Game) else game
    number = len(record["hands"]) if hand_number is None else hand_number
    g = _start_of_hand(record, number)
    actions = record["hands"][number - 1].get("actions", [])
    wanted = None if seats is None else set(seats)
    analyst = bot if bot is not None else make_bot("strong", seed=0)
    assert isinstance(analyst, StrongBot)
    solvers: dict[Any, Solver] = {}
    out: list[PlayReview] = []
    for text in actions:
        seat = g.to_act
        if g.phase == "playing" and seat is not None and (wanted is None or seat in wanted):
            view = g.view(seat)
            trump = g.trump
            assert trump is not None and g.leader is not None
            tile = Tile.parse(str(text).split(None, 1)[1])
            goal, gside, _won, _target = _goal_of(view)
            gmask = 0
            for s in gside:
                gmask |= 1 << s
            solver = solvers.get(trump)
            if solver is None:
                solver = solvers[trump] = Solver(trump, g.rules.players)
            hands = [mask_of(h) for h in g.hands]
            vals = solver.move_values_masks(hands, g.leader, gmask, [t.index for t in g.current_trick])
            open_values = {t: vals[t.index] for t in (a.value for a in view.legal_actions()) if isinstance(t, Tile)}
            lost = max(open_values.values()) - open_values[tile]
            review = PlayReview(number, len(g.tricks) + 1, seat, tile, goal, open_values, lost)
            if expectation:
                an = analyst.analyse(view)
                best = an.best(trump)
                cb, cp = an.goal_chance[best], an.goal_chance[tile]
                drop = round(100 * (cb - cp), 6)
                review = PlayReview(
                    number, len(g.tricks) + 1, seat, tile, goal, open_values, lost,
                    cp, cb, best, drop, grade(drop), an.layouts,
                )
            out.append(review)
        g.apply(text)
    return HandReview(number, tuple(out))
