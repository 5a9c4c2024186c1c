"""Limits on what the engine reads, and the helpers that enforce them.

Everything that turns text into a number goes through :func:`parse_int`: ASCII digits only
(``"²"`` and ``"٤"`` are digits to :meth:`str.isdigit` but not to a learner), a cap on the
length before :func:`int` is called, and a range. Error messages quote at most
:data:`MAX_QUOTE` characters of the bad input (:func:`quote`).

>>> parse_int("42", "a deal number", 0, 100)
42
>>> parse_int("٤٢", "a deal number", 0, 100)
Traceback (most recent call last):
...
engine.errors.ParseError: a deal number is a whole number from 0 to 100 written with the digits 0-9, not '٤٢'
>>> quote("9" * 500) == repr("9" * MAX_QUOTE) + "…"
True
"""

from __future__ import annotations

from engine.errors import ParseError

__all__ = ["MAX_HANDS", "MAX_QUOTE", "is_ascii_number", "json_trouble", "parse_int", "quote"]

#: The longest piece of a bad input an error message repeats.
MAX_QUOTE = 80

#: The most hands one game may have (a game to the usual target takes about ten; thrown-in
#: hands included). A record or link with more is refused.
MAX_HANDS = 200

_DIGITS = frozenset("0123456789")


def quote(value: object, limit: int = MAX_QUOTE) -> str:
    """``repr(value)``, cut to about ``limit`` characters with "…" when longer.

    Strings are cut before ``repr`` is taken, so a 10 MB string costs nothing, and a huge
    integer is described by its size (its digits are never written out).
    """
    if isinstance(value, str | bytes) and len(value) > limit:
        return repr(value[:limit]) + "…"
    if isinstance(value, int) and value.bit_length() > 3 * limit:
        return f"<a number of about {int(value.bit_length() * 0.30103)} digits>"
    if isinstance(value, list | tuple | dict | set) and len(value) > limit:
        return f"<a {type(value).__name__} of {len(value)} items>"
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        return f"<a {type(value).__name__} too deep or too large to show>"
    return text if len(text) <= limit else text[:limit] + "…"


def json_trouble(error: ValueError, text: str) -> str:
    """Where a JSON text goes wrong, in plain words (for a ``json.JSONDecodeError`` raised
    reading ``text``): cut off, not JSON at all, or damaged at a line and column.

    >>> import json
    >>> def trouble(t):
    ...     try:
    ...         json.loads(t)
    ...     except json.JSONDecodeError as e:
    ...         return json_trouble(e, t)
    >>> trouble('{"a": "cut'), trouble('{"a": [1, 2'), trouble("hello"), trouble('{"a": 1,, "b": 2}')
    ('it ends before it is complete (was it cut off?)', 'it ends before it is complete (was it cut off?)', \
'it is not JSON text at all', 'it is damaged at line 1, column 9')
    """
    pos, line, col = (getattr(error, name, None) for name in ("pos", "lineno", "colno"))
    msg = str(getattr(error, "msg", ""))
    if msg.startswith("Unterminated string") or (isinstance(pos, int) and pos >= len(text.rstrip())):
        return "it ends before it is complete (was it cut off?)"
    if pos == 0 or not text.strip():
        return "it is not JSON text at all"
    return f"it is damaged at line {line}, column {col}"


def is_ascii_number(text: str) -> bool:
    """True if ``text`` is one or more of the ASCII digits 0-9 and nothing else."""
    return bool(text) and text.isascii() and text.isdigit()


def parse_int(text: str, what: str, lo: int, hi: int) -> int:
    """Read a whole number from ``lo`` to ``hi`` written with the digits 0-9.

    Leading and trailing spaces are ignored; anything else (signs, other scripts' digits,
    more digits than ``hi`` has) raises :class:`ParseError` saying what ``what`` must be,
    without calling :func:`int` on an overlong string.
    """
    must = f"{what} is a whole number from {lo} to {hi} written with the digits 0-9"
    if not isinstance(text, str):
        raise ParseError(f"{must}, not {quote(text)}")
    t = text.strip()
    if not is_ascii_number(t):
        raise ParseError(f"{must}, not {quote(t)}" if t else f"{must}; nothing was given")
    digits = t.lstrip("0") or "0"
    if len(digits) > len(str(hi)):
        raise ParseError(f"{must}; {quote(t)} is far too large")
    n = int(digits)
    if not lo <= n <= hi:
        raise ParseError(f"{must}, not {n}")
    return n
