"""The strong player's knobs: one frozen :class:`StrongSettings` with one :class:`Tuning` per
player count (``settings.for_rules(rules)`` picks it), and the factory of the solver it
searches with. ``make_bot("strong", **options)`` builds one with :meth:`StrongSettings.of`.

Why each knob has the value it has (the arena games and the calibration behind it) is told
in ``docs/strong-player.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Protocol

from engine.game import HandResult
from engine.rules import RuleSet
from engine.solver import Solver
from engine.trump import Trump

__all__ = ["FOUR", "NEVER_SHOOT", "THREE", "SolverFactory", "StrongSettings", "Tuning"]

#: Levels of player known never to bid 21 (the basic player): against them the game model
#: lets only the strong player's own team shoot the moon.
NEVER_SHOOT = frozenset({"basic"})


class SolverFactory(Protocol):
    """Makes the solver for a trump and number of players (``Solver`` itself by default)."""

    def __call__(self, trump: Trump, players: int) -> Solver: ...


@dataclass(frozen=True)
class Tuning:
    """The knobs of one player count (:data:`THREE`, :data:`FOUR`).

    - ``play_samples``: layouts per play decision, by tricks left;
    - ``bid_samples``: simulated deals per hand for the bid, discard and trump choices (one
      pool per hand, shared by the three);
    - ``bid_screen``: deals of the bid's first look: the two best trumps by rule of thumb are
      solved on them, every other one gets a yes/no probe on the first ``probe_deals`` and is
      solved too when it takes, in each, as many tricks as the better of the two takes in all
      of them (and at least the lowest bid open);
    - ``confirm_samples``: fresh deals for the bid the race picked (``0``: none): the
      winner's trump is solved on them and the bid chosen again from them alone, an
      independent draw (the pool picked the trump and level, so its numbers run high);
    - ``bid_nodes``: the bid's work budget in search nodes (``None``: no budget); once spent,
      the trumps not yet probed are left out and the race ends with its leader;
    - ``choice_nodes``: the same for the discard and trump choices (the discard's two races
      share one budget);
    - ``choice_probes``: the deals of the discard and trump choices' yes/no probes (``None``:
      a fifth of the deals, at least three); ``choice_batch``: the second finalist races the
      first this many deals at a time and stops once clearly behind (``None``: all at once);
    - ``bid_threshold``: the chance of making a bid from which the bid lessons call it worth
      making (the player itself bids by expected score, or by its chance of winning the game);
    - ``odds_share``: the share of the hands the game model takes the player's own side to
      bid (``None``: every side alike); ``odds_table``: read that share from the table,
      ``odds_table`` hands' worth of it (one in two when ``None``) and the hands bid so far
      (``None``: a fixed share); ``odds_against``: by the level of the other sides' players,
      when the table knows it (:attr:`StrongSettings.opponents`), the share to start from
      instead of ``odds_share`` (a level not listed, or players alike: ``odds_share``);
      ``odds_moons``: the model lets either team shoot the moon in any hand (the game model
      does so with two teams only; only the player's own team against :data:`NEVER_SHOOT`);
    - ``sweep``: how much of a made 7 or 21 a deal that open-hands play sweeps counts for;
    - ``short`` / ``short_seven``: a simulated deal one trick short of a bid below seven / of
      a bid of all seven counts as this much of a made bid;
    - ``spare`` / ``partial``: a simulated deal that makes the bid with fewer than ``spare``
      tricks to spare counts as ``partial`` of a made bid (a simulated partner sees every
      hand, so the estimate runs high); the simulated deals must show ``spare`` more tricks
      than a bid for it to count in full (:meth:`StrongSettings.wanted`).
    """

    play_samples: dict[int, int]
    bid_samples: int
    bid_screen: int
    confirm_samples: int
    bid_nodes: int | None
    choice_nodes: int | None
    choice_probes: int | None
    choice_batch: int | None
    bid_threshold: float
    odds_share: float | None
    odds_table: float | None
    odds_against: dict[str, float]
    odds_moons: bool
    sweep: float
    short: float
    short_seven: float
    spare: int
    partial: float


#: The three-player tuning.
THREE = Tuning(
    play_samples={7: 20, 6: 28, 5: 40, 4: 60, 3: 80, 2: 100, 1: 100},
    bid_samples=24,
    bid_screen=6,
    confirm_samples=48,
    bid_nodes=None,
    choice_nodes=80_000,
    choice_probes=None,
    choice_batch=None,
    bid_threshold=0.5,
    odds_share=None,
    odds_table=None,
    odds_against={},
    odds_moons=False,
    sweep=1.0,
    short=0.75,
    short_seven=0.5,
    spare=0,
    partial=1.0,
)

#: The four-player tuning (two teams of partners).
FOUR = Tuning(
    play_samples={7: 50, 6: 70, 5: 100, 4: 160, 3: 240, 2: 320, 1: 320},
    bid_samples=20,
    bid_screen=4,
    confirm_samples=32,
    bid_nodes=1_000_000,
    choice_nodes=200_000,
    choice_probes=2,
    choice_batch=4,
    bid_threshold=0.65,
    odds_share=None,
    odds_table=4.0,
    odds_against={"basic": 0.7},
    odds_moons=True,
    sweep=0.4,
    short=0.0,
    short_seven=0.0,
    spare=1,
    partial=0.3,
)

_TUNING = frozenset(f.name for f in fields(Tuning))
#: Options that set the knob of both player counts.
_BOTH = frozenset({"bid_samples", "bid_screen"})
#: Options whose empty value (``None``, ``0``, ``{}``) means "the default".
_DEFAULT_WHEN_EMPTY = frozenset({"play_samples", "bid_samples", "bid_screen"})


@dataclass(frozen=True)
class StrongSettings:
    """The strong player's knobs: ``three`` and ``four`` (a :class:`Tuning` each: the
    knobs that differ by player count, :meth:`for_rules` picks one) and these, alike for
    both:

    - ``enumerate_factor``: list every layout of a play decision when there are at most this
      many times the sample count;
    - ``bid_trumps``: trumps (best first by rule of thumb) looked at for a bid (``None``:
      every trump the rules allow); ``probe_deals``: the deals of the bid's yes/no probes;
      ``race_margin``: a trump whose mean on the first look is this many tricks or more
      behind the best is dropped from the bid's race;
    - ``contract_samples`` caps how many of the pool's deals the discard and trump choices
      use, and ``discard_samples`` how many the discard uses;
    - ``discards_tried``: with trump not yet named, the tiles least worth keeping tried as
      the discard under each of the two best trumps (every trump also gets its own
      rule-of-thumb discard);
    - ``play_to_win``: bid for the best chance of winning the game from the scores as they
      stand (:class:`engine.players.odds.GameOdds`), not the most points in this hand;
    - ``moon_value``: the points a made 21 is worth when it wins the game, when not playing
      to win (see :class:`engine.players.bidding.ScoreModel`);
    - ``read_auction``: weight the simulated deals by how likely each other seat's hand is
      given its pass or bid (:func:`engine.players.bidding.auction_weights`);
    - ``read_play``: how play reads the auction and the trump another seat named
      (:func:`engine.players.bidding.play_weights`): 1, each layout of the uniform draw counts
      its weight (one solve per layout); 2 or more, draw this many times the layouts needed
      and keep the needed number by weight (the plain draw is solved too, to compare); 0,
      uniform layouts, all alike;
    - ``opponents``: the level of the other sides' players (``"basic"``, ``"strong"``) when
      the table knows it and they are all of one level, for the game model
      (:meth:`odds_share_for`, :meth:`their_moons`); ``None``: unknown, every side alike;
    - ``solver_factory``: makes the solver for a trump and number of players.
    """

    three: Tuning = THREE
    four: Tuning = FOUR
    enumerate_factor: float = 1.5
    bid_trumps: int | None = None
    race_margin: float = 1.0
    probe_deals: int = 2
    contract_samples: int | None = None
    discard_samples: int | None = 16
    discards_tried: int = 3
    moon_value: float = 30.0
    play_to_win: bool = True
    read_auction: bool = True
    read_play: int = 1
    opponents: str | None = None
    solver_factory: SolverFactory | None = None

    def for_rules(self, rules: RuleSet) -> Tuning:
        """The tuning for the number of players of ``rules``.

        >>> from engine import RuleSet
        >>> StrongSettings().for_rules(RuleSet(players=4)).bid_threshold
        0.65
        """
        return self.four if rules.players == 4 else self.three

    def odds_share_for(self, rules: RuleSet, seat: int, results: Sequence[HandResult] = ()) -> float | None:
        """The share of the hands the game model takes ``seat``'s side to bid, after the
        hands ``results`` of this game (``None``: every side alike). It starts from the
        tuning's ``odds_against`` for the :attr:`opponents` when they are known and listed,
        else from ``odds_share``. With the tuning's ``odds_table`` set (four players), it is
        read from the table: ``odds_table`` hands' worth of that start (or one in as many
        as there are sides) and the hands bid so far, to the nearest 5%.

        >>> from engine import RuleSet
        >>> StrongSettings().odds_share_for(RuleSet(players=4), 0) is None
        True
        >>> StrongSettings(opponents="basic").odds_share_for(RuleSet(players=4), 0)
        0.7
        """
        tuning = self.for_rules(rules)
        base = tuning.odds_against.get(self.opponents or "", tuning.odds_share)
        if tuning.odds_table is None:
            return base
        bid = [r.bidder for r in results if r.bidder is not None]
        if not bid:
            return base
        ours = sum(rules.side_of(b) == rules.side_of(seat) for b in bid)
        prior = 1 / len(rules.teams()) if base is None else base
        return round(20 * (tuning.odds_table * prior + ours) / (tuning.odds_table + len(bid))) / 20

    def their_moons(self) -> bool:
        """Whether the game model lets the other sides shoot the moon: not when the
        :attr:`opponents` are known never to bid 21 (:data:`NEVER_SHOOT`).

        >>> StrongSettings().their_moons(), StrongSettings(opponents="basic").their_moons()
        (True, False)
        """
        return self.opponents not in NEVER_SHOOT

    @classmethod
    def options(cls) -> list[str]:
        """The keyword options :meth:`of` knows: every field alike for both player counts,
        ``three`` and ``four``, and each :class:`Tuning` knob by name (the three-player one)
        and with ``_4p`` (the four-player one)."""
        shared = [f.name for f in fields(cls)]
        return sorted({*shared, *_TUNING, *(f"{n}_4p" for n in _TUNING - _BOTH)})

    @classmethod
    def of(cls, **options: Any) -> StrongSettings:  # Any: each option has its own type, its field's
        """Settings from keyword options (see :meth:`options`), with a clear error for an
        unknown one. A :class:`Tuning` knob by its name sets the three-player tuning, with
        ``_4p`` the four-player one (``sweep_4p=0.5``); ``bid_samples`` and ``bid_screen``
        set both. An empty ``play_samples``, ``bid_samples`` or ``bid_screen`` (``None``)
        keeps the default.

        >>> s = StrongSettings.of(bid_threshold=0.6, sweep_4p=0.5, bid_samples=8)
        >>> s.three.bid_threshold, s.four.sweep, s.three.bid_samples, s.four.bid_samples
        (0.6, 0.5, 8, 8)
        """
        known = set(cls.options())
        unknown = sorted(set(options) - known)
        if unknown:
            raise TypeError(f"unknown strong player option(s) {unknown}: choose from {sorted(known)}")
        shared = {f.name for f in fields(cls)}
        top: dict[str, Any] = {k: v for k, v in options.items() if k in shared}  # Any: values for fields of differing types
        three: dict[str, Any] = {}  # Any: values for fields of differing types
        four: dict[str, Any] = {}  # Any: values for fields of differing types
        for name, value in options.items():
            if name in shared:
                continue
            base = name.removesuffix("_4p")
            if base in _DEFAULT_WHEN_EMPTY and not value:
                continue
            if name in _BOTH:
                three[base] = four[base] = value
            elif name.endswith("_4p"):
                four[base] = value
            else:
                three[base] = value
        settings = cls(**top)
        return replace(
            settings, three=replace(settings.three, **three), four=replace(settings.four, **four)
        )

    def more_layouts(self, factor: int) -> StrongSettings:
        """The same settings with ``factor`` times the layouts for every play decision."""
        return replace(
            self,
            three=replace(self.three, play_samples={k: v * factor for k, v in self.three.play_samples.items()}),
            four=replace(self.four, play_samples={k: v * factor for k, v in self.four.play_samples.items()}),
        )

    def more_deals(self, factor: int) -> StrongSettings:
        """The same settings with ``factor`` times the simulated deals of every bid, discard and
        trump choice."""
        return replace(
            self,
            three=replace(self.three, bid_samples=self.three.bid_samples * factor),
            four=replace(self.four, bid_samples=self.four.bid_samples * factor),
            contract_samples=None if self.contract_samples is None else self.contract_samples * factor,
            discard_samples=None if self.discard_samples is None else self.discard_samples * factor,
        )

    def wanted(self, rules: RuleSet) -> Callable[[int], int]:
        """The tricks the simulated deals must show for a bid of ``k`` tricks: the tuning's
        ``spare`` more (up to 7; one with four players, because a simulated partner plays as
        if it saw every hand and the estimate runs high)."""
        spare = self.for_rules(rules).spare
        return lambda k: min(7, k + spare)

    def threshold(self, rules: RuleSet) -> float:
        """The chance of making a bid wanted before bidding (higher with four players, where
        the simulated partner plays perfectly and the estimate runs high)."""
        return self.for_rules(rules).bid_threshold
