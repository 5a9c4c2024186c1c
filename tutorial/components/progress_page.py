"""The Progress page's pieces: rating over time, accuracy per theme and per stage, the levels
and puzzles to revisit — all from the learner's own rows in the store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import streamlit as st

from puzzles.themes import theme_title
from store import StoreUnavailable, stats
from tutorial.components import profile
from tutorial.services.items import course
from tutorial.services.progress import course_count, item_names, levels_under_three, rating_words
from tutorial.services.progress_charts import accuracy_bars, rating_chart
from tutorial.services.text import md_escape

if TYPE_CHECKING:
    from lessons import Course



def _course() -> Course | None:
    try:
        return course()
    except Exception:
        return None


def load() -> stats.LearnerStats | None:
    """The learner's statistics (``None`` with a message before the first answer or while the
    database is away)."""
    db, lid = profile.store(), profile.learner_id()
    if db is None:
        st.warning("Progress cannot be read on this server just now (its database is not reachable).")
        return None
    if lid is None:
        st.info("Nothing yet: answer a level on **Learn** or a puzzle on **Practice**, and your progress shows "
                "here.", icon=":material/info:")
        return None
    try:
        return stats.learner_stats(db, lid)
    except StoreUnavailable:
        st.warning("Your progress cannot be read just now (the database is not reachable). Try again in a minute.")
    except LookupError:
        st.info("Nothing yet: your profile has no answers.")
    return None


def headline(s: stats.LearnerStats) -> None:
    p = profile.progress()
    c1, c2, c3, c4 = st.columns([2, 1, 1, 1])  # room for "not settled yet"
    words = rating_words(s.rating, s.rd, len(s.rating_history))
    c1.metric("Puzzle rating", words.value, help=words.detail[0].upper() + words.detail[1:] + ".")
    c2.metric("Stars", course_count(p).stars, help="Over the lesson levels, as Learn counts them")
    c3.metric("Puzzles solved", len(p.puzzles_solved))
    c4.metric("Best streak", p.best_streak)


def charts(s: stats.LearnerStats) -> None:
    if s.rating_history:
        st.plotly_chart(rating_chart(s.rating_history), key="progress-rating", config={"displayModeBar": False})
    else:
        st.caption("Your rating chart starts with your first puzzle.")
    c = _course()
    # The stages as Learn's picker names them ("7. Following suit", "Play better 1. Drawing trumps").
    names = {stg.id: (f"{c.stage_name(stg)}. {stg.title}" if stg.part == "play-better" else f"{stg.number}. {stg.title}")
             for stg in c.stages} if c is not None else {}
    left, right = st.columns(2)
    with left:
        if s.theme_accuracy:
            themes = {t: theme_title(t) for t in s.theme_accuracy}
            st.plotly_chart(accuracy_bars(s.theme_accuracy, "Puzzles: right first time, per theme", themes),
                            key="progress-themes", config={"displayModeBar": False})
        else:
            st.caption("No puzzle answered yet.")
    with right:
        if s.stage_accuracy:
            st.plotly_chart(accuracy_bars(s.stage_accuracy, "Lessons: right first time, per stage", names),
                            key="progress-stages", config={"displayModeBar": False})
        else:
            st.caption("No lesson level answered yet.")


def revisit(s: stats.LearnerStats) -> None:
    """Levels and puzzles to look at again: reviews due (and coming), levels under 3 stars."""
    st.subheader("To revisit")
    c = _course()
    titles = item_names(c) if c is not None else {}
    now = datetime.now(UTC)
    rows = []
    for kind, item_id, due, box in s.reviews:
        when = "now" if due <= now else f"in {_until(due - now)}"
        rows.append({"What": "Level" if kind == "level" else "Puzzle",
                     "Name": titles.get(item_id, item_id), "Due": when, "Box": box})
    if rows:
        st.dataframe(rows, hide_index=True, key="progress-reviews")
        st.caption("Missed ones come back: ten minutes later, then after 1, 3, 7 and 21 days while you keep "
                   "getting them right (Leitner boxes 1-5). Puzzles due come first on **Practice**.")
    low = levels_under_three(c, profile.progress()) if c is not None else []
    if low:
        st.markdown("**Levels under three stars:** " + ", ".join(md_escape(titles.get(lid, lid)) for lid in low))
    if not rows and not low:
        st.success("Nothing to revisit: every level answered has three stars and no puzzle is waiting.")


def _until(delta: timedelta) -> str:
    secs = int(delta.total_seconds())
    if secs < 3600:
        return f"{max(1, secs // 60)} min"
    if secs < 86400:
        return f"{secs // 3600} h"
    return f"{secs // 86400} days"
