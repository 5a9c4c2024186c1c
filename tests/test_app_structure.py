"""The app's structure: one page list (tutorial/pages.py) that the router, the frame and the
tests share, and one home (tutorial/components/state.py) for every session-state key."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tutorial import pages
from tutorial.components import frame, state
from tutorial.testing import PAGE_FILES

TUTORIAL = Path(__file__).resolve().parent.parent / "tutorial"


def test_one_page_list() -> None:
    keys = [p.key for p in pages.PAGES]
    assert len(set(keys)) == len(keys)
    assert len({p.url for p in pages.PAGES}) == len(keys)
    assert [p.key for p in pages.PAGES if p.default] == ["home"]
    for p in pages.PAGES:
        assert (TUTORIAL / p.file).is_file(), p
    # the frame's links and the AppTest helpers come from the same list
    assert frame.PAGES == PAGE_FILES == pages.page_files()
    # every page file in views/ is listed (a page cannot be forgotten by the router)
    listed = {p.file for p in pages.PAGES}
    on_disk = {f"views/{f.name}" for f in (TUTORIAL / "views").glob("*.py") if f.name != "__init__.py"}
    assert on_disk == listed


def test_the_router_builds_its_navigation_from_the_page_list() -> None:
    source = (TUTORIAL / "app.py").read_text(encoding="utf-8")
    assert "pages.PAGES" in source
    assert not re.search(r'st\.Page\(\s*["\']', source), "app.py names a page file by hand"


def _state_keys() -> dict[str, str]:
    return {k: v for k, v in vars(state).items() if k.isupper() and isinstance(v, str)}


def _literal_state_keys(path: Path) -> list[tuple[int, str]]:
    """String literals used as a key of ``st.session_state`` (subscript, get, pop,
    setdefault) or of ``state.get``/``state.put`` in one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        key: ast.expr | None = None
        if isinstance(node, ast.Subscript) and ast.unparse(node.value).endswith("session_state"):
            key = node.slice
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            owner = ast.unparse(node.func.value)
            if (owner.endswith("session_state") and node.func.attr in ("get", "pop", "setdefault")) or (
                owner == "state" and node.func.attr in ("get", "put")
            ):
                key = node.args[0]
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            out.append((node.lineno, key.value))
    return out


def test_every_session_state_key_is_declared_in_state_py() -> None:
    declared = _state_keys()
    assert len(set(declared.values())) == len(declared), "two names for one key"
    sources = {p: p.read_text(encoding="utf-8") for p in TUTORIAL.rglob("*.py")}
    widget_keys = {m for text in sources.values() for m in re.findall(r'\bkey="([^"{}]+)"', text)}
    stray = []
    for path in sources:
        if path.name in ("state.py", "testing.py"):
            continue
        for line, key in _literal_state_keys(path):
            # a widget's own key may be read back where the widget is; anything else the app
            # keeps in the session is named in state.py
            if key not in widget_keys:
                stray.append(f"{path.relative_to(TUTORIAL)}:{line}: {key!r}")
    assert not stray, "session-state keys not declared in tutorial/components/state.py: " + ", ".join(stray)
