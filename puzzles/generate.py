"""Make new verified puzzles from random deals.

    python -m puzzles.generate --kind K --count N --seed S [--out FILE]

tries seeds S, S+1, S+2, ... and keeps the first N that make a good puzzle of kind K, and
prints them as TOML ``[[puzzle]]`` entries (or appends them to ``--out``). Each puzzle
records the one seed it came from: ``generate_one(kind, seed)`` rebuilds it identically
(every random choice comes from the engine's portable SplitMix64 stream, and every deal
from :func:`engine.deal.deal_hands`).

A seed makes a puzzle only when the engine says it is a good one: the position is legal,
the answer is unique where the kind asks for one tile (``play``, ``ending``: the solver
must find exactly one first play that takes the tricks needed), there is a real choice,
and, for the simple kinds, there is something to learn (a trap). The rating comes from
measurable features (see :func:`rating`): how many options, which traps (the two-suit
tile, a trump that looks like it follows, a void, a tie...), and the depth of an ending.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from content.checks import KINDS, Features
from content.errors import FieldError
from content.items import build_common
from content.tomlw import dumps_entries
from engine import RuleSet, Tile, Trump, legal_plays, other_seats, side_seats, trick_winner, tricks_needed
from engine.deal import SeededStream, deal_hands
from engine.solver import move_values
from engine.trump import TRUMP, Suit, describe_suit
from engine.words import trump_sentence

__all__ = ["GENERATORS", "generate", "generate_one", "rating"]

#: Starting rating of each kind, before its features.
BASE_RATING: dict[str, int] = {
    "is_trump": 600, "suit_led": 650, "count": 650, "pick_tiles": 750, "auction_winner": 700,
    "rank": 800, "legal_tiles": 800, "trick_winner": 800, "legal_actions": 850,
    "score_hand": 850, "game_winner": 950, "play": 1000, "bid": 1300, "trump_choice": 1350,
    "ending": 1250,
}
#: What each trap adds to a rating.
TRAP_RATING: dict[str, int] = {
    "two-suit-tile": 200, "trump-cannot-follow": 220, "double-leaves-suit": 220, "void": 120,
    "trump-lead": 80, "trump-low-end": 150, "trump-double": 60, "double-not-trump": 100, "low-end": 60, "no-trump-double": 120, "pips-lie": 150,
    "trumped": 60, "over-trump": 120, "trump-in": 80, "duck": 150, "not-the-biggest": 200,
    "trump-beats-suit": 60, "doubles-by-number": 150, "tie": 300, "negative": 100, "moon": 200,
    "bidder-out": 250, "marks": 200, "no-bonus": 120, "set": 80, "made": 0, "lead": 0,
    "endgame": 0, "bidding": 0, "naming-trump": 0, "bid-too-low": 60, "must-bid": 200,
    "wrong-phase": 150, "trump-not-allowed": 150, "not-in-hand": 40, "bid-value": 100,
}


def rating(kind: str, features: Features, rules: RuleSet) -> int:
    """A rating from measurable features: the kind's base, + 30 per option past two, + each
    trap's weight, + 130 per trick of an ending past two and + 40 per losing first play,
    + 80 for four players and + 60 for each house rule in force. Rounded to 10."""
    r = BASE_RATING[kind]
    r += 30 * max(0, int(features.get("options", 0)) - 2)
    r += sum(TRAP_RATING.get(t, 50) for t in features.get("traps", ()))
    if kind == "ending":
        r += 130 * max(0, int(features.get("depth", 0)) - 2) + 40 * int(features.get("losing", 0))
    if rules.players == 4:
        r += 80
    r += 60 * len(rules.differences()) - (60 if rules.players == 4 else 0)
    return int(round(min(2800, max(400, r)) / 10) * 10)


_T = TypeVar("_T")

# -- words ---------------------------------------------------------------------------------
#: Each house rule in plain words, for the questions (field, value) -> phrase.
HOUSE_WORDS: dict[tuple[str, Any], str] = {  # Any: rule field values of differing types
    ("keep_double_blank", False): "no double blank (0-0 is out too: 21 tiles, no widow)",
    ("trump_before_widow", True): "trump before widow (the bidder names trump, then takes the widow)",
    ("min_bid", 3): "the lowest bid is 3",
    ("min_bid", 5): "the lowest bid is 5",
    ("all_pass", "force-last"): "force the last bidder (if everyone before has passed, the last "
    "player may not pass and must bid at least the minimum)",
    ("doubles_trump", False): "doubles may not be named trump",
    ("no_trump", False): "the bidder may not choose no trump ('follow me')",
    ("moon_wins_game", False): "moon scores 21 (a made 21 scores 21 points like any bid; it does not "
    "win the game by itself)",
    ("moon_overcall", True): "moon overcall (after a 21, a later player may bid 21 too and take the "
    "contract over)",
    ("scoring", "marks"): "marks (a made bid earns the bidder one mark, a set earns each opponent "
    "one mark; tricks earn nothing; first to 7 marks)",
    ("tie_break", "bidder-out"): "the bidder goes out first (a bidder who makes the bid and so "
    "reaches the target wins, even if another side is level or ahead)",
}


def house_words(rules: RuleSet) -> str:
    """' Four players: ... House rules: ...' for the rules that differ from the classic game."""
    diff = rules.differences()
    out = ""
    if rules.players == 4:
        out += " Four players: seats 0 and 2 (team 0) against seats 1 and 3 (team 1)."
    usual_target = 21 if rules.scoring == "points" else 7
    words = []
    for k, v in diff.items():
        if k == "players" or (k == "target" and v == usual_target):
            continue
        words.append(HOUSE_WORDS.get((k, v), f"the game is to {v}" if k == "target" else f"{k} = {v}"))
    if words:
        out += f" House rules: {'; '.join(words)}."
    return out


def players_said(question: str, rules: RuleSet) -> str:
    """``question`` with the number of players said in it when four play: the set, the seats
    and the answer depend on it, and a learner whose house rules are for three must not
    learn it only from the themes shown after answering."""
    if rules.players == 4 and "four players" not in question.lower():
        return f"Four players. {question}"
    return question


def trick_words(leader: int, trick: list[Tile] | tuple[Tile, ...], n: int) -> str:
    return ", ".join(f"seat {(leader + i) % n} {'led' if i == 0 else 'played'} {t}" for i, t in enumerate(trick))


#: The kind's general hint (declared with the kind); a generated puzzle's first hint is its
#: task's :meth:`~content.checks.Task.general_hint`, which speaks of the trump in force only.
HINTS: dict[str, str] = {kind: cls.hint for kind, cls in KINDS.items()}


# -- random helpers ------------------------------------------------------------------------
class Rng:
    """Random choices from the engine's portable stream (the same on every machine)."""

    def __init__(self, seed: int, salt: int) -> None:
        self.s = SeededStream(seed, 77, salt)

    def below(self, n: int) -> int:
        return self.s.below(n)

    def choice(self, items: Sequence[_T]) -> _T:
        return items[self.s.below(len(items))]

    def chance(self, pct: int) -> bool:
        return self.s.below(100) < pct

    def sample(self, items: Sequence[_T], k: int) -> list[_T]:
        pool = list(items)
        out = []
        for _ in range(k):
            out.append(pool.pop(self.s.below(len(pool))))
        return out


def pick_rules(rng: Rng, four: int = 15) -> RuleSet:
    """The classic rules mostly; four players ``four`` percent of the time."""
    if rng.chance(four):
        return RuleSet(players=4)
    return RuleSet()


def pick_trump(rng: Rng, rules: RuleSet) -> Trump:
    trumps = rules.trumps
    # Numbers most of the time, doubles and no trump now and then.
    if rng.chance(75):
        nums = [t for t in trumps if t.kind == "number" and t.value != 0]
        return rng.choice(nums)
    return rng.choice(list(trumps))


def playout(
    rules: RuleSet, seed: int, rng: Rng, tricks: int, partial: int
) -> tuple[Trump, list[list[Tile]], int, list[Tile], list[Tile], list[int]]:
    """Deal hand 1 of ``seed``, pick a trump and a leader, play ``tricks`` tricks and then
    ``partial`` tiles of the next, all at random. Returns (trump, hands, leader, trick,
    played, tricks_won)."""
    n = rules.players
    dealt, _widow = deal_hands(rules.tiles, n, seed, 1)
    hands = [list(h) for h in dealt]
    trump = pick_trump(rng, rules)
    leader = rng.below(n)
    played: list[Tile] = []
    won = [0] * n
    for _ in range(tricks):
        trick: list[Tile] = []
        for i in range(n):
            seat = (leader + i) % n
            t = rng.choice(legal_plays(hands[seat], trick, trump))
            hands[seat].remove(t)
            trick.append(t)
        w = (leader + trick_winner(trick, trump)) % n
        won[w] += 1
        played += trick
        leader = w
    trick = []
    for i in range(partial):
        seat = (leader + i) % n
        t = rng.choice(legal_plays(hands[seat], trick, trump))
        hands[seat].remove(t)
        trick.append(t)
    return trump, hands, leader, trick, played, won


def hands_field(hands: list[list[Tile]]) -> dict[str, str]:
    return {str(s): " ".join(str(t) for t in sorted(h)) for s, h in enumerate(hands)}


# -- the kinds -----------------------------------------------------------------------------
#: A generated puzzle entry, as its TOML table (field -> value). ``Any``: the fields differ
#: in type and each generator fills the ones of its kind.
Entry = dict[str, Any]  # Any: TOML fields of differing types
Gen = Callable[[int, Rng], Entry | None]


def gen_legal_tiles(seed: int, rng: Rng) -> Entry | None:
    rules = pick_rules(rng)
    n = rules.players
    trump, hands, leader, trick, _played, _won = playout(rules, seed, rng, rng.below(4), 1 + rng.below(n - 1))
    to_play = (leader + len(trick)) % n
    if len(hands[to_play]) < 3:
        return None
    pos = {"trump": str(trump), "hands": hands_field(hands), "leader": leader, "trick": [str(t) for t in trick]}
    q = f"{trump_sentence(trump)}. {trick_words(leader, trick, n).capitalize()}. You are seat {to_play}: pick every tile you may play."
    return {"rules": rules, "position": pos, "question": q, "want_trap": True}


def gen_trick_winner(seed: int, rng: Rng) -> Entry | None:
    rules = pick_rules(rng)
    n = rules.players
    trump, hands, leader, trick, _played, _won = playout(rules, seed, rng, rng.below(4), n)
    pos = {"trump": str(trump), "hands": hands_field(hands), "show": [], "leader": leader,
           "trick": [str(t) for t in trick]}
    q = f"{trump_sentence(trump)}. {trick_words(leader, trick, n).capitalize()}. Which tile wins the trick?"
    return {"rules": rules, "position": pos, "question": q, "want_trap": True}


def gen_play(seed: int, rng: Rng) -> Entry | None:
    rules = pick_rules(rng)
    n = rules.players
    trump, hands, leader, trick, _played, _won = playout(rules, seed, rng, rng.below(3), n - 1)
    goal = "duck" if rng.chance(35) else "win"
    to_play = (leader + n - 1) % n
    pos = {"trump": str(trump), "hands": hands_field(hands), "leader": leader, "trick": [str(t) for t in trick]}
    what = "takes this trick" if goal == "win" else "lets this trick go (ducks it)"
    q = (f"{trump_sentence(trump)}. {trick_words(leader, trick, n).capitalize()}. You are seat {to_play}, last to play: "
         f"play the one tile that {what}.")
    return {"rules": rules, "position": pos, "question": q, "goal": goal}


def gen_suit_led(seed: int, rng: Rng) -> Entry | None:
    rules = pick_rules(rng, 10)
    trump = pick_trump(rng, rules)
    tile = rng.choice(list(rules.tiles))
    q = f"{trump_sentence(trump)}. {tile} is led. Which suit was led?"
    return {"rules": rules, "position": {"trump": str(trump), "tiles": [str(tile)]}, "question": q, "want_trap": True}


def gen_is_trump(seed: int, rng: Rng) -> Entry | None:
    """A tile under a named trump where the question teaches something (the trap the check
    reports: a trump by its low end, the trump number's double, another double that is no
    trump, a double under doubles trump). Never under no trump: there the answer is always
    no, and a learner takes the question for a trick (Learn's no-trump stage teaches it)."""
    rules = pick_rules(rng, 10)
    trump = pick_trump(rng, rules)
    tile = rng.choice(list(rules.tiles))
    if trump.kind == "none":
        return None
    q = f"{trump_sentence(trump)}. Is {tile} a trump?"
    return {"rules": rules, "position": {"trump": str(trump), "tiles": [str(tile)]}, "question": q, "want_trap": True}


def gen_rank(seed: int, rng: Rng) -> Entry | None:
    rules = pick_rules(rng, 10)
    trump = pick_trump(rng, rules)
    suits: list[Suit] = list(range(7)) + ([TRUMP] if trump.kind != "none" else [])
    suit = rng.choice(suits)
    if trump.kind == "number" and suit == trump.value:
        return None  # that number cannot be led as a plain suit: a tile bearing it is a trump
    pool = [t for t in rules.tiles if trump.power(t, suit) >= 0]
    k = 3 + rng.below(3)
    if len(pool) < k:
        return None
    tiles = rng.sample(pool, k)
    led = "trumps were led" if suit == TRUMP else f"{describe_suit(suit)} were led"
    q = f"{trump_sentence(trump)}, and {led}. Rank these tiles, strongest first."
    return {"rules": rules, "position": {"trump": str(trump), "tiles": [str(t) for t in tiles]},
            "question": q, "suit": str(suit), "want_trap": True}


def gen_pick_tiles(seed: int, rng: Rng) -> Entry | None:
    rules = pick_rules(rng, 10)
    trump = pick_trump(rng, rules)
    tiles = rng.sample(list(rules.tiles), 4 + rng.below(3))
    if rng.chance(50):
        q = f"{trump_sentence(trump)}. Pick every trump."
        extra: Entry = {"of": "trumps"}
    else:
        suit = rng.below(7)
        if trump.kind == "number" and suit == trump.value:
            return None  # that number cannot be led as a plain suit: a tile bearing it is a trump
        q = f"{trump_sentence(trump)}. {describe_suit(suit).capitalize()} were led: pick every tile that follows."
        extra = {"of": "suit", "suit": suit}
    return {"rules": rules, "position": {"trump": str(trump), "tiles": [str(t) for t in tiles]},
            "question": q, "want_trap": False, **extra}


def _split_tricks(rng: Rng, n: int) -> list[int]:
    won = [0] * n
    for _ in range(7):
        won[rng.below(n)] += 1
    return won


def _score_rules(rng: Rng) -> RuleSet:
    r = rng.below(10)
    if r < 5:
        return RuleSet()
    if r < 7:
        return RuleSet(players=4)
    if r < 8:
        return RuleSet(scoring="marks")
    if r < 9:
        return RuleSet(moon_wins_game=False)
    return RuleSet(tie_break="bidder-out")


def gen_score_hand(seed: int, rng: Rng) -> Entry | None:
    rules = _score_rules(rng)
    n = rules.players
    bidder = rng.below(n)
    bid = rng.choice(list(rules.bid_values[:-1])) if rng.chance(85) else 21
    won = _split_tricks(rng, n)
    if rng.chance(40):  # bring the bidder near the bid
        target = min(7, tricks_needed(bid) + rng.below(3) - 1)
        rest = other_seats(rules, bidder)
        won = [0] * n
        won[side_seats(rules, bidder)[0]] = target
        for _ in range(7 - target):
            won[rng.choice(rest)] += 1
    who = ", ".join(f"seat {s} {won[s]}" for s in range(n))
    house = house_words(rules)
    unit = "team (team 0, team 1)" if n == 4 else "seat"
    ask = (f"How many marks does each {unit} get for this hand?" if rules.scoring == "marks"
           else f"What does each {unit} score for this hand?")
    q = f"Seat {bidder} bid {bid}. Tricks taken: {who}.{house} {ask}"
    return {"rules": rules, "position": {"bidder": bidder, "bid": bid, "tricks_won": won}, "question": q,
            "want_trap": False}


def gen_game_winner(seed: int, rng: Rng) -> Entry | None:
    rules = _score_rules(rng)
    n = rules.players
    sides = len(rules.teams())
    target = rules.target
    bidder = rng.below(n)
    bid = rng.choice(list(rules.bid_values[:-1])) if rng.chance(90) else 21
    won = _split_tricks(rng, n)
    scores = [target - 1 - rng.below(8 if rules.scoring == "points" else 3) for _ in range(sides)]
    if rng.chance(20):
        scores[rng.below(sides)] -= 12 if rules.scoring == "points" else 2
    who = ", ".join(f"seat {s} {won[s]}" for s in range(n))
    sc = ", ".join(f"{'team' if sides == 2 else 'seat'} {i} {v}" for i, v in enumerate(scores))
    unit = "marks" if rules.scoring == "marks" else "points"
    house = house_words(rules)
    ask = "Which team has won the game, if either?" if sides == 2 else "Who has won the game, if anyone?"
    q = (f"The game is to {target} {unit}. Scores before this hand: {sc}. Seat {bidder} bid {bid}; tricks taken: {who}."
         f"{house} {ask}")
    return {"rules": rules, "position": {"bidder": bidder, "bid": bid, "tricks_won": won, "scores": scores},
            "question": q, "want_trap": True}


def _auction_rules(rng: Rng) -> RuleSet:
    r = rng.below(8)
    return [RuleSet(), RuleSet(), RuleSet(players=4), RuleSet(min_bid=3), RuleSet(min_bid=5),
            RuleSet(all_pass="force-last"), RuleSet(moon_overcall=True), RuleSet(players=4, all_pass="force-last")][r]


def _random_bids(rng: Rng, rules: RuleSet, count: int) -> list[int]:
    bids: list[int] = []
    high = 0
    n = rules.players
    for i in range(count):
        options = [b for b in rules.bid_values if b > high or (b == 21 and high == 21 and rules.moon_overcall)]
        forced = rules.all_pass == "force-last" and i == n - 1 and high == 0
        if (rng.chance(55) and not forced) or not options:
            bids.append(0)
            continue
        b = rng.choice(options[:3] if rng.chance(85) else options)
        bids.append(b)
        high = max(high, b)
    return bids


def gen_legal_actions(seed: int, rng: Rng) -> Entry | None:
    rules = _auction_rules(rng)
    n = rules.players
    count = rng.below(n)
    bids = _random_bids(rng, rules, count)
    if 21 in bids and not rules.moon_overcall:
        return None
    first = rng.below(n)
    to_play = (first + count) % n
    said = ", ".join(f"seat {(first + i) % n} {'passed' if b == 0 else 'bid ' + str(b)}" for i, b in enumerate(bids))
    house = house_words(rules)
    lead = f"The auction so far: {said}." if bids else f"Seat {first} bids first."
    q = f"{lead}{house} You are seat {to_play}: which of these may you do now?"
    pos = {"first_bidder": first, "bids": ["pass" if b == 0 else b for b in bids]}
    return {"rules": rules, "position": pos, "question": q, "want_trap": True}


def gen_auction_winner(seed: int, rng: Rng) -> Entry | None:
    rules = _auction_rules(rng)
    n = rules.players
    first = rng.below(n)
    bids = _random_bids(rng, rules, n)
    if 21 in bids and not rules.moon_overcall:
        bids = bids[: bids.index(21) + 1]
    said = ", ".join(f"seat {(first + i) % n} {'passed' if b == 0 else 'bid ' + str(b)}" for i, b in enumerate(bids))
    house = house_words(rules)
    q = f"The auction: {said}.{house} Who won it?"
    return {"rules": rules, "position": {"first_bidder": first, "bids": ["pass" if b == 0 else b for b in bids]},
            "question": q, "want_trap": False}


def gen_ending(seed: int, rng: Rng) -> Entry | None:
    rules = pick_rules(rng, 25)
    n = rules.players
    k = 2 + rng.below(4)  # 2..5 tricks left
    partial = rng.below(n) if rng.chance(40) else 0
    trump, hands, leader, trick, _played, _won = playout(rules, seed, rng, 7 - k, partial)
    # The seat to play is the learner; with three players the others are both against it.
    to_play = (leader + len(trick)) % n
    side = {to_play, (to_play + 2) % 4} if n == 4 else {to_play}
    values = move_values(hands, trump, leader, side, tuple(trick))
    if len(values) < 2:
        return None
    best = max(values.values())
    good = [t for t, v in values.items() if v == best]
    if len(good) != 1 or best == 0:
        return None
    partner = f" with your partner, seat {(to_play + 2) % 4}," if n == 4 else ""
    so_far = f" {trick_words(leader, trick, n).capitalize()}." if trick else ""
    q = (f"{trump_sentence(trump)}. All hands are open and {k} tricks are left.{so_far} You are seat {to_play}: "
         f"take {best} of the last {k} tricks{partner} against any defence. What do you play?")
    pos = {"trump": str(trump), "hands": hands_field(hands), "show": list(range(n)), "leader": leader,
           "trick": [str(t) for t in trick]}
    return {"rules": rules, "position": pos, "question": q, "need": best}


def gen_bid(seed: int, rng: Rng) -> Entry | None:
    rules = RuleSet(players=4) if rng.chance(15) else RuleSet()
    n = rules.players
    dealt, _w = deal_hands(rules.tiles, n, seed, 1)
    first = rng.below(n)
    count = rng.below(n)
    bids = [b for b in _random_bids(rng, rules, count)]
    if 21 in bids:
        return None
    to_play = (first + count) % n
    said = ", ".join(f"seat {(first + i) % n} {'passed' if b == 0 else 'bid ' + str(b)}" for i, b in enumerate(bids))
    lead = f"The auction so far: {said}." if bids else "You bid first."
    pos = {"hands": {str(to_play): " ".join(str(t) for t in dealt[to_play])}, "first_bidder": first,
           "bids": ["pass" if b == 0 else b for b in bids]}
    q = f"{lead} You are seat {to_play}, holding the tiles shown. Pass, or bid how many tricks?"
    return {"rules": rules, "position": pos, "question": q, "bot": True}


def gen_trump_choice(seed: int, rng: Rng) -> Entry | None:
    from content.model import auction_game
    from engine.players import make_bot

    rules = RuleSet()
    n = rules.players
    dealt, widow = deal_hands(rules.tiles, n, seed, 1)
    bidder = rng.below(n)
    bid = 4 + rng.below(3)
    bids = [0] * n
    first = (bidder + 1) % n
    bids[n - 1] = bid  # the others pass, the bidder bids last
    game = auction_game(rules, first, bids, {s: dealt[s] for s in range(n)}, widow)
    # The discard comes from the quick rule-of-thumb player: any sensible discard will do,
    # the question is the trump.
    bot = make_bot("basic", seed=42)
    d = bot.decide(game.view(bidder))
    game.apply(d.action)
    discard = d.action.value
    hand = game.hands[bidder]
    pos = {"hands": {str(bidder): " ".join(str(t) for t in hand)}, "widow": [str(widow[0])],
           "first_bidder": first, "bids": ["pass" if b == 0 else b for b in bids]}
    q = (f"Seat {first} and seat {(first + 1) % n} passed; you, seat {bidder}, bid {bid} and won. You took the widow "
         f"({widow[0]}) and discarded {discard}; you hold the tiles shown. Which trump do you name?")
    return {"rules": rules, "position": pos, "question": q, "discard": str(discard), "bot": True}


GENERATORS: dict[str, Gen] = {
    "legal_tiles": gen_legal_tiles,
    "trick_winner": gen_trick_winner,
    "play": gen_play,
    "suit_led": gen_suit_led,
    "is_trump": gen_is_trump,
    "rank": gen_rank,
    "pick_tiles": gen_pick_tiles,
    "score_hand": gen_score_hand,
    "game_winner": gen_game_winner,
    "legal_actions": gen_legal_actions,
    "auction_winner": gen_auction_winner,
    "ending": gen_ending,
    "bid": gen_bid,
    "trump_choice": gen_trump_choice,
}
_SALT = {k: i + 1 for i, k in enumerate(sorted(GENERATORS))}


def generate_one(kind: str, seed: int) -> Entry | None:
    """The puzzle of ``kind`` made from ``seed``, as a content entry, or None when this seed
    does not make a good one. Deterministic: the same kind and seed give the same entry."""
    gen = GENERATORS.get(kind)
    if gen is None:
        raise ValueError(f"no generator for kind {kind!r} (the kinds: {', '.join(GENERATORS)})")
    rng = Rng(seed, _SALT[kind])
    made = gen(seed, rng)
    if made is None:
        return None
    rules: RuleSet = made.pop("rules")
    want_trap = made.pop("want_trap", False)
    made.pop("bot", None)
    question = players_said(made.pop("question"), rules)
    position = made.pop("position")
    params = {k: v for k, v in made.items() if k in KINDS[kind].params}
    raw: Entry = {"kind": kind, "position": position, "question": question, "hints": [HINTS[kind]], **params}
    try:
        _k, _q, task, _h, _f = build_common(raw, rules)
        task.answer()
    except FieldError:
        return None
    if not _good_enough(kind, task):
        return None
    feats = task.features()
    if want_trap and not [t for t in feats["traps"] if t not in ("lead", "made", "set")]:
        return None
    entry: Entry = {
        "id": f"{kind.replace('_', '-')}-{seed}",
        "kind": kind,
        "rules": rules.differences(),
    }
    if task.position.to_play is not None:
        entry["to_play"] = task.position.to_play
    entry["question"] = question
    entry.update(params)
    solution = task.answer_json()
    entry["solution"] = "nobody" if solution is None else solution  # TOML has no null
    entry["themes"] = task.themes()
    entry["rating"] = rating(kind, feats, rules)
    entry["hints"] = [task.general_hint()]
    entry["source"] = {"kind": "generated", "seed": seed}
    entry["position"] = position
    return entry


def _good_enough(kind: str, task: Any) -> bool:  # Any: a task of any kind, read per kind
    """Kind-specific quality bars for the strong player's kinds: a trump question needs a
    trump that makes the bid at least half the time and at most one other trump as good;
    a bid question must leave at least two wrong choices among the legal ones."""
    if kind == "trump_choice":
        return (task.chance(task.answer()) or 0.0) >= 0.5 and len(task.accepted()) <= 2
    if kind == "bid":
        return len([c for c in task.legal if c not in task.accepted()]) >= 2
    if kind == "ending":
        # A two-trick ending must hide something: the natural big tile must be wrong.
        return len(task.hand) > 2 or "not-the-biggest" in task.features()["traps"]
    return True


def generate(kind: str, count: int, seed: int, max_tries: int = 5000) -> list[Entry]:
    """The first ``count`` good puzzles of ``kind`` from seeds ``seed``, ``seed + 1``, ..."""
    out: list[Entry] = []
    s = seed
    while len(out) < count and s < seed + max_tries:
        e = generate_one(kind, s)
        if e is not None:
            out.append(e)
        s += 1
    return out


#: The generated puzzles shipped in puzzles/data: (kind, count, first seed).
#: ``python -m puzzles.generate --rebuild`` writes them again (gen-<kind>.toml).
SHIPPED: tuple[tuple[str, int, int], ...] = (
    ("legal_tiles", 20, 1000), ("trick_winner", 15, 2000), ("play", 15, 3000),
    ("suit_led", 10, 4000), ("is_trump", 16, 5000), ("rank", 12, 6000), ("pick_tiles", 8, 7000),
    ("score_hand", 12, 8000), ("game_winner", 12, 9000), ("legal_actions", 10, 10000),
    ("auction_winner", 6, 11000), ("ending", 36, 12000), ("bid", 6, 13000), ("trump_choice", 5, 14000),
)


def shipped_path(kind: str) -> Path:
    return Path(__file__).resolve().parent / "data" / f"gen-{kind.replace('_', '-')}.toml"


def write_file(path: Path, kind: str, count: int, seed: int, entries: list[Entry]) -> None:
    header = (f"# Generated puzzles of kind {kind}. Each records its seed and regenerates identically\n"
              f"# (checked by the tests and by: python -m puzzles check --regenerate).\n"
              f"# Made by: python -m puzzles.generate --kind {kind} --count {count} --seed {seed}\n")
    path.write_text(dumps_entries("puzzle", entries, header=header), encoding="utf-8")


def rebuild(kinds: list[str] | None = None) -> None:
    """Write the shipped generated puzzle files again (all, or only ``kinds``)."""
    for kind, count, seed in SHIPPED:
        if kinds and kind not in kinds:
            continue
        entries = generate(kind, count, seed)
        if len(entries) < count:
            raise SystemExit(f"{kind}: only {len(entries)} of {count} puzzles from seed {seed}")
        write_file(shipped_path(kind), kind, count, seed, entries)
        print(f"{shipped_path(kind).name}: {len(entries)} puzzles", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzles.generate", description=__doc__.split("\n\n")[0])
    ap.add_argument("--rebuild", nargs="*", metavar="KIND",
                    help="write the shipped gen-*.toml files again (all kinds, or the ones named)")
    ap.add_argument("--kind", choices=sorted(GENERATORS))
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, help="append the entries to this TOML file")
    args = ap.parse_args(argv)
    if args.rebuild is not None:
        rebuild(args.rebuild)
        return 0
    if args.kind is None:
        ap.error("--kind is required (or --rebuild)")
    entries = generate(args.kind, args.count, args.seed)
    text = dumps_entries("puzzle", entries)
    if args.out:
        with args.out.open("a", encoding="utf-8") as f:
            f.write(f"# python -m puzzles.generate --kind {args.kind} --count {args.count} --seed {args.seed}\n")
            f.write(text)
    else:
        sys.stdout.write(text)
    if len(entries) < args.count:
        print(f"only {len(entries)} good puzzles found", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
