"""Reading content files: what the course's and the puzzles' loaders share.

- :func:`read_toml` parses one file; a syntax error becomes a
  :class:`~content.errors.ContentError` naming the file;
- :func:`display_path` is how a file is named in those errors (relative to the project);
- :func:`entry_name` names an entry in an error, even one without an id.

>>> entry_name({"id": "follow-fives"}, 0, "level"), entry_name({}, 2, "puzzle")
('follow-fives', 'puzzle #3 (no id)')
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

from content.errors import ContentError

__all__ = ["ROOT", "display_path", "entry_name", "read_toml"]

#: The project's folder: content files are named relative to it (``lessons/data/07-x.toml``).
ROOT = Path(__file__).resolve().parent.parent


def read_toml(path: Path, display: str) -> tuple[dict[str, object] | None, ContentError | None]:
    """Parse one TOML file; a syntax error becomes a ContentError naming the file."""
    try:
        with path.open("rb") as f:
            return tomllib.load(f), None
    except tomllib.TOMLDecodeError as e:
        return None, ContentError(display, None, None, f"not valid TOML: {e}")
    except OSError as e:
        return None, ContentError(display, None, None, f"cannot be read: {e}")


def display_path(path: Path) -> str:
    """``path`` relative to the project's folder, or as given when it lies outside."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def entry_name(raw: object, index: int, what: str) -> str:
    """An entry's id, or ``"<what> #N (no id)"`` when it has none."""
    if isinstance(raw, Mapping) and isinstance(raw.get("id"), str) and raw["id"].strip():
        return str(raw["id"])
    return f"{what} #{index + 1} (no id)"
