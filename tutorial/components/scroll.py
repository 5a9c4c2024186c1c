"""Bringing a part of the page into view from its top when what it shows changes: the browser
keeps the scroll position across a run, so a part redrawn with new content (Learn's next level,
a phone's next question or its reveal) could start above the window."""

from __future__ import annotations

import json

import streamlit as st

#: The learner's own ways to scroll (a wheel, a finger, a key, a press on the scroll bar): a
#: page script that would scroll after a run stops waiting at the first of them, so the page
#: never scrolls against the learner (a JavaScript array).
LEARNER_EVENTS = "['wheel', 'touchmove', 'keydown', 'pointerdown']"

#: ``onceDrawn(look)``: call ``look()`` once the run has finished and its old elements (marked
#: stale) are gone, in the frame after each change to the page until it returns true (a loaded
#: browser draws a run's last elements late, so fixed times miss them); the learner's own
#: scrolling, or 8 s, ends the wait.
ONCE_DRAWN_JS = """
  const onceDrawn = (look) => {
    const app = document.querySelector('[data-testid="stApp"]');
    let frame = 0, done = false, watch = null;
    const stop = () => {
      done = true;
      if (watch) watch.disconnect();
      for (const kind of __EVENTS__) document.removeEventListener(kind, stop, true);
    };
    const ready = () => (!app || app.getAttribute('data-test-script-state') !== 'running')
      && !document.querySelector('[data-stale="true"]');
    const tryLook = () => { frame = 0; if (!done && ready() && look()) stop(); };
    watch = new MutationObserver(() => { if (!done && !frame) frame = requestAnimationFrame(tryLook); });
    watch.observe(document.body, {childList: true, subtree: true, attributes: true,
                                  attributeFilter: ['data-stale', 'data-test-script-state']});
    for (const kind of __EVENTS__) document.addEventListener(kind, stop, {capture: true, passive: true});
    frame = requestAnimationFrame(tryLook);
    setTimeout(stop, 8000);
  };""".replace("__EVENTS__", LEARNER_EVENTS)

_JS = """<script>
(() => {
  const now = %(shown)s;
  const was = window[%(memo)s];
  const phone = %(phone)s && window.innerWidth <= 640;
  window[%(memo)s] = now;
  if (was === now || was === undefined && !phone) return;%(once_drawn)s
  onceDrawn(() => {
    const box = document.querySelector(%(selector)s);
    if (!box) return false;%(blur)s
    const top = box.getBoundingClientRect().top;
    if (top < 0 || phone && top > 80) {
      box.style.scrollMarginTop = '4.5rem';
      box.scrollIntoView({block: 'start'});
    }
    return true;
  });
})();
</script>"""

#: Lets go of the element last focused (a tapped button stays focused and looks chosen).
_BLUR = """
    const a = document.activeElement;
    if (a && a !== document.body && a.blur) a.blur();"""


def top_on_change(selector: str, shown: str, memo: str, *, blur: bool = False, phone: bool = False) -> None:
    """Scroll the element ``selector`` into view from its top when ``shown`` (what it shows
    now) differs from what it showed at the last call with the same ``memo`` (a name kept on
    the browser's window) and its top is above the window, looked at once the run's page is
    drawn (:data:`ONCE_DRAWN_JS`: at most one scroll, none after the learner's own); ``blur``:
    also let go of the element last focused; ``phone``: in a window at most 640 px wide, also
    when it is first shown, and when its top is lower in the window (the header above it would
    push it below the fold). The script's text changes with ``shown``, so the browser runs it again when
    another thing is shown."""
    st.html(_JS % {"shown": json.dumps(shown), "memo": json.dumps(memo), "selector": json.dumps(selector),
                   "blur": _BLUR if blur else "", "phone": json.dumps(phone),
                   "once_drawn": ONCE_DRAWN_JS},
            unsafe_allow_javascript=True, width="content")
