"""Reading uploaded JSON (files and links) without letting it crash or burden the server.

:func:`read_upload` takes what an upload widget or a link gives (bytes, text or an already
parsed dict), refuses what is too large, not text, nested too deeply or holding integers of
thousands of digits, and raises the caller's error class with a sentence for the user.

>>> read_upload(b'{"a": 1}', "deck", 100, ValueError)
{'a': 1}
>>> read_upload("[" * 40 + "]" * 40, "deck", 1000, ValueError)
Traceback (most recent call last):
...
ValueError: This deck is nested too deeply (more than 32 levels) to be read.
>>> read_upload(b"", "deck", 100, ValueError)
Traceback (most recent call last):
...
ValueError: This file is empty: it holds no deck.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from engine.limits import json_trouble

__all__ = ["MAX_JSON_DEPTH", "read_json", "read_upload"]

#: JSON nested deeper than this is refused before it is parsed (a record nests 4 deep).
MAX_JSON_DEPTH = 32


def read_json(text: str, what: str = "file", error: type[ValueError] = ValueError) -> object:
    """Parse uploaded JSON text, refusing what would crash or burden the parser.

    Deep nesting (Python's parser would hit its recursion limit) and integers of thousands
    of digits (Python refuses to convert them) raise ``error`` with a sentence for the user,
    like a syntax error does.
    """
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:  # a cheap scan: brackets outside strings
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_JSON_DEPTH:
                    raise error(f"This {what} is nested too deeply (more than {MAX_JSON_DEPTH} levels) to be read.")
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise error(f"This {what} is not valid JSON: {json_trouble(e, text)}.") from None
    except RecursionError:  # pragma: no cover - the scan above refuses deep nesting first
        raise error(f"This {what} is nested too deeply to be read.") from None
    except ValueError:
        # Python refuses to read integers of more than 4,300 digits.
        raise error(f"This {what} holds a number with thousands of digits; no number in it is that long.") from None


def read_upload(data: str | bytes | bytearray | Mapping[str, object], what: str, max_bytes: int,
                error: type[ValueError]) -> object:
    """The JSON value of an upload (``bytes``), a text or a dict given as it is.

    Text or bytes over ``max_bytes``, bytes that are not UTF-8, an empty file, and everything
    :func:`read_json` refuses raise ``error`` with a message naming ``what`` the file is for.
    """
    if isinstance(data, bytes | bytearray):
        if len(data) > max_bytes:
            raise error(f"This file is too large to be a {what} ({len(data)} bytes; at most {max_bytes}).")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise error(f"This file is not a text file: a {what} is JSON text.") from None
        if not data.strip():
            raise error(f"This file is empty: it holds no {what}.")
    if isinstance(data, str):
        if len(data) > max_bytes:
            raise error(f"This text is too large to be a {what}.")
        return read_json(data, what, error)
    return data
