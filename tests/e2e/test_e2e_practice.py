"""Browser tests of Practice: the reviews it counts are the puzzles it serves first, then a Play
better position of a principle the learner's game showed them missing, saying why; a puzzle's
themes appear after the answer, by their titles (there and on Progress)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from moon_browser import click, click_key, open_page, runs, settle

from puzzles.themes import theme_title
from store import events, learners, open_store
from store.models import Learner, Review, now
from tutorial.services.items import course, puzzles


def _served(page: Any) -> str:
    """The id of the puzzle in Practice's box (its "Show the answer" button is keyed by it)."""
    cls = page.locator(".st-key-practice-box [class*='-solution']").first.get_attribute("class")
    key = next(c for c in cls.split() if c.startswith("st-key-pr-") and c.endswith("-solution"))
    return key.removeprefix("st-key-pr-").removesuffix("-solution")


def _wait_served_other(page: Any, shown: str, timeout: float = 60.0) -> None:
    """Wait until Practice's box no longer holds puzzle ``shown`` and the app is settled (the
    run of a click that started late, past :func:`moon_browser.click`'s wait)."""
    page.wait_for_function(
        "(id) => { const b = document.querySelector('.st-key-practice-box [class*=\"-solution\"]');"
        " return b && !b.classList.contains('st-key-pr-' + id + '-solution'); }",
        arg=shown, timeout=timeout * 1000, polling=50)
    settle(page)


#: Whether the folded panel (``details``) is open and done opening: Streamlit animates its
#: height for half a second, its content clipped (``overflow: hidden``) meanwhile.
_OPENED = "(d) => d.open && d.getAnimations().length === 0 && !d.style.overflow && !d.style.height"


def _open_panel(expander: Any) -> None:
    """Open the folded panel ``expander`` (in the browser, with no run of the page) and wait
    until it has finished opening. While it opens, a button in it is clipped but has its box:
    Playwright may scroll the clipped panel to reach it and take the point where the button
    shows then, which holds the panel's heading once the animation ends and the panel's content
    moves back; the click then lands on the heading and the button never gets it (the daily's
    "Show the answer" lost so, 1 run in 6 at load 24)."""
    expander.locator("summary").click()
    expander.locator("h4").wait_for()
    expander.page.wait_for_function(_OPENED, arg=expander.locator("details").element_handle(), timeout=30_000)


def _wait_daily_done(page: Any, since: int, timeout: float = 60.0) -> None:
    """Wait until the daily's heading says "done ✓"; if it does not, fail saying what the page
    did after the click (the runs finished since ``since``, the app's state, any error shown,
    the headings), so a lost click tells apart from a run that failed or never ended."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.locator('[data-testid="stMain"] [data-testid="stExpander"] summary', has_text="done ✓").wait_for(
            timeout=timeout * 1000)
    except PlaywrightTimeout:
        state = page.evaluate("() => document.querySelector('[data-testid=stApp]').dataset.testScriptState")
        raise AssertionError({
            "runs after the click": runs(page) - since, "script state": state,
            "errors": page.locator('[data-testid="stException"]').all_inner_texts(),
            "headings": page.locator('[data-testid="stMain"] [data-testid="stExpander"] summary').all_inner_texts(),
        }) from None


def _due_now(db: Any, learner_id: int, kind: str, item_id: str) -> None:
    with db.session() as s:
        s.get(Review, (learner_id, kind, item_id)).due_at = now() - timedelta(minutes=1)


def test_practice_serves_the_reviews_it_counts_first(page: Any, server: str) -> None:
    """Practice is open on a new puzzle when a missed puzzle comes due (a missed Learn level
    and a missed generated puzzle too): the next run counts the one puzzle it can serve and
    serves it, instead of "3 reviews due" over the new puzzle. Then, the learner's game having
    shown Drawing trumps missed, the next turn is a position of it that says so and links the
    stage; answered right, the turn after is a puzzle again."""
    db = open_store()
    me, token = learners.create(db)
    open_page(page, f"{server}/practice?me={token}")
    first = _served(page)
    pool = [p for p in puzzles() if p.id != first]
    missed = max(pool, key=lambda p: abs(p.rating - 1500))
    level = course().stages[0].levels[0]
    events.write(db, me.id, events.PuzzleAnswer(missed.id, False, kind=missed.kind, themes=tuple(missed.themes)),
                 events.PuzzleAnswer("gen-play-123456", False, kind="play"),
                 events.LessonAnswer(level.id, False, stage_id=level.stage))
    for kind, item in (("puzzle", missed.id), ("puzzle", "gen-play-123456"), ("level", level.id)):
        _due_now(db, me.id, kind, item)
    click(page, page.get_by_text("Large tiles (projector)"))  # any run of the page
    main = page.locator('[data-testid="stMain"]').inner_text()
    assert "1 puzzle review due, served first" in main, main
    assert _served(page) == missed.id

    events.write(db, me.id, events.PrincipleMissed("8-0123456789", 2, 1, "draw-trumps", "6-6", "5-5", 3))
    box = page.locator(".st-key-practice-box")
    click(page, box.get_by_role("button", name="Next puzzle"))
    box.get_by_text("A Play better position for you").wait_for()
    text = box.inner_text()
    assert "You missed Drawing trumps in your game of" in text and "(hand 2, trick 1: you played 6-6 " in text, text
    link = box.get_by_role("link", name="Play better 1: Drawing trumps")
    assert link.get_attribute("href").endswith("/learn?level=draw-trumps-1")
    cls = box.locator("[class*='-tiles-btn-']").first.get_attribute("class")
    level_id = next(c for c in cls.split() if c.startswith("st-key-prl-")).removeprefix("st-key-prl-").split("-tiles-btn-")[0]
    level = course().level(level_id)
    assert level.stage == "pb-draw-trumps" and level.position.players == 3 and level.question in text
    right = level.answer()
    click_key(page, f"prl-{level.id}-tiles-btn-{right.high}{right.low}")
    box.get_by_text("Right!").wait_for()
    click(page, box.get_by_role("button", name="Next puzzle"))
    box.get_by_text("Your next puzzle").wait_for()
    assert _served(page) in {p.id for p in puzzles()}


def test_themes_come_after_the_answer_by_their_titles(page: Any, server: str) -> None:
    """Practice's puzzle and the puzzle of the day name no theme before the answer; after
    "Show the answer" the themes are named by their titles, and Progress draws them so."""
    open_page(page, f"{server}/practice")
    pid = _served(page)
    pz = next(p for p in puzzles() if p.id == pid)
    box = page.locator(".st-key-practice-box")
    assert "themes" not in box.inner_text().lower()
    expander = page.locator('[data-testid="stMain"] [data-testid="stExpander"]', has_text="Puzzle of the day")
    _open_panel(expander)  # opens in the browser, with no run of the page
    daily = expander.inner_text()
    assert "Puzzle of the day" in daily and "themes" not in daily.lower(), daily
    # Done, the daily heading says so: it never reads as the heading of the next puzzle,
    # which has its own.
    cls = expander.locator("[class*='-solution']").first.get_attribute("class")
    daily_id = next(c for c in cls.split() if c.startswith("st-key-daily-")).removeprefix("st-key-daily-").removesuffix("-solution")
    since = runs(page)
    click(page, expander.get_by_role("button", name="Show the answer"))
    _wait_daily_done(page, since)  # click() waits at most 3 s for its run to start
    summary = page.locator('[data-testid="stMain"] [data-testid="stExpander"] summary').first.inner_text()
    assert "Puzzle of the day" in summary and "done ✓" in summary, summary
    assert expander.get_by_text("The answer:").is_visible()  # the panel stays open on its feedback
    assert box.inner_text().startswith("Your next puzzle"), box.inner_text()
    click(page, box.get_by_role("button", name="Show the answer"))
    titles = ", ".join(theme_title(t) for t in pz.themes)
    assert f"Themes: {titles}" in box.inner_text()
    click(page, page.locator('[data-testid="stSidebarNav"] a', has_text="Progress"))
    page.locator(".st-key-progress-themes .ytick text").first.wait_for()
    ticks = page.locator(".st-key-progress-themes .ytick text")
    labels = set(ticks.evaluate_all("els => els.map(e => e.textContent)"))
    themes = {*pz.themes, *next(p for p in puzzles() if p.id == daily_id).themes}  # both answered
    assert labels == {theme_title(t) for t in themes} and not labels & themes, labels


def test_after_the_puzzle_of_the_day_the_next_puzzle_is_of_another_kind(page: Any, server: str) -> None:
    """Once the puzzle of the day is answered, "Your next puzzle" (and each "Next puzzle"
    after it) is of another kind, even for a learner whose missed themes would pick the
    daily's kind again (they missed a theme only puzzles of that kind have)."""
    from datetime import UTC, datetime

    from store import practice, stats

    pool = list(puzzles())
    kinds = {p.id: p.kind for p in pool}
    daily = next(p for p in pool if p.id == practice.daily_puzzle(
        [practice.PuzzleCard(p.id, p.rating, tuple(p.themes)) for p in pool], datetime.now(UTC).date()).id)
    own = next(t for t in daily.themes if all(p.kind == daily.kind for p in pool if t in p.themes))
    db = open_store()
    me, token = learners.create(db)
    # A learner rated as the daily puzzle is: whichever puzzle the date picks (a kind rated
    # far from 1500, say), the missed theme then decides, as the premise below needs.
    with db.session() as s:
        s.get(Learner, me.id).rating = float(daily.rating)
    for n in range(6):  # generated puzzles of the daily's kind, with its own theme alone
        events.write(db, me.id, events.PuzzleAnswer(f"gen-{n}", False, kind=daily.kind, themes=(own,)))
    # Without the rule, this learner's next puzzle would be of the daily's kind.
    s = stats.learner_stats(db, me.id)
    cards = [practice.PuzzleCard(p.id, float(p.rating), tuple(p.themes)) for p in pool]
    old = practice.next_puzzle(cards, s.rating, practice.theme_misses(s.theme_accuracy), {daily.id})
    assert old is not None and kinds[old.id] == daily.kind, old
    open_page(page, f"{server}/practice?me={token}")
    expander = page.locator('[data-testid="stMain"] [data-testid="stExpander"]', has_text="Puzzle of the day")
    _open_panel(expander)
    first = _served(page)  # chosen before the daily was answered (of the daily's kind, as ``old``)
    since = runs(page)
    click(page, expander.get_by_role("button", name="Show the answer"))
    # click() waits at most 3 s for the click's run to start: on a loaded machine the box may
    # still be the one drawn before it. The run has happened once the daily's heading says done
    # and (the box's puzzle being of the daily's kind) the box holds another puzzle.
    _wait_daily_done(page, since)
    if kinds[first] == daily.kind:
        _wait_served_other(page, first)
    box = page.locator(".st-key-practice-box")
    served = []
    for _ in range(3):
        served.append(_served(page))
        assert kinds[served[-1]] != daily.kind, (daily.id, served)
        click(page, box.get_by_role("button", name="Show the answer"))
        click(page, box.get_by_role("button", name="Next puzzle"))
        _wait_served_other(page, served[-1])
    assert len(set(served)) == 3, served


def _daily_panel(page: Any) -> Any:
    return page.locator('[data-testid="stMain"] [data-testid="stExpander"]', has_text="Puzzle of the day")


def test_the_puzzle_of_the_day_stays_done_in_a_new_session(page: Any, server: str) -> None:
    """The puzzle of the day answered in an earlier session (the walk: answered right, then a
    4-player game, then Practice opened again) is still "done ✓" with its feedback when
    Practice opens again, not served unanswered; a give-up in the browser stays done through
    a reload too."""
    from datetime import UTC, datetime

    from store import practice

    pool = list(puzzles())
    daily = next(p for p in pool if p.id == practice.daily_puzzle(
        [practice.PuzzleCard(p.id, p.rating, tuple(p.themes)) for p in pool], datetime.now(UTC).date()).id)
    db = open_store()
    me, token = learners.create(db)
    events.write(db, me.id, events.PuzzleAnswer(daily.id, True, answer=daily.answer_json(), kind=daily.kind,
                                                 themes=tuple(daily.themes)))
    open_page(page, f"{server}/practice?me={token}")
    panel = _daily_panel(page)
    summary = panel.locator("summary").inner_text()
    assert "done ✓" in summary, summary
    assert panel.get_by_text("Right!").first.is_visible(), panel.inner_text()
    assert panel.get_by_role("button", name="Show the answer").is_disabled()

    _other, token2 = learners.create(db)
    open_page(page, f"{server}/practice?me={token2}")
    panel = _daily_panel(page)
    assert "done ✓" not in panel.locator("summary").inner_text()
    _open_panel(panel)
    since = runs(page)
    click(page, panel.get_by_role("button", name="Show the answer"))
    _wait_daily_done(page, since)
    assert "done ✓" in _daily_panel(page).locator("summary").inner_text()
    open_page(page, f"{server}/practice?me={token2}")  # a new session of the same learner
    panel = _daily_panel(page)
    assert "done ✓" in panel.locator("summary").inner_text(), panel.inner_text()
    assert panel.get_by_text("The answer:").is_visible(), panel.inner_text()


def test_the_trick_is_tinted_after_the_answer_as_on_puzzles(page: Any, server: str) -> None:
    """A puzzle whose skill is finding the trumps, served by Practice: the trick's trump is
    drawn plain before the answer and tinted (gold, "★") once the answer is shown, as the
    Puzzles page draws it; one rule for both."""
    pz = next(p for p in puzzles() if p.id == "play-3104")
    led = pz.position.trick[0]
    assert pz.task.hides_trumps() and pz.position.trump is not None and pz.position.trump.is_trump(led)
    db = open_store()
    me, token = learners.create(db)
    events.write(db, me.id, events.PuzzleAnswer(pz.id, False, kind=pz.kind, themes=tuple(pz.themes)))
    _due_now(db, me.id, "puzzle", pz.id)
    open_page(page, f"{server}/practice?me={token}")
    assert _served(page) == pz.id
    box = page.locator(".st-key-practice-box")
    assert box.locator(f'svg[aria-label^="{led}"]').count() >= 1
    assert box.locator('svg[aria-label*="trump"]').count() == 0  # the skill: no trump marked before
    click_key(page, f"pr-{pz.id}-solution")
    box.locator(f'svg[aria-label="{led}, trump"]').first.wait_for()


def test_a_position_seen_on_learn_is_graded_by_the_tries_made_in_practice(page: Any, server: str) -> None:
    """The walk: a Play better position with a wrong try left on Learn, served in Practice and
    answered there at the second try, said "★☆☆" under a legend of "★★ after one wrong try".
    Every position of the principle has a wrong try on Learn (so Practice serves one of them);
    one wrong try in Practice, then the right tile: ★★☆, as the legend under it says."""
    db = open_store()
    me, token = learners.create(db)
    ids = [lv.id for lv in course().stage("pb-cash-walkers").levels if lv.kind == "strategy"]
    events.write(db, me.id, *[events.LessonAnswer(i, False, stage_id="pb-cash-walkers") for i in ids])
    open_page(page, f"{server}/practice?me={token}")
    box = page.locator(".st-key-practice-box")
    box.get_by_text("A Play better position for you").wait_for()
    cls = box.locator("[class*='-tiles-btn-']").first.get_attribute("class")
    level_id = next(c for c in cls.split() if c.startswith("st-key-prl-")).removeprefix("st-key-prl-").split("-tiles-btn-")[0]
    level = course().level(level_id)
    assert level.id in ids, level.id
    best = level.answer()
    wrong = next(t for t in sorted(level.task.tricks) if t != best)
    click_key(page, f"prl-{level.id}-tiles-btn-{wrong.high}{wrong.low}")
    box.get_by_text("Not quite").wait_for()
    click_key(page, f"prl-{level.id}-tiles-btn-{best.high}{best.low}")
    box.get_by_text("Right!").wait_for()
    said = " ".join(box.inner_text().split())
    assert "★★☆ (2 of 3 stars)" in said and "★★ after one wrong try" in said, said


def test_a_position_is_served_only_once_learn_has_reached_it_and_a_second_try_is_said(page: Any, server: str) -> None:
    """newcomer7 #10: after Play better 2's Position 4 was answered wrong on Learn and then right
    at the second try, Practice served Position 5 and 7 (which Learn had not opened yet; an
    answer there filled Learn's level) and said "You missed ... Position 4". Practice serves
    a position Learn has reached (one of Positions 1 to 3, each answered right), and says the
    second try as it was."""
    db = open_store()
    me, token = learners.create(db)
    stage = course().stage("pb-cash-walkers")
    ids = [lv.id for lv in stage.levels if lv.kind == "strategy"]
    events.write(db, me.id, *[events.LessonAnswer(i, True, stage_id=stage.id) for i in ids[:3]])
    events.write(db, me.id, events.LessonAnswer(ids[3], False, stage_id=stage.id))
    events.write(db, me.id, events.LessonAnswer(ids[3], True, stage_id=stage.id, try_number=2))
    open_page(page, f"{server}/practice?me={token}")
    box = page.locator(".st-key-practice-box")
    box.get_by_text("A Play better position for you").wait_for()
    cls = box.locator("[class*='-tiles-btn-']").first.get_attribute("class")
    level_id = next(c for c in cls.split() if c.startswith("st-key-prl-")).removeprefix("st-key-prl-").split("-tiles-btn-")[0]
    assert level_id in ids[:3], (level_id, ids[:4])
    said = " ".join(box.inner_text().split())
    title = course().level(ids[3]).title
    assert f"You got Play better 2, {title} right at the second try, on " in said, said
    assert "You missed" not in said, said


def test_practice_serves_new_puzzles_before_ones_solved_elsewhere(page: Any, server: str) -> None:
    """The walk: six puzzles solved at the first try on Puzzles, then Practice says no review
    is due and promises "then new ones near your rating", yet served puzzles solved minutes
    before. A learner who solved the puzzles nearest their rating gets new ones, turn after
    turn, while new ones are left."""
    from datetime import UTC, datetime

    from store import practice

    pool = list(puzzles())
    daily = practice.daily_puzzle([practice.PuzzleCard(p.id, p.rating, tuple(p.themes)) for p in pool],
                                  datetime.now(UTC).date())
    assert daily is not None
    db = open_store()
    me, token = learners.create(db)
    learned = practice.learned_ratings(db, {p.id for p in pool})
    cards = [practice.PuzzleCard(p.id, learned.get(p.id, float(p.rating)), tuple(p.themes)) for p in pool]
    solved = [c.id for c in sorted(cards, key=lambda c: (abs(c.rating - 1500), c.id)) if c.id != daily.id][:8]
    by_id = {p.id: p for p in pool}
    events.write(db, me.id, *[events.PuzzleAnswer(pid, True, answer=by_id[pid].answer_json(), kind=by_id[pid].kind,
                                                  themes=tuple(by_id[pid].themes)) for pid in solved])
    # A learner rated as one of the puzzles they solved (its learned rating moved with their
    # answer): without the rule, the next puzzle near their rating is one they solved.
    learned = practice.learned_ratings(db, {p.id for p in pool})
    cards = [practice.PuzzleCard(p.id, learned.get(p.id, float(p.rating)), tuple(p.themes)) for p in pool]
    rating = next(r for r in (next(c.rating for c in cards if c.id == pid) for pid in solved[:-1])
                  if getattr(practice.next_puzzle(cards, r, {}, {daily.id, solved[-1]}), "id", None) in solved)
    with db.session() as s:
        s.get(Learner, me.id).rating = rating
    open_page(page, f"{server}/practice?me={token}")
    main = page.locator('[data-testid="stMain"]').inner_text()
    assert "no puzzle review due" in main and "then new ones near your rating" in main, main
    box = page.locator(".st-key-practice-box")
    served = []
    for _ in range(3):
        served.append(_served(page))
        assert served[-1] not in solved and served[-1] != daily.id, (served, solved)
        click(page, box.get_by_role("button", name="Show the answer"))
        click(page, box.get_by_role("button", name="Next puzzle"))
        _wait_served_other(page, served[-1])
    assert len(set(served)) == 3, served
