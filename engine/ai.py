"""Computer players for Moon, each of which says why it chose what it did.

``make_bot(level, seed=None, **options)`` gives a bot; ``bot.decide(view)`` returns a
:class:`Decision` with the :class:`~engine.actions.Action` and an :class:`Explanation`.
A bot sees only a :class:`~engine.game.PlayerView`, never a game, so it cannot see a hidden
tile; its randomness comes from a ``random.Random`` seeded by the bot's seed and a digest
of the view, so the same view and seed give the same decision whatever the hidden tiles are.

Levels:

- ``"random"``: a legal action at random.
- ``"basic"``: rules of thumb. It bids from its doubles and trump length, draws trump, wins
  a trick as cheaply as it can, and throws off its lowest tile.
- ``"strong"``: it samples layouts of the unseen tiles that agree with everything the seat
  has seen (voids, the widow and discard it knows, the tiles played). It lists them all when
  there are few, solves each with all hands open (:mod:`engine.solver`), and picks the play
  with the best average for its side: the bidder's side looks first at its chance to make the
  bid, then at its tricks; defenders look at the chance to set the bid, then at their own
  tricks (in three players each defender scores its own tricks). It bids, discards and
  names trump from the chance of making each bid under each trump.

>>> from engine import Game
>>> g = Game.new(seed=11)
>>> bot = make_bot("basic", seed=1)
>>> d = bot.decide(g.view(g.to_act))
>>> d.action in g.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from engine.actions import Action
from engine.contract import goal_of, side_seats, tricks_needed
from engine.game import PlayerView
from engine.rules import RuleSet
from engine.sampling import PILE, Constraints, Layout, view_digest
from engine.solver import Solver, mask_of
from engine.tiles import Tile
from engine.trump import ALL_TRUMPS, TRUMP, Trump, describe_suit
from engine.words import join_words, number_word, percent, trump_phrase

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd  # type: ignore[import-untyped]

__all__ = [
    "GRADES",
    "LEVELS",
    "BasicBot",
    "Bot",
    "Candidate",
    "Decision",
    "Explanation",
    "PlayAnalysis",
    "RandomBot",
    "StrongBot",
    "analyse_play",
    "estimate_tricks",
    "make_bot",
    "play_tags",
]

#: The bot levels :func:`make_bot` knows.
LEVELS = ("random", "basic", "strong")

#: Hindsight grades, by the drop in chance to make (or set) the bid, in percentage points.
GRADES = (("blunder", 15.0), ("mistake", 10.0), ("inaccuracy", 5.0))

_word = number_word
_pct = percent


# -- explanations ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """One legal action and the numbers the bot computed for it.

    - ``tricks``: expected tricks this seat's scoring side ends the hand with (the seat
      itself with three players, the team with four); for a bid, with the best trump.
    - ``goal``: ``"make"`` for the bidder's side, ``"set"`` for the defenders (``""`` before
      the auction is over, where it is the bidder's chance to make a bid).
    - ``goal_chance``: the chance (0..1) of making (or setting) the bid.
    - ``win_trick``: for a play, the chance that this play wins the trick for the side
      whatever the others play.
    - ``layouts``: how many layouts (or simulated deals) the numbers come from.
    - ``trump``: for a bid or discard, the trump the numbers are for.
    - ``bid_chances``: for a bid, the chance of making each number of tricks (bid value -> chance).
    - ``score``: the basic bot's rule-of-thumb priority (higher is better).
    """

    action: Action
    tags: tuple[str, ...] = ()
    tricks: float | None = None
    goal: str = ""
    goal_chance: float | None = None
    win_trick: float | None = None
    layouts: int = 0
    exhaustive: bool = False
    trump: Trump | None = None
    bid_chances: tuple[tuple[int, float], ...] = ()
    draws: float | None = None
    score: float | None = None
    chosen: bool = False

    def row(self) -> dict[str, Any]:
        """This candidate as a flat dict (a row of :meth:`Explanation.to_frame`)."""
        return {
            "action": str(self.action),
            "chosen": self.chosen,
            "tricks": self.tricks,
            "goal": self.goal,
            "goal_chance": self.goal_chance,
            "win_trick": self.win_trick,
            "layouts": self.layouts,
            "exhaustive": self.exhaustive,
            "trump": None if self.trump is None else str(self.trump),
            "draws": self.draws,
            "score": self.score,
            "tags": ", ".join(self.tags),
        }


@dataclass(frozen=True)
class Explanation:
    """Why a bot chose its action.

    ``summary`` is one or two plain sentences quoting the numbers that decided;
    ``candidates`` has one :class:`Candidate` per legal action (the chosen one has
    ``chosen=True``); ``tags`` are the chosen action's tags.
    """

    summary: str
    candidates: tuple[Candidate, ...]
    tags: tuple[str, ...] = ()
    layouts: int = 0
    exhaustive: bool = False
    possible: int | None = None

    @property
    def chosen(self) -> Candidate:
        """The candidate of the action taken."""
        for c in self.candidates:
            if c.chosen:
                return c
        raise LookupError("no candidate is marked as chosen")

    def candidate(self, action: Action | str) -> Candidate:
        """The candidate of ``action``."""
        a = Action.parse(action)
        for c in self.candidates:
            if c.action is a:
                return c
        raise KeyError(str(a))

    def to_frame(self) -> pd.DataFrame:
        """The candidates as a pandas DataFrame, one row per legal action."""
        import pandas as pd

        return pd.DataFrame([c.row() for c in self.candidates])


@dataclass(frozen=True)
class Decision:
    """A bot's choice: the ``action`` and its ``explanation``."""

    action: Action
    explanation: Explanation


# -- shared facts about a view ----------------------------------------------------------------


_scoring_side = side_seats
_need = tricks_needed
_bidding_side = side_seats


def _mask(seats: Sequence[int]) -> int:
    m = 0
    for s in seats:
        m |= 1 << s
    return m


def _keep_value(tile: Tile, trump: Trump) -> float:
    """How much a tile is worth keeping: trumps most, then by rank in the suit it leads."""
    suit = trump.suit_led(tile)
    p = trump.power(tile, suit)
    return p + tile.pips / 100


def play_tags(view: PlayerView, tile: Tile) -> tuple[str, ...]:
    """The tags of playing ``tile`` that follow from the view alone: ``forced``, ``leads``,
    ``follows suit``, ``trumps in``, ``throws off``, ``draws trump`` (a trump lead while a
    trump may be in another hand), ``cannot win`` (it does not beat the tile winning the
    trick now)."""
    trump = view.trump
    assert trump is not None
    legal = view.legal_actions()
    tags: list[str] = []
    if len(legal) == 1:
        tags.append("forced")
    trick = view.current_trick
    if not trick:
        tags.append("leads")
        if trump.is_trump(tile) and any(trump.is_trump(t) for t in view.unseen()):
            tags.append("draws trump")
        return tuple(tags)
    suit = trump.suit_led(trick[0])
    if trump.follows(tile, suit):
        tags.append("follows suit")
    elif trump.is_trump(tile):
        tags.append("trumps in")
    else:
        tags.append("throws off")
    best = max(trump.power(t, suit) for t in trick)
    if trump.power(tile, suit) <= best:
        tags.append("cannot win")
    return tuple(tags)


def estimate_tricks(tiles: Sequence[Tile], trump: Trump, in_play: Sequence[Tile]) -> float:
    """A rule-of-thumb count of the tricks ``tiles`` take with ``trump``: the run of top trumps,
    part of the other trumps, and the doubles (and the tile under a held double) of other suits.

    >>> from engine.tiles import parse_tiles, tile_set
    >>> round(estimate_tricks(parse_tiles("6-6 6-5 6-4 6-2 5-5 4-4 3-1"), Trump.parse("6"), tile_set()), 1)
    5.2
    """
    held = set(tiles)
    trumps = [t for t in tiles if trump.is_trump(t)]
    est = 0.0
    if trumps:
        order = [t for t in trump.order(TRUMP) if t in set(in_play)]
        run = 0
        for t in order:
            if t in held:
                run += 1
            else:
                break
        est += run + 0.6 * (len(trumps) - run)
    for t in tiles:
        if trump.is_trump(t):
            continue
        suit = trump.suit_led(t)
        order = [u for u in trump.order(suit) if u in set(in_play)]
        if not order:
            continue
        if order[0] is t:
            est += 0.8
        elif len(order) > 1 and order[1] is t and order[0] in held:
            est += 0.4
    return min(7.0, est)


def _best_trumps(tiles: Sequence[Tile], rules: RuleSet) -> list[tuple[float, Trump]]:
    """Every allowed trump with its rule-of-thumb estimate, best first."""
    in_play = rules.tiles
    out = [(estimate_tricks(tiles, t, in_play), t) for t in rules.trumps]
    out.sort(key=lambda p: (-p[0], str(p[1])))
    return out


def _heuristic_discard(tiles: Sequence[Tile], trump: Trump) -> Tile:
    """The tile a bidder throws away: the least worth keeping, never a trump if it can help."""
    return min(tiles, key=lambda t: (_keep_value(t, trump), t.index))


#: The order trumps are listed in (0..6, doubles, none), for tie-breaks.
_TRUMP_ORDER: dict[Trump, int] = {t: i for i, t in enumerate(ALL_TRUMPS)}


# -- bots ----------------------------------------------------------------------------------


class Bot:
    """A computer player. Call :meth:`decide` with the view of the seat to act."""

    level = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.seed: int = 0 if seed is None else int(seed)

    def rng(self, view: PlayerView, salt: str = "") -> random.Random:
        """The random stream for a decision: seeded by the bot's seed and the view's digest."""
        return random.Random(view_digest(view, f"{self.level}/{self.seed}/{salt}"))

    def decide(self, view: PlayerView) -> Decision:
        """The action this bot takes for ``view``, with its explanation."""
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do now (phase {view.phase})")
        return self._decide(view, legal)

    def _decide(self, view: PlayerView, legal: list[Action]) -> Decision:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"make_bot({self.level!r}, seed={self.seed})"


class _PhaseBot(Bot):
    """A bot with one method per phase: ``_bid``, ``_discard``, ``_trump`` and ``_play``."""

    def _decide(self, view: PlayerView, legal: list[Action]) -> Decision:
        if view.phase == "playing":
            return self._play(view, legal)
        if view.phase == "bidding":
            return self._bid(view, legal)
        if view.phase == "discard":
            return self._discard(view, legal)
        return self._trump(view, legal)

    def _bid(self, view: PlayerView, legal: list[Action]) -> Decision:
        raise NotImplementedError

    def _discard(self, view: PlayerView, legal: list[Action]) -> Decision:
        raise NotImplementedError

    def _trump(self, view: PlayerView, legal: list[Action]) -> Decision:
        raise NotImplementedError

    def _play(self, view: PlayerView, legal: list[Action]) -> Decision:
        raise NotImplementedError


def _tags_for(view: PlayerView, a: Action) -> tuple[str, ...]:
    if a.kind == "play":
        assert isinstance(a.value, Tile)
        return play_tags(view, a.value)
    tags: list[str] = []
    if len(view.legal_actions()) == 1:
        tags.append("forced")
    if a.kind == "pass":
        tags.append("passes")
    elif a.kind == "bid":
        tags.append("shoots the moon" if a.value == 21 else "bids")
    elif a.kind == "discard":
        assert isinstance(a.value, Tile)
        if view.trump is not None and view.trump.is_trump(a.value):
            tags.append("discards a trump")
        if a.value.is_double:
            tags.append("discards a double")
        if a.value in view.widow:
            tags.append("discards the widow")
    return tuple(tags)


def _mark(cands: Sequence[Candidate], chosen: Action) -> tuple[Candidate, ...]:
    return tuple(replace(c, chosen=c.action is chosen) for c in cands)


class RandomBot(Bot):
    """Picks a legal action at random (reproducibly, from its seed and the view)."""

    level = "random"

    def _decide(self, view: PlayerView, legal: list[Action]) -> Decision:
        a = self.rng(view).choice(legal)
        cands = _mark([Candidate(x, _tags_for(view, x)) for x in legal], a)
        summary = (
            f"I {_verb(view, a)} at random: it is one of my {len(legal)} legal choices."
            if len(legal) > 1
            else f"I {_verb(view, a)}: it is my only legal choice."
        )
        return Decision(a, Explanation(summary, cands, _tags_for(view, a)))


def _verb(view: PlayerView, a: Action) -> str:
    if a.kind == "pass":
        return "pass"
    if a.kind == "bid":
        return "shoot the moon (bid 21)" if a.value == 21 else f"bid {a.value}"
    if a.kind == "discard":
        return f"discard {a.value}"
    if a.kind == "trump":
        assert isinstance(a.value, Trump)
        return "name no trump" if a.value.kind == "none" else f"name {a.value.name} trump"
    assert isinstance(a.value, Tile) and view.trump is not None
    tile = a.value
    trick = view.current_trick
    if not trick:
        return f"lead {tile}"
    suit = view.trump.suit_led(trick[0])
    if view.trump.follows(tile, suit):
        return f"follow with {tile}"
    if view.trump.is_trump(tile):
        return f"trump in with {tile}"
    return f"throw off {tile}"


def _unseen_beats(view: PlayerView, tile: Tile, suit: Any) -> list[Tile]:
    """Unseen tiles that would beat ``tile`` in a trick of ``suit`` (if a seat held them)."""
    trump = view.trump
    assert trump is not None
    p = trump.power(tile, suit)
    return [u for u in view.unseen() if trump.power(u, suit) > p]


class BasicBot(_PhaseBot):
    """Rules of thumb: bid from doubles and trump length, draw trump, win cheaply, throw off
    the lowest tile."""

    level = "basic"

    def __init__(self, seed: int | None = None, *, margin: float = 0.0) -> None:
        super().__init__(seed)
        self.margin = margin

    # bidding, discard, trump
    def _bid(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        widow_bonus = 0.5 if rules.has_widow else 0.0
        ranked = _best_trumps(view.hand, rules)
        est, trump = ranked[0]
        est += widow_bonus - self.margin
        cands = []
        choice: Action | None = None
        for a in legal:
            score = 0.0
            if a.kind == "bid":
                assert isinstance(a.value, int)
                score = est - _need(a.value)
                if a.value == 21:
                    score -= 1.0
            cands.append(Candidate(a, _tags_for(view, a), trump=trump, score=round(score, 2)))
        bids = [a for a in legal if a.kind == "bid" and a.value != 21]
        ok = [a for a in bids if isinstance(a.value, int) and a.value <= est]
        if ok:
            choice = max(ok, key=lambda a: a.value if isinstance(a.value, int) else 0)
        elif Action("pass") in legal:
            choice = Action("pass")
        else:
            choice = min(bids or legal, key=lambda a: a.value if isinstance(a.value, int) else 99)
        n_trumps = sum(1 for t in view.hand if trump.is_trump(t))
        doubles = sum(1 for t in view.hand if t.is_double and not trump.is_trump(t))
        count = (
            f"{_word(n_trumps)} {trump.name} and {_word(doubles)} other double{'s' if doubles != 1 else ''}"
            if trump.kind == "number"
            else f"{_word(n_trumps)} doubles" if trump.kind == "doubles" else f"{_word(doubles)} doubles"
        )
        with_widow = " with the widow's help" if widow_bonus else ""
        base = f"I count {count}: about {est:.1f} tricks{with_widow} with {trump.name} trump"
        if choice.kind == "bid":
            summary = f"I bid {choice.value}: {base}."
        elif choice.kind == "pass":
            high = max((b for _, b in view.bids), default=0)
            why = f", not enough to bid over {high}" if high else f", short of the {rules.min_bid} I need"
            summary = f"I pass: {base}{why}."
        else:
            summary = f"I {_verb(view, choice)}: {base}."
        return Decision(choice, Explanation(summary, _mark(cands, choice), _tags_for(view, choice)))

    def _discard(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        trump = view.trump if view.trump is not None else _best_trumps(view.hand, rules)[0][1]
        cands = []
        for a in legal:
            assert isinstance(a.value, Tile)
            cands.append(Candidate(a, _tags_for(view, a), trump=trump, score=-_keep_value(a.value, trump)))
        tile = _heuristic_discard(view.hand, trump)
        choice = Action.discard(tile)
        summary = (
            f"I discard {tile}: with {trump.name} trump it is the tile least worth keeping "
            f"(keep value {_keep_value(tile, trump):.0f}, the lowest of my {len(legal)})."
        )
        return Decision(choice, Explanation(summary, _mark(cands, choice), _tags_for(view, choice)))

    def _trump(self, view: PlayerView, legal: list[Action]) -> Decision:
        ranked = {t: e for e, t in _best_trumps(view.hand, view.rules)}
        cands = []
        for a in legal:
            assert isinstance(a.value, Trump)
            cands.append(Candidate(a, _tags_for(view, a), trump=a.value, score=round(ranked[a.value], 2)))

        def key(c: Candidate) -> tuple[float, int]:
            assert c.trump is not None
            return (c.score or 0.0, -_TRUMP_ORDER[c.trump])

        best = max(cands, key=key)
        choice = best.action
        summary = f"I {_verb(view, choice)}: I count about {best.score:.1f} tricks with it, the most of any trump."
        return Decision(choice, Explanation(summary, _mark(cands, choice), _tags_for(view, choice)))

    # play
    def _play(self, view: PlayerView, legal: list[Action]) -> Decision:
        trump = view.trump
        assert trump is not None
        tiles = [a.value for a in legal if isinstance(a.value, Tile)]
        trick = view.current_trick
        n = view.rules.players
        why: str
        if len(tiles) == 1:
            tile = tiles[0]
            why = "it is my only legal play"
        elif not trick:
            tile, why = self._lead(view, tiles)
        else:
            suit = trump.suit_led(trick[0])
            powers = [trump.power(t, suit) for t in trick]
            best_i = max(range(len(trick)), key=lambda i: powers[i])
            best_seat = ((view.leader or 0) + best_i) % n
            best_p = powers[best_i]
            partner_wins = n == 4 and best_seat == (view.seat + 2) % 4
            winners = sorted((t for t in tiles if trump.power(t, suit) > best_p), key=lambda t: trump.power(t, suit))
            cheapest = min(tiles, key=lambda t: (_keep_value(t, trump), t.index))
            if partner_wins:
                tile = cheapest
                why = f"my partner is winning the trick with {trick[best_i]}, so I play my cheapest tile"
            elif winners:
                tile = winners[0]
                k = len(winners)
                why = f"it is the cheapest of my {_word(k)} tile{'s' if k > 1 else ''} that beat {trick[best_i]}"
            else:
                tile = cheapest
                why = f"none of my tiles beats {trick[best_i]}, so I keep my better tiles"
        choice = Action.play(tile)
        cands = []
        for a in legal:
            t = a.value
            assert isinstance(t, Tile)
            cands.append(Candidate(a, play_tags(view, t), score=round(-_keep_value(t, trump), 2)))
        summary = f"I {_verb(view, choice)}: {why}."
        return Decision(choice, Explanation(summary, _mark(cands, choice), play_tags(view, tile)))

    def _lead(self, view: PlayerView, tiles: list[Tile]) -> tuple[Tile, str]:
        trump = view.trump
        assert trump is not None
        unseen = view.unseen()
        out_trumps = [u for u in unseen if trump.is_trump(u)]
        my_trumps = sorted((t for t in tiles if trump.is_trump(t)), key=lambda t: -trump.power(t, TRUMP))
        if my_trumps and out_trumps:
            top = my_trumps[0]
            if not _unseen_beats(view, top, TRUMP):
                k = len(out_trumps)
                return top, (
                    f"it is the highest trump left, and {_word(k)} trump{'s are' if k != 1 else ' is'} "
                    "still out, so I draw trump"
                )
        # A tile nothing unseen can beat in its own suit, with no trump out to ruff it.
        for t in sorted(tiles, key=lambda t: -_keep_value(t, trump)):
            suit = trump.suit_led(t)
            if not _unseen_beats(view, t, suit) and (suit == TRUMP or not out_trumps):
                return t, "no tile still out can beat it"
        non_trumps = [t for t in tiles if not trump.is_trump(t)]
        doubles = [t for t in non_trumps if t.is_double]
        if doubles:
            t = max(doubles, key=lambda d: d.high)
            return t, f"it is the top tile of {describe_suit(t.high)}"
        pool = non_trumps or tiles
        t = min(pool, key=lambda t: (_keep_value(t, trump), t.index))
        return t, "it is my cheapest tile to give up the lead with"


# -- the strong bot ----------------------------------------------------------------------------


class _SolverFactory(Protocol):
    def __call__(self, trump: Trump, players: int) -> Solver: ...


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


def _goal_of(view: PlayerView) -> tuple[str, tuple[int, ...], int, int]:
    """(goal, goal side seats, tricks the goal side has, tricks it must reach)."""
    assert view.bidder is not None and view.bid is not None
    goal = goal_of(view.rules, view.seat, view.bidder, view.bid)
    return goal.kind, goal.seats, sum(view.tricks_won[s] for s in goal.seats), goal.target


def _play_child(
    lead_ctx: list[int], power: list[list[int]], hands: list[int], leader: int, trick: list[int], seat: int, m: int, n: int
) -> tuple[list[int], int, list[int], int]:
    """The position after ``seat`` plays tile index ``m``: (hands, leader, trick, winner or -1)."""
    child = list(hands)
    child[seat] = hands[seat] ^ (1 << m)
    played = [*trick, m]
    if len(played) < n:
        return child, leader, played, -1
    pc = power[lead_ctx[played[0]]]
    best = max(range(n), key=lambda j: pc[played[j]])
    winner = (leader + best) % n
    return child, winner, [], winner


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
    goal, gside, gwon, target = _goal_of(view)
    scoring = _scoring_side(rules, me)
    smask = _mask(scoring)
    gmask = _mask(gside)
    swon = sum(view.tricks_won[s] for s in scoring)
    leader = view.leader
    trick_idx = [t.index for t in view.current_trick]
    remaining = 7 - len(view.tricks)
    k_goal = target - gwon  # goal side tricks still needed from here (this trick counts)
    decided = k_goal <= 0 or k_goal > remaining
    same_side = smask == gmask
    tb = solver._tables
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
                child, ld, tr, w = _play_child(tb.lead_ctx, tb.power, hands, leader, trick_idx, me, t.index, n)
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


@dataclass(frozen=True)
class _ContractStats:
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


class StrongBot(_PhaseBot):
    """Samples layouts of the unseen tiles, solves each with all hands open and plays the
    action with the best average for its side (see the module docstring).

    Options: ``play_samples`` / ``play_samples_4p`` (layouts per play, by tricks left),
    ``enumerate_factor`` (list every layout when there are at most this many times the sample
    count), ``bid_samples`` and ``bid_trumps`` (simulated deals and trumps tried when bidding),
    ``contract_samples`` (deals for the discard and trump choices), ``bid_threshold`` (the
    chance of making a bid it wants; ``bid_threshold_4p`` with four players, where the
    simulated deals must also show ``spare_4p`` tricks more than the bid, or, where that
    would pass seven, make it in ``sure_4p`` of them),
    ``moon_threshold`` (the same for 21),
    ``solver_factory`` (makes the solver for a trump and number of players; ``Solver``).
    """

    level = "strong"

    def __init__(
        self,
        seed: int | None = None,
        *,
        play_samples: dict[int, int] | None = None,
        play_samples_4p: dict[int, int] | None = None,
        enumerate_factor: float = 1.5,
        bid_samples: int | None = None,
        bid_trumps: int = 3,
        contract_samples: int | None = None,
        bid_threshold: float = 0.5,
        bid_threshold_4p: float = 0.65,
        spare_4p: int = 1,
        sure_4p: float = 0.95,
        moon_threshold: float = 0.85,
        solver_factory: _SolverFactory | None = None,
    ) -> None:
        super().__init__(seed)
        self.play_samples = play_samples or {7: 20, 6: 28, 5: 40, 4: 60, 3: 80, 2: 100, 1: 100}
        self.play_samples_4p = play_samples_4p or {7: 10, 6: 14, 5: 20, 4: 32, 3: 48, 2: 64, 1: 64}
        self.enumerate_factor = enumerate_factor
        self.bid_samples = bid_samples
        self.bid_trumps = bid_trumps
        self.contract_samples = contract_samples
        self.bid_threshold = bid_threshold
        self.bid_threshold_4p = bid_threshold_4p
        self.spare_4p = spare_4p
        self.sure_4p = sure_4p
        self.moon_threshold = moon_threshold
        self._factory: _SolverFactory = solver_factory or Solver
        self._solvers: dict[tuple[Trump, int], Solver] = {}
        # Exact answers for simulated deals (the trump choice re-reads the discard's deals).
        self._contract_cache: dict[tuple[Any, ...], int] = {}

    def wanted(self, rules: RuleSet) -> Callable[[int], int]:
        """The tricks the simulated deals must show for a bid of ``k`` tricks: with four
        players ``spare_4p`` more (up to 7), because a simulated partner plays as if it saw
        every hand and the estimate runs high."""
        spare = self.spare_4p if rules.players == 4 else 0
        return lambda k: min(7, k + spare)

    def threshold(self, rules: RuleSet) -> float:
        """The chance of making a bid this bot wants before it bids (higher with four
        players, where the simulated partner plays perfectly and the estimate runs high)."""
        return self.bid_threshold_4p if rules.players == 4 else self.bid_threshold

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
        table = self.play_samples_4p if view.rules.players == 4 else self.play_samples
        n = table.get(left, 64)
        if possible <= int(n * self.enumerate_factor):
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
        marked = _mark(cands, choice)
        chosen = next(c for c in marked if c.chosen)
        summary = _play_summary(view, an, tile, marked)
        return Decision(
            choice,
            Explanation(summary, marked, chosen.tags, an.layouts, an.exhaustive, an.possible),
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
            tiles.remove(_heuristic_discard(tiles, trump))
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
        side = _mask(_scoring_side(rules, me))
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
        n_samples = self.bid_samples or (30 if rules.players == 3 else 14)
        rng = self.rng(view, "bid")
        layouts, _possible, _ex = self._contract_layouts(view, n_samples, rng)
        widow = rules.has_widow
        ranked = _best_trumps(view.hand, rules)
        trumps = [t for _, t in ranked[: self.bid_trumps]]
        bids = [a.value for a in legal if a.kind == "bid" and isinstance(a.value, int)]
        k_min = min((_need(v) for v in bids), default=7)
        must_bid = Action("pass") not in legal
        # Screen: on a first batch of deals, does each trump make the lowest bid I may make?
        screen = layouts[: min(len(layouts), max(4, len(layouts) // 3))]
        probes = {
            tr: [self._solve_contract(rules, me, view.hand, lay, tr, widow, at_least=k_min) for lay in screen]
            for tr in trumps
        }
        stats: list[_ContractStats] = []
        if not must_bid and max(sum(v) for v in probes.values()) <= 0.2 * len(screen):
            # Hopeless: exact counts only where the lowest bid was made (the rest fall short).
            for tr in trumps:
                res = [
                    self._solve_contract(rules, me, view.hand, lay, tr, widow) if ok else k_min - 1
                    for lay, ok in zip(screen, probes[tr], strict=True)
                ]
                stats.append(_ContractStats(tr, None, tuple(res), capped=True))
            layouts = screen
        else:
            for tr in trumps:
                res = [self._solve_contract(rules, me, view.hand, lay, tr, widow) for lay in layouts]
                stats.append(_ContractStats(tr, None, tuple(res)))
        values = sorted({_need(v) for v in rules.bid_values})
        want = self.wanted(rules)
        best_by_need: dict[int, _ContractStats] = {}
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
            k = _need(a.value)
            st = best_by_need[k]
            p = st.chance(want(k))
            threshold = self.moon_threshold if a.value == 21 else self.threshold(rules)
            if four and k + self.spare_4p > 7:
                # No trick to spare: ask the simulated deals for near certainty instead.
                threshold = max(threshold, self.sure_4p)
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
        if must_bid and choice.kind == "pass":
            choice = min((a for a in legal if a.kind == "bid"), key=lambda a: a.value if isinstance(a.value, int) else 99)
        cands = []
        for a in legal:
            if a.kind == "bid":
                assert isinstance(a.value, int)
                k = _need(a.value)
                st = best_by_need[k]
                cands.append(
                    Candidate(
                        a, _tags_for(view, a), tricks=st.mean(), goal="make", goal_chance=st.chance(want(k)),
                        layouts=len(layouts), trump=st.trump,
                        bid_chances=tuple((v, st.chance(_need(v))) for v in rules.bid_values),
                    )
                )
            else:
                st = best_by_need[min(values)]
                cands.append(
                    Candidate(
                        a, _tags_for(view, a), tricks=None, goal="make", goal_chance=None,
                        layouts=len(layouts), trump=st.trump,
                        bid_chances=tuple((v, st.chance(_need(v))) for v in rules.bid_values),
                    )
                )
        marked = _mark(cands, choice)
        summary = _bid_summary(view, choice, best_by_need, len(layouts), high, self, must_bid, partner_holds)
        chosen = next(c for c in marked if c.chosen)
        return Decision(choice, Explanation(summary, marked, chosen.tags, len(layouts), False, None))

    def _contract_choices(
        self,
        view: PlayerView,
        pairs: list[tuple[Tile | None, Trump]],
        base_tiles: Sequence[Tile],
        widow_from_pile: bool,
        key_tiles: Sequence[Tile] = (),
    ) -> tuple[dict[tuple[Tile | None, Trump], _ContractStats], int]:
        """Race (discard, trump) pairs on the same simulated deals: every pair gets a yes/no
        probe (does it make the bid?) on a first batch, the most promising get exact trick
        counts on every deal. Returns the stats and the number of deals in the full batch.
        ``key_tiles`` (the hand as the auction ended) seed the deals."""
        rules = view.rules
        assert view.bid is not None
        need = _need(view.bid)
        four = rules.players == 4
        total = self.contract_samples or (12 if four else 32)
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
        out: dict[tuple[Tile | None, Trump], _ContractStats] = {}
        for p in ranked[:finalists]:
            d, tr = p
            tiles = [t for t in base_tiles if t is not d]
            res = [self._solve_contract(rules, me, tiles, lay, tr, widow_from_pile) for lay in layouts]
            out[p] = _ContractStats(tr, d, tuple(res))
        for p in ranked[finalists:]:
            out[p] = _ContractStats(p[1], p[0], (), tuple(probes[p]))
        return out, len(layouts)

    def _discard(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        assert view.bid is not None
        need = _need(view.bid)
        hand = list(view.hand)
        discards = [a.value for a in legal if isinstance(a.value, Tile)]
        if view.trump is not None:
            trumps = [view.trump]
            pairs: list[tuple[Tile | None, Trump]] = [(d, view.trump) for d in discards]
        else:
            # Every trump with its rule-of-thumb discard, and every discard with the best
            # trumps by rule of thumb.
            trumps = list(rules.trumps)
            pairs = [(_heuristic_discard(hand, tr), tr) for tr in trumps]
            for _, tr in _best_trumps(hand, rules)[:2]:
                pairs += [(d, tr) for d in discards if (d, tr) not in pairs]
        stats, deals = self._contract_choices(view, pairs, hand, False)
        best_for: dict[Tile, _ContractStats] = {}
        for d in discards:
            best_for[d] = max(
                (stats[(d, tr)] for tr in trumps if (d, tr) in stats),
                key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0),
            )
        cands = [_contract_candidate(view, a, best_for[a.value], need) for a in legal]  # type: ignore[index]
        best = max(
            best_for.values(),
            key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0, -_keep_value(s.discard, s.trump)),  # type: ignore[arg-type]
        )
        assert best.discard is not None
        choice = Action.discard(best.discard)
        marked = _mark(cands, choice)
        others = sorted(
            (s for d, s in best_for.items() if d is not best.discard),
            key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0), reverse=True,
        )
        nxt = f" (next best: {others[0].discard}, {_pct(others[0].chance(need))})" if others else ""
        trump_words = "" if view.trump is not None else f" with {_trump_words(best.trump)}"
        summary = (
            f"I discard {best.discard}: without it I make my {view.bid}{trump_words} in "
            f"{_pct(best.chance(need))} of {best.deals} simulated deals, averaging "
            f"{best.mean():.1f} tricks, the best of my {len(legal)} discards{nxt}."
        )
        chosen = next(c for c in marked if c.chosen)
        return Decision(choice, Explanation(summary, marked, chosen.tags, deals, False, None))

    def _trump(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        assert view.bid is not None
        need = _need(view.bid)
        before_widow = rules.has_widow and view.discard is None and not view.widow
        trumps = [a.value for a in legal if isinstance(a.value, Trump)]
        base = list(view.hand)
        key_tiles = base
        if view.discard is not None:
            # The discard was made already: use the deals it was chosen on.
            key_tiles = [*base, view.discard]
        pairs: list[tuple[Tile | None, Trump]] = [(None, tr) for tr in trumps]
        stats, deals = self._contract_choices(view, pairs, base, before_widow, key_tiles)
        cands = [_contract_candidate(view, a, stats[(None, a.value)], need) for a in legal]  # type: ignore[index]
        best = max(
            stats.values(), key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0, -_TRUMP_ORDER[s.trump])
        )
        choice = Action.name_trump(best.trump)
        marked = _mark(cands, choice)
        others = sorted(
            (s for s in stats.values() if s is not best),
            key=lambda s: (s.exact, s.chance(need), s.mean() or 0.0), reverse=True,
        )
        nxt = f", against {_pct(others[0].chance(need))} with {_trump_words(others[0].trump)}" if others else ""
        summary = (
            f"I {_verb(view, choice)}: I make my {view.bid} in {_pct(best.chance(need))} of "
            f"{best.deals} simulated deals (averaging {best.mean():.1f} tricks){nxt}."
        )
        chosen = next(c for c in marked if c.chosen)
        return Decision(choice, Explanation(summary, marked, chosen.tags, deals, False, None))


_trump_words = trump_phrase


def _contract_candidate(view: PlayerView, a: Action, st: _ContractStats, need: int) -> Candidate:
    """The candidate row of a discard or trump from its simulated deals."""
    return Candidate(
        a, _tags_for(view, a), tricks=st.mean(), goal="make", goal_chance=st.chance(need),
        layouts=st.deals, trump=st.trump,
    )


# -- summaries --------------------------------------------------------------------------------


def _in_layouts(hits: float, an: PlayAnalysis) -> str:
    """"in every one of the 924 layouts still possible" / "in 78% of 40 sampled layouts"."""
    if an.exhaustive:
        count = round(hits * an.layouts)
        if an.layouts == 1:
            return "in the one layout still possible" if count else "in no layout (one is still possible)"
        what = f"{an.layouts} layouts still possible"
        if count == an.layouts:
            return f"in every one of the {what}"
        if count == 0:
            return f"in none of the {what}"
        return f"in {count} of the {what}"
    what = f"{an.layouts} sampled layouts (of {an.possible:,} possible)"
    if hits == 1.0:
        return f"in every one of {what}"
    if hits == 0.0:
        return f"in none of {what}"
    return f"in {_pct(hits)} of {what}"


_join = join_words


def _play_summary(view: PlayerView, an: PlayAnalysis, tile: Tile, cands: Sequence[Candidate]) -> str:
    trump = view.trump
    assert trump is not None
    verb = _verb(view, Action.play(tile))
    goal_word = "make" if an.goal == "make" else "set"
    three = view.rules.players == 3
    who = "I" if three and an.goal == "make" else "we"
    mine = "I" if three else "we"
    g = an.goal_chance[tile]
    goal_sentence = f"{who.capitalize()} {goal_word} the bid {_in_layouts(g, an)}."
    if len(an.tiles) == 1:
        return f"I {verb}: it is my only legal play. {goal_sentence}"
    first: list[str] = []
    if an.win_trick[tile] == 1.0:
        first.append(f"it wins this trick {_in_layouts(1.0, an)}")
    if not view.current_trick and trump.is_trump(tile) and an.trumps_out:
        d = an.draws[tile]
        out = an.trumps_out
        if out == 1:
            first.append("pulls the one trump still out" if d == 1.0 else f"pulls the one trump still out in {_pct(d)} of them")
        elif abs(d - round(d)) < 1e-9:
            first.append(f"pulls {_word(round(d))} of the {_word(out)} trumps still out")
        else:
            first.append(f"pulls {d:.1f} of the {_word(out)} trumps still out on average")
    others = [t for t in an.tiles if t is not tile]
    runner = max(others, key=lambda t: (*an.key(t), -_keep_value(t, trump), -t.index))
    g2 = an.goal_chance[runner]
    tr, tr2 = an.tricks[tile], an.tricks[runner]
    second = goal_sentence
    if g > g2:
        first.append(f"{who} {goal_word} the bid {_in_layouts(g, an)}, against {_pct(g2)} with {runner}")
        second = ""
    elif tr > tr2 + 1e-9:
        first.append(f"{mine} take {tr:.2f} tricks on average, against {tr2:.2f} with {runner}")
    elif not first:
        if an.lose_always[tile] and not any(an.win_trick.values()):
            first.append("none of my tiles can win this trick, so I give the cheapest")
        else:
            first.append(f"no other play does better ({runner} does as well), and it is the cheaper tile")
    if all(an.goal_chance[t] == g for t in an.tiles) and g in (0.0, 1.0) and second:
        made = (g == 1.0) == (an.goal == "make")
        second = f"The bid is {'made' if made else 'set'} {_in_layouts(1.0, an)} whatever I play."
    return f"I {verb}: {_join(first)}." + (f" {second}" if second else "")


def _bid_summary(
    view: PlayerView,
    choice: Action,
    best_by_need: dict[int, _ContractStats],
    deals: int,
    high: int,
    bot: StrongBot,
    forced: bool,
    partner_holds: bool = False,
) -> str:
    rules = view.rules

    if choice.kind == "bid":
        assert isinstance(choice.value, int)
        k = _need(choice.value)
        st = best_by_need[k]
        text = f"I bid {choice.value} with {_trump_words(st.trump)}" if choice.value != 21 else (
            f"I shoot the moon with {_trump_words(st.trump)}"
        )
        w = bot.wanted(rules)(k)
        if w > k:
            text += (
                f": keeping {_word(w - k)} trick{'s' if w - k > 1 else ''} to spare (my partner "
                f"cannot see my hand), I make {w} in {_pct(st.chance(w))} of {deals} simulated deals"
            )
        else:
            text += f": I make {k} in {_pct(st.chance(k))} of {deals} simulated deals"
            if k + 1 <= 7 and choice.value != 21:
                text += f", {k + 1} in {_pct(st.chance(k + 1))}"
        if forced:
            text += " (everyone else passed, so I must bid)"
        return text + "."
    floor = max(rules.min_bid, high + 1)
    k = _need(floor) if floor <= 7 else 7
    st = best_by_need[k]
    need_chance = bot.threshold(rules) if floor <= 7 else bot.moon_threshold
    if rules.players == 4 and k + bot.spare_4p > 7:
        need_chance = max(need_chance, bot.sure_4p)
    want = _pct(need_chance)
    over = (f" to bid over {high}" if floor <= 7 else f" to shoot the moon over {high}") if high else ""
    if partner_holds:
        return (
            f"I pass: my partner holds the bid at {high}, and raising it only makes our contract "
            f"harder (I would make {k} in {_pct(st.chance(k))} of {deals} simulated deals with "
            f"{_trump_words(st.trump)})."
        )
    w = bot.wanted(rules)(k)
    p = st.chance(w)
    mean = st.mean()
    if rules.players == 4 and floor <= 7 and p >= need_chance and mean is not None:
        worth = (2 * p - 1) * floor
        return (
            f"I pass: I would make {w}{over} in {_pct(p)} of {deals} simulated deals with "
            f"{_trump_words(st.trump)}, averaging {mean:.1f} tricks, so the bid is worth "
            f"{worth:.1f} points to us against the {7 - mean:.1f} tricks the other team would score."
        )
    return (
        f"I pass: my best chance to make {w}{over} is {_pct(p)} with {_trump_words(st.trump)} "
        f"in {deals} simulated deals, below the {want} I want."
    )


# -- construction -----------------------------------------------------------------------------


def make_bot(level: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot of ``level`` (``"random"``, ``"basic"`` or ``"strong"``); ``options`` go to its
    class (see :class:`BasicBot`, :class:`StrongBot`)."""
    if level == "random":
        if options:
            raise TypeError(f"the random bot takes no options, not {sorted(options)}")
        return RandomBot(seed)
    if level == "basic":
        return BasicBot(seed, **options)
    if level == "strong":
        return StrongBot(seed, **options)
    raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")

