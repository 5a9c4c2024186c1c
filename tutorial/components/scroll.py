"""Bringing a part of the page into view from its top when what it shows changes: the browser
keeps the scroll position across a run, so a part redrawn with new content (Learn's next level,
a phone's next question or its reveal) could start above the window."""

from __future__ import annotations

import json

import streamlit as st

_JS = """<script>
(() => {
  const now = %(shown)s;
  const was = window[%(memo)s];
  const phone = %(phone)s && window.innerWidth <= 640;
  window[%(memo)s] = now;
  if (was === now || was === undefined && !phone) return;
  const up = () => {%(blur)s
    const box = document.querySelector(%(selector)s);
    const top = box ? box.getBoundingClientRect().top : 0;
    if (box && (top < 0 || phone && top > 80)) {
      box.style.scrollMarginTop = '4.5rem';
      box.scrollIntoView({block: 'start'});
    }
  };
  requestAnimationFrame(up);
  setTimeout(up, 150);
  setTimeout(up, 600);
})();
</script>"""

#: Lets go of the element last focused (a tapped button stays focused and looks chosen).
_BLUR = """
    const a = document.activeElement;
    if (a && a !== document.body && a.blur) a.blur();"""


def top_on_change(selector: str, shown: str, memo: str, *, blur: bool = False, phone: bool = False) -> None:
    """Scroll the element ``selector`` into view from its top when ``shown`` (what it shows
    now) differs from what it showed at the last call with the same ``memo`` (a name kept on
    the browser's window) and its top is above the window; ``blur``: also let go of the
    element last focused; ``phone``: in a window at most 640 px wide, also when it is first
    shown, and when its top is lower in the window (the header above it would push it below
    the fold). The script's text changes with ``shown``, so the browser runs it again when
    another thing is shown."""
    st.html(_JS % {"shown": json.dumps(shown), "memo": json.dumps(memo), "selector": json.dumps(selector),
                   "blur": _BLUR if blur else "", "phone": json.dumps(phone)},
            unsafe_allow_javascript=True, width="content")
