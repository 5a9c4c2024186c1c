"""Browser tests of questions that must not answer themselves: Learn's trick levels are
titled by their topic (not "The double takes it") and their intros do not describe the
question's trick; two levels in a row never show the same hand for the same answer; Learn
names the seats as the table does; the Puzzles page never serves two puzzles in a row won
by the same kind of tile (the trump's double twice)."""

from __future__ import annotations

import itertools
import re
from typing import Any

from moon_browser import click_key, open_page, pick_kind

BOX = ".st-key-learn-level-box"


def _open_level(page: Any, server: str, level_id: str) -> tuple[str, str]:
    """Open a level by its own link; its title and the whole text of its box."""
    open_page(page, f"{server}/learn?level={level_id}")
    box = page.locator(BOX)
    return box.locator("h2").first.inner_text().strip(), box.inner_text()


def _hand(page: Any, level_id: str) -> set[str]:
    """The tiles offered to pick or play, read from their buttons' keys (``...-btn-43``)."""
    keys = page.locator(f"[class*='st-key-lv-{level_id}-tiles-btn-']").evaluate_all(
        "els => els.map(e => [...e.classList].find(c => c.includes('-tiles-btn-')))")
    return {f"{k[-2]}-{k[-1]}" for k in keys}


def test_learn_trick_levels_are_titled_by_topic_and_ask_their_own_hands(page: Any, server: str) -> None:
    """Stage 8 Levels 2-5 and Stage 7 Level 8 do not say what wins before the answer (the
    walk found "The double takes it", "Pips off the suit count for nothing" with "Here
    threes were led and two big doubles ... were thrown off", "A trump beats the suit ...
    even a small trump against a big double", "The two-suit tile wins by its other end",
    "Trumping in" above a hand with one trump); Stage 7 Levels 2 and 3 show different hands
    with different answers (both were 5-3 from one hand)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    said = {
        "win-top-of-suit": ("The double takes it", "The double of the suit led is its highest tile"),
        "win-pips-lie": ("count for nothing", "Here threes were led", "two big doubles"),
        "win-whole-trick": ("A trump beats the suit", "even a small trump against a big double"),
        "win-two-suit": ("wins by its other end",),
        "follow-last-to-play": ("Trumping in", "a trump takes the trick"),
    }
    for level_id, giveaways in said.items():
        title, text = _open_level(page, server, level_id)
        assert "Right!" not in text and "The answer:" not in text, text[:300]  # not answered yet
        for words in giveaways:
            assert words.lower() not in text.lower(), (level_id, words, title)
        assert not re.search(r"\b(?:wins|takes it|beats)\b", title, re.IGNORECASE), (level_id, title)
    title, _ = _open_level(page, server, "win-overtrump")  # its intro may teach that the higher trump wins
    assert title and "higher trump" not in title.lower(), title
    hands = {}
    for level_id in ("follow-two-suit-threes", "follow-two-suit-fives"):
        _open_level(page, server, level_id)
        hands[level_id] = _hand(page, level_id)
        assert len(hands[level_id]) == 7, hands
    assert hands["follow-two-suit-threes"] != hands["follow-two-suit-fives"], hands


def test_learn_names_the_seats_as_the_table_does_and_the_widow_the_right_way_round(page: Any, server: str) -> None:
    """Learn writes "Seat 0 led 4-2. You are Seat 1" and "Seats 0 and 2", as the table names
    its seats, never "seat 1"; Stage 1 Level 5 does not say the widow is why the set has 22
    tiles (the set has 22: three hands of 7 and the widow left over)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    _, text = _open_level(page, server, "follow-basic")
    assert "You are Seat 1" in text and not re.search(r"\bseat \d", text), text[:400]
    _, text = _open_level(page, server, "tiles-four-players")
    assert "Seats 0 and 2" in text and not re.search(r"\bseats? \d", text), text[:600]
    _, text = _open_level(page, server, "tiles-blanks")
    assert "widow" in text and "The widow is why" not in text and "and not 21" not in text, text[:600]


def test_puzzles_never_serve_the_same_kind_of_answer_twice_in_a_row(page: Any, server: str) -> None:
    """With the Kind filter on "Best play", the first puzzles served (Next puzzle, nothing
    answered) never have two in a row of the same answer pattern: the walk met 4-4, then 2-2,
    both the trump's double after a trump lead."""
    from puzzles.order import answer_pattern
    from tutorial.services.items import puzzles

    by_id = {p.id: p for p in puzzles()}
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{server}/puzzles")
    pick_kind(page, "Best play")
    box = page.locator(".st-key-pz-box")
    served = []
    for n in range(1, 6):
        assert f"puzzle {n} of " in box.inner_text(), box.inner_text()[:300]
        classes = box.locator("[class*='st-key-pz-play-'][class*='-tiles-hand']").first.get_attribute("class")
        served.append(re.search(r"st-key-pz-(play-\d+)-tiles-hand", classes or "").group(1))  # type: ignore[union-attr]
        click_key(page, "pz-next")
    patterns = [answer_pattern(by_id[i]) for i in served]
    assert all(a != b for a, b in itertools.pairwise(patterns)), [(i, by_id[i].answer_json()) for i in served]


def test_no_tooltip_over_the_next_puzzle_after_next_puzzle(page: Any, server: str) -> None:
    """Next puzzle clicked, the mouse still on it: no tooltip covers the new puzzle's buttons
    (the walk found "The next puzzle of this list…" over its Hint button); what Next puzzle and
    Make a new puzzle do is the caption under them."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{server}/puzzles")
    box = page.locator(".st-key-pz-box")
    first = box.inner_text()[:80]
    click_key(page, "pz-next")
    assert box.inner_text()[:80] != first
    box.get_by_role("button", name="Next puzzle").first.hover()
    page.wait_for_timeout(1500)  # a tooltip shows after a short hover delay
    tips = page.locator('[data-testid="stTooltipContent"]')
    assert not [t for t in tips.all() if t.is_visible()], [t.inner_text() for t in tips.all()]
    caption = box.inner_text()
    assert "Next puzzle: the next puzzle of this list (the filters above) that you have not solved." in caption, caption


def test_puzzles_with_no_filter_mix_the_kinds(page: Any, server: str) -> None:
    """/puzzles with no filter (newcomer7 #11): four of the first five puzzles were "Is it a
    trump?". The first five served (Next puzzle, nothing answered) are of five kinds, the
    same order as :func:`puzzles.order.served` gives, easiest of its kind first."""
    from puzzles.order import served as order
    from tutorial.services.items import puzzles

    everything = list(puzzles())
    by_id = {p.id: p for p in everything}
    open_page(page, f"{server}/puzzles")
    box = page.locator(".st-key-pz-box")
    seen = []
    for n in range(1, 6):
        assert f"puzzle {n} of " in box.inner_text(), box.inner_text()[:300]
        names = " ".join(box.locator("[class*='st-key-pz-']").evaluate_all(
            "els => els.map(e => e.className)")).split()
        ids = {i for i in by_id for c in names if c.startswith(f"st-key-pz-{i}-")}
        assert len(ids) == 1, ids
        seen.append(ids.pop())
        click_key(page, "pz-next")
    kinds = [by_id[i].kind for i in seen]
    assert len(set(kinds)) == 5, kinds
    assert seen == [p.id for p in order(everything)[:5]], seen
