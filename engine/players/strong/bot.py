"""The strong player's decisions, phase by phase: it bids the level and trump with the best
expected score (or chance of winning the game), discards and names trump by the chance of
making the bid, all on one pool of simulated deals per hand (:mod:`.contracts`), and plays the
tile with the best average for its side over layouts of the unseen tiles, each solved with all
hands open (:mod:`engine.solver`). Its knobs are one frozen :class:`StrongSettings`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypedDict

from engine.actions import Action
from engine.contract import tricks_needed
from engine.game import Phase, PlayerView
from engine.players.analysis import PlayAnalysis, analyse_play, analyse_play_weighted
from engine.players.base import PhaseBot
from engine.players.bidding import BidRow, ScoreModel, ScoreTable, play_weights, score_table
from engine.players.decision import Candidate, Decision, Explanation
from engine.players.facts import (
    best_trumps,
    heuristic_discard,
    keep_value,
    mark,
    play_tags,
    tags_for,
)
from engine.players.odds import GameOdds
from engine.players.reasons import (
    PLAY_READ_NOTE,
    contract_reason_discard,
    play_reason,
    score_bid_reason,
    table_play_reason,
    trump_reason,
    with_auction,
)
from engine.players.strong.contracts import Contracts, ContractStats, clearly_behind, trump_key
from engine.players.strong.settings import StrongSettings
from engine.players.wording import play_summary, score_bid_summary
from engine.rules import RuleSet
from engine.sampling import Constraints, Layout
from engine.solver import Solver
from engine.tiles import Tile
from engine.trump import Trump
from engine.words import action_phrase, trump_phrase
from engine.words import percent as pct

__all__ = ["StrongBot", "contract_candidate"]


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


@dataclass(frozen=True)
class _BidWork:
    """What a bid was worked out on: the simulated deals, their auction weights, the tricks
    each trump still in the race takes in them, and what the summary says of the work."""

    used: list[Layout]
    weights: list[float]
    tricks: dict[Trump, list[int]]
    #: trumps the work budget left out before they were probed
    unprobed: int = 0
    #: True when the first look decided (a pass): the deals are the screen only
    quick: bool = False
    #: fresh deals the bid was checked on, and what the check changed (for the summary)
    confirmed: int = 0
    rechecked: str | None = None


class StrongBot(PhaseBot):
    """Samples layouts of the unseen tiles, solves each with all hands open and plays the
    action with the best average for its side (see the module docstring).

    Its knobs are ``settings`` (a frozen :class:`StrongSettings`); keyword ``options`` build
    one (``StrongBot(seed, bid_threshold=0.6)``, see :meth:`StrongSettings.of`).
    """

    level = "strong"

    def __init__(self, seed: int | None = None, settings: StrongSettings | None = None, **options: Any) -> None:  # Any: options of differing types, for StrongSettings.of
        super().__init__(seed)
        if settings is not None and options:
            raise TypeError("give either settings or keyword options, not both")
        #: this player's knobs (frozen)
        self.settings: StrongSettings = settings if settings is not None else StrongSettings.of(**options)
        #: its work on contracts: solvers, the hand's deal pool, solved counts, plans
        self.contracts = Contracts(seed, self.settings)
        #: whether a discard or trump choice of a seat whose bid this player did not see made
        #: works that bid out again (:meth:`_recall_bid`); off for a review's second look,
        #: which weighs a choice's numbers, not its words
        self.recall_bids = True

    @property
    def bid_threshold(self) -> float:
        """The three-player bid threshold, read by the lessons."""
        return self.settings.three.bid_threshold

    def wanted(self, rules: RuleSet) -> Callable[[int], int]:
        """See :meth:`StrongSettings.wanted`."""
        return self.settings.wanted(rules)

    def threshold(self, rules: RuleSet) -> float:
        """See :meth:`StrongSettings.threshold`."""
        return self.settings.threshold(rules)

    @property
    def nodes(self) -> int:
        """Search nodes this bot's solvers have visited (the bid's work budget counts them)."""
        return self.contracts.nodes

    def solver(self, trump: Trump, players: int) -> Solver:
        """This bot's solver for ``trump`` (kept between calls for its tables)."""
        return self.contracts.solver(trump, players)

    @staticmethod
    def dealt_hand(view: PlayerView) -> tuple[Tile, ...]:
        """The seat's hand as dealt: its hand now, with its discard back and the widow out."""
        return Contracts.dealt_hand(view)

    def pool_size(self, rules: RuleSet) -> int:
        """Simulated deals per hand for the contract choices (the tuning's ``bid_samples``)."""
        return self.contracts.pool_size(rules)

    def contract_pool(self, view: PlayerView) -> list[Layout]:
        """The simulated deals of a bid, discard or trump choice (see :meth:`Contracts.pool`)."""
        return self.contracts.pool(view)

    def confirm_pool(self, view: PlayerView, n: int) -> list[Layout]:
        """``n`` fresh simulated deals to check a bid (see :meth:`Contracts.confirm_pool`)."""
        return self.contracts.confirm_pool(view, n)

    def score_model(self, rules: RuleSet, view: PlayerView | None = None) -> ScoreModel:
        """What a contract is worth to this player under ``rules`` (see :class:`ScoreModel`):
        with ``play_to_win`` and a ``view``, its change to the seat's chance of winning the
        game from the scores in the view (:class:`engine.players.odds.GameOdds`)."""
        tuning = self.settings.for_rules(rules)
        odds = None
        if self.settings.play_to_win and view is not None:
            share = self.settings.odds_share_for(rules, view.seat, view.results)
            odds = GameOdds(
                rules, tuple(view.scores), rules.side_of(view.seat), share, tuning.odds_moons,
                self.settings.their_moons(),
            )
        return ScoreModel(
            rules,
            moon_value=self.settings.moon_value,
            spare=tuning.spare,
            partial=tuning.partial,
            short=tuning.short,
            sweep=tuning.sweep,
            short_seven=tuning.short_seven,
            odds=odds,
        )

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
        table = self.settings.for_rules(view.rules).play_samples
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
        reason = play_reason(view, an, tile)
        if reads:
            summary = f"{summary.rstrip('.')} ({PLAY_READ_NOTE})."
            reason = with_auction(reason, play=True)
        return Decision(
            choice,
            Explanation(summary, marked, chosen.tags, an.layouts, an.exhaustive, an.possible, reason,
                        table_reason=table_play_reason(view, tile)),
        )

    # -- bid -----------------------------------------------------------------------------
    def _recall_bid(self, view: PlayerView) -> None:
        """Make sure the trump and chance the seat's winning bid was said with are known (kept
        by :meth:`_bid` under the hand's key), so that its discard and trump lines say how the
        widow or a closer count changed them: a player that did not make the bid itself (a
        fresh one, or one in another process: the app's decisions run in a pool of workers)
        works the bid out again from the view it had then (:func:`bid_time_view`), which is
        the same decision, every draw being seeded by the view."""
        c = self.contracts
        key = c.hand_key(view)
        if not self.recall_bids or view.bidder != view.seat or key in c.bid_trumps or key in c.bids_recalled:
            return
        if len(c.bids_recalled) > 64:
            c.bids_recalled.clear()
        c.bids_recalled[key] = None
        then = bid_time_view(view)
        if then is None:
            return
        # Worked out as the bid was, by a player of the same seed and settings, and kept apart:
        # only the words use it (this player's caches, work budget and trump race stay what
        # they were for a player that did not see the bid made).
        bidder = StrongBot(self.seed, settings=self.settings)
        bidder._bid(then, then.legal_actions())
        trumps, chances = bidder.contracts.bid_trumps, bidder.contracts.bid_chances
        if key in trumps and key in chances:
            c.bids_recalled[key] = (trumps[key][0], chances[key])

    def _bid(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        bids = [a.value for a in legal if a.kind == "bid" and isinstance(a.value, int)]
        must_bid = Action("pass") not in legal
        high = max((b for _, b in view.bids), default=0)
        partner_holds = (
            rules.players == 4 and high > 0 and [s for s, b in view.bids if b == high][-1] == (view.seat + 2) % 4
        )
        keep_pass = partner_holds and not must_bid
        model = self.score_model(rules, view)
        race = self._bid_race(view, bids, model, must_bid, keep_pass)
        work, table = self._bid_table(view, bids, model, must_bid, keep_pass, race)
        best = table.best()
        choice = Action("pass")
        if best.value and not keep_pass:
            choice = next(a for a in legal if a.kind == "bid" and a.value == best.value)
        used, tricks = work.used, work.tricks
        # Did reading the auction change the bid? The same decision (the pick on the pool and
        # its verdict on fresh deals) with every deal alike.
        reads = False
        if not keep_pass and any(abs(x - race.weights[0]) > 1e-12 for x in race.weights):
            alike = self._bid_table(view, bids, model, must_bid, keep_pass, race, alike=True)[1]
            reads = alike.best().value != best.value
        # Playing to win: did the score of the game change the bid (against points alone)?
        for_game = False
        if model.to_win and not keep_pass:
            points = self._bid_table(view, bids, self.score_model(rules), must_bid, keep_pass, race)[1]
            for_game = points.best().value != best.value
        floor_rows = [r for r in table.rows if r.value == min(bids, default=-1)]
        ranked = [t for _, t in best_trumps(view.hand, rules)]
        top = floor_rows[0].trump if floor_rows and floor_rows[0].trump is not None else ranked[0]
        if top not in tricks:
            top = next(iter(tricks))
        marked = mark(_bid_candidates(view, legal, table, model, work, top), choice)
        forced = must_bid and len(bids) > 0 and all(r.score < 0 for r in table.rows)
        # The bids whose chance counts some deal in part (one trick short, a sweep in part):
        # the summary says their chances as counted, not as a share of deals made.
        credited = {
            r.value
            for r in table.rows
            if r.value and r.trump in tricks and any(0 < model.made(t, r.value) < 1 for t in tricks[r.trump])
        }
        summary, fair_summary = (
            score_bid_summary(view, choice, table, model, reads, partner_holds=keep_pass, credited=credited, fair=fair)
            for fair in (False, True)
        )
        figures, fair_figures = (
            score_bid_summary(view, choice, table, model, reads, partner_holds=keep_pass, credited=credited, fair=fair,
                              as_list=True)
            for fair in (False, True)
        )
        if work.rechecked:
            summary = f"{summary} {work.rechecked}"
            fair_summary = f"{fair_summary} {work.rechecked}"
            figures += f"\n- {work.rechecked.strip('()')}"
            fair_figures += f"\n- {work.rechecked.strip('()')}"
        if work.unprobed:
            unprobed = (
                f" ({work.unprobed} trump{'s' if work.unprobed > 1 else ''} weaker by rule of thumb "
                "not worked out: the time for this bid ran out first.)"
            )
            summary += unprobed
            fair_summary += unprobed
            figures += f"\n- {unprobed.strip(' ()')}"
            fair_figures += f"\n- {unprobed.strip(' ()')}"
        if choice.kind == "bid":
            row = table.row(best.value)
            assert row.trump is not None and row.chance is not None
            if len(self.contracts.bid_trumps) > 64:
                self.contracts.bid_trumps.clear()
                self.contracts.bid_chances.clear()
            self.contracts.bid_trumps[self.contracts.hand_key(view)] = (row.trump, work.confirmed)
            value: int | None = best.value
            # The reason says the plain chance (the share of deals made), as the details do first.
            trump, chance = row.trump, row.plain if row.plain is not None else row.chance
            self.contracts.bid_chances[self.contracts.hand_key(view)] = chance
            holds, said_high = False, 0
        else:
            # A pass is said with the lowest bid open: its best trump and chance.
            fl = floor_rows[0] if floor_rows else None
            value, forced, holds, said_high = None, False, keep_pass, high
            trump = fl.trump if fl is not None and fl.trump is not None else top
            chance = fl.plain if fl is not None and fl.plain is not None else 0.0
        reason, fair = (
            score_bid_reason(view, value, trump, chance, forced=forced, partner_holds=holds, high=said_high,
                             reads_auction=reads, for_game=for_game, fair=fair_words)
            for fair_words in (False, True)
        )
        chosen = next(c for c in marked if c.chosen)
        # The bid's numbers name no tile; at the table they name no trump either.
        return Decision(choice, Explanation(summary, marked, chosen.tags, len(used), False, None, reason,
                                            table_reason=fair, table_summary=fair_summary, figures=figures,
                                            table_figures=fair_figures))

    def _bid_counts(self, view: PlayerView, trump: Trump, layouts: Sequence[Layout], low: int) -> list[int]:
        """The tricks the seat's side takes with ``trump`` in each of ``layouts``, the seat
        leading (deals short of ``low`` are all alike to the bid: counted at ``low``)."""
        return [
            self.contracts.solve(view.rules, view.seat, view.hand, lay, trump, view.rules.has_widow, floor=low)
            for lay in layouts
        ]

    def _bid_race(
        self, view: PlayerView, bids: Sequence[int], model: ScoreModel, must_bid: bool, keep_pass: bool
    ) -> _BidWork:
        """The trumps a bid is worked out with, and their tricks on the hand's simulated deals.

        A first look with every trump the rules allow (or the ``bid_trumps`` best by rule of
        thumb) on the tuning's ``bid_screen`` deals: the two best trumps by rule of thumb are
        solved there, every other one gets a cheap yes/no probe on the first ``probe_deals``
        of them (does it take as many tricks as the better of the two takes in all of them,
        and at least the lowest bid open?) and joins when it does in each. A hand that reaches
        the lowest bid in none of them (or whose partner holds the bid) passes on that look.
        Otherwise the trumps race: one a trick or more behind the best is dropped, the rest go
        on a batch of deals at a time until one is clearly behind the leader
        (:func:`clearly_behind`) or every deal is solved. A budget of search nodes (the
        tuning's ``bid_nodes``) bounds the work: once spent, the trumps still to probe (the
        weaker ones by rule of thumb) are left out and the race ends with its leader."""
        rules = view.rules
        tuning = self.settings.for_rules(rules)
        layouts = self.contracts.pool(view)
        weights = self.contracts.weights(view, layouts)
        ranked = [t for _, t in best_trumps(view.hand, rules)]
        floor_k = min((tricks_needed(v) for v in bids), default=7)
        n_screen = min(len(layouts), tuning.bid_screen)
        # With ``short`` credit a deal one trick short of a bid counts in part: solve one lower.
        low = max(0, floor_k - (2 if model.short or model.short_seven else 1))
        budget = tuning.bid_nodes
        start = self.nodes
        screen = layouts[:n_screen]
        n_trumps = self.settings.bid_trumps or len(ranked)
        tricks = {tr: self._bid_counts(view, tr, screen, low) for tr in ranked[:2]}
        probe = screen[: self.settings.probe_deals]
        level = max(floor_k, max(min(c[: len(probe)]) for c in tricks.values()))
        unprobed = 0
        for i, tr in enumerate(ranked[2:n_trumps]):
            if self.contracts.over(budget, start):
                unprobed = len(ranked[2:n_trumps]) - i
                break
            if all(
                self.contracts.solve(rules, view.seat, view.hand, lay, tr, rules.has_widow, at_least=level)
                for lay in probe
            ):
                tricks[tr] = self._bid_counts(view, tr, screen, low)
        quick = not must_bid and (keep_pass or max(max(c) for c in tricks.values()) < floor_k)
        used = screen if quick else layouts
        if not quick:
            lead = max(sum(c) for c in tricks.values())
            keep = [tr for tr, c in tricks.items() if sum(c) > lead - n_screen * self.settings.race_margin]
            solved = {tr: list(tricks[tr]) for tr in keep}
            done = n_screen
            while done < len(layouts) and len(keep) > 1:
                if self.contracts.over(budget, start):
                    keep = [_leader(keep, solved, ranked)]
                    break
                batch = layouts[done : done + n_screen]
                for tr in keep:
                    solved[tr] += self._bid_counts(view, tr, batch, low)
                done += len(batch)
                leader = _leader(keep, solved, ranked)
                keep = [tr for tr in keep if tr == leader or not clearly_behind(solved[leader], solved[tr])]
            tricks = {tr: solved[tr] + self._bid_counts(view, tr, layouts[len(solved[tr]) :], low) for tr in keep}
        return _BidWork(used, weights[: len(used)], tricks, unprobed, quick)

    def _bid_table(
        self,
        view: PlayerView,
        bids: Sequence[int],
        model: ScoreModel,
        must_bid: bool,
        keep_pass: bool,
        race: _BidWork,
        alike: bool = False,
    ) -> tuple[_BidWork, ScoreTable]:
        """The table of bids a bid is chosen from: the race's deals pick the trump (the best
        bid row's, a pass or not), and when the tuning asks for fresh deals
        (``confirm_samples``, :meth:`_confirm_bid`) the bid or pass is chosen on those alone,
        so a pass the pool's luck gave is judged as a bid is; with ``alike``, every deal
        counted alike (the auction not read). Returns the deals the table comes from and the
        table."""
        weights = [1.0] * len(race.used) if alike else race.weights
        table = score_table(view, bids, race.tricks, race.used, weights, model, pass_allowed=not must_bid)
        confirm = self.settings.for_rules(view.rules).confirm_samples
        rows = [r for r in table.rows if r.value and r.trump is not None]
        if confirm and not race.quick and not keep_pass and rows:
            pick = max(rows, key=lambda r: (round(r.score, 9), -r.value))
            return self._confirm_bid(view, bids, model, must_bid, race, pick, table.best().value, confirm, alike)
        return race, table

    def _confirm_bid(
        self,
        view: PlayerView,
        bids: Sequence[int],
        model: ScoreModel,
        must_bid: bool,
        work: _BidWork,
        best: BidRow,
        first: int,
        confirm: int,
        alike: bool = False,
    ) -> tuple[_BidWork, ScoreTable]:
        """The race's best bid row (``best``; ``first``: the value the race's deals chose, 0
        for a pass) judged again on ``confirm`` fresh deals alone, drawn apart from the pool it
        won on (its numbers there are partly luck: the best of several trumps on a few deals
        runs high, and a bid chosen for its numbers on some deals is made less often than
        they say): the table of bids with its trump on the fresh deals only, so the chance
        said of the bid chosen is an independent draw."""
        assert best.trump is not None
        extra = self.contracts.confirm_pool(view, confirm)
        tr = best.trump
        floor_k = min((tricks_needed(v) for v in bids), default=7)
        low = max(0, floor_k - (2 if model.short or model.short_seven else 1))
        w = [1.0] * len(extra) if alike else self.contracts.weights(view, extra)
        tricks = {tr: self._bid_counts(view, tr, extra, low)}
        table = score_table(view, bids, tricks, extra, w, model, pass_allowed=not must_bid)
        rechecked = None
        if table.best().value != first:
            looked = f"a bid of {first}" if first else "a pass"
            rechecked = (
                f"(On {len(work.used)} deals {looked} looked best; "
                f"{confirm} more, drawn apart from them, changed that.)"
            )
        used = extra
        return replace(work, used=used, weights=w, tricks=tricks, confirmed=confirm, rechecked=rechecked), table

    # -- discard and trump ---------------------------------------------------------------
    def _discard(self, view: PlayerView, legal: list[Action]) -> Decision:
        self._recall_bid(view)
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
        stats, deals = self.contracts.choices(view, pairs, hand, False, self.settings.discard_samples)
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
            race = self.contracts.trump_race(view, trumps, hand, d_best, False, self.settings.discard_samples, start)
            best = best_for[d_best] = max(race.values(), key=trump_key(need))
            if len(self.contracts.plans) > 64:
                self.contracts.plans.clear()
            self.contracts.plans[self.contracts.plan_key(view, d_best)] = race
        others = sorted(
            (s for d, s in best_for.items() if d is not best.discard),
            key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0), reverse=True,
        )
        dropped = {id(s) for s in _closer(best, others)[1]}
        cands = []
        for a in legal:
            assert isinstance(a.value, Tile)
            st = best_for.get(a.value)
            if st is None:
                cands.append(Candidate(a, tags_for(view, a), goal="make", layouts=0))
            else:
                cands.append(contract_candidate(view, a, st, need, first_look=id(st) in dropped))
        choice = Action.discard(d_best)
        marked = mark(cands, choice)
        nxt = ""
        if others:
            look = f" in a first look at {others[0].deals} deals" if id(others[0]) in dropped else ""
            nxt = f" (next best: {others[0].discard}, {pct(others[0].chance(need))}{look})"
        with_trump = "" if view.trump is not None else f" with {trump_phrase(best.trump)}"
        untried = len(discards) - len(best_for)
        skipped = f"; {untried} other tiles were not tried" if untried > 0 else ""
        summary = (
            f"I discard {best.discard}: without it I make my {view.bid}{with_trump} in "
            f"{pct(best.chance(need))} of {best.deals} simulated deals, averaging "
            f"{best.mean():.1f} tricks, the best of my {len(legal)} discards{nxt}{skipped}."
        )
        (how, first, top), chance = _compare(best, others, need), best.chance(need)
        # The chance its bid was said with: the widow, seen now, may have moved it to another band.
        _, before = self.contracts.bid_said(self.contracts.hand_key(view))
        reason = contract_reason_discard(view, d_best, best.trump, how, chance, first=first,
                                         other=None if top is None else top.discard, bid_chance=before)
        fair = contract_reason_discard(view, d_best, best.trump, how, chance, fair=True, first=first,
                                       bid_chance=before)
        chosen = next(c for c in marked if c.chosen)
        return Decision(choice, Explanation(summary, marked, chosen.tags, deals, False, None, reason,
                                            table_reason=fair))

    def _trump(self, view: PlayerView, legal: list[Action]) -> Decision:
        self._recall_bid(view)
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
        plan = self.contracts.plans.get(self.contracts.plan_key(view, view.discard)) if view.discard is not None else None
        if plan is not None and set(plan) <= set(trumps):
            stats = plan
        else:
            same_deals = self.settings.discard_samples if after_discard else None
            bid_trump, extra = self.contracts.bid_trumps.get(self.contracts.hand_key(view), (None, 0))
            if bid_trump not in trumps:
                bid_trump, extra = None, 0
            stats = self.contracts.trump_race(view, trumps, base, None, before_widow, same_deals, prefer=bid_trump, extra=extra)
        deals = max((s.deals for s in stats.values()), default=0)
        left_out = len(legal) - len(stats)
        key = trump_key(need)
        best = max(stats.values(), key=key)
        dropped = {id(s) for s in _closer(best, [s for s in stats.values() if s is not best])[1]}
        cands = [
            contract_candidate(view, a, stats[a.value], need, first_look=id(stats[a.value]) in dropped)  # type: ignore[index]
            if a.value in stats
            else Candidate(a, tags_for(view, a), goal="make", layouts=0)
            for a in legal
        ]
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
            nxt = f", against {pct(others[0].chance(need))} with {trump_phrase(others[0].trump)}{look}"
        weighed = " (deals weighted by how the others bid)" if reads else ""
        summary = (
            f"I {action_phrase(choice, at=view)}: I make my {view.bid} in {pct(best.chance(need))} of "
            f"{best.deals} simulated deals{weighed} (averaging {best.mean():.1f} tricks){nxt}."
        )
        if left_out:
            summary = (
                f"{summary} ({left_out} trump{'s' if left_out > 1 else ''} weaker by rule of thumb "
                "not worked out: the time for this choice ran out first.)"
            )
        how, first, top = _compare(best, others, need)
        why = {"best": "best", "most": "most", "good": "good"}.get(how, "even")
        said, said_chance = self.contracts.bid_said(self.contracts.hand_key(view))  # what its bid reason said
        other = None if top is None else top.trump
        # With the widow seen and no discard line of this seat's to say so, or with no widow
        # at all (four players), the chance its bid was said with: the trump line says when its
        # chance is in another band.
        before = None
        if (rules.has_widow and not before_widow and view.discard is None) or not rules.has_widow:
            before = said_chance
        reason = trump_reason(view, best.trump, why, best.chance(need), bid_trump=said, first=first, other=other,
                              bid_chance=before, auction=reads)
        fair = trump_reason(view, best.trump, why, best.chance(need), fair=True, bid_trump=said, first=first,
                            other=other, bid_chance=before, auction=reads)
        chosen = next(c for c in marked if c.chosen)
        return Decision(choice, Explanation(summary, marked, chosen.tags, deals, False, None, reason,
                                            table_reason=fair))



def _leader(keep: Sequence[Trump], solved: dict[Trump, list[int]], ranked: Sequence[Trump]) -> Trump:
    """The trump of ``keep`` with the most tricks solved so far (the better by rule of thumb,
    earlier in ``ranked``, on a tie)."""
    return max(keep, key=lambda tr: (sum(solved[tr]), -ranked.index(tr)))


def bid_time_view(view: PlayerView) -> PlayerView | None:
    """The view the seat of ``view`` (before the play) had when it made its last bid of the
    hand (``None`` when it made none, or once the play has begun): its hand as dealt, the actions before that bid, nothing of the
    widow, the discard or the play. Equal to the view the game gave it then, so a strong
    player's decision for it is the one it made (:meth:`StrongBot._recall_bid`).

    >>> from engine import Game
    >>> g = Game.new(seed=5)
    >>> seat = g.to_act
    >>> then = g.view(seat)
    >>> for a in ("bid 5", "pass", "pass"):
    ...     g.apply(a)
    >>> g.phase, g.bidder == seat, then == g.view(seat)
    (<Phase.DISCARD: 'discard'>, True, False)
    >>> bid_time_view(g.view(seat)) == then, bid_time_view(g.view((seat + 1) % 3)) is None
    (True, True)
    """
    last = max((i for i, (s, a) in enumerate(view.actions) if s == view.seat and a is not None and a.kind == "bid"),
               default=None)
    if last is None or view.tricks or view.current_trick:
        return None
    actions = view.actions[:last]
    n = view.rules.players
    return replace(
        view, phase=Phase.BIDDING, to_act=view.seat, hand=tuple(sorted(Contracts.dealt_hand(view), key=_index)),
        widow=(), discard=None,
        bids=tuple((s, a.value if isinstance(a.value, int) else 0) for s, a in actions
                   if a is not None and a.kind in ("bid", "pass")),
        bidder=None, bid=None, trump=None, leader=None, current_trick=(), tricks=(), tricks_won=(0,) * n,
        hand_sizes=(7,) * n, actions=actions,
    )


def _index(t: Tile) -> int:
    return t.index


def _bid_chances(rules: RuleSet, model: ScoreModel, work: _BidWork, trump: Trump) -> tuple[tuple[int, float], ...]:
    """The chance of making each bid value with ``trump``, on the bid's deals (weighted)."""
    total = sum(work.weights) or 1.0
    return tuple(
        (v, sum(x * model.made(t, v) for x, t in zip(work.weights, work.tricks[trump], strict=True)) / total)
        for v in rules.bid_values
    )


class _Worth(TypedDict, total=False):
    """What a bid row is worth: its points, or its chance of winning the game."""

    score: float
    game_chance: float


def _worth(table: ScoreTable, row: BidRow) -> _Worth:
    """What a bid row is worth, for its candidate: playing for the game, the chance of
    winning it the row leaves; else its points."""
    chance = table.game_chance(row)
    return {"score": round(row.score, 2)} if chance is None else {"game_chance": round(chance, 4)}


def _bid_candidates(
    view: PlayerView, legal: Sequence[Action], table: ScoreTable, model: ScoreModel, work: _BidWork, top: Trump
) -> list[Candidate]:
    """The candidate rows of a bid: each bid with its best trump, the pass with ``top``. A
    bid's chance is the plain share of deals where it is made, the one its reason and its
    summary say first; the chance it was rated on, when that counts some deals in part, is
    beside it (``rated_chance``)."""
    cands = []
    for a in legal:
        if a.kind == "bid":
            assert isinstance(a.value, int)
            row = table.row(a.value)
            assert row.trump is not None
            plain = row.chance if row.plain is None else row.plain
            rated = row.chance if row.chance is not None and plain is not None and abs(row.chance - plain) > 1e-9 \
                else None
            cands.append(
                Candidate(
                    a, tags_for(view, a), tricks=row.tricks, goal="make", goal_chance=plain, rated_chance=rated,
                    layouts=len(work.used), trump=row.trump, bid_chances=_bid_chances(view.rules, model, work, row.trump),
                    **_worth(table, row),
                )
            )
        else:
            cands.append(
                Candidate(
                    a, tags_for(view, a), tricks=None, goal="make", goal_chance=None, layouts=len(work.used),
                    trump=top, bid_chances=_bid_chances(view.rules, model, work, top), **_worth(table, table.row(0)),
                )
            )
    return cands


def _closer(best: ContractStats, others: Sequence[ContractStats]) -> tuple[list[ContractStats], list[ContractStats]]:
    """``others`` split into those looked at as closely as ``best`` (exact counts on as many
    deals: the race's finalists) and those dropped after a first look (a yes/no probe on a
    few deals), whose figures are not on an equal footing with ``best``'s."""
    close = [o for o in others if o.exact == best.exact and o.deals == best.deals]
    return close, [o for o in others if not (o.exact == best.exact and o.deals == best.deals)]


def _compare(best: ContractStats, others: Sequence[ContractStats], need: int) -> tuple[str, str, ContractStats | None]:
    """How the chosen contract choice beats the others, from the numbers it was chosen on,
    against the others looked at as closely (:func:`_closer`): ``"best"`` (a higher chance to
    make the bid than every other), ``"most"`` (the same chance, more tricks on average),
    ``"good"`` (best once every deal is counted), ``"least"`` (no other does better); then whether others were dropped after a first look
    (``"left"``: the comparison is of the choices left after it; ``"higher"``: one of those
    dropped showed a higher chance there, on fewer deals; ``""``: none was dropped) and the
    dropped one that showed the highest chance (``None`` unless ``"higher"``)."""
    chance = best.chance(need)
    close, dropped = _closer(best, others)
    top = max(dropped, key=lambda o: (o.chance(need), o.mean() or 0.0), default=None)
    first = "" if top is None else ("higher" if top.chance(need) > chance else "left")
    shown = top if first == "higher" else None
    if not close:
        return ("best" if dropped else "least"), first, shown
    if all(o.chance(need) < chance for o in close):
        return "best", first, shown
    if any(o.chance(need) > chance for o in close):
        return "good", first, shown  # the discard's own trump race, run after the choice
    mean = best.mean()
    if mean is not None and all((o.mean() or 0.0) < mean for o in close if o.chance(need) == chance):
        return "most", first, shown
    return "least", first, shown


def contract_candidate(view: PlayerView, a: Action, st: ContractStats, need: int, *, first_look: bool = False) -> Candidate:
    """The candidate row of a discard or trump from its simulated deals (``first_look``: it
    was dropped after a first look, :attr:`engine.players.Candidate.first_look`)."""
    return Candidate(
        a, tags_for(view, a), tricks=st.mean(), goal="make", goal_chance=st.chance(need),
        layouts=st.deals, trump=st.trump, first_look=first_look,
    )
