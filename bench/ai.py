"""How long the bots take to decide, and how far the strong bidder falls from the open-hands value.

    python -m bench.ai [--hands N] [--seed S] [--clock cpu|wall]
        decision time (median, p90, max) per level, players and phase, over N hands played
        by bots of that level in every seat (CPU seconds by default, which a busy shared
        machine does not inflate; --clock wall for elapsed time).

    python -m bench.ai --gap --hands 500 [--seed S] [--out FILE] [--merge FILE ...]
        the information limit: hands played by three strong bots; for each hand with a
        bidder, the open-hands value of the deal once its bid, discard and trump are made
        (every hand visible, the bidder against the other two) minus the tricks the bidder
        really took. Prints the mean shortfall per hand with a 95% interval.

    python -m bench.ai --dd-loss [--decisions N] [--seed S] [--levels basic,strong]
        the open-hands loss per playing decision: hands played by bots of one level in every
        seat, on fixed deals (seed S, S+1, ...), until N playing decisions with more than one
        legal play have been seen, for 3 and then 4 players. The contracts (bids, discard,
        trump) are the basic player's, so every level plays the same contracts on the same
        deals (--own-contracts: each level bids for itself). For each such decision the true
        hands are solved (:meth:`Solver.move_values_masks`) for the side that fights for the
        contract (the bidder's side, or the defenders together), and the loss is the tricks
        the chosen play gives up against the best play with every tile known. Prints the mean
        loss with a 95% interval, the share of decisions with a loss, and the same for the
        bidder's first two leads and for trump leads. --out FILE appends one JSON line per
        decision; --dd-loss --merge FILE ... prints the table of earlier runs.
        --limit L: for each decision with a loss, the position is solved again on L layouts
        of the unseen tiles (all of them when there are few), weighted by the auction as the
        strong player weighs them, and the play best on them by the strong player's key (goal
        chance, then tricks) is checked against the true hands: when it loses too, the loss is
        the information limit (what not seeing the tiles costs any player that picks the best
        play in expectation), not a sampling error. The table then says how many of the
        lossy decisions are at that limit.

    python -m bench.ai --dd-loss --paired [--decisions N] [--levels strong,basic]
        the same loss with every level deciding on the same positions (hands played by basic
        bots; each level says what it would play at each decision), and each level's loss
        minus the first level's with a 95% interval: a tight before/after comparison.
        The reference a fair player is held to is plain sampling, ``pimc:layouts=100``
        (:mod:`bench.pimc`): ``--levels strong,pimc:layouts=100``.

A level is an engine level or one of :mod:`bench.levels` that decides from one seat's view.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Iterable
from typing import NotRequired, TextIO, TypedDict, cast

from bench.jsonl import read_lines, write_line
from bench.levels import bench_bot
from engine import Game, RuleSet
from engine.contract import goal_of
from engine.game import PlayerView
from engine.players import Bot
from engine.players.analysis import analyse_play
from engine.players.bidding import play_weights
from engine.sampling import Constraints
from engine.solver import Solver, mask_of
from engine.tiles import Tile


class LossRow(TypedDict):
    """One playing decision of :func:`dd_losses` / :func:`dd_paired` (one JSON line of ``--out``)."""

    level: str
    players: int
    deal: int
    #: Tricks given up against the best play with every tile known.
    loss: int
    kind: str
    trump_lead: bool
    paired: NotRequired[bool]
    limit_loss: NotRequired[int]


#: Loss rows by (level, players).
Losses = dict[tuple[str, int], list[LossRow]]


class GapRow(TypedDict):
    """One hand of :func:`gap_hand` (one JSON line of ``--gap --out``)."""

    seed: int
    bidder: int
    bid: int | None
    trump: str
    open: int
    took: int
    gap: int
    made: bool


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from a level, optionally with options: ``"strong"``, ``"strong:read_play=0"``,
    ``"strong:read_play=4+bid_samples=12"``, ``'strong:play_samples_4p={"7":20,"6":28}'``
    (values are JSON; a table's keys, tricks left, are read as numbers)."""
    level, _, opts = spec.partition(":")
    options = {k: json.loads(v) for k, _, v in (o.partition("=") for o in opts.split("+") if o)}
    options = {k: {int(n): x for n, x in v.items()} if isinstance(v, dict) else v for k, v in options.items()}
    bot = bench_bot(level, seed=seed, **options)
    if not isinstance(bot, Bot):
        raise ValueError(f"level {level!r} reads the whole deal: it has no decisions to time or to judge")
    return bot


def _split_levels(text: str) -> list[str]:
    """The comma-separated levels of ``--levels``; a comma inside an option's JSON ``{}``
    does not split."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += (ch == "{") - (ch == "}")
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [*out, cur] if cur else out


def _q(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def time_decisions(
    level: str, players: int, hands: int, seed: int, clock: str = "cpu"
) -> dict[str, list[float]]:
    """Seconds per decision, by phase, over ``hands`` hands with ``level`` bots in every seat.
    ``clock="cpu"`` counts this process's CPU time (steady on a shared machine), ``"wall"``
    the elapsed time."""
    rules = RuleSet(players=players)
    bots = [make_bot(level, seed=seed + s) for s in range(players)]
    tick = time.process_time if clock == "cpu" else time.perf_counter
    out: dict[str, list[float]] = {}
    done = 0
    s = seed
    while done < hands:
        g = Game.new(rules, seed=s)
        s += 1
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            t0 = tick()
            d = bots[seat].decide(view)
            out.setdefault(view.phase, []).append(tick() - t0)
            g.apply(d.action)
        done += 1
    return out


def timing_table(
    hands: int, seed: int, levels: Iterable[str] = ("basic", "strong"), clock: str = "cpu",
    players_list: Iterable[int] = (3, 4),
) -> str:
    """The decision-time table."""
    lines = [
        f"decision time ({clock} seconds) over {hands} hands per row (every seat played by the level)",
        f"{'level':<10} {'players':>7} {'phase':<9} {'decisions':>9} {'median s':>9} {'p90 s':>8} {'max s':>8}",
    ]
    for level in levels:
        for players in players_list:
            times = time_decisions(level, players, hands, seed, clock)
            for phase in ("bidding", "discard", "trump", "playing"):
                xs = times.get(phase)
                if not xs:
                    continue
                lines.append(
                    f"{level:<10} {players:>7} {phase:<9} {len(xs):>9} {statistics.median(xs):>9.4f} "
                    f"{_q(xs, 0.9):>8.4f} {max(xs):>8.4f}"
                )
    return "\n".join(lines)


def gap_hand(seed: int) -> GapRow | None:
    """Play hand 1 of deal ``seed`` with three strong bots; ``None`` if everyone passed."""
    rules = RuleSet()
    g = Game.new(rules, seed=seed)
    bots = [make_bot("strong", seed=seed * 8 + s) for s in range(3)]
    open_value: int | None = None
    while not g.hand_finished:
        if g.phase == "playing" and open_value is None:
            assert g.bidder is not None and g.trump is not None
            solver = Solver(g.trump, 3)
            open_value = solver.solve_masks([mask_of(h) for h in g.hands], g.bidder, 1 << g.bidder)
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].decide(g.view(seat)).action)
    res = g.results[-1]
    if res.bidder is None or open_value is None:
        return None
    took = g.tricks_won[res.bidder]
    return {
        "seed": seed,
        "bidder": res.bidder,
        "bid": res.bid,
        "trump": str(res.trump),
        "open": open_value,
        "took": took,
        "gap": open_value - took,
        "made": bool(res.made),
    }


def gap_table(rows: list[GapRow]) -> str:
    """The information-limit summary of ``rows`` from :func:`gap_hand`."""
    n = len(rows)
    if not n:
        return "no hands"
    gaps = [r["gap"] for r in rows]
    mean = sum(gaps) / n
    sd = statistics.pstdev(gaps) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    made = sum(r["made"] for r in rows)
    short = sum(1 for g in gaps if g > 0)
    over = sum(1 for g in gaps if g < 0)
    return "\n".join(
        [
            f"{n} hands with a strong bidder against two strong defenders (3 players)",
            f"open-hands value after bid, discard and trump: {sum(r['open'] for r in rows) / n:.3f} tricks per hand",
            f"tricks the bidder took:                        {sum(r['took'] for r in rows) / n:.3f} tricks per hand",
            f"shortfall: {mean:.3f} tricks per hand (95% interval {mean - half:.3f} to {mean + half:.3f}); "
            f"short in {short} hands, above the open value in {over}",
            f"bids made: {made}/{n} ({made / n:.0%})",
        ]
    )


def limit_loss(view: PlayerView, vals: dict[int, int], layouts: int, seed: int) -> int:
    """The true loss (against ``vals``, the true hands' value of each play) of the play that
    is best in expectation on ``layouts`` layouts of the unseen tiles (all of them when there
    are at most that many), weighted by the auction and the trump named as the strong player
    weighs them and ranked by its key (goal chance, then tricks). A loss here is the
    information limit: what not seeing the other hands costs a player that picks the best
    play in expectation."""
    assert view.trump is not None
    c = Constraints.from_view(view)
    possible = c.count()
    lays = list(c.enumerate()) if possible <= layouts else c.samples(random.Random(seed), layouts)
    weights = play_weights(view, lays)
    an = analyse_play(view, lays, Solver(view.trump, view.rules.players), possible, possible <= layouts, weights)
    return max(vals.values()) - vals[an.best(view.trump).index]


def open_values(g: Game, seat: int) -> dict[int, int]:
    """Each legal play of ``seat`` (by tile index) with every tile known: the tricks the side
    fighting for the contract (the goal side of :func:`engine.contract.goal_of`) takes from
    here, the trick in progress included, when every seat plays perfectly after it."""
    assert g.trump is not None and g.bidder is not None and g.bid is not None and g.leader is not None
    side = 0
    for x in goal_of(g.rules, seat, g.bidder, g.bid).seats:
        side |= 1 << x
    trick = [t.index for t in g.current_trick]
    return Solver(g.trump, g.rules.players).move_values_masks([mask_of(h) for h in g.hands], g.leader, side, trick)


def decision_kind(g: Game, seat: int, bidder_leads: int) -> str:
    """What kind of playing decision ``seat`` faces: ``"follow"``, ``"bidder lead 1"`` or
    ``"bidder lead 2"`` (the bidder's first two leads; ``bidder_leads`` is how many it has
    made), or ``"lead"``."""
    if g.current_trick:
        return "follow"
    return f"bidder lead {bidder_leads + 1}" if seat == g.bidder and bidder_leads < 2 else "lead"


def dd_losses(
    level: str, players: int, decisions: int, seed: int, own_contracts: bool = False, out: TextIO | None = None,
    limit: int = 0,
) -> list[LossRow]:
    """One row per playing decision with more than one legal play, from hands played by
    ``level`` bots in every seat (deal ``seed``, ``seed + 1``, ... until ``decisions`` rows).
    The bids, discard and trump are the basic player's (so every level plays the same
    contracts on the same deals) unless ``own_contracts``. Each row gives
    the tricks the chosen play gives up, for the side fighting for the contract, against the
    best play with every tile known (``loss``), and what kind of play it was (``kind``:
    ``"bidder lead 1"``, ``"bidder lead 2"``, ``"trump lead"``, ``"lead"`` or ``"follow"``).
    With ``limit``, a row with a loss also gives ``limit_loss`` (:func:`limit_loss` on that
    many layouts)."""
    rules = RuleSet(players=players)
    rows: list[LossRow] = []
    s = seed
    while len(rows) < decisions:
        g = Game.new(rules, seed=s)
        bots = [make_bot(level, seed=s * 8 + seat) for seat in range(players)]
        bidders = bots if own_contracts else [make_bot("basic", seed=s * 8 + seat) for seat in range(players)]
        s += 1
        bidder_leads = 0
        while not g.hand_finished and len(rows) < decisions:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            d = (bots if view.phase == "playing" else bidders)[seat].decide(view)
            legal = view.legal_actions()
            if view.phase == "playing" and len(legal) > 1:
                assert g.trump is not None
                vals = open_values(g, seat)
                tile = d.action.value
                assert isinstance(tile, Tile)
                trump_lead = not g.current_trick and g.trump.is_trump(tile)
                kind = decision_kind(g, seat, bidder_leads)
                if kind == "lead" and trump_lead:
                    kind = "trump lead"
                row = LossRow(level=level, players=players, deal=s - 1, loss=max(vals.values()) - vals[tile.index],
                              kind=kind, trump_lead=trump_lead)
                if limit and row["loss"] > 0:
                    row["limit_loss"] = limit_loss(view, vals, limit, (s - 1) * 8 + seat)
                rows.append(row)
                write_line(out, row)
            if view.phase == "playing" and not g.current_trick and seat == g.bidder:
                bidder_leads += 1
            g.apply(d.action)
    return rows


def dd_paired(
    levels: list[str], players: int, decisions: int, seed: int, out: TextIO | None = None, limit: int = 0
) -> Losses:
    """The open-hands loss of every level **on the same positions**: hands played by basic
    bots in every seat (deal ``seed``, ``seed + 1``, ...); at each playing decision with more
    than one legal play, each level's bot for that seat (made afresh for each hand, so it
    keeps its own memory of the hand) says what it would play, and its loss is measured as
    in :func:`dd_losses` (``limit`` too). Paired figures: the difference between two levels
    is not blurred by their playing different positions."""
    rules = RuleSet(players=players)
    res: Losses = {(lv, players): [] for lv in levels}
    s = seed
    n = 0
    while n < decisions:
        g = Game.new(rules, seed=s)
        walkers = [make_bot("basic", seed=s * 8 + seat) for seat in range(players)]
        bots = {lv: [make_bot(lv, seed=s * 8 + seat) for seat in range(players)] for lv in levels}
        s += 1
        bidder_leads = 0
        while not g.hand_finished and n < decisions:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            if view.phase == "playing" and len(view.legal_actions()) > 1:
                assert g.trump is not None
                vals = open_values(g, seat)
                kind = decision_kind(g, seat, bidder_leads)
                at_limit: int | None = None
                for lv in levels:
                    tile = bots[lv][seat].decide(view).action.value
                    assert isinstance(tile, Tile)
                    row = LossRow(level=lv, players=players, deal=s - 1, paired=True,
                                  loss=max(vals.values()) - vals[tile.index], kind=kind,
                                  trump_lead=not g.current_trick and g.trump.is_trump(tile))
                    if limit and row["loss"] > 0:
                        if at_limit is None:
                            at_limit = limit_loss(view, vals, limit, (s - 1) * 8 + seat)
                        row["limit_loss"] = at_limit
                    res[(lv, players)].append(row)
                    write_line(out, row)
                n += 1
            if view.phase == "playing" and not g.current_trick and seat == g.bidder:
                bidder_leads += 1
            g.apply(walkers[seat].decide(view).action)
    return res


def dd_diff(results: Losses) -> str:
    """For paired rows (:func:`dd_paired`): each level's loss minus the first level's, per
    decision, with a 95% interval (same positions, so the interval is tight)."""
    lines = []
    by_players: dict[int, list[str]] = {}
    for level, players in results:
        by_players.setdefault(players, []).append(level)
    for players, levels in by_players.items():
        base = results[(levels[0], players)]
        for lv in levels[1:]:
            rows = results[(lv, players)]
            d = [a["loss"] - b["loss"] for a, b in zip(rows, base, strict=False)]
            if not d:
                continue
            m = sum(d) / len(d)
            half = 1.96 * statistics.pstdev(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0
            lines.append(f"{players} players: {lv} minus {levels[0]}: {m:+.4f} tricks per decision "
                         f"(95% interval {m - half:+.4f} to {m + half:+.4f}, {len(d)} decisions)")
    return "\n".join(lines)


def dd_table(results: Losses) -> str:
    """The open-hands loss table of :func:`dd_losses` rows by (level, players)."""
    lines = [
        "open-hands loss per playing decision (tricks given up against the best play with every tile known,",
        "for the side fighting for the contract; decisions with more than one legal play)",
        f"{'level':<10} {'players':>7} {'decisions':>9} {'mean loss':>9} {'95% interval':>15} {'with loss':>9} "
        f"{'bidder leads 1-2':>17} {'trump leads':>12}",
    ]
    limits = []
    for (level, players), rows in results.items():
        xs = [r["loss"] for r in rows]
        n = len(xs)
        mean = sum(xs) / n if n else 0.0
        half = 1.96 * statistics.pstdev(xs) / math.sqrt(n) if n > 1 else 0.0
        lost = sum(1 for x in xs if x > 0) / n if n else 0.0

        def part(rs: list[LossRow]) -> str:
            if not rs:
                return "-"
            return f"{sum(r['loss'] for r in rs) / len(rs):.3f} ({len(rs)})"

        lead12 = [r for r in rows if r["kind"].startswith("bidder lead")]
        trumps = [r for r in rows if r["trump_lead"]]
        lines.append(
            f"{level:<10} {players:>7} {n:>9} {mean:>9.4f} {f'{mean - half:.3f}-{mean + half:.3f}':>15} "
            f"{lost:>9.1%} {part(lead12):>17} {part(trumps):>12}"
        )
        checked = [r for r in rows if r["loss"] > 0 and "limit_loss" in r]
        if checked:
            at = sum(1 for r in checked if r["limit_loss"] > 0)
            # A decision counts at the limit up to the smaller of the two losses.
            at_limit = sum(min(r["loss"], r["limit_loss"]) for r in checked)
            limits.append(
                f"{level} ({players} players): {at} of {len(checked)} decisions with a loss lose with the play best "
                f"in expectation too (the information limit): {at_limit / n:.4f} of its {mean:.4f} tricks per decision"
            )
    return "\n".join(lines + limits)


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark (see the module docstring)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--gap", action="store_true", help="measure the strong bidder against the open-hands value")
    p.add_argument("--out", help="with --gap: append one JSON line per hand to this file")
    p.add_argument("--merge", nargs="+", help="with --gap: print the summary of these JSON-lines files")
    p.add_argument(
        "--levels", default="basic,strong",
        help="levels to time (comma-separated); a level may carry options: strong:read_play=0+bid_samples=12",
    )
    p.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="CPU time (default) or elapsed time")
    p.add_argument("--dd-loss", action="store_true", help="the open-hands loss per playing decision")
    p.add_argument("--decisions", type=int, default=1000, help="with --dd-loss: decisions per level and players")
    p.add_argument("--players", default="3,4", help="player counts (comma-separated)")
    p.add_argument("--paired", action="store_true",
                   help="with --dd-loss: every level decides on the same positions (hands played by basic bots)")
    p.add_argument("--own-contracts", action="store_true", help="with --dd-loss: each level bids for itself")
    p.add_argument("--limit", type=int, default=0,
                   help="with --dd-loss: re-solve each decision with a loss on this many layouts (the information limit)")
    args = p.parse_args(argv)
    player_counts = [int(x) for x in args.players.split(",")]
    if args.dd_loss:
        res: Losses = {}
        if args.merge:
            for r in cast(list[LossRow], read_lines(args.merge)):
                res.setdefault((r["level"], r["players"]), []).append(r)
            print(dd_table(res))
            return
        out = open(args.out, "a") if args.out else None
        try:
            if args.paired:
                for players in player_counts:
                    res.update(dd_paired(_split_levels(args.levels), players, args.decisions, args.seed, out, args.limit))
            else:
                for level in _split_levels(args.levels):
                    for players in player_counts:
                        res[(level, players)] = dd_losses(
                            level, players, args.decisions, args.seed, args.own_contracts, out, args.limit
                        )
        finally:
            if out:
                out.close()
        print(dd_table(res))
        if args.paired:
            print(dd_diff(res))
        return
    if args.merge:
        print(gap_table(cast(list[GapRow], read_lines(args.merge))))
        return
    if not args.gap:
        print(timing_table(args.hands, args.seed, _split_levels(args.levels), args.clock, player_counts))
        return
    rows: list[GapRow] = []
    seed = args.seed
    out = open(args.out, "a") if args.out else None
    try:
        while len(rows) < args.hands:
            row = gap_hand(seed)
            seed += 1
            if row is None:
                continue
            rows.append(row)
            write_line(out, row)
    finally:
        if out:
            out.close()
    print(gap_table(rows))


if __name__ == "__main__":
    main()
