"""The hand review names the Play better principle a graded play left, and links its stage."""

from __future__ import annotations

from engine import Game, RuleSet
from engine.review import review_hand
from lessons.strategy.review import principle_notes
from tutorial.services.reviewing import principle_lines

#: Deal 8: the learner (seat 0) bids 4, names fives trump and leads 6-6 while 5-5, the top
#: trump, is in hand (the position of "Drawing trumps", Position 1); the rest as the basic
#: computer players play it.
LED_6_6 = ("bid 4, pass, pass, discard 4-1, trump 5, play 6-6, play 6-1, play 6-3, play 5-5, play 6-5, "
           "play 5-1, play 3-3, play 2-1, play 3-1, play 6-2, play 4-2, play 5-4, play 1-1, play 5-2, "
           "play 0-0, play 6-4, play 2-2, play 3-2, play 5-3, play 4-4, play 4-3").split(", ")


def _record(actions: list[str]) -> dict[str, object]:
    g = Game.new(RuleSet(), seed=8)
    for a in actions:
        g.apply(a)
    return g.record()


def test_leading_a_side_tile_before_the_top_trump_names_drawing_trumps() -> None:
    record = _record(LED_6_6)
    review = review_hand(record, 1, seats=[0])
    first = next(p for p in review.plays if p.seat == 0)
    assert (str(first.tile), str(first.best), first.grade) == ("6-6", "5-5", "blunder")
    notes = principle_notes(record, review, 0)
    assert [(n.trick, str(n.tile), str(n.better), n.principle) for n in notes] == [(1, "6-6", "5-5", "draw-trumps")]
    assert principle_lines(record, review, 0) == [
        "Trick 1: You could have drawn trumps first with 5-5, your top trump — see "
        "[Play better 1: Drawing trumps](/learn?level=draw-trumps-1)"]


def test_no_principle_line_for_a_play_that_is_not_graded_or_another_seats() -> None:
    g = Game.new(RuleSet(), seed=8)
    for a in [*LED_6_6[:5], "play 5-5"]:
        g.apply(a)
    while not g.hand_finished:
        g.apply(g.legal_actions()[0])
    record = g.record()
    review = review_hand(record, 1, seats=[0])
    assert not any(n.trick == 1 for n in principle_notes(record, review, 0))
    assert principle_notes(_record(LED_6_6), review_hand(_record(LED_6_6), 1, seats=[0]), 1) == []


def test_giving_up_a_sure_trick_names_keeping_the_tiles_that_matter_later() -> None:
    """Four players, deal 711 (the position of "Keeping the tiles that matter later",
    Position 1): seat 2, the bidder, cannot beat 5-5 and gives up 5-4, a sure trick once every
    trump and 5-5 are out, instead of 6-5, which 6-6 can still beat."""
    actions = ("bid 4, pass, pass, pass, trump 1, play 1-1, play 6-1, play 2-0, play 1-0, play 3-3, play 4-3, "
               "play 3-0, play 5-3, play 0-0, play 4-0, play 6-0, play 3-1, play 5-1, play 2-1, play 5-0, "
               "play 3-2, play 5-5, play 5-4, play 6-2, play 5-2, play 2-2, play 4-1, play 6-4, play 4-2, "
               "play 6-5, play 4-4, play 6-6, play 6-3").split(", ")
    g = Game.new(RuleSet(players=4), seed=711)
    for a in actions:
        g.apply(a)
    record = g.record()
    review = review_hand(record, 1, seats=[2])
    notes = principle_notes(record, review, 2)
    assert [(n.trick, str(n.tile), str(n.better), n.principle) for n in notes] == [(5, "5-4", "6-5", "keep-later")]
    assert principle_lines(record, review, 2) == [
        "Trick 5: You could have given up 6-5 and kept your sure trick for later — see "
        "[Play better 8: Keeping the tiles that matter later](/learn?level=keep-later-1)"]


def test_leading_into_a_tile_the_count_shows_cannot_be_beaten_names_counting() -> None:
    """Three players, deal 19524 (the position of "Counting what is out", Position 7): seat 1,
    a defender, leads 5-2 at trick 5; 2-1 was a sure trick, since only 3-2 beats it and the
    bidder showed no twos on the lead of 2-2 (3-2 is the bidder's discard)."""
    actions = ("bid 5, pass, pass, discard 3-2, trump 4, play 4-4, play 4-1, play 4-2, play 6-4, play 4-3, "
               "play 3-1, play 3-3, play 5-4, play 6-3, play 2-2, play 5-1, play 5-3, play 5-2, play 5-5, "
               "play 6-5, play 6-6, play 0-0, play 6-2, play 6-1, play 1-1, play 2-1").split(", ")
    g = Game.new(RuleSet(), seed=19524)
    for a in actions:
        g.apply(a)
    record = g.record()
    review = review_hand(record, 1, seats=[1])
    notes = principle_notes(record, review, 1)
    assert [(n.trick, str(n.tile), str(n.better), n.principle) for n in notes] == [(5, "5-2", "2-1", "count-out")]
    assert notes[0].line() == ("You could have led 2-1: by the count, no seat against you could beat it — see "
                               "Play better 7: Counting what is out")


def test_a_lead_the_other_defender_could_not_trump_names_leading_through_the_bidder() -> None:
    """Three players, deal 936 (the position of "Leading through the bidder", Position 1):
    seat 1 defends and leads at trick 3 with the bidder next; seat 0, the other defender, has
    trumped the lead of 6-6, so 6-3 led through the bidder lets it trump in. Seat 1 leads 2-1."""
    actions = ("pass, bid 5, pass, discard 6-1, trump 4, play 6-6, play 4-4, play 6-2, play 5-5, play 4-1, "
               "play 5-3, play 2-1, play 4-2, play 5-2, play 6-4, play 3-1, play 5-4, play 0-0, play 5-1, "
               "play 3-2, play 6-5, play 1-1, play 6-3, play 4-3, play 2-2, play 3-3").split(", ")
    g = Game.new(RuleSet(), seed=936)
    for a in actions:
        g.apply(a)
    record = g.record()
    review = review_hand(record, 1, seats=[1])
    notes = principle_notes(record, review, 1)
    assert [(n.trick, str(n.tile), str(n.better), n.principle) for n in notes] == [(3, "2-1", "6-3", "lead-through")]
    assert principle_lines(record, review, 1) == [
        "Trick 3: You could have led 6-3 through the bidder: the other defender had shown it held none of its "
        "suit and could trump it — see [Play better 9: Leading through the bidder (3 players)]"
        "(/learn?level=lead-through-1)"]


def test_a_lead_the_partner_could_not_trump_names_leading_to_your_partner() -> None:
    """Four players, deal 684 (the position of "Leading to your partner", Position 3): seat 3
    leads at trick 5; its partner, seat 1, trumped the lead of 6-6, so 6-4 lets it trump in.
    Seat 3 leads 3-3."""
    actions = ("pass, bid 4, pass, pass, trump 0, play 6-6, play 6-3, play 6-1, play 2-0, play 1-1, play 3-0, "
               "play 3-1, play 2-1, play 5-5, play 1-0, play 5-3, play 5-1, play 4-4, play 5-4, play 4-1, "
               "play 4-3, play 3-3, play 0-0, play 3-2, play 4-0, play 6-2, play 5-0, play 6-0, play 6-4, "
               "play 2-2, play 4-2, play 6-5, play 5-2").split(", ")
    g = Game.new(RuleSet(players=4), seed=684)
    for a in actions:
        g.apply(a)
    record = g.record()
    review = review_hand(record, 1, seats=[3])
    notes = principle_notes(record, review, 3)
    assert [(n.trick, str(n.tile), str(n.better), n.principle) for n in notes] == [(5, "3-3", "6-4", "lead-to-partner")]
    assert notes[0].line() == ("You could have led 6-4 to your partner, who had shown it held none of its suit and "
                               "could trump it — see Play better 10: Leading to your partner (4 players)")
