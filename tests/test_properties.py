"""Property tests (hypothesis) over random games of every variant.

A rule set is drawn from every valid combination, a deal number, and a stream of random legal
choices. Each property is checked against a small reference model of docs/rules.md written here,
independently of the engine: who may bid what, which tiles may be played (§6), who wins each
trick (§6), how each hand scores (§7) and when the game ends (§8).

The number of examples of each property is bounded so the file runs in seconds.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable

from hypothesis import example, given
from hypothesis import strategies as st

from engine import Action, Game, IllegalAction, RuleSet, Tile, Trump, tile_set

from helpers import examples

ALL28 = tile_set(4)


# -- strategies ---------------------------------------------------------------------------


@st.composite
def rulesets(draw: st.DrawFn, small_target: bool = False) -> RuleSet:
    """Any valid rule set (every combination of every field)."""
    players = draw(st.sampled_from([3, 4]))
    if players == 3:
        keep, before = draw(st.sampled_from([(True, False), (True, True), (False, False)]))
    else:
        keep, before = True, False
    return RuleSet(
        players=players,
        keep_double_blank=keep,
        trump_before_widow=before,
        min_bid=draw(st.sampled_from([3, 4, 5])),
        all_pass=draw(st.sampled_from(["redeal", "force-last"])),
        doubles_trump=draw(st.booleans()),
        no_trump=draw(st.booleans()),
        moon_wins_game=draw(st.booleans()),
        moon_overcall=draw(st.booleans()),
        scoring=draw(st.sampled_from(["points", "marks"])),
        tie_break=draw(st.sampled_from(["play-on", "bidder-out"])),
        # the default target (21 points, 7 marks), or a small one so that games end quickly
        **({"target": draw(st.sampled_from([21, 7, 1, 2, 3, 5, 8]))} if small_target else {}),
    )


SEEDS = st.integers(min_value=0, max_value=2**63)


# -- a reference model of docs/rules.md ---------------------------------------------------------


def side_of(rules: RuleSet, seat: int) -> int:
    return seat % 2 if rules.players == 4 else seat


def ref_is_trump(t: Tile, trump: str) -> bool:
    if trump == "none":
        return False
    if trump == "doubles":
        return t.is_double
    return int(trump) in (t.high, t.low)


def ref_suit_led(t: Tile, trump: str) -> int | str:
    return "trump" if ref_is_trump(t, trump) else t.high


def ref_follows(t: Tile, suit: int | str, trump: str) -> bool:
    if suit == "trump":
        return ref_is_trump(t, trump)
    return not ref_is_trump(t, trump) and suit in (t.high, t.low)


def ref_legal_plays(hand: tuple[Tile, ...], trick: tuple[Tile, ...], trump: str) -> set[Tile]:
    if not trick:
        return set(hand)
    suit = ref_suit_led(trick[0], trump)
    followers = {t for t in hand if ref_follows(t, suit, trump)}
    return followers or set(hand)


def ref_power(t: Tile, suit: int | str, trump: str) -> int:
    if ref_is_trump(t, trump):
        if trump == "doubles":
            return 100 + t.high
        n = int(trump)
        return 100 + (7 if t.is_double else (t.low if t.high == n else t.high))
    if suit != "trump" and ref_follows(t, suit, trump):
        return 7 if t.is_double else (t.low if t.high == suit else t.high)
    return -1  # neither follows nor trumps: can never win


def ref_trick_winner(trick: tuple[Tile, ...], trump: str) -> int:
    suit = ref_suit_led(trick[0], trump)
    powers = [ref_power(t, suit, trump) for t in trick]
    return powers.index(max(powers))


def ref_trumps(rules: RuleSet) -> set[str]:
    out = {str(n) for n in range(7)}
    if rules.players == 3 and not rules.keep_double_blank:
        out.discard("0")
    if rules.doubles_trump:
        out.add("doubles")
    if rules.no_trump:
        out.add("none")
    return out


def ref_bidding_actions(rules: RuleSet, bids: list[tuple[int, int]]) -> set[str]:
    high = max((b for _, b in bids), default=0)
    values = [*range(rules.min_bid, 8), 21]
    out = {f"bid {v}" for v in values if v > high or (v == 21 and high == 21 and rules.moon_overcall)}
    forced = rules.all_pass == "force-last" and len(bids) == rules.players - 1 and all(b == 0 for _, b in bids)
    if not forced:
        out.add("pass")
    return out


def ref_legal_actions(g: Game, rules: RuleSet) -> set[str]:
    seat = g.to_act
    assert seat is not None
    if g.phase == "bidding":
        return ref_bidding_actions(rules, g.bids)
    if g.phase == "discard":
        return {f"discard {t}" for t in g.hands[seat]}
    if g.phase == "trump":
        return {f"trump {t}" for t in ref_trumps(rules)}
    assert g.phase == "playing"
    assert g.trump is not None
    return {f"play {t}" for t in ref_legal_plays(g.hands[seat], g.current_trick, str(g.trump))}


def ref_change(rules: RuleSet, tricks_won: tuple[int, ...], bidder: int, bid: int) -> tuple[tuple[int, ...], bool]:
    """§7: the change of each side's score, and whether the bid was made."""
    n_sides = 2 if rules.players == 4 else 3
    side_tricks = [0] * n_sides
    for seat, won in enumerate(tricks_won):
        side_tricks[side_of(rules, seat)] += won
    bs = side_of(rules, bidder)
    made = side_tricks[bs] >= (7 if bid == 21 else bid)
    change = [0] * n_sides
    if rules.scoring == "points":
        for s in range(n_sides):
            change[s] = (bid if made else -bid) if s == bs else side_tricks[s]
    else:
        for s in range(n_sides):
            change[s] = (1 if made else 0) if s == bs else (0 if made else 1)
    return tuple(change), made


def ref_winner(rules: RuleSet, scores: tuple[int, ...], bidder_side: int, made: bool, bid: int) -> int | None:
    """§8: who (if anyone) has won at the end of a played hand."""
    if made and bid == 21 and rules.moon_wins_game:
        return bidder_side
    if rules.tie_break == "bidder-out" and made and scores[bidder_side] >= rules.target:
        return bidder_side
    top = max(scores)
    if top >= rules.target and scores.count(top) == 1:
        return scores.index(top)
    return None


# -- random play --------------------------------------------------------------------------


def choose(g: Game, rng: random.Random) -> Action:
    acts = g.legal_actions()
    if g.phase == "bidding":
        if Action.parse("pass") in acts and rng.random() < 0.55:
            return Action.parse("pass")
        bids = [a for a in acts if a.kind == "bid"]
        # mostly modest bids, now and then the moon
        weights = [1 if a.value == 21 else 4 for a in bids]
        return rng.choices(bids, weights)[0]
    return rng.choice(acts)


Step = Callable[[Game], None]


def play_hands(g: Game, rng: random.Random, hands: int, before: Step | None = None,
               after_hand: Step | None = None) -> None:
    for _ in range(hands):
        while not g.hand_finished:
            if before is not None:
                before(g)
            g.apply(choose(g, rng))
        if after_hand is not None:
            after_hand(g)
        if g.phase == "game_over":
            return
        g.next_hand()


# -- the properties -----------------------------------------------------------------------


@examples(60)
@given(rules=rulesets(), seed=SEEDS, choices=SEEDS)
def test_random_hands_follow_the_rules(rules: RuleSet, seed: int, choices: int) -> None:
    rng = random.Random(choices)
    g = Game.new(rules, seed=seed)
    n = rules.players
    for _ in range(3):
        start = g.hands
        widow = g.widow
        # §3: seven tiles each, the widow only with three players and 0-0 kept
        assert [len(h) for h in start] == [7] * n
        assert len(widow) == (1 if n == 3 and rules.keep_double_blank else 0)
        assert sorted([t for h in start for t in h] + list(widow)) == sorted(
            tile_set(n, rules.keep_double_blank)
        )
        scores_before = g.scores
        first = g.to_act
        assert first is not None
        played: list[Tile] = []
        discard: Tile | None = None
        tricks = 0
        while not g.hand_finished:
            acts = g.legal_actions()
            assert acts, "no legal action before the hand is over"
            assert g.to_act is not None
            assert len(set(acts)) == len(acts)
            assert {str(a) for a in acts} == ref_legal_actions(g, rules)
            a = choose(g, rng)
            if a.kind == "discard":
                assert isinstance(a.value, Tile)
                discard = a.value
            if a.kind != "play":
                g.apply(a)
                continue
            assert isinstance(a.value, Tile)
            assert a.value not in played  # each tile is played at most once
            played.append(a.value)
            leader, trick_before, won_before = g.leader, g.current_trick, g.tricks_won
            assert leader is not None and g.trump is not None
            assert g.to_act == (leader + len(trick_before)) % n  # clockwise
            trump = str(g.trump)
            g.apply(a)
            if len(trick_before) == n - 1:
                tricks += 1
                trick = (*trick_before, a.value)
                winner = (leader + ref_trick_winner(trick, trump)) % n
                expected_won = list(won_before)
                expected_won[winner] += 1
                assert g.tricks_won == tuple(expected_won), (trick, trump)
                if tricks < 7:
                    assert g.leader == winner and g.to_act == winner
                    assert g.current_trick == ()
        if g.bidder is None:
            # thrown in: every seat passed, nobody scores
            assert rules.all_pass == "redeal"
            assert [b for _, b in g.bids] == [0] * n
            assert g.scores == scores_before
            assert played == []
            assert g.phase == "hand_over"
        else:
            assert g.bid is not None
            assert tricks == 7
            assert sum(g.tricks_won) == 7
            assert len(played) == 7 * n
            assert all(len(h) == 0 for h in g.hands)
            dealt = {t for h in start for t in h} | set(widow)
            assert set(played) | ({discard} if discard is not None else set()) == dealt
            assert (discard is not None) == (n == 3 and rules.keep_double_blank)
            change, _ = ref_change(rules, g.tricks_won, g.bidder, g.bid)
            assert g.scores == tuple(b + c for b, c in zip(scores_before, change, strict=True))
        if g.phase == "game_over":
            return
        g.next_hand()
        assert g.to_act == (first + 1) % n  # §4: the next seat bids first


@examples(60)
@given(rules=rulesets(small_target=True), seed=SEEDS, choices=SEEDS)
@example(  # marks to 7, bidder goes out first: a tie at 7, then a set bidder (see §8 tests)
    rules=RuleSet(min_bid=3, doubles_trump=False, no_trump=False, moon_wins_game=False,
                  scoring="marks", tie_break="bidder-out"),
    seed=1,
    choices=0,
)
def test_the_game_ends_exactly_when_section_8_says(rules: RuleSet, seed: int, choices: int) -> None:
    rng = random.Random(choices)
    g = Game.new(rules, seed=seed)

    def check(g: Game) -> None:
        if g.bidder is None:
            assert g.phase == "hand_over" and g.winner is None
            return
        assert g.bid is not None
        _, made = ref_change(rules, g.tricks_won, g.bidder, g.bid)
        want = ref_winner(rules, g.scores, side_of(rules, g.bidder), made, g.bid)
        assert g.winner == want, (g.scores, g.bidder, g.bid, made)
        assert g.phase == ("hand_over" if want is None else "game_over")

    play_hands(g, rng, 12, after_hand=check)


UNIVERSE = (
    [Action.parse("pass")]
    + [Action.parse(f"bid {v}") for v in (1, 2, 3, 4, 5, 6, 7, 8, 20, 21, 22)]
    + [Action.parse(f"discard {t}") for t in ALL28]
    + [Action.parse(f"trump {x}") for x in ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]]
    + [Action.parse(f"play {t}") for t in ALL28]
)


@examples(40)
@given(rules=rulesets(), seed=SEEDS, choices=SEEDS)
def test_an_action_not_in_legal_actions_is_refused_and_changes_nothing(
    rules: RuleSet, seed: int, choices: int
) -> None:
    rng = random.Random(choices)
    g = Game.new(rules, seed=seed)

    def probe(g: Game) -> None:
        legal = set(g.legal_actions())
        illegal = [a for a in UNIVERSE if a not in legal]
        for a in rng.sample(illegal, 4):
            before, rec = g.clone(), g.record()
            try:
                g.apply(a)
            except IllegalAction as e:
                assert e.code
            else:
                raise AssertionError(f"{a} was accepted in phase {g.phase} but is not legal")
            assert g == before
            assert g.record() == rec

    def at_end(g: Game) -> None:
        before = g.clone()
        for a in rng.sample(UNIVERSE, 5):
            try:
                g.apply(a)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{a} was accepted after the hand was over")
        assert g == before

    play_hands(g, rng, 2, before=probe, after_hand=at_end)


@examples(30)
@given(rules=rulesets(), seed=SEEDS, choices=SEEDS)
def test_replay_of_the_record_rebuilds_the_game(rules: RuleSet, seed: int, choices: int) -> None:
    rng = random.Random(choices)
    g = Game.new(rules, seed=seed)

    def check(g: Game) -> None:
        rec = json.loads(json.dumps(g.record()))
        back = Game.replay(rec)
        assert back == g
        assert back.legal_actions() == g.legal_actions()

    def sometimes(g: Game) -> None:
        if rng.random() < 0.2:
            check(g)

    play_hands(g, rng, 3, before=sometimes, after_hand=check)
    check(g)


@examples(30)
@given(rules=rulesets(), seed=SEEDS, choices=SEEDS, cut=st.integers(0, 60))
def test_a_clone_is_independent(rules: RuleSet, seed: int, choices: int, cut: int) -> None:
    rng = random.Random(choices)
    g = Game.new(rules, seed=seed)
    for _ in range(cut):
        if g.hand_finished:
            break
        g.apply(choose(g, rng))
    c = g.clone()
    assert c == g
    rec = g.record()
    # play the clone on: the original does not move
    while not c.hand_finished:
        c.apply(choose(c, rng))
    assert g.record() == rec
    assert g == Game.replay(rec)
    # play the original on: the clone does not move
    crec = c.record()
    snapshot = c.clone()
    while not g.hand_finished:
        g.apply(choose(g, rng))
    assert c.record() == crec
    assert c == snapshot


def tiles_in(obj: object, seen: set[int] | None = None) -> set[Tile]:
    """Every Tile reachable from ``obj`` (dataclass fields, containers, action values)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return set()
    seen.add(id(obj))
    if isinstance(obj, Tile):
        return {obj}
    if isinstance(obj, Action):
        return tiles_in(obj.value, seen)
    out: set[Tile] = set()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            out |= tiles_in(getattr(obj, f.name), seen)
    elif isinstance(obj, list | tuple | set | frozenset):
        for x in obj:
            out |= tiles_in(x, seen)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out |= tiles_in(k, seen) | tiles_in(v, seen)
    return out


@examples(30)
@given(rules=rulesets(), seed=SEEDS, choices=SEEDS)
def test_a_view_never_shows_another_seats_hidden_tile(rules: RuleSet, seed: int, choices: int) -> None:
    rng = random.Random(choices)
    g = Game.new(rules, seed=seed)
    state: dict[str, Tile | None] = {"discard": None}

    def check(g: Game) -> None:
        public = {t for tr in g.tricks for t in tr.tiles} | set(g.current_trick)
        widow_taken = bool(g.widow) and g.bidder is not None and (
            not rules.trump_before_widow or g.trump is not None
        )
        for seat in range(rules.players):
            v = g.view(seat)
            assert sorted(v.hand) == sorted(g.hands[seat])
            allowed = set(g.hands[seat]) | public
            if seat == g.bidder:
                if widow_taken:
                    allowed |= set(g.widow)
                if state["discard"] is not None:
                    allowed.add(state["discard"])
            leaked = tiles_in(v) - allowed
            assert not leaked, (seat, g.phase, sorted(map(str, leaked)))

    for _ in range(2):
        state["discard"] = None
        while not g.hand_finished:
            check(g)
            a = choose(g, rng)
            if a.kind == "discard":
                assert isinstance(a.value, Tile)
                state["discard"] = a.value  # only the bidder may see it from now on
            g.apply(a)
        check(g)
        if g.phase == "game_over":
            break
        g.next_hand()


@examples(40)
@given(rules=rulesets(), seed=SEEDS, choices=SEEDS)
def test_same_seed_and_rules_give_the_same_deals(rules: RuleSet, seed: int, choices: int) -> None:
    a, b = Game.new(rules, seed=seed), Game.new(rules, seed=seed)
    assert a == b
    rng_a, rng_b = random.Random(choices), random.Random(choices)
    for _ in range(3):
        assert a.hands == b.hands and a.widow == b.widow and a.to_act == b.to_act
        dealt = sorted([t for h in a.hands for t in h] + list(a.widow))
        assert dealt == sorted(tile_set(rules.players, rules.keep_double_blank))
        assert [len(h) for h in a.hands] == [7] * rules.players
        while not a.hand_finished:
            a.apply(choose(a, rng_a))
            b.apply(choose(b, rng_b))
        assert a == b
        if a.phase == "game_over":
            break
        a.next_hand()
        b.next_hand()


@examples(40)
@given(tile=st.sampled_from(ALL28), trump=st.sampled_from(["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]))
def test_trump_model_matches_the_rule_book(tile: Tile, trump: str) -> None:
    tr = Trump.parse(trump)
    assert tr.is_trump(tile) == ref_is_trump(tile, trump)
    assert tr.suit_led(tile) == ref_suit_led(tile, trump)
    for suit in [*range(7), "trump"]:
        assert tr.follows(tile, suit) == ref_follows(tile, suit, trump)


@examples(60)
@given(
    data=st.data(),
    trump=st.sampled_from(["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]),
    players=st.sampled_from([3, 4]),
)
def test_legal_plays_and_trick_winner_match_the_rule_book(data: st.DataObject, trump: str, players: int) -> None:
    from engine import legal_plays, trick_winner

    tiles = list(ALL28)
    picked = data.draw(st.permutations(tiles))
    trick_len = data.draw(st.integers(0, players - 1))
    trick = tuple(picked[:trick_len])
    hand = tuple(picked[trick_len:trick_len + 7])
    assert set(legal_plays(hand, trick, Trump.parse(trump))) == ref_legal_plays(hand, trick, trump)
    full = tuple(picked[:players])
    assert trick_winner(full, Trump.parse(trump)) == ref_trick_winner(full, trump)
