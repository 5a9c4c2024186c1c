"""AppTest: the live class — the students' join page (bad code, ended class, empty or taken
name, a link's code filled in, an unknown phone link) and the teacher's side on the presenter
(a bad host link opens no controls; start, ask, the count and the chart, reveal with who got
it, the numbers' table under the chart, the summary and its CSV, end)."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from store import live, open_store
from tutorial.testing import errors, open_app, texts

DEAL = {"deal": "12", "computer": "basic", "move": "12"}


def _join(at: AppTest, code: str, name: str) -> AppTest:
    at.text_input(key="live-code").set_value(code)
    at.text_input(key="live-name").set_value(name)
    submit = next(b for b in at.button if b.label == "Join")
    submit.click().run()
    return at


def _html(at: AppTest) -> str:
    return " ".join(str(m.value) for m in at.markdown)


def test_a_wrong_code_or_an_ended_class_gets_a_clear_message() -> None:
    db = open_store()
    ended, _ = live.start(db, "Old class")
    live.end(db, ended.id)
    for code, words in (("", "Type the code"), ("K7", "6 letters"), ("ZZZZZZ", "No live class has this code"),
                        (ended.join_code, "has ended")):
        at = open_app("live")
        _join(at, code, "Ada")
        assert not at.exception, errors(at)
        assert any(words in str(e.value) for e in at.error), (code, [str(e.value) for e in at.error])
        assert "player" not in at.query_params


def test_join_from_a_scanned_link_then_wait_answer_once_and_see_the_reveal() -> None:
    db = open_store()
    info, _ = live.start(db, "Year 8")
    at = open_app("live", query={"code": info.join_code})
    assert at.text_input(key="live-code").value == info.join_code  # filled in from the link
    _join(at, info.join_code, "   ")
    assert any("Type your name" in str(e.value) for e in at.error)
    _join(at, info.join_code, "Ada")
    assert not at.exception, errors(at)
    token = at.query_params["player"]
    token = token[0] if isinstance(token, list) else token
    assert live.player_by_token(db, token) is not None
    assert "Waiting for the next question" in _html(at)
    spec = live.QuestionSpec("q1", "move", "Seat 1 is to play. What would you play?",
                             (("play 6-4", "6-4"), ("play 5-5", "5-5")), ("play 6-4",), "Seat 1 plays 6-4",
                             "6-4 is the only winner.", {"seat": 1, "hand": ["6-4", "5-5"], "trump": "6"})
    q = live.ask(db, info.id, spec)
    at.run()
    assert "What would you play?" in _html(at)
    assert [b.label for b in at.button if (b.key or "").startswith("live-choice-")] == ["6-4", "5-5"]
    at.button(key="live-choice-1").click().run()
    assert not at.exception, errors(at)
    assert "Answer received: 5-5" in _html(at)
    assert not [b for b in at.button if (b.key or "").startswith("live-choice-")]  # one tap: no more buttons
    # The same phone cannot answer again, even by sending the old button's answer.
    try:
        live.answer(db, token, q.id, "play 6-4")
        raise AssertionError("a second answer was taken")
    except live.LiveError as e:
        assert "already answered" in str(e)
    live.reveal(db, info.id)
    at.run()
    html = _html(at)
    assert "Not this time: you answered 5-5" in html and '<span class="moon-tn">6-4</span> is the only winner.' in html
    # A second student, another class: they see only their own.
    other, _ = live.start(db, "Other class")
    at2 = open_app("live")
    _join(at2, other.join_code, "Ada")
    assert "Waiting for the next question" in _html(at2) and "What would you play?" not in _html(at2)
    # A tap that reaches the store just after the reveal is dropped, and the phone says why.
    spec2 = live.QuestionSpec("q2", "move", "Seat 2 is to play. What would you play?",
                              (("play 6-4", "6-4"), ("play 5-5", "5-5")), ("play 6-4",), "Seat 2 plays 6-4",
                              "6-4 wins.", {"seat": 2, "hand": ["6-4", "5-5"], "trump": "6"})
    live.ask(db, other.id, spec2)
    at2.run()
    live.reveal(db, other.id)  # the reveal lands while the phone still shows the buttons
    at2.button(key="live-choice-0").click().run()
    assert not at2.exception, errors(at2)
    late = _html(at2)
    assert "came too late" in late and "You did not answer this one" not in late


def test_leaving_shows_the_personal_link_but_never_a_class_pin_devices_token() -> None:
    from store import learners

    db = open_store()
    ada, link = learners.create(db, "Ada")
    phone = learners.add_device(db, ada.id)  # another device, joined with Ada's class PIN
    shown = {}
    for name, token in (("own", link), ("device", phone)):
        # A class each: Ada's profile in a class it has not left would take her place back at once.
        info, _ = live.start(db, f"Links {name}")
        at = open_app("live", query={"code": info.join_code, "me": token})
        _join(at, info.join_code, "Ada")
        at.button(key="live-leave").click().run()
        assert not at.exception, errors(at)
        assert "Leave the live class?" in texts(at)
        shown[name] = [str(c.value) for c in at.code]
    assert [c.endswith(f"/?me={link}") for c in shown["own"]] == [True]
    assert shown["device"] == []


def test_an_unknown_phone_link_says_so_and_offers_to_join() -> None:
    at = open_app("live", query={"player": "x" * 32})
    assert not at.exception, errors(at)
    assert any("unknown" in str(e.value) for e in at.error)
    assert at.text_input(key="live-code") is not None


def test_a_bad_host_link_opens_no_teacher_controls() -> None:
    for bad in ("nonsense!", "A" * 32):
        at = open_app("presenter", query={**DEAL, "host": bad})
        assert not at.exception, errors(at)
        assert any("live-class link is unknown" in str(e.value) for e in at.error)
        keys = {b.key for b in at.button}
        assert not keys & {"live-end", "live-summary-open", "live-join-open", "live-start"}


def test_teacher_starts_asks_sees_the_count_reveals_and_exports() -> None:
    db = open_store()
    at = open_app("presenter", query=DEAL)
    at.button(key="live-start").click().run()
    assert not at.exception, errors(at)
    assert "host" not in at.query_params  # the host token never reaches the address
    code = at.query_params["live"]
    code = code[0] if isinstance(code, list) else code
    token = at.session_state["moon_live_token"][1]
    info = live.find_by_host_token(db, token)
    assert info is not None and info.open and info.join_code == code
    html = _html(at)
    assert f'data-code="{info.join_code}"' in html and "<svg" in html and f"/live?code={info.join_code}" in html
    at.button(key="live-join-close").click().run()
    toks = [live.join(db, info.join_code, n)[1] for n in ("Ada", "Ben", "Cy")]
    at.button(key="pres-ask").click().run()  # the presenter's "pause and ask" puts the question to the room
    view = live.student_view(db, toks[0])
    assert view is not None and view.question is not None
    p = at.session_state["moon_presenter"]
    q = p.hand.question(12)
    assert view.question.prompt == q.prompt and view.question.right == (q.answer.action,)
    # The whole hand of the seat to play, legal or not: which tiles may follow is the question too.
    hand = p.hand.scenes[12].hands[q.seat]
    assert [v for v, _ in view.question.choices] == [f"play {t}" for t in hand]
    illegal = [f"play {t}" for t in hand if f"play {t}" not in q.choices]
    assert illegal, "move 12 of deal 12 has tiles that may not be played"
    wrong = illegal[0]
    live.answer(db, toks[0], view.question.id, q.answer.action)
    live.answer(db, toks[1], view.question.id, wrong)
    at.run()
    chart = re.search(r'<div class="live-host live-chart".*?</div></div>', _html(at), re.S)
    assert chart, "no chart"
    assert 'data-answered="2"' in chart.group(0) and 'data-players="3"' in chart.group(0)
    # While the question is open the room sees how many answered, nothing per answer.
    assert 'class="live-bar' not in _html(at) and "data-n=" not in _html(at) and "2</b> of 3 answered" in chart.group(0)
    assert "Ada" not in _html(at) and "Ben" not in _html(at)  # no names before the reveal
    at.button(key="pres-forward").click().run()  # → reveals, on the presenter and the phones
    assert live.student_view(db, toks[0]).correct is True  # type: ignore[union-attr]
    with_names = _html(at)
    assert 'data-revealed="1"' in with_names and "Right: 1 of 2" in with_names
    spread = {m.group(1): int(m.group(2)) for m in re.finditer(r'data-value="([^"]+)" data-n="(\d+)"', with_names)}
    assert spread[q.answer.action] == 1 and spread[wrong] == 1 and sum(spread.values()) == 2, spread
    assert "Ada" not in with_names and "Ben" not in with_names  # who got it: only when the teacher shows it
    tile = wrong.split(" ")[1]
    assert f"{tile} may not be played: {tile} does not follow" in with_names  # the engine's reason at the reveal
    ben = live.student_view(db, toks[1])
    assert ben is not None and ben.correct is False
    # "Show the numbers": their table stands under the chart, every row of the computer's answer.
    assert 'class="live-numbers"' not in with_names and q.answer.rows
    at.button(key="pres-numbers").click().run()
    assert not at.exception, errors(at)
    table = re.search(r'<div class="live-numbers".*?</table>', _html(at), re.S)
    assert table and table.group(0).count("<tr>") == 1 + len(q.answer.rows[:8]), _html(at)
    at.button(key="pres-numbers").click().run()
    assert 'class="live-numbers"' not in _html(at)
    at.button(key="live-summary-open").click().run()
    assert not at.exception, errors(at)
    assert "Class summary" in texts(at)
    assert "Ada" not in _html(at) + texts(at)  # names only when the teacher shows them
    at.button(key="live-names").click().run()
    assert "Ada" in _html(at)
    csv_button = at.get("download_button")
    assert csv_button, "no CSV download"
    board = live.summary(db, info.id)
    assert [(s["name"], s["right"]) for s in board.students] == [("Ada", 1), ("Ben", 0), ("Cy", 0)]
    at.button(key="live-summary-close").click().run()
    chart = re.search(r'<div class="live-host live-chart".*?</div></div>', _html(at), re.S)
    # The results shown on the summary stay there: the panel on the projector names nobody.
    assert chart and "Right: 1 of 2" in chart.group(0) and "Ada" not in _html(at)
    at.button(key="live-summary-open").click().run()
    assert "Ada" not in _html(at) + texts(at)  # hidden again on the summary's next opening
    at.button(key="live-summary-close").click().run()
    at.button(key="live-end").click().run()  # asks first
    assert live.find_by_host_token(db, token).open is True  # type: ignore[union-attr]
    at.button(key="live-end-yes").click().run()
    assert not at.exception, errors(at)
    assert live.find_by_host_token(db, token).open is False  # type: ignore[union-attr]
    assert "Class summary" not in texts(at) and "Ada" not in _html(at)  # back to the hand, no names
    assert 'class="pres-stage"' in _html(at)
    at.button(key="live-summary-open").click().run()
    assert "Class summary" in texts(at)


def test_the_summary_of_a_hand_is_titled_by_its_number_until_the_end_and_leads_back_to_the_slide() -> None:
    """While the class is open a live class on a hand goes by the hand's number in its game
    ("Hand 1") on the stage and its summary, not "Deal 12" (a deal number opens every hand in a
    student's browser); once ended, by its deal (the teacher can tell later which hand it was);
    the summary leads back to the slide on screen, before and after End."""
    at = open_app("presenter", query=DEAL)
    at.button(key="live-start").click().run()
    at.button(key="live-join-close").click().run()
    at.button(key="pres-forward").click().run()
    assert '<h1 class="pres-title">Hand 1</h1>' in _html(at)
    at.button(key="live-summary-open").click().run()
    assert not at.exception, errors(at)
    assert "Class summary: Hand 1" in texts(at) and "Deal 12" not in texts(at) + _html(at)
    at.button(key="live-summary-close").click().run()
    assert 'class="pres-stage" data-count="13"' in _html(at)
    at.button(key="live-end").click().run()
    at.button(key="live-end-yes").click().run()
    assert '<h1 class="pres-title">Deal 12, hand 1</h1>' in _html(at)  # the header names the deal again
    at.button(key="live-summary-open").click().run()
    assert re.search(r"Class summary: Deal 12\\?, hand 1", texts(at))  # the Markdown source escapes the comma
    at.button(key="live-summary-close").click().run()
    assert 'class="pres-stage" data-count="13"' in _html(at) and "Class summary" not in texts(at)


def test_a_class_started_on_a_revealed_slide_shows_no_chart_of_zeros() -> None:
    """The live class starts on a slide whose answer is already on screen: the class was never
    asked it, so the panel shows no chart of zeros beside the answer (it says the slide was not
    asked), the phones wait for the next question and the summary counts nothing. Asked again
    ("pause and ask" after going back), it is a question like any other."""
    db = open_store()
    at = open_app("presenter", query={**DEAL, "ask": "revealed"})
    at.button(key="live-start").click().run()
    at.button(key="live-join-close").click().run()
    assert not at.exception, errors(at)
    info = live.find_by_host_token(db, at.session_state["moon_live_token"][1])
    assert info is not None
    tok = live.join(db, info.join_code, "Ada")[1]
    at.run()
    html = _html(at)
    assert 'class="live-host live-chart"' not in html and "Right: 0 of 0" not in html, html
    assert "Not asked in this live class" in html
    view = live.student_view(db, tok)
    assert view is not None and view.question is None and not view.joined_late
    assert live.summary(db, info.id).questions == 0


def test_a_slide_passed_through_going_back_is_not_a_question_of_the_summary() -> None:
    """The live class starts on the deck's last slide (a note); the teacher steps back through
    a puzzle to a level, asks it and reveals it. The puzzle was on screen for a moment, nobody
    answered it: the summary has one question and the student is scored out of one."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token

    db = open_store()
    deck = Deck("Back and forth", (DeckEntry("level", ref="doubles-big-tiles"), DeckEntry("puzzle", ref="play-3104"),
                                   DeckEntry("note", title="Remember", note="Trumps first.")))
    at = open_app("presenter", query={"deck": deck_token(deck), "slide": "2"})
    at.button(key="live-start").click().run()
    at.button(key="live-join-close").click().run()
    info = live.find_by_host_token(db, at.session_state["moon_live_token"][1])
    assert info is not None
    ada = live.join(db, info.join_code, "Ada")[1]
    seen = []
    while "slide 1 of 3" not in _html(at):
        at.button(key="pres-back").click().run()
        view = live.student_view(db, ada)
        seen.append(view.question.ref if view is not None and view.question is not None else None)
    assert not at.exception, errors(at)
    assert any(ref and ref.startswith("puzzle:") for ref in seen), seen  # the puzzle reached the phones on the way
    if at.query_params.get("ask") != "1":
        at.button(key="pres-ask").click().run()
    view = live.student_view(db, ada)
    assert view is not None and view.question is not None and view.question.ref.startswith("level:")
    assert view.number == 1  # the puzzle passed through takes no number
    live.answer(db, ada, view.question.id, view.question.right[0])
    at.button(key="pres-forward").click().run()  # the reveal
    assert live.student_view(db, ada).correct is True  # type: ignore[union-attr]
    board = live.summary(db, info.id)
    assert board.questions == 1 and [q["number"] for q in board.per_question] == [1]
    assert [(s["name"], s["answered"], s["right"], s["asked"]) for s in board.students] == [("Ada", 1, 1, 1)]
    at.button(key="live-summary-open").click().run()
    assert "1 student · 1 question asked" in texts(at) + _html(at)



def test_the_small_join_line_names_the_address_and_the_code() -> None:
    """Under an open question's chart: the join address (without the code) and the code, the
    same with the public address set."""
    from tutorial.services.live_html import join_small_html

    info, _token = live.start(open_store(), "Join line")
    line = join_small_html(info, "")
    assert f'data-code="{info.join_code}"' in line and ">/live<" in line and f">{info.join_code}</b>" in line
    line = join_small_html(info, "https://moon.example/app")
    assert ">https://moon.example/app/live<" in line and info.join_code in line


def test_an_open_question_keeps_the_join_line_under_its_chart() -> None:
    """"Pause and ask" in a live class: the panel shows the chart and, under it, the code."""
    at = open_app("presenter", query=DEAL)
    at.button(key="live-start").click().run()
    code = at.query_params["live"]
    code = code[0] if isinstance(code, list) else code
    at.button(key="live-join-close").click().run()
    at.button(key="pres-ask").click().run()
    assert not at.exception, errors(at)
    html = _html(at)
    assert "live-chart" in html and f'class="live-host live-join-small" data-code="{code}"' in html


def test_the_join_screen_says_nothing_for_the_teacher_alone_and_summary_rows_name_their_move() -> None:
    """"Phones cannot open localhost" is the teacher's (the Start button's tooltip), not the
    room's: the join screen and the panel's join line leave it out. A move's row in the class
    summary names its move, so that the rows of one hand read apart."""
    from store.live import QuestionScore
    from tutorial.services.live import summary_question
    from tutorial.services.live_html import join_html, unreachable_text

    info, _token = live.start(open_store(), "Join screen")
    for big in (True, False):
        html = join_html(info, big, 0, "http://localhost:8501")
        assert info.join_code in html and "Phones cannot open" not in html and "live-warn" not in html
    assert unreachable_text("http://localhost:8501", 8501).startswith("Phones cannot open “http://localhost:8501”")
    assert unreachable_text("http://192.0.2.7:8501", 8501) == ""
    row: QuestionScore = {"number": 1, "kind": "move", "id": "", "move": 8, "title": "Deal 12, hand 1 · Move 8",
                          "prompt": "Seat 2 is to play. What would you play?", "answer": "6-4", "answered": 0,
                          "right": 0, "common_wrong": "", "common_wrong_n": 0, "wrong": []}
    assert summary_question(row) == "Move 8 · Seat 2 is to play. What would you play?"
    assert summary_question({**row, "kind": "follow", "move": 0}) == row["prompt"]


def test_a_puzzle_named_by_a_question_reads_without_a_colon_after_its_question_mark() -> None:
    from tutorial.services.items import item_title, kind_title, puzzles

    asking = [p for p in puzzles() if kind_title(p.kind).endswith("?") and not getattr(p, "title", "")]
    assert asking, "no puzzle kind is named by a question"
    title = item_title(asking[0], limit=400)
    assert "?:" not in title and title.startswith(kind_title(asking[0].kind) + " ")
    plain = next(p for p in puzzles() if not kind_title(p.kind).endswith(("?", "!", ".")))
    assert item_title(plain, limit=400).startswith(kind_title(plain.kind) + ": ")


def test_a_pick_every_tile_level_is_toggles_then_send_graded_as_a_set() -> None:
    """"Pick every tile that belongs to the set" (tiles-which-stay) on a phone: one toggle per
    tile, in the table's order, nothing of the answer on the page; a second tap unpicks; "Send"
    sends the set, counted right only when it is exactly the engine's; the store refuses a set
    of another shape; at the reveal the answer is said as the tiles and the reason is a list."""
    from tutorial.services.items import course
    from tutorial.services.live import item_spec
    from tutorial.services.presenter import build_item_show

    level = next(lv for lv in course().levels() if lv.id == "tiles-which-stay")
    tiles = [str(t) for t in level.position.tiles]
    db = open_store()
    info, _ = live.start(db, "Sets")
    at = open_app("live")
    _join(at, info.join_code, "Bo")
    _player, token = live.join(db, info.join_code, "Cy")
    q = live.ask(db, info.id, item_spec(build_item_show(level, "level"), level, "pick-1"))
    at.run()
    toggles = [c for c in at.checkbox if (c.key or "").startswith("moon_live_pick-")]
    assert [c.label for c in toggles] == tiles
    assert not [b for b in at.button if (b.key or "").startswith("live-choice-")]  # no list of sets to tap
    page = _html(at)
    assert "0-0, 6-6" not in page and "2-1, 6-6" not in page and "none" not in page.lower().split("picked")[0]
    # 0-0, then 6-6, 3-0 and 3-0 again (unpicked): 0-0 and 6-6, one short of the answer (2-1).
    for t in ("0-0", "6-6", "3-0", "3-0"):
        toggles[tiles.index(t)].set_value(not toggles[tiles.index(t)].value).run()
        toggles = [c for c in at.checkbox if (c.key or "").startswith("moon_live_pick-")]
    assert "Picked: 0-0, 6-6" in _html(at)
    at.button(key="live-send").click().run()
    assert not at.exception, errors(at)
    assert "Answer received: 0-0, 6-6" in _html(at)
    assert not [c for c in at.checkbox if (c.key or "").startswith("moon_live_pick-")]  # sent: no more toggles
    # Another student's exact set is right; a list of a choice's words, or a place out of range, is refused.
    for bad in ('["0-0", "2-1", "6-6"]', "pick:9", "pick:2,0"):
        try:
            live.answer(db, token, q.id, bad)
            raise AssertionError(f"{bad} was taken")
        except live.LiveError as e:
            assert "not one of the choices" in str(e)
    got = live.answer(db, token, q.id, live.pick_value(tiles.index(t) for t in ("6-6", "2-1", "0-0")))
    assert got.correct
    view = live.host_view(db, info.id)
    assert view is not None and view.answered == 2
    live.reveal(db, info.id)
    at.run()
    html = _html(at)
    assert "Not this time: you answered 0-0, 6-6." in html
    # What the set left out, said first, before the answer's list (and the reason a tile each).
    assert '<p class="live-illegal">You left out 2-1.</p>' in html
    assert html.index("You left out 2-1.") < html.index("The answer: 0-0, 6-6, 2-1") < html.index("<ul><li>")
    assert html.count('aria-label="The answer"') == 1  # drawn as its tiles too
    assert re.search(r'<div class="live-reason">(<p>[^<]*(<span[^>]*>[^<]*</span>[^<]*)*</p>)?<ul><li>', html), html[-900:]
    board = live.summary(db, info.id)
    assert board.per_question[0]["wrong"] == [("0-0, 6-6", 1)] and board.per_question[0]["right"] == 1


def test_a_profile_takes_back_only_its_own_place_in_an_open_class_it_has_not_left() -> None:
    """``take_back``: the place of this profile in an open class, under a new token (the old
    one opens nothing more); none for another profile, a class left, a class ended, or a link
    to another class."""
    from store import learners

    db = open_store()
    info, _ = live.start(db, "Back")
    other, _ = live.start(db, "Other")
    bob, _ = learners.create(db, "Bob")
    ann, _ = learners.create(db, "Ann")
    player, old = live.join(db, info.join_code, "Bob", learner_id=bob.id)
    assert live.take_back(db, ann.id) is None and live.take_back(db, None) is None
    assert live.take_back(db, bob.id, other.join_code) is None
    back = live.take_back(db, bob.id, info.join_code.lower())
    assert back is not None and back[0].id == player.id and back[0].back and back[0].name == "Bob"
    assert live.player_by_token(db, old) is None and live.player_by_token(db, back[1]) is not None
    live.leave(db, back[1])
    assert live.take_back(db, bob.id) is None  # left on purpose: the form, not the class
    live.join(db, info.join_code, "Bob", learner_id=bob.id)
    live.end(db, info.id)
    assert live.take_back(db, bob.id) is None
