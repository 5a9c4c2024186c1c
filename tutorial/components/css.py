"""The app's style sheets: plain CSS files in ``tutorial/static/css``, read once per process.

A page adds a sheet with ``st.markdown(css.sheet("name"), unsafe_allow_html=True)`` (Streamlit
keeps one copy of identical markup per run); the files are package data, so an installed wheel
has them too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

#: Where the sheets are: ``tutorial/static/css/<name>.css``.
CSS_DIR = Path(__file__).resolve().parent.parent / "static" / "css"


@cache
def sheet(name: str) -> str:
    """The sheet ``name`` as a ``<style>`` element (read from its file once per process)."""
    text = (CSS_DIR / f"{name}.css").read_text(encoding="utf-8")
    return f"<style>\n{text}</style>"


def names() -> list[str]:
    """Every sheet's name (the files in :data:`CSS_DIR`)."""
    return sorted(p.stem for p in CSS_DIR.glob("*.css"))
