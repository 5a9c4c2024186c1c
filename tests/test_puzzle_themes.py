"""Puzzle themes are a closed list (puzzles/themes.py): the loader refuses any other theme,
naming the file, the entry and the field; every shipped and generated puzzle uses listed
themes; the Puzzles page filters by their titles."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzles import check_puzzles, load_puzzles
from puzzles.generate import GENERATORS, generate
from puzzles.themes import THEMES, theme_title
from tutorial.testing import open_app

from test_content_errors import GOOD_PUZZLE


def puzzle(pid: str, themes: str) -> str:
    """A good trick-winner puzzle (the content tests' own) with the given themes."""
    text = GOOD_PUZZLE.format(id=pid, solution="2", trick='["5-1", "5-3", "6-1"]')
    return text.replace('themes = ["trick-winner"]', f"themes = {themes}")


def test_every_theme_has_a_title_and_a_description() -> None:
    for key, theme in THEMES.items():
        assert theme.key == key and key == key.lower() and " " not in key
        assert theme.title and theme.description[-1] in ".?"
    assert len({t.title for t in THEMES.values()}) == len(THEMES)


def test_an_unknown_theme_is_refused_naming_file_entry_and_field(tmp_path: Path) -> None:
    text = puzzle("fine", '["trick-winner", "trumped"]') + puzzle("odd", '["trick-winner", "sneaky-trap"]')
    (tmp_path / "p.toml").write_text(text, encoding="utf-8")
    ok, errors = check_puzzles(tmp_path)
    assert [p.id for p in ok] == ["fine"]
    assert len(errors) == 1
    err = errors[0]
    assert err.file.endswith("p.toml") and err.entry == "odd" and err.field == "themes"
    assert "sneaky-trap" in str(err) and "puzzles/themes.py" in str(err)


def test_shipped_puzzles_use_listed_themes() -> None:
    used = {t for p in load_puzzles() for t in p.themes}
    assert used and used <= set(THEMES)


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(GENERATORS))
def test_generated_puzzles_use_listed_themes(kind: str) -> None:
    entries = generate(kind, count=3, seed=7)
    assert entries
    for e in entries:
        assert set(e["themes"]) <= set(THEMES), (kind, e["themes"])


def test_the_puzzles_filter_shows_theme_titles() -> None:
    at = open_app("puzzles")
    box = at.multiselect(key="pz-themes")
    assert "Out of the suit" in box.options and "void" not in box.options
    box.set_value(["void"]).run()
    assert not at.exception
    # The puzzle's themes name its trap: shown (as titles) after the answer, not before.
    assert theme_title("void") not in " ".join(str(c.value) for c in at.caption)
    at.button(key="pz-solution").click().run()
    assert theme_title("void") in " ".join(str(c.value) for c in at.caption)
