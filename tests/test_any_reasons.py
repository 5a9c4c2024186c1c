"""Each ``Any`` says why: a line of the project's code that uses ``typing.Any`` (in an
annotation, an alias, a cast, or a string type such as ``"Task[Any]"``) carries a comment on
that line, ``# Any: <why the type cannot be said better>``, and no package has 30 such lines
or more. Where a type can be said (a TypedDict, a Protocol, ``object``, a union) it is said
instead.

Import lines do not count; nor do ``Any`` in prose (docstrings, messages, comments)."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PACKAGES = ("engine", "content", "lessons", "puzzles", "notebook", "store", "tutorial", "bench")

#: Fewer than this many lines with ``Any`` per package.
MOST = 30

#: A string that is a type written out: ``"Task[Any]"``, ``"dict[str, Any] | None"``.
_TYPE_STRING = re.compile(r"[\w.]+\[[\w\[\], .|]*\](\s*\|\s*[\w.\[\], ]+)*")

#: The comment that gives the reason: ``# Any:`` and at least three words of why.
_REASON = re.compile(r"#\s*Any:\s*\S+\s+\S+\s+\S+")


def any_lines(source: str) -> dict[int, str]:
    """The lines (by number) of ``source`` that use ``Any`` in code, each with the comment on
    that line (``""`` when it has none); import statements left out.

    >>> src = 'from typing import Any\\nx: Any = 1  # Any: a reason is here\\ny = "Any word"\\nz: "list[Any]"\\n'
    >>> any_lines(src)
    {2: '# Any: a reason is here', 4: ''}
    """
    lines: dict[int, str] = {}
    comments: dict[int, str] = {}
    importing = False
    at_start = True
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
            if tok.type == tokenize.NEWLINE:
                importing, at_start = False, True
            continue
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = tok.string
            continue
        if at_start:
            importing = tok.type == tokenize.NAME and tok.string in ("import", "from")
            at_start = False
        if importing:
            continue
        if tok.type == tokenize.NAME and tok.string == "Any":
            lines[tok.start[0]] = ""
        elif tok.type == tokenize.STRING:
            text = tok.string.strip("\"'")
            if _TYPE_STRING.fullmatch(text) and re.search(r"\bAny\b", text):
                lines[tok.start[0]] = ""
    return {n: comments.get(n, "") for n in sorted(lines)}


def unreasoned(source: str) -> list[int]:
    """The lines of ``source`` that use ``Any`` without a ``# Any: <why>`` comment."""
    return [n for n, comment in any_lines(source).items() if not _REASON.search(comment)]


def _package_lines(package: str) -> dict[str, dict[int, str]]:
    out = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        found = any_lines(path.read_text(encoding="utf-8"))
        if found:
            out[path.relative_to(ROOT).as_posix()] = found
    return out


@pytest.mark.parametrize("package", PACKAGES)
def test_every_any_says_why(package: str) -> None:
    lines = _package_lines(package)
    bare = {f"{path}:{n}" for path, found in lines.items() for n, c in found.items() if not _REASON.search(c)}
    assert sorted(bare) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_fewer_than_30_lines_with_any_per_package(package: str) -> None:
    assert sum(len(found) for found in _package_lines(package).values()) < MOST


def test_the_check_finds_an_any_without_a_reason() -> None:
    src = (
        "from typing import Any, TypeAlias\n"
        "import typing\n"
        "def f(x: Any) -> Any:  # Any: callers pass anything at all\n"
        "    y: dict[str, Any] = {}\n"
        "    z: typing.Any = 1  # a note\n"
        "    w: list[Any] = []  # Any:\n"
        '    return "Any tile may be led"  # Any in prose\n'
        'Alias: TypeAlias = "Task[Any]"\n'
        "def g(\n"
        "    a: Any,  # Any: the library gives no type\n"
        "    b: Any,\n"
        ") -> None: ...\n"
    )
    assert unreasoned(src) == [4, 5, 6, 8, 11]
