"""The notebook's experiments: open-hands solving of dealt hands, and strong against basic.

Each experiment's conclusion in the notebook quotes a large reference run that
``python -m notebook reference ...`` repeats (see :mod:`notebook.__main__`); the notebook
itself runs the same functions with small numbers.

>>> str(weakest([Tile(6, 6), Tile(6, 1), Tile(3, 2), Tile(2, 1)], Trump.parse("6")))
'2-1'
>>> mean_se([1.0, 2.0, 3.0]), mean_se([4.0])
((2.0, 0.5773502691896258), (4.0, 0.0))
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from functools import cache

from content.checks import read_tile
from engine import Game, RuleSet, Tile, Trump
from engine.deal import deal_hands
from engine.solver import solve
from notebook.display import Progress, Row

__all__ = [
    "DILEMMA_DEAL",
    "DISCARD_DEAL",
    "all_contracts",
    "best_contract",
    "contract_study",
    "deal_of",
    "eight_tiles",
    "makes_by",
    "match_summary",
    "mean_se",
    "paired_difference",
    "seat_summary",
    "solve_contract",
    "strong_vs_basic",
    "trump_chances",
    "weakest",
]

#: The hand of experiment 2 (deal number, hand number): found by ``python -m notebook dilemma``.
DILEMMA_DEAL = (2026, 8)

#: The hand of the "discard and trump" exercise: found by ``python -m notebook puzzle``.
DISCARD_DEAL = (2026, 10)


@cache
def deal_of(deal: tuple[int, int]) -> tuple[tuple[Tile, ...], tuple[tuple[Tile, ...], ...], Tile]:
    """Hand ``deal`` = (deal number, hand number) of a three-player game: seat 0's seven tiles
    and the widow (sorted), the two other hands, and the widow tile."""
    hands, widow = deal_hands(RuleSet().tiles, 3, deal[0], deal[1])
    return tuple(sorted(hands[0] + widow)), hands[1:], widow[0]


def eight_tiles(deal: tuple[int, int]) -> tuple[Tile, ...]:
    """Seat 0's seven tiles and the widow of hand ``deal`` = (deal number, hand number)."""
    return deal_of(deal)[0]


def solve_contract(deal: tuple[int, int], discard: Tile | str, trump: Trump | str) -> int:
    """Tricks seat 0 takes (open hands, best play on both sides) in hand ``deal`` = (deal
    number, hand number) of a three-player game, after taking the widow, putting ``discard``
    aside and naming ``trump``; seat 0 leads."""
    eight, others, _ = deal_of(deal)
    tile = read_tile(discard)
    if tile not in eight:
        raise ValueError(f"{tile} is not among the eight tiles ({' '.join(map(str, eight))})")
    t = Trump.parse(trump) if isinstance(trump, str) else trump
    hand = [x for x in eight if x != tile]
    return solve([hand, *others], t, leader=0, side={0})


@cache
def all_contracts(deal: tuple[int, int]) -> dict[tuple[str, str], int]:
    """:func:`solve_contract` for every discard and every trump: (discard, trump) -> tricks."""
    eight, _, _ = deal_of(deal)
    return {(str(d), str(t)): solve_contract(deal, d, t) for t in RuleSet().trumps for d in eight}


def weakest(tiles: Sequence[Tile], trump: Trump) -> Tile:
    """The tile a simple bidder throws away: its lowest tile that is neither a trump nor a double."""
    spare = [t for t in tiles if not trump.is_trump(t) and not t.is_double] or list(tiles)
    return min(spare, key=lambda t: (t.high + t.low, t.high))


def best_contract(
    eight: Sequence[Tile], others: Sequence[Sequence[Tile]], rules: RuleSet, widow_tile: Tile
) -> Row:
    """Try each allowed trump with two discards (the weakest tile, or the widow tile, which
    gives back the hand as dealt); solve each with open hands and keep the one that takes the
    most tricks (between equals, the one holding more trumps).

    Returns the contract (trump, its kind, discard, tricks) and what the bidder holds after the
    discard: trumps and doubles counted at the same moment.
    """
    best: Row | None = None
    for trump in rules.trumps:
        for discard in sorted({weakest(eight, trump), widow_tile}):
            hand = [t for t in eight if t != discard]
            tricks = solve([hand, *others], trump, leader=0, side={0})
            held = sum(trump.is_trump(t) for t in hand)
            # the most tricks; between equals, the trump with more tiles (what a player would name)
            if best is None or (tricks, held) > (best["tricks"], best["trumps held"]):
                best = {
                    "contract": {"number": "a number", "doubles": "doubles", "none": "no trump"}[trump.kind],
                    "trump": trump.name,
                    "discard": str(discard),
                    "tricks": tricks,
                    "trumps held": held,
                    "doubles held": sum(t.is_double for t in hand),
                }
    assert best is not None
    return best


def contract_study(
    deals: int, seed: int, progress: Progress | None = None, widow: bool = True
) -> list[Row]:
    """Experiments 1 and 3: deal ``deals`` three-player hands from ``seed``; seat 0 takes the
    widow and plays its best contract (:func:`best_contract`). With ``widow``, each row also
    has ``without widow``: the best over all trumps of the seven tiles as dealt."""
    rules = RuleSet()
    rows = []
    for i in range(deals):
        hands, spare = deal_hands(rules.tiles, 3, seed, i + 1)
        row = best_contract(sorted(hands[0] + spare), hands[1:], rules, spare[0])
        row["deal"] = i + 1
        if widow:
            row["without widow"] = max(solve(list(hands), t, leader=0, side={0}) for t in rules.trumps)
        rows.append(row)
        if progress:
            progress.step()
    return rows


def makes_by(rows: Sequence[Row], by: str, contract: str, bids: Sequence[int] = (4, 5, 6)) -> list[Row]:
    """For the deals played as ``contract``: per value of ``by``, the number of deals and the
    percentage that take at least each bid."""
    groups: dict[int, list[int]] = {}
    for r in rows:
        if r["contract"] == contract:
            groups.setdefault(r[by], []).append(r["tricks"])
    return [
        {by: k, "deals": len(v), **{f"makes {b}": round(100 * sum(x >= b for x in v) / len(v)) for b in bids}}
        for k, v in sorted(groups.items())
    ]


def trump_chances(
    deal: tuple[int, int], layouts: int, seed: int, bids: Sequence[int] = (4, 5, 6, 7), progress: Progress | None = None
) -> dict[str, dict[int, float]]:
    """Experiment 2: seat 0's eight tiles of hand ``deal``; for every trump (discarding the
    weakest tile for it), deal the unseen tiles ``layouts`` ways and solve each. Returns, per
    trump name, the percentage of layouts where each bid makes."""
    eight, _, _ = deal_of(deal)
    rules = RuleSet()
    unseen = [t for t in rules.tiles if t not in eight]
    rng = random.Random(seed)
    shuffles = []
    for _ in range(layouts):
        rest = unseen[:]
        rng.shuffle(rest)
        shuffles.append(rest)
    chances: dict[str, dict[int, float]] = {}
    for trump in rules.trumps:
        hand = [t for t in eight if t != weakest(eight, trump)]
        results = []
        for rest in shuffles:  # the same layouts for every trump: a fair comparison
            results.append(solve([hand, rest[:7], rest[7:14]], trump, leader=0, side={0}))
            if progress:
                progress.step()
        chances[trump.name] = {b: 100 * sum(r >= b for r in results) / layouts for b in bids}
    return chances


def strong_vs_basic(deals: int, seed: int, progress: Progress | None = None) -> list[Row]:
    """Experiment 4: each deal (deal numbers ``seed`` … ``seed + deals - 1``) is played three
    times, one strong player and two basic ones, the strong player in seat 0, 1, then 2.
    One row per seat per hand: points, whether it was the bidder."""
    from engine.players import make_bot

    rows = []
    for d in range(deals):
        for strong_seat in range(3):
            game = Game.new(RuleSet(), seed=seed + d)
            bots = [make_bot("strong" if s == strong_seat else "basic", seed=10 * (seed + d) + s) for s in range(3)]
            while not game.hand_finished:
                seat = game.to_act
                assert seat is not None
                game.apply(bots[seat].decide(game.view(seat)).action)
            result = game.results[-1]
            for seat in range(3):
                rows.append(
                    {
                        "deal": seed + d,
                        "strong seat": strong_seat,
                        "seat": seat,
                        "player": "strong" if seat == strong_seat else "basic",
                        "points": result.change[seat],
                        "bidder": result.bidder == seat,
                        "made": bool(result.made) if result.bidder == seat else None,
                    }
                )
            if progress:
                progress.step()
    return rows


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (sample standard deviation / √n; 0 for one value)."""
    if not values:
        raise ValueError("no values")
    m = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return m, se


def _cell(values: Sequence[float]) -> str:
    m, se = mean_se(values)
    return f"{m:+.2f} ± {se:.2f} ({len(values)} hands)"


def match_summary(rows: Sequence[Row]) -> list[Row]:
    """Mean ± standard error of points per hand for the strong player and for each basic
    player: the one after it and the one before it, clockwise."""
    names = ["strong", "basic, after the strong player", "basic, before the strong player"]
    groups: dict[str, list[float]] = {n: [] for n in names}
    for r in rows:
        groups[names[(r["seat"] - r["strong seat"]) % 3]].append(r["points"])
    out = []
    for who, values in groups.items():
        m, se = mean_se(values)
        out.append({"player": who, "hands": len(values), "mean points per hand": round(m, 2), "± standard error": round(se, 2)})
    return out


def seat_summary(rows: Sequence[Row]) -> list[Row]:
    """Per seat: points per hand (mean ± standard error) when the strong player sat there and
    when a basic one did: the same cards, so the gap is the player, not the deal."""
    out = []
    for seat in sorted({r["seat"] for r in rows}):
        cell = {"seat": seat}
        for player in ("strong", "basic"):
            values = [r["points"] for r in rows if r["seat"] == seat and r["player"] == player]
            cell[f"{player} player here"] = _cell(values) if values else "–"
        out.append(cell)
    return out


def paired_difference(rows: Sequence[Row]) -> tuple[float, float, int]:
    """Per deal, the strong player's mean points minus the basic players' mean (the three
    seatings of that deal); then the mean ± standard error over deals, and their number."""
    diffs = []
    for d in sorted({r["deal"] for r in rows}):
        same = [r for r in rows if r["deal"] == d]
        strong = statistics.fmean(r["points"] for r in same if r["player"] == "strong")
        basic = statistics.fmean(r["points"] for r in same if r["player"] == "basic")
        diffs.append(strong - basic)
    m, se = mean_se(diffs)
    return m, se, len(diffs)
