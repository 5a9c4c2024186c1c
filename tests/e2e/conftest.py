"""Fixtures of the browser tests: one ``streamlit run tutorial/server.py`` server (the app as
``make run`` serves it: ``tutorial/app.py`` plus its cookie route) and one headless Chromium for
the whole session. Every test is marked ``e2e`` (run them alone with ``pytest tests/e2e``;
skip them with ``-m "not e2e"``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from moon_browser import ROOT, app_server, chromium_available, launch, sized_page


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
def browser(server: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    pg = sized_page(browser, 1440, 1000)
    yield pg
    pg.context.close()


@pytest.fixture
def teacher(browser: Any) -> Iterator[Any]:
    """A teacher's browser at 1440×900 (a context of its own)."""
    pg = sized_page(browser, 1440, 900)
    yield pg
    pg.context.close()
