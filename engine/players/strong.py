"""The strong computer player: it samples layouts of the unseen tiles that agree with what
its seat has seen, solves each with all hands open (:mod:`engine.solver`) and takes the action
with the best average for its side. Its knobs are one frozen :class:`StrongSettings`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action
from engine.game import PlayerView
from engine.players.analysis import PlayAnalysis, analyse_play, analyse_play_weighted
from engine.players.base import PhaseBot
from engine.players.bidding import BidRow, ScoreModel, auction_weights, play_weights, score_table
from engine.players.contracts import ContractStats
from engine.players.decision import Candidate, Decision, Explanation
from engine.players.facts import (
    TRUMP_ORDER,
    best_trumps,
    estimate_tricks,
    heuristic_discard,
    keep_value,
    mark,
    play_tags,
    scoring_side,
    seats_mask,
    tags_for,
    tricks_needed,
)
from engine.players.odds import GameOdds
from engine.players.reasons import (
    PLAY_READ_NOTE,
    contract_reason_discard,
    play_reason,
    score_bid_reason,
    trump_reason,
    with_auction,
)
from engine.players.settings import SolverFactory, StrongSettings
from engine.players.wording import play_summary, score_bid_summary, verb
from engine.rules import RuleSet
from engine.sampling import PILE, Constraints, Layout, view_digest
from engine.solver import Solver, mask_of
from engine.tiles import Tile
from engine.trump import Trump
from engine.words import percent as pct
from engine.words import trump_phrase as trump_words

__all__ = ["ContractStats", "StrongBot", "StrongSettings"]


@dataclass(frozen=True)
class _PlayDraw:
    """The layouts a play decision is solved on."""

    layouts: list[Layout]
    #: one weight per layout (the auction and the trump named), or ``None``: all alike
    weights: list[float] | None
    #: with ``read_play`` 2 or more, the plain uniform draw the layouts were picked from
    plain: list[Layout] | None
    #: how many layouts agree with the view, and whether ``layouts`` lists all of them
    possible: int
    exhaustive: bool


class StrongBot(PhaseBot):
    """Samples layouts of the unseen tiles, solves each with all hands open and plays the
    action with the best average for its side (see the module docstring).

    Its knobs are ``settings`` (a frozen :class:`StrongSettings`); keyword ``options`` build
    one (``StrongBot(seed, bid_threshold=0.6)``).
    """

    level = "strong"

    def __init__(self, seed: int | None = None, settings: StrongSettings | None = None, **options: Any) -> None:
        super().__init__(seed)
        if settings is not None and options:
            raise TypeError("give either settings or keyword options, not both")
        #: this player's knobs (frozen)
        self.settings: StrongSettings = settings if settings is not None else StrongSettings.of(**options)
        self._factory: SolverFactory = self.settings.solver_factory or Solver
        self._solvers: dict[tuple[Trump, int], Solver] = {}
        # Exact answers for simulated deals (the discard and trump choices re-read the bid's).
        self._contract_cache: dict[tuple[Any, ...], int] = {}
        # Trick counts of simulated deals: (count, floor), the count exact when above the floor.
        self._counts: dict[tuple[Any, ...], tuple[int, int]] = {}
        # The pool of simulated deals of the current hand (see :meth:`contract_pool`).
        self._pools: dict[tuple[Any, ...], list[Layout]] = {}
        # The trump race each discard was chosen with, for the trump choice that follows it
        # (see :meth:`_plan_key`): the bidder then names the trump its discard was made for.
        self._plans: dict[tuple[Any, ...], dict[Trump, ContractStats]] = {}
        # The trump each bid of this player was worked out with, and how many fresh deals
        # checked it (see :meth:`_hand_key`): the trump choice after the auction works that
        # trump out on every deal, and races on the same deals as the bid.
        self._bid_trumps: dict[tuple[Any, ...], tuple[Trump, int]] = {}

    @property
    def bid_threshold(self) -> float:
        """The three-player bid threshold (``settings.bid_threshold``), read by the lessons."""
        return self.settings.bid_threshold

    def wanted(self, rules: RuleSet) -> Callable[[int], int]:
        """See :meth:`StrongSettings.wanted`."""
        return self.settings.wanted(rules)

    def threshold(self, rules: RuleSet) -> float:
        """See :meth:`StrongSettings.threshold`."""
        return self.settings.threshold(rules)

    @property
    def nodes(self) -> int:
        """Search nodes this bot's solvers have visited (the bid's work budget counts them)."""
        return sum(s.nodes for s in self._solvers.values())

    def _over(self, budget: int | None, start: int) -> bool:
        """True when more than ``budget`` search nodes were spent since ``start`` (a count of
        :attr:`nodes`); never with no budget."""
        return budget is not None and self.nodes - start > budget

    def solver(self, trump: Trump, players: int) -> Solver:
        """This bot's solver for ``trump`` (kept between calls for its tables)."""
        key = (trump, players)
        s = self._solvers.get(key)
        if s is None:
            s = self._solvers[key] = self._factory(trump, players)
        return s

    # -- play -----------------------------------------------------------------------------
    def play_layouts(self, view: PlayerView, rng: random.Random) -> tuple[list[Layout], int, bool]:
        """The layouts a play decision is solved on: (layouts, how many agree, all of them?)."""
        draw = self._play_draw(view, rng)
        return draw.layouts, draw.possible, draw.exhaustive

    def _play_draw(self, view: PlayerView, rng: random.Random) -> _PlayDraw:
        """The layouts of a play decision (see :class:`_PlayDraw`).

        ``read_play`` 1 (the default): the auction and the trump named weigh a uniform draw
        (or the list of every layout, when there are few: then the weights give the exact
        posterior). 2 or more: that many times the layouts are drawn and the needed number
        kept by weight; the plain uniform draw is kept beside them to compare. 0: a uniform
        draw, all layouts alike."""
        c = Constraints.from_view(view)
        possible = c.count()
        left = 7 - len(view.tricks)
        table = self.settings.play_samples_4p if view.rules.players == 4 else self.settings.play_samples
        n = table.get(left, 64)
        factor = self.settings.read_play
        if possible <= int(n * self.settings.enumerate_factor):
            layouts, exhaustive = list(c.enumerate()), True
        elif factor < 2:
            layouts, exhaustive = c.samples(rng, n), False
        else:
            # Weighted sampling without replacement from a draw ``factor`` times larger
            # (Efraimidis and Spirakis' keys u ** (1 / w)); its first ``n`` layouts are the
            # plain uniform draw (the one ``read_play=0`` solves).
            pool = c.samples(rng, n * factor)
            weights = play_weights(view, pool)
            if all(w == weights[0] for w in weights):
                return _PlayDraw(pool[:n], None, None, possible, False)
            keyed = sorted(
                range(len(pool)), key=lambda i: rng.random() ** (1.0 / weights[i]) if weights[i] > 0 else 0.0,
                reverse=True,
            )
            return _PlayDraw([pool[i] for i in keyed[:n]], None, pool[:n], possible, False)
        if factor < 1:
            return _PlayDraw(layouts, None, None, possible, exhaustive)
        weights = play_weights(view, layouts)
        if all(w == weights[0] for w in weights):
            return _PlayDraw(layouts, None, None, possible, exhaustive)
        return _PlayDraw(layouts, weights, None, possible, exhaustive)

    def play_draw(self, view: PlayerView) -> tuple[list[Layout], list[float] | None, int, bool]:
        """The layouts this player solves a play decision for ``view`` on (the draw
        :meth:`analyse` uses, from the same seeded stream): (layouts, their weights or ``None``
        when all count alike, how many layouts agree with the view, whether the list holds
        every one of them)."""
        draw = self._play_draw(view, self.rng(view, "play"))
        return draw.layouts, draw.weights, draw.possible, draw.exhaustive

    def analyse(self, view: PlayerView) -> PlayAnalysis:
        """The numbers behind a play decision for ``view`` (the seat must be to play)."""
        return self._analyse(view)[0]

    def _analyse(self, view: PlayerView) -> tuple[PlayAnalysis, PlayAnalysis | None]:
        """The play analysis, and the same without reading the bidding (every layout of the
        same draw counted alike, or with ``read_play`` 2 or more the plain uniform draw) when
        the weights counted (``None`` when they did not: nothing to compare)."""
        assert view.trump is not None
        draw = self._play_draw(view, self.rng(view, "play"))
        solver = self.solver(view.trump, view.rules.players)
        an, alike = analyse_play_weighted(view, draw.layouts, solver, draw.possible, draw.exhaustive, draw.weights)
        if draw.plain is not None:
            return an, analyse_play(view, draw.plain, solver, draw.possible, False)
        return an, (alike if draw.weights is not None else None)

    def _play(self, view: PlayerView, legal: list[Action]) -> Decision:
        trump = view.trump
        assert trump is not None
        an, plain = self._analyse(view)
        tile = an.best(trump)
        # Did reading the bidding change the play? (The plain draw would have played another.)
        reads = plain is not None and len(an.tiles) > 1 and plain.best(trump) != tile
        cands = []
        for t in an.tiles:
            tags = list(play_tags(view, t))
            if an.win_trick[t] == 1.0:
                tags.append("sure winner")
            if an.lose_always[t]:
                tags.append("gives up the lead")
            cands.append(
                Candidate(
                    Action.play(t), tuple(tags), tricks=an.tricks[t], goal=an.goal,
                    goal_chance=an.goal_chance[t], win_trick=an.win_trick[t], layouts=an.layouts,
                    exhaustive=an.exhaustive, draws=an.draws[t] if "draws trump" in tags else None,
                )
            )
        choice = Action.play(tile)
        marked = mark(cands, choice)
        chosen = next(c for c in marked if c.chosen)
        summary = play_summary(view, an, tile, marked)
        alone = play_summary(view, an, tile, marked, alone=True)
        reason = play_reason(view, an, tile)
        if reads:
            summary = f"{summary.rstrip('.')} ({PLAY_READ_NOTE})."
            reason = with_auction(reason, play=True)
        return Decision(
            choice,
            Explanation(summary, marked, chosen.tags, an.layouts, an.exhaustive, an.possible, reason,
                        table_summary=alone),
        )

    # -- contracts: bid, discard, trump ----------------------------------------------------
    def _pool_rng(self, view: PlayerView, hand: Sequence[Tile], stream: str = "pool") -> random.Random:
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
        """Simulated deals per hand for the contract choices (``settings.bid_samples``)."""
        return self.settings.bid_samples or (24 if rules.players == 3 else 10)

    def contract_pool(self, view: PlayerView) -> list[Layout]:
        """The simulated deals of a bid, discard or trump choice (before any tile is played).

        One pool per hand: layouts drawn uniformly from those that agree with the seat's hand
        as dealt, then fitted to what the seat sees now (a widow it took leaves the other
        hands: if a layout had put it in a hand, that hand gets the layout's pile tile
        instead, which keeps the draw uniform). The auction enters as weights
        (:func:`engine.players.bidding.auction_weights`), never by changing the layouts, so
        every contract choice of a hand is worked out on the same deals."""
        rules = view.rules
        hand = self.dealt_hand(view)
        key = self._hand_key(view)
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
            pool = base.samples(self._pool_rng(view, hand), self.pool_size(rules))
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
                return now.samples(self._pool_rng(view, view.hand), self.pool_size(rules))
            out.append(done)
        return out

    def confirm_pool(self, view: PlayerView, n: int) -> list[Layout]:
        """``n`` simulated deals drawn apart from :meth:`contract_pool` (their own stream, the
        same for the same hand and game), to check the bid chosen on the pool."""
        rng = self._pool_rng(view, self.dealt_hand(view), "confirm")
        return Constraints.from_view(view).samples(rng, n)

    def _weights(self, view: PlayerView, layouts: Sequence[Layout]) -> list[float]:
        """The auction weights of ``layouts`` (all ones with ``read_auction`` off)."""
        if not self.settings.read_auction:
            return [1.0] * len(layouts)
        return auction_weights(view, layouts)

    def score_model(self, rules: RuleSet, view: PlayerView | None = None) -> ScoreModel:
        """What a contract is worth to this player under ``rules`` (see :class:`ScoreModel`):
        with ``play_to_win`` and a ``view``, its change to the seat's chance of winning the
        game from the scores in the view (:class:`engine.players.odds.GameOdds`)."""
        four = rules.players == 4
        odds = None
        if self.settings.play_to_win and view is not None:
            share = self.settings.odds_share_for(rules, view.seat, view.results)
            odds = GameOdds(rules, tuple(view.scores), rules.side_of(view.seat), share, self.settings.odds_moons_4p)
        return ScoreModel(
            rules,
            moon_value=self.settings.moon_value,
            spare=self.settings.spare_4p if four else 0,
            partial=self.settings.partial_4p if four else 1.0,
            short=self.settings.short_4p if four else self.settings.short,
            sweep=self.settings.sweep_4p if four else self.settings.sweep,
            short_seven=self.settings.short_seven_4p if four else self.settings.short_seven,
            odds=odds,
        )

    def _contract_position(
        self,
        rules: RuleSet,
        me: int,
        my_tiles: Sequence[Tile],
        layout: Layout,
        trump: Trump,
        widow_from_pile: bool,
    ) -> list[int]:
        """The hands (bitmasks) of one simulated deal as play begins. With ``widow_from_pile``
        the bidder takes the pile tile and discards by rule of thumb."""
        tiles = list(my_tiles)
        if widow_from_pile:
            tiles += list(layout.get(PILE, ()))
        if len(tiles) > 7:
            tiles.remove(heuristic_discard(tiles, trump))
        return [mask_of(tiles) if s == me else mask_of(layout[s]) for s in range(rules.players)]

    def _solve_contract(
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
        when that is known already)."""
        hands = self._contract_position(rules, me, my_tiles, layout, trump, widow_from_pile)
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
            cached = self._contract_cache.get(probe_key)
            if cached is None:
                cached = int(solver.can_take_masks(hands, me, side, at_least))
                if len(self._contract_cache) > 100_000:
                    self._contract_cache.clear()
                self._contract_cache[probe_key] = cached
            return cached
        value = solver.solve_masks(hands, me, side, floor=floor)
        if len(self._counts) > 100_000:
            self._counts.clear()
        self._counts[key] = (value, floor)
        return value

    def _bid(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        me = view.seat
        layouts = self.contract_pool(view)
        weights = self._weights(view, layouts)
        widow = rules.has_widow
        ranked = [t for _, t in best_trumps(view.hand, rules)]
        bids = [a.value for a in legal if a.kind == "bid" and isinstance(a.value, int)]
        must_bid = Action("pass") not in legal
        high = max((b for _, b in view.bids), default=0)
        partner_holds = (
            rules.players == 4 and high > 0 and [s for s, b in view.bids if b == high][-1] == (me + 2) % 4
        )
        keep_pass = partner_holds and not must_bid
        floor_k = min((tricks_needed(v) for v in bids), default=7)
        n_screen = min(len(layouts), self.settings.bid_screen or (6 if rules.players == 3 else 4))

        # With ``short`` credit a deal one trick short of a bid counts in part: solve one lower.
        model = self.score_model(rules, view)
        low = max(0, floor_k - (2 if model.short or model.short_seven else 1))

        def counts(tr: Trump, lays: Sequence[Layout]) -> list[int]:
            # Deals short of the lowest bid open are all alike here: counted at one below it.
            return [self._solve_contract(rules, me, view.hand, lay, tr, widow, floor=low) for lay in lays]

        # A first look with every trump the rules allow (or the ``bid_trumps`` best by rule of
        # thumb) on a few deals: a hand that reaches the lowest bid in none of them (or whose
        # partner holds the bid) passes on it.
        # A budget of search nodes (``bid_nodes``) bounds the work: once it is spent, the trumps
        # still to probe (the weaker ones by rule of thumb) are left out and the race ends
        # with its leader.
        budget = self.settings.bid_nodes_4p if rules.players == 4 else self.settings.bid_nodes
        start = self.nodes

        def spent() -> bool:
            return self._over(budget, start)

        screen = layouts[:n_screen]
        n_trumps = self.settings.bid_trumps or len(ranked)
        tricks = {tr: counts(tr, screen) for tr in ranked[:2]}
        # Every other trump gets a cheap yes/no probe on the first ``probe_deals`` of them (does
        # it take as many tricks as the better of the two takes in all of them, and at least the
        # lowest bid open?), and joins the race when it does in each.
        probe = screen[: self.settings.probe_deals]
        level = max(floor_k, max(min(c[: len(probe)]) for c in tricks.values()))
        unprobed = 0
        for i, tr in enumerate(ranked[2:n_trumps]):
            if spent():
                unprobed = len(ranked[2:n_trumps]) - i
                break
            if all(
                self._solve_contract(rules, me, view.hand, lay, tr, widow, at_least=level) for lay in probe
            ):
                tricks[tr] = counts(tr, screen)
        quick = not must_bid and (keep_pass or max(max(c) for c in tricks.values()) < floor_k)
        used = screen if quick else layouts
        if not quick:
            # The trumps race on the first deals: one a trick or more behind the best there
            # is dropped. The rest go on, a batch of deals at a time, until one is clearly
            # behind the leader (:func:`_clearly_behind`) or every deal is solved.
            lead = max(sum(c) for c in tricks.values())
            keep = [tr for tr, c in tricks.items() if sum(c) > lead - n_screen * self.settings.race_margin]
            solved = {tr: list(tricks[tr]) for tr in keep}
            done = n_screen
            while done < len(layouts) and len(keep) > 1:
                if spent():
                    keep = [max(keep, key=lambda tr: (sum(solved[tr]), -ranked.index(tr)))]
                    break
                batch = layouts[done : done + n_screen]
                for tr in keep:
                    solved[tr] += counts(tr, batch)
                done += len(batch)
                leader = max(keep, key=lambda tr: (sum(solved[tr]), -ranked.index(tr)))
                keep = [tr for tr in keep if tr == leader or not _clearly_behind(solved[leader], solved[tr])]
            tricks = {tr: solved[tr] + counts(tr, layouts[len(solved[tr]) :]) for tr in keep}
        w = weights[: len(used)]
        table = score_table(view, bids, tricks, used, w, model, pass_allowed=not must_bid)
        best = table.best()
        confirm = self.settings.confirm_samples_4p if rules.players == 4 else self.settings.confirm_samples
        rechecked: str | None = None
        confirmed = 0  # fresh deals the bid was checked on
        if confirm and not quick and not keep_pass and best.value and best.trump is not None:
            # The winner's trump again on fresh deals: its numbers on the pool are partly luck.
            extra = self.confirm_pool(view, confirm)
            confirmed = confirm
            tr = best.trump
            used = [*used, *extra]
            w = [*w, *self._weights(view, extra)]
            tricks = {tr: [*tricks[tr], *counts(tr, extra)]}
            first = best.value
            table = score_table(view, bids, tricks, used, w, model, pass_allowed=not must_bid)
            best = table.best()
            if best.value != first:
                rechecked = (
                    f"(On the first {len(used) - confirm} deals a bid of {first} looked best; "
                    f"{confirm} more changed that.)"
                )
        choice = Action("pass")
        if best.value and not keep_pass:
            choice = next(a for a in legal if a.kind == "bid" and a.value == best.value)
        reads = False
        if not keep_pass and any(abs(x - w[0]) > 1e-12 for x in w):
            plain = score_table(view, bids, tricks, used, [1.0] * len(used), model, not must_bid).best()
            reads = plain.value != best.value
        # Playing to win: did the score of the game change the bid (against points alone)?
        for_game = False
        if model.to_win and not keep_pass:
            points = score_table(view, bids, tricks, used, w, self.score_model(rules), not must_bid).best()
            for_game = points.value != best.value

        def chances(tr: Trump) -> tuple[tuple[int, float], ...]:
            total = sum(w) or 1.0
            return tuple(
                (v, sum(x * model.made(t, v) for x, t in zip(w, tricks[tr], strict=True)) / total)
                for v in rules.bid_values
            )

        floor_rows = [r for r in table.rows if r.value == min(bids, default=-1)]
        top = floor_rows[0].trump if floor_rows and floor_rows[0].trump is not None else ranked[0]
        if top not in tricks:
            top = next(iter(tricks))

        def worth(r: BidRow) -> dict[str, Any]:
            # Playing for the game: the chance of winning it the row leaves; else its points.
            chance = table.game_chance(r)
            return {"score": round(r.score, 2)} if chance is None else {"game_chance": round(chance, 4)}

        cands = []
        for a in legal:
            if a.kind == "bid":
                assert isinstance(a.value, int)
                row = table.row(a.value)
                assert row.trump is not None
                cands.append(
                    Candidate(
                        a, tags_for(view, a), tricks=row.tricks, goal="make", goal_chance=row.chance,
                        layouts=len(used), trump=row.trump, bid_chances=chances(row.trump), **worth(row),
                    )
                )
            else:
                cands.append(
                    Candidate(
                        a, tags_for(view, a), tricks=None, goal="make", goal_chance=None, layouts=len(used),
                        trump=top, bid_chances=chances(top), **worth(table.row(0)),
                    )
                )
        marked = mark(cands, choice)
        forced = must_bid and len(bids) > 0 and all(r.score < 0 for r in table.rows)
        # The bids whose chance counts some deal in part (one trick short, a sweep in part):
        # the summary says their chances as counted, not as a share of deals made.
        credited = {
            r.value
            for r in table.rows
            if r.value and r.trump in tricks and any(0 < model.made(t, r.value) < 1 for t in tricks[r.trump])
        }
        summary = score_bid_summary(view, choice, table, model, reads, partner_holds=keep_pass, credited=credited)
        if rechecked:
            summary = f"{summary} {rechecked}"
        if unprobed:
            summary = (
                f"{summary} ({unprobed} trump{'s' if unprobed > 1 else ''} weaker by rule of thumb "
                "not worked out: the time for this bid ran out first.)"
            )
        if choice.kind == "bid":
            row = table.row(best.value)
            assert row.trump is not None and row.chance is not None
            if len(self._bid_trumps) > 64:
                self._bid_trumps.clear()
            self._bid_trumps[self._hand_key(view)] = (row.trump, confirmed)
            reason = score_bid_reason(
                view, best.value, row.trump, row.chance, forced=forced, reads_auction=reads, for_game=for_game,
            )
            fair = score_bid_reason(
                view, best.value, row.trump, row.chance, forced=forced, reads_auction=reads, for_game=for_game,
                fair=True,
            )
        else:
            fl = floor_rows[0] if floor_rows else None
            tr = fl.trump if fl is not None and fl.trump is not None else top
            p = fl.chance if fl is not None and fl.chance is not None else 0.0
            reason = score_bid_reason(
                view, None, tr, p, partner_holds=keep_pass, high=high, reads_auction=reads, for_game=for_game,
            )
            fair = score_bid_reason(
                view, None, tr, p, partner_holds=keep_pass, high=high, reads_auction=reads, for_game=for_game,
                fair=True,
            )
        chosen = next(c for c in marked if c.chosen)
        # The bid's numbers name no tile: the summary is said at the table as it is.
        return Decision(choice, Explanation(summary, marked, chosen.tags, len(used), False, None, reason,
                                            table_reason=fair, table_summary=summary))

    def _contract_choices(
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
        """Race (discard, trump) pairs on the hand's simulated deals (:meth:`contract_pool`,
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
        four = rules.players == 4
        layouts = self.contract_pool(view)
        if self.settings.contract_samples:
            layouts = layouts[: self.settings.contract_samples]
        if deals:
            layouts = layouts[:deals]
        if extra:
            layouts = [*layouts, *self.confirm_pool(view, extra)]
        weights = tuple(self._weights(view, layouts))
        total = len(layouts)
        first = min(total, 2 if four else max(3, total // 5))
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
        budget = self.settings.choice_nodes_4p if four else self.settings.choice_nodes
        start = self.nodes if since is None else since

        def spent() -> bool:
            return self._over(budget, start)

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
                self._solve_contract(rules, me, tiles, lay, tr, widow_from_pile, at_least=need)
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
            # With four players the challenger races the first finalist (the bid's trump, its
            # deals mostly solved already) a batch of deals at a time, as the bid's trumps do,
            # and stops once it makes the bid clearly less often on the same deals
            # (:func:`_clearly_behind` on tricks counted up to the bid): then it has only a
            # first look at those deals, like a trump that was only probed.
            batch = 4 if four and i > 0 else total
            while len(res) < total:
                res += [
                    self._solve_contract(rules, me, tiles, lay, tr, widow_from_pile, floor=need - 1)
                    for lay in layouts[len(res) : len(res) + batch]
                ]
                if len(res) < total and _clearly_behind(
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

    def _trump_race(
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
        """The trump choice's race (:meth:`_contract_choices`) of ``trumps`` for ``base_tiles``
        less ``discard``: the stats by trump (a trump the work budget left out has none).
        ``prefer``: a trump that gets exact counts whatever the first look says (the one the
        bid was worked out with); ``extra``: the fresh deals that checked that bid
        (:meth:`confirm_pool`), raced on too."""
        pairs: list[tuple[Tile | None, Trump]] = [(discard, tr) for tr in trumps]
        keep = (discard, prefer) if prefer is not None else None
        stats, _ = self._contract_choices(view, pairs, base_tiles, before_widow, deals, since, keep, extra)
        return {p[1]: s for p, s in stats.items()}

    def _hand_key(self, view: PlayerView) -> tuple[Any, ...]:
        """One hand of one seat, the same at its bid, discard and trump choice: what its pool
        of simulated deals and the trump its bid was worked out with are kept under."""
        return (view.rules, view.seat, self.dealt_hand(view), view.hand_number, view.first_bidder, view.scores)

    @staticmethod
    def _plan_key(view: PlayerView, discard: Tile) -> tuple[Any, ...]:
        """What a discard's plan is kept under: the same at the discard (with ``discard`` the
        tile chosen) and at the trump choice right after it (with the tile discarded)."""
        kept = tuple(sorted(t for t in view.hand if t != discard))
        return (view.seat, view.hand_number, view.first_bidder, view.scores, view.bids, view.bid,
                view.widow, discard, kept)

    def _discard(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        assert view.bid is not None
        need = tricks_needed(view.bid)
        hand = list(view.hand)
        discards = [a.value for a in legal if isinstance(a.value, Tile)]
        if view.trump is not None:
            trumps = [view.trump]
            pairs: list[tuple[Tile | None, Trump]] = [(d, view.trump) for d in discards]
        else:
            # Every trump with its rule-of-thumb discard, and the best trumps by rule of
            # thumb with each of the tiles least worth keeping under them.
            trumps = list(rules.trumps)
            pairs = [(heuristic_discard(hand, tr), tr) for tr in trumps]
            for _, tr in best_trumps(hand, rules)[:2]:
                cheap = sorted(discards, key=lambda t: (keep_value(t, tr), t.index))[: self.settings.discards_tried]
                pairs += [(d, tr) for d in cheap if (d, tr) not in pairs]
        start = self.nodes
        stats, deals = self._contract_choices(view, pairs, hand, False, self.settings.discard_samples)
        best_for: dict[Tile, ContractStats] = {}
        for d in discards:
            options = [stats[(d, tr)] for tr in trumps if (d, tr) in stats]
            if not options:
                continue
            best_for[d] = max(options, key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0))
        best = max(
            best_for.values(),
            key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0, -keep_value(s.discard, s.trump)),  # type: ignore[arg-type]
        )
        d_best = best.discard
        assert d_best is not None
        if view.trump is None:
            # The trump this tile is discarded for is the one the trump choice will then name:
            # the same race of every trump with that tile gone, on the same deals (so the
            # discard's reason never names one trump and the bidder another). The tile stays
            # the one chosen above.
            race = self._trump_race(view, trumps, hand, d_best, False, self.settings.discard_samples, start)
            best = best_for[d_best] = max(race.values(), key=_trump_key(need))
            if len(self._plans) > 64:
                self._plans.clear()
            self._plans[self._plan_key(view, d_best)] = race
        cands = []
        for a in legal:
            assert isinstance(a.value, Tile)
            st = best_for.get(a.value)
            if st is None:
                cands.append(Candidate(a, tags_for(view, a), goal="make", layouts=0))
            else:
                cands.append(contract_candidate(view, a, st, need))
        choice = Action.discard(d_best)
        marked = mark(cands, choice)
        others = sorted(
            (s for d, s in best_for.items() if d is not best.discard),
            key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0), reverse=True,
        )
        nxt = f" (next best: {others[0].discard}, {pct(others[0].chance(need))})" if others else ""
        with_trump = "" if view.trump is not None else f" with {trump_words(best.trump)}"
        untried = len(discards) - len(best_for)
        skipped = f"; {untried} other tiles were not tried" if untried > 0 else ""
        summary = (
            f"I discard {best.discard}: without it I make my {view.bid}{with_trump} in "
            f"{pct(best.chance(need))} of {best.deals} simulated deals, averaging "
            f"{best.mean():.1f} tricks, the best of my {len(legal)} discards{nxt}{skipped}."
        )
        reason = contract_reason_discard(view, d_best, best.trump, _compare(best, others, need))
        fair = contract_reason_discard(view, d_best, best.trump, _compare(best, others, need), fair=True)
        chosen = next(c for c in marked if c.chosen)
        return Decision(choice, Explanation(summary, marked, chosen.tags, deals, False, None, reason,
                                            table_reason=fair))

    def _trump(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        assert view.bid is not None
        need = tricks_needed(view.bid)
        before_widow = rules.has_widow and view.discard is None and not view.widow
        trumps = [a.value for a in legal if isinstance(a.value, Trump)]
        base = list(view.hand)
        # After its own discard the bidder names the trump that discard was made for: the
        # discard ran this race for the tile it let go (on its simulated deals), and its
        # numbers are read back here. A player without that memory (not the one that
        # discarded) runs the same race on the same deals; it can end elsewhere only when its
        # work budget runs out at another point.
        after_discard = rules.has_widow and view.discard is not None
        plan = self._plans.get(self._plan_key(view, view.discard)) if view.discard is not None else None
        if plan is not None and set(plan) <= set(trumps):
            stats = plan
        else:
            same_deals = self.settings.discard_samples if after_discard else None
            bid_trump, extra = self._bid_trumps.get(self._hand_key(view), (None, 0))
            if bid_trump not in trumps:
                bid_trump, extra = None, 0
            stats = self._trump_race(view, trumps, base, None, before_widow, same_deals, prefer=bid_trump, extra=extra)
        deals = max((s.deals for s in stats.values()), default=0)
        cands = [
            contract_candidate(view, a, stats[a.value], need)  # type: ignore[index]
            if a.value in stats
            else Candidate(a, tags_for(view, a), goal="make", layouts=0)
            for a in legal
        ]
        left_out = len(legal) - len(stats)
        key = _trump_key(need)
        best = max(stats.values(), key=key)
        reads = False
        if any(x != 1.0 for x in best.weights):
            plain = max((replace(s, weights=()) for s in stats.values()), key=key)
            reads = plain.trump != best.trump
        choice = Action.name_trump(best.trump)
        marked = mark(cands, choice)
        others = sorted(
            (s for s in stats.values() if s is not best),
            key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0), reverse=True,
        )
        nxt = ""
        if others:
            look = "" if others[0].exact else f" in a first look at {others[0].deals} of them"
            nxt = f", against {pct(others[0].chance(need))} with {trump_words(others[0].trump)}{look}"
        weighed = " (deals weighted by how the others bid)" if reads else ""
        summary = (
            f"I {verb(view, choice)}: I make my {view.bid} in {pct(best.chance(need))} of "
            f"{best.deals} simulated deals{weighed} (averaging {best.mean():.1f} tricks){nxt}."
        )
        if left_out:
            summary = (
                f"{summary} ({left_out} trump{'s' if left_out > 1 else ''} weaker by rule of thumb "
                "not worked out: the time for this choice ran out first.)"
            )
        how = _compare(best, others, need)
        why = {"best": "best", "most": "most", "good": "good"}.get(how, "even")
        said, _ = self._bid_trumps.get(self._hand_key(view), (None, 0))  # the trump its bid reason named
        reason = trump_reason(view, best.trump, why, bid_trump=said)
        fair = trump_reason(view, best.trump, why, fair=True, bid_trump=said)
        if reads:
            reason = with_auction(reason)
            fair = with_auction(fair)
        chosen = next(c for c in marked if c.chosen)
        return Decision(choice, Explanation(summary, marked, chosen.tags, deals, False, None, reason,
                                            table_reason=fair))


def _trump_key(need: int) -> Callable[[ContractStats], tuple[bool, float, float, int]]:
    """How the trump choice ranks its trumps for a bid needing ``need`` tricks: exact counts
    first, then the chance to make the bid, the mean tricks, and the higher trump."""
    return lambda s: (s.exact, s.chance(need), s.mean() or 0.0, -TRUMP_ORDER[s.trump])


def _clearly_behind(lead: Sequence[int], other: Sequence[int]) -> bool:
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


def _compare(best: ContractStats, others: Sequence[ContractStats], need: int) -> str:
    """How the chosen contract choice beats the others, from the numbers it was chosen on:
    ``"best"`` (a higher chance to make the bid than every other), ``"most"`` (the same
    chance, more tricks on average), ``"least"`` (no other does better)."""
    chance = best.chance(need)
    if not others:
        return "least"
    if all(o.chance(need) < chance for o in others):
        return "best"
    if any(o.chance(need) > chance for o in others):
        return "good"  # another looked better on the quick first check only
    mean = best.mean()
    if mean is not None and all((o.mean() or 0.0) < mean for o in others if o.chance(need) == chance):
        return "most"
    return "least"


def contract_candidate(view: PlayerView, a: Action, st: ContractStats, need: int) -> Candidate:
    """The candidate row of a discard or trump from its simulated deals."""
    return Candidate(
        a, tags_for(view, a), tricks=st.mean(), goal="make", goal_chance=st.chance(need),
        layouts=st.deals, trump=st.trump,
    )
