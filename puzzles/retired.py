"""Puzzle ids no longer shipped, each with the shipped puzzle that takes its place.

A learner's answers are stored by puzzle id, so an id once shipped stays resolvable: its
stored answers still count on Progress (rating, themes, solved), a progress file naming it
still imports (:func:`tutorial.services.progress.known_content`), and a review of it that
comes due is served as the puzzle that took its place (Practice).

>>> RETIRED["is-trump-5036"]
'is-trump-5037'
>>> current_id("is-trump-5036"), current_id("is-trump-5000")
('is-trump-5037', 'is-trump-5000')
"""

from __future__ import annotations

__all__ = ["RETIRED", "current_id"]

#: Retired id -> the id that takes its place.
RETIRED: dict[str, str] = {
    # "No trump ('follow me'). Is 0-0 a trump?": always no under no trump, a trick question
    # for a newcomer; the is_trump puzzles are asked under a named trump (puzzles.generate).
    # Its place: "Fives are trump. Is 5-5 a trump?", a double under a trump too.
    "is-trump-5036": "is-trump-5037",
}


def current_id(puzzle_id: str) -> str:
    """``puzzle_id``, or the id that took its place if it was retired."""
    return RETIRED.get(puzzle_id, puzzle_id)
