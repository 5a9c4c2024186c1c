"""The seeded generator of Play better: positions for each principle, found in dealt hands.

For each seed in turn it deals a hand (three players for even seeds, four for odd ones), plays
it with the basic computer players, and at every play decision of the seat to act asks: does
the principle apply, does its rule pick exactly one tile, and is that tile the fair answer
(:func:`engine.strategy.fair_answer`) by the margin of the course
(:meth:`~engine.strategy.FairAnswer.clear_best`)? The first such decision of a deal becomes a
position; a tile the stage's explanation names as its example is never an answer. The same
arguments write the same file::

    python -m lessons.strategy generate            # rewrite lessons/data/5x-*.toml
    python -m lessons.strategy generate keep-later # only the stages of the principles named
    python -m lessons.strategy check               # recompute every shipped answer and margin
    python -m lessons.strategy retext              # rewrite only the words of the shipped files
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from content.model import Position
from content.tomlw import dumps_entries, value
from engine.contract import goal_of, side_seats
from engine.game import Game, PlayerView
from engine.players import make_bot
from engine.players.facts import seat_goal
from engine.rules import RuleSet
from engine.strategy import FairAnswer, fair_answer
from engine.tiles import Tile
from engine.words import trump_phrase
from lessons.loader import DATA_DIR
from lessons.strategy.principles import PRINCIPLES, Principle

__all__ = ["FIRST_STAGE", "PER_STAGE", "SAMPLES", "Found", "find", "game_of", "giveaways", "place_of", "render_stage",
           "retext", "retext_all", "stage_path", "write_all"]

#: The stage number of the first principle (the rules stages come before).
FIRST_STAGE = 51
#: Positions per principle.
PER_STAGE = 8
#: Layouts drawn when there are too many to solve them all.
SAMPLES = 400
#: The seeds tried per principle (the search stops at :data:`PER_STAGE` positions).
MAX_SEEDS = 60000


@dataclass(frozen=True)
class Found:
    """One generated position: the deal (``rules``, ``seed``) and the ``actions`` up to the
    decision, the ``seat`` to play, and its fair answer."""

    principle: str
    rules: RuleSet
    seed: int
    actions: tuple[str, ...]
    seat: int
    answer: FairAnswer


def game_of(rules: RuleSet, seed: int, actions: Sequence[str]) -> Game:
    """The game of a position: the seeded deal, then the actions in order."""
    g = Game.new(rules, seed=seed)
    for a in actions:
        g.apply(a)
    return g


def _rules_for(seed: int, players: Sequence[int] = (3, 4)) -> RuleSet:
    """Three players for even seeds, four for odd ones (or the principle's one number)."""
    n = players[0] if len(players) == 1 else (4 if seed % 2 else 3)
    return RuleSet(players=4) if n == 4 else RuleSet()


def find(p: Principle, count: int = PER_STAGE, start: int = 1, max_seeds: int = MAX_SEEDS) -> Iterator[Found]:
    """Up to ``count`` positions of principle ``p`` from the seeds ``start``, ``start + 1``, …"""
    example = {Tile.parse(m) for m in re.findall(r"\b[0-6]-[0-6]\b", p.summary)}
    found = 0
    places: list[tuple[int, int]] = []
    kinds: list[str] = []
    branches: list[str] = []
    for seed in range(start, start + max_seeds):
        rules = _rules_for(seed, p.players)
        kind = p.trumps[seed // 2 % len(p.trumps)] if p.trumps else ""
        if p.trumps and kinds.count(kind) >= count // len(p.trumps):
            continue  # each forced trump kind gets its share of the stage
        g = Game.new(rules, seed=seed)
        bots = [make_bot("basic", seed=seed * 10 + s) for s in range(rules.players)]
        actions: list[str] = []
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            if (str(g.phase) == "playing" and len(view.hand) >= p.min_tiles and len(view.legal_actions()) > 1
                    and p.applies(view)):
                pick = p.rule(view)
                if (pick is not None and pick not in example and not p.gives_away(view, pick)
                        and _place_free(places, place_of(view.hand, pick), count)
                        and (not p.open_contract or _contract_open(view))
                        and (p.branch is None or branches.count(p.branch(view)) < count // 2)):
                    fa = fair_answer(view, samples=SAMPLES, seed=seed)
                    if (fa.best == pick and fa.clear_best() and _displayable(view)
                            and (not p.open_contract or fa.chance[pick] > 0)):
                        yield Found(p.id, rules, seed, tuple(actions), seat, fa)
                        places.append(place_of(view.hand, pick))
                        kinds.append(kind)
                        branches.append(p.branch(view) if p.branch is not None else "")
                        found += 1
                        break
            action = bots[seat].decide(view).action
            if str(g.phase) == "trump" and p.trumps:
                action = next(a for a in g.legal_actions() if str(a) == f"trump {kind}")
            actions.append(str(action))
            g.apply(action)
        if found >= count:
            return


def _contract_open(view: PlayerView) -> bool:
    """True while the seat's side still needs tricks for its goal and the other side has not
    reached its own (the bid is neither made nor set yet)."""
    assert view.bidder is not None and view.bid is not None
    mine = seat_goal(view)
    theirs = goal_of(view.rules, next(s for s in range(view.rules.players) if s not in mine.seats), view.bidder,
                     view.bid)
    return mine.won < mine.target and sum(view.tricks_won[s] for s in theirs.seats) < theirs.target


def place_of(hand: Sequence[Tile], tile: Tile) -> tuple[int, int]:
    """Where ``tile`` stands in the hand row the learner sees: (from the left, from the right)."""
    i = list(hand).index(tile)
    return i, len(hand) - 1 - i


def _place_free(places: Sequence[tuple[int, int]], place: tuple[int, int], count: int) -> bool:
    """True while fewer than half of a stage's ``count`` answers stand at ``place``'s left
    place, and fewer than half at its right place."""
    most = count // 2
    return (sum(p[0] == place[0] for p in places) < most and sum(p[1] == place[1] for p in places) < most)


# -- what the learner sees ----------------------------------------------------------------------
def position_dict(view: PlayerView) -> dict[str, Any]:  # Any: TOML tables of mixed value types
    """The position table of a level: what the seat sees (its hand, the auction, trump, the
    tiles of earlier tricks, the trick in progress)."""
    assert view.trump is not None and view.leader is not None
    bids: list[str | int] = ["pass" if b == 0 else b for _, b in view.bids]
    out: dict[str, Any] = {  # Any: TOML tables of mixed value types
        "rules": view.rules.to_dict(),
        "trump": _trump_text(view),
        "first_bidder": view.first_bidder,
        "bids": bids,
        "leader": view.leader,
        "trick": [str(t) for t in view.current_trick],
        "played": [str(t) for tr in view.tricks for t in tr.tiles],
        "tricks_won": list(view.tricks_won),
        "hands": {str(view.seat): [str(t) for t in view.hand]},
    }
    return out


def _trump_text(view: PlayerView) -> str:
    t = view.trump
    assert t is not None
    return str(t.value) if t.kind == "number" else str(t.kind)


def _displayable(view: PlayerView) -> bool:
    try:
        Position.from_dict(position_dict(view))
    except Exception:  # a position the lessons' model cannot show is not shipped
        return False
    return True


def _learner_seat(view: PlayerView, seat: int, start: bool = False) -> str:
    """How the position names ``seat`` to the learner, who sits at ``view.seat``: "you" (or
    "You" at the ``start`` of a sentence), else "Seat N", as the Play table names seats."""
    if seat == view.seat:
        return "You" if start else "you"
    return f"Seat {seat}"


def role(view: PlayerView) -> str:
    """The learner's part in the contract, as the start of the question: "You are the
    bidder", "Your partner, Seat 0, is the bidder" or "You defend against Seat 2"."""
    bidder = view.bidder
    assert bidder is not None
    if bidder == view.seat:
        return "You are the bidder"
    if bidder in side_seats(view.rules, view.seat):
        return f"Your partner, Seat {bidder}, is the bidder"
    partners = [s for s in side_seats(view.rules, bidder) if s != bidder]
    return f"You defend against Seat {bidder}" + "".join(f" (the bidder) and Seat {s}" for s in partners)


def history(view: PlayerView) -> str:
    """The hand so far in words: the contract, and each finished trick with who played what,
    the learner named "you". A learner who is the bidder with a widow is told the tile it laid
    aside: it counts among the tiles the learner has seen, and the page shows it nowhere else."""
    assert view.trump is not None and view.bidder is not None
    lines = [f"{_learner_seat(view, view.bidder, start=True)} won the auction with a bid of {view.bid}"
             f"{_widow_words(view)}."]
    n = view.rules.players
    for i, tr in enumerate(view.tricks, start=1):
        plays = ", ".join(f"{_learner_seat(view, (tr.leader + j) % n)} {'led' if j == 0 else 'played'} {t}"
                          for j, t in enumerate(tr.tiles))
        lines.append(f"Trick {i}: {plays}; {_learner_seat(view, tr.winner)} took it.")
    if not view.tricks:
        lines.append("No trick has been played yet.")
    return "\n\n".join(lines)


def _widow_words(view: PlayerView) -> str:
    """How the bidder's turn after the auction goes on, from the auction's sentence: ``" and
    named fours trump"``, or with the widow seen (the learner is the bidder) ``", picked up
    the widow, laid 6-1 aside and named fours trump"`` (in the order of the rules in force,
    docs/rules.md §5.1 and §9.3). The tile laid aside is named, as the learner saw it and
    the page shows it nowhere else; the widow's tile only when it is that tile (``", picked up
    the widow (3-1), laid it aside and …"``): else it is in the hand shown or a trick told."""
    assert view.trump is not None
    named = f"named {trump_phrase(view.trump)}"
    if not view.widow or view.discard is None:
        return f" and {named}"
    if (view.discard,) == tuple(view.widow):
        widow, aside = f"the widow ({view.discard})", "laid it aside"
    else:
        widow, aside = "the widow", f"laid {view.discard} aside"
    if view.rules.trump_before_widow:
        return f", {named}, then picked up {widow} and {aside}"
    return f", picked up {widow}, {aside} and {named}"


def recorded_answer(level: Mapping[str, Any], view: PlayerView) -> FairAnswer:  # Any: a TOML table
    """The fair answer as ``level`` records it (its sums of tricks and counts of made layouts),
    without the layouts themselves (``per_layout`` is empty): enough for the words."""
    n = int(level["layouts"])
    tricks = {Tile.parse(t): int(v) / n for t, v in level["tricks"].items()}
    chance = {Tile.parse(t): 100.0 * int(v) / n for t, v in level["made"].items()}
    return FairAnswer(view.seat, tuple(seat_goal(view).seats), n, int(level["all_layouts"]), bool(level["exhaustive"]),
                      tricks, chance, (), int(level["need"]), str(level["goal"]))


def retext(level: Mapping[str, Any], found_seat: int, principle_id: str) -> dict[str, Any]:  # Any: TOML tables of mixed value types
    """``level`` with its words (``intro``, ``question``, the feedback ``right`` and ``why``)
    written again from its deal and its recorded figures, without solving anything: what
    :func:`level_dict` would write for them."""
    p = next(x for x in PRINCIPLES if x.id == principle_id)
    rules = RuleSet.from_dict(dict(level["position"]["rules"]))
    view = game_of(rules, int(level["seed"]), tuple(level["actions"])).view(found_seat)
    fa = recorded_answer(level, view)
    why = {str(t): p.wrong(view, fa, t) for t in sorted(fa.tricks) if t != fa.best}
    return {**level, "intro": history(view), "question": question(p, view), "right": p.right(view, fa, fa.best),
            "why": why}


def retext_all(data_dir: Path | None = None) -> list[Path]:
    """Write the words of every shipped stage file again (:func:`retext`: intros, questions and
    feedback from the principles' current wording), its answers and figures as they are;
    return the paths."""
    import tomllib

    paths = []
    for i, p in enumerate(PRINCIPLES):
        path = stage_path(i, p, data_dir)
        if not path.exists():
            continue
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        levels = [retext(lv, int(next(iter(lv["position"]["hands"]))), p.id) for lv in raw["level"]]
        path.write_text(render_stage(p, FIRST_STAGE + i, levels), encoding="utf-8")
        paths.append(path)
    return paths


def question(p: Principle, view: PlayerView) -> str:
    """The question of a position of principle ``p``: the players, the learner's part, the ask."""
    return f"{view.rules.players} players. " + p.question.format(role=role(view))


def level_dict(f: Found, number: int) -> dict[str, Any]:  # Any: TOML tables of mixed value types
    """The ``[[level]]`` table of one found position."""
    p = next(x for x in PRINCIPLES if x.id == f.principle)
    g = game_of(f.rules, f.seed, f.actions)
    view = g.view(f.seat)
    fa = f.answer
    players = f"{f.rules.players} players"
    sums = {str(t): sum(lay[t] for lay in fa.per_layout) for t in sorted(fa.tricks)}
    made = {str(t): sum(lay[t] >= fa.need for lay in fa.per_layout) for t in sorted(fa.tricks)}
    why = {str(t): p.wrong(view, fa, t) for t in sorted(fa.tricks) if t != fa.best}
    return {
        "id": f"{p.id}-{number}",
        "title": f"Position {number} ({players})",
        "intro": history(view),
        "question": question(p, view),
        "kind": "strategy",
        "hints": [p.hint],
        "principle": p.id,
        "seed": f.seed,
        "actions": list(f.actions),
        "layouts": fa.layouts,
        "all_layouts": fa.total_layouts,
        "exhaustive": fa.exhaustive,
        "tricks": sums,
        "made": made,
        "need": fa.need,
        "goal": fa.goal,
        "right": p.right(view, fa, fa.best),
        "why": why,
        "position": position_dict(view),
    }


# -- writing ------------------------------------------------------------------------------------------
def render_stage(p: Principle, number: int, levels: Sequence[Mapping[str, Any]]) -> str:  # Any: TOML tables of mixed value types
    """The text of one stage file."""
    header = "\n".join([
        "# Generated by `python -m lessons.strategy generate`: do not edit by hand.",
        f"stage = {number}",
        f"id = {value('pb-' + p.id)}",
        'part = "play-better"',
        f"title = {value(p.title)}",
        f"summary = {value(p.summary)}",
        "",
    ])
    return dumps_entries("level", levels, header=header)


def stage_path(i: int, p: Principle, data_dir: Path | None = None) -> Path:
    """Where the stage file of the ``i``-th principle lives."""
    return (data_dir or DATA_DIR) / f"{FIRST_STAGE + i}-pb-{p.id}.toml"


def stage_text(i: int, p: Principle, count: int = PER_STAGE) -> str:
    """The stage file of the ``i``-th principle, generated from the seeds."""
    levels = [level_dict(f, k + 1) for k, f in enumerate(find(p, count))]
    return render_stage(p, FIRST_STAGE + i, levels)


def write_all(data_dir: Path | None = None, count: int = PER_STAGE, only: Sequence[str] = ()) -> list[Path]:
    """Generate and write every principle's stage file (or only those of the principle ids
    ``only``); return the paths."""
    unknown = set(only) - {p.id for p in PRINCIPLES}
    if unknown:
        raise KeyError(f"no principle {', '.join(sorted(unknown))}")
    paths = []
    for i, p in enumerate(PRINCIPLES):
        if only and p.id not in only:
            continue
        path = stage_path(i, p, data_dir)
        path.write_text(stage_text(i, p, count), encoding="utf-8")
        paths.append(path)
    return paths


# -- checking what ships ----------------------------------------------------------------------------
def giveaways(stage: Any) -> list[str]:  # Any: a course stage, whose levels are per kind
    """The stage-level check that no answer is found without the principle: the answer's
    place in the hand row varies (at most half of the stage's answers at one place, counted
    from the left or from the right) and no answer is the only tile of its hand in the class
    the principle names (the only trump, the only double). Returns the problems found."""
    from lessons.strategy.principles import principle

    problems = []
    places = []
    for lv in stage.levels:
        task = lv.task
        p = principle(str(task.param("principle")))
        hand = lv.position.hand(lv.position.to_play)
        places.append(place_of(hand, lv.answer()))
        if p.gives_away(task.view, lv.answer()):
            problems.append(f"{lv.id}: {lv.answer()} is the only tile of its kind in the hand")
    most = len(places) // 2
    for side, name in ((0, "from the left"), (1, "from the right")):
        for k in sorted({pl[side] for pl in places}):
            n = sum(pl[side] == k for pl in places)
            if n > most:
                problems.append(f"{stage.id}: {n} of {len(places)} answers are tile {k + 1} {name} in the hand row")
    return problems


def recheck(level: Any) -> list[str]:  # Any: a course level, whose task type is per kind
    """Recompute a shipped strategy level with the engine: the fair answer on the same layouts
    (every one, or the same seeded sample), the margin, and the principle's rule. Returns the
    problems found (empty: the level is right)."""
    from lessons.strategy.principles import principle

    task = level.task
    p = principle(str(task.param("principle")))
    view = task.view
    fa = fair_answer(view, samples=int(task.param("layouts")), seed=int(task.param("seed")))
    problems = []
    sums = {str(t): sum(lay[t] for lay in fa.per_layout) for t in fa.tricks}
    made = {str(t): sum(lay[t] >= fa.need for lay in fa.per_layout) for t in fa.tricks}
    if sums != dict(task.param("tricks")) or made != dict(task.param("made")):
        problems.append(f"{level.id}: the recorded values differ from the solver's")
    if fa.exhaustive != bool(task.param("exhaustive")):
        problems.append(f"{level.id}: exhaustive is {fa.exhaustive} now")
    if fa.best != level.answer():
        problems.append(f"{level.id}: the fair answer is {fa.best}, the level says {level.answer()}")
    if not fa.clear_best():
        problems.append(f"{level.id}: the answer does not beat every other tile by the margin")
    if not p.applies(view) or p.rule(view) != fa.best:
        problems.append(f"{level.id}: the principle's rule does not pick the answer")
    return problems
