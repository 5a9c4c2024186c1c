"""AppTest: the router, the shared frame and the Home page."""

from __future__ import annotations

import re

import pytest

from tutorial.testing import PAGE_FILES, errors, open_app, texts


def test_home_renders_with_the_frame() -> None:
    at = open_app("home")
    assert not at.exception, errors(at)
    page = texts(at)
    assert "Moon Tutor" in page
    assert "Your path" in page
    # a newcomer's Learn card says what there is to do, not "0 stars over 0 levels"
    assert "**0 stars** over" not in page and "levels**, up to three stars each" in page
    # The frame: house rules summary and progress in the sidebar; the large-tiles switch.
    side = " ".join(str(m.value) for m in at.sidebar.markdown)
    assert "classic rules" in side and "Your progress" in side
    assert at.sidebar.toggle(key="moon_large_tiles") is not None


def test_home_tiles_are_labelled_images() -> None:
    at = open_app("home")
    html = " ".join(str(m.value) for m in at.markdown)
    assert '<svg' in html and 'role="img"' in html and 'aria-label="6-4"' in html


def test_home_gives_no_answer_of_the_course_away() -> None:
    """Home's example tiles mark no trump and its caption says nothing of trumps: which tiles
    are trumps is what Learn's Stage 3 asks."""
    at = open_app("home")
    html = " ".join(str(m.value) for m in at.markdown)
    assert "trump\"" not in html and ", trump" not in html and "★" not in html
    tiles_and_trumps = re.compile(r"\b[0-6]-[0-6]\b.*\btrumps?\b|\btrumps?\b.*\b[0-6]-[0-6]\b|\bstars?\b", re.I)
    assert not [c.value for c in at.caption if tiles_and_trumps.search(c.value)]


def test_every_page_opens() -> None:
    at = open_app("home")
    for name, path in PAGE_FILES.items():
        at.switch_page(path).run()
        assert not at.exception, (name, errors(at))
        assert at.title, name


def test_large_tiles_switch_scales_the_tiles() -> None:
    at = open_app("home")
    small = next(str(m.value) for m in at.markdown if "<svg" in str(m.value))
    at.sidebar.toggle(key="moon_large_tiles").set_value(True).run()
    big = next(str(m.value) for m in at.markdown if "<svg" in str(m.value) and "moon-row" in str(m.value))
    assert 'width="62"' in small and 'width="99.2"' in big


def test_progress_shows_in_the_sidebar() -> None:
    from store.stats import Summary

    at = open_app("home", state={"moon_progress": Summary(stars={"a": 3, "b": 2}, hands_played=4)})
    side = " ".join(str(m.value) for m in at.sidebar.markdown)
    assert "5 stars" in side and "4 hands played" in side


def test_drills_are_named_by_their_stage_and_not_counted_as_levels() -> None:
    """A Play better drill played out is no level: Home and the sidebar count the stars of
    the lesson levels (the number Learn gives for the whole course) and the drill apart; the
    Progress page names a drill by its stage, never by its raw id."""
    from streamlit.testing.v1 import AppTest

    from store.stats import Summary
    from tutorial.components.state import PROGRESS
    from tutorial.services.items import course

    c = course()
    better = next(s for s in c.stages if s.part == "play-better")
    drill = f"{better.id}-drill"
    assert drill == "pb-draw-trumps-drill"
    stars = {c.stages[0].levels[0].id: 3, c.stages[0].levels[1].id: 2, drill: 3}
    at = open_app("home", state={PROGRESS: Summary(stars=stars)})
    assert not at.exception, errors(at)
    page = texts(at)
    assert "**5 stars** over **2 levels** · **1 drill** played out" in page, page
    side = " ".join(str(m.value) for m in at.sidebar.markdown)
    assert "5 stars · 2 levels · 1 drill" in side, side
    assert drill not in page + side

    def revisit() -> None:  # the first stage's drill is due for review (AppTest runs this alone)
        from datetime import UTC, datetime
        from types import SimpleNamespace

        from tutorial.components import progress_page

        progress_page.revisit(SimpleNamespace(  # type: ignore[arg-type]
            reviews=[("level", "pb-draw-trumps-drill", datetime.now(UTC), 1)]))

    app = AppTest.from_function(revisit, default_timeout=60)
    app.session_state[PROGRESS] = Summary(stars={drill: 1})
    app.run()
    assert not app.exception, errors(app)
    name = f"Play better 1: {better.title} — play it out"
    assert app.dataframe[0].value["Name"].tolist() == [name]
    assert any(name in str(m.value).replace("\\", "") for m in app.markdown), [m.value for m in app.markdown]
    assert not any(drill in str(m.value) for m in app.markdown)


def test_home_draws_its_three_cards_without_waiting_for_the_course(monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer's Home draws the Learn, Puzzles and Play cards in its first run, while the
    course is still loading (the walk saw the Learn card alone for a moment): the cards need
    only the number of levels, read from the course files."""
    import threading

    from tutorial.services import items

    loaded = threading.Event()

    def slow_load() -> object:
        """A course load that lasts until the page is drawn (or a minute)."""
        loaded.wait(60)
        return items.load_course_here()

    monkeypatch.setenv("MOON_WORKERS", "0")
    monkeypatch.setitem(items._LOADERS, "course", slow_load)
    items.forget_content()
    try:
        at = open_app("home", timeout=20)
    finally:
        loaded.set()
        items.forget_content()
    assert not at.exception, errors(at)
    page = texts(at)
    for card in ("### 1 · Learn", "### 2 · Puzzles", "### 3 · Play"):
        assert card in page, card
    assert f"**{len(list(items.course().levels()))} levels**, up to three stars each" in page
