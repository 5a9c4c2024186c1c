"""AppTest: Practice serves Play better positions of the principles a learner is shown missing
(in the hand reviews of their own Play games, in positions answered wrong), says why, and keeps
due puzzle reviews first and the puzzles in every other turn."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from engine import RuleSet
from store import events, learners, open_store, practice
from store.events import LessonAnswer, PrincipleMissed, PuzzleAnswer
from store.models import Review, now
from tutorial.services.items import course, puzzles
from tutorial.services.urlstate import PlaySetup, encode
from tutorial.testing import errors, open_app, texts

#: Deal 8: the learner (seat 0) bids 4, names fives trump and leads 6-6 while 5-5, the top
#: trump, is in hand; the hand played to its end (as tests/test_strategy_review.py).
LED_6_6 = ("bid 4, pass, pass, discard 4-1, trump 5, play 6-6, play 6-1, play 6-3, play 5-5, play 6-5, "
           "play 5-1, play 3-3, play 2-1, play 3-1, play 6-2, play 4-2, play 5-4, play 1-1, play 5-2, "
           "play 0-0, play 6-4, play 2-2, play 3-2, play 5-3, play 4-4, play 4-3").split(", ")


def _stage_levels(stage_id: str) -> list[str]:
    return [lv.id for lv in course().stage(stage_id).levels if lv.kind == "strategy"]


def _box(at) -> str:  # type: ignore[no-untyped-def]
    return texts(at)


def _day(at: datetime) -> str:
    return f"{at.day} {at:%B}"


def test_a_principle_missed_in_a_reviewed_game_brings_a_position_of_it_to_practice() -> None:
    """The review of the learner's own hand finds Drawing trumps left (6-6 led with 5-5 in
    hand): Play stores it, and Practice serves a Drawing trumps position (of three players, as
    the game) saying where it was missed. A right answer at the first try closes the miss;
    the next turn is a puzzle."""
    db = open_store()
    me, token = learners.create(db)
    query = {**encode(PlaySetup(RuleSet(), 8), [LED_6_6]), "me": token}
    at = open_app("play", query=query, timeout=180)
    assert not at.exception, errors(at)
    assert practice.game_misses(db, me.id) == []  # nothing before the review is shown
    at.session_state["play-tabs"] = "Hand review"
    at.run()
    assert not at.exception, errors(at)
    assert "You could have drawn trumps first with 5-5" in texts(at)
    misses = practice.game_misses(db, me.id)
    assert [(m.principle, m.hand_number, m.trick, m.tile, m.better, m.players) for m in misses] == [
        ("draw-trumps", 1, 1, "6-6", "5-5", 3)]
    at.run()  # the panel drawn again stores nothing twice
    assert len(practice.game_misses(db, me.id)) == 1

    at.switch_page("views/practice.py").run()
    assert not at.exception, errors(at)
    cur = at.session_state["pr-current"]
    assert cur.startswith("level:"), cur
    level = course().level(cur.removeprefix("level:"))
    assert level.stage == "pb-draw-trumps" and level.position.players == 3
    shown = _box(at)
    assert "A Play better position for you" in shown
    assert (f"You missed **Drawing trumps** in your game of {_day(misses[0].at)} (hand 1, trick 1: you played 6-6 "
            "where the principle picks 5-5)") in shown, shown
    assert "[Play better 1: Drawing trumps](/learn?level=draw-trumps-1) teaches it" in shown
    assert level.question in shown

    right = level.answer()
    a, b = right.high, right.low
    at.button(key=f"prl-{level.id}-tiles-btn-{a}{b}").click().run()
    assert not at.exception, errors(at)
    assert "Right!" in texts(at), texts(at)
    assert practice.open_misses([practice.PositionCard(level.id, "draw-trumps", 3)], practice.game_misses(db, me.id),
                                practice.position_answers(db, me.id, [level.id])) == []
    at.button(key="practice-next").click().run()
    assert not at.exception, errors(at)
    assert at.session_state["pr-current"] in {p.id for p in puzzles()}
    at.button(key="practice-next").click().run()  # the miss is answered: puzzles again
    assert at.session_state["pr-current"] in {p.id for p in puzzles()}


def test_a_position_answered_wrong_brings_another_of_its_principle_after_the_due_reviews() -> None:
    """A Play better position answered wrong in Learn: Practice serves a due puzzle review
    first, then another position of the same principle, saying which one was missed; the
    turn after a position is a puzzle."""
    db = open_store()
    me, token = learners.create(db)
    ids = _stage_levels("pb-cash-walkers")
    missed = course().level(ids[2])
    pool = list(puzzles())
    due = max(pool, key=lambda p: abs(p.rating - 1500))
    events.write(db, me.id, PuzzleAnswer(due.id, False, kind=due.kind, themes=tuple(due.themes), rating=due.rating),
                 LessonAnswer(missed.id, False, stage_id=missed.stage))
    with db.session() as s:
        row = s.get(Review, (me.id, "puzzle", due.id))
        assert row is not None
        row.due_at = now() - timedelta(minutes=1)
    at = open_app("practice", query={"me": token})
    assert not at.exception, errors(at)
    assert at.session_state["pr-current"] == due.id  # due reviews still first
    at.button(key="practice-next").click().run()
    cur = at.session_state["pr-current"]
    assert cur.startswith("level:") and cur != f"level:{missed.id}", cur
    level = course().level(cur.removeprefix("level:"))
    assert level.stage == "pb-cash-walkers"
    today = _day(datetime.now(UTC))
    assert (f"You missed **Cashing sure tricks** in Play better 2, {missed.title}, on {today}. Practise it on "
            "another position") in _box(at), _box(at)
    at.button(key="practice-next").click().run()
    assert at.session_state["pr-current"] in {p.id for p in pool}  # every other turn at most


def test_no_position_without_a_miss_and_a_bad_miss_is_not_stored() -> None:
    """A learner with no principle missed gets puzzles only; an event out of shape (a trick
    that does not exist, a made-up tile) writes no row."""
    db = open_store()
    me, token = learners.create(db)
    events.write(db, me.id, PrincipleMissed("8-abc", 1, 9, "draw-trumps", "6-6", "5-5", 3),
                 PrincipleMissed("8-abc", 1, 2, "draw-trumps", "<b>", "5-5", 3))
    assert practice.game_misses(db, me.id) == []
    at = open_app("practice", query={"me": token})
    assert not at.exception, errors(at)
    assert at.session_state["pr-current"] in {p.id for p in puzzles()}
    assert "A Play better position for you" not in _box(at)


def test_practice_serves_a_position_whose_answer_the_learner_has_not_found() -> None:
    """The walk: a Play better position missed, another of its principle answered right in
    Learn minutes before (at the second try, or after a hint): Practice serves a third one,
    not the one whose answer the learner already knows."""
    db = open_store()
    me, token = learners.create(db)
    ids = _stage_levels("pb-cash-walkers")
    missed = course().level(ids[2])
    same = [i for i in ids if i != missed.id and course().level(i).position.players == missed.position.players]
    known = same[0]  # the one served first before, as it has the missed position's players
    events.write(db, me.id, LessonAnswer(missed.id, False, stage_id=missed.stage),
                 LessonAnswer(known, True, stage_id=missed.stage, hints=1))
    at = open_app("practice", query={"me": token})
    assert not at.exception, errors(at)
    cur = at.session_state["pr-current"]
    assert cur.startswith("level:") and cur not in (f"level:{missed.id}", f"level:{known}"), cur
    assert course().level(cur.removeprefix("level:")).stage == "pb-cash-walkers"


def test_a_position_in_practice_counts_the_tries_made_there() -> None:
    """The walk: a Play better position with a wrong try left open on Learn, served in
    Practice, answered there right at the second try: the star line says ★★ ("★★ after one
    wrong try", as its legend), and the level's stored stars agree; not ★ from the try on
    Learn the Practice page never showed."""
    db = open_store()
    me, token = learners.create(db)
    level = course().level(_stage_levels("pb-cash-walkers")[0])
    best = level.answer()
    wrong = next(t for t in level.task.tricks if t != best)
    events.write(db, me.id, LessonAnswer(level.id, False, answer=str(wrong), stage_id=level.stage))
    at = open_app("practice", query={"me": token}, state={"pr-current": f"level:{level.id}"})
    assert not at.exception, errors(at)
    assert at.session_state["pr-current"] == f"level:{level.id}"
    at.button(key=f"prl-{level.id}-tiles-btn-{wrong.high}{wrong.low}").click().run()
    at.button(key=f"prl-{level.id}-tiles-btn-{best.high}{best.low}").click().run()
    assert not at.exception, errors(at)
    said = at.success[0].value
    assert "★★☆ (2 of 3 stars)" in said, said
    assert at.session_state["moon_progress"].stars[level.id] == 2


def test_practice_prefers_a_position_the_learner_has_not_seen() -> None:
    """The walk: "Practise it on another position" served a position the learner had seen
    answered in Learn (one wrong try there). Of the principle's positions, one not answered
    at all comes first."""
    db = open_store()
    me, token = learners.create(db)
    ids = _stage_levels("pb-cash-walkers")
    missed = course().level(ids[2])
    same = [i for i in ids if i != missed.id and course().level(i).position.players == missed.position.players]
    assert len(same) >= 2
    seen = same[0]  # the one served first before: the missed position's players, first in order
    events.write(db, me.id, LessonAnswer(seen, False, stage_id=missed.stage),
                 LessonAnswer(missed.id, False, stage_id=missed.stage))
    at = open_app("practice", query={"me": token})
    assert not at.exception, errors(at)
    cur = at.session_state["pr-current"]
    assert cur.startswith("level:") and cur not in (f"level:{missed.id}", f"level:{seen}"), cur
    assert course().level(cur.removeprefix("level:")).stage == "pb-cash-walkers"


def test_the_next_puzzle_is_not_of_the_kind_of_the_puzzle_of_the_day_above_it(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """"Your next puzzle" under the puzzle of the day is of another kind from the start, not
    only once the daily is answered: "Twos are trump. Is 6-6 a trump?" sat under "Fours are
    trump. Is 6-6 a trump?"."""
    monkeypatch.setattr(practice, "daily_puzzle", lambda pool, day: None)
    at = open_app("practice")
    first = next(p for p in puzzles() if p.id == at.session_state["pr-current"])
    same = [p for p in puzzles() if p.kind == first.kind and p.id != first.id]
    assert same, first.kind
    # the daily: one of that kind, on the same tiles where there is one
    daily = next((p for p in same if p.position.tiles == first.position.tiles), same[0])
    card = practice.PuzzleCard(daily.id, daily.rating, tuple(daily.themes))
    monkeypatch.setattr(practice, "daily_puzzle", lambda pool, day: card)
    at = open_app("practice")
    assert not at.exception, errors(at)
    served = next(p for p in puzzles() if p.id == at.session_state["pr-current"])
    assert served.kind != daily.kind, (daily.id, served.id, daily.question, served.question)
