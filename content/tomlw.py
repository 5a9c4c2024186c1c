"""A small TOML writer for content entries: the generated puzzles and Play better stages (the
standard library reads TOML but does not write it). It writes strings, whole numbers, booleans,
lists and tables; a table inside an entry is written inline, except ``position``, which gets its
own ``[puzzle.position]`` header.

>>> print(dumps_entries("puzzle", [{"id": "a", "rules": {}, "position": {"trump": "6"}}]))
[[puzzle]]
id = "a"
rules = {}
<BLANKLINE>
[puzzle.position]
trump = "6"
<BLANKLINE>
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["dumps_entries", "value"]

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(k: str) -> str:
    return k if _BARE.match(k) else json.dumps(k)


def value(v: object) -> str:
    """One TOML value."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, Mapping):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{_key(str(k))} = {value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, Sequence):
        return "[" + ", ".join(value(x) for x in v) + "]"
    raise TypeError(f"cannot write {v!r} as TOML")


def dumps_entries(table: str, entries: Sequence[Mapping[str, Any]], header: str = "") -> str:  # Any: TOML values of any shape the writer knows
    """``[[table]]`` entries; each entry's ``position`` becomes a ``[table.position]`` section."""
    out = [header] if header else []
    for e in entries:
        out.append(f"[[{table}]]")
        for k, v in e.items():
            if k != "position":
                out.append(f"{_key(k)} = {value(v)}")
        if "position" in e:
            out.append("")
            out.append(f"[{table}.position]")
            for k, v in e["position"].items():
                out.append(f"{_key(k)} = {value(v)}")
        out.append("")
    return "\n".join(out)
