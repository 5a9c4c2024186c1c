"""Search the Play it out drills for the scenes the drill tests play.

    python -m bench.drill_scenes [--stage pb-draw-trumps] [--attempt 1]

The drills' positions come from the stage files, so a regenerated stage (or a changed rule)
can take away the scene a test was written on. This prints the scenes there are now:

- ``alike``: in the ``--stage`` drill, played by its principle (the principle's tile where it
  picks one, else the first legal tile, as the tests play), each decision where the learner
  could play another tile than the principle's that does better on average within the margins
  of a departure (so it is said, not counted), and the line then played by the principle to
  the end keeps to it with that one decision said;
- ``every line``: the ``--stage`` drill's lines that keep to the principle, over every choice at
  the decisions it does not judge, and how many of them miss the side's goal;
- ``down``: every Play better drill whose first try played by its principle (first legal tile
  elsewhere) misses the side's goal with decisions the principle does not judge that cost
  tricks (the result then says where the tricks went).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from engine.strategy import CHANCE_MARGIN, TRICK_MARGIN, fair_answer
from engine.tiles import Tile
from lessons import load_course
from lessons.strategy.drill import DRILL_SAMPLES, Drill, DrillPlay, drill_of
from lessons.strategy.principles import principle

__all__ = ["alike_scenes", "down_drills", "every_line"]


def _pick(p: DrillPlay) -> Tile | None:
    view = p.view()
    pr = principle(p.drill.principle)
    return pr.rule(view) if pr.applies(view) else None


def _by_principle(p: DrillPlay) -> DrillPlay:
    """``p`` played to the end: the principle's tile where it picks one, else the first legal."""
    while not p.finished:
        pick = _pick(p)
        p.play(pick if pick is not None else p.legal()[0])
    return p


def _replay(d: Drill, moves: list[Tile], attempt: int) -> DrillPlay:
    p = DrillPlay(d, attempt=attempt)
    for t in moves:
        p.play(t)
    return p


def alike_scenes(d: Drill, attempt: int = 1) -> Iterator[tuple[int, bool, Tile, Tile, float]]:
    """(trick, led, tile played, principle's tile, tricks gained on average) for each decision of
    the line by the principle where another tile does better on average within the margins, and
    the try that plays it there and keeps to the principle after it is kept with that decision
    said as alike (the only one)."""
    moves: list[Tile] = []
    p = DrillPlay(d, attempt=attempt)
    while not p.finished:
        pick = _pick(p)
        if pick is not None:
            view = p.view()
            fa = fair_answer(view, samples=DRILL_SAMPLES, seed=d.seed)
            for other in p.legal():
                gain = fa.tricks[other] - fa.tricks[pick]
                if other == pick or gain <= 0 or fa.chance[pick] - fa.chance[other] >= CHANCE_MARGIN - 1e-9:
                    continue
                assert -gain < TRICK_MARGIN
                r = _by_principle(_replay(d, [*moves, other], attempt)).result()
                trick = len(view.tricks) + 1
                if r.kept and [a.decision.trick for a in r.alike] == [trick]:
                    yield trick, not view.current_trick, other, pick, gain
        tile = pick if pick is not None else p.legal()[0]
        moves.append(tile)
        p.play(tile)


def every_line(d: Drill, attempt: int = 1) -> tuple[int, int]:
    """The lines that keep to the principle over every choice at the other decisions: how many
    there are, and how many miss the side's goal."""
    lines = down = 0

    def walk(moves: list[Tile]) -> None:
        nonlocal lines, down
        p = _replay(d, moves, attempt)
        if p.finished:
            lines += 1
            down += p.tricks_taken() < d.need
            return
        pick = _pick(p)
        for t in [pick] if pick is not None else p.legal():
            walk([*moves, t])

    walk([])
    return lines, down


def down_drills() -> Iterator[tuple[str, int, tuple[int, ...]]]:
    """(stage id, tricks taken, tricks of the costly decisions) of each drill whose first try
    played by the principle misses the side's goal with costly decisions."""
    course = load_course()
    for stage in course.stages:
        if stage.part != "play-better":
            continue
        p = _by_principle(DrillPlay(drill_of(stage), attempt=1))
        r = p.result()
        if not r.achieved and r.costly:
            yield stage.id, r.tricks, tuple(c.decision.trick for c in r.costly)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stage", default="pb-draw-trumps", help="the stage whose drill is searched for alike scenes")
    ap.add_argument("--attempt", type=int, default=1, help="the try (it seeds the computer players)")
    args = ap.parse_args()
    d = drill_of(load_course().stage(args.stage))
    print(f"{args.stage}: deal {d.seed}, level {d.level}, attempt {args.attempt}")
    for trick, led, tile, pick, gain in alike_scenes(d, args.attempt):
        print(f"  alike: trick {trick}, {'led' if led else 'played'} {tile} where the principle picks {pick}: "
              f"+{gain:.2f} tricks on average")
    lines, down = every_line(d, args.attempt)
    print(f"  every line by the principle: {lines}, {down} of them miss the goal")
    for stage_id, tricks, costly in down_drills():
        print(f"down: {stage_id}: {tricks} tricks by the principle, costly decisions at tricks {list(costly)}")


if __name__ == "__main__":
    main()
