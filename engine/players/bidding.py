"""Bidding by expected score, and reading the auction.

The strong player's bid is worked out on simulated deals (layouts of the tiles it has not
seen, each solved with all hands open for the trumps it considers, the trick counts reused
for every level). This module turns those trick counts into a score table:

- :func:`auction_weights` weights each layout by how likely each other seat's hand is, given
  what that seat did in the auction so far (a pass or a bid). The likelihood is a simple,
  documented model of the hand's strength (:func:`hand_strength`, the rule-of-thumb trick
  count of its best trump, plus half a trick for the widow with three players): a seat that
  passed is unlikely to hold a hand worth the bid it passed, a seat that bid ``v`` likely
  holds about ``v`` tricks (:func:`action_likelihood`). Weights only re-weigh layouts that
  already agree with everything the seat saw, so no layout the seat knows to be impossible
  ever counts.
- :func:`score_table` gives, for a pass and for every legal bid (with its best trump), the
  chance of making it and its expected score, in points *relative to the others* (this
  side's points minus the mean of the other sides' points, so the other sides' tricks
  count against a bid). A made 21 counts :attr:`ScoreModel.moon_value` when it wins the game
  under the rules in force. A seat still to bid after this one who holds (in that layout)
  a hand strong enough to bid over a level takes the contract away: the layout then
  counts as defending that seat's bid. A pass counts as defending the strongest later
  opponent's bid, or the current high bid, or as the hand thrown in (0) when nobody bids.
  A bid defended is made with :func:`make_chance` of the bidder's hand strength in that
  layout (and falls one trick short otherwise).

The strong player bids the row with the highest expected score (:meth:`ScoreTable.best`).

>>> from engine.tiles import parse_tiles
>>> from engine.rules import RuleSet
>>> round(hand_strength(parse_tiles("6-6 6-5 6-4 6-2 5-5 4-4 3-1"), RuleSet()), 1)
5.7
>>> action_likelihood(2.0, 0, 4) > action_likelihood(5.0, 0, 4)  # a pass hints at a weak hand
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.contract import MOON, tricks_needed
from engine.game import PlayerView
from engine.players.facts import best_trumps
from engine.players.odds import GameOdds
from engine.rules import RuleSet
from engine.sampling import Layout
from engine.tiles import Tile
from engine.trump import Trump

__all__ = [
    "BidRow",
    "ScoreModel",
    "ScoreTable",
    "action_likelihood",
    "auction_weights",
    "hand_strength",
    "make_chance",
    "play_weights",
    "score_table",
    "trump_likelihood",
]

#: How sharply a seat's bid follows its hand strength (in tricks): the spread of the logistic
#: curve of :func:`action_likelihood`.
SPREAD = 0.75


def hand_strength(tiles: Sequence[Tile], rules: RuleSet) -> float:
    """The rule-of-thumb tricks of a hand with its best trump (:func:`best_trumps`), plus half
    a trick for the widow when there is one (what the basic player bids from)."""
    return _strength(tuple(sorted(tiles)), rules)


@lru_cache(maxsize=1 << 15)
def _ranked(tiles: tuple[Tile, ...], rules: RuleSet) -> tuple[tuple[float, Trump], ...]:
    return tuple(best_trumps(tiles, rules))


def _strength(tiles: tuple[Tile, ...], rules: RuleSet) -> float:
    est = _ranked(tiles, rules)[0][0]
    return est + (0.5 if rules.has_widow else 0.0)


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x / SPREAD))


def action_likelihood(strength: float, value: int, floor: int) -> float:
    """How likely a seat of hand ``strength`` (tricks) was to make its auction action:
    ``value`` 0 for a pass (when the lowest bid it could make needed ``floor`` tricks),
    else the bid. A pass is likely from a hand short of ``floor``; a bid of ``k`` tricks is
    likely from a hand of about ``k`` tricks or more (a much stronger hand bids higher more
    often, so its likelihood halves)."""
    if value == 0:
        return 1.0 - _logistic(strength - floor + 0.5)
    k = tricks_needed(value)
    at_least = _logistic(strength - k + 0.5)
    not_much_more = 0.5 + 0.5 * (1.0 - _logistic(strength - k - 1.5))
    return at_least * not_much_more


def _acted(view: PlayerView) -> list[tuple[int, int, int]]:
    """The other seats' free auction actions: (seat, value, the tricks the lowest bid open to
    it needed); a bid the rules forced is left out (it says nothing of the hand)."""
    rules = view.rules
    acted: list[tuple[int, int, int]] = []
    high = 0
    bids = view.bids
    for i, (seat, value) in enumerate(bids):
        floor = max(rules.min_bid, high + 1)
        forced = (
            rules.all_pass == "force-last" and i == rules.players - 1 and all(b == 0 for _, b in bids[:i])
        )
        if seat != view.seat and not forced:
            acted.append((seat, value, tricks_needed(floor) if floor <= 7 else 7))
        high = max(high, value)
    return acted


def auction_weights(view: PlayerView, layouts: Sequence[Layout]) -> list[float]:
    """One weight per layout: the product over the other seats that acted in the auction of
    :func:`action_likelihood` of their hand in that layout (1.0 for a bid the rules forced).
    All ones when nobody else has bid yet."""
    return _layout_weights(view, layouts, None)


def _layout_weights(view: PlayerView, layouts: Sequence[Layout], namer: int | None) -> list[float]:
    """The weights of :func:`auction_weights` and :func:`play_weights`: each other seat's
    hand in a layout is the tiles the layout gives it plus those it has played; with
    ``namer``, that seat's hand also weighs by :func:`trump_likelihood` of the trump named."""
    rules = view.rules
    acted = _acted(view)
    if not acted and namer is None:
        return [1.0] * len(layouts)
    played: dict[int, list[Tile]] = {s: [] for s in range(rules.players)}
    for s, a in view.actions:
        if a is not None and a.kind == "play" and isinstance(a.value, Tile):
            played[s].append(a.value)
    out = []
    for lay in layouts:
        w = 1.0
        for seat, value, floor in acted:
            w *= action_likelihood(hand_strength((*lay[seat], *played[seat]), rules), value, floor)
        if namer is not None:
            assert view.trump is not None
            w *= trump_likelihood((*lay[namer], *played[namer]), view.trump, rules)
        out.append(w)
    if sum(out) <= 0:
        return [1.0] * len(layouts)
    return out


def trump_likelihood(tiles: Sequence[Tile], trump: Trump, rules: RuleSet) -> float:
    """How likely a bidder holding ``tiles`` was to name ``trump``: 1 when it is the hand's
    best trump by rule of thumb (:func:`best_trumps`), falling by the same spread as
    :func:`action_likelihood` for each trick it is worth less than the best one."""
    ranked = _ranked(tuple(sorted(tiles)), rules)
    named = next((est for est, t in ranked if t == trump), None)
    if named is None:
        return 1.0
    return math.exp(-(ranked[0][0] - named) / SPREAD)


def play_weights(view: PlayerView, layouts: Sequence[Layout]) -> list[float]:
    """One weight per layout of a play decision: how likely the other seats' hands in that
    layout (the tiles the layout gives them plus those they have played) were to make their
    auction actions (:func:`action_likelihood`), and, when another seat named trump, to name
    that trump (:func:`trump_likelihood`). All ones when the auction and the trump say
    nothing (this seat bid alone and named trump itself).

    A bidder's hand here is the one it plays (after the widow and its discard), a little
    stronger than the hand it bid on; the weights only re-weigh layouts that agree with
    everything the seat saw."""
    namer = view.bidder if view.trump is not None and view.bidder not in (None, view.seat) else None
    return _layout_weights(view, layouts, namer)


@dataclass(frozen=True)
class ScoreModel:
    """What a contract is worth under the rules in force, relative to the others.

    ``moon_value``: the points a made 21 is worth when it wins the game outright (a whole
    game; the default rules). ``partial``: with four players the simulated partner sees
    every hand, so a layout where the side takes the bid with fewer than ``spare`` tricks to
    spare counts as ``partial`` of a made bid. ``sweep``: a layout where open-hands play takes
    all seven tricks counts as ``sweep`` of a made 7 or 21 (play without sight of the hands
    finds every trick less often); a bid of all seven has no trick to spare, so ``partial``
    does not apply to it. ``short``: a layout one trick short of a bid below seven counts
    as ``short`` of a made bid (defenders who cannot see the hands give a trick away that
    open-hands defence keeps). ``short_seven``: the same for a bid of all seven (a 7 or a
    21): a layout where open-hands play takes six counts as ``short_seven`` of a made bid
    (open-hands defence always takes the one trick it can; defenders who cannot see the
    bidder's hand let it through now and then). (Measured with four players: the 21s bid were made in 6 of 13
    hands when ``partial`` was also applied to them, which put their chance at 12%.)

    ``odds``: when given, the model plays to win the game: a contract is worth the change
    it makes to this side's chance of winning the game (:class:`engine.players.odds.GameOdds`,
    in percentage points), from the scores as they stand. A bid that would end the game
    counts as the win (or the loss) it is, and a made 21 that wins at once is worth what
    winning is worth from here, whatever ``moon_value`` says. Without ``odds`` a contract is
    worth its points against the others' mean, whatever the scores.
    """

    rules: RuleSet
    moon_value: float = 30.0
    spare: int = 0
    partial: float = 1.0
    sweep: float = 0.8
    short: float = 0.0
    short_seven: float = 0.0
    odds: GameOdds | None = None

    @property
    def to_win(self) -> bool:
        """True when contracts are worth their change to the chance of winning the game."""
        return self.odds is not None

    @property
    def marks(self) -> bool:
        """True when bids earn marks rather than points."""
        return self.rules.scoring == "marks"

    def gain(self, value: int) -> float:
        """What making a bid of ``value`` earns the bidder's side."""
        if value == MOON and self.rules.moon_wins_game:
            return self.moon_value / 3 if self.marks else self.moon_value
        return 1.0 if self.marks else float(value)

    def loss(self, value: int) -> float:
        """What being set on a bid of ``value`` costs (relative to the others)."""
        return 1.0 if self.marks else float(value)

    def others(self, tricks: float) -> float:
        """The mean points of the other sides when the bidder's side takes ``tricks``."""
        if self.marks:
            return 0.0
        left = 7 - tricks
        return left if self.rules.players == 4 else left / 2

    def made(self, tricks: int, value: int) -> float:
        """How much of a made bid a layout where the side takes ``tricks`` counts for."""
        k = tricks_needed(value)
        if tricks < k:
            if tricks < k - 1:
                return 0.0
            return self.short_seven if k == 7 else self.short
        if k == 7:
            # All seven: no trick can be spare, so only the sweep discount applies.
            return self.sweep
        if tricks >= k + self.spare:
            return 1.0
        return self.partial

    def defend(self, value: int, chance: float = 1.0, bidder_side: int | None = None) -> float:
        """This seat's relative score when another side (``bidder_side``; needed when playing
        to win) plays a bid of ``value`` and makes it with ``chance`` (when set, it is taken
        to fall one trick short)."""
        k = tricks_needed(value)
        if self.odds is not None:
            assert bidder_side is not None
            odds = self.odds
            win = chance * odds.hand(bidder_side, value, k, True) + (1 - chance) * odds.hand(
                bidder_side, value, k - 1, False
            )
            return 100.0 * (win - odds.now)
        theirs = self.gain(value)
        if self.marks:
            made = -0.5 * theirs if self.rules.players == 3 else -theirs
            return chance * made + (1 - chance) * 1.0
        if self.rules.players == 4:
            made = (7 - k) - theirs
            set_ = (8 - k) + self.loss(value)
        else:
            mine = (7 - k) / 2
            made = mine - (theirs + mine) / 2
            mine = (8 - k) / 2
            set_ = mine - (mine - self.loss(value)) / 2
        return chance * made + (1 - chance) * set_

    def bid(self, value: int, tricks: int) -> float:
        """This side's relative score for a bid of ``value`` in a layout where it takes
        ``tricks`` (the bidder's side, with its best play)."""
        m = self.made(tricks, value)
        if self.odds is not None:
            odds = self.odds
            k = tricks_needed(value)
            win = 0.0
            if m > 0:
                win += m * odds.hand(odds.side, value, max(tricks, k), True)
            if m < 1:
                win += (1 - m) * odds.hand(odds.side, value, min(tricks, k - 1), False)
            return 100.0 * (win - odds.now)
        return m * self.gain(value) - (1 - m) * self.loss(value) - self.others(tricks)


@dataclass(frozen=True)
class BidRow:
    """One row of a :class:`ScoreTable`: ``value`` (0 for a pass), the ``trump`` it is
    worked out for (the best one for that bid), the ``chance`` of making it as the model
    counts it (a deal one trick short, or a sweep, may count in part: :meth:`ScoreModel.made`),
    the mean ``tricks`` the side takes, its expected ``score`` relative to the others, and
    ``plain``: the plain chance of making it, the share of deals where the side takes the
    tricks it needs (``None`` for a pass)."""

    value: int
    trump: Trump | None
    chance: float | None
    tricks: float | None
    score: float
    plain: float | None = None


@dataclass(frozen=True)
class ScoreTable:
    """The expected score of a pass and of every legal bid (see :func:`score_table`).
    ``now``: when the model plays to win the game (:attr:`ScoreModel.to_win`), the chance
    of winning it before this hand; each row's score is then the change it makes to that
    chance, in percentage points."""

    rows: tuple[BidRow, ...]
    deals: int
    now: float | None = None

    def game_chance(self, row: BidRow) -> float | None:
        """The chance of winning the game ``row`` leaves (``None`` unless playing to win)."""
        if self.now is None:
            return None
        return min(1.0, max(0.0, self.now + row.score / 100))

    def best(self) -> BidRow:
        """The row with the highest expected score (the lower bid, then the pass, on a tie)."""
        return max(self.rows, key=lambda r: (round(r.score, 9), -r.value))

    def row(self, value: int) -> BidRow:
        """The row of bid ``value`` (0: the pass)."""
        for r in self.rows:
            if r.value == value:
                return r
        raise KeyError(value)


def make_chance(strength: float, value: int) -> float:
    """The chance that a seat whose hand has ``strength`` (tricks, :func:`hand_strength`)
    makes a bid of ``value``, by the same logistic curve as the auction's likelihood."""
    return _logistic(strength - tricks_needed(value) + 0.5)


def _later_opponents(view: PlayerView) -> list[int]:
    """The other sides' seats still to bid after this one."""
    rules = view.rules
    n = rules.players
    done = len(view.bids) + 1
    mine = set(rules.teams()[rules.side_of(view.seat)]) if n == 4 else {view.seat}
    return [s for s in ((view.first_bidder + i) % n for i in range(done, n)) if s not in mine]


def _level(strength: float, rules: RuleSet) -> int:
    """The bid a seat of this strength would make (0: pass): the highest level its
    rule-of-thumb tricks reach, as the basic player bids."""
    ok = [v for v in rules.bid_values if v != MOON and v <= strength]
    return max(ok, default=0)


def score_table(
    view: PlayerView,
    bids: Sequence[int],
    tricks: Mapping[Trump, Sequence[int]],
    layouts: Sequence[Layout],
    weights: Sequence[float],
    model: ScoreModel,
    pass_allowed: bool = True,
) -> ScoreTable:
    """The expected score of a pass and of each bid in ``bids``, from the side's tricks in
    each layout with each trump (``tricks[trump][i]`` for ``layouts[i]``), weighted by
    ``weights``. Each bid is worked out with the trump that scores best for it."""
    rules = view.rules
    n = len(layouts)
    total = sum(weights[:n]) or 1.0
    high = max((b for _, b in view.bids), default=0)
    holder = [s for s, b in view.bids if b == high][-1] if high else None
    mine = set(rules.teams()[rules.side_of(view.seat)]) if rules.players == 4 else {view.seat}
    later = _later_opponents(view)
    levels: list[int] = []
    odds: list[float] = []  # the later opponent's chance to make its bid (by its strength)
    takers: list[int] = []  # that opponent's side
    for lay in layouts:
        best, strength, taker = 0, 0.0, 0
        for s in later:
            st = hand_strength(lay[s], rules)
            lv = _level(st, rules)
            if lv > best:
                best, strength, taker = lv, st, rules.side_of(s)
        levels.append(best)
        odds.append(make_chance(strength, best) if best else 0.0)
        takers.append(taker)
    holds = high > 0 and holder is not None and holder not in mine
    rows: list[BidRow] = []
    if pass_allowed:
        score = 0.0
        for i in range(n):
            if levels[i] > high:
                v = model.defend(levels[i], odds[i], takers[i])
            elif holds:
                assert holder is not None
                v = model.defend(
                    high, make_chance(hand_strength(layouts[i][holder], rules), high), rules.side_of(holder)
                )
            else:
                v = 0.0
            score += weights[i] * v
        rows.append(BidRow(0, None, None, None, score / total))
    for value in bids:
        best_row: BidRow | None = None
        for tr, counts in tricks.items():
            score = made = mean = plain = 0.0
            k = tricks_needed(value)
            for i in range(n):
                w = weights[i]
                t = counts[i]
                made += w * model.made(t, value)
                plain += w * (t >= k)
                mean += w * t
                if levels[i] > value and value != MOON:
                    score += w * model.defend(levels[i], odds[i], takers[i])
                else:
                    score += w * model.bid(value, t)
            row = BidRow(value, tr, made / total, mean / total, score / total, plain / total)
            if best_row is None or (round(row.score, 9), row.chance or 0.0) > (
                round(best_row.score, 9), best_row.chance or 0.0
            ):
                best_row = row
        if best_row is not None:
            rows.append(best_row)
    return ScoreTable(tuple(rows), n, model.odds.now if model.odds is not None else None)
