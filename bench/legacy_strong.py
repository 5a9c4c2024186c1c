"""The strong player as it was on main at the start of issue 14 (commit ca971ea), frozen
for comparisons (``python -m bench.arena strong strong-old basic``): its play analysis and
its bidding by a chance threshold, unchanged. Not part of the engine's API."""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Protocol

from engine.actions import Action
from engine.game import PlayerView
from engine.players.base import PhaseBot
from engine.players.decision import Candidate, Decision, Explanation
from engine.players.facts import (
    TRUMP_ORDER,
    best_trumps,
    heuristic_discard,
    keep_value,
    mark,
    play_tags,
    scoring_side,
    seat_goal,
    seats_mask,
    tags_for,
    tricks_needed,
)
from engine.players.facts import (
    keep_value as _keep_value,
)
from engine.players.reasons import bid_reason, contract_reason_discard, play_reason, trump_reason
from engine.players.wording import bid_summary, play_summary, verb
from engine.rules import RuleSet
from engine.sampling import PILE, Constraints, Layout, view_digest
from engine.solver import Solver, mask_of
from engine.tiles import Tile
from engine.trump import Trump
from engine.words import percent as pct
from engine.words import trump_phrase as trump_words

__all__ = ["LegacyStrongBot", "StrongSettings"]




@dataclass
class PlayAnalysis:
    """The strong bot's numbers for every legal play of a position (see :func:`analyse_play`).

    Per tile: ``tricks`` (expected tricks of the scoring side at the end of the hand),
    ``goal_chance`` (chance to make, or set, the bid), ``win_trick`` (chance the play wins
    the trick whatever the others play), ``lose_always`` (it can never win the trick),
    ``draws`` (for a trump lead: average number of trumps it pulls from other hands).
    ``layouts`` is how many layouts were solved, ``possible`` how many agree with the view,
    ``exhaustive`` whether all were solved; ``trumps_out`` the trumps this seat has not seen.
    """

    tiles: list[Tile]
    goal: str
    tricks: dict[Tile, float]
    goal_chance: dict[Tile, float]
    win_trick: dict[Tile, float]
    lose_always: dict[Tile, bool]
    draws: dict[Tile, float]
    layouts: int
    possible: int
    exhaustive: bool
    trumps_out: int

    def key(self, t: Tile) -> tuple[float, ...]:
        """The sort key the strong bot maximises: goal chance, then tricks, then the chance to
        win the trick."""
        return (round(self.goal_chance[t], 9), round(self.tricks[t], 9), round(self.win_trick[t], 9))

    def best(self, trump: Trump) -> Tile:
        """The play with the best key (the cheaper tile on a tie)."""
        return max(self.tiles, key=lambda t: (*self.key(t), -_keep_value(t, trump), -t.index))


def analyse_play(
    view: PlayerView,
    layouts: Sequence[Layout],
    solver: Solver,
    possible: int,
    exhaustive: bool,
) -> PlayAnalysis:
    """Solve every legal play of the view's seat in each layout and average the results.

    The scoring side's tricks come from one exact :meth:`Solver.move_values_masks` per
    layout; when the goal side differs (a defender with three players: the two defenders
    together set the bid) the goal is settled by one yes/no probe per play.
    """
    trump = view.trump
    assert trump is not None and view.leader is not None
    rules = view.rules
    n = rules.players
    me = view.seat
    tiles = [a.value for a in view.legal_actions() if isinstance(a.value, Tile)]
    goal, gside, gwon, target = seat_goal(view)
    scoring = scoring_side(rules, me)
    smask = seats_mask(scoring)
    gmask = seats_mask(gside)
    swon = sum(view.tricks_won[s] for s in scoring)
    leader = view.leader
    trick_idx = [t.index for t in view.current_trick]
    remaining = 7 - len(view.tricks)
    k_goal = target - gwon  # goal side tricks still needed from here (this trick counts)
    decided = k_goal <= 0 or k_goal > remaining
    same_side = smask == gmask
    suit = trump.suit_led(view.current_trick[0]) if view.current_trick else None
    tricks_sum = dict.fromkeys(tiles, 0.0)
    goal_hits = dict.fromkeys(tiles, 0)
    win_hits = dict.fromkeys(tiles, 0)
    lose_all = dict.fromkeys(tiles, True)
    draws = dict.fromkeys(tiles, 0.0)
    my_mask = mask_of(view.hand)
    unseen_trumps = sum(1 for u in view.unseen() if trump.is_trump(u))
    for layout in layouts:
        hands = [my_mask if s == me else mask_of(layout[s]) for s in range(n)]
        vals = solver.move_values_masks(hands, leader, smask, trick_idx)
        for t in tiles:
            tricks_sum[t] += swon + vals[t.index]
        if same_side:
            for t in tiles:
                goal_hits[t] += swon + vals[t.index] >= target
        elif decided:
            for t in tiles:
                goal_hits[t] += k_goal <= 0
        else:
            for t in tiles:
                child, ld, tr, w = solver.after_play(hands, leader, trick_idx, t.index)
                k = k_goal - (1 if w >= 0 and gmask >> w & 1 else 0)
                left = remaining - (1 if w >= 0 else 0)
                ok = k <= 0 or (k <= left and solver.can_take_masks(child, ld, gmask, k, tr))
                goal_hits[t] += ok
        # This trick: does the play hold it for the scoring side whatever the others do?
        for t in tiles:
            s_led = suit if suit is not None else trump.suit_led(t)
            played = [*view.current_trick, t]
            powers = [trump.power(x, s_led) for x in played]
            bi = max(range(len(played)), key=lambda i: powers[i])
            bseat = (leader + bi) % n
            bp = powers[bi]
            later = [(leader + i) % n for i in range(len(played), n)]
            opp_can_beat = False
            for s in later:
                if s in scoring:
                    continue
                h = layout[s]
                follow = [x for x in h if trump.follows(x, s_led)] or list(h)
                if any(trump.power(x, s_led) > bp for x in follow):
                    opp_can_beat = True
                    break
            if bseat in scoring and not opp_can_beat:
                win_hits[t] += 1
                lose_all[t] = False
            elif bseat in scoring or any(s in scoring for s in later):
                lose_all[t] = False
            if not view.current_trick and trump.is_trump(t):
                draws[t] += sum(1 for s in range(n) if s != me and any(trump.is_trump(x) for x in layout[s]))
    k = max(1, len(layouts))
    return PlayAnalysis(
        tiles=tiles,
        goal=goal,
        tricks={t: tricks_sum[t] / k for t in tiles},
        goal_chance={t: goal_hits[t] / k for t in tiles},
        win_trick={t: win_hits[t] / k for t in tiles},
        lose_always=lose_all,
        draws={t: draws[t] / k for t in tiles},
        layouts=len(layouts),
        possible=possible,
        exhaustive=exhaustive,
        trumps_out=unseen_trumps,
    )


class SolverFactory(Protocol):
    """Makes the solver for a trump and number of players (``Solver`` itself by default)."""

    def __call__(self, trump: Trump, players: int) -> Solver: ...


def _default_play_samples() -> dict[int, int]:
    return {7: 20, 6: 28, 5: 40, 4: 60, 3: 80, 2: 100, 1: 100}


def _default_play_samples_4p() -> dict[int, int]:
    return {7: 10, 6: 14, 5: 20, 4: 32, 3: 48, 2: 64, 1: 64}


@dataclass(frozen=True)
class StrongSettings:
    """The strong player's knobs (``make_bot("strong", **fields)`` builds one).

    - ``play_samples`` / ``play_samples_4p``: layouts per play decision, by tricks left;
    - ``enumerate_factor``: list every layout when there are at most this many times the
      sample count;
    - ``bid_samples`` and ``bid_trumps``: simulated deals and trumps tried when bidding
      (``None``: 30 with three players, 14 with four);
    - ``contract_samples``: deals for the discard and trump choices (``None``: 32 / 12);
    - ``bid_threshold``: the chance of making a bid it wants; ``bid_threshold_4p`` with four
      players, where the simulated deals must also show ``spare_4p`` tricks more than the bid,
      or, where that would pass seven, make it in ``sure_4p`` of them;
    - ``moon_threshold``: the same for 21;
    - ``solver_factory``: makes the solver for a trump and number of players.
    """

    play_samples: dict[int, int] = field(default_factory=_default_play_samples)
    play_samples_4p: dict[int, int] = field(default_factory=_default_play_samples_4p)
    enumerate_factor: float = 1.5
    bid_samples: int | None = None
    bid_trumps: int = 3
    contract_samples: int | None = None
    bid_threshold: float = 0.5
    bid_threshold_4p: float = 0.65
    spare_4p: int = 1
    sure_4p: float = 0.95
    moon_threshold: float = 0.85
    solver_factory: SolverFactory | None = None

    @classmethod
    def of(cls, **options: Any) -> StrongSettings:
        """Settings from keyword options, with a clear error for an unknown one."""
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(options) - names)
        if unknown:
            raise TypeError(f"unknown strong player option(s) {unknown}: choose from {sorted(names)}")
        # ``None`` (or an empty table) for a sample table means the default table.
        clean = {k: v for k, v in options.items() if v or k not in ("play_samples", "play_samples_4p")}
        return cls(**clean)

    def wanted(self, rules: RuleSet) -> Callable[[int], int]:
        """The tricks the simulated deals must show for a bid of ``k`` tricks: with four
        players ``spare_4p`` more (up to 7), because a simulated partner plays as if it saw
        every hand and the estimate runs high."""
        spare = self.spare_4p if rules.players == 4 else 0
        return lambda k: min(7, k + spare)

    def threshold(self, rules: RuleSet) -> float:
        """The chance of making a bid wanted before bidding (higher with four players, where
        the simulated partner plays perfectly and the estimate runs high)."""
        return self.bid_threshold_4p if rules.players == 4 else self.bid_threshold


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
            return sum(self.made) / max(1, len(self.made))
        return sum(1 for x in self.tricks if x >= need) / len(self.tricks)

    def mean(self) -> float | None:
        """The average tricks, when exact counts were computed."""
        return sum(self.tricks) / len(self.tricks) if self.tricks and not self.capped else None


class LegacyStrongBot(PhaseBot):
    """Samples layouts of the unseen tiles, solves each with all hands open and plays the
    action with the best average for its side (see the module docstring).

    Its knobs are ``settings`` (a frozen :class:`StrongSettings`); keyword ``options`` build
    one (``StrongBot(seed, bid_threshold=0.6)``).
    """

    level = "strong"  # the same random streams as the old player

    def __init__(self, seed: int | None = None, settings: StrongSettings | None = None, **options: Any) -> None:
        super().__init__(seed)
        if settings is not None and options:
            raise TypeError("give either settings or keyword options, not both")
        #: this player's knobs (frozen)
        self.settings: StrongSettings = settings if settings is not None else StrongSettings.of(**options)
        self._factory: SolverFactory = self.settings.solver_factory or Solver
        self._solvers: dict[tuple[Trump, int], Solver] = {}
        # Exact answers for simulated deals (the trump choice re-reads the discard's deals).
        self._contract_cache: dict[tuple[Any, ...], int] = {}

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
        c = Constraints.from_view(view)
        possible = c.count()
        left = 7 - len(view.tricks)
        table = self.settings.play_samples_4p if view.rules.players == 4 else self.settings.play_samples
        n = table.get(left, 64)
        if possible <= int(n * self.settings.enumerate_factor):
            return list(c.enumerate()), possible, True
        return c.samples(rng, n), possible, False

    def analyse(self, view: PlayerView) -> PlayAnalysis:
        """The numbers behind a play decision for ``view`` (the seat must be to play)."""
        assert view.trump is not None
        layouts, possible, exhaustive = self.play_layouts(view, self.rng(view, "play"))
        return analyse_play(view, layouts, self.solver(view.trump, view.rules.players), possible, exhaustive)

    def _play(self, view: PlayerView, legal: list[Action]) -> Decision:
        trump = view.trump
        assert trump is not None
        an = self.analyse(view)
        tile = an.best(trump)
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
        return Decision(
            choice,
            Explanation(summary, marked, chosen.tags, an.layouts, an.exhaustive, an.possible, reason),
        )

    # -- contracts: bid, discard, trump ----------------------------------------------------
    def _contract_rng(self, view: PlayerView, hand: Sequence[Tile]) -> random.Random:
        """One stream for the discard and trump choices of a hand, keyed by what the bidder
        knew when the auction ended, so both choices use the same simulated deals."""
        core = replace(
            view,
            phase="contract",  # type: ignore[arg-type]  # a digest key for the contract stream, not a phase
            to_act=None,
            hand=tuple(sorted(hand)),
            discard=None,
            trump=None,
            actions=tuple(x for x in view.actions if x[1] is not None and x[1].kind in ("pass", "bid")),
            hand_sizes=(),
        )
        return random.Random(view_digest(core, f"contract/{self.seed}"))

    def _contract_layouts(
        self, view: PlayerView, n: int, rng: random.Random
    ) -> tuple[list[Layout], int, bool]:
        """Deals of the unseen tiles for a contract decision: all of them when there are at
        most ``n``, else ``n`` drawn uniformly."""
        c = Constraints.from_view(view)
        possible = c.count()
        if possible <= n:
            return list(c.enumerate()), possible, True
        return c.samples(rng, n), possible, False

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
    ) -> int:
        """Tricks the bidder's side takes in one simulated deal with ``trump``, leading first;
        with ``at_least=k`` only whether it takes ``k`` (1 or 0), a cheaper yes/no probe."""
        hands = self._contract_position(rules, me, my_tiles, layout, trump, widow_from_pile)
        key = (trump, me, at_least, *hands)
        cached = self._contract_cache.get(key)
        if cached is not None:
            return cached
        side = seats_mask(scoring_side(rules, me))
        solver = self.solver(trump, rules.players)
        if at_least is not None:
            value = int(solver.can_take_masks(hands, me, side, at_least))
        else:
            value = solver.solve_masks(hands, me, side)
        if len(self._contract_cache) > 100_000:
            self._contract_cache.clear()
        self._contract_cache[key] = value
        return value

    def _bid(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        me = view.seat
        n_samples = self.settings.bid_samples or (30 if rules.players == 3 else 14)
        rng = self.rng(view, "bid")
        layouts, _possible, _ex = self._contract_layouts(view, n_samples, rng)
        widow = rules.has_widow
        ranked = best_trumps(view.hand, rules)
        trumps = [t for _, t in ranked[: self.settings.bid_trumps]]
        bids = [a.value for a in legal if a.kind == "bid" and isinstance(a.value, int)]
        k_min = min((tricks_needed(v) for v in bids), default=7)
        must_bid = Action("pass") not in legal
        # Screen: on a first batch of deals, does each trump make the lowest bid I may make?
        screen = layouts[: min(len(layouts), max(4, len(layouts) // 3))]
        probes = {
            tr: [self._solve_contract(rules, me, view.hand, lay, tr, widow, at_least=k_min) for lay in screen]
            for tr in trumps
        }
        stats: list[ContractStats] = []
        if not must_bid and max(sum(v) for v in probes.values()) <= 0.2 * len(screen):
            # Hopeless: exact counts only where the lowest bid was made (the rest fall short).
            for tr in trumps:
                res = [
                    self._solve_contract(rules, me, view.hand, lay, tr, widow) if ok else k_min - 1
                    for lay, ok in zip(screen, probes[tr], strict=True)
                ]
                stats.append(ContractStats(tr, None, tuple(res), capped=True))
            layouts = screen
        else:
            for tr in trumps:
                res = [self._solve_contract(rules, me, view.hand, lay, tr, widow) for lay in layouts]
                stats.append(ContractStats(tr, None, tuple(res)))
        values = sorted({tricks_needed(v) for v in rules.bid_values})
        want = self.wanted(rules)
        best_by_need: dict[int, ContractStats] = {}
        for k in values:
            best_by_need[k] = max(stats, key=lambda s: (s.chance(want(k)), s.mean() or 0.0))
        high = max((b for _, b in view.bids), default=0)
        choice: Action = Action("pass")
        four = rules.players == 4
        # With four players the other team scores every trick it takes whether we make the
        # bid or not, so a bid must beat their tricks (or, if they hold the bid, what we
        # expect to lose by letting them play it); with three, each opponent scores alone.
        best_ev = 0.0 if not four or high == 0 else 7.0 - 2 * high
        for a in legal:
            if a.kind != "bid":
                continue
            assert isinstance(a.value, int)
            k = tricks_needed(a.value)
            st = best_by_need[k]
            p = st.chance(want(k))
            threshold = self.settings.moon_threshold if a.value == 21 else self.threshold(rules)
            if four and k + self.settings.spare_4p > 7:
                # No trick to spare: ask the simulated deals for near certainty instead.
                threshold = max(threshold, self.settings.sure_4p)
            if p < threshold:
                continue
            ev = (2 * p - 1) * a.value
            if four:
                mean = st.mean()
                ev -= 7 - (mean if mean is not None else k)
            if a.value == 21 and rules.moon_wins_game:
                ev = 100 * p
            if ev > best_ev or (not four and choice.kind == "pass"):
                best_ev, choice = ev, a
        partner_holds = (
            rules.players == 4
            and high > 0
            and [s for s, b in view.bids if b == high][-1] == (me + 2) % 4
        )
        if partner_holds and not must_bid:
            # Raising the partner's bid only makes the team's contract harder.
            choice = Action("pass")
        forced = must_bid and choice.kind == "pass"
        if forced:
            choice = min((a for a in legal if a.kind == "bid"), key=lambda a: a.value if isinstance(a.value, int) else 99)
        cands = []
        for a in legal:
            if a.kind == "bid":
                assert isinstance(a.value, int)
                k = tricks_needed(a.value)
                st = best_by_need[k]
                cands.append(
                    Candidate(
                        a, tags_for(view, a), tricks=st.mean(), goal="make", goal_chance=st.chance(want(k)),
                        layouts=len(layouts), trump=st.trump,
                        bid_chances=tuple((v, st.chance(tricks_needed(v))) for v in rules.bid_values),
                    )
                )
            else:
                st = best_by_need[min(values)]
                cands.append(
                    Candidate(
                        a, tags_for(view, a), tricks=None, goal="make", goal_chance=None,
                        layouts=len(layouts), trump=st.trump,
                        bid_chances=tuple((v, st.chance(tricks_needed(v))) for v in rules.bid_values),
                    )
                )
        marked = mark(cands, choice)
        summary = bid_summary(view, choice, best_by_need, len(layouts), high, self.settings, must_bid, partner_holds)
        reason = self._bid_reason(view, choice, best_by_need, high, forced, partner_holds)
        chosen = next(c for c in marked if c.chosen)
        return Decision(choice, Explanation(summary, marked, chosen.tags, len(layouts), False, None, reason))

    def _bid_reason(
        self,
        view: PlayerView,
        choice: Action,
        best_by_need: dict[int, ContractStats],
        high: int,
        forced: bool,
        partner_holds: bool,
    ) -> str:
        """The plain reason for a bid or pass, from the same chances the choice was made on."""
        rules = view.rules
        want = self.wanted(rules)
        if choice.kind == "bid":
            assert isinstance(choice.value, int)
            k = tricks_needed(choice.value)
            st = best_by_need[k]
            return bid_reason(view, choice.value, st.trump, st.chance(want(k)), forced=forced)
        floor = max(rules.min_bid, high + 1)
        k = tricks_needed(floor) if floor <= 7 else 7
        st = best_by_need[k]
        need_chance = self.threshold(rules) if floor <= 7 else self.settings.moon_threshold
        if rules.players == 4 and k + self.settings.spare_4p > 7:
            need_chance = max(need_chance, self.settings.sure_4p)
        p = st.chance(want(k))
        worth_little = rules.players == 4 and floor <= 7 and p >= need_chance and st.mean() is not None
        return bid_reason(
            view, None, st.trump, p, partner_holds=partner_holds, high=high, worth_little=worth_little
        )

    def _contract_choices(
        self,
        view: PlayerView,
        pairs: list[tuple[Tile | None, Trump]],
        base_tiles: Sequence[Tile],
        widow_from_pile: bool,
        key_tiles: Sequence[Tile] = (),
    ) -> tuple[dict[tuple[Tile | None, Trump], ContractStats], int]:
        """Race (discard, trump) pairs on the same simulated deals: every pair gets a yes/no
        probe (does it make the bid?) on a first batch, the most promising get exact trick
        counts on every deal. Returns the stats and the number of deals in the full batch.
        ``key_tiles`` (the hand as the auction ended) seed the deals."""
        rules = view.rules
        assert view.bid is not None
        need = tricks_needed(view.bid)
        four = rules.players == 4
        total = self.settings.contract_samples or (12 if four else 32)
        first = max(3, total // (3 if four else 5))
        finalists = 2 if four else 3
        rng = self._contract_rng(view, key_tiles or view.hand)
        layouts, _possible, _ex = self._contract_layouts(view, total, rng)
        me = view.seat
        probes: dict[tuple[Tile | None, Trump], list[int]] = {}
        for p in pairs:
            d, tr = p
            tiles = [t for t in base_tiles if t is not d]
            probes[p] = [
                self._solve_contract(rules, me, tiles, lay, tr, widow_from_pile, at_least=need)
                for lay in layouts[:first]
            ]
        ranked = sorted(pairs, key=lambda p: (sum(probes[p]), -pairs.index(p)), reverse=True)
        out: dict[tuple[Tile | None, Trump], ContractStats] = {}
        for p in ranked[:finalists]:
            d, tr = p
            tiles = [t for t in base_tiles if t is not d]
            res = [self._solve_contract(rules, me, tiles, lay, tr, widow_from_pile) for lay in layouts]
            out[p] = ContractStats(tr, d, tuple(res))
        for p in ranked[finalists:]:
            out[p] = ContractStats(p[1], p[0], (), tuple(probes[p]))
        return out, len(layouts)

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
            # Every trump with its rule-of-thumb discard, and every discard with the best
            # trumps by rule of thumb.
            trumps = list(rules.trumps)
            pairs = [(heuristic_discard(hand, tr), tr) for tr in trumps]
            for _, tr in best_trumps(hand, rules)[:2]:
                pairs += [(d, tr) for d in discards if (d, tr) not in pairs]
        stats, deals = self._contract_choices(view, pairs, hand, False)
        best_for: dict[Tile, ContractStats] = {}
        for d in discards:
            best_for[d] = max(
                (stats[(d, tr)] for tr in trumps if (d, tr) in stats),
                key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0),
            )
        cands = [contract_candidate(view, a, best_for[a.value], need) for a in legal]  # type: ignore[index]
        best = max(
            best_for.values(),
            key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0, -keep_value(s.discard, s.trump)),  # type: ignore[arg-type]
        )
        assert best.discard is not None
        choice = Action.discard(best.discard)
        marked = mark(cands, choice)
        others = sorted(
            (s for d, s in best_for.items() if d is not best.discard),
            key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0), reverse=True,
        )
        nxt = f" (next best: {others[0].discard}, {pct(others[0].chance(need))})" if others else ""
        with_trump = "" if view.trump is not None else f" with {trump_words(best.trump)}"
        summary = (
            f"I discard {best.discard}: without it I make my {view.bid}{with_trump} in "
            f"{pct(best.chance(need))} of {best.deals} simulated deals, averaging "
            f"{best.mean():.1f} tricks, the best of my {len(legal)} discards{nxt}."
        )
        reason = contract_reason_discard(view, best.discard, best.trump, _compare(best, others, need))
        chosen = next(c for c in marked if c.chosen)
        return Decision(choice, Explanation(summary, marked, chosen.tags, deals, False, None, reason))

    def _trump(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        assert view.bid is not None
        need = tricks_needed(view.bid)
        before_widow = rules.has_widow and view.discard is None and not view.widow
        trumps = [a.value for a in legal if isinstance(a.value, Trump)]
        base = list(view.hand)
        key_tiles = base
        if view.discard is not None:
            # The discard was made already: use the deals it was chosen on.
            key_tiles = [*base, view.discard]
        pairs: list[tuple[Tile | None, Trump]] = [(None, tr) for tr in trumps]
        stats, deals = self._contract_choices(view, pairs, base, before_widow, key_tiles)
        cands = [contract_candidate(view, a, stats[(None, a.value)], need) for a in legal]  # type: ignore[index]
        best = max(
            stats.values(), key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0, -TRUMP_ORDER[s.trump])
        )
        choice = Action.name_trump(best.trump)
        marked = mark(cands, choice)
        others = sorted(
            (s for s in stats.values() if s is not best),
            key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0), reverse=True,
        )
        nxt = f", against {pct(others[0].chance(need))} with {trump_words(others[0].trump)}" if others else ""
        summary = (
            f"I {verb(view, choice)}: I make my {view.bid} in {pct(best.chance(need))} of "
            f"{best.deals} simulated deals (averaging {best.mean():.1f} tricks){nxt}."
        )
        how = _compare(best, others, need)
        reason = trump_reason(view, best.trump, {"best": "best", "most": "most", "good": "good"}.get(how, "even"))
        chosen = next(c for c in marked if c.chosen)
        return Decision(choice, Explanation(summary, marked, chosen.tags, deals, False, None, reason))


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


def bench_bot(level: str, seed: int | None = None, **options: Any) -> Any:
    """``make_bot`` for the benchmarks, which also know ``"strong-old"`` (this frozen player)."""
    if level == "strong-old":
        return LegacyStrongBot(seed, **options)
    if level == "oracle":
        from bench.oracle import OracleBot

        return OracleBot(seed, **options)
    from engine.players import make_bot

    return make_bot(level, seed=seed, **options)


#: The levels the benchmarks can play.
BENCH_LEVELS = ("random", "basic", "strong", "strong-old", "oracle")
