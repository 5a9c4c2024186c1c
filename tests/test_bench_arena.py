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


def test_the_arena_tells_a_strong_entry_the_level_of_the_others_when_all_alike(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: dict[int, tuple[str, dict[str, Any]]] = {}
    real = arena.make_bot

    def recording(level: str, seed: int | None = None, **options: Any) -> Any:
        assert seed is not None
        made[seed % 16] = (level, options)
        return real("random", seed=seed)

    monkeypatch.setattr(arena, "make_bot", recording)
    arena.play_game(["strong", "basic"], 4, seed=3, rotation=0, options={"strong": {"sweep_4p": 0.5}})
    assert made == {0: ("strong", {"sweep_4p": 0.5, "opponents": "basic"}), 1: ("basic", {}),
                    2: ("strong", {"sweep_4p": 0.5, "opponents": "basic"}), 3: ("basic", {})}
    made.clear()
    arena.play_game(["strong", "basic", "strong/b"], 3, seed=3, rotation=0)
    assert {level for level, _ in made.values()} == {"strong", "basic"}
    assert all(options == {} for _, options in made.values())  # the others differ: not told
    assert arena.table_options(["strong", "strong/b"], {"strong": {"opponents": None}}) == {
        "strong": {"opponents": None}, "strong/b": {"opponents": "strong"}}


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



def test_the_arena_records_the_chance_each_bid_was_said_and_calibrates_on_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every hand whose bidder said its chance (the strong player does; the basic player
    does not) is recorded with the bid, the chance said at the bidder's last bid and whether
    it was made; ``--calibrate`` sets those chances against the bids made, 21s apart."""
    from helpers import fast_strong

    fast = fast_strong(3, 2, bid_samples=4, confirm_samples=4, contract_samples=5, bid_trumps=2)
    said_at_bids: list[float] = []
    real = arena.make_bot

    def recording(level: str, seed: int | None = None, **options: Any) -> Any:
        bot = real(level, seed=seed, **(fast if level == "strong" else options))
        decide = bot.decide

        def deciding(view: Any) -> Any:
            d = decide(view)
            if level == "strong" and d.action.kind == "bid":
                c = d.explanation.chosen  # the chance it rated the bid on
                said_at_bids.append(c.goal_chance if c.rated_chance is None else c.rated_chance)
            return d

        bot.decide = deciding  # type: ignore[method-assign]
        return bot

    monkeypatch.setattr(arena, "make_bot", recording)
    res = arena.play_game(["strong", "basic", "basic"], 3, seed=4, rotation=0)  # bids below 21 and 21s
    said = res["said"]
    strong = res["stats"][0]
    assert len(said) == strong["bids"] >= 2, "one row per hand the strong player bid"
    assert all(entry == 0 for entry, *_ in said), "only the strong player says a chance"
    assert sum(made for *_, made in said) == strong["made"]
    assert sum(bid == 21 for _, bid, _, _ in said) == strong["moons"]
    assert all(any(abs(chance - x) < 1e-4 for x in said_at_bids) for _, _, chance, _ in said)
    lines = arena.bid_calibration([res]).splitlines()
    moons = lines.index(next(line for line in lines if line.startswith("strong 21s:")))
    for head, bands, rows in ((lines[0], lines[1:moons], [x for x in said if x[1] != 21]),
                              (lines[moons], lines[moons + 1:], [x for x in said if x[1] == 21])):
        mean, made = sum(x[2] for x in rows) / len(rows), sum(x[3] for x in rows) / len(rows)
        assert f": {len(rows)} played, said {mean:.2f}, made {made:.2f} " in head, head
        assert sum(int(b.split()[2]) for b in bands) == len(rows), bands
    assert arena.bid_calibration([{**res, "said": []}]) == "no bids with their chances recorded"
