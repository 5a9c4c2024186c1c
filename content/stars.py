"""The one star rule of the course and the puzzles, shown to the learner as :data:`RULE` (and :data:`YES_NO`).

>>> stars_for(0, 0), stars_for(1, 0), stars_for(0, 1), stars_for(1, 1), stars_for(3, 0)
(3, 2, 2, 1, 1)
>>> stars_for(1, 0, options=2), stars_for(0, 1, options=2), stars_for(1, 0, options=3)
(1, 2, 2)

``misses`` counts the wrong answers given before the right one; ``hints`` counts the hint
steps the learner asked for (the first hint, then "show the answer"). A hint shown by itself
after a first wrong answer is not counted again: that miss already costs its star. ``options``
counts the answers the learner picks one from (``None``: a typed answer, or a set of tiles): on
a question of two (yes or no), a wrong try leaves only the right answer, so it cannot earn two
stars, or guessing would be sure of them. Anything
that stores attempts (a progress file, a database) computes stars with this function, so the
rule lives in one place.
"""

from __future__ import annotations

__all__ = ["MAX_STARS", "RULE", "YES_NO", "stars_for"]

#: The most stars a level or puzzle gives.
MAX_STARS = 3

#: The rule in the learner's words (the app shows it beside the stars).
RULE = "★★★ right first time without a hint · ★★ after one wrong try or one hint · ★ otherwise"
#: The rule's exception, said where it applies (and in the help beside the stars).
YES_NO = "a wrong try at a yes-or-no question leaves ★"


def stars_for(misses: int, hints: int, options: int | None = None) -> int:
    """Stars for a solved question: 3 when right at the first try without a hint; 2 after
    exactly one wrong try or one hint (not both); 1 otherwise (more misses, both, or the answer
    shown). On a question of ``options`` = 2 answers any wrong try gives 1. Negative counts are
    a ``ValueError``."""
    if misses < 0 or hints < 0:
        raise ValueError(f"misses and hints are counts of at least 0, not {misses} and {hints}")
    if misses and options is not None and options <= 2:
        return 1
    slips = misses + hints
    if slips == 0:
        return 3
    if slips == 1:
        return 2
    return 1
