"""The app's style sheets: every sheet the app asks for is a file, every file is asked for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutorial.components import css

ROOT = Path(__file__).resolve().parent.parent / "tutorial"
ASKED = re.compile(r'css\.sheet\("([a-z_]+)"\)')


def _app_code() -> list[Path]:
    """The app's Python files, the sheet loader aside."""
    return [p for p in ROOT.rglob("*.py") if p.name != "css.py"]


def _asked() -> set[str]:
    return {name for path in _app_code() for name in ASKED.findall(path.read_text(encoding="utf-8"))}


def test_every_sheet_asked_for_is_a_file_and_every_file_is_asked_for() -> None:
    assert _asked() == set(css.names())
    assert len(css.names()) >= 8


@pytest.mark.parametrize("name", css.names())
def test_a_sheet_is_one_style_element_of_plain_css(name: str) -> None:
    text = css.sheet(name)
    assert text.startswith("<style>\n") and text.endswith("</style>")
    body = text[len("<style>\n"):-len("</style>")]
    assert "<" not in body.replace("<=", ""), "markup inside a style sheet"
    assert body.count("{") == body.count("}") > 0


def test_no_style_element_left_in_the_app_code() -> None:
    found = [str(p.relative_to(ROOT)) for p in _app_code() if "<style" in p.read_text(encoding="utf-8")]
    assert found == []
