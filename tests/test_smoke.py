"""The public API is importable and a whole hand plays out."""

import engine


def test_public_names_exist() -> None:
    for name in engine.__all__:
        assert hasattr(engine, name), name


def test_a_seeded_hand_plays_out_and_replays() -> None:
    g = engine.Game.new(seed=3)
    while not g.hand_finished:
        g.apply(g.legal_actions()[0] if g.phase != "bidding" else g.legal_actions()[-2])
    assert sum(g.tricks_won) == 7
    assert engine.Game.replay(g.record()) == g
