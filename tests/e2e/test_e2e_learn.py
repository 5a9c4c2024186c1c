"""Browser tests of the Learn page: what the learner typed is what is graded and shown."""

from __future__ import annotations

from typing import Any

from moon_browser import click, click_key, open_page, shot, wait_ready


def test_number_field_shows_the_answer_that_was_graded(page: Any, server: str) -> None:
    """Type a wrong number and Check, then type another and click Check
    without pressing Enter. The answer graded is the one typed last, and the field (disabled
    once the level is solved) shows that very answer, not the earlier one."""
    open_page(page, f"{server}/learn")
    box = page.locator(".st-key-learn-level-box")
    assert "how many tiles bear a six" in box.inner_text().lower()
    page.get_by_label("Your answer").fill("6")
    click_key(page, "lv-tiles-sixes-check")  # no Enter: the click alone sends the number
    assert "Not quite" in box.inner_text()
    assert page.get_by_label("Your answer").input_value() == "6"
    page.get_by_label("Your answer").fill("7")
    click_key(page, "lv-tiles-sixes-check")
    text = box.inner_text()
    assert "Right!" in text and "Not quite" not in text
    assert "28" not in text  # the next level asks how many tiles the set has
    field = page.get_by_label("Your answer")
    assert field.is_disabled()
    assert field.input_value() == "7"
    # The star rule is spelled out under the first right answer of the visit, not again under
    # the next one.
    from content.stars import RULE

    assert RULE in text, text
    click_key(page, "learn-next")
    page.get_by_label("Your answer").fill("28")
    click_key(page, "lv-tiles-double-six-check")
    text = box.inner_text()
    assert "Right!" in text and "(3 of 3 stars)" in text and "first time" not in text, text
    assert not page.locator('[data-testid="stException"]').count()


def test_play_better_stage_asks_a_position_and_explains_a_worse_tile(page: Any, server: str) -> None:
    """Play better, on a phone: the stage says which part it is, the position shows the hand
    as tiles to play, a worse tile gets its own reason and the best one is right; the stage's
    drill is played to the end of the hand and says how it went."""
    from lessons import load_course
    from lessons.strategy.drill import drill_of

    course = load_course()
    lid = drill_of(course.stage("pb-cash-walkers")).level  # the drill opens once its level is answered
    level = course.level(lid)
    best = str(level.answer())
    worse = next(str(t) for t in level.task.tricks if str(t) != best)
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{server}/learn?level={lid}")
    drill = page.locator(".st-key-learn-drill")
    assert "Answer the question above first" in drill.inner_text() and not drill.locator(".st-key-drill-start").count()
    assert "one principle a stage" in page.locator("[data-testid='stAlert']").first.inner_text()
    box = page.locator(".st-key-learn-level-box")
    said = box.inner_text()
    assert "Trick 1: " in said and f"seat {level.position.to_play}" not in said.lower(), said
    assert "Already played this hand" in said and said.count("Your hand") == 1, said
    click(page, page.locator(f".st-key-lv-{lid}-tiles-btn-{worse.replace('-', '')} button:visible").first)
    said = box.inner_text()
    assert level.first_hint(level.grade(worse)) in said
    click(page, page.locator(f".st-key-lv-{lid}-tiles-btn-{best.replace('-', '')} button:visible").first)
    assert "Right!" in box.inner_text()
    assert not page.locator('[data-testid="stException"]').count()
    _play_the_drill_out(page, "pb-cash-walkers")
    # Another level of the stage shows its own position only, with a line to the drill's level
    # (not the drill, played out, under another position); back there the drill opens fresh.
    stage = course.stage("pb-cash-walkers")
    number = [lv.id for lv in stage.levels].index(lid) + 1
    other = 1 if number != 1 else 2
    click(page, page.get_by_text(f"Level {other}", exact=True).first)
    assert not drill.count() and not page.locator(".st-key-drill-start").count()
    pointer = page.locator(".st-key-learn-drill-elsewhere")
    assert f"drill plays Level {number}'s position" in pointer.inner_text(), pointer.inner_text()
    click(page, pointer.get_by_role("link", name=f"Go to Level {number}"))
    drill.wait_for()
    said = drill.inner_text()
    assert "Hand over" not in said and page.locator(".st-key-drill-start button").is_visible(), said


def _play_the_drill_out(page: Any, stage_id: str, last: bool = False) -> None:
    """The stage's drill, played to the end of the hand by clicking the tiles the principle
    picks (else the first legal one, or with ``last`` the last), mirrored by the same try in
    the engine: the page says the tricks taken and the best line's average, and that the
    learner kept to the principle."""
    from lessons import load_course
    from lessons.strategy.drill import DrillPlay, drill_of
    from lessons.strategy.principles import principle

    drill = drill_of(load_course().stage(stage_id))
    mirror = DrillPlay(drill)
    rule = principle(drill.principle)
    section = page.locator(".st-key-learn-drill")
    assert "Play it out" in section.inner_text()
    click(page, page.locator(".st-key-drill-start button"))
    # With four players one line names the learner's seat and the partner's; elsewhere "you".
    line = f"You are Seat {drill.seat}; your partner is Seat {(drill.seat + 2) % 4}."
    while not mirror.finished:
        view = mirror.view()
        said = section.inner_text()
        assert "Your hand — your turn" in said
        assert said.count(line) == (1 if drill.rules.players == 4 else 0), said
        assert f"seat {drill.seat}" not in said.replace(line, "").lower()
        pick = rule.rule(view) if rule.applies(view) else None
        tile = pick if pick is not None else mirror.legal()[-1 if last else 0]
        mirror.play(tile)
        click(page, page.locator(f".st-key-drill-tiles-btn-{tile.high}{tile.low} button:visible").first)
    said = " ".join(section.inner_text().split())
    for line in mirror.result().lines():
        assert line in said, (line, said)
    assert "You kept to the principle" in said and "Your hand" not in said
    assert page.locator(".st-key-drill-again button").is_visible()
    assert not page.locator('[data-testid="stException"]').count()


def test_play_better_figures_say_from_here_on_and_a_sure_result_in_words(page: Any, server: str) -> None:
    """A Play better position after a trick, answered after a worse tile: the feedback gives
    the tricks "from here on" (the trick already taken said apart), and a bid made in every
    layout is said in words ("always makes"), not as "100%"."""
    from lessons import load_course

    level = next(lv for lv in load_course().stage("pb-draw-trumps").levels
                 if lv.task.view.tricks and lv.task.param("exhaustive")
                 and all(int(v) == int(lv.task.param("layouts")) for v in dict(lv.task.param("made")).values()))
    best = str(level.answer())
    worse = next(str(t) for t in level.task.tricks if str(t) != best)
    open_page(page, f"{server}/learn?level={level.id}")
    box = page.locator(".st-key-learn-level-box")
    click(page, page.locator(f".st-key-lv-{level.id}-tiles-btn-{worse.replace('-', '')} button:visible").first)
    click(page, page.locator(f".st-key-lv-{level.id}-tiles-btn-{best.replace('-', '')} button:visible").first)
    said = box.inner_text()
    assert "Right!" in said, said
    # Who takes the tricks by the number of players: "you" alone, "your team" with a partner.
    alone = level.position.players == 3
    have, make = ("you have", "always make") if alone else ("it has", "always makes")
    assert f"tricks on average from here on (besides the 1 trick {have} taken)" in said, said
    assert f"{make} the bid" in said and "100%" not in said and "your side" not in said, said


def test_play_better_words_fit_three_players_and_a_bid_already_made(page: Any, server: str) -> None:
    """Play better 6, position 3 (three players, no trump, the bid of 4 made with the 4 tricks
    taken): the feedback says "you take", not "your side takes" (no partners), and that the bid
    is made already, not that a tile "always makes the bid"; a whole number of tricks reads
    plainly."""
    open_page(page, f"{server}/learn?level=no-trump-doubles-3")
    box = page.locator(".st-key-learn-level-box")
    click(page, page.locator(".st-key-lv-no-trump-doubles-3-tiles-btn-62 button:visible").first)
    said = box.inner_text()
    assert "Right!" in said, said
    assert ("With 6-2 you take 1 trick on average from here on (besides the 4 tricks you have taken), and the bid "
            "is made already.") in said, said
    assert "your side" not in said and "always makes" not in said and "1.00" not in said, said


def test_four_player_drill_names_the_partner(page: Any, server: str) -> None:
    """A 4-player Play better drill names the partner as the Play table does ("Seat 0
    (partner)") in its table, and its result says whose tricks "your side" counts, with a
    comma after "From the position on"."""
    from lessons import load_course
    from lessons.strategy.drill import drill_of

    course = load_course()
    drill = drill_of(course.stage("pb-partners"))
    assert drill.rules.players == 4
    partner = (drill.seat + 2) % 4
    level = course.level(drill.level)
    best = str(level.answer())
    open_page(page, f"{server}/learn?level={level.id}")
    click(page, page.locator(f".st-key-lv-{level.id}-tiles-btn-{best.replace('-', '')} button:visible").first)
    # the last legal tile wherever the principle picks none: this deal then goes down
    _play_the_drill_out(page, "pb-partners", last=True)
    said = " ".join(page.locator(".st-key-learn-drill").inner_text().split())
    # kept to the principle and lost: full stars, and the page says plainly why, after saying
    # that no decision of the learner's cost the side on average
    assert "let the bidder make it" in said and "No decision of yours cost your side on average" in said, said
    assert "Your stars are for keeping to the principle, which you did" in said, said
    assert f"Seat {partner} (partner): " in said, said
    assert f"From the position on, your side (you and your partner, Seat {partner}) took " in said, said


def test_next_level_opens_at_the_top_of_its_question(page: Any, server: str) -> None:
    """"Next level" sits at the bottom of the level's box; the next level opens with the top
    of its box in the window (the browser kept the scroll position, which cut it off)."""
    from tutorial.services.items import course

    lv = next(x for x in course().levels() if x.kind == "is_trump")
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{server}/learn?level={lv.id}")
    click_key(page, f"lv-{lv.id}-choice-{'yes' if lv.answer() else 'no'}")
    nxt = page.locator(".st-key-learn-next button")
    nxt.scroll_into_view_if_needed()
    box = page.locator(".st-key-learn-level-box")
    assert box.bounding_box()["y"] < 0  # the top of this level is above the window
    click(page, nxt)
    page.wait_for_function(
        "() => { const b = document.querySelector('.st-key-learn-level-box');"
        " const r = b && b.getBoundingClientRect(); return r && r.top >= 0 && r.top < 200; }",
        timeout=5000)
    top = box.bounding_box()["y"]
    assert 0 <= top < 200, top
    assert box.locator("h2").first.is_visible()


def test_next_level_puts_its_id_in_the_address_when_the_click_is_taken(page: Any, server: str) -> None:
    """After "Next level" the address bar names the new level at once: the click's run sends
    ``?level=<next>`` before it draws anything of the page (the address kept the previous
    level's id while the page was drawn again, about a second on a busy machine), and the
    address names it once the click settles."""
    from tutorial.services.items import course

    levels = list(course().levels())
    here, after = levels[2], levels[3]
    frames: list[bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f if isinstance(f, bytes) else f.encode())))
    open_page(page, f"{server}/learn?level={here.id}")
    page.get_by_label("Your answer").fill(str(here.answer()))
    click_key(page, f"lv-{here.id}-check")
    seen = len(frames)
    click_key(page, "learn-next")
    assert page.url.endswith(f"?level={after.id}"), page.url
    sent = frames[seen:]
    address = next(i for i, f in enumerate(sent) if f"level={after.id}".encode() in f)
    title = next(i for i, f in enumerate(sent) if b"school: Learn" in f)
    assert address < title, (address, title)
    assert after.title in page.locator(".st-key-learn-level-box").inner_text()


#: In the page, before "Next level" is clicked: when the next level's box is drawn (its title
#: ``[0]``), a 1200 px block of the run's old elements (marked stale) sits above it until 1.6 s
#: later, as on a loaded browser that takes the run's old elements away late; then
#: ``window.__moonLate`` is set. With ``[1]``, the learner turns the wheel 100 ms after the box
#: is drawn. ``window.__moonScrolled`` counts the page's own scrolls to an element from then on.
_DRAWN_LATE = """([title, wheel]) => {
  window.__moonLate = false;
  window.__moonScrolled = 0;
  if (!window.__moonCounts) {
    window.__moonCounts = true;
    const into = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (...a) { window.__moonScrolled += 1; return into.apply(this, a); };
  }
  const watch = new MutationObserver(() => {
    const h = document.querySelector('.st-key-learn-level-box h2');
    if (!h || !h.textContent.includes(title)) return;
    watch.disconnect();
    const old = document.createElement('div');
    old.setAttribute('data-stale', 'true');
    old.style.height = '1200px';
    const main = document.querySelector('[data-testid="stMainBlockContainer"]');
    main.insertBefore(old, main.firstChild);
    if (wheel) setTimeout(() => document.querySelector('[data-testid="stMain"]')
      .dispatchEvent(new WheelEvent('wheel', {deltaY: 40, bubbles: true})), 100);
    setTimeout(() => { old.remove(); window.__moonLate = true; }, 1600);
  });
  watch.observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def test_next_level_comes_into_view_when_its_page_is_drawn_late(kept_page: Any, server: str) -> None:
    """A loaded browser may take the run's old elements away after the times the page used to
    look at (the next frame, 150 ms, 600 ms): the level box is brought into view once the page
    is drawn, looked at on every change to the page, whatever the delay. A learner who turns the
    wheel meanwhile is left where they scrolled."""
    from tutorial.services.items import course

    page = kept_page(390, 844, "late-level")
    # (Chromium's scroll anchoring would hold the box still while the block above it comes and
    # goes; a redraw moves it, so the anchoring is taken out here)
    anchoring_off = "[data-testid=stMain], [data-testid=stMain] * {overflow-anchor: none !important;}"
    levels = list(course().levels())
    ids = [lv.id for lv in levels]
    # yes-or-no levels whose next level starts below the window's top bar once drawn
    asked = [(levels[i], levels[i + 1]) for i in (ids.index("trump-big-small"), ids.index("doubles-naming"))]
    for n, (here, after) in enumerate(asked):
        wheel = n == 1
        open_page(page, f"{server}/learn?level={here.id}")
        page.add_style_tag(content=anchoring_off)
        click_key(page, f"lv-{here.id}-choice-{'yes' if here.answer() else 'no'}")
        nxt = page.locator(".st-key-learn-next button")
        nxt.scroll_into_view_if_needed()
        page.evaluate(_DRAWN_LATE, [after.title, wheel])
        click(page, nxt)
        page.wait_for_function("() => window.__moonLate === true")
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        top = page.locator(".st-key-learn-level-box").bounding_box()["y"]
        scrolled = page.evaluate("() => window.__moonScrolled")
        if not wheel:
            assert 0 <= top < 200, ("the next level's box in view", top)
            assert scrolled == 1, ("one scroll", scrolled, here.id, after.id, top)
        else:
            assert scrolled == 0, ("the learner's scroll stays", scrolled)


#: The level box's question (its bold line) and the first tile or button after it: their tops
#: and bottoms in the window, and the box's top.
_QUESTION_IN_VIEW = """(question) => {
  const box = document.querySelector('.st-key-learn-level-box');
  const norm = t => t.replace(/\\s+/g, ' ').trim();
  const q = [...box.querySelectorAll('strong')].find(e => norm(e.textContent) === norm(question));
  const after = [...box.querySelectorAll('svg.moon-tile, button')].find(
    e => q.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING && e.getBoundingClientRect().height > 0);
  const r = e => { const b = e.getBoundingClientRect(); return [Math.round(b.top), Math.round(b.bottom)]; };
  return {box: r(box)[0], question: r(q), first: r(after), height: window.innerHeight};
}"""


def test_a_level_opened_on_a_phone_shows_its_question_without_scrolling(page: Any, server: str) -> None:
    """At 390×844 a level opened by its link (a count, a pick, a ranking, a tile to follow;
    "Trumps in a trick of another suit" among them), and another picked from the level row,
    shows its title, its question and the first of its tiles or buttons in the window without
    a swipe: the stage picker, the stage's words, the level row and the stars above it had put
    the question below the fold (the box began at 566 px)."""
    from tutorial.services.items import course

    c = course()
    page.set_viewport_size({"width": 390, "height": 844})
    seen = []
    for lid in ("trump-beats-all", "tiles-which-stay", "suits-rank-sixes", "doubles-follow"):
        level = c.level(lid)
        open_page(page, f"{server}/learn?level={lid}")
        page.wait_for_timeout(900)  # the level's box is brought up in the frames after the run
        where = page.evaluate(_QUESTION_IN_VIEW, level.question)
        seen.append((lid, where))
        assert 0 <= where["box"] and where["question"][1] <= where["height"], (lid, where)
        assert 0 <= where["first"][0] and where["first"][1] <= where["height"], (lid, where)
    # Another level picked from the level row (a swipe up): brought up the same way.
    page.mouse.wheel(0, -5000)
    page.wait_for_timeout(300)
    click(page, page.get_by_text("Level 2", exact=True).first)
    page.wait_for_timeout(900)
    level = c.stage("doubles").levels[1]
    where = page.evaluate(_QUESTION_IN_VIEW, level.question)
    assert 0 <= where["box"] and where["first"][1] <= where["height"], where
    shot(page, "learn-phone-level-opened-390x844.png")


def test_a_reload_after_a_wrong_try_keeps_its_message_and_one_star_for_yes_or_no(page: Any, server: str) -> None:
    """A wrong try, then a reload: the level shows its "Not quite…" message again (the stars
    count that try), and the right answer to this yes-or-no level then gives one star."""
    from tutorial.services.items import course

    lv = next(x for x in course().levels() if x.kind == "is_trump")
    right, wrong = ("yes", "no") if lv.answer() else ("no", "yes")
    open_page(page, f"{server}/learn?level={lv.id}")
    box = page.locator(".st-key-learn-level-box")
    click_key(page, f"lv-{lv.id}-choice-{wrong}")
    before = box.inner_text()
    assert "Not quite" in before
    page.reload()
    wait_ready(page)
    box.wait_for()
    after = box.inner_text()
    assert "Not quite" in after, after
    click_key(page, f"lv-{lv.id}-choice-{right}")
    text = box.inner_text()
    assert "Right!" in text and "1 of 3 stars" in text, text
    assert "a wrong try at a yes-or-no question leaves ★" in text, text


def test_the_stars_of_a_right_answer_are_a_line_of_their_own_under_a_list(page: Any, server: str) -> None:
    """The newcomer walk (finding 10, Stage 1 Level 4, "pick every tile that belongs"): under a
    right answer whose feedback lists the tiles one a line, "★★☆ (2 of 3 stars)" was drawn as
    part of the list's last line ("6-0 has a blank end ... out of the set. ★★☆ (2 of 3
    stars)"). The stars are a paragraph of their own, under the list."""
    from lessons import load_course

    level = load_course().level("tiles-which-stay")
    open_page(page, f"{server}/learn?level={level.id}")
    for tile in level.answer_json():
        a, b = tile.split("-")
        click_key(page, f"lv-{level.id}-tiles-btn-{a}{b}")
    click_key(page, f"lv-{level.id}-check")
    right = page.locator(".st-key-learn-level-box [data-testid='stAlertContentSuccess']").first
    assert "Right!" in right.inner_text()
    bullets = right.locator("li").all_inner_texts()
    assert len(bullets) == len(level.choices() or []), bullets  # one line a tile on offer
    assert not [b for b in bullets if "★" in b or "stars" in b], bullets
    stars = [p for p in right.locator("p").all_inner_texts() if "of 3 stars" in p]
    assert len(stars) == 1 and stars[0].startswith("★★★ (3 of 3 stars"), right.inner_text()
    # that paragraph is not inside the list, and comes after it
    assert right.locator("li p", has_text="of 3 stars").count() == 0
    assert right.locator("ul ~ p", has_text="of 3 stars").count() == 1
    page.set_viewport_size({"width": 1280, "height": 800})
    right.scroll_into_view_if_needed()
    from moon_browser import shot

    shot(page, "learn-stars-under-the-list.png")


def test_bidding_feedback_says_plain_words_first_the_numbers_behind_a_fold(page: Any, server: str) -> None:
    """Walk 3, B5: the bidding lessons' feedback was a wall of numbers (chances of 48
    simulated deals, ratings, the game's chances). Once the answer is known (a right answer,
    or the second wrong one), the box says the right call and why in plain words (the bands
    of engine/words.py, no percentage), and the numbers are behind "The numbers behind it",
    closed until the learner opens it."""
    from engine import Action
    from engine.words import chance_clause
    from lessons import load_course

    level = next(lv for st in load_course().stages for lv in st.levels if lv.id == "bid-sixes-hand")
    chosen = level.task.candidate(Action("bid", 6))
    assert level.answer() == "bid 6" and chosen.goal_chance is not None
    open_page(page, f"{server}/learn?level=bid-sixes-hand")
    alert = page.locator("[data-testid=stAlert]")
    fold = page.locator("[data-testid=stExpander]", has_text="The numbers behind it")
    click(page, page.get_by_role("button", name="Bid 7", exact=True).first)
    assert "Try again" in alert.first.inner_text() and fold.count() == 0, "the first miss gives a hint, not the answer"
    click(page, page.get_by_role("button", name="Bid 4", exact=True).first)
    said = alert.first.inner_text()
    assert "%" not in said and "simulated" not in said, said
    assert "The strong player bids 6" in said, said
    assert chance_clause(chosen.goal_chance, "this hand", "take six tricks") in said, said
    assert "A bid of 4 would" in said, said
    assert fold.count() == 1
    numbers = fold.first.locator("[data-testid=stExpanderDetails]")
    assert not numbers.is_visible(), "closed until opened"
    click(page, fold.first.locator("summary").first)
    numbers.wait_for(state="visible")
    behind = numbers.inner_text()
    assert "%" in behind and "rating" in behind and "simulated deals" in behind, behind
    # A right answer: the same plain words, the numbers behind the fold.
    open_page(page, f"{server}/learn?level=bid-twos-hand")
    click(page, page.get_by_role("button", name="Pass", exact=True).first)
    said = alert.first.inner_text()
    assert "Right!" in said and "%" not in said and "The right call is to pass" in said, said
    assert fold.count() == 1


def test_a_second_wrong_try_ends_a_play_better_level_and_the_learner_goes_on(page: Any, server: str) -> None:
    """Play better, the level of a stage's drill: after a second wrong tile the feedback shows
    the answer, and the level ends there with the star the rule gives (★ after two wrong
    tries): "Next level" is there, the tiles are done, and the drill below opens. Without it
    the page was a dead end: the answer shown, "Show the answer" greyed, no way on, the drill
    locked until the learner clicked the answer."""
    from lessons import load_course
    from lessons.strategy.drill import drill_of

    course = load_course()
    stage = course.stage("pb-lead-through")
    lid = drill_of(stage).level
    level = course.level(lid)
    best = str(level.answer())
    wrong = [str(t) for t in sorted(level.task.tricks) if str(t) != best][:2]
    assert len(wrong) == 2
    open_page(page, f"{server}/learn?level={lid}")
    box = page.locator(".st-key-learn-level-box")
    drill = page.locator(".st-key-learn-drill")
    assert "Answer the question above first" in drill.inner_text()
    for t in wrong:
        click(page, page.locator(f".st-key-lv-{lid}-tiles-btn-{t.replace('-', '')} button:visible").first)
    said = box.inner_text()
    assert "The answer:" in said and best in said, said
    assert "this level ends here: ★☆☆ (1 of 3 stars)" in said, said
    assert page.locator(".st-key-learn-next button").is_visible()
    assert page.locator(".st-key-learn-retry button").is_visible()
    assert not page.locator(f".st-key-lv-{lid}-hint").count()  # no greyed "Show the answer" left
    assert not page.locator(f".st-key-lv-{lid}-tiles-btn-{best.replace('-', '')} button").count()  # tiles done
    assert "Your best on this level: ★☆☆" in page.inner_text("body")
    assert "Answer the question above first" not in drill.inner_text()
    assert page.locator(".st-key-drill-start button").is_visible()
    assert not page.locator('[data-testid="stException"]').count()
    click(page, page.locator(".st-key-learn-next button"))
    nxt = stage.levels[[lv.id for lv in stage.levels].index(lid) + 1]
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=nxt.question, timeout=10000)
    assert nxt.title in box.inner_text()


def test_one_wrong_try_then_show_the_answer_ends_the_level_with_one_star(page: Any, server: str) -> None:
    """The walk: one wrong try, then "Show the answer", left the level at ☆☆☆ (two wrong tries
    gave ★). The answer shown counts as the next try: the level ends at ★☆☆, said under the
    answer, in the level's row and its best, with the way on; Progress lists it under three
    stars, from the same stored rows."""
    from lessons import load_course

    course = load_course()
    lv = next(x for x in course.levels() if x.kind == "suit_led")
    wrong = next(c for c in lv.choices() if c != str(lv.answer_json()))
    ids = [x.id for x in course.stage(lv.stage).levels]
    open_page(page, f"{server}/learn?level={lv.id}")
    box = page.locator(".st-key-learn-level-box")
    click_key(page, f"lv-{lv.id}-choice-{wrong}")
    assert "Not quite" in box.inner_text()
    click_key(page, f"lv-{lv.id}-hint")
    said = " ".join(box.inner_text().split())
    assert "The answer:" in said and "this level ends here: ★☆☆ (1 of 3 stars)" in said, said
    assert "Try again" not in said, said
    assert page.locator(".st-key-learn-next button").is_visible()
    body = page.inner_text("body")
    assert f"{ids.index(lv.id) + 1}: ★☆☆" in body and "Your best on this level: ★☆☆" in body, body
    assert not page.locator('[data-testid="stException"]').count()
    click(page, page.locator('[data-testid="stSidebarNav"] a', has_text="Progress"))
    page.get_by_text("Levels under three stars").wait_for()
    line = page.locator('[data-testid="stMarkdownContainer"]', has_text="Levels under three stars").last.inner_text()
    assert (lv.title or lv.id) in line, line


def test_play_better_says_its_figures_plainly_and_the_counts_apart(page: Any, server: str) -> None:
    """newcomer7 #9 (Play better 1, the level of its drill): the feedback said "5.54 tricks on
    average", and the drill's end "a sample of 400 layouts" and "924 layouts" in one box. The
    feedback and the result give averages to one decimal at most and no count of layouts; the
    figures with their counts sit under "The numbers behind it", one a line."""
    import re

    from lessons import load_course
    from lessons.strategy.drill import DrillPlay, drill_of
    from lessons.strategy.principles import principle

    course = load_course()
    d = drill_of(course.stage("pb-draw-trumps"))
    lid = d.level
    level = course.level(lid)
    best = str(level.answer())
    worse = next(str(t) for t in level.task.tricks if str(t) != best)
    open_page(page, f"{server}/learn?level={lid}")
    box = page.locator(".st-key-learn-level-box")
    click(page, page.locator(f".st-key-lv-{lid}-tiles-btn-{worse.replace('-', '')} button:visible").first)
    click(page, page.locator(f".st-key-lv-{lid}-tiles-btn-{best.replace('-', '')} button:visible").first)
    said = box.inner_text()
    assert "Right!" in said and "tricks on average from here on" in said, said
    assert not re.search(r"\d\.\d\d", said), said
    _play_the_drill_out(page, "pb-draw-trumps")
    section = page.locator(".st-key-learn-drill")
    alert = section.locator('[data-testid="stAlert"]').last.inner_text()
    assert "Hand over." in alert and "The best line takes" in alert, alert
    assert not re.search(r"\d\.\d\d", alert) and not re.search(r"\d+ layouts", alert), alert
    numbers = section.get_by_text("The numbers behind it")
    click(page, numbers)
    mirror = DrillPlay(d)
    rule = principle(d.principle)
    while not mirror.finished:
        view = mirror.view()
        pick = rule.rule(view) if rule.applies(view) else None
        mirror.play(pick if pick is not None else mirror.legal()[0])
    shown = " ".join(section.locator('[data-testid="stExpanderDetails"]').last.inner_text().split())
    for line in mirror.result().numbers():
        assert line in shown, (line, shown)
    assert f"{d.best_tricks:.2f} tricks on average" in shown and "400 layouts" in shown, shown


def test_play_better_2_says_what_is_true_at_the_table(page: Any, server: str) -> None:
    """Play better 2 "Cashing sure tricks", as the walk met it. Position 2 (three players,
    fours trump, every four but the learner's 5-4 played): the intro tells the tile laid
    aside; the second try 5-4 is told why 3-2 goes first (no trump is left to trump
    it; the trump wins a trick of a suit the hand lacks), never that 3-2 "can still be trumped
    later", and the level ends saying two wrong tries showed the answer (nobody pressed "Show
    the answer"). Position 3: 3-1, the one trump not played, is the tile the learner laid
    aside, and the intro and the answer say so. Position 1: the hint on 5-1 lists every unseen
    tile that beats it (5-2 too)."""
    box = page.locator(".st-key-learn-level-box")
    open_page(page, f"{server}/learn?level=cash-walkers-2")
    said = " ".join(box.inner_text().split())
    assert "You won the auction with a bid of 4, picked up the widow, laid 6-1 aside and named fours trump." in said, said
    for t in ("62", "54"):
        click(page, page.locator(f".st-key-lv-cash-walkers-2-tiles-btn-{t} button:visible").first)
    said = " ".join(box.inner_text().split())
    assert ("5-4 wins too, but a trump can also take a trick of a suit you hold none of: keep 5-4 to win the lead back "
            "later. No trump you have not seen is left, so your sure trick of a side suit cannot be trumped") in said, said
    assert "trumped later" not in said, said
    assert "After two wrong tries the answer is shown, so this level ends here: ★☆☆ (1 of 3 stars)" in said, said
    assert "Show the answer" not in said, said
    shot(box, "learn-pb2-two-wrong-tries.png")
    open_page(page, f"{server}/learn?level=cash-walkers-3")
    said = " ".join(box.inner_text().split())
    assert "picked up the widow, laid 3-1 aside and named threes trump." in said, said
    click_key(page, "lv-cash-walkers-3-hint")
    click_key(page, "lv-cash-walkers-3-hint")
    said = " ".join(box.inner_text().split())
    assert ("The answer: No tile you have not seen can beat 4-2: every tile that could is played or the tile you "
            "laid aside (3-1).") in said, said
    shot(box, "learn-pb2-sure-trick-laid-aside.png")
    open_page(page, f"{server}/learn?level=cash-walkers-1")
    click(page, page.locator(".st-key-lv-cash-walkers-1-tiles-btn-51 button:visible").first)
    said = " ".join(box.inner_text().split())
    assert "5-1 can be beaten: 5-2, 5-3, 5-4 and 5-5 are not seen yet" in said, said
    assert not page.locator('[data-testid="stException"]').count()
