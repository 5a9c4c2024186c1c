"""Text safety: what a user typed (a name, a class or deck title, a note) or what a shared
link or file holds is shown back literally, never as formatting.

Through Markdown (``st.markdown``, captions, alerts, toasts, widget labels): :func:`md_escape`.
It backslash-escapes every ASCII punctuation character, so no link, image, heading, emphasis,
HTML tag, ``:red[…]`` colour, ``:material/…:`` icon, ``:emoji:`` or ``$…$`` formula can be
made from it, and it breaks up what the renderer would turn into a link by itself (a bare
``http://``, ``www.`` or e-mail address, which it finds in the text *after* the escapes are
read) with an invisible word joiner (U+2060).

>>> md_escape("[click](http://x) ![i](y) *bold* <b>")
'\\\\[click\\\\]\\\\(http\\u2060\\\\:\\\\/\\\\/x\\\\) \\\\!\\\\[i\\\\]\\\\(y\\\\) \\\\*bold\\\\* \\\\<b\\\\>'
>>> md_escape(":red[R] $x$")
'\\\\:red\\\\[R\\\\] \\\\$x\\\\$'
>>> md_escape("WWW.x.org ada@x.org").replace(WORD_JOINER, "|")
'WWW|\\\\.x\\\\.org ada|\\\\@x\\\\.org'

Inside an HTML block (``st.markdown(…, unsafe_allow_html=True)`` whose text starts with a
``<div>``, ``<section>`` …): :func:`html_text`. Markdown reads an HTML block as HTML only up to
its first blank line, so a line break in the text is written as a character reference.

>>> html_text('a <b> & "c"\\n\\n**d**')
'a &lt;b&gt; &amp; &quot;c&quot;&#10;&#10;**d**'
"""

from __future__ import annotations

import re
import string
from html import escape

__all__ = ["TILE_NAME", "WORD_JOINER", "html_text", "lines_html", "md_escape", "names_html", "numbers_html",
           "unbroken"]

_SPECIAL = set(string.punctuation)
#: An invisible character that joins what is on either side (no space, no line break).
WORD_JOINER = "\u2060"
#: Where the renderer would start a link of its own: ``http://``, ``https://``, ``www.``.
_AUTOLINK = re.compile(r"(?i)(?:https?(?=://)|www(?=\.))")


def md_escape(text: str) -> str:
    """``text`` for Markdown, shown literally (see the module docstring)."""
    text = _AUTOLINK.sub(lambda m: m.group(0) + WORD_JOINER, str(text)).replace("@", WORD_JOINER + "@")
    return "".join("\\" + c if c in _SPECIAL else c for c in text)


def html_text(text: str) -> str:
    """``text`` for an HTML block, shown literally (see the module docstring)."""
    return escape(str(text)).replace("\r", "&#13;").replace("\n", "&#10;")


#: A tile's written name ("6-5") inside a text: the browser may break a line after a hyphen,
#: so each name is wrapped in a ``moon-tn`` span that the ``frame`` sheet keeps on one line.
TILE_NAME = re.compile(r"(?<![\w-])[0-6]-[0-6](?![\w-])")


def names_html(html: str) -> str:
    """``html`` (already escaped) with every tile name wrapped in a span that never breaks.

    >>> names_html("Seat 1 plays 6-5, then 4-0.")
    'Seat 1 plays <span class="moon-tn">6-5</span>, then <span class="moon-tn">4-0</span>.'
    """
    return TILE_NAME.sub(lambda m: unbroken(m.group(0)), html)


def unbroken(html: str) -> str:
    """``html`` (already escaped) in a span that the ``frame`` sheet keeps on one line (as a
    tile name): a short piece such as "computer: basic" or "6: ★★☆" never split at the end of a
    line.

    >>> unbroken("6: ★★☆")
    '<span class="moon-tn">6: ★★☆</span>'
    """
    return f'<span class="moon-tn">{html}</span>'


#: A word and its number ("hand 2", "Seat 1 0", "trick 3"), or a number and its word ("3 players").
_WORD_NUMBER = re.compile(r"\b[A-Za-z]+ \d+(?: \d+)?\b|\b\d+ [A-Za-z]+\b")


def numbers_html(escaped: str) -> str:
    """``escaped`` (text already escaped by :func:`md_escape` or :func:`html_text`, for a
    Markdown that allows HTML) with every word kept on one line with its number (see
    :func:`unbroken`).

    >>> numbers_html(md_escape("game 31, hand 1 · You 0, Seat 1 0 · 3 players"))
    '<span class="moon-tn">game 31</span>\\\\, <span class="moon-tn">hand 1</span> · <span class="moon-tn">You 0</span>\\\\, <span class="moon-tn">Seat 1 0</span> · <span class="moon-tn">3 players</span>'
    """
    return _WORD_NUMBER.sub(lambda m: unbroken(m.group(0)), escaped)


def lines_html(text: str) -> str:
    """The engine's words (a reason, a feedback: plain sentences, with a short Markdown list of
    ``- `` lines where they are about several tiles) as HTML: each paragraph a ``<p>``, each
    list a ``<ul>``, every character escaped and every tile name kept on one line.

    >>> lines_html("The tiles that fit: 0-0.\\n- 0-0 stays.\\n- 3-0 <goes>.")
    '<p>The tiles that fit: <span class="moon-tn">0-0</span>.</p><ul><li><span class="moon-tn">0-0</span> stays.</li><li><span class="moon-tn">3-0</span> &lt;goes&gt;.</li></ul>'
    >>> lines_html("One sentence,\\nwrapped.")
    '<p>One sentence, wrapped.</p>'
    """
    out: list[str] = []
    para: list[str] = []
    items: list[str] = []

    def close() -> None:
        if para:
            out.append(f"<p>{names_html(escape(' '.join(para)))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{names_html(escape(i))}</li>" for i in items) + "</ul>")
            items.clear()

    for raw in str(text).splitlines():
        line = raw.strip()
        if line.startswith(("- ", "* ")):
            if para:
                close()
            items.append(line[2:].strip())
        elif not line:
            close()
        elif items and raw[:1].isspace():  # a list item's line run on
            items[-1] += " " + line
        else:
            if items:
                close()
            para.append(line)
    close()
    return "".join(out)
