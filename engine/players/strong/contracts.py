"""What the strong player works out about contracts from its simulated deals: the deal pool
of a hand (:meth:`Contracts.pool`), the tricks a bidder takes in one of them
(:meth:`Contracts.solve`), and the races of (discard, trump) choices and of trumps
(:meth:`Contracts.choices`, :meth:`Contracts.trump_race`) whose results are
:class:`ContractStats`."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from typing import TypeAlias

from engine.contract import tricks_needed
from engine.game import PlayerView
from engine.players.bidding import auction_weights
from engine.players.facts import (
    TRUMP_ORDER,
    estimate_tricks,
    heuristic_discard,
    scoring_side,
    seats_mask,
)
from engine.players.strong.settings import SolverFactory, StrongSettings
from engine.rules import RuleSet
from engine.sampling import PILE, Constraints, Layout, view_digest
from engine.solver import Solver, mask_of
from engine.tiles import Tile
from engine.trump import Trump

#: What the memories of a hand are kept under: a tuple of the hand's parts (see
#: :meth:`Contracts.hand_key`, :meth:`Contracts.plan_key`).
Key: TypeAlias = tuple[Hashable, ...]

__all__ = ["ContractStats", "Contracts", "clearly_behind", "trump_key"]


@dataclass(frozen=True)
class ContractStats:
    """Tricks a bidder takes, one entry per simulated deal, for one (trump, discard) choice."""

    trump: Trump
    discard: Tile | None
    tricks: tuple[int, ...]
    #: when only yes/no probes were run: 1 if the bid was made in that deal, else 0
    made: tuple[int, ...] = ()
    #: True when deals short of the lowest bid are entered as one trick below it
    capped: bool = False
    #: the weight of each deal (the auction's likelihood); empty: all deals count alike
    weights: tuple[float, ...] = ()
    #: deals where the side takes fewer tricks than this are entered at it (only the tricks
    #: from one below the bid up were worked out exactly)
    floor: int = 0

    def _w(self, n: int) -> list[float]:
        w = list(self.weights[:n])
        return w if len(w) == n and sum(w) > 0 else [1.0] * n

    @property
    def deals(self) -> int:
        """How many simulated deals the numbers come from."""
        return len(self.tricks) or len(self.made)

    @property
    def exact(self) -> bool:
        """True when exact trick counts were computed (not only yes/no probes)."""
        return bool(self.tricks) and not self.capped

    def chance(self, need: int) -> float:
        """The chance of taking at least ``need`` tricks (for probes: of making the bid)."""
        if not self.tricks:
            w = self._w(len(self.made))
            return sum(x for x, m in zip(w, self.made, strict=True) if m) / max(1e-12, sum(w)) if w else 0.0
        w = self._w(len(self.tricks))
        return sum(x for x, t in zip(w, self.tricks, strict=True) if t >= need) / sum(w)

    def mean(self) -> float | None:
        """The average tricks, when exact counts were computed."""
        if not self.tricks or self.capped:
            return None
        w = self._w(len(self.tricks))
        return sum(x * t for x, t in zip(w, self.tricks, strict=True)) / sum(w)


class Contracts:
    """One strong player's work on contracts, kept between its decisions: its solvers (one
    per trump and player count, for their tables), the hand's pool of simulated deals, the
    trick counts solved on them, the trump race each discard was chosen with and the trump
    each bid was worked out with."""

    def __init__(self, seed: int | None, settings: StrongSettings) -> None:
        self.seed = seed
        self.settings = settings
        self._factory: SolverFactory = settings.solver_factory or Solver
        self._solvers: dict[tuple[Trump, int], Solver] = {}
        # Exact answers for simulated deals (the discard and trump choices re-read the bid's).
        self._probes: dict[Key, int] = {}
        # Trick counts of simulated deals: (count, floor), the count exact when above the floor.
        self._counts: dict[Key, tuple[int, int]] = {}
        # The pool of simulated deals of the current hand (see :meth:`pool`).
        self._pools: dict[Key, list[Layout]] = {}
        #: The trump race each discard was chosen with, for the trump choice that follows it
        #: (see :meth:`plan_key`): the bidder then names the trump its discard was made for.
        self.plans: dict[Key, dict[Trump, ContractStats]] = {}
        #: The trump each bid was worked out with, and how many fresh deals checked it (see
        #: :meth:`hand_key`): the trump choice after the auction works that trump out on every
        #: deal, and races on the same deals as the bid.
        self.bid_trumps: dict[Key, tuple[Trump, int]] = {}
        #: The plain chance each hand's bid was said with (its reason's band), kept under
        #: :meth:`hand_key`: the discard and trump reasons after the widow say when theirs
        #: is in another band.
        self.bid_chances: dict[Key, float] = {}
        #: What a player that did not see the seat's bid made has worked out again of it (see
        #: ``StrongBot._recall_bid``), by :meth:`hand_key`: the trump and the plain chance its
        #: reason said (``None`` for a hand it would have passed), for the words of its
        #: discard and trump lines only: its choices are worked out as before.
        self.bids_recalled: dict[Key, tuple[Trump, float] | None] = {}

    def bid_said(self, key: Key) -> tuple[Trump | None, float | None]:
        """The trump and the plain chance the bid of the hand ``key`` was said with: this
        player's own bid's, else one worked out again (``bids_recalled``); ``None`` for
        what is not known."""
        if key in self.bid_trumps:
            return self.bid_trumps[key][0], self.bid_chances.get(key)
        said = self.bids_recalled.get(key)
        return (None, None) if said is None else said

    @property
    def nodes(self) -> int:
        """Search nodes the solvers have visited (the work budgets count them)."""
        return sum(s.nodes for s in self._solvers.values())

    def over(self, budget: int | None, start: int) -> bool:
        """True when more than ``budget`` search nodes were spent since ``start`` (a count of
        :attr:`nodes`); never with no budget."""
        return budget is not None and self.nodes - start > budget

    def solver(self, trump: Trump, players: int) -> Solver:
        """The solver for ``trump`` (kept between calls for its tables)."""
        key = (trump, players)
        s = self._solvers.get(key)
        if s is None:
            s = self._solvers[key] = self._factory(trump, players)
        return s

    def pool_rng(self, view: PlayerView, hand: Sequence[Tile], stream: str = "pool") -> random.Random:
        """The stream of a hand's pool of simulated deals, keyed by the seat's hand as dealt
        and the game so far (not by the auction), so that the bid and the later discard and
        trump choices share their deals and their solved trick counts."""
        core = replace(
            view,
            phase="contract",  # type: ignore[arg-type]  # a digest key for the pool, not a phase
            to_act=None,
            hand=tuple(sorted(hand)),
            widow=(),
            discard=None,
            bids=(),
            bidder=None,
            bid=None,
            trump=None,
            leader=None,
            current_trick=(),
            tricks=(),
            hand_sizes=(),
            actions=(),
        )
        return random.Random(view_digest(core, f"{stream}/{self.seed}"))

    @staticmethod
    def dealt_hand(view: PlayerView) -> tuple[Tile, ...]:
        """The seat's hand as dealt: its hand now, with its discard back and the widow out."""
        tiles = set(view.hand)
        if view.discard is not None:
            tiles.add(view.discard)
        tiles -= set(view.widow)
        return tuple(sorted(tiles))

    def pool_size(self, rules: RuleSet) -> int:
        """Simulated deals per hand for the contract choices (the tuning's ``bid_samples``)."""
        return self.settings.for_rules(rules).bid_samples

    def pool(self, view: PlayerView) -> list[Layout]:
        """The simulated deals of a bid, discard or trump choice (before any tile is played).

        One pool per hand: layouts drawn uniformly from those that agree with the seat's hand
        as dealt, then fitted to what the seat sees now (a widow it took leaves the other
        hands: if a layout had put it in a hand, that hand gets the layout's pile tile
        instead, which keeps the draw uniform). The auction enters as weights
        (:func:`engine.players.bidding.auction_weights`), never by changing the layouts, so
        every contract choice of a hand is worked out on the same deals."""
        rules = view.rules
        hand = self.dealt_hand(view)
        key = self.hand_key(view)
        pool = self._pools.get(key)
        if pool is None:
            others = [s for s in range(rules.players) if s != view.seat]
            unseen = [t for t in rules.tiles if t not in set(hand)]
            holders: list[int] = list(others)
            sizes = [7] * len(others)
            if len(unseen) > 7 * len(others):
                holders.append(PILE)
                sizes.append(len(unseen) - 7 * len(others))
            base = Constraints.build(holders, sizes, unseen)
            pool = base.samples(self.pool_rng(view, hand), self.pool_size(rules))
            if len(self._pools) >= 8:
                self._pools.clear()
            self._pools[key] = pool
        now = Constraints.from_view(view)
        seen = [t for t in view.widow if t not in set(hand)]
        out: list[Layout] = []
        for lay in pool:
            fitted = {h: list(ts) for h, ts in lay.items()}
            pile = fitted.pop(PILE, [])
            for t in seen:
                if t in pile:
                    pile.remove(t)
                    continue
                for ts in fitted.values():
                    if t in ts:
                        ts.remove(t)
                        ts.append(pile.pop(0))
                        break
            if pile:
                fitted[PILE] = pile
            done = {h: tuple(sorted(ts)) for h, ts in fitted.items()}
            if not now.agrees(done):
                # Not a state the pool was made for: draw afresh from what the seat sees.
                return now.samples(self.pool_rng(view, view.hand), self.pool_size(rules))
            out.append(done)
        return out

    def confirm_pool(self, view: PlayerView, n: int) -> list[Layout]:
        """``n`` simulated deals drawn apart from :meth:`pool` (their own stream, the
        same for the same hand and game), to check the bid chosen on the pool."""
        rng = self.pool_rng(view, self.dealt_hand(view), "confirm")
        return Constraints.from_view(view).samples(rng, n)

    def weights(self, view: PlayerView, layouts: Sequence[Layout]) -> list[float]:
        """The auction weights of ``layouts`` (all ones with ``read_auction`` off)."""
        if not self.settings.read_auction:
            return [1.0] * len(layouts)
        return auction_weights(view, layouts)

    def solve(
        self,
        rules: RuleSet,
        me: int,
        my_tiles: Sequence[Tile],
        layout: Layout,
        trump: Trump,
        widow_from_pile: bool,
        at_least: int | None = None,
        floor: int = 0,
    ) -> int:
        """Tricks the bidder's side takes in one simulated deal with ``trump``, leading first
        (``max(tricks, floor)``: no probe is spent below ``floor``); with ``at_least=k`` only
        whether it takes ``k`` (1 or 0), a cheaper yes/no probe (answered from the trick count
        when that is known already). The bidder ``me`` holds ``my_tiles``, the others their
        tiles of ``layout``; with ``widow_from_pile`` the bidder takes the pile tile and
        discards by rule of thumb."""
        tiles = list(my_tiles)
        if widow_from_pile:
            tiles += list(layout.get(PILE, ()))
        if len(tiles) > 7:
            tiles.remove(heuristic_discard(tiles, trump))
        hands = [mask_of(tiles) if s == me else mask_of(layout[s]) for s in range(rules.players)]
        key = (trump, me, *hands)
        known = self._counts.get(key)
        if known is not None:
            value, low = known
            if at_least is not None and (value > low or at_least > low):
                return int(value >= at_least)
            if at_least is None and (value > low or floor >= low):
                return max(value, floor)
        side = seats_mask(scoring_side(rules, me))
        solver = self.solver(trump, rules.players)
        if at_least is not None:
            probe_key = (trump, me, at_least, *hands)
            cached = self._probes.get(probe_key)
            if cached is None:
                cached = int(solver.can_take_masks(hands, me, side, at_least))
                if len(self._probes) > 100_000:
                    self._probes.clear()
                self._probes[probe_key] = cached
            return cached
        value = solver.solve_masks(hands, me, side, floor=floor)
        if len(self._counts) > 100_000:
            self._counts.clear()
        self._counts[key] = (value, floor)
        return value

    def choices(
        self,
        view: PlayerView,
        pairs: list[tuple[Tile | None, Trump]],
        base_tiles: Sequence[Tile],
        widow_from_pile: bool,
        deals: int | None = None,
        since: int | None = None,
        keep: tuple[Tile | None, Trump] | None = None,
        extra: int = 0,
    ) -> tuple[dict[tuple[Tile | None, Trump], ContractStats], int]:
        """Race (discard, trump) pairs on the hand's simulated deals (:meth:`pool`,
        weighted by the auction): every pair gets a yes/no probe (does it make the bid?) on a
        first batch, the most promising get exact trick counts on every deal (the first
        ``deals`` of the pool when given). Returns the
        stats (a pair left out by the work budget has none) and the number of deals in the
        full batch. ``since``: the :attr:`nodes` count the work budget runs from (by default
        now; the discard's second race shares its budget with the first). ``keep``: a pair
        probed first and always among the finalists (the trump a bid was worked out with);
        ``extra``: that many of the bid's fresh deals (:meth:`confirm_pool`) join the pool, so
        the finalists are compared on the deals the bid was."""
        rules = view.rules
        assert view.bid is not None
        need = tricks_needed(view.bid)
        tuning = self.settings.for_rules(rules)
        layouts = self.pool(view)
        if self.settings.contract_samples:
            layouts = layouts[: self.settings.contract_samples]
        if deals:
            layouts = layouts[:deals]
        if extra:
            layouts = [*layouts, *self.confirm_pool(view, extra)]
        weights = tuple(self.weights(view, layouts))
        total = len(layouts)
        first = min(total, tuning.choice_probes or max(3, total // 5))
        finalists = 2
        me = view.seat

        def thumb(p: tuple[Tile | None, Trump]) -> float:
            kept = [t for t in base_tiles if t is not p[0]]
            if len(kept) > 7:
                kept.remove(heuristic_discard(kept, p[1]))
            return estimate_tricks(kept, p[1], rules.tiles)

        # A work budget (``choice_nodes``): the pairs are probed best by rule of thumb first;
        # once the budget is spent the rest are left out (two are always probed), and the
        # second most promising pair gets exact counts only if the budget is not spent yet.
        budget = tuning.choice_nodes
        start = self.nodes if since is None else since

        def spent() -> bool:
            return self.over(budget, start)

        probes: dict[tuple[Tile | None, Trump], list[int]] = {}
        order = sorted(pairs, key=thumb, reverse=True)
        if keep in order:
            order.remove(keep)
            order.insert(0, keep)
        for i, p in enumerate(order):
            if i >= 2 and spent():
                break
            d, tr = p
            tiles = [t for t in base_tiles if t is not d]
            probes[p] = [
                self.solve(rules, me, tiles, lay, tr, widow_from_pile, at_least=need)
                for lay in layouts[:first]
            ]

        def promise(p: tuple[Tile | None, Trump]) -> tuple[float, float, int]:
            # Ties (often all zero for a high bid) go to the better trump by rule of thumb.
            return (sum(x for x, ok in zip(weights, probes[p], strict=False) if ok), thumb(p), -pairs.index(p))

        ranked = sorted(probes, key=promise, reverse=True)
        if keep in ranked:
            ranked.remove(keep)
            ranked.insert(0, keep)
        out: dict[tuple[Tile | None, Trump], ContractStats] = {}
        lead: list[int] = []
        for i, p in enumerate(ranked[:finalists]):
            if i > 0 and spent():
                break
            d, tr = p
            tiles = [t for t in base_tiles if t is not d]
            res: list[int] = []
            # With a ``choice_batch`` (four players) the challenger races the first finalist
            # (the bid's trump, its deals mostly solved already) that many deals at a time, as
            # the bid's trumps do, and stops once it makes the bid clearly less often on the
            # same deals (:func:`clearly_behind` on tricks counted up to the bid): then it has
            # only a first look at those deals, like a trump that was only probed.
            batch = (tuning.choice_batch or total) if i > 0 else total
            while len(res) < total:
                res += [
                    self.solve(rules, me, tiles, lay, tr, widow_from_pile, floor=need - 1)
                    for lay in layouts[len(res) : len(res) + batch]
                ]
                if len(res) < total and clearly_behind(
                    [min(t, need) for t in lead[: len(res)]], [min(t, need) for t in res]
                ):
                    break
            if i == 0:
                lead = res
            if len(res) < total:
                made = tuple(int(t >= need) for t in res)
                out[p] = ContractStats(tr, d, (), made, weights=weights[: len(res)])
            else:
                out[p] = ContractStats(tr, d, tuple(res), weights=weights, floor=need - 1)
        for p in ranked:
            if p not in out:
                out[p] = ContractStats(p[1], p[0], (), tuple(probes[p]), weights=weights[:first])
        return out, total

    def trump_race(
        self,
        view: PlayerView,
        trumps: Sequence[Trump],
        base_tiles: Sequence[Tile],
        discard: Tile | None,
        before_widow: bool,
        deals: int | None,
        since: int | None = None,
        prefer: Trump | None = None,
        extra: int = 0,
    ) -> dict[Trump, ContractStats]:
        """The trump choice's race (:meth:`choices`) of ``trumps`` for ``base_tiles``
        less ``discard``: the stats by trump (a trump the work budget left out has none).
        ``prefer``: a trump that gets exact counts whatever the first look says (the one the
        bid was worked out with); ``extra``: the fresh deals that checked that bid
        (:meth:`confirm_pool`), raced on too."""
        pairs: list[tuple[Tile | None, Trump]] = [(discard, tr) for tr in trumps]
        keep = (discard, prefer) if prefer is not None else None
        stats, _ = self.choices(view, pairs, base_tiles, before_widow, deals, since, keep, extra)
        return {p[1]: s for p, s in stats.items()}

    def hand_key(self, view: PlayerView) -> Key:
        """One hand of one seat, the same at its bid, discard and trump choice: what its pool
        of simulated deals and the trump its bid was worked out with are kept under."""
        return (view.rules, view.seat, self.dealt_hand(view), view.hand_number, view.first_bidder, view.scores)

    @staticmethod
    def plan_key(view: PlayerView, discard: Tile) -> Key:
        """What a discard's plan is kept under: the same at the discard (with ``discard`` the
        tile chosen) and at the trump choice right after it (with the tile discarded)."""
        kept = tuple(sorted(t for t in view.hand if t != discard))
        return (view.seat, view.hand_number, view.first_bidder, view.scores, view.bids, view.bid,
                view.widow, discard, kept)


def trump_key(need: int) -> Callable[[ContractStats], tuple[bool, float, float, int]]:
    """How the trump choice ranks its trumps for a bid needing ``need`` tricks: exact counts
    first, then the chance to make the bid, the mean tricks, and the higher trump."""
    return lambda s: (s.exact, s.chance(need), s.mean() or 0.0, -TRUMP_ORDER[s.trump])


def clearly_behind(lead: Sequence[int], other: Sequence[int]) -> bool:
    """True when ``other`` (a trump's tricks, deal by deal) is clearly behind ``lead`` on the
    same deals: a quarter of a trick or more a deal on average, and more than twice the
    standard error of the deal-by-deal difference."""
    d = [a - b for a, b in zip(lead, other, strict=True)]
    m = len(d)
    mean = sum(d) / m
    if mean < 0.25 or m < 2:
        return False
    sd = (sum((x - mean) ** 2 for x in d) / (m - 1)) ** 0.5
    return bool(mean > 2 * sd / float(m) ** 0.5)

