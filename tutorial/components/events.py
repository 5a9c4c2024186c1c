"""The hooks that write what the learner does into the store, each called at the one point
where it happens: an answer graded (Learn, Puzzles, Practice), a puzzle given up, a hand
finished (Play), the principles a hand's review found missed (Play), the unfinished game saved (:mod:`tutorial.components.resume`). While the database is away the events wait in the session's outbox (nothing
already answered is lost) and go out on the next run.
"""

from __future__ import annotations

import hashlib
import time
from typing import TYPE_CHECKING

import streamlit as st

from store.events import Event, GameFinished, HandPlayed, LessonAnswer, Outbox, PrincipleMissed, PuzzleAnswer
from tutorial.components import profile, state

if TYPE_CHECKING:
    from content import Item
    from engine.review import HandReview
    from tutorial.services.items import Attempt
    from tutorial.services.session import PlaySession

#: When each item's current try started (``time.monotonic``), by attempt key.
_CLOCK = "moon_item_clock"
#: The attempt key prefix of a Play better position served by Practice: its answers are
#: stored as the level's, marked as given in Practice (not where Learn resumes).
PRACTICE_LEVEL = "prl-"


def _outbox() -> Outbox:
    box = st.session_state.get(state.OUTBOX)
    if not isinstance(box, Outbox):
        box = Outbox()
        st.session_state[state.OUTBOX] = box
    return box


def pending() -> int:
    """How many events wait for the database (those of a learner whose profile is not made
    yet included)."""
    box = st.session_state.get(state.OUTBOX)
    return len(box.pending) if isinstance(box, Outbox) else 0


def page_message() -> None:
    """A warning when answers are waiting to be saved (the database was away), on every page
    but the presenter's (the frame calls it before the page); answers of a learner whose
    profile is not made yet count too."""
    n = pending()
    if n:
        st.warning(f"{n} answer{'s are' if n != 1 else ' is'} waiting to be saved: the progress database is not "
                   "reachable just now. Nothing is lost — it is saved as soon as the database is back.",
                   icon=":material/cloud_off:")


def flush() -> None:
    """Send what waits in the outbox (each run, before the page). Events kept before this
    session had a profile go to its learner, made now if there is none (and kept in this
    browser's cookie)."""
    if not pending():
        return
    db = profile.store()
    if db is None:
        return
    box = _outbox()
    if box.waiting_for_profile():
        lid = profile.ensure()
        if lid is None:  # the database is still away
            return
        box.assign(lid)
    if box.flush(db):
        st.session_state.pop(state.PROGRESS, None)  # recomputed from the rows on the next read


def send(event: Event) -> None:
    """Keep ``event`` (for this session's learner, or for the profile still to be made) and
    send what waits: while the database is away, or cannot even be opened, it all stays in the
    outbox and goes out on a later run (a saved game only as its newest copy)."""
    _outbox().add(profile.learner_id(), event)
    flush()


def _seconds(key: str) -> float | None:
    clocks: dict[str, float] = st.session_state.setdefault(_CLOCK, {})
    now = time.monotonic()
    started = clocks.get(key)
    clocks[key] = now
    return round(now - started, 1) if started is not None else None


def shown(key: str) -> None:
    """Start the clock of an item (once per try), so the time taken can be stored."""
    st.session_state.setdefault(_CLOCK, {}).setdefault(key, time.monotonic())


def _json_answer(answer: object) -> int | float | str | list[int | float | str | None] | None:
    if isinstance(answer, list | tuple):
        return [str(a) if not isinstance(a, int | float | None) else a for a in answer]
    if isinstance(answer, int | float | str) or answer is None:
        return answer
    return str(answer)


def answered(item: Item, key: str, attempt: Attempt, answer: object, correct: bool | None) -> None:
    """An answer to a lesson level or a puzzle was graded (``correct`` ``None``: it could not
    be read, which is not a try and is not stored)."""
    if correct is None:
        return
    seconds = _seconds(key)
    if hasattr(item, "stage"):  # a lesson level (on Learn, or a position Practice serves)
        send(LessonAnswer(level_id=item.id, stage_id=str(item.stage), answer=_json_answer(answer),
                           correct=bool(correct), try_number=int(attempt.tries), hints=int(attempt.hints),
                           seconds=seconds, practice=key.startswith(PRACTICE_LEVEL)))
    else:
        send(PuzzleAnswer(puzzle_id=item.id, kind=str(item.kind), themes=tuple(getattr(item, "themes", ())),
                           answer=_json_answer(answer), correct=bool(correct), try_number=int(attempt.tries),
                           hints=int(attempt.hints), seconds=seconds, rating=float(getattr(item, "rating", 1500))))


def gave_up(item: Item, key: str, attempt: Attempt) -> None:
    """The learner asked for a puzzle's solution."""
    send(PuzzleAnswer(puzzle_id=item.id, kind=str(item.kind), themes=tuple(getattr(item, "themes", ())),
                       correct=False, gave_up=True, try_number=int(attempt.tries) + 1, hints=int(attempt.hints),
                       seconds=_seconds(key), rating=float(getattr(item, "rating", 1500))))


def game_key(sess: PlaySession) -> str:
    """The id under which the Play game's hands are stored: its deal number and its rules."""
    g = sess.game
    return f"{g.seed}-{hashlib.sha1(repr(g.rules).encode()).hexdigest()[:10]}"


def principles_missed(sess: PlaySession, hand_number: int, review: HandReview) -> None:
    """The review of hand ``hand_number`` is shown: store each play of the learner's that it
    finds leaving a Play better principle (:func:`lessons.strategy.review.principle_notes`),
    for Practice to serve positions of it. Each play is sent once a session (the store keeps
    one row per play anyway)."""
    from lessons.strategy.review import principle_notes

    key = game_key(sess)
    sent: set[tuple[str, int, int]] = st.session_state.setdefault(state.PRINCIPLES_SENT, set())
    for n in principle_notes(sess.game.record(), review, sess.seat):
        if (key, hand_number, n.trick) in sent:
            continue
        sent.add((key, hand_number, n.trick))
        send(PrincipleMissed(game_key=key, hand_number=int(hand_number), trick=int(n.trick), principle=n.principle,
                             tile=str(n.tile), better=str(n.better), players=int(sess.players)))


def hand_finished(sess: PlaySession) -> None:
    """A hand on the Play page is over (and perhaps the game): store its record."""
    g = sess.game
    key = game_key(sess)
    try:
        rec = sess.hand_record(g.hand_number)
    except Exception:
        rec = None
    send(HandPlayed(game_key=key, hand_number=int(g.hand_number), record=rec))
    if g.phase == "game_over":
        send(GameFinished(game_key=key, won=g.winner == g.rules.side_of(sess.seat),
                           hands=len(g.results)))
