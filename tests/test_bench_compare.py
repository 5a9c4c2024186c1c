"""The comparison of two trees' arena runs (:mod:`bench.compare`) pairs games by deal and
seats, and counts the games the first bot won with one tree only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.compare import main, paired


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


def test_two_files_made_apart_are_paired(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def write(name: str, winners: list[int]) -> str:
        path = tmp_path / name
        stats = {"points": 0, "hands": 1, "bids": 0, "made": 0, "sets": 0, "defended": 0, "won": 0, "decisions": 0,
                 "bid_tricks": 0, "took": 0, "moons": 0, "moons_made": 0}
        path.write_text("".join(
            json.dumps({"levels": ["strong", "basic", "basic"], "players": 3, "seed": 7, "rotation": r, "hands": 1,
                        "winner_entry": w, "stats": [stats, stats, stats]}) + "\n"
            for r, w in enumerate(winners)))
        return str(path)

    main(["--files", write("new.jsonl", [0, 0, 1]), write("old.jsonl", [0, 1, 2])])
    out = capsys.readouterr().out
    assert out.endswith("first bot: won only here 1, only with the older tree 0 (sign p = 1.00)\n")
    assert "new.jsonl:" in out and "old.jsonl:" in out
