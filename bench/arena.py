"""Bots against bots: whole games to 21, the same deals replayed with the seats rotated.

    python -m bench.arena --games N --players 3 A B C     (A, B, C: random, basic or strong)
    python -m bench.arena --games N --players 4 A B       (team A in seats 0 and 2, team B in 1 and 3)

A bot is ``random``, ``basic``, ``strong`` or ``oracle`` (:mod:`bench.oracle`: a player that
sees every tile, the ceiling for what any fair player could reach); to play an older strong
player, run the arena of its commit on the same deals (:mod:`bench.compare`). A level
may carry a tag after a slash, so that two entries of one level can take different options:
``strong strong/plain --option strong/plain.odds_moons_4p=false`` sets the strong team with
its four-player 21s against one without them.

Each deal number is played once per rotation of the seats (three times with three players,
twice with four), so every bot holds every hand. It prints, per bot: games won with a 95%
(Wilson) interval, points per hand, bids made / bids tried, sets inflicted (bids it
defended against that failed), the mean bid (in tricks, a 21 counting 7) against the mean
tricks its side took in those hands, and its 21s made of those it bid. ``--out FILE`` appends one JSON line per game; ``--merge
FILE ...`` prints the table of earlier runs (so a long benchmark can run in pieces).
``--calibrate`` (after a run, or with ``--merge``) prints how often the bids were made
against the chance their bidders rated their bids on (the strong player's "so I rated this
bid 86%", its plain share of deals made when it counts every deal whole; 21s apart,
runs that recorded it, ``said``), and with four players how well the game model foretold
the games (runs that recorded every hand's scores, ``log``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from types import SimpleNamespace
from typing import Any, NotRequired, TypedDict, cast

from bench.jsonl import read_lines, write_line
from bench.levels import BENCH_LEVELS as LEVELS
from bench.levels import bench_bot as make_bot
from bench.oracle import OracleBot
from engine import Game, RuleSet
from engine.contract import MOON, side_seats, tricks_needed
from engine.game import HandResult

#: A game that has not ended after this many hands is stopped (and counted as not won).
MAX_HANDS = 200

#: House rules by name, as :class:`engine.RuleSet` takes them (values of several types).
Rules = dict[str, Any]  # Any: rule field values of differing types
#: Bot options by entry name, each as ``make_bot`` takes them (values of several types).
Options = dict[str, dict[str, Any]]  # Any: bot options of differing types


class EntryStats(TypedDict):
    """One entry's figures in one game (runs made before 21s were recorded lack ``moons_made``)."""

    points: int
    hands: int
    bids: int
    made: int
    sets: int
    defended: int
    won: int
    decisions: int
    bid_tricks: int
    took: int
    moons: int
    moons_made: NotRequired[int]


class GameRecord(TypedDict):
    """One game as :func:`play_game` returns it and ``--out`` writes it (one JSON line)."""

    levels: list[str]
    players: int
    seed: int
    rotation: int
    hands: int
    winner_entry: int | None
    stats: list[EntryStats]
    times: dict[str, list[float]]
    #: Per hand: the scores before it (by side), then its bidder.
    log: list[tuple[list[int], int | None]]
    #: Per hand with a bidder whose bid said its chance: the bidder's entry, the bid, the
    #: chance of making it the bidder rated its bid on, and whether it was made (runs made
    #: before this was recorded lack it).
    said: NotRequired[list[tuple[int, int, float, bool]]]


def read_games(paths: Iterable[str]) -> list[GameRecord]:
    """The games of earlier runs' JSON-lines files."""
    return cast(list[GameRecord], read_lines(paths))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``k`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def seats_of(entry: int, rotation: int, players: int) -> tuple[int, ...]:
    """The seats bot ``entry`` holds in ``rotation``."""
    if players == 4:
        first = (entry + rotation) % 2
        return (first, first + 2)
    return ((entry + rotation) % 3,)


def level_of(name: str) -> str:
    """The bot level of an entry's name: ``"strong/plain"`` is a ``strong`` bot (the tag after
    the slash only tells entries apart, and keys their ``--option``)."""
    return name.partition("/")[0]


def table_options(levels: Sequence[str], options: Options) -> Options:
    """``options`` with what the table knows told to each strong entry: the level of the
    other entries' players when they are all of one level (``opponents``, see
    :class:`engine.players.strong.StrongSettings`), unless its options already say.

    >>> table_options(["strong", "basic"], {})["strong"]
    {'opponents': 'basic'}
    >>> table_options(["strong", "basic", "strong/b"], {}) == {}
    True
    """
    out = {name: dict(opts) for name, opts in options.items()}
    for i, name in enumerate(levels):
        others = {level_of(o) for j, o in enumerate(levels) if j != i}
        if level_of(name) == "strong" and len(others) == 1:
            out.setdefault(name, {}).setdefault("opponents", others.pop())
    return out


def play_game(
    levels: Sequence[str],
    players: int,
    seed: int,
    rotation: int,
    rules: Rules | None = None,
    options: Options | None = None,
) -> GameRecord:
    """Play one game; return per-entry statistics as a JSON-ready dict. ``options`` are bot
    options by entry name (``{"strong": {"bid_threshold": 0.6}}``; see :func:`level_of`)."""
    rs = RuleSet(players=players, **(rules or {}))
    game = Game.new(rs, seed=seed)
    entries = len(levels)
    owner: dict[int, int] = {}
    for e in range(entries):
        for s in seats_of(e, rotation, players):
            owner[s] = e
    opts = table_options(levels, options or {})
    bots = {
        s: make_bot(level_of(levels[owner[s]]), seed=seed * 16 + s, **opts.get(levels[owner[s]], {}))
        for s in range(players)
    }
    stats = [
        EntryStats(points=0, hands=0, bids=0, made=0, sets=0, defended=0, won=0, decisions=0,
                   bid_tricks=0, took=0, moons=0, moons_made=0)
        for _ in range(entries)
    ]
    times: dict[str, list[float]] = {}
    log: list[tuple[list[int], int | None]] = []
    said: list[tuple[int, int, float, bool]] = []
    hands = 0
    while True:
        before = list(game.scores)
        chances: dict[int, float] = {}  # the chance each seat said of its last bid this hand
        while not game.hand_finished:
            seat = game.to_act
            assert seat is not None
            bot = bots[seat]
            phase = game.phase
            t0 = time.perf_counter()
            if isinstance(bot, OracleBot):
                action = bot.decide_game(game)  # reads the whole deal
            else:
                decision = bot.decide(game.view(seat))
                action = decision.action
                if action.kind == "bid":
                    chosen = next((c for c in decision.explanation.candidates if c.chosen), None)
                    # The chance it rated its bid on: what its calibration is measured against.
                    rated = None if chosen is None else (chosen.rated_chance if chosen.rated_chance is not None
                                                         else chosen.goal_chance)
                    if rated is not None:
                        chances[seat] = rated
            dt = time.perf_counter() - t0
            times.setdefault(f"{levels[owner[seat]]}/{phase}", []).append(dt)
            game.apply(action)
        hands += 1
        res = game.results[-1]
        log.append((before, res.bidder))
        if res.bidder is not None and res.bidder in chances and res.bid is not None:
            said.append((owner[res.bidder], res.bid, round(chances[res.bidder], 4), bool(res.made)))
        for e in range(entries):
            side = rs.side_of(seats_of(e, rotation, players)[0])
            stats[e]["hands"] += 1
            stats[e]["points"] += res.change[side]
            if res.bidder is None:
                continue
            if rs.side_of(res.bidder) == side:
                if res.bidder in seats_of(e, rotation, players):
                    stats[e]["bids"] += 1
                    stats[e]["made"] += bool(res.made)
                    assert res.bid is not None
                    stats[e]["bid_tricks"] += tricks_needed(res.bid)
                    stats[e]["moons"] += res.bid == MOON
                    stats[e]["moons_made"] += res.bid == MOON and bool(res.made)
                    stats[e]["took"] += sum(game.tricks_won[s] for s in side_seats(rs, res.bidder))
            else:
                stats[e]["defended"] += 1
                stats[e]["sets"] += not res.made
        if game.phase == "game_over" or hands >= MAX_HANDS:
            break
        game.next_hand()
    winner = game.winner
    for e in range(entries):
        side = rs.side_of(seats_of(e, rotation, players)[0])
        stats[e]["won"] = int(winner is not None and winner == side)
    return {
        "levels": list(levels),
        "players": players,
        "seed": seed,
        "rotation": rotation,
        "hands": hands,
        "winner_entry": next((e for e in range(entries) if stats[e]["won"]), None),
        "stats": stats,
        "times": {k: [round(x, 5) for x in v] for k, v in times.items()},
        "log": log,
        "said": said,
    }


def _job(args: tuple[list[str], int, int, int, Rules, Options]) -> GameRecord:
    levels, players, seed, rotation, rules, options = args
    return play_game(levels, players, seed, rotation, rules, options)


def _bid_took(st: dict[str, int]) -> str:
    """Mean tricks bid (a 21 counts 7) and mean tricks the bidding side took, over its bids."""
    if not st["bids"] or "bid_tricks" not in st:
        return "-"
    return f"{st['bid_tricks'] / st['bids']:.2f}/{st['took'] / st['bids']:.2f}"


def _moons(st: dict[str, int]) -> str:
    """21s bid, as ``made/bid`` when the run recorded the made ones (older runs did not)."""
    if "moons_made" not in st:
        return str(st.get("moons", 0))
    return f"{st['moons_made']}/{st['moons']}"


def table(results: Iterable[GameRecord]) -> str:
    """The per-bot table of a set of game results."""
    rows: dict[int, dict[str, int]] = {}
    levels: list[str] = []
    games = 0
    partial = False  # some runs did not record the 21s made
    for r in results:
        games += 1
        levels = r["levels"]
        for e, figures in enumerate(r["stats"]):
            acc = rows.setdefault(e, {})
            partial |= "moons_made" not in figures
            for k, v in figures.items():
                acc[k] = acc.get(k, 0) + cast(int, v)
    if partial:
        for acc in rows.values():
            acc.pop("moons_made", None)
    if not games:
        return "no games"
    players = 4 if len(levels) == 2 else 3
    fair = 1 / len(levels)
    names = [f"{lv}#{e}" if levels.count(lv) > 1 else lv for e, lv in enumerate(levels)]
    if players == 4:
        names = [f"team {n}" for n in names]
    width = max(12, *(len(n) for n in names))
    out = [
        f"{games} games, {players} players ({' vs '.join(levels)}); a fair share of wins is {fair:.0%}",
        f"{'bot':<{width}} {'games won':>10} {'95% interval':>16} {'points/hand':>12} {'bids made/tried':>16} "
        f"{'made %':>7} {'sets inflicted':>15} {'mean bid/took':>14} {'21s made':>8}",
    ]
    for e, name in enumerate(names):
        st = rows[e]
        lo, hi = wilson(st["won"], games)
        made = f"{st['made']}/{st['bids']}"
        pct = f"{st['made'] / st['bids']:.0%}" if st["bids"] else "-"
        out.append(
            f"{name:<{width}} {st['won'] / games:>10.1%} {f'{lo:.1%}-{hi:.1%}':>16} "
            f"{st['points'] / max(1, st['hands']):>12.2f} {made:>16} {pct:>7} "
            f"{st['sets']:>6}/{st['defended']:<8} {_bid_took(st):>14} {_moons(st):>7}"
        )
    return "\n".join(out)


def calibration(results: Iterable[GameRecord], moons: bool) -> str:
    """How well the four-player game model (:class:`engine.players.odds.GameOdds`, with the
    share of the auctions read as the strong player reads it, knowing what the arena tells
    it of the other entry (:func:`table_options`), and ``moons`` as ``odds_moons_4p``)
    foretold the games: at the start of every hand but the first, the
    chance it gives the first bot's team against the share of those games that team won,
    by tenths, and the Brier score. Needs games recorded with their hands (``log``)."""
    from engine.players.odds import GameOdds
    from engine.players.strong import StrongSettings

    rules = RuleSet(players=4)
    bands: dict[int, list[float]] = {}
    brier, starts = 0.0, 0
    for r in results:
        if r["players"] != 4 or "log" not in r:
            continue
        seat = seats_of(0, r["rotation"], 4)[0]
        opponents = table_options(r["levels"], {}).get(r["levels"][0], {}).get("opponents")
        settings = StrongSettings(opponents=opponents)
        won = float(r["winner_entry"] == 0)
        for i, (before, _bidder) in enumerate(r["log"]):
            if i == 0 or max(before) >= rules.target:
                continue
            bids = [SimpleNamespace(bidder=b) for _, b in r["log"][:i]]
            share = settings.odds_share_for(rules, seat, cast("list[HandResult]", bids))  # only .bidder is read
            said = GameOdds(rules, tuple(before), rules.side_of(seat), share, moons, settings.their_moons()).now
            band = bands.setdefault(min(int(said * 10), 9), [0, 0.0, 0.0])
            band[0] += 1
            band[1] += said
            band[2] += won
            brier += (said - won) ** 2
            starts += 1
    if not starts:
        return "no four-player games with their hands recorded"
    out = [f"game model{' with 21s' if moons else ''}: {starts} hand starts, Brier score {brier / starts:.4f}"]
    for b in sorted(bands):
        n, said_sum, won_sum = bands[b]
        out.append(f"  said {b / 10:.1f}-{(b + 1) / 10:.1f}: {int(n):5d} hand starts, said {said_sum / n:.2f}, won {won_sum / n:.2f}")
    return "\n".join(out)


def _print_calibration(results: list[GameRecord]) -> None:
    print(bid_calibration(results))
    if any(r["players"] == 4 for r in results):
        for moons in (False, True):
            print(calibration(results, moons))


def bid_calibration(results: Iterable[GameRecord]) -> str:
    """How well the bidders' own chances came true: every bid that was played whose bidder
    said its chance of making it (the strong player does), by entry, 21s apart from the
    other bids, by fifths of the chance said (a 21 by tenths up to 0.5): how many, the mean
    chance said and the share made. Needs games that recorded it (``said``)."""
    groups: dict[tuple[str, bool], dict[int, list[float]]] = {}
    for r in results:
        for entry, bid, chance, made in r.get("said", []):
            moon = bid == MOON
            band = min(int(chance * 10), 5) if moon else min(int(chance * 5), 4)
            acc = groups.setdefault((r["levels"][entry], moon), {}).setdefault(band, [0, 0.0, 0.0])
            acc[0] += 1
            acc[1] += chance
            acc[2] += made
    if not groups:
        return "no bids with their chances recorded"
    out = []
    for (level, moon), bands in sorted(groups.items()):
        n = sum(int(a[0]) for a in bands.values())
        said_all = sum(a[1] for a in bands.values()) / n
        made_all = sum(a[2] for a in bands.values()) / n
        lo, hi = wilson(round(sum(a[2] for a in bands.values())), n)
        what = "21s" if moon else "bids below 21"
        out.append(f"{level} {what}: {n} played, said {said_all:.2f}, made {made_all:.2f} (95% {lo:.2f}-{hi:.2f})")
        step = 10 if moon else 5
        for b in sorted(bands):
            k, said_sum, made_sum = bands[b]
            top = "1.0" if (moon and b == 5) or (not moon and b == 4) else f"{(b + 1) / step:.1f}"
            out.append(f"  said {b / step:.1f}-{top}: {int(k):5d} bids, said {said_sum / k:.2f}, made {made_sum / k:.2f}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    """Run the arena (see the module docstring)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("bots", nargs="*", help="bot levels: 3 with --players 3, 2 (teams) with --players 4")
    p.add_argument("--games", type=int, default=30, help="games in all (rounded up to whole rotations)")
    p.add_argument("--players", type=int, choices=(3, 4), default=3)
    p.add_argument("--seed", type=int, default=1, help="first deal number")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--out", help="append one JSON line per game to this file")
    p.add_argument("--merge", nargs="+", help="print the table of these JSON-lines files and stop")
    p.add_argument(
        "--calibrate", action="store_true",
        help="how well the bidders' chances came true (bids below 21 and 21s apart), and with four"
        " players how well the game model, without and with 21s, foretold the games",
    )
    p.add_argument("--rule", action="append", default=[], help="a house rule, e.g. --rule min_bid=5")
    p.add_argument(
        "--option", action="append", default=[],
        help="a bot option by entry, e.g. --option strong.bid_threshold=0.6 or strong/b.odds_moons_4p=false",
    )
    args = p.parse_args(argv)
    if args.merge:
        res = read_games(args.merge)
        print(table(res))
        if args.calibrate:
            _print_calibration(res)
        return
    want = 3 if args.players == 3 else 2
    if len(args.bots) != want:
        p.error(f"--players {args.players} needs {want} bots, got {len(args.bots)}")
    for b in args.bots:
        if level_of(b) not in LEVELS:
            p.error(f"unknown bot {b!r}: choose from {', '.join(LEVELS)} (with an optional /tag)")
    rules: Rules = {}
    for r in args.rule:
        k, _, v = r.partition("=")
        rules[k] = json.loads(v) if v not in ("redeal", "force-last", "points", "marks", "play-on", "bidder-out") else v
    options: Options = {}
    for o in args.option:
        k, _, v = o.partition("=")
        level, _, name = k.partition(".")
        if level not in args.bots:
            p.error(f"--option {o!r} names no bot of this run ({', '.join(args.bots)})")
        options.setdefault(level, {})[name] = json.loads(v)
    rot = 3 if args.players == 3 else 2
    deals = -(-args.games // rot)
    jobs = [
        (list(args.bots), args.players, args.seed + d, r, rules, options)
        for d in range(deals)
        for r in range(rot)
    ]
    t0 = time.perf_counter()
    results: list[GameRecord] = []
    out = open(args.out, "a") if args.out else None
    try:
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as ex:
                for game in ex.map(_job, jobs):
                    results.append(game)
                    write_line(out, game)
        else:
            for j in jobs:
                game = _job(j)
                results.append(game)
                write_line(out, game)
    finally:
        if out:
            out.close()
    print(table(results))
    if args.calibrate:
        _print_calibration(results)
    print(f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
