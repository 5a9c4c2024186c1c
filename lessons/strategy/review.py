"""The principles of Play better in a learner's own hands: which principle a graded play left.

The hand review (:func:`engine.review.review_hand`) grades each play by what its player could
know and names the better tile. When a principle of :mod:`lessons.strategy.principles`
applies to that decision and its rule picks exactly that better tile, the review can say so
and send the learner to the stage that teaches it. The engine does not know the course; this
module sees both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.game import PlayerView
from engine.review import HandReview, start_of_hand
from engine.tiles import Tile
from lessons.loader import load_course
from lessons.strategy.principles import PRINCIPLES, Principle

__all__ = ["PrincipleNote", "missed_principle", "principle_notes"]

#: What the learner could have done, per principle, with ``{tile}`` the better tile.
_COULD = {
    "draw-trumps": "You could have drawn trumps first with {tile}, your top trump",
    "cash-walkers": "You could have cashed {tile} first: no tile you had not seen could beat it",
    "give-up-cheaply": "You could have given up {tile}, the tile you needed least",
    "count-out": "You could have led {tile}: by the count, no seat against you could beat it",
    "keep-later": "You could have given up {tile} and kept your sure trick for later",
    "lead-through": ("You could have led {tile} through the bidder: the other defender had shown it held none of "
                     "its suit and could trump it"),
    "lead-to-partner": "You could have led {tile} to your partner, who had shown it held none of its suit and could trump it",
}


@dataclass(frozen=True)
class PrincipleNote:
    """A graded play of ``seat`` in trick ``trick`` that left ``principle``: ``text`` says what
    the learner could have done, ``stage`` names the stage ("Play better 1: Drawing trumps")
    and ``level`` is the id of its first level (for ``/learn?level=<level>``)."""

    trick: int
    seat: int
    tile: Tile
    better: Tile
    principle: str
    text: str
    stage: str
    level: str

    def line(self) -> str:
        """``"You could have … — see Play better 1: Drawing trumps"``."""
        return f"{self.text} — see {self.stage}"


def missed_principle(view: PlayerView, played: Tile, better: Tile) -> Principle | None:
    """The principle whose rule picks ``better`` in ``view`` when ``played`` was chosen
    instead (``None`` when no principle applies or picks it)."""
    if played == better:
        return None
    for p in PRINCIPLES:
        if p.applies(view) and p.rule(view) == better:
            return p
    return None


def _stages() -> Mapping[str, tuple[str, str]]:
    course = load_course()
    out = {}
    for s in course.stages:
        if s.part == "play-better" and s.levels:
            out[s.id.removeprefix("pb-")] = (f"{course.stage_name(s)}: {s.title}", s.levels[0].id)
    return out


def principle_notes(record: Mapping[str, Any], review: HandReview, seat: int) -> list[PrincipleNote]:  # Any: a record's JSON form, of mixed value types
    """The graded plays of ``seat`` in ``review`` (of hand ``review.hand_number`` of the game
    ``record``) whose better tile a principle's rule picks, in the order played."""
    graded = {p.trick: p for p in review.plays
              if p.seat == seat and p.grade and p.best is not None and p.best != p.tile}
    if not graded:
        return []
    stages = _stages()
    g = start_of_hand(dict(record), review.hand_number)
    notes = []
    for text in record["hands"][review.hand_number - 1].get("actions", []):
        trick = len(g.tricks) + 1
        if g.phase == "playing" and g.to_act == seat and trick in graded:
            pr = graded[trick]
            assert pr.best is not None
            p = missed_principle(g.view(seat), pr.tile, pr.best)
            if p is not None and p.id in stages:
                stage, level = stages[p.id]
                could = _COULD.get(p.id, "{tile} was the better tile by the principle of " + p.title.lower())
                notes.append(PrincipleNote(trick, seat, pr.tile, pr.best, p.id, could.format(tile=pr.best),
                                           stage, level))
        g.apply(text)
    return notes
