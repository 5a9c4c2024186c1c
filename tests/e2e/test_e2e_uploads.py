"""Browser tests of progress files: the download is built when the button is pressed (and is
the learner's whole export), and an upload with a bad field is refused by name, leaving the
progress as it was."""

from __future__ import annotations

import json
from typing import Any

from moon_browser import open_page, runs, settle, shot, wait_for

from store import events, learners, open_store, transfer
from store.events import LessonAnswer
from tutorial.services.items import course


def _open_save_box(page: Any) -> None:
    page.get_by_text("Save or load your progress").click()
    wait_for(page, ".st-key-progress-download button")


def test_the_progress_download_is_built_on_the_click(page: Any, server: str) -> None:
    db = open_store()
    me, token = learners.create(db, "Downloader")
    level = next(iter(course().levels()))
    events.write(db, me.id, LessonAnswer(level.id, False, answer=[1], stage_id=str(level.stage)),
                 LessonAnswer(level.id, True, answer=[2], stage_id=str(level.stage), try_number=2))
    open_page(page, f"{server}/progress?me={token}")
    _open_save_box(page)
    with page.expect_download() as dl:
        page.locator(".st-key-progress-download button").click()
    got = json.loads(open(dl.value.path(), encoding="utf-8").read())
    assert got == json.loads(json.dumps(transfer.export_dict(db, me.id)))
    assert [r["answer"] for r in got["lesson_attempts"]] == [[1], [2]]


def test_an_upload_with_negative_hints_is_refused_by_name(page: Any, server: str, tmp_path: Any) -> None:
    db = open_store()
    me, token = learners.create(db, "Uploader")
    level = next(iter(course().levels()))
    events.write(db, me.id, LessonAnswer(level.id, True, stage_id=str(level.stage)))
    bad = tmp_path / "bad-progress.json"
    bad.write_text(json.dumps({"format": "moon-tutor-progress", "version": 2, "lesson_attempts": [
        {"level": level.id, "correct": True, "hints": -3}]}))
    open_page(page, f"{server}/learn?me={token}")
    _open_save_box(page)
    page.locator(".st-key-progress-upload input[type=file]").set_input_files(str(bad))
    wait_for(page, '[data-testid="stAlert"]')
    settle(page)
    alerts = " ".join(page.locator('[data-testid="stAlert"]').all_inner_texts())
    assert "Lesson answer 1 ('lesson_attempts' entry 1): the number of hints ('hints') is out of range" in alerts and "unchanged" in alerts
    main = str(page.locator('[data-testid="stMain"]').inner_text())
    assert "Traceback" not in main and "ValueError" not in main
    assert len(transfer.export_dict(db, me.id)["lesson_attempts"]) == 1  # nothing was added


def _upload_deck(page: Any, server: str, path: Any) -> str:
    """Upload the deck file ``path`` in the Classroom's "Lesson deck" panel; the error said."""
    open_page(page, server + "/classroom")
    page.locator("[data-testid='stExpander'] summary", has_text="Lesson deck").click()
    before = runs(page)
    page.locator(".st-key-deck-upload input[type=file]").set_input_files(str(path))
    settle(page, since=before, coming=True)
    return str(page.locator("[data-testid='stAlertContentError']").inner_text())


def test_a_deck_whose_kind_is_a_list_is_refused_by_name_in_the_classroom(page: Any, server: str,
                                                                         tmp_path: Any) -> None:
    bad = tmp_path / "list-kind.json"
    bad.write_text(json.dumps({"format": "moon-deck-1", "entries": [{"kind": ["deal"]}]}))
    err = _upload_deck(page, server, bad)
    assert "Entry 1, field 'kind'" in err and "is not a kind of entry" in err and "unchanged" in err
    main = str(page.locator('[data-testid="stMain"]').inner_text())
    assert "TypeError" not in main and "unhashable" not in main


def test_an_empty_deck_file_is_said_to_be_empty(page: Any, server: str, tmp_path: Any) -> None:
    empty = tmp_path / "empty-deck.json"
    empty.write_bytes(b"")
    err = _upload_deck(page, server, empty)
    assert "This file is empty: it holds no deck." in err and "unchanged" in err
    assert "cut off" not in err


def test_a_cut_deck_link_on_the_classroom_says_so_where_it_is_seen(page: Any, server: str) -> None:
    from tutorial.services.decks import Deck, DeckEntry, deck_token

    deck = Deck("Trumps", (DeckEntry("note", title="Remember", note="The highest trump always wins."),
                           DeckEntry("note", title="Then", note="Count the trumps that are out.")))
    open_page(page, f"{server}/classroom?deck={deck_token(deck)[:40]}")
    wait_for(page, "[data-testid='stAlertContentError']")
    err = page.locator("[data-testid='stAlertContentError']").first
    assert err.is_visible()  # not folded away in the closed deck panel
    assert "The deck in the address cannot be used. This deck link is damaged" in str(err.inner_text())
    box = err.bounding_box()
    assert box is not None and box["y"] < page.viewport_size["height"]  # on the first screen
    shot(page, "classroom-cut-deck-link.png")
