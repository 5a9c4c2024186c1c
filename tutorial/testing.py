"""Helpers for the app's AppTest suites (``tests/test_app_*.py``): start the app on a page,
find buttons by key, and play a whole hand through the Play page's buttons."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutorial.pages import page_files

APP = Path(__file__).resolve().with_name("app.py")

#: The page files, as ``AppTest.switch_page`` wants them (from :mod:`tutorial.pages`).
PAGE_FILES = page_files()

os.environ.setdefault("MOON_NO_WARMUP", "1")
#: The AppTests think in their own process (the worker pool is covered by its own tests).
os.environ.setdefault("MOON_WORKERS", "0")


def open_app(page: str = "home", query: Mapping[str, str] | None = None, *, timeout: float = 60,
             state: Mapping[str, object] | None = None) -> AppTest:
    """The app run once on ``page`` (with URL query parameters and session state set first)."""
    at = AppTest.from_file(str(APP), default_timeout=timeout)
    for k, v in (state or {}).items():
        at.session_state[k] = v
    at.run()
    if page != "home":
        for k, v in (query or {}).items():
            at.query_params[k] = v
        at.switch_page(PAGE_FILES[page]).run()
    elif query:
        for k, v in query.items():
            at.query_params[k] = v
        at.run()
    return at


def keys(at: AppTest, prefix: str, *, enabled: bool = True) -> list[str]:
    """Keys of the buttons whose key starts with ``prefix`` (only enabled ones by default)."""
    out = []
    for b in at.button:
        k = b.key or ""
        if k.startswith(prefix) and (not enabled or not b.disabled):
            out.append(k)
    return out


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    return at


def errors(at: AppTest) -> list[str]:
    """Exceptions shown on the page (should be none)."""
    return [str(e.value) for e in at.exception]


def texts(at: AppTest) -> str:
    """All markdown, captions, alerts on the page, as one text (for assertions)."""
    parts: list[str] = []
    for kind in ("markdown", "caption", "info", "success", "warning", "error", "title", "header", "subheader"):
        for el in getattr(at, kind):
            parts.append(str(el.value))
    return "\n".join(parts)


def play_hand(at: AppTest, *, bid: str = "bid-4", max_steps: int = 300) -> AppTest:
    """Play the current hand to its end through the buttons: bid (``bid`` if offered, else
    pass), discard the first tile, name the first trump, play the first legal tile, and press
    Next for the computer players."""
    for _ in range(max_steps):
        assert not at.exception, errors(at)
        if keys(at, "next-hand") or at.session_state["moon_play"].game.hand_finished:
            return at
        if keys(at, "next-move"):
            click(at, "next-move")
        elif keys(at, "bid-"):
            click(at, bid if bid in keys(at, "bid-") else keys(at, "bid-")[0])
        elif keys(at, "discard-btn-"):
            click(at, keys(at, "discard-btn-")[0])
        elif keys(at, "trump-"):
            click(at, keys(at, "trump-")[0])
        elif keys(at, "hand-btn-"):
            click(at, keys(at, "hand-btn-")[0])
        else:
            raise AssertionError("no button to press: " + texts(at)[:2000])
    raise AssertionError("the hand did not finish")
