"""The puzzle generator: shipped generated puzzles regenerate identically from their seeds,
generation is deterministic, and ratings come from measurable features."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from content.checks import Ending
from content.tomlw import dumps_entries
from engine import RuleSet
from puzzles import band_of, check_puzzles
from puzzles.generate import GENERATORS, SHIPPED, generate, generate_one, main, rating
from puzzles.loader import DATA_DIR


def _roundtrip(entry: dict[str, object]) -> dict[str, object]:
    out: dict[str, object] = tomllib.loads(dumps_entries("puzzle", [entry]))["puzzle"][0]
    return out


def _generated() -> list[tuple[str, int, dict[str, object]]]:
    out = []
    for path in sorted(DATA_DIR.glob("gen-*.toml")):
        with path.open("rb") as f:
            for e in tomllib.load(f)["puzzle"]:
                out.append((e["kind"], e["source"]["seed"], e))
    return out


GENERATED = _generated()


def test_every_kind_has_a_generator_and_shipped_files() -> None:
    from content import KINDS

    # Counts are few: they are hand-written. Strategy positions come from their own generator
    # (lessons.strategy), whose files tests/test_strategy.py regenerates and recomputes.
    assert set(GENERATORS) == set(KINDS) - {"count", "strategy"}
    assert {k for k, _n, _s in SHIPPED} == set(GENERATORS)
    assert len(GENERATED) == sum(n for _k, n, _s in SHIPPED)


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "seed", "entry"), GENERATED, ids=[str(e["id"]) for _k, _s, e in GENERATED])
def test_shipped_puzzle_regenerates_identically(kind: str, seed: int, entry: dict[str, object]) -> None:
    made = generate_one(kind, seed)
    assert made is not None
    assert _roundtrip(made) == entry


def test_generation_is_deterministic_and_verified(tmp_path: Path) -> None:
    a = generate("play", 4, 777)
    assert a == generate("play", 4, 777)
    assert len(a) == 4 and len({e["source"]["seed"] for e in a}) == 4
    assert main(["--kind", "ending", "--count", "3", "--seed", "4242", "--out", str(tmp_path / "e.toml")]) == 0
    assert main(["--kind", "legal_tiles", "--count", "3", "--seed", "31", "--out", str(tmp_path / "l.toml")]) == 0
    ps, errors = check_puzzles(tmp_path)
    assert not errors and len(ps) == 6
    for p in ps:
        assert p.source["kind"] == "generated"
        assert _roundtrip(generate_one(p.kind, p.seed or 0) or {}) == p.raw


def test_an_ending_needs_a_unique_first_play() -> None:
    for e in generate("ending", 5, 9000):
        pos = e["position"]
        assert isinstance(pos, dict) and e["need"]
        from content.items import build_common

        _k, _q, task, _h, _f = build_common(e, RuleSet.from_dict(e["rules"]))
        assert isinstance(task, Ending)
        values = task.values()
        assert [t for t, v in values.items() if v >= e["need"]] == [task.answer()]


def test_rating_grows_with_options_traps_and_depth() -> None:
    r = RuleSet()
    base = rating("legal_tiles", {"options": 3, "traps": []}, r)
    assert rating("legal_tiles", {"options": 6, "traps": []}, r) > base
    assert rating("legal_tiles", {"options": 3, "traps": ["two-suit-tile"]}, r) > base
    assert rating("ending", {"options": 3, "traps": [], "depth": 4}, r) > rating("ending", {"options": 3, "traps": [], "depth": 2}, r)
    assert rating("legal_tiles", {"options": 3, "traps": []}, RuleSet(players=4)) > base
    assert [band_of(x) for x in (600, 999, 1000, 1499, 1500, 2500)] == [
        "beginner", "beginner", "intermediate", "intermediate", "advanced", "advanced"]


def test_stored_ratings_match_the_formula() -> None:
    from content.items import build_common

    for _kind, _seed, e in GENERATED[:40]:
        rules = RuleSet.from_dict(e["rules"])  # type: ignore[arg-type]
        _k, _q, task, _h, _f = build_common(e, rules)
        assert e["rating"] == rating(e["kind"], task.features(), rules)  # type: ignore[arg-type]


def test_is_trump_puzzles_are_asked_under_a_trump_and_teach_something() -> None:
    """Under no trump the answer is always no, a trick question for a newcomer: each shipped
    "is it a trump?" puzzle names a trump, has a trap to learn from (the trump by its low end,
    the trump's double, a double that is no trump, a double under doubles trump), and the set
    has both answers."""
    from puzzles import load_puzzles

    mine = [p for p in load_puzzles() if p.kind == "is_trump" and p.source.get("kind") == "generated"]
    assert len(mine) == dict((k, n) for k, n, _s in SHIPPED)["is_trump"]
    teaches = {"trump-low-end", "trump-double", "double-not-trump", "double-leaves-suit"}
    for p in mine:
        assert "no-trump" not in p.themes and "no trump" not in p.question.lower(), p.id
        assert teaches & set(p.themes), (p.id, p.themes)
    assert {p.answer() for p in mine} == {True, False}
    assert {"trump-double", "double-not-trump"} <= {t for p in mine for t in p.themes}


def test_a_retired_puzzle_id_maps_to_a_shipped_puzzle_of_its_kind() -> None:
    from puzzles import load_puzzles
    from puzzles.retired import RETIRED, current_id

    kinds = {p.id: p.kind for p in load_puzzles()}
    assert RETIRED
    for old, new in RETIRED.items():
        assert old not in kinds and kinds[new].replace("_", "-") == old.rsplit("-", 1)[0]
        assert current_id(old) == new
