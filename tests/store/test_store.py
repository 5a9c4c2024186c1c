"""The store on SQLite and PostgreSQL: learners, answers, stars and streaks from rows, ratings,
reviews, classes and the dashboard, the progress file, and faults."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.exc import OperationalError

from store import classes, events, learners, practice, stats, transfer
from store.db import Store, StoreUnavailable, migrate
from store.events import GameFinished, HandPlayed, LessonAnswer, Outbox, PrincipleMissed, PuzzleAnswer
from store.glicko2 import Rating, update
from store.models import PinFailure, Review, now

#: The ids the progress-file tests name, standing for the course's.
KNOWN = transfer.Known(frozenset({"tiles-1", "tiles-2", "a", "b"}), frozenset({"p1", "p9"}))


def test_migrations_are_repeatable_and_reach_head(store: Store) -> None:
    migrate(store)  # a second run changes nothing
    with store.engine.connect() as c:
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0010"


def test_learner_found_by_token_only_and_reset_link_locks_the_old_one(store: Store) -> None:
    me, token = learners.create(store)
    assert learners.find(store, token) == me
    assert learners.find(store, token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert learners.find(store, "../../etc") is None
    assert token not in repr(me)
    new = learners.reset_token(store, me.id)
    assert learners.find(store, token) is None
    assert learners.find(store, new) is not None and learners.find(store, new).id == me.id  # type: ignore[union-attr]
    assert learners.rename(store, me.id, "  Ada\n  L. ") == "Ada L."
    assert learners.get(store, me.id).name == "Ada L."  # type: ignore[union-attr]


def test_only_the_token_hash_is_stored(store: Store) -> None:
    _, token = learners.create(store)
    with store.engine.connect() as c:
        stored = c.execute(text("SELECT token_hash FROM learners")).scalar()
    assert stored == learners.token_hash(token) and token not in str(stored)


def test_every_answer_is_a_row_and_stars_come_from_the_rows(store: Store) -> None:
    me, _ = learners.create(store)
    events.write(store, me.id, LessonAnswer("tiles-1", False, answer=["6-4"], stage_id="tiles", try_number=1))
    events.write(store, me.id, LessonAnswer("tiles-1", True, answer=["5-3"], stage_id="tiles", try_number=2))
    events.write(store, me.id, LessonAnswer("tiles-2", True, answer="6", stage_id="tiles", try_number=1, hints=0))
    summ = stats.summary(store, me.id)
    assert summ.stars == {"tiles-1": 2, "tiles-2": 3}
    # A better later answer raises the best; a worse one does not lower it.
    events.write(store, me.id, LessonAnswer("tiles-1", True, try_number=1))
    events.write(store, me.id, LessonAnswer("tiles-2", True, try_number=3, hints=2))
    assert stats.summary(store, me.id).stars == {"tiles-1": 3, "tiles-2": 3}
    # A page reload starts the try count again in the page, not in the rows.
    events.write(store, me.id, LessonAnswer("tiles-3", False, try_number=1))
    events.write(store, me.id, LessonAnswer("tiles-3", True, try_number=1))
    assert stats.summary(store, me.id).stars["tiles-3"] == 2


def test_events_waiting_are_read_by_the_same_rules_as_the_rows(store: Store) -> None:
    """The one read model: a summary with events folded in (the outbox, while the database is
    away) equals the summary of the rows once they are written, stars of the latest right
    answer and where the learner stopped included."""
    me, _ = learners.create(store)
    before = [LessonAnswer("tiles-1", True), PuzzleAnswer("p1", True)]
    events.write(store, me.id, *before)
    waiting = [LessonAnswer("tiles-2", False), LessonAnswer("tiles-2", True, try_number=1),
               LessonAnswer("tiles-1", True, try_number=2, hints=1), PuzzleAnswer("p2", False, try_number=1),
               PuzzleAnswer("p2", True, try_number=2), HandPlayed("g1", 1), GameFinished("g1", True, 1)]
    folded = stats.summary(store, me.id).with_events(waiting)
    events.write(store, me.id, *waiting)
    assert folded == stats.summary(store, me.id)
    assert folded.stars == {"tiles-1": 3, "tiles-2": 2} and folded.last_stars == {"tiles-1": 1, "tiles-2": 2}
    assert folded.last_level == "tiles-1" and folded.open_misses == {}
    assert (folded.streak, folded.best_streak, folded.hands_played, folded.games_won) == (0, 1, 1, 1)
    assert stats.Summary().with_events(before + waiting) == folded


def test_puzzle_streaks_hands_and_games(store: Store) -> None:
    me, _ = learners.create(store)
    for pid in ("p1", "p2", "p3"):
        events.write(store, me.id, PuzzleAnswer(pid, True, themes=("a",)))
    events.write(store, me.id, PuzzleAnswer("p4", False, themes=("a",)))
    events.write(store, me.id, PuzzleAnswer("p4", True, try_number=2))
    events.write(store, me.id, PuzzleAnswer("p5", True))
    events.write(store, me.id, HandPlayed("g1", 1, {"seed": 1}), HandPlayed("g1", 1, {"seed": 1}))
    events.write(store, me.id, HandPlayed("g1", 2, None), GameFinished("g1", True, 2))
    summ = stats.summary(store, me.id)
    assert summ.puzzles_solved == ["p1", "p2", "p3", "p4", "p5"]
    assert (summ.streak, summ.best_streak) == (1, 3)
    assert (summ.hands_played, summ.games_won) == (2, 1)


def test_ratings_move_on_the_first_try_at_a_puzzle_only(store: Store) -> None:
    me, _ = learners.create(store)
    events.write(store, me.id, PuzzleAnswer("easy", True, rating=1200))
    after_win = learners.get(store, me.id).rating  # type: ignore[union-attr]
    assert after_win > 1500
    events.write(store, me.id, PuzzleAnswer("easy", True, rating=1200))  # a repeat is not rated
    assert learners.get(store, me.id).rating == after_win  # type: ignore[union-attr]
    events.write(store, me.id, PuzzleAnswer("hard", False, rating=1800))
    st = stats.learner_stats(store, me.id)
    assert st.rating < after_win and len(st.rating_history) == 2
    assert st.theme_accuracy == {}
    ratings = practice.learned_ratings(store, {"easy", "hard"})
    assert ratings["easy"] < 1200 and ratings["hard"] > 1800


def test_a_missed_item_comes_back_and_leaves_after_right_answers(store: Store) -> None:
    me, _ = learners.create(store)
    events.write(store, me.id, PuzzleAnswer("p1", False, themes=("x",)))
    st = stats.learner_stats(store, me.id)
    assert [(k, i, b) for k, i, _, b in st.reviews] == [("puzzle", "p1", 1)]
    assert stats.due_now(st) == []  # due in ten minutes, not yet
    with store.session() as s:  # ten minutes later
        s.get(Review, (me.id, "puzzle", "p1")).due_at = now() - timedelta(seconds=1)  # type: ignore[union-attr]
    assert stats.due_now(stats.learner_stats(store, me.id)) == ["p1"]
    events.write(store, me.id, PuzzleAnswer("p1", True))
    st = stats.learner_stats(store, me.id)
    assert [(i, b) for _, i, _, b in st.reviews] == [("p1", 2)] and stats.due_now(st) == []
    assert st.theme_accuracy == {"x": (0, 1)}


def test_practice_prefers_missed_themes_near_the_rating() -> None:
    pool = [practice.PuzzleCard("near", 1500, ("count",)), practice.PuzzleCard("weak", 1650, ("trump",))]
    assert practice.next_puzzle(pool, 1500, {}, set()).id == "near"  # type: ignore[union-attr]
    misses = practice.theme_misses({"trump": (0, 5), "count": (5, 5)})
    assert practice.next_puzzle(pool, 1500, misses, set()).id == "weak"  # type: ignore[union-attr]
    assert practice.next_puzzle(pool, 1500, misses, {"weak"}).id == "near"  # type: ignore[union-attr]


def test_glicko2_matches_the_papers_example() -> None:
    r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.vol == pytest.approx(0.05999, abs=1e-5)


def test_class_join_codes_pins_and_dashboard(store: Store) -> None:
    klass, teacher = classes.create_class(store, "Year 7 Moon", pin_required=True)
    assert len(klass.join_code) == 6 and classes.find_by_teacher_token(store, teacher) == klass
    assert classes.find_by_teacher_token(store, learners.new_token()) is None
    ada, _ = learners.create(store)
    bob, _ = learners.create(store)
    with pytest.raises(classes.ClassError, match="no class with this code"):
        classes.join(store, "ZZZZZZ", "Ada", ada.id, "1234")
    with pytest.raises(classes.ClassError, match="PIN"):
        classes.join(store, klass.join_code, "Ada", ada.id, None)
    assert classes.join(store, klass.join_code.lower(), "Ada", ada.id, "1234").learner_id == ada.id
    classes.join(store, klass.join_code, "Bob", bob.id, "9999")
    # Ada on another device: her PIN opens her own profile; a wrong one does not.
    other, _ = learners.create(store)
    assert classes.join(store, klass.join_code, "Ada", other.id, "1234") == classes.Joined(ada.id, "Ada", True)
    for _ in range(5):
        with pytest.raises(classes.ClassError, match="not right"):
            classes.join(store, klass.join_code, "Ada", other.id, "0000")
    with pytest.raises(classes.ClassError, match="Too many wrong PINs"):
        classes.join(store, klass.join_code, "Ada", other.id, "1234")
    with store.session() as s:  # a minute later the name can be tried again
        for f in s.scalars(select(PinFailure)):
            f.at = now() - timedelta(minutes=2)
    assert classes.join(store, klass.join_code, "Ada", other.id, "1234").learner_id == ada.id
    with store.session() as s:
        assert s.scalar(select(func.count()).select_from(PinFailure)) == 0

    events.write(store, ada.id, LessonAnswer("tiles-1", True, answer=["6-4"], stage_id="tiles"))
    events.write(store, bob.id, LessonAnswer("tiles-1", False, answer=["5-3"], stage_id="tiles"))
    events.write(store, bob.id, LessonAnswer("tiles-1", False, answer=["5-3"], stage_id="tiles", try_number=2))
    events.write(store, bob.id, LessonAnswer("tiles-1", True, answer=["6-4"], stage_id="tiles", try_number=3))
    events.write(store, bob.id, PuzzleAnswer("p1", True))
    board = classes.dashboard(store, klass)
    assert [(s["name"], s["stars"], s["puzzles_solved"], s["stage"]) for s in board.students] == [
        ("Ada", 3, 0, "tiles"), ("Bob", 1, 1, "tiles")]
    assert board.levels == [{"level": "tiles-1", "stage": "tiles", "students": 2, "first_time_right": 1,
                             "wrong_answers": [("5-3", 2)]}]
    students = classes.students_csv(board, {"tiles": "1. The tiles"})
    assert students.startswith("\ufeffstudent,stage_id,stage,stars,")
    assert students.splitlines()[1].startswith("Ada,tiles,1. The tiles,3,1,0,")
    answers = classes.answers_csv(board, {"tiles-1": "Count the pips", "p1": "Trump in"}, {"tiles": "1. The tiles"})
    assert answers.startswith("\ufeffkind,id,title,stage_id,stage,students,first_time_right,wrong_answers\r\n")
    assert answers.splitlines()[1:] == ["level,tiles-1,Count the pips,tiles,1. The tiles,2,1,5-3 (×2)",
                                        "puzzle,p1,Trump in,,,1,1,"]


def test_a_taken_name_without_pin_is_refused(store: Store) -> None:
    klass, _ = classes.create_class(store, "Club")
    a, _ = learners.create(store)
    b, _ = learners.create(store)
    classes.join(store, klass.join_code, "Sam", a.id)
    with pytest.raises(classes.ClassError, match="taken"):
        classes.join(store, klass.join_code, "Sam", b.id)
    assert [c.name for c, _ in classes.memberships(store, a.id)] == ["Club"] and classes.memberships(store, b.id) == []


def test_progress_file_round_trip_loses_nothing(store: Store) -> None:
    me, _ = learners.create(store, "Ada")
    events.write(store, me.id, LessonAnswer("tiles-1", False, answer=["6-4"], stage_id="tiles"),
                 LessonAnswer("tiles-1", True, answer=["5-3"], stage_id="tiles", try_number=2),
                 PuzzleAnswer("p1", True, themes=("a",)), HandPlayed("g", 1, {"seed": 3}), GameFinished("g", False),
                 PrincipleMissed("g", 1, 2, "draw-trumps", "6-6", "5-5", 3))
    data = json.dumps(transfer.export_dict(store, me.id))
    you, _ = learners.create(store)
    added = transfer.import_dict(store, you.id, transfer.parse(data), KNOWN)
    assert added == {"lesson_attempts": 2, "puzzle_attempts": 1, "hands": 1, "games": 1, "principle_misses": 1}
    assert stats.summary(store, you.id) == stats.summary(store, me.id)
    assert practice.game_misses(store, you.id) == practice.game_misses(store, me.id) != []
    assert transfer.import_dict(store, you.id, transfer.parse(data.encode()), KNOWN) == dict.fromkeys(added, 0)


def test_version_1_progress_file_still_loads(store: Store) -> None:
    me, _ = learners.create(store)
    v1 = {"format": "moon-tutor-progress", "version": 1, "stars": {"tiles-1": 2}, "puzzles_solved": ["p9"],
          "best_streak": 4, "streak": 0, "hands_played": 3, "games_won": 1}
    transfer.import_dict(store, me.id, v1, KNOWN)
    summ = stats.summary(store, me.id)
    assert (summ.stars, summ.puzzles_solved, summ.best_streak, summ.hands_played, summ.games_won) == (
        {"tiles-1": 2}, ["p9"], 4, 3, 1)


@pytest.mark.parametrize(("data", "message"), [
    (b"\xff\xfe", "not text"),
    (b"{not json", r"not valid JSON: it is damaged at line 1, column 2\."),
    (b"hello", r"not valid JSON: it is not JSON text at all\."),
    (b'{"format": "moon-tutor-progress", "name": "Ad', r"not valid JSON: it ends before it is complete \(was it cut off\?\)\."),
    (b"[1, 2]", "JSON object"),
    (b'{"format": "chess-progress"}', "not a Moon Tutor progress file"),
    (b'{"format": "moon-tutor-progress", "version": 9}', "newer than this app"),
    (b"[" * 100_000, "nested too deeply|not valid JSON"),
])
def test_corrupt_or_foreign_progress_files_are_refused(data: bytes, message: str) -> None:
    with pytest.raises(transfer.TransferError, match=message):
        transfer.parse(data)


def test_bad_rows_in_a_progress_file_add_nothing(store: Store) -> None:
    me, _ = learners.create(store)
    bad = {"format": "moon-tutor-progress", "version": 2,
           "lesson_attempts": [{"level": "a", "correct": True}, {"level": "b", "correct": "yes"}]}
    with pytest.raises(transfer.TransferError, match=r"entry 2\): right or wrong \('correct'\) has the wrong type"):
        transfer.import_dict(store, me.id, bad, KNOWN)
    assert stats.summary(store, me.id).stars == {}


class _Flaky:
    """Makes the next ``n`` connections to the database fail, as during a restart."""

    def __init__(self, store: Store, n: int) -> None:
        self.n = n
        from sqlalchemy import event

        event.listen(store.engine, "do_connect", self._connect)
        store.engine.dispose()

    def _connect(self, *args: object) -> None:
        if self.n > 0:
            self.n -= 1
            raise OperationalError("connect", {}, Exception("the server is restarting"))


def test_a_short_outage_is_retried_and_a_long_one_loses_no_answer(store: Store) -> None:
    me, _ = learners.create(store)
    _Flaky(store, 2)  # two failures: the retries get through
    events.write(store, me.id, LessonAnswer("tiles-1", True))
    assert stats.summary(store, me.id).stars == {"tiles-1": 3}
    flaky = _Flaky(store, 100)  # down for good: the outbox keeps the answers
    box = Outbox()
    assert box.send(store, me.id, LessonAnswer("tiles-2", True)) is False
    assert box.send(store, me.id, LessonAnswer("tiles-3", False)) is False
    with pytest.raises(StoreUnavailable):
        stats.summary(store, me.id)
    assert len(box.pending) == 2
    flaky.n = 0  # back again; after the pause the store tries again
    assert box.flush(store) is False  # still within the pause: fails at once, keeps everything
    store._down_until = 0.0
    assert box.flush(store) is True and box.pending == []
    assert stats.summary(store, me.id).stars == {"tiles-1": 3, "tiles-2": 3}


def test_stored_stars_follow_the_rule_the_learner_is_shown(store: Store) -> None:
    """A miss and a hint cost a star each, as ``content.stars.RULE`` tells the learner."""
    from content.stars import stars_for

    me, _ = learners.create(store)
    events.write(store, me.id, LessonAnswer("tiles-4", False, stage_id="tiles", try_number=1))
    events.write(store, me.id, LessonAnswer("tiles-4", True, stage_id="tiles", try_number=2, hints=1))
    events.write(store, me.id, LessonAnswer("tiles-5", True, stage_id="tiles", try_number=1, hints=1))
    assert stats.summary(store, me.id).stars == {"tiles-4": stars_for(1, 1), "tiles-5": stars_for(0, 1)}
    assert stats.summary(store, me.id).stars == {"tiles-4": 1, "tiles-5": 2}


def test_stored_stars_of_a_yes_or_no_level_follow_its_rule(store: Store) -> None:
    """A wrong try at a level of two answers leaves 1 star in the stored read model too (the
    summary, the class dashboard's rows), as ``content.stars.stars_for`` with ``options``."""
    me, _ = learners.create(store)
    events.write(store, me.id, LessonAnswer("tiles-4", False, stage_id="tiles", try_number=1))
    events.write(store, me.id, LessonAnswer("tiles-4", True, stage_id="tiles", try_number=2))
    events.write(store, me.id, LessonAnswer("tiles-5", False, stage_id="tiles", try_number=1))
    events.write(store, me.id, LessonAnswer("tiles-5", True, stage_id="tiles", try_number=2))
    options = {"tiles-4": 2, "tiles-5": 4}
    assert stats.summary(store, me.id).stars == {"tiles-4": 2, "tiles-5": 2}
    assert stats.summary(store, me.id, options).stars == {"tiles-4": 1, "tiles-5": 2}
    assert stats.level_stars([("tiles-4", False, 1, 0, None), ("tiles-4", True, 2, 0, None)], options) == {"tiles-4": 1}


def test_the_dashboard_counts_the_answers_a_student_gave_not_the_answer_shown(store: Store) -> None:
    """Two wrong tries, then the answer shown (stored as the third, right, try): two answers
    given; a second hint (the answer shown) then a right try, and a puzzle given up: none."""
    klass, _ = classes.create_class(store, "Club")
    ann, _ = learners.create(store)
    classes.join(store, klass.join_code, "Ann", ann.id)
    for answer in (LessonAnswer("tiles-1", False, answer=6, stage_id="tiles"),
                   LessonAnswer("tiles-1", False, answer=9, stage_id="tiles", try_number=2),
                   LessonAnswer("tiles-1", True, answer=7, stage_id="tiles", try_number=3),  # the answer shown
                   LessonAnswer("tiles-2", False, answer=1, stage_id="tiles"),
                   LessonAnswer("tiles-2", True, answer=2, stage_id="tiles", try_number=2),  # given: right at try 2
                   LessonAnswer("tiles-3", True, answer=3, stage_id="tiles", try_number=2, hints=2),  # shown
                   PuzzleAnswer("p1", False, answer="6-4"),
                   PuzzleAnswer("p1", False, gave_up=True, try_number=2),
                   PuzzleAnswer("p2", True, answer="5-5")):
        events.write(store, ann.id, answer)
    board = classes.dashboard(store, klass)
    assert board.students[0]["answers"] == 6
    csv_text = classes.students_csv(board)
    header, row = csv_text.lstrip("\ufeff").splitlines()[:2]
    assert dict(zip(header.split(","), row.split(","), strict=True))["answers_given"] == "6"
