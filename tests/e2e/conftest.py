"""Fixtures of the browser tests: one ``streamlit run`` server and one headless Chromium for
the whole session. Every test is marked ``e2e`` (run them alone with ``pytest tests/e2e``;
skip them with ``-m "not e2e"``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from moon_browser import app_server, chromium_available, launch


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
    with app_server() as url:
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
    ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    yield pg
    ctx.close()


@pytest.fixture
def teacher(browser: Any) -> Iterator[Any]:
    """A teacher's browser at 1440×900 (a context of its own)."""
    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    yield pg
    ctx.close()
