"""The arena's entries (:mod:`bench.arena`): a level may carry a tag, so that two entries of one
level play with different options and are told apart in the table."""

from __future__ import annotations

from typing import Any

import pytest

import bench.arena as arena


def test_a_tagged_entry_is_its_level_with_its_own_options(monkeypatch: pytest.MonkeyPatch) -> None:
    made: dict[int, tuple[str, dict[str, Any]]] = {}
    real = arena.make_bot

    def recording(level: str, seed: int | None = None, **options: Any) -> Any:
        assert seed is not None
        made[seed % 16] = (level, options)
        return real(level, seed=seed)

    monkeypatch.setattr(arena, "make_bot", recording)
    res = arena.play_game(["random", "random/b"], 4, seed=3, rotation=1,
                          options={"random/b": {"flag": True}})
    # Rotation 1: the first entry holds seats 1 and 3, the tagged one seats 0 and 2.
    assert made == {0: ("random", {"flag": True}), 1: ("random", {}),
                    2: ("random", {"flag": True}), 3: ("random", {})}
    assert res["levels"] == ["random", "random/b"]
    assert sum(st["won"] for st in res["stats"]) <= 1
    text = arena.table([res])
    assert "random#0" not in text and "team random/b " in text
    # The columns line up, however long an entry's name.
    head, *rows = text.splitlines()[1:]
    assert {row.index("%") for row in rows} == {head.index("games won") + len("games won") - 1}


@pytest.mark.parametrize(("argv", "message"), [
    (["--players", "4", "strong", "strongest"], "unknown bot 'strongest'"),
    (["--players", "4", "basic", "basic/b", "--option", "basic/c.x=1"], "names no bot of this run"),
])
def test_a_wrong_entry_or_option_is_refused_by_name(argv: list[str], message: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        arena.main(argv)
    assert message in capsys.readouterr().err


def test_a_runs_json_lines_merge_back_to_its_table(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """``--out`` appends one JSON line per game (a second run adds its games) and ``--merge``
    reads the files back to the table the runs printed."""
    out = tmp_path / "games.jsonl"
    arena.main(["random", "random", "basic", "--games", "3", "--out", str(out)])
    first = capsys.readouterr().out.strip()
    arena.main(["random", "random", "basic", "--games", "3", "--seed", "2", "--out", str(out)])
    second = capsys.readouterr().out.strip()
    games = arena.read_games([str(out)])
    assert len(out.read_text().splitlines()) == len(games) == 6
    assert arena.table(games[:3]).strip() == first and arena.table(games[3:]).strip() == second
    arena.main(["--merge", str(out)])
    assert capsys.readouterr().out.strip() == arena.table(games).strip()
