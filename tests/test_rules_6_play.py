"""docs/rules.md §6 — Play: the bidder leads; the suit led; following; trumping in or throwing off
when void; winning a trick; the winner leads; all seven tricks are played out."""

from __future__ import annotations

import pytest

from engine import (
    REASON_CODES,
    Game,
    IllegalAction,
    RuleSet,
    Tile,
    Trump,
    explain_play,
    explain_winner,
    legal_plays,
    tile_set,
    trick_winner,
)

from helpers import HANDS3 as HANDS_S
from helpers import SCRIPT_S

T = Tile.parse


def tiles(text: str) -> list[Tile]:
    return [T(s) for s in text.split()]


def legal(hand: str, trick: str, trump: str) -> list[str]:
    return sorted(str(t) for t in legal_plays(tiles(hand), tiles(trick), Trump.parse(trump)))


def names(text: str) -> list[str]:
    return sorted(str(t) for t in tiles(text))


def winner(trick: str, trump: str) -> int:
    return trick_winner(tiles(trick), Trump.parse(trump))


# -- the suit of the trick ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "trump", "suit"),
    [
        ("5-3", "none", 5),  # no fives or threes trump: fives
        ("5-3", "6", 5),
        ("5-3", "doubles", 5),
        ("5-3", "5", "trump"),
        ("5-3", "3", "trump"),
        ("3-3", "none", 3),  # a double leads its own number
        ("3-3", "6", 3),
        ("3-3", "3", "trump"),
        ("3-3", "doubles", "trump"),
        ("6-4", "6", "trump"),
        ("6-4", "4", "trump"),
        ("6-4", "5", 6),
        ("2-1", "none", 2),
        ("0-0", "none", 0),
        ("0-0", "0", "trump"),
        ("6-0", "0", "trump"),
        ("6-0", "none", 6),
    ],
)
def test_the_suit_led_is_trump_for_a_trump_else_the_higher_end(tile: str, trump: str, suit: object) -> None:
    assert Trump.parse(trump).suit_led(T(tile)) == suit


def test_every_lead_calls_trump_or_its_higher_end() -> None:
    for tr_name in ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]:
        tr = Trump.parse(tr_name)
        for t in tile_set(4):
            assert tr.suit_led(t) == ("trump" if tr.is_trump(t) else t.high)


# -- leading -----------------------------------------------------------------------------


def test_any_tile_may_be_led() -> None:
    hand = "6-6 6-5 5-3 2-1 0-0"
    for tr in ["6", "5", "doubles", "none", "0"]:
        assert legal(hand, "", tr) == names(hand)
        for t in tiles(hand):
            r = explain_play(tiles(hand), [], Trump.parse(tr), t)
            assert r.legal


# -- following ---------------------------------------------------------------------------


def test_trump_led_any_trump_follows() -> None:
    # sixes trump, 6-3 led: 6-1 and 6-5 are trumps; 5-5 and 2-1 are not
    assert legal("6-1 6-5 5-5 2-1", "6-3", "6") == names("6-1 6-5")
    # doubles trump, 4-4 led: any double
    assert legal("1-1 6-6 6-4 4-2", "4-4", "doubles") == names("1-1 6-6")


def test_number_led_any_non_trump_bearing_that_number() -> None:
    # sixes trump, 5-1 led (fives): 5-5, 5-3, 5-2 follow; 6-5 is a trump and does not
    assert legal("5-5 5-3 5-2 6-5 2-1", "5-1", "6") == names("5-5 5-3 5-2")


@pytest.mark.parametrize("trump", ["none", "6", "4", "0", "doubles"])
@pytest.mark.parametrize("lead", ["3-2", "5-1"])
def test_5_3_must_follow_both_a_three_lead_and_a_five_lead(trump: str, lead: str) -> None:
    """Holding 5-3 and no other five or three, you must play it whether 3-2 or 5-1 is led."""
    hand = "5-3 6-6 4-1 2-2"
    tr = Trump.parse(trump)
    # the setup: lead leads a number suit in which 5-3 is the only follower
    assert tr.suit_led(T(lead)) in (3, 5)
    assert legal(hand, lead, trump) == ["5-3"]
    r = explain_play(tiles(hand), tiles(lead), tr, T("6-6"))
    assert not r.legal
    assert r.code == "must-follow"
    assert "5-3" in r.text
    assert explain_play(tiles(hand), tiles(lead), tr, T("5-3")).legal


def test_5_3_follow_example_text() -> None:
    r = explain_play(tiles("5-3 6-5 2-1"), tiles("5-1"), Trump.parse("6"), T("2-1"))
    assert not r.legal
    assert r.code == "must-follow"
    assert "You must follow fives: 5-3 bears a five." in r.text


def test_a_trump_never_follows_a_number_suit_sixes_trump_6_5_against_fives() -> None:
    hand = tiles("5-3 6-5 2-1")
    sixes = Trump.parse("6")
    assert [str(t) for t in legal_plays(hand, tiles("5-1"), sixes)] == ["5-3"]
    assert not sixes.follows(T("6-5"), 5)
    r = explain_play(hand, tiles("5-1"), sixes, T("6-5"))
    assert r.legal is False
    assert r.code == "trump-cannot-follow"
    assert "6-5 is a trump while sixes are trump, so it cannot follow fives." in r.text
    assert "You must follow fives: 5-3 bears a five." in r.text


def test_6_5_against_a_five_lead_may_trump_in_when_void_of_fives() -> None:
    hand = tiles("6-5 2-1")
    sixes = Trump.parse("6")
    assert sorted(str(t) for t in legal_plays(hand, tiles("5-1"), sixes)) == ["2-1", "6-5"]
    assert explain_play(hand, tiles("5-1"), sixes, T("6-5")).legal
    assert explain_play(hand, tiles("5-1"), sixes, T("2-1")).legal


def test_doubles_trump_4_4_does_not_follow_fours() -> None:
    doubles = Trump.parse("doubles")
    hand = tiles("4-4 6-4 1-1 3-2")
    # 4-2 led: fours; 6-4 is the only four in hand (4-4 is a trump)
    assert [str(t) for t in legal_plays(hand, tiles("4-2"), doubles)] == ["6-4"]
    r = explain_play(hand, tiles("4-2"), doubles, T("4-4"))
    assert not r.legal
    assert r.code == "trump-cannot-follow"
    assert "4-4" in r.text and "6-4" in r.text
    # with no other four, 4-4 may be played (it trumps in), and so may anything else
    hand2 = tiles("4-4 3-2 1-1")
    assert sorted(str(t) for t in legal_plays(hand2, tiles("4-2"), doubles)) == names("4-4 3-2 1-1")


def test_doubles_trump_6_4_is_the_top_four() -> None:
    doubles = Trump.parse("doubles")
    assert winner("4-2 6-4 5-4", "doubles") == 1
    assert winner("4-1 4-3 6-4", "doubles") == 2
    assert winner("4-1 4-2 4-3", "doubles") == 2
    assert winner("4-1 5-4 6-4 4-3", "doubles") == 2
    assert winner("4-3 4-2 4-1", "doubles") == 0
    # the double of four played to a four lead is a trump: it wins as a trump, not as a four
    assert winner("4-2 6-4 4-4", "doubles") == 2
    assert doubles.is_trump(T("4-4"))


def test_a_led_double_leads_its_own_number() -> None:
    none = Trump.parse("none")
    # 3-3 led: threes, so 5-3 must follow, 6-6 need not
    assert legal("5-3 6-6 1-1", "3-3", "none") == ["5-3"]
    assert winner("3-3 6-3 5-3", "none") == 0  # the double tops the suit
    assert none.suit_led(T("6-6")) == 6
    assert legal("6-5 5-5 1-1", "6-6", "none") == ["6-5"]
    # with fives trump, 6-5 is a trump and cannot follow the 6-6 lead
    assert legal("6-5 5-5 1-1", "6-6", "5") == names("6-5 5-5 1-1")


def test_0_0_is_the_lone_blank_in_the_22_tile_set() -> None:
    rest = [t for t in tile_set(3) if t != T("0-0")]
    none = Trump.parse("none")
    blanks = Trump.parse("0")
    # no trump: 0-0 leads blanks, nobody can follow, so any tile may be played, and 0-0 wins
    assert sorted(legal_plays(rest[:7], [T("0-0")], none)) == sorted(rest[:7])
    assert winner("0-0 6-6 5-5", "none") == 0
    # blanks trump: 0-0 is the only trump, it leads trumps and wins
    assert blanks.suit_led(T("0-0")) == "trump"
    assert sorted(legal_plays(rest[7:14], [T("0-0")], blanks)) == sorted(rest[7:14])
    assert winner("0-0 6-6 1-1", "0") == 0
    # and as the only trump, played to any lead it wins
    assert winner("6-6 0-0 6-5", "0") == 1
    # sixes trump: 0-0 led can be trumped
    assert winner("0-0 6-1 5-5", "6") == 1


# -- unable to follow: trump in or throw off ----------------------------------------------


def test_void_player_may_trump_in_or_throw_off_trumping_never_compulsory() -> None:
    sixes = Trump.parse("6")
    hand = tiles("6-6 6-1 4-2 3-1")
    # 5-3 led (fives): no non-trump five in hand
    allowed = legal_plays(hand, tiles("5-3"), sixes)
    assert sorted(allowed) == sorted(hand)
    reasons = {str(t): explain_play(hand, tiles("5-3"), sixes, t) for t in hand}
    assert all(r.legal for r in reasons.values())
    assert reasons["6-6"].code == reasons["6-1"].code == "trump-in"
    assert reasons["4-2"].code == reasons["3-1"].code == "throw-off"


def test_void_in_trumps_when_trump_led_any_tile() -> None:
    assert legal("5-5 4-2 3-1", "6-3", "6") == names("5-5 4-2 3-1")


def test_a_trump_that_bears_the_led_number_is_still_a_legal_trump_in_when_void() -> None:
    # sixes trump, 5-1 led, hand holds only 6-5 and 4-4
    assert legal("6-5 4-4", "5-1", "6") == names("6-5 4-4")


# -- winning a trick ---------------------------------------------------------------------


def test_the_highest_trump_played_wins() -> None:
    assert winner("5-1 6-1 6-2", "6") == 2
    assert winner("5-1 6-2 6-1", "6") == 1
    assert winner("5-5 6-1", "6") == 1  # even the double of the suit led loses to a trump
    assert winner("6-1 5-5 6-6", "6") == 2
    assert winner("6-6 6-5 6-4", "6") == 0
    assert winner("1-1 6-6 2-2 3-3", "doubles") == 1


def test_with_no_trump_played_the_highest_of_the_suit_led_wins() -> None:
    assert winner("5-1 5-2 5-4", "6") == 2
    assert winner("5-1 5-5 5-4", "none") == 1
    assert winner("2-1 3-2 4-2", "none") == 2


def test_a_tile_that_neither_follows_nor_trumps_can_never_win() -> None:
    # no trump, 3-2 led: 6-6 and 6-5 are higher tiles but not threes
    assert winner("3-2 6-6 6-5", "none") == 0
    # sixes trump, 5-1 led: 4-4 and 3-3 throw off
    assert winner("5-1 4-4 3-3", "6") == 0
    # 4-3 led (fours): the double three does not follow fours
    assert winner("4-3 3-3 3-1", "6") == 0
    assert winner("2-1 6-6 5-5 4-4", "none") == 0


def test_with_3_2_led_5_3_ranks_as_the_three_five_and_beats_3_2() -> None:
    assert winner("3-2 5-3", "none") == 1
    assert winner("3-2 5-3", "6") == 1
    assert winner("3-2 5-3 4-3", "none") == 1
    assert winner("3-2 4-3 5-3", "none") == 2
    assert winner("3-2 5-3 6-3", "none") == 2  # the three-six is higher still
    assert winner("3-2 5-3 3-3", "none") == 2  # and the double highest
    assert winner("3-2 5-3 6-3", "6") == 2  # here 6-3 is a trump
    assert winner("3-2 5-3 6-2", "6") == 2


def test_trick_winner_of_a_partial_trick() -> None:
    assert winner("5-1", "6") == 0
    assert winner("5-1 5-2", "6") == 1


def test_explain_winner_agrees_with_trick_winner() -> None:
    cases = [
        ("5-1 6-1 6-2", "6"),
        ("5-1 6-2 5-5", "6"),
        ("3-2 6-6 6-5", "none"),
        ("3-2 5-3 4-3", "none"),
        ("6-6 6-5 6-4", "6"),
        ("4-2 6-4 4-4", "doubles"),
        ("0-0 6-6 5-5", "none"),
    ]
    for trick, trump in cases:
        i = winner(trick, trump)
        r = explain_winner(tiles(trick), Trump.parse(trump))
        win = tiles(trick)[i]
        assert r.legal
        assert r.code in REASON_CODES
        assert str(win) in r.text
        if Trump.parse(trump).is_trump(win):
            assert "trump" in r.text


# -- in a game: the bidder leads, the winner leads next, seven tricks ----------------------


def started(bid: str = "bid 4") -> Game:
    g = Game.from_deal(RuleSet(), [h.split() for h in HANDS_S], ["0-0"], first_bidder=0)
    for a in [bid, "pass", "pass", "discard 0-0", "trump 6"]:
        g.apply(a)
    return g


def test_the_bidder_leads_to_the_first_trick_with_any_tile() -> None:
    g = Game.from_deal(RuleSet(), [h.split() for h in HANDS_S], ["0-0"], first_bidder=0)
    for a in ["pass", "bid 4", "pass", "discard 0-0", "trump 5"]:
        g.apply(a)
    assert g.phase == "playing"
    assert g.leader == 1
    assert g.to_act == 1
    assert g.current_trick == ()
    assert sorted(str(a) for a in g.legal_actions()) == sorted(f"play {t}" for t in HANDS_S[1].split())


def test_the_winner_of_each_trick_leads_the_next_and_all_seven_are_played() -> None:
    g = started()
    assert g.leader == 0
    won = [0, 0, 0]
    for n, (trick, expected) in enumerate(SCRIPT_S, start=1):
        leader = g.leader
        assert leader is not None
        for i, t in enumerate(trick):
            assert g.to_act == (leader + i) % 3
            g.apply(f"play {t}")
        won[expected] += 1
        assert len(g.tricks) == n
        last = g.tricks[-1]
        assert [str(t) for t in last.tiles] == trick
        assert last.winner == expected
        assert g.tricks_won == tuple(won)
        if n < 7:
            # the bid of 4 is made after trick 4, yet play goes on
            assert g.phase == "playing"
            assert g.leader == expected
            assert g.to_act == expected
            assert g.current_trick == ()
    assert g.tricks_won == (4, 3, 0)
    assert sum(g.tricks_won) == 7
    assert g.phase == "hand_over"
    assert all(len(h) == 0 for h in g.hands)


def test_a_set_bid_is_still_played_out() -> None:
    g = started("bid 7")
    for trick, _ in SCRIPT_S[:5]:
        for t in trick:
            g.apply(f"play {t}")
    # the bid of 7 is lost at trick 5; the opponents still score their tricks
    assert g.phase == "playing"
    assert len(g.tricks) == 5


def test_not_following_is_refused_in_a_game_and_changes_nothing() -> None:
    g = started()
    g.apply("play 6-6")
    # seat 1 holds no trump: anything goes
    assert sorted(str(a) for a in g.legal_actions()) == sorted(f"play {t}" for t in HANDS_S[1].split())
    g.apply("play 5-1")
    # seat 2 holds 6-2 and 6-1 and must follow trumps
    assert sorted(str(a) for a in g.legal_actions()) == ["play 6-1", "play 6-2"]
    before, clone = g.record(), g.clone()
    with pytest.raises(IllegalAction) as info:
        g.apply("play 4-2")
    assert info.value.code == "must-follow"
    assert "6-1" in str(info.value) and "6-2" in str(info.value)
    assert g.record() == before and g == clone
    with pytest.raises(IllegalAction):
        g.apply("play 5-5")  # not in seat 2's hand
    assert g == clone
    with pytest.raises(IllegalAction):
        g.apply("bid 5")
    assert g == clone


def test_a_trump_bearing_the_led_number_is_refused_with_the_reason() -> None:
    # sixes trump; seat 1 leads 5-2 and seat 2 holds 6-5 and 5-4: 6-5 cannot follow fives
    hands = [
        "6-6 6-4 6-3 4-1 3-1 2-1 1-1",
        "5-5 5-3 5-2 5-1 4-4 4-3 3-3",
        "6-5 6-2 6-1 5-4 4-2 3-2 2-2",
    ]
    g = Game.from_deal(RuleSet(), [h.split() for h in hands], ["0-0"], first_bidder=1)
    for a in ["bid 4", "pass", "pass", "discard 0-0", "trump 6", "play 5-2"]:
        g.apply(a)
    assert g.to_act == 2
    assert [str(a) for a in g.legal_actions()] == ["play 5-4"]
    clone = g.clone()
    with pytest.raises(IllegalAction) as info:
        g.apply("play 6-5")
    assert info.value.code == "trump-cannot-follow"
    assert "6-5 is a trump while sixes are trump, so it cannot follow fives." in str(info.value)
    assert g == clone


def test_void_in_a_game_both_trumping_in_and_throwing_off_are_allowed() -> None:
    # seat 1 leads 5-5; seat 2 has no five but has trumps
    hands = [
        "6-6 6-4 6-3 4-1 3-1 2-1 1-1",
        "5-5 5-3 5-2 5-1 4-4 4-3 3-3",
        "6-5 6-2 6-1 5-4 4-2 3-2 2-2",
    ]
    g = Game.from_deal(RuleSet(), [h.split() for h in hands], ["0-0"], first_bidder=1)
    for a in ["bid 4", "pass", "pass", "discard 0-0", "trump 4"]:
        g.apply(a)
    # fours trump: 5-4, 4-2 (seat 2), 6-4, 4-1 (seat 0), 4-4, 4-3 (seat 1) are trumps
    g.apply("play 3-3")  # seat 1 leads threes
    # seat 2: 3-2 is its only three (6-3 is seat 0's)
    assert [str(a) for a in g.legal_actions()] == ["play 3-2"]
    g.apply("play 3-2")
    # seat 0 holds 6-3 and 3-1: must follow
    assert sorted(str(a) for a in g.legal_actions()) == ["play 3-1", "play 6-3"]
    g.apply("play 6-3")
    assert g.tricks[-1].winner == 1  # 3-3 the double
    g.apply("play 5-5")  # seat 1 leads fives
    # seat 2 holds 6-5 (a five, fours are trump) and 5-4 (a trump): must play 6-5
    assert [str(a) for a in g.legal_actions()] == ["play 6-5"]
    g.apply("play 6-5")
    # seat 0 has no five: anything, trumps (6-4, 4-1) included, but not compulsory
    acts = sorted(str(a) for a in g.legal_actions())
    assert acts == sorted(f"play {t}" for t in g.hands[0])
    assert "play 6-4" in acts and "play 2-1" in acts
    trump_in = g.clone()
    trump_in.apply("play 4-1")
    assert trump_in.tricks[-1].winner == 0
    g.apply("play 2-1")
    assert g.tricks[-1].winner == 1
