"""The Bidding lab's numbers: for one hand, the chance of making each bid under each trump.

Each simulation deals the unseen tiles at random to the other seats (and the widow), gives
the bidder the widow and lets it discard its weakest tile (three players), then counts the
tricks the bidder's side takes with every hand open and perfect play on both sides (the
exact solver). The same simulated deals are used for every trump, so the trumps are
compared fairly.

>>> from engine import RuleSet, Trump, parse_tiles
>>> res = simulate(RuleSet(), parse_tiles("6-6 6-5 6-4 6-3 5-5 4-4 2-1"), samples=8, seed=1)
>>> res.chance(Trump.parse("6"), 4) >= res.chance(Trump.parse("1"), 4)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from engine import Game, RuleSet, Tile, Trump, bid_made
from engine.sampling import PILE, Constraints
from engine.solver import Solver, mask_of

__all__ = [
    "MAX_SAMPLES",
    "TIME_LIMIT",
    "BidLab",
    "Runner",
    "held_in_play",
    "in_worker",
    "max_samples",
    "parse_hand",
    "simulate",
    "solve_deals",
    "weakest",
]

#: The most simulated deals one request may ask for, by number of players (a four-player
#: deal costs several times a three-player one: the solver searches 28 tiles, not 21).
MAX_SAMPLES: dict[int, int] = {3: 200, 4: 60}
#: Seconds one simulation may run; it then stops and reports the deals done so far.
TIME_LIMIT = 20.0


def max_samples(rules: RuleSet) -> int:
    """The most simulated deals one request may ask for under ``rules``."""
    return MAX_SAMPLES[rules.players]


def weakest(tiles: Sequence[Tile], trump: Trump) -> Tile:
    """The tile a bidder lays aside: the one least worth keeping (never a trump if avoidable)."""

    def keep(t: Tile) -> tuple[float, int]:
        return (trump.power(t, trump.suit_led(t)) + t.pips / 100, t.index)

    return min(tiles, key=keep)


def parse_hand(text: str | Sequence[str], rules: RuleSet) -> tuple[Tile, ...]:
    """Seven different tiles of the rule set, or ``ValueError`` saying what is wrong."""
    from engine import parse_tiles

    try:
        tiles = parse_tiles(text)
    except ValueError as e:
        raise ValueError(f"That hand is not understood: {e}") from None
    if len(tiles) != 7:
        raise ValueError(f"A hand has 7 tiles; this one has {len(tiles)}.")
    if len(set(tiles)) != 7:
        raise ValueError("A tile appears twice in that hand.")
    allowed = set(rules.tiles)
    bad = [str(t) for t in tiles if t not in allowed]
    if bad:
        raise ValueError(f"{', '.join(bad)} {'is' if len(bad) == 1 else 'are'} not in the {len(allowed)}-tile set of these rules.")
    return tuple(sorted(tiles))


def _start_view(rules: RuleSet, hand: Sequence[Tile], seat: int) -> Constraints:
    """What the bidder knows before the auction: its own seven tiles."""
    rest = [t for t in rules.tiles if t not in set(hand)]
    hands: list[list[Tile]] = []
    for s in range(rules.players):
        if s == seat:
            hands.append(list(hand))
        else:
            hands.append(rest[:7])
            rest = rest[7:]
    game = Game.from_deal(rules, hands, rest, first_bidder=seat, seed=0)
    return Constraints.from_view(game.view(seat))


def held_in_play(hand: Sequence[Tile], game: Game | None, you: int, *, open_hands: bool = False) -> bool:
    """Whether ``hand`` is the hand another seat was dealt in ``game``'s hand in progress.

    The lab deals by deal number, and Play shows its game's deal number: the lab must not
    show a computer's tiles of a hand still being played (unless the table's hands are open).

    >>> from engine import RuleSet
    >>> g = Game.new(RuleSet(), 7)
    >>> held_in_play(g.deal[1], g, you=0), held_in_play(g.deal[0], g, you=0)
    (True, False)
    >>> held_in_play(g.deal[1], g, you=0, open_hands=True)
    False
    """
    if game is None or open_hands or game.hand_finished:
        return False
    key = sorted(hand)
    return any(sorted(dealt) == key for seat, dealt in enumerate(game.deal) if seat != you)


@dataclass(frozen=True)
class BidLab:
    """The tricks the bidder's side took in each simulated deal, for each trump."""

    rules: RuleSet
    hand: tuple[Tile, ...]
    tricks: dict[Trump, tuple[int, ...]]
    samples: int
    #: The deals asked for; ``samples`` is fewer when the time limit stopped the run.
    requested: int = 0

    @property
    def complete(self) -> bool:
        """True when every deal asked for was simulated (no time limit hit)."""
        return self.samples >= self.requested

    def chance(self, trump: Trump, bid: int) -> float:
        r = self.tricks[trump]
        return sum(1 for x in r if bid_made(bid, x)) / len(r) if r else 0.0

    def table(self) -> pd.DataFrame:
        """Chance (whole percent, rounded as :func:`engine.words.percent`) of making each bid
        (columns) with each trump (rows, by name)."""
        rows = {
            _name(tr): {b: round(100 * self.chance(tr, b)) for b in self.rules.bid_values}
            for tr in self.tricks
        }
        return pd.DataFrame.from_dict(rows, orient="index")

    def averages(self) -> pd.Series:
        return pd.Series({_name(tr): sum(r) / len(r) for tr, r in self.tricks.items() if r}, name="Average tricks")

    def best(self, bid: int) -> Trump:
        return max(self.tricks, key=lambda tr: (self.chance(tr, bid), sum(self.tricks[tr])))


def _name(trump: Trump) -> str:
    return trump.name


def solve_deals(rules: RuleSet, hand: tuple[Tile, ...], seat: int, layouts: Sequence[Any]) -> list[tuple[int, ...]]:  # Any: the sampler's layouts
    """For each simulated deal, the tricks the bidder's side takes under each trump of
    ``rules.trumps`` (in that order). A plain function of picklable arguments, so a chunk of
    deals can be solved in a worker process."""
    n = rules.players
    side = (1 << seat) | ((1 << ((seat + 2) % 4)) if n == 4 else 0)
    trumps = list(rules.trumps)
    solvers = [Solver(trump, n) for trump in trumps]
    out = []
    for lay in layouts:
        row = []
        for trump, solver in zip(trumps, solvers, strict=True):
            mine = list(hand) + list(lay.get(PILE, ())) if rules.has_widow else list(hand)
            if len(mine) > 7:
                mine.remove(weakest(mine, trump))
            masks = [mask_of(mine) if s == seat else mask_of(lay[s]) for s in range(n)]
            row.append(solver.solve_masks(masks, seat, side))
        out.append(tuple(row))
    return out


#: Runs ``solve_deals`` on a chunk of deals: in this process by default, or in a worker.
Runner = Callable[[Callable[..., list[tuple[int, ...]]], tuple[Any, ...]], list[tuple[int, ...]]]  # Any: the arguments of whatever fn it runs


def _here(fn: Callable[..., list[tuple[int, ...]]], args: tuple[Any, ...]) -> list[tuple[int, ...]]:  # Any: the arguments of fn (a Runner)
    return fn(*args)


def in_worker(fn: Callable[..., list[tuple[int, ...]]], args: tuple[Any, ...]) -> list[tuple[int, ...]]:  # Any: the arguments of fn (a Runner)
    """A :data:`Runner` for the app: each chunk is solved in the background worker process
    (:func:`tutorial.services.players.offload`), so the server's thread only waits and the
    other sessions go on; here when there is no worker."""
    from tutorial.services.players import offload

    result: list[tuple[int, ...]] = offload(fn, *args)
    return result


def simulate(
    rules: RuleSet,
    hand: Sequence[Tile],
    *,
    samples: int = 100,
    seed: int = 0,
    seat: int = 0,
    progress: Callable[[float], None] | None = None,
    time_limit: float | None = TIME_LIMIT,
    clock: Callable[[], float] = time.monotonic,
    runner: Runner | None = None,
    chunk: int = 5,
) -> BidLab:
    """Run up to ``samples`` simulated deals of the unseen tiles for every trump allowed.

    ``samples`` is capped at :func:`max_samples`. The deals are solved ``chunk`` at a time,
    every trump on each deal, by ``runner`` (in this process by default; the app can hand
    the chunks to a worker process). When ``time_limit`` seconds have passed the run stops
    with the deals done so far, every trump compared on the same deals
    (:attr:`BidLab.complete` is then false). ``progress`` gets the fraction done after
    each chunk.
    """
    samples = max(1, min(int(samples), max_samples(rules)))
    hand = tuple(sorted(hand))
    c = _start_view(rules, hand, seat)
    layouts = c.samples(random.Random(seed), samples)
    trumps = list(rules.trumps)
    run = runner or _here
    rows: list[tuple[int, ...]] = []
    start = clock()
    for i in range(0, len(layouts), max(1, chunk)):
        rows.extend(run(solve_deals, (rules, hand, seat, layouts[i : i + max(1, chunk)])))
        if progress is not None:
            progress(len(rows) / len(layouts))
        if time_limit is not None and clock() - start > time_limit:
            break
    tricks = {trump: tuple(row[k] for row in rows) for k, trump in enumerate(trumps)}
    return BidLab(rules, hand, tricks, len(rows), len(layouts))
