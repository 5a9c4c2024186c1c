"""Practice: the puzzle of the day, then puzzles picked for the learner — reviews that are due
first, then a Play better position of a principle their own games or answers show them missing
(every other turn at most, saying why), then new puzzles (not answered before) near their
Glicko-2 rating from the themes they miss most."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING
from urllib.parse import quote

import streamlit as st

from engine.words import count_words
from puzzles.retired import current_id
from puzzles.themes import theme_title
from store import StoreUnavailable, practice, stats
from store.events import LessonAnswer
from tutorial.components import events, profile, state
from tutorial.components import item as ask
from tutorial.components.tiles import names_md
from tutorial.services.items import Attempt, course, kind_title, puzzles, submit
from tutorial.services.progress import rating_words

if TYPE_CHECKING:
    from content import Item
    from lessons import Level
    from puzzles.loader import Puzzle

CURRENT = state.PRACTICE_CURRENT
RECENT = state.PRACTICE_RECENT
#: Why the Play better position in the box is served (markdown), kept while it is shown.
WHY = state.PRACTICE_WHY
#: What :data:`CURRENT` holds for a Play better position: this, then the level's id.
POSITION = "level:"


def load() -> list[Puzzle] | None:
    """The shipped puzzles (``None`` with a message if they cannot be loaded)."""
    try:
        with st.spinner("Loading the puzzles…"):
            return list(puzzles())
    except Exception as e:  # a broken content file must not take the page down
        st.error(f"The puzzles could not be loaded: {e}")
        return None


def _cards(pool: list[Puzzle]) -> list[practice.PuzzleCard]:
    db = profile.store()
    learned: dict[str, float] = {}
    if db is not None:
        try:
            learned = practice.learned_ratings(db, {p.id for p in pool})
        except StoreUnavailable:
            learned = {}
    return [practice.PuzzleCard(p.id, learned.get(p.id, float(p.rating)), tuple(p.themes)) for p in pool]


def _learner_stats() -> stats.LearnerStats | None:
    db, lid = profile.store(), profile.learner_id()
    if db is None or lid is None:
        return None
    try:
        return stats.learner_stats(db, lid)
    except (StoreUnavailable, LookupError):
        return None


def _daily_card(pool: list[Puzzle], day: date) -> practice.PuzzleCard | None:
    """The puzzle of the day ``day``, the same for everyone (its file's rating)."""
    return practice.daily_puzzle([practice.PuzzleCard(p.id, p.rating, tuple(p.themes)) for p in pool], day)


def _shown(pool: list[Puzzle]) -> set[str]:
    """Puzzles the box does not serve: the ones it showed in this session, and today's
    puzzle of the day (it has its own panel above the box)."""
    daily_card = _daily_card(pool, datetime.now(UTC).date())
    return set(st.session_state.get(RECENT, [])) | ({daily_card.id} if daily_card else set())


def _daily_kind(pool: list[Puzzle]) -> str | None:
    """The kind of today's puzzle of the day (drawn in its own panel above the box), or
    ``None`` without one: the box serves another kind, so that the two never read as the
    same question twice ("Is 6-6 a trump?" under "Is 6-6 a trump?")."""
    card = _daily_card(pool, datetime.now(UTC).date())
    if card is None:
        return None
    return next(p.kind for p in pool if p.id == card.id)


def _last_answered() -> str | None:
    """The puzzle this learner answered last, anywhere (``None`` without a learner)."""
    db, lid = profile.store(), profile.learner_id()
    if db is None or lid is None:
        return None
    try:
        return practice.last_answered(db, lid)
    except StoreUnavailable:
        return None


def _seen() -> set[str]:
    """The puzzles this learner has answered before, anywhere (none without a learner): new
    ones come before them (:func:`store.practice.next_puzzle`)."""
    db, lid = profile.store(), profile.learner_id()
    if db is None or lid is None:
        return set()
    try:
        return {current_id(pid) for pid in practice.answered_puzzles(db, lid)}
    except StoreUnavailable:
        return set()


def _due(pool: list[Puzzle], s: stats.LearnerStats | None) -> list[str]:
    """The puzzle reviews due now that Practice serves next, soonest first (see
    :func:`store.practice.due_reviews`)."""
    if s is None:
        return []
    cards = [practice.PuzzleCard(p.id, float(p.rating)) for p in pool]
    due = [current_id(pid) for pid in stats.due_now(s, "puzzle")]  # a retired id: the one in its place
    return practice.due_reviews(cards, due, _shown(pool))


def _positions() -> list[tuple[Level, practice.PositionCard]]:
    """The Play better positions Practice can serve, in the course's order, with their cards
    (the principle is the stage's: stage ``pb-<principle>``)."""
    try:
        c = course()
    except Exception:  # no course, no positions: the puzzles are still served
        return []
    return [(lv, practice.PositionCard(lv.id, st_.id.removeprefix("pb-"), lv.position.players))
            for st_ in c.stages if st_.part == "play-better" for lv in st_.levels if lv.kind == "strategy"]


def _position_choice() -> tuple[Level, practice.Miss] | None:
    """The Play better position to serve now, with the miss it answers
    (:func:`store.practice.next_position`), or ``None``: no learner, no principle missed and
    not answered right since, or the box served a position just before (positions come every
    other turn at most, so the puzzles keep their place)."""
    recent: list[str] = st.session_state.get(RECENT, [])
    db, lid = profile.store(), profile.learner_id()
    if db is None or lid is None or (recent and recent[-1].startswith(POSITION)):
        return None
    positions = _positions()
    cards = [c for _lv, c in positions]
    try:
        answers = practice.position_answers(db, lid, [c.id for c in cards])
        misses = practice.open_misses(cards, practice.game_misses(db, lid), answers)
    except StoreUnavailable:
        return None
    shown = {r.removeprefix(POSITION) for r in recent if r.startswith(POSITION)}
    picked = practice.next_position(cards, misses, shown, {a.level_id for a in answers if a.correct},
                                    {a.level_id for a in answers}, practice.reached(cards, answers))
    if picked is None:
        return None
    card, miss = picked
    return next(lv for lv, c in positions if c.id == card.id), miss


def _day(at: datetime, today: date) -> str:
    """A day as the learner reads it: "5 December" (the year only when it is not ``today``'s)."""
    return f"{at.day} {at:%B}" + ("" if at.year == today.year else f" {at.year}")


def _ordinal(n: int) -> str:
    """``"second"`` for 2 (the words up to ten, then ``"11th"``)."""
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
    return words[n - 1] if 1 <= n <= len(words) else f"{n}th"


def why_position(miss: practice.Miss, principle: str, stage: str, first_level: str, missed_title: str = "",
                 today: date | None = None) -> str:
    """Why Practice serves a Play better position, in markdown: where the learner missed
    ``principle`` (the stage's title), and the stage that teaches it, linked to its first level.
    The day of the miss is said with its year when that is not ``today``'s (UTC's today by
    default).

    >>> from datetime import UTC
    >>> at = datetime(2026, 12, 5, 21, 30, tzinfo=UTC)
    >>> game = practice.Miss("draw-trumps", at, 3, game_key="7-abc", hand_number=2, trick=3, tile="6-4", better="5-5")
    >>> print(why_position(game, "Drawing trumps", "Play better 1", "draw-trumps-1", today=date(2026, 12, 6)))
    ... # doctest: +NORMALIZE_WHITESPACE
    You missed **Drawing trumps** in your game of 5 December (hand 2, trick 3: you played 6-4 where the principle
    picks 5-5). Practise it on this position; [Play better 1: Drawing trumps](/learn?level=draw-trumps-1) teaches
    it.
    >>> wrong = practice.Miss("draw-trumps", at, 3, level_id="draw-trumps-4")
    >>> print(why_position(wrong, "Drawing trumps", "Play better 1", "draw-trumps-1", "Position 4 (3 players)",
    ...                    today=date(2027, 1, 2)))  # doctest: +NORMALIZE_WHITESPACE
    You missed **Drawing trumps** in Play better 1, Position 4 (3 players), on 5 December 2026. Practise it
    on another position; [Play better 1: Drawing trumps](/learn?level=draw-trumps-1) teaches it.
    >>> second = practice.Miss("draw-trumps", at, 3, level_id="draw-trumps-4", right_at=2)
    >>> print(why_position(second, "Drawing trumps", "Play better 1", "draw-trumps-1", "Position 4 (3 players)",
    ...                    today=date(2026, 12, 6)))  # doctest: +NORMALIZE_WHITESPACE
    You got Play better 1, Position 4 (3 players) right at the second try, on 5 December. Practise
    **Drawing trumps** on another position; [Play better 1: Drawing trumps](/learn?level=draw-trumps-1) teaches it.
    """
    link = f"[{stage}: {principle}](/learn?level={quote(first_level)}) teaches it."
    day = _day(miss.at, today or datetime.now(UTC).date())
    if miss.in_game:
        return (f"You missed **{principle}** in your game of {day} (hand {miss.hand_number}, trick "
                f"{miss.trick}: you played {miss.tile} where the principle picks {miss.better}). Practise it on "
                f"this position; {link}")
    where = f"{stage}, {missed_title}" if missed_title else stage
    if miss.right_at:
        return (f"You got {where} right at the {_ordinal(miss.right_at)} try, on {day}. Practise **{principle}** "
                f"on another position; {link}")
    return f"You missed **{principle}** in {where}, on {day}. Practise it on another position; {link}"


def _why(level: Level, miss: practice.Miss) -> str:
    c = course()
    stage = c.stage(level.stage)
    missed = ""
    if miss.level_id:
        try:
            missed = c.level(miss.level_id).title or ""
        except KeyError:
            missed = ""
    return why_position(miss, stage.title, c.stage_name(stage), stage.levels[0].id, missed)


def _choose(pool: list[Puzzle]) -> str | None:
    """What the box serves next: the first puzzle review due; else a Play better position of
    a principle the learner was shown missing (:func:`_position_choice`, its reason kept
    under :data:`WHY`), as ``"level:<id>"``; else a new puzzle (one the learner has not
    answered yet, while one is left) that is not the one they answered last (never the same
    puzzle twice in a row), and not of the kind of the puzzle of the day above it (when
    another kind is left)."""
    s = _learner_stats()
    due = _due(pool, s)
    if due:
        return due[0]
    served = _position_choice()
    if served is not None:
        level, miss = served
        st.session_state[WHY] = _why(level, miss)
        return POSITION + level.id
    rating, misses = (1500.0, {}) if s is None else (s.rating, practice.theme_misses(s.theme_accuracy))
    last = _last_answered()
    cards = _cards(pool)
    daily_kind = _daily_kind(pool)
    if daily_kind is not None:  # under the puzzle of the day, a puzzle of another kind
        kinds = {p.id: p.kind for p in pool}
        cards = [c for c in cards if kinds[c.id] != daily_kind] or cards
    card = practice.next_puzzle(cards, rating, misses, _shown(pool) | ({last} if last else set()), seen=_seen())
    return card.id if card else None


def _key(cur: str | None) -> str:
    """The attempt key of what the box serves: ``pr-<puzzle>``, or ``prl-<level>`` for a position."""
    if cur and cur.startswith(POSITION):
        return events.PRACTICE_LEVEL + cur.removeprefix(POSITION)
    return f"pr-{cur}"


def _untouched(key: str) -> bool:
    """Whether the learner has not started on this puzzle yet (no answer, hint or give-up)."""
    att = ask.attempt_for(key)
    return not (att.tries or att.hints or att.solved or att.gave_up)


def _next(pool: list[Puzzle]) -> None:
    cur = st.session_state.get(CURRENT)
    recent: list[str] = st.session_state.setdefault(RECENT, [])
    if cur:
        recent.append(cur)
        del recent[:-30]
        ask.attempt_for(_key(cur)).reset()
    st.session_state[CURRENT] = _choose(pool)


def _give_up(puzzle: Puzzle, key: str) -> None:
    att = ask.attempt_for(key)
    att.gave_up = True
    att.hints = 2
    events.gave_up(puzzle, key, att)


def ask_puzzle(puzzle: Puzzle, key: str, why: str) -> None:
    """One puzzle with its controls, feedback, hints and a "Show the answer" button."""
    att = ask.attempt_for(key)
    st.markdown(f"**{kind_title(puzzle.kind)}** · {why}")
    st.markdown(f"#### {puzzle.question}")
    ask.position_view(puzzle, key)
    ask.answer_controls(puzzle, key)
    ask.feedback(puzzle, key)
    if att.solved or att.answer_shown:
        # The themes name the trap: shown after the answer, never before.
        st.caption(f"Themes: {', '.join(theme_title(t) for t in puzzle.themes)}")
    if att.gave_up:
        st.info(f"**The answer:** {puzzle.hint(2)}", icon=":material/visibility:")
        ask.tries_recap(puzzle, key)
    else:
        ask.hints(puzzle, key, reveal=False)
        st.button("Show the answer", key=f"{key}-solution", on_click=_give_up, args=(puzzle, key),
                  disabled=att.solved, icon=":material/visibility:")


def _restore_daily(puzzle: Puzzle, key: str, att: Attempt, day: date) -> None:
    """Once a session, the learner's stored answers to the puzzle of the day ``day`` come back
    into its attempt, graded again as they were: a puzzle of the day answered in an earlier
    session (before a reload, a change of house rules, in another browser) stays done, with
    its feedback. An attempt already begun is left alone."""
    done: set[str] = st.session_state.setdefault(state.PRACTICE_DAILY, set())
    if key in done:
        return
    done.add(key)
    db, lid = profile.store(), profile.learner_id()
    if db is None or lid is None or att.tries or att.solved or att.hints or att.gave_up:
        return
    try:
        rows = practice.day_answers(db, lid, puzzle.id, day)
    except StoreUnavailable:
        return
    for row in rows:
        if att.solved or att.gave_up:
            break
        att.hints = max(att.hints, min(2, row.hints))
        if row.gave_up:
            att.gave_up, att.hints = True, 2
        elif row.answer is not None:
            submit(puzzle, att, row.answer)


def daily(pool: list[Puzzle]) -> None:
    """The puzzle of the day (the same for everyone today), done for the whole day once
    answered right or given up, in any session of the learner."""
    today = datetime.now(UTC).date()
    card = _daily_card(pool, today)
    if card is None:
        return
    puzzle = next(p for p in pool if p.id == card.id)
    key = f"daily-{puzzle.id}"
    att = ask.attempt_for(key)
    _restore_daily(puzzle, key, att, today)
    done = att.solved or att.gave_up or att.answer_shown
    # Its label says where it stands (folded, to be opened; or done), so that it never reads as
    # the heading of the item below, which has its own; the new label is a new panel, drawn
    # open once done so the feedback stays in view.
    label = f"Puzzle of the day · {today:%d %B %Y}" + (" · done ✓" if done else " · open it to answer")
    with st.expander(label, icon=":material/today:", expanded=done):
        ask_puzzle(puzzle, key, "the same puzzle for everyone today")


def rating_line(pool: list[Puzzle]) -> None:
    """The learner's puzzle rating (or that it is not settled yet) and how many puzzle reviews
    are due (the ones served next)."""
    if profile.store() is None or profile.learner_id() is None:
        st.caption("Your puzzle rating starts at 1500 and moves with every first try at a puzzle.")
        return
    s = _learner_stats()
    if s is None:
        return
    due = len(_due(pool, s))
    if due:
        reviews = f"{count_words(due, 'puzzle review')} due, served first"
    else:
        ids = {p.id for p in pool}
        later = [d for k, pid, d, _box in s.reviews if k == "puzzle" and current_id(pid) in ids]
        reviews = coming_back(later, datetime.now(UTC))
    words = rating_words(s.rating, s.rd, len(s.rating_history))
    st.markdown(f":material/trending_up: Your puzzle rating: **{words.value}** ({words.detail}) · {reviews}")


def _after(delta: timedelta) -> str:
    """A wait said the way a learner reads it: "in 10 minutes", "in 3 hours", "tomorrow",
    "in 3 days" (the learner's clock may be in any time zone: a wait, not a time of day)."""
    minutes = max(1, math.ceil(delta.total_seconds() / 60))
    if minutes < 60:
        return f"in {count_words(minutes, 'minute')}"
    hours = round(minutes / 60)
    if hours < 24:
        return f"in {count_words(hours, 'hour')}"
    days = round(hours / 24)
    return "tomorrow" if days == 1 else f"in {count_words(days, 'day')}"


def coming_back(due: list[datetime], at: datetime) -> str:
    """When the puzzles the learner missed come back, said plainly (none is due at ``at``).

    ``due`` holds the due times of the puzzle reviews on the schedule (a stored time without a
    zone is UTC); of those after ``at``, the soonest is said as a wait from ``at``. A puzzle
    missed once comes back for review on a schedule (see :mod:`store.repetition`), so right
    after a miss nothing is due yet.

    >>> t = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
    >>> coming_back([], t)
    'no puzzle review due'
    >>> coming_back([datetime(2026, 12, 5, 9, 10, tzinfo=UTC)], t)
    'no puzzle review due now: 1 puzzle comes back for review in 10 minutes'
    >>> coming_back([datetime(2026, 12, 6, 9, 0), datetime(2026, 12, 6, 9, 30)], t)
    'no puzzle review due now: 2 puzzles come back for review, the first tomorrow'
    >>> coming_back([datetime(2026, 12, 5, 12, 5, tzinfo=UTC)], t)
    'no puzzle review due now: 1 puzzle comes back for review in 3 hours'
    >>> coming_back([datetime(2026, 12, 9, 8, 0, tzinfo=UTC)], t)
    'no puzzle review due now: 1 puzzle comes back for review in 4 days'
    """
    times = sorted(t for t in (d if d.tzinfo is not None else d.replace(tzinfo=UTC) for d in due) if t > at)
    if not times:
        return "no puzzle review due"
    when = _after(times[0] - at)
    if len(times) == 1:
        return f"no puzzle review due now: 1 puzzle comes back for review {when}"
    return f"no puzzle review due now: {count_words(len(times), 'puzzle')} come back for review, the first {when}"


def _stars(level: Item, att: Attempt) -> None:
    """The stars of a right answer to a Play better position (or of its answer shown after a
    wrong try), by the rule Learn reads the stored rows with (an answer here is an answer to
    that level, counting the tries made here: :meth:`store.stats.Summary.lesson`)."""
    now = LessonAnswer(level_id=level.id, correct=True, try_number=att.tries, hints=att.hints, practice=True)
    att.stars = profile.progress().with_events([now]).last_stars[level.id]


def ask_position(level: Level, key: str, why: str) -> None:
    """A Play better position with its reason for being served (``why``), the deal so far, the
    answer controls, feedback and the two-step hint (the second step shows the answer). The
    answer is stored as an answer to its level, as in Learn."""
    c = course()
    stage = c.stage(level.stage)
    st.markdown(why)
    st.markdown(f"**{c.stage_name(stage)}: {stage.title}** · {level.title or level.id}")
    st.markdown(names_md(level.intro), unsafe_allow_html=True)  # tile names never break
    st.markdown(f"#### {level.question}")
    ask.position_view(level, key)
    ask.answer_controls(level, key, on_solved=_stars, on_shown=_stars)
    ask.feedback(level, key)
    ask.hints(level, key, on_shown=_stars)


def _stale(pool: list[Puzzle], cur: str | None, due: list[str]) -> bool:
    """Whether the box chooses again rather than keep ``cur`` (not started yet): due reviews
    come first, as the line above says; a puzzle is chosen again if it is today's puzzle of the
    day or was just answered elsewhere (Puzzles, the puzzle of the day, another browser: never
    the same puzzle twice in a row), or was answered before while a new one is left, or is of
    the kind of the puzzle of the day, or gives way to a Play better position of a principle missed since it was chosen (a game
    reviewed on Play meanwhile)."""
    if cur in due or not _untouched(_key(cur)):
        return False
    if due:
        return True
    if cur is not None and cur.startswith(POSITION):
        return False
    daily_card = _daily_card(pool, datetime.now(UTC).date())
    daily_kind = _daily_kind(pool)
    seen = _seen()
    return (daily_card is not None and cur == daily_card.id) or cur == _last_answered() or \
        (cur in seen and any(p.id not in seen for p in pool)) or \
        (daily_kind is not None and any(p.id == cur and p.kind == daily_kind for p in pool)) or \
        _position_choice() is not None


def next_for_you(pool: list[Puzzle]) -> None:
    """What is picked for the learner (a puzzle, or a Play better position with the reason it
    is served), with a button for the next one."""
    ids = {p.id for p in pool}
    cur = st.session_state.get(CURRENT)
    due = _due(pool, _learner_stats())
    levels = {lv.id: lv for lv, _c in _positions()}
    known = cur in ids or (isinstance(cur, str) and cur.startswith(POSITION) and cur.removeprefix(POSITION) in levels)
    if not known or _stale(pool, cur, due):
        st.session_state[CURRENT] = _choose(pool)
    pid = st.session_state.get(CURRENT)
    key = _key(pid)
    if isinstance(pid, str) and pid.startswith(POSITION):
        level = levels[pid.removeprefix(POSITION)]
        att = ask.attempt_for(key)
        with st.container(border=True, key="practice-box"):
            st.subheader("A Play better position for you", anchor=False)
            ask_position(level, key, str(st.session_state.get(WHY, "")))
            st.button("Next puzzle", key="practice-next", type="primary" if att.solved else "secondary",
                      on_click=_next, args=(pool,), icon=":material/arrow_forward:")
        return
    puzzle = next((p for p in pool if p.id == pid), None)
    if puzzle is None:
        st.info("No puzzle to practise.")
        return
    att = ask.attempt_for(key)
    with st.container(border=True, key="practice-box"):
        st.subheader("Your next puzzle", anchor=False)
        ask_puzzle(puzzle, key, f"rated {puzzle.rating}")
        st.button("Next puzzle", key="practice-next", type="primary" if att.solved or att.gave_up else "secondary",
                  on_click=_next, args=(pool,), icon=":material/arrow_forward:")
