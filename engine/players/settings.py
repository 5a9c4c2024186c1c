"""The strong player's knobs: one frozen :class:`StrongSettings` (``make_bot("strong",
**fields)`` builds one), and the factory of the solver it searches with."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

from engine.game import HandResult
from engine.rules import RuleSet
from engine.solver import Solver
from engine.trump import Trump

__all__ = ["SolverFactory", "StrongSettings"]


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
    - ``bid_samples``: simulated deals per hand for the bid, discard and trump choices (one
      pool per hand, shared by the three; ``None``: 24 with three players, 10 with four);
      ``contract_samples`` caps how many of them the discard and trump choices use, and
      ``discard_samples`` how many the discard uses (its first finalist's exact counts are
      the bulk of its time: 16 of 24 deals gave the same tile in 39 of 40 three-player hands);
    - ``bid_trumps``: trumps (best first by rule of thumb) looked at for a bid (``None``:
      every trump the rules allow). ``bid_screen``: deals of the first look (``None``: 6 /
      4): the two best trumps by rule of thumb are solved on them, every other one gets a
      yes/no probe on the first ``probe_deals`` of them and is solved too when it takes, in
      each, as many tricks as the better of the two takes in all of them (and at least the
      lowest bid open); a hand that reaches the lowest bid with no trump there
      passes, and a trump whose mean on those deals is ``race_margin`` tricks or more
      behind the best is dropped;
    - ``confirm_samples`` / ``confirm_samples_4p``: fresh deals for the bid the race picked
      (``0``: none). The trump and level that look best on the pool are partly the lucky
      ones: the best of nine trumps on a few deals runs high. So the winner's trump is solved
      again on this many new deals, drawn apart from the pool, and the bid (or pass) is chosen
      again from all the deals with that trump alone. With four players (10 deals in the pool)
      the contracts it gave 70–85% were made 67% of the time without it (91 contracts in 100
      games against basic players) and 79% with it and ``sweep_4p`` (118 contracts);
    - ``bid_nodes`` / ``bid_nodes_4p``: the bid's work budget in search nodes (about 3 µs
      each here; ``None``, the three-player default: no budget). Once spent, the trumps not yet probed (the weaker ones
      by rule of thumb) are left out, and the race ends with its leader, which is still
      solved on every deal; the summary says when a trump was left out;
    - ``choice_nodes`` / ``choice_nodes_4p``: the same for the discard and trump choices: the
      (discard, trump) pairs are probed best by rule of thumb first and the weaker ones left
      out once it is spent; the second finalist gets exact counts only within it. The
      discard's two races (its (discard, trump) pairs, then every trump for the tile chosen)
      share one budget;
    - ``discards_tried``: with trump not yet named, the tiles least worth keeping tried as
      the discard under each of the two best trumps (every trump also gets its own
      rule-of-thumb discard);
    - ``play_to_win``: bid for the best chance of winning the game from the scores as they
      stand (:class:`engine.players.odds.GameOdds`), not the most points in this hand;
      ``odds_share`` (``odds_share_4p`` with four players): the share of the hands its
      model of the rest of the game takes its own side to bid (``None``: every side alike,
      as if all played like the basic players the model was measured on), and with four
      players ``odds_table_4p``: read that share from the table, ``odds_table_4p`` hands'
      worth of it (one in two when ``None``) and the hands bid so far
      (:meth:`odds_share_for`). A strong team against a basic one bids about three hands
      in four, and the model that took the sides as alike throughout gave it 49% at the
      start of a hand where it went on to win 79% of the games, and 4% where it still won
      43%; so it bid as an outsider, for risky contracts and 21s (225 in 400 arena games,
      21% made; 79% of its contracts made). A fixed 0.7 made those chances come true (on
      200 games it was not chosen on: said 65% won 70%, 77% 76%, 85% 79%, 95% 92%) and won
      as many games (323 of 400 against 321), but a fixed share says 80% to both teams at
      a table of equals, such as the Play page's; read from the table, the share starts
      even and follows who wins the auctions (315 of the 400 games won: the same within
      chance, 25 only with every side alike, 19 only this way, sign p = 0.45).
      Three players: ``None``. Its side bid in 64% of the hands, and with 0.75 it won 255
      of the 300 arena games against 263 with every side alike (only new 15, only old 23);
      ``odds_moons_4p``: with four players, the model lets either team shoot the moon in
      any hand (:data:`engine.players.odds.MOON_HANDS`), so a team far behind is not
      counted out: a made 21 wins the game whatever the score. Without it the model, made
      on basic players who never bid 21, said 4% where the strong team went on to win 42%,
      and a team a few points behind shot the moon on a poor chance (8%) as if nothing
      were left to lose. On: 321 of the same 400 arena games against basic players (deals
      201-400) won against 313 (only new 30, only old 22, sign p = 0.33); it bids more 21s
      (438 against 244, 18% made against 15%);
    - ``moon_value``: the points a made 21 is worth when it wins the game, when not playing
      to win (see :class:`engine.players.bidding.ScoreModel`); ``sweep``: how much of a made 7 or 21 a
      deal that open-hands play sweeps counts for. Three players: all of it (against two
      basic players its 21s were made far more often than the simulated sweeps said: 45
      bid in 300 games, those it gave 17% made 35%, those it gave 50% made 80%, with 0.8);
      ``sweep_4p`` with four players: a team sweeps in play less often than a simulated pair
      who see every hand (over 211 of its 21s against basic players the simulated deals
      swept in 47% and the team made 17%);
      ``spare_4p`` and ``partial_4p``: with four
      players a simulated deal that makes the bid with fewer than ``spare_4p`` tricks to
      spare counts as ``partial_4p`` of a made bid (the simulated partner sees every hand);
    - ``short`` (``short_4p`` with four players): a simulated deal one trick short of a bid
      below seven counts as this much of a made bid. Open-hands defence is perfect; defenders
      who cannot see the bidder's hand let a trick through now and then (three players, 300
      games against two basic players: the bids it gave about 52% were made 77% of the time,
      and it took 0.24 tricks a hand more than open-hands play of the real deal). A half,
      with ``sweep`` 1, won 83.0% of the same 300 games against 80.0% with a quarter and a
      sweep at 0.8 (74.7% with no credit for a deal one trick short), and its chances came
      true: bids it gave 72% were made 79% of the time (86% with a quarter), 52% 56% (74%).
      Three quarters (with ``short_seven`` a half) won 263 of the same 300 games against
      249 with a half (sign p = 0.034), and on 300 other games (deals 101-200, not used to
      choose it) 258 against 246 (86.0% against 82.0%; sign p = 0.043); there its bids
      below 21 came true as said (it gave 51% and made 43%, 71% 72%, 86% 86%, 96% 94%,
      where a half gave 54% 65%, 72% 80%, 85% 91%). Four players: none, as its bids are
      already made about as often as it says;
    - ``short_seven`` (``short_seven_4p`` with four players): the same for a bid of all
      seven (a 7 or a 21), a simulated deal where it takes six. Three players: a half. With
      only sweeps counted, its 21s against two basic players were made far more often than
      it said (86 bid in 300 games: those it gave 16% made 34%, 52% made 75%); with the half
      they came true (282 bid: 16% made 17%, 48% made 52%, 70% made 63%), and it won 252
      of the same 300 games against 249. Four players: none (a team's 21s are made less
      often than its simulated sweeps, see ``sweep_4p``);
    - ``read_auction``: weight the simulated deals by how likely each other seat's hand is
      given its pass or bid (:func:`engine.players.bidding.auction_weights`);
    - ``read_play``: how play reads the auction and the trump another seat named
      (:func:`engine.players.bidding.play_weights`): 1, each layout of the uniform draw counts
      its weight (one solve per layout); 2 or more, draw this many times the layouts needed
      and keep the needed number by weight (the plain draw is solved too, to compare); 0,
      uniform layouts, all alike;
    - ``bid_threshold`` / ``bid_threshold_4p`` (read by :meth:`threshold`): the chance of
      making a bid from which the bid lessons call it worth making (the player itself bids
      by expected score, or by its chance of winning the game); ``sure_4p`` and
      ``moon_threshold``: kept for the frozen issue-start player of ``bench/``;
    - ``solver_factory``: makes the solver for a trump and number of players.
    """

    play_samples: dict[int, int] = field(default_factory=_default_play_samples)
    play_samples_4p: dict[int, int] = field(default_factory=_default_play_samples_4p)
    enumerate_factor: float = 1.5
    bid_samples: int | None = None
    bid_trumps: int | None = None
    bid_screen: int | None = None
    race_margin: float = 1.0
    contract_samples: int | None = None
    discard_samples: int | None = 16
    discards_tried: int = 3
    moon_value: float = 30.0
    play_to_win: bool = True
    odds_share: float | None = None
    odds_share_4p: float | None = None
    odds_table_4p: float | None = 4.0
    odds_moons_4p: bool = True
    sweep: float = 1.0
    sweep_4p: float = 0.4
    short: float = 0.75
    short_4p: float = 0.0
    short_seven: float = 0.5
    short_seven_4p: float = 0.0
    read_auction: bool = True
    read_play: int = 1
    probe_deals: int = 2
    confirm_samples: int = 0
    confirm_samples_4p: int = 10
    bid_nodes: int | None = None
    bid_nodes_4p: int | None = 200_000
    choice_nodes: int | None = 80_000
    choice_nodes_4p: int | None = 200_000
    bid_threshold: float = 0.5
    bid_threshold_4p: float = 0.65
    spare_4p: int = 1
    partial_4p: float = 0.3
    sure_4p: float = 0.95
    moon_threshold: float = 0.85
    solver_factory: SolverFactory | None = None

    def odds_share_for(self, rules: RuleSet, seat: int, results: Sequence[HandResult] = ()) -> float | None:
        """The share of the hands the game model takes ``seat``'s side to bid, after the
        hands ``results`` of this game (``None``: every side alike). With four players and
        ``odds_table_4p`` set, it is read from the table: ``odds_table_4p`` hands' worth of
        ``odds_share_4p`` (or one in two) and the hands bid so far, to the nearest 5%.

        >>> from engine import RuleSet
        >>> StrongSettings().odds_share_for(RuleSet(players=4), 0) is None
        True
        """
        if rules.players != 4:
            return self.odds_share
        base = self.odds_share_4p
        if self.odds_table_4p is None:
            return base
        bid = [r.bidder for r in results if r.bidder is not None]
        if not bid:
            return base
        ours = sum(rules.side_of(b) == rules.side_of(seat) for b in bid)
        prior = 1 / len(rules.teams()) if base is None else base
        return round(20 * (self.odds_table_4p * prior + ours) / (self.odds_table_4p + len(bid))) / 20

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
