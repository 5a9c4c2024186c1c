"""Browser tests of the teacher's live class (teacher8's walk, session 33): a move asked again
after its reveal is a new question (the projector's chart starts empty beside the face-down
question, the phones answer again). Screenshots go to artifacts/screenshots/class-*.png (with
MOON_SCREENSHOTS=1)."""

from __future__ import annotations

from typing import Any

from moon_browser import click, click_key, open_presenter, runs, settle, shot, start_live, wait_for

#: Deal 12 at move 12, basic computer: Seat 1 to play, its whole hand offered on the phones.
PRESENT = "/presenter?deal=12&computer=basic&move=12"

_CHART = "() => { const c = document.querySelector('.st-key-live-panel .live-chart'); return c ? " \
         "{revealed: c.dataset.revealed, answered: c.dataset.answered, question: c.dataset.question, " \
         "text: c.innerText} : null }"


def press(page: Any, key: str) -> None:
    before = runs(page)
    page.keyboard.press(key)
    settle(page, since=before)


def _chart(page: Any, revealed: str, answered: str, timeout: float = 30.0) -> dict[str, str]:
    page.wait_for_function(
        "([r, a]) => { const c = document.querySelector('.st-key-live-panel .live-chart');"
        " return c && c.dataset.revealed === r && c.dataset.answered === a }",
        arg=[revealed, answered], timeout=timeout * 1000)
    found = page.evaluate(_CHART)
    assert found is not None
    return dict(found)


def _join(phone: Any, server: str, code: str, name: str) -> None:
    phone.goto(f"{server}/live?code={code}")
    wait_for(phone, ".st-key-live-name input", 120)
    settle(phone)
    phone.locator(".st-key-live-name input").fill(name)
    click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
    wait_for(phone, ".live-who", 60)


def test_a_move_asked_again_after_its_reveal_is_a_new_question(kept_page: Any, server: str) -> None:
    """1024×768 projector (teacher8 #1): move 12 asked, a phone answers, → reveals, → the next
    move, ← back, "Pause and ask" again. The panel beside the face-down question shows no
    "Right:", no ✓ and no count per answer: "0 of 1 answered" of a new question; the phone
    gets the answer buttons again, its tap counts, and the next → reveals this time's answers."""
    projector = kept_page(1024, 768, "reask")
    open_presenter(projector, server + PRESENT)
    click_key(projector, "pres-ask")
    code = start_live(projector, close_join=True)
    phone = kept_page(390, 844, "reask-phone")
    _join(phone, server, code, "Fay")
    buttons = phone.locator("[class*='st-key-live-choice-'] button")
    buttons.first.wait_for(timeout=60_000)
    settle(phone)
    click(phone, buttons.first)
    first = _chart(projector, "0", "1")
    press(projector, "ArrowRight")  # the reveal
    _chart(projector, "1", "1")
    wait_for(phone, ".live-revealed", 30)
    press(projector, "ArrowRight")  # the next move (not asked)
    press(projector, "ArrowLeft")  # back to move 12
    click_key(projector, "pres-ask")  # asked again
    again = _chart(projector, "0", "0")
    assert again["question"] != first["question"], (first, again)
    assert "Right:" not in again["text"] and "✓" not in again["text"], again
    assert projector.locator(".st-key-live-panel .live-bar").count() == 0
    assert "0 of 1 answered" in " ".join(again["text"].split()), again
    shot(projector, "class-reask-1024x768.png")
    # The phone answers again.
    wait_for(phone, "[class*='st-key-live-choice-'] button", 30)
    assert phone.locator(".live-revealed").count() == 0
    settle(phone)
    click(phone, phone.locator("[class*='st-key-live-choice-'] button").last)
    wait_for(phone, ".live-got", 30)
    shot(phone, "class-reask-phone-390x844.png")
    _chart(projector, "0", "1")
    press(projector, "ArrowRight")
    revealed = _chart(projector, "1", "1")
    assert revealed["question"] == again["question"]
    assert projector.locator(".st-key-live-panel .live-bar").count() >= 2
