"""engine.record: typed records; replay up to any hand and action (engine.game); Game.undo()."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Game, GameRecord, HandRecord, RuleSet
from engine.game import replay
from engine.record import RECORD_FORMAT, RecordError

from helpers import examples

RULES = [RuleSet(), RuleSet(players=4), RuleSet(keep_double_blank=False), RuleSet(trump_before_widow=True)]


def played(rules: RuleSet, seed: int, hands: int) -> Game:
    g = Game.new(rules, seed=seed)
    for h in range(hands):
        while g.phase not in ("hand_over", "game_over"):
            acts = g.legal_actions()
            g.apply(acts[1] if g.phase == "bidding" and not g.bids else acts[0])
        if h < hands - 1 and g.phase == "hand_over":
            g.next_hand()
    return g


@pytest.mark.parametrize("rules", RULES)
def test_typed_record_round_trips_through_json(rules: RuleSet) -> None:
    g = played(rules, 11, 2)
    rec = g.to_record()
    assert isinstance(rec.hands[0], HandRecord)
    assert rec.to_dict() == g.record()
    assert rec.to_dict()["format"] == RECORD_FORMAT
    assert GameRecord.from_dict(json.loads(json.dumps(rec.to_dict()))) == rec
    assert replay(rec) == g == Game.replay(rec)


def test_replay_upto_stops_after_that_many_actions_of_that_hand() -> None:
    g = played(RuleSet(), 5, 3)
    rec = g.to_record()
    for hand in (1, 2, 3):
        actions = rec.hands[hand - 1].actions
        probe = replay(rec, hand=hand, upto=0)
        assert probe.hand_number == hand and probe.history == ()
        for n, action in enumerate(actions, start=1):
            probe.apply(action)
            assert replay(rec, hand=hand, upto=n) == probe
    assert replay(rec.to_dict(), upto=2).history == g.history[:2]


def test_replay_upto_a_hand_that_is_not_there_is_a_record_error() -> None:
    rec = played(RuleSet(), 5, 1).to_record()
    with pytest.raises(RecordError) as info:
        replay(rec, hand=4)
    assert "hands 1 to 1" in str(info.value)


@pytest.mark.parametrize("rules", RULES)
def test_undo_walks_back_through_the_whole_game(rules: RuleSet) -> None:
    g = played(rules, 23, 2)
    states: list[Game] = []
    probe = Game.new(rules, seed=23)
    for entry in g.to_record().hands:
        if entry.number and entry.number > 1:
            probe.next_hand()
        for a in entry.actions:
            states.append(probe.clone())
            probe.apply(a)
    assert probe == g
    for before in reversed(states):
        last = g.history[-1][1] if g.history else None
        undone = g.undo()
        if last is not None:
            assert undone == last
        assert g.scores == before.scores and g.hand_number == before.hand_number
        assert g.record() == before.record()
        assert g.legal_actions() == before.legal_actions()
    with pytest.raises(IndexError):
        g.undo()
    assert g == Game.new(rules, seed=23)


def test_undo_at_game_over_takes_back_the_win() -> None:
    g = played(RuleSet(target=1), 3, 1)
    assert g.phase == "game_over" and g.winner is not None
    g.undo()
    assert g.phase == "playing" and g.winner is None
    assert g.scores == (0, 0, 0) and g.results == ()


@given(seed=st.integers(0, 2**32), cut=st.integers(0, 80))
@examples(25)
def test_undo_then_apply_is_the_same_game(seed: int, cut: int) -> None:
    g = played(RuleSet(), seed, 2)
    n = sum(len(h.actions) for h in g.to_record().hands)
    undone = [g.undo() for _ in range(min(cut, n))]
    for a in reversed(undone):
        if g.phase == "hand_over":
            g.next_hand()
        g.apply(a)
    assert g == played(RuleSet(), seed, 2)
