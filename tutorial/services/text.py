"""Text safety: messages that quote what a user typed (or what a shared link holds) are shown
through Markdown, so their punctuation is escaped first: a crafted link cannot turn into a
link, an image or a heading on someone else's screen.

>>> md_escape("[click](http://x) ![i](y) *bold* <b>")
'\\\\[click\\\\]\\\\(http\\\\:\\\\/\\\\/x\\\\) \\\\!\\\\[i\\\\]\\\\(y\\\\) \\\\*bold\\\\* \\\\<b\\\\>'
"""

from __future__ import annotations

import string

__all__ = ["md_escape"]

_SPECIAL = set(string.punctuation)


def md_escape(text: str) -> str:
    """Backslash-escape every ASCII punctuation character (CommonMark shows it literally)."""
    return "".join("\\" + c if c in _SPECIAL else c for c in str(text))
