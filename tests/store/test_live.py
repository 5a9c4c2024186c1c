"""The live class in the store, on SQLite and PostgreSQL: codes and host links, isolation of
sessions, expiry and ending, one answer per student (the first tap counts), no answer after the
reveal or after the presenter moved on, what the presenter and the phones see, the summary and
its CSV."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from sqlalchemy import func, select, text, update

from store import learners, live
from store.db import Store
from store.live import LiveError, QuestionSpec
from store.models import LiveAnswer, LiveSession, now


def spec(ref: str = "deal-12-move-9", right: str = "play 6-4") -> QuestionSpec:
    return QuestionSpec(ref=ref, kind="move", prompt="Seat 1 is to play. What would you play?",
                        choices=(("play 6-4", "6-4"), ("play 5-5", "5-5"), ("play 2-1", "2-1")),
                        right=(right,), answer_label="Seat 1 plays 6-4", reason="6-4 wins the trick.",
                        view={"hand": ["6-4", "5-5", "2-1"], "trump": "6"})


def test_migrations_reach_the_head_and_live_models_match_them(store: Store) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from store.models import Base

    with store.engine.connect() as c:
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0010"
        diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
    assert [d for d in diff if "live_" in repr(d)] == []


def test_start_gives_a_code_and_a_host_link_of_which_only_the_hash_is_kept(store: Store) -> None:
    info, token = live.start(store, "Year 8")
    assert len(info.join_code) == 6 and info.open and info.title == "Year 8"
    assert live.find_by_host_token(store, token) == info
    assert live.find_by_host_token(store, token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert live.find_by_host_token(store, "not a token!") is None
    assert live.open_by_code(store, info.join_code.lower()) == info  # any case, as typed
    with store.engine.connect() as c:
        stored = c.execute(select(LiveSession.host_token_hash)).scalar()
    assert stored and token not in stored and len(stored) == 64


@pytest.mark.parametrize("code, words", [("", "Type the code"), ("AB", "6 letters"), ("??????", "6 letters"),
                                         ("ZZZZZZ", "No live class has this code")])
def test_a_wrong_code_says_what_is_wrong(store: Store, code: str, words: str) -> None:
    live.start(store)
    with pytest.raises(LiveError, match=words):
        live.open_by_code(store, code)
    with pytest.raises(LiveError, match=words):
        live.join(store, code, "Ada")


def test_a_class_code_typed_for_a_live_class_says_it_is_a_class_code_and_where_to_use_it(store: Store) -> None:
    from store import classes

    klass, _ = classes.create_class(store, "Year 8")
    live.start(store)
    for typed in (klass.join_code, f" {klass.join_code.lower()} "):
        with pytest.raises(LiveError, match=f"{klass.join_code} is a class code.*Classes page") as raised:
            live.join(store, typed, "Ada")
        assert "No live class has this code" not in str(raised.value)


def test_a_live_class_code_typed_to_join_a_class_says_it_is_a_live_class_code(store: Store) -> None:
    from store import classes

    classes.create_class(store, "Year 8")
    info, _ = live.start(store)
    for typed in (info.join_code, f" {info.join_code.lower()} "):
        with pytest.raises(classes.ClassError, match=f"{info.join_code} is a live-class code.*Live class") as raised:
            classes.join(store, typed, "Ada", learners.create(store)[0].id)
        assert raised.value.live_code == info.join_code
    with pytest.raises(classes.ClassError, match="There is no class with this code") as plain:
        classes.join(store, "ZZZZZZ", "Ada", learners.create(store)[0].id)
    assert plain.value.live_code is None
    # An ended live class's code: said ended, with no link to a class that opens nothing.
    live.end(store, info.id)
    with pytest.raises(classes.ClassError, match=f"{info.join_code} was the code of a live class that has ended") as ended:
        classes.join(store, info.join_code, "Ada", learners.create(store)[0].id)
    assert ended.value.live_code is None


@pytest.mark.parametrize("typed, stored", [
    ("srv-7ka.", "SRV7KA"), (" srv 7ka ", "SRV7KA"), ("SRV—7KA", "SRV7KA"), ('"srv7ka",', "SRV7KA"),
    ("(SRV-7KA)!", "SRV7KA"), ("srv_7ka;", "SRV7KA"), ("\tsrv7ka\n", "SRV7KA"), ("", ""), ("...", ""),
    ("Ｋ９ＫＮＮＡ", "K9KNNA"), ("ｓｒｖ－７ｋａ", "SRV7KA"),  # full width, as some phone keyboards type
])
def test_one_normaliser_reads_a_code_typed_loosely(typed: str, stored: str) -> None:
    from store.classes import normalise_code

    assert normalise_code(typed) == stored


def test_every_code_box_takes_a_code_with_punctuation_around_it_and_still_refuses_a_wrong_one(store: Store) -> None:
    """Classes → Join and the live class's phones read a code through the one normaliser: a
    trailing full stop, quotes or dashes do not refuse the right code; a wrong code, however
    it is dressed, is still told so."""
    from store import classes

    klass, _ = classes.create_class(store, "Year 8")
    info, _ = live.start(store)
    loose = f" {klass.join_code[:3].lower()}-{klass.join_code[3:].lower()}. "
    assert classes.join(store, loose, "Ada", learners.create(store)[0].id).display_name == "Ada"
    assert classes.find_by_code(store, f"«{klass.join_code}»!") == klass
    assert live.open_by_code(store, f"'{info.join_code[:3]}-{info.join_code[3:]}.'") == info
    player, _ = live.join(store, f"{info.join_code.lower()}.", "Bo")
    assert player.session_id == info.id
    with pytest.raises(classes.ClassError, match="There is no class with this code"):
        classes.join(store, "zzz-zzz.", "Cy", learners.create(store)[0].id)
    with pytest.raises(classes.ClassError, match="Type the class code"):
        classes.join(store, "  ", "Cy", learners.create(store)[0].id)
    with pytest.raises(LiveError, match="No live class has this code"):
        live.join(store, "zzz-zzz.", "Cy")
    with pytest.raises(LiveError, match="6 letters"):
        live.join(store, f"{info.join_code}.7", "Cy")


def test_an_expired_or_ended_session_opens_nothing_and_takes_no_answer(store: Store) -> None:
    old, _ = live.start(store)
    with store.session() as s:
        s.execute(update(LiveSession).where(LiveSession.id == old.id).values(expires_at=now() - timedelta(minutes=1)))
    with pytest.raises(LiveError, match="has ended"):
        live.join(store, old.join_code, "Ada")
    info, _ = live.start(store)
    _, tok = live.join(store, info.join_code, "Ada")
    q = live.ask(store, info.id, spec())
    live.end(store, info.id)
    with pytest.raises(LiveError, match="has ended"):
        live.open_by_code(store, info.join_code)
    with pytest.raises(LiveError, match="ended"):
        live.answer(store, tok, q.id, "play 6-4")
    with pytest.raises(LiveError, match="ended"):
        live.ask(store, info.id, spec("another"))


def test_a_new_live_class_from_the_same_teacher_ends_their_earlier_open_one(store: Store) -> None:
    """The walk's class 5VCEM5, left open when the teacher started another, still let a fresh
    phone in 20 minutes later: a start with the teacher's earlier host links ends those classes
    (their phones see it ended, as after End); another teacher's class stays open."""
    first, t1 = live.start(store, "Year 8")
    _, phone = live.join(store, first.join_code, "Ada")
    q = live.ask(store, first.id, spec())
    other, _ = live.start(store, "Another teacher's class")
    assert [i.id for i in live.open_hosted(store, [t1, "not a token!"])] == [first.id]
    second, t2 = live.start(store, "Year 8 again", ending=[t1, "not a token!"])
    with pytest.raises(LiveError, match="has ended"):
        live.join(store, first.join_code, "Bob")
    with pytest.raises(LiveError, match="ended"):
        live.answer(store, phone, q.id, "play 6-4")
    seen = live.student_view(store, phone)
    assert seen is not None and not seen.session.open and seen.session.ended_at is not None
    assert live.open_by_code(store, other.join_code) == other
    assert live.open_by_code(store, second.join_code) == second
    assert live.open_hosted(store, [t1, t2]) == [second]
    assert live.open_hosted(store, []) == []


def test_a_class_expires_hours_after_the_teachers_last_action_not_while_they_teach(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A class no one ends closes :data:`live.IDLE_HOURS` after the teacher's last step (start,
    ask, reveal, moving on); each step starts that time again, so a lesson in use stays open."""
    assert live.IDLE_HOURS == 3.0
    t0 = now()
    idle, _ = live.start(store, "Left open")
    used, _ = live.start(store, "In use")
    _, phone = live.join(store, used.join_code, "Ada")

    def at(hours: float) -> None:
        monkeypatch.setattr(live, "now", lambda: t0 + timedelta(hours=hours))

    at(2.5)
    live.ask(store, used.id, spec())  # the teacher asks, 2½ hours in
    at(4.0)
    live.reveal(store, used.id)  # and reveals 1½ hours later
    at(5.0)
    live.close(store, used.id)  # and moves on
    at(7.9)
    assert live.open_by_code(store, used.join_code).id == used.id
    assert live.host_view(store, used.id) is not None
    with pytest.raises(LiveError, match="has ended"):
        live.open_by_code(store, idle.join_code)  # 3 hours with no step: closed
    with pytest.raises(LiveError, match="has ended"):
        live.join(store, idle.join_code, "Bob")
    at(8.1)  # 3 hours after the last step
    with pytest.raises(LiveError, match="has ended"):
        live.join(store, used.join_code, "Bob")
    assert live.student_view(store, phone) is not None
    with pytest.raises(LiveError, match="ended"):
        live.ask(store, used.id, spec("later"))
    live.close(store, used.id)  # a step after the expiry does not reopen it
    with pytest.raises(LiveError, match="has ended"):
        live.open_by_code(store, used.join_code)


def test_a_student_who_joins_after_the_reveal_is_told_so_not_that_they_did_not_answer(store: Store) -> None:
    info, _ = live.start(store)
    _, early = live.join(store, info.join_code, "Ada")
    live.ask(store, info.id, spec())
    live.reveal(store, info.id)
    _, late = live.join(store, info.join_code, "Bob")
    ada, bob = live.student_view(store, early), live.student_view(store, late)
    assert ada is not None and bob is not None
    assert ada.mine is None and not ada.joined_late
    assert bob.mine is None and bob.joined_late


def test_sessions_are_isolated(store: Store) -> None:
    a, _ = live.start(store, "A")
    b, _ = live.start(store, "B")
    _, ta = live.join(store, a.join_code, "Ada")
    _, tb = live.join(store, b.join_code, "Ada")  # the same name in another session is another student
    qa = live.ask(store, a.id, spec("q"))
    qb = live.ask(store, b.id, spec("q", right="play 5-5"))
    va, vb = live.student_view(store, ta), live.student_view(store, tb)
    assert va is not None and vb is not None
    assert va.session.id == a.id and va.question is not None and va.question.id == qa.id
    assert vb.session.id == b.id and vb.question is not None and vb.question.id == qb.id
    with pytest.raises(LiveError, match="not in your live class"):
        live.answer(store, ta, qb.id, "play 6-4")  # another session's question
    live.answer(store, ta, qa.id, "play 6-4")
    ha, hb = live.host_view(store, a.id), live.host_view(store, b.id)
    assert ha is not None and hb is not None
    assert (ha.answered, hb.answered, ha.players, hb.players) == (1, 0, 1, 1)
    assert live.student_view(store, "no-such-token-at-all-xxxxx") is None


def test_names_are_unique_in_a_session_and_a_profile_gets_its_place_back(store: Store) -> None:
    info, _ = live.start(store)
    me, _tok = learners.create(store, "Ada")
    p1, t1 = live.join(store, info.join_code, "Ada", learner_id=me.id)
    with pytest.raises(LiveError, match="taken"):
        live.join(store, info.join_code, " ada ".replace("ada", "Ada"))
    with pytest.raises(LiveError, match="Type your name"):
        live.join(store, info.join_code, "   ")
    p2, t2 = live.join(store, info.join_code, "Someone else", learner_id=me.id)  # same profile: same place
    assert (p2.id, p2.name, p2.back) == (p1.id, "Someone else", True) and t2 != t1  # under the new name
    assert live.player_by_token(store, t1) is None and live.player_by_token(store, t2) == (live.Player(p1.id, info.id, "Someone else"), info)


def test_a_student_back_under_a_new_name_keeps_their_place_and_answers_under_it_when_it_is_free(store: Store) -> None:
    """A student who leaves and joins again from the same browser with a new name gets their
    own place back (answers kept) under that name; a name another student holds is not taken
    from them: the student keeps their earlier name, and is told which name was taken."""
    info, _ = live.start(store)
    me, _tok = learners.create(store)
    p1, t1 = live.join(store, info.join_code, "A" * 60, learner_id=me.id)
    _, bob = live.join(store, info.join_code, "Bob")
    q = live.ask(store, info.id, spec())
    live.answer(store, t1, q.id, "play 6-4")
    live.leave(store, t1)
    back, t2 = live.join(store, info.join_code, "  bob ", learner_id=me.id)  # Bob's, whatever its case
    assert (back.id, back.name, back.back, back.wanted) == (p1.id, "A" * 40, True, "bob")
    renamed, t3 = live.join(store, info.join_code, "Bob  Fixed", learner_id=me.id)
    assert (renamed.id, renamed.name, renamed.back, renamed.wanted) == (p1.id, "Bob Fixed", True, "")
    assert sorted(s["name"] for s in live.summary(store, info.id).students) == ["Bob", "Bob Fixed"]
    view = live.student_view(store, t3)
    assert view is not None and view.player.name == "Bob Fixed" and view.mine == "play 6-4"
    with pytest.raises(LiveError, match="'Bob Fixed' is taken"):  # the new name is theirs now
        live.join(store, info.join_code, "bob fixed")
    assert live.player_by_token(store, bob) is not None and live.player_by_token(store, t2) is None


def test_a_student_who_leaves_is_no_longer_counted_and_comes_back_counted_once(store: Store) -> None:
    info, _ = live.start(store)
    me, _tok = learners.create(store, "Ada")
    _, t1 = live.join(store, info.join_code, "Ada", learner_id=me.id)
    _, bob = live.join(store, info.join_code, "Bob")
    q = live.ask(store, info.id, spec())
    live.answer(store, t1, q.id, "play 6-4")
    assert live.host_view(store, info.id).players == 2  # type: ignore[union-attr]
    live.leave(store, t1)
    live.leave(store, "not a token!")  # changes nothing
    view = live.host_view(store, info.id)
    assert view is not None and view.players == 1 and view.answered == 1  # her answer stays
    assert live.player_by_token(store, t1) is None  # the phone's token opens nothing any more
    p2, _t2 = live.join(store, info.join_code, "ada", learner_id=me.id)
    assert p2.name == "Ada" and live.host_view(store, info.id).players == 2  # type: ignore[union-attr]
    assert [s["name"] for s in live.summary(store, info.id).students] == ["Ada", "Bob"]
    assert live.player_by_token(store, bob) is not None


def test_one_answer_per_student_the_first_tap_counts(store: Store) -> None:
    info, _ = live.start(store)
    _, tok = live.join(store, info.join_code, "Ada")
    q = live.ask(store, info.id, spec())
    got = live.answer(store, tok, q.id, "play 5-5")
    assert not got.correct
    with pytest.raises(LiveError, match="already answered"):
        live.answer(store, tok, q.id, "play 6-4")
    with pytest.raises(LiveError, match="not one of the choices"):
        live.answer(store, tok, q.id, "play 0-0")
    view = live.student_view(store, tok)
    assert view is not None and view.mine == "play 5-5" and view.correct is None  # not told before the reveal
    host = live.host_view(store, info.id)
    assert host is not None and host.counts == {"play 6-4": 0, "play 5-5": 1, "play 2-1": 0}
    assert host.answered == 1 and host.right_names == () and host.wrong_names == ()  # no names before the reveal
    with store.engine.connect() as c:
        assert c.execute(select(func.count()).select_from(LiveAnswer)).scalar() == 1


def test_reveal_shows_who_got_it_and_closes_the_question(store: Store) -> None:
    info, _ = live.start(store)
    toks = {name: live.join(store, info.join_code, name)[1] for name in ("Ada", "ben", "Cy")}
    q = live.ask(store, info.id, spec())
    live.answer(store, toks["Ada"], q.id, "play 6-4")
    live.answer(store, toks["ben"], q.id, "play 2-1")
    shown = live.reveal(store, info.id)
    assert shown is not None and shown.revealed
    with pytest.raises(LiveError, match="Too late"):
        live.answer(store, toks["Cy"], q.id, "play 6-4")
    host = live.host_view(store, info.id)
    assert host is not None and host.right_names == ("Ada",) and host.wrong_names == ("ben",)
    ada, cy = live.student_view(store, toks["Ada"]), live.student_view(store, toks["Cy"])
    assert ada is not None and ada.correct is True and ada.question is not None and ada.question.revealed
    assert cy is not None and cy.mine is None and cy.correct is False
    # The presenter moves on: the revealed question stays on the phones until the next one.
    live.close(store, info.id)
    view = live.student_view(store, toks["Ada"])
    assert view is not None and view.question is not None and view.question.id == q.id


def test_moving_on_without_revealing_closes_the_question_and_asking_again_reopens_it(store: Store) -> None:
    info, _ = live.start(store)
    _, tok = live.join(store, info.join_code, "Ada")
    q1 = live.ask(store, info.id, spec("one"))
    live.close(store, info.id)
    view = live.student_view(store, tok)
    assert view is not None and view.question is None
    with pytest.raises(LiveError, match="Too late"):
        live.answer(store, tok, q1.id, "play 6-4")
    q2 = live.ask(store, info.id, spec("two"))
    assert q2.seq == 2
    again = live.ask(store, info.id, spec("one"))  # the teacher went back to it
    assert again.id == q1.id and not again.closed
    live.answer(store, tok, q1.id, "play 6-4")
    q2_now = live.ask(store, info.id, spec("two"))  # switching closes the other one
    assert q2_now.id == q2.id
    _, bo = live.join(store, info.join_code, "Bo")
    with pytest.raises(LiveError, match="Too late"):
        live.answer(store, bo, q1.id, "play 5-5")


def test_summary_per_student_and_question_and_a_csv_a_spreadsheet_cannot_run(store: Store) -> None:
    info, _ = live.start(store)
    toks = {name: live.join(store, info.join_code, name)[1] for name in ("Ada", "=HYPERLINK(1)", "Bo")}
    q1 = live.ask(store, info.id, spec("one"))
    live.answer(store, toks["Ada"], q1.id, "play 6-4")
    live.answer(store, toks["Bo"], q1.id, "play 5-5")
    live.answer(store, toks["=HYPERLINK(1)"], q1.id, "play 5-5")
    live.reveal(store, info.id)
    q2 = live.ask(store, info.id, spec("two", right="play 2-1"))
    live.answer(store, toks["Ada"], q2.id, "play 2-1")
    live.answer(store, toks["Bo"], q2.id, "play 2-1")
    live.reveal(store, info.id)
    board = live.summary(store, info.id)
    assert board.questions == 2
    assert [(s["name"], s["answered"], s["right"]) for s in board.students] == [
        ("Ada", 2, 2), ("Bo", 2, 1), ("=HYPERLINK(1)", 1, 0)]
    first = board.per_question[0]
    assert (first["answered"], first["right"], first["common_wrong"], first["common_wrong_n"]) == (3, 1, "5-5", 2)
    text = live.summary_csv(board)
    assert text.startswith("\ufeff")  # a spreadsheet reads it as UTF-8
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert rows[0] == ["student", "answered", "right", "asked_while_in_class"]
    assert ["'=HYPERLINK(1)", "1", "0", "2"] in rows
    assert len(rows) == 4 and all(rows)  # one table: the students, no second table after a blank line
    questions = live.questions_csv(board)
    assert questions.startswith("\ufeff")
    qrows = list(csv.reader(io.StringIO(questions.removeprefix("\ufeff"))))
    assert qrows[0] == ["question", "kind", "id", "title", "prompt", "answer", "answered", "right", "wrong_answers"]
    assert len(qrows) == 3 and all(qrows)
    assert qrows[1][6:] == ["3", "1", "5-5 (×2)"] and qrows[2][6:] == ["2", "2", ""]


def test_a_late_joiner_is_scored_out_of_the_questions_asked_while_in_the_class(store: Store) -> None:
    info, _ = live.start(store)
    ada = live.join(store, info.join_code, "Ada")[1]
    q1 = live.ask(store, info.id, spec("one"))
    live.answer(store, ada, q1.id, "play 6-4")
    live.reveal(store, info.id)
    q2 = live.ask(store, info.id, spec("two", right="play 2-1"))
    live.close(store, info.id)  # moved on unrevealed: no answer after this
    q3 = live.ask(store, info.id, spec("three", right="play 5-5"))
    eve = live.join(store, info.join_code, "Eve")[1]  # while the third question is open
    live.answer(store, eve, q3.id, "play 5-5")
    live.answer(store, ada, q3.id, "play 6-4")
    live.reveal(store, info.id)
    live.ask(store, info.id, spec("four"))
    live.reveal(store, info.id)
    fay = live.join(store, info.join_code, "Fay")[1]  # after every question was revealed
    assert fay and q2
    board = live.summary(store, info.id)
    assert board.questions == 3  # the second, closed with no answer, was never really asked
    got = {s["name"]: (s["answered"], s["right"], s["asked"]) for s in board.students}
    assert got == {"Ada": (2, 1, 3), "Eve": (1, 1, 2), "Fay": (0, 0, 0)}
    rows = list(csv.reader(io.StringIO(live.summary_csv(board).removeprefix("\ufeff"))))
    assert {r[0]: r[3] for r in rows[1:]} == {"Ada": "3", "Eve": "2", "Fay": "0"}


def test_a_slide_only_passed_through_is_no_question_of_the_summary(store: Store) -> None:
    """Stepping back from slide 4 to slide 1 passes slide 2 (a puzzle) for a second: it was
    put to the phones, nobody answered, nobody revealed it. It is not a question of the class:
    not counted, not in anyone's score, not in either file. An answered question the presenter
    moved on from unrevealed still counts, and so does one revealed with no answer."""
    info, _ = live.start(store)
    ada, bo = (live.join(store, info.join_code, name)[1] for name in ("Ada", "Bo"))
    q1 = live.ask(store, info.id, spec("hand"))
    live.answer(store, ada, q1.id, "play 6-4")
    live.reveal(store, info.id)
    live.ask(store, info.id, spec("puzzle", right="play 2-1"))  # passed through going back
    assert live.student_view(store, bo).number == 2  # type: ignore[union-attr]
    live.close(store, info.id)
    q3 = live.ask(store, info.id, spec("level", right="play 5-5"))
    assert live.student_view(store, bo).number == 2  # type: ignore[union-attr]  # as the summary numbers it
    live.answer(store, bo, q3.id, "play 5-5")
    live.close(store, info.id)  # answered, then moved on unrevealed: it was asked
    live.ask(store, info.id, spec("shown", right="play 3-3"))
    live.reveal(store, info.id)  # revealed with no answer: asked, nobody got it
    assert live.student_view(store, ada).number == 3  # type: ignore[union-attr]
    live.ask(store, info.id, spec("still-open", right="play 1-1"))  # open, nothing in yet
    board = live.summary(store, info.id)
    assert board.questions == 3
    assert [(q["number"], q["answered"], q["right"]) for q in board.per_question] == [(1, 1, 1), (2, 1, 1), (3, 0, 0)]
    got = {s["name"]: (s["answered"], s["right"], s["asked"]) for s in board.students}
    assert got == {"Ada": (1, 1, 3), "Bo": (1, 1, 3)}
    rows = list(csv.reader(io.StringIO(live.summary_csv(board).removeprefix("\ufeff"))))
    assert {r[0]: r[3] for r in rows[1:]} == {"Ada": "3", "Bo": "3"}
    qrows = list(csv.reader(io.StringIO(live.questions_csv(board).removeprefix("\ufeff"))))
    assert [r[0] for r in qrows[1:]] == ["1", "2", "3"]


def test_the_questions_csv_has_every_wrong_answer_and_titles_beside_ids(store: Store) -> None:
    info, _ = live.start(store)
    toks = [live.join(store, info.join_code, name)[1] for name in ("Ada", "Bo", "Cy", "Di")]
    item = QuestionSpec(ref="level-1", kind="level", prompt="Which tile wins?",
                        choices=(("a", "6-4"), ("b", "5-5"), ("c", "2-1"), ("d", "=1+1")), right=("a",),
                        answer_label="6-4 (Seat 1)", reason="The highest trump.",
                        view={"id": "win-double", "title": "The double wins"})
    q = live.ask(store, info.id, item)
    for t, choice in zip(toks, ("b", "c", "b", "d"), strict=True):
        live.answer(store, t, q.id, choice)
    board = live.summary(store, info.id)
    assert board.per_question[0]["wrong"] == [("5-5", 2), ("2-1", 1), ("=1+1", 1)]
    rows = list(csv.reader(io.StringIO(live.questions_csv(board).removeprefix("\ufeff"))))
    assert rows[1][:4] == ["1", "level", "win-double", "The double wins"]
    assert rows[1][-1] == "5-5 (×2); 2-1 (×1); =1+1 (×1)"  # every wrong answer, not only the most given


def test_thirty_students_answer_and_none_is_lost(store: Store) -> None:
    info, _ = live.start(store)
    toks = [live.join(store, info.join_code, f"Student {i}")[1] for i in range(30)]
    q = live.ask(store, info.id, spec())
    values = [v for v, _ in spec().choices]
    for i, t in enumerate(toks):
        live.answer(store, t, q.id, values[i % 3])
    host = live.host_view(store, info.id)
    assert host is not None and host.answered == 30 and sorted(host.counts.values()) == [10, 10, 10]
    assert host.question is not None and host.question.answers_n == 30


def test_a_revealed_question_asked_again_is_a_new_question_with_an_empty_chart(store: Store) -> None:
    """The presenter reveals a move, goes back and asks it again (teacher8 #1): the phones
    get the question to answer again and the chart starts empty, not the first time's
    result beside a face-down question; the first time's answers stay in the summary. Drawn
    again on the revealed slide (``anew`` false), the revealed question stays as it is."""
    info, _ = live.start(store)
    _, ada = live.join(store, info.join_code, "Ada")
    first = live.ask(store, info.id, spec("m3"))
    live.answer(store, ada, first.id, "play 5-5")
    live.reveal(store, info.id)
    same = live.ask(store, info.id, spec("m3"))  # the teacher's page drawn again on the reveal
    assert same.id == first.id and same.revealed
    live.close(store, info.id)  # back to the move, not asked
    again = live.ask(store, info.id, spec("m3"), anew=True)
    assert again.id != first.id and not again.revealed and not again.closed and again.seq == first.seq + 1
    host = live.host_view(store, info.id)
    assert host is not None and host.question is not None and host.question.id == again.id
    assert host.answered == 0 and not host.question.revealed
    view = live.student_view(store, ada)
    assert view is not None and view.question is not None and view.question.id == again.id
    assert view.mine is None and view.correct is None and view.number == 2
    live.answer(store, ada, again.id, "play 6-4")
    assert live.was_asked(store, info.id, "m3")
    # Asked anew while not yet revealed (the teacher's page drawn again): the same question.
    assert live.ask(store, info.id, spec("m3"), anew=True).id == again.id
    live.reveal(store, info.id)
    board = live.summary(store, info.id)
    assert [(q["number"], q["answered"], q["right"]) for q in board.per_question] == [(1, 1, 0), (2, 1, 1)]
