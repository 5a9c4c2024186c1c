"""The comparison of two trees' arena runs (:mod:`bench.compare`) pairs games by deal and
seats, and counts the games the first bot won with one tree only."""

from __future__ import annotations

from bench.compare import paired


def _game(seed: int, rotation: int, winner: int | None) -> dict[str, object]:
    return {"seed": seed, "rotation": rotation, "winner_entry": winner}


def test_games_are_paired_by_deal_and_rotation() -> None:
    new = [_game(1, 0, 0), _game(1, 1, 0), _game(2, 0, 1), _game(2, 1, 0), _game(3, 0, 0)]
    old = [_game(1, 0, 0), _game(1, 1, 1), _game(2, 0, 0), _game(2, 1, None)]  # deal 3 not played there
    assert paired(new, old) == "first bot: won only here 2, only with the older tree 1 (sign p = 1.00)"


def test_the_sign_test_is_two_sided() -> None:
    new = [_game(s, 0, 0) for s in range(8)]
    old = [_game(s, 0, 1) for s in range(8)]
    # 8 games won only here and none only there: p = 2 / 2**8
    assert paired(new, old).endswith("won only here 8, only with the older tree 0 (sign p = 0.01)")
