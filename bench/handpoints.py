"""The points one side scores in a hand, with their chances: the table the strong player's
race model of the game is built on (:data:`engine.players.odds.HAND_POINTS`).

    python -m bench.handpoints --players 3 --hands 3000 [--level basic] [--outcomes]

Plays whole games of one bot level (basic by default, as :data:`HAND_POINTS` was measured)
from deal 1 on, until at least ``--hands`` hands are done, and prints each side's change of
score in every hand as a share of all (a hand thrown in counts 0; a made 21 that won the
game is counted as ``moon``). With ``--outcomes``, prints whole hands instead (the bid and
every side's tricks), the joint model's table (:data:`engine.players.odds.HAND_OUTCOMES`).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator

from engine import Game, HandResult, RuleSet
from engine.players import make_bot


def _hands(players: int, hands: int, level: str) -> Iterator[HandResult]:
    """Every hand of whole games of ``level`` bots, from deal 1 on, until ``hands`` are done."""
    rules = RuleSet(players=players)
    played = seed = 0
    while played < hands:
        seed += 1
        game = Game.new(rules, seed=seed)
        bots = {s: make_bot(level, seed=seed * 16 + s) for s in range(players)}
        while True:
            while not game.hand_finished:
                seat = game.to_act
                assert seat is not None
                game.apply(bots[seat].decide(game.view(seat)).action)
            played += 1
            yield game.results[-1]
            if game.phase == "game_over":
                break
            game.next_hand()


def hand_points(players: int, hands: int, level: str = "basic") -> tuple[int, dict[int | str, float]]:
    """Play games of ``level`` bots until ``hands`` hands are done; return the hands played
    and the share of each side's score change (``"moon"``: a made 21 that won the game)."""
    rules = RuleSet(players=players)
    count: Counter[int | str] = Counter()
    played = 0
    for res in _hands(players, hands, level):
        played += 1
        for side, change in enumerate(res.change):
            moon = res.moon_won_game and res.bidder is not None and rules.side_of(res.bidder) == side
            count["moon" if moon else change] += 1
    total = sum(count.values())
    return played, {k: v / total for k, v in count.items()}


def hand_outcomes(players: int, hands: int, level: str = "basic") -> tuple[int, dict[tuple[int, ...] | None, float]]:
    """Play games of ``level`` bots until ``hands`` hands are done; return the hands played
    and the share of each outcome: ``None`` for a hand thrown in, else ``(bid, tricks of the
    bidder's side, tricks of each other side in seat order after it)``, the table of
    :data:`engine.players.odds.HAND_OUTCOMES`."""
    rules = RuleSet(players=players)
    count: Counter[tuple[int, ...] | None] = Counter()
    played = 0
    for res in _hands(players, hands, level):
        played += 1
        if res.thrown_in or res.bidder is None or res.bid is None:
            count[None] += 1
            continue
        n = len(res.side_tricks)
        bs = rules.side_of(res.bidder)
        count[(res.bid, *(res.side_tricks[(bs + k) % n] for k in range(n)))] += 1
    return played, {k: v / played for k, v in count.items()}


def main(argv: list[str] | None = None) -> None:
    """Print the table (see the module docstring)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, choices=(3, 4), default=3)
    p.add_argument("--hands", type=int, default=3000)
    p.add_argument("--level", default="basic")
    p.add_argument("--outcomes", action="store_true",
                   help="print whole hands (the bid and every side's tricks) instead: HAND_OUTCOMES")
    args = p.parse_args(argv)
    if args.outcomes:
        played, outcomes = hand_outcomes(args.players, args.hands, args.level)
        print(f"{played} hands, {args.players} players, {args.level} bots: "
              "(bid, tricks of the bidder's side, of each other side after it) and its share")
        for key in sorted(outcomes, key=lambda k: (k is not None, k or ())):
            print(f"{key!s:>16} {outcomes[key]:.4f}")
        return
    played, shares = hand_points(args.players, args.hands, args.level)
    print(f"{played} hands, {args.players} players, {args.level} bots: points a side scores in a hand")
    for k in sorted(shares, key=lambda k: (isinstance(k, str), k)):
        print(f"{k!s:>6} {shares[k]:.4f}")


if __name__ == "__main__":
    main()
