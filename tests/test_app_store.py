"""AppTest: the store behind the pages — answers written as rows, the profile made on the
first answer, the personal link on Home, unknown links, progress files, classes."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from datetime import UTC, datetime

import pytest

from store import classes, events, learners, open_store, stats
from store.events import LessonAnswer, PuzzleAnswer
from tutorial.services.items import course
from tutorial.services.progress import ProgressError, check_file
from tutorial.services.text import md_escape
from tutorial.testing import errors, open_app, texts


def _level(kind: str):  # type: ignore[no-untyped-def]
    return next(lv for lv in course().levels() if lv.kind == kind)


def test_first_answer_makes_a_profile_and_every_answer_is_a_row() -> None:
    lv = _level("count")
    at = open_app("learn", state={"learn-stage": lv.stage, "learn-level": lv.id})
    assert at.session_state["moon_learner_id"] is None if "moon_learner_id" in at.session_state else True
    at.number_input(key=f"lv-{lv.id}-number").set_value(lv.answer() + 1).run()
    at.button(key=f"lv-{lv.id}-check").click().run()
    at.number_input(key=f"lv-{lv.id}-number").set_value(lv.answer()).run()
    at.button(key=f"lv-{lv.id}-check").click().run()
    assert not at.exception, errors(at)
    lid = at.session_state["moon_learner_id"]
    db = open_store()
    summ = stats.summary(db, lid)
    assert summ.stars == {lv.id: 2}  # wrong, then right: two stars, from the two rows
    assert at.session_state["moon_progress"].stars == {lv.id: 2}
    # Home shows the personal link, with a token that opens this learner.
    at.switch_page("views/home.py").run()
    link = next(str(c.value) for c in at.code if "?me=" in str(c.value))
    token = link.split("?me=")[1]
    assert learners.find(db, token).id == lid  # type: ignore[union-attr]


def test_personal_link_opens_the_profile_in_a_new_session() -> None:
    db = open_store()
    me, token = learners.create(db, "Nadia")
    events.write(db, me.id, LessonAnswer("tiles-1", True))
    at = open_app("home", query={"me": token})
    assert not at.exception, errors(at)
    assert at.session_state["moon_learner_id"] == me.id
    assert at.session_state["moon_progress"].stars == {"tiles-1": 3}
    assert "me" not in at.query_params  # taken out of the address bar


def test_unknown_or_reset_link_says_so_and_opens_nothing() -> None:
    db = open_store()
    me, token = learners.create(db)
    learners.reset_token(db, me.id)
    for bad in (token, "not-a-token", learners.new_token()):
        at = open_app("home", query={"me": bad})
        assert not at.exception, errors(at)
        assert "unknown or has been replaced" in texts(at)
        assert at.session_state["moon_learner_id"] is None if "moon_learner_id" in at.session_state else True


@pytest.mark.parametrize(("raw", "message"), [
    (b"\x00\xff", "not text"),
    (b'{"format": "other"}', "not a Moon Tutor progress file"),
    (json.dumps({"format": "moon-tutor-progress", "version": 1, "stars": {"a": 9}}).encode(), "from 0 to 3"),
    (json.dumps({"format": "moon-tutor-progress", "version": 2, "games": [{"game": 1}]}).encode(), "wrong type"),
])
def test_corrupt_or_foreign_progress_file_is_refused(raw: bytes, message: str) -> None:
    with pytest.raises(ProgressError, match=message):
        check_file(raw)


def test_the_dashboard_says_new_for_a_provisional_rating() -> None:
    """A student rated on a few puzzles (Glicko-2 deviation still large) has no rating to compare
    yet: all wrong can otherwise rate above a right answer. A settled rating shows."""
    from sqlalchemy import update

    from store.models import Learner

    db = open_store()
    klass, teacher = classes.create_class(db, "Club ratings")
    new, _ = learners.create(db)
    settled, _ = learners.create(db)
    classes.join(db, klass.join_code, "Nia", new.id)
    classes.join(db, klass.join_code, "Sol", settled.id)
    events.write(db, new.id, PuzzleAnswer("p-one", False, rating=900))  # one loss: 1500 falls by hundreds
    with db.session() as s:
        s.execute(update(Learner).where(Learner.id == settled.id).values(rating=1234.4, rd=80.0))
    board = classes.dashboard(db, klass)
    got = {x["name"]: (x["rating_provisional"], x["rating"]) for x in board.students}
    assert got["Nia"][0] is True and got["Nia"][1] < 1200 and got["Sol"] == (False, 1234)
    rows = list(csv.reader(io.StringIO(classes.students_csv(board).removeprefix("\ufeff"))))
    assert {r[0]: r[rows[0].index("rating_provisional")] for r in rows[1:]} == {"Nia": "yes", "Sol": "no"}
    # The file says what the dashboard says: no provisional number to compare students by.
    assert {r[0]: r[rows[0].index("rating")] for r in rows[1:]} == {"Nia": "new", "Sol": "1234"}
    at = open_app("classes", query={"teacher": teacher})
    assert not at.exception, errors(at)
    ratings = dict(zip(at.dataframe[0].value["Student"], at.dataframe[0].value["Rating"], strict=True))
    assert ratings == {"Sol": "1234", "Nia": "new"}  # never an empty cell, which the grid draws as "None"
    assert md_escape("“new” while it is provisional") in texts(at)


def test_teacher_link_unknown_and_dashboard_shows_students() -> None:
    at = open_app("classes", query={"teacher": learners.new_token()})
    assert not at.exception, errors(at)
    assert "This teacher link opens no class: a newer teacher link may have replaced it" in texts(at)
    db = open_store()
    klass, teacher = classes.create_class(db, "Club AppTest")
    a, _ = learners.create(db)
    classes.join(db, klass.join_code, "Amira", a.id)
    lv = _level("count")
    events.write(db, a.id, LessonAnswer(lv.id, False, answer=lv.answer() + 1, stage_id=lv.stage))
    at = open_app("classes", query={"teacher": teacher})
    assert not at.exception, errors(at)
    assert klass.join_code in texts(at)
    students = at.dataframe[0].value
    assert list(students["Student"]) == ["Amira"]
    levels = at.dataframe[1].value
    assert list(levels["Right first time"]) == ["0 of 1"] and str(lv.answer() + 1) in levels.iloc[0, 3]


def test_wrong_class_code_is_refused_with_a_message() -> None:
    at = open_app("classes")
    at.text_input(key="class-code").set_value("NOPE99")
    at.text_input(key="class-name").set_value("Zed")
    form_button = next(b for b in at.button if "Join" in str(b.label))
    form_button.click().run()
    assert not at.exception, errors(at)
    assert "no class with this code" in texts(at)


def test_database_away_for_a_while_keeps_the_answer_and_says_so() -> None:
    from sqlalchemy import event
    from sqlalchemy.exc import OperationalError

    db = open_store()
    down = {"on": False}

    def refuse(*_: object) -> None:
        if down["on"]:
            raise OperationalError("connect", {}, Exception("the database is restarting"))

    event.listen(db.engine, "do_connect", refuse)
    try:
        lv = _level("count")
        at = open_app("learn", state={"learn-stage": lv.stage, "learn-level": lv.id})
        at.number_input(key=f"lv-{lv.id}-number").set_value(lv.answer() + 1).run()
        at.button(key=f"lv-{lv.id}-check").click().run()  # makes the profile, writes a row
        lid = at.session_state["moon_learner_id"]
        down["on"] = True
        db.engine.dispose()
        at.number_input(key=f"lv-{lv.id}-number").set_value(lv.answer()).run()
        at.button(key=f"lv-{lv.id}-check").click().run()
        assert not at.exception, errors(at)
        assert "waiting to be saved" in texts(at) and "Nothing is lost" in texts(at)
        down["on"] = False
        db._down_until = 0.0  # the pause after a failure is over
        at.run()  # the next run sends what waited
        assert "waiting to be saved" not in texts(at)
        assert stats.summary(db, lid).stars == {lv.id: 2}
    finally:
        event.remove(db.engine, "do_connect", refuse)


def test_practice_offers_the_puzzle_nearest_the_learners_rating_and_due_reviews_first() -> None:
    from tutorial.services.items import puzzles

    pool = list(puzzles())
    at = open_app("practice")
    assert not at.exception, errors(at)
    shown = at.session_state["pr-current"]
    from store import practice

    learned = practice.learned_ratings(open_store(), {p.id for p in pool})  # other tests may have rated some
    rating = {p.id: learned.get(p.id, float(p.rating)) for p in pool}
    daily = practice.daily_puzzle([practice.PuzzleCard(p.id, p.rating) for p in pool], datetime.now(UTC).date())
    assert daily is not None and shown != daily.id  # the puzzle of the day has its own panel
    assert abs(rating[shown] - 1500) == min(abs(r - 1500) for pid, r in rating.items() if pid != daily.id)
    # A puzzle missed earlier and now due comes first.
    db = open_store()
    me, token = learners.create(db)
    far = max(pool, key=lambda p: abs(p.rating - 1500))
    events.write(db, me.id, events.PuzzleAnswer(far.id, False, themes=tuple(far.themes), rating=far.rating))
    from datetime import timedelta

    from store.models import Review, now

    with db.session() as s:
        s.get(Review, (me.id, "puzzle", far.id)).due_at = now() - timedelta(minutes=1)  # type: ignore[union-attr]
    at = open_app("practice", query={"me": token})
    assert not at.exception, errors(at)
    assert at.session_state["pr-current"] == far.id


def test_practice_never_serves_the_puzzle_just_answered_nor_the_puzzle_of_the_day() -> None:
    """Solving a hard puzzle brings the learner's rating and the puzzle's together: when the
    puzzle answered last (on Puzzles, say) is now the nearest to the learner's rating, Practice
    serves another one. Nor does the box serve today's puzzle of the day, drawn above it."""
    from store import practice
    from store.models import Learner
    from tutorial.services.items import puzzles

    pool = list(puzzles())
    db = open_store()
    daily = practice.daily_puzzle([practice.PuzzleCard(p.id, p.rating) for p in pool], datetime.now(UTC).date())
    assert daily is not None
    hard = sorted((p for p in pool if p.id != daily.id), key=lambda p: (-p.rating, p.id))[1]
    me, token = learners.create(db)
    events.write(db, me.id, PuzzleAnswer(hard.id, True, kind=hard.kind, themes=tuple(hard.themes),
                                         rating=hard.rating))
    learned = practice.learned_ratings(db, {p.id for p in pool})
    with db.session() as s:
        s.get(Learner, me.id).rating = learned[hard.id]  # type: ignore[union-attr]
    mine = stats.learner_stats(db, me.id)
    cards = [practice.PuzzleCard(p.id, learned.get(p.id, float(p.rating)), tuple(p.themes)) for p in pool]
    nearest = practice.next_puzzle(cards, mine.rating, practice.theme_misses(mine.theme_accuracy), set())
    assert nearest is not None and nearest.id == hard.id  # the puzzle just solved is the nearest
    at = open_app("practice", query={"me": token})
    assert not at.exception, errors(at)
    assert at.session_state["pr-current"] not in (hard.id, daily.id), at.session_state["pr-current"]
    # The box holding today's puzzle of the day (chosen near the rating): another is served.
    at = open_app("practice", state={"pr-current": daily.id})
    assert not at.exception, errors(at)
    assert at.session_state["pr-current"] != daily.id
    assert [k for k in (b.key or "" for b in at.button) if k.endswith("-solution")] == [
        f"daily-{daily.id}-solution", f"pr-{at.session_state['pr-current']}-solution"]


def test_a_replaced_link_stops_working_in_every_session_but_the_one_that_replaced_it() -> None:
    db = open_store()
    ada, token = learners.create(db, "Ada")
    events.write(db, ada.id, LessonAnswer("tiles-1", True))
    mine = open_app("home", query={"me": token})  # Ada's own browser
    theirs = open_app("home", query={"me": token})  # someone who copied her link
    assert theirs.session_state["moon_learner_id"] == ada.id
    mine.button(key="profile-reset").click().run()  # Ada: New link -> Replace
    assert not mine.exception, errors(mine)
    new = mine.session_state["moon_learner_token"]
    assert new != token and learners.find(db, new) == ada and learners.find(db, token) is None
    # The other session presses Replace on the page it still shows: refused before any write.
    theirs.button(key="profile-reset").click().run()
    assert not theirs.exception, errors(theirs)
    assert "has since been replaced" in texts(theirs)
    assert theirs.session_state["moon_learner_id"] is None if "moon_learner_id" in theirs.session_state else True
    assert theirs.session_state["moon_progress"].total_stars() == 0
    assert not any("?me=" in str(c.value) for c in theirs.code)  # no link, no New link button
    assert learners.find(db, new) == ada  # Ada keeps her link and her stars
    mine.run()
    assert mine.session_state["moon_learner_id"] == ada.id
    assert mine.session_state["moon_progress"].stars == {"tiles-1": 3}
    assert "has since been replaced" not in texts(mine)


def test_a_stale_session_can_neither_rename_nor_answer_into_the_profile() -> None:
    db = open_store()
    ada, token = learners.create(db, "Ada")
    theirs = open_app("home", query={"me": token})
    learners.reset_token(db, ada.id)  # Ada replaced her link elsewhere
    theirs.text_input(key="profile-name-input").set_value("Taken over")
    theirs.button(key="profile-rename").click().run()
    assert not theirs.exception, errors(theirs)
    assert learners.get(db, ada.id) == ada  # the name is unchanged
    assert "has since been replaced" in texts(theirs)

    # An answer given on a page drawn before the link was replaced goes to a fresh profile.
    lv = _level("count")
    bob, bob_token = learners.create(db, "Bob")
    theirs = open_app("learn", query={"me": bob_token}, state={"learn-stage": lv.stage, "learn-level": lv.id})
    assert theirs.session_state["moon_learner_id"] == bob.id
    learners.reset_token(db, bob.id)
    theirs.number_input(key=f"lv-{lv.id}-number").set_value(lv.answer())
    theirs.button(key=f"lv-{lv.id}-check").click().run()
    assert not theirs.exception, errors(theirs)
    assert "has since been replaced" in texts(theirs)
    assert stats.summary(db, bob.id).stars == {}  # nothing written into the replaced profile
    fresh = theirs.session_state["moon_learner_id"]
    assert fresh not in (None, bob.id) and stats.summary(db, fresh).stars == {lv.id: 3}


def test_a_class_join_tells_the_store_who_is_asking() -> None:
    from sqlalchemy import select

    from store.models import PinFailure

    db = open_store()
    klass, _ = classes.create_class(db, "Club keys", pin_required=True)
    ada, _ = learners.create(db)
    classes.join(db, klass.join_code, "Ada", ada.id, "1234")
    keys = []
    for _ in range(2):  # two browsers on localhost: no address, so each session is its own client
        at = open_app("classes")
        at.text_input(key="class-code").set_value(klass.join_code)
        at.text_input(key="class-name").set_value("Ada")
        at.text_input(key="class-pin").set_value("0000")
        next(b for b in at.button if "Join" in str(b.label)).click().run()
        assert not at.exception, errors(at)
        assert "This name and PIN are not right for this class" in texts(at)
        keys.append(classes.client_key(f"session:{at.session_state['moon_client']}"))
    with db.session() as s:
        stored = list(s.scalars(select(PinFailure.client_key).where(PinFailure.class_id == klass.id)))
    assert stored == keys and keys[0] != keys[1]


def test_a_device_joining_with_name_and_pin_carries_the_students_token() -> None:
    db = open_store()
    klass, _ = classes.create_class(db, "Club devices", pin_required=True)
    ada, ada_token = learners.create(db, "Ada")
    classes.join(db, klass.join_code, "Ada", ada.id, "2468")
    at = open_app("classes")
    at.text_input(key="class-code").set_value(klass.join_code)
    at.text_input(key="class-name").set_value("ada")
    at.text_input(key="class-pin").set_value("2468")
    next(b for b in at.button if "Join" in str(b.label)).click().run()
    assert not at.exception, errors(at)
    assert md_escape("Welcome back, Ada!") in texts(at)
    assert at.session_state["moon_learner_id"] == ada.id
    # The session holds a token of this device's own that opens Ada (the cookie is set from it),
    # so a reload opens Ada's profile, not the one this device had before.
    token = at.session_state["moon_learner_token"]
    assert isinstance(token, str) and token != ada_token
    assert learners.find(db, token) == dataclasses.replace(ada, device=True)
    reloaded = open_app("home", query={"me": token})
    assert not reloaded.exception, errors(reloaded)
    assert reloaded.session_state["moon_learner_id"] == ada.id
    assert "opened your progress with your class PIN" in texts(reloaded)
    assert not any("?me=" in str(c.value) for c in reloaded.code)  # the link stays on Ada's first device


@pytest.mark.parametrize(("typed", "saved", "said"), [
    ("Ada   Lovelace", "Ada Lovelace", "Your name is saved: “{}”."),
    ("**B** [l](http://e.vil) <i>x</i> :red[R] $x$ www.evil.com", "**B** [l](http://e.vil) <i>x</i> :red[R]",
     "Names keep to 40 characters (and printable ones), so yours is saved as “{}”."),
    ("   ", "", "Your name is removed: your progress is kept, with no name."),
])
def test_a_rename_says_what_was_saved_and_a_long_name_is_cut_with_a_word(typed: str, saved: str, said: str) -> None:
    db = open_store()
    ada, token = learners.create(db, "Ada")
    at = open_app("home", query={"me": token})
    at.text_input(key="profile-name-input").set_value(typed)
    at.button(key="profile-rename").click().run()
    assert not at.exception, errors(at)
    assert learners.get(db, ada.id).name == saved  # type: ignore[union-attr]
    assert said.format(md_escape(saved)) in texts(at)  # shown literally: the page escapes the name


def test_the_sidebar_counts_in_the_singular_for_one() -> None:
    db = open_store()
    ada, token = learners.create(db, "Ada")
    events.write(db, ada.id, LessonAnswer(level_id=next(iter(course().levels())).id, correct=True))
    at = open_app("home", query={"me": token})
    assert not at.exception, errors(at)
    assert "3 stars · 1 level  \n" in texts(at)
    assert "**3 stars** over **1 level**" in texts(at)  # Home's Learn card
    assert "0 puzzles · best streak 0  \n" in texts(at) and "0 hands played · 0 games won" in texts(at)


def test_progress_lists_every_level_learn_shows_under_three_stars() -> None:
    """The walk: Progress listed 2 "Levels under three stars" while Learn showed ten more at
    ☆☆☆ after a wrong try. One list from the same rows as Learn's stars: every level answered
    with fewer than three stars, one only tried wrong too, in the course's order; a level at
    three stars is not in it."""
    db = open_store()
    me, token = learners.create(db)
    lv = list(course().levels())
    tried, full, two = lv[5], lv[1], lv[3]
    events.write(db, me.id, LessonAnswer(tried.id, False, stage_id=tried.stage),
                 LessonAnswer(full.id, True, stage_id=full.stage),
                 LessonAnswer(two.id, True, try_number=2, stage_id=two.stage))
    at = open_app("progress", query={"me": token})
    assert not at.exception, errors(at)
    line = next(str(m.value) for m in at.markdown if "Levels under three stars" in str(m.value))
    named = line.split(":**", 1)[1]
    assert md_escape(two.title) in named and md_escape(tried.title) in named, line
    assert named.index(md_escape(two.title)) < named.index(md_escape(tried.title)), line
    assert md_escape(full.title) not in named, line
