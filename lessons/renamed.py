"""Level ids no longer shipped, each with the id of the same level now.

A level's id is its address (``/learn?level=<id>``), so an id must not name the answer
("Is 6-5 a trump?" at ``trump-not``); a level whose id did is given a neutral one. The old id
stays resolvable, as retired puzzle ids do (:mod:`puzzles.retired`): an old link opens the
level (:meth:`lessons.Course.level`), a learner's stored answers under it count for the level
(:class:`store.stats.Summary`, the class dashboard), and a progress file naming it still
imports (:func:`tutorial.services.progress.known_content`).

>>> current_level_id("trump-not"), current_level_id("trump-pick")
('trump-big-small', 'trump-pick')
"""

from __future__ import annotations

__all__ = ["RENAMED", "current_level_id"]

#: Old level id -> the id of the same level now.
RENAMED: dict[str, str] = {
    # "Threes are trump. Is 6-5 a trump?": No.
    "trump-not": "trump-big-small",
    # "Doubles are trump. Is 4-4 a trump?": Yes.
    "doubles-is-trump": "doubles-naming",
    # "Doubles are trump. Is 6-4 a trump?": No.
    "doubles-not": "doubles-big-tiles",
    # "No trump. Is 6-6 a trump?": No.
    "notrump-is-trump": "notrump-follow-me",
    # "Sixes are trump and you lead. Pick every tile you may play.": all seven.
    "lead-any": "lead-which-tiles",
    # "Play the one tile that takes this trick.": the only trump.
    "follow-trump-in": "follow-last-to-play",
    # "Which tile wins?": the only double, 4-4.
    "win-double": "win-top-of-suit",
    # "Which tile wins?": the only trump, 5-1.
    "win-trump": "win-whole-trick",
    # "Play the one tile that takes this trick.", the learner holding none of the suit led.
    "follow-last-out-of-suit": "follow-last-to-play",
    # "Pick every tile you may play.", the learner holding none of the suit led: all of them.
    "follow-void": "follow-three-choices",
    "follow-void-with-lookalike": "follow-number-on-a-trump",
    "follow-doubles-void": "follow-doubles-trump",
    # "You bid first with this hand. Pass, or bid how many tricks?": pass.
    "bid-weak-hand": "bid-twos-hand",
    # The same question: a bid.
    "bid-strong-hand": "bid-sixes-hand",
    # "Who has won the game, if anyone?": a defender.
    "game-defenders-win": "game-bid-six",
    # "Pick every tile you may play.": not the trump that bears the number led.
    "follow-trump-does-not-follow": "follow-plain-suit-led",
}


def current_level_id(level_id: str) -> str:
    """``level_id``, or the id of the same level now if it was renamed."""
    return RENAMED.get(level_id, level_id)
