"""Hand reviews as the app shows them (a table and a sentence), from :mod:`engine.review`."""

from __future__ import annotations

from typing import Any

import pandas as pd

from tutorial.services.session import seat_name

__all__ = ["GRADE_MARKS", "hand_review_table", "review_frame", "review_summary", "run_review"]

#: Grades with the marks chess players use, so a grade never rests on colour alone.
GRADE_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def run_review(record: dict[str, Any], hand_number: int) -> Any:
    """Review every play of one hand of a game record."""
    from engine.review import review_hand

    return review_hand(record, hand_number)


def hand_review_table(review: Any) -> pd.DataFrame:
    """A :class:`engine.review.HandReview` as a raw pandas table, one row per play, with the
    engine's own column names (``trick``, ``seat``, ``tile``, ``tricks_lost``, ...)."""
    return pd.DataFrame(review.rows())


def _grade_text(grade: str | None) -> str:
    if not grade:
        return "good"
    return f"{grade} {GRADE_MARKS.get(grade, '')}".strip()


def review_frame(review: Any, you: int, players: int, only_seat: int | None = None) -> pd.DataFrame:
    """One row per play: trick, player, tile, grade, the better play, the chances."""
    rows = []
    for p in review.plays:
        if only_seat is not None and p.seat != only_seat:
            continue
        better = ""
        if p.grade and p.best is not None and p.best != p.tile:
            better = str(p.best)
        elif p.tricks_lost:
            better = " or ".join(str(t) for t in p.open_best)
        rows.append(
            {
                "Trick": p.trick,
                "Player": seat_name(p.seat, you, players),
                "Played": str(p.tile),
                "Grade": _grade_text(p.grade),
                "Better play": better,
                "Chance after the play": None if p.chance_played is None else round(100 * p.chance_played),
                "Chance after the best play": None if p.chance_best is None else round(100 * p.chance_best),
                "Tricks lost (all hands open)": p.tricks_lost,
                "Goal": "make the bid" if p.goal == "make" else "set the bid",
            }
        )
    return pd.DataFrame(rows)


def review_summary(review: Any, you: int, players: int) -> str:
    """``"Your plays: 1 inaccuracy, no mistakes, no blunders. Computer players: ..."``."""

    def count(seats: set[int]) -> str:
        plays = [p for p in review.plays if p.seat in seats]
        parts = []
        for g in ("inaccuracy", "mistake", "blunder"):
            n = sum(1 for p in plays if p.grade == g)
            word = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}[g] if n != 1 else g
            parts.append(f"{n if n else 'no'} {word}")
        return ", ".join(parts)

    others = {s for s in range(players) if s != you}
    return f"**Your plays:** {count({you})}. **Computer players:** {count(others)}."
