"""JSON lines, the benchmarks' one file format for results: one JSON object a line, appended
and flushed as each row is made (a run cut short keeps what it finished; ``--merge`` reads
several runs' files back as one).

>>> import io
>>> out = io.StringIO()
>>> write_line(out, {"deal": 1, "won": True}); write_line(None, {"deal": 2})
>>> out.getvalue()
'{"deal": 1, "won": true}\\n'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, TextIO

__all__ = ["read_lines", "write_line"]


def write_line(out: TextIO | None, row: Mapping[str, Any]) -> None:  # Any: JSON values of any shape
    """Append ``row`` to ``out`` as one line and flush it (nothing without a file)."""
    if out is not None:
        out.write(json.dumps(row) + "\n")
        out.flush()


def read_lines(paths: Iterable[str]) -> list[Any]:  # Any: each caller casts to its row type
    """Every row of the JSON-lines files ``paths``, in order (blank lines skipped)."""
    rows: list[Any] = []  # Any: each caller casts to its row type
    for path in paths:
        with open(path) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return rows
