"""Fixtures of the browser tests: one ``streamlit run tutorial/server.py`` server (the app as
``make run`` serves it: ``tutorial/app.py`` plus its cookie routes), one ``streamlit run
tutorial/app.py`` server only for the tests that ask for it (``app_py_server``), and one headless
Chromium for the whole session. Every test is marked ``e2e`` (run them alone with ``pytest tests/e2e``;
skip them with ``-m "not e2e"``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from moon_browser import ROOT, app_server, chromium_available, launch, sized_context


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: browser tests (Playwright + Chromium against `streamlit run`)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    if not chromium_available():
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    pytest.importorskip("playwright")
    with app_server(script=ROOT / "tutorial" / "server.py") as url:
        yield url


@pytest.fixture(scope="session")
def app_py_server(server: str) -> Iterator[str]:
    """The app started as ``streamlit run tutorial/app.py`` (no cookie routes, no middleware:
    the page sets its cookies itself), on the same database as ``server``; started the first
    time a test asks for it and kept for the session."""
    with app_server() as url:
        yield url


@pytest.fixture(scope="session")
def browser(server: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture(scope="session")
def _contexts(browser: Any) -> Iterator[dict[str, Any]]:
    """The browser contexts that the ``page`` and ``teacher`` fixtures take their pages from,
    one per fixture, kept for the session: a new page there finds the app's scripts in the
    context's cache (a fresh context loads and compiles them again, 1-2 s a page under load)."""
    made: dict[str, Any] = {}
    yield made
    for ctx in made.values():
        ctx.close()


def _fresh_page(browser: Any, contexts: dict[str, Any], name: str, width: int, height: int) -> Any:
    """A new page at ``width``×``height`` in the kept context ``name``, with no cookie and no
    stored data: each test starts as a new visitor."""
    ctx = contexts.get(name)
    if ctx is None:
        ctx = contexts[name] = sized_context(browser, width, height)
    ctx.clear_cookies()
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    return pg


def _forget(contexts: dict[str, Any], name: str) -> None:
    """Close every page of the kept context ``name``, its site data first (cookies, local
    storage); a context that cannot be cleared is closed and made again for the next test."""
    from playwright.sync_api import Error

    ctx = contexts[name]
    try:
        for p in ctx.pages:
            if p.url.startswith("http"):
                p.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            p.close()
        ctx.clear_cookies()
    except Error:
        del contexts[name]
        ctx.close()


@pytest.fixture
def page(browser: Any, _contexts: dict[str, Any]) -> Iterator[Any]:
    """A learner's browser at 1440×1000, new to the app (no cookie, nothing stored)."""
    pg = _fresh_page(browser, _contexts, "page", 1440, 1000)
    yield pg
    _forget(_contexts, "page")


@pytest.fixture
def teacher(browser: Any, _contexts: dict[str, Any]) -> Iterator[Any]:
    """A teacher's browser at 1440×900 (a context of its own, apart from ``page``'s)."""
    pg = _fresh_page(browser, _contexts, "teacher", 1440, 900)
    yield pg
    _forget(_contexts, "teacher")


@pytest.fixture
def projector(browser: Any, _contexts: dict[str, Any]) -> Iterator[Any]:
    """The room's projector: a browser at 1920×1080 (a context of its own), new to the app."""
    pg = _fresh_page(browser, _contexts, "projector", 1920, 1080)
    pg.set_default_timeout(90_000)
    yield pg
    _forget(_contexts, "projector")


@pytest.fixture
def kept_page(browser: Any, _contexts: dict[str, Any]) -> Iterator[Callable[..., Any]]:
    """``kept_page(width, height, name="")``: a new page at ``width``×``height`` (a phone's
    below :data:`moon_browser.PHONE_WIDTH`), new to the app, from a context kept for the session
    like ``page``'s. The same ``name`` and size give pages of one browser (the same cookies);
    another ``name`` gives another browser (three phones: ``"1"``, ``"2"``, ``"3"``). Every
    context used is cleared after the test. A test that needs a browser of its own (options,
    stored state, one closed on purpose) makes it with ``sized_context``."""
    used: list[str] = []

    def make(width: int, height: int, name: str = "") -> Any:
        key = f"kept-{name}-{width}x{height}"
        if key in used:  # the same browser again: its cookies stay
            pg = _contexts[key].new_page()
            pg.set_default_timeout(60_000)
            return pg
        used.append(key)
        return _fresh_page(browser, _contexts, key, width, height)

    yield make
    for key in used:
        _forget(_contexts, key)
