"""The progress file in the app: which ids a file may name (:func:`known_content`) and a file
checked field by field (:func:`check_file`). The file formats are :mod:`store.transfer`'s; the
learner's progress itself is :class:`store.stats.Summary`, computed from their rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lessons.loader import stage_name

if TYPE_CHECKING:
    from lessons import Course
    from store.stats import Summary
    from store.transfer import Known

__all__ = ["ProgressError", "check_file", "known_content", "place_words", "resume_level"]


class ProgressError(ValueError):
    """A progress file that cannot be read; the message says why."""


def known_content() -> Known:
    """The course's level ids (with the Play better drills, whose tries are stored as answers
    too) and the app's puzzle ids (a :class:`store.transfer.Known`): the only ids a progress
    file may name."""
    from lessons.strategy.drill import drill_ids
    from store import transfer
    from tutorial.services.items import course, puzzles

    levels = {lv.id: str(lv.stage) for lv in course().levels()} | drill_ids(course())
    return transfer.Known(frozenset(levels), frozenset(p.id for p in puzzles()), levels)


def check_file(raw: str | bytes, known: Known | None = None) -> dict[str, object]:
    """A progress file read and every field of it checked (either version, see
    :func:`store.transfer.check`; ``known`` defaults to :func:`known_content`); raises
    :class:`ProgressError` saying what is wrong."""
    from store import transfer

    try:
        obj = transfer.parse(raw)
        transfer.check(obj, known if known is not None else known_content())
    except transfer.TransferError as e:
        raise ProgressError(str(e)) from None
    return obj


def resume_level(course: Course, summ: Summary) -> str:
    """Where the learner stopped, as a level id of ``course``: the level answered last while it
    has no star yet; once it has, the next level after it without three stars (the levels
    left behind with fewer stars are offered at the end of their stage); when every level
    after it has three stars, the first level of the course without three (else the level
    answered last). A learner who has answered nothing starts at the first level.

    >>> from types import SimpleNamespace as NS
    >>> from store.stats import Summary
    >>> c = NS(stages=[NS(id="s1", levels=[NS(id="a", stage="s1"), NS(id="b", stage="s1")]),
    ...                NS(id="s2", levels=[NS(id="c", stage="s2"), NS(id="d", stage="s2")])])
    >>> resume_level(c, Summary())
    'a'
    >>> resume_level(c, Summary(stars={"a": 3}, last_level="b"))
    'b'
    >>> resume_level(c, Summary(stars={"a": 2}, last_level="a"))
    'b'
    >>> resume_level(c, Summary(stars={"a": 3, "b": 3, "c": 3}, last_level="b"))
    'd'
    >>> resume_level(c, Summary(stars={"a": 2, "b": 3, "c": 3, "d": 3}, last_level="d"))
    'a'
    """
    from content.stars import MAX_STARS

    levels = [lv for s in course.stages for lv in s.levels]
    if not levels:
        raise ValueError("the course has no levels")
    ids: list[str] = [str(lv.id) for lv in levels]
    last = _level_of_drill(course, summ.last_level)
    todo = [i for i in ids if summ.stars.get(i, 0) < MAX_STARS]
    if last is None or last not in ids:
        return todo[0] if todo else ids[0]
    if summ.stars.get(last, 0) == 0:
        return last
    after = ids[ids.index(last) + 1:]
    return next((i for i in after if summ.stars.get(i, 0) < MAX_STARS), todo[0] if todo else last)


def _level_of_drill(course: Course, answered: str | None) -> str | None:
    """The level answered last, where a Play better drill's try stands for its stage's last
    level (the drill comes after it).

    >>> from types import SimpleNamespace as NS
    >>> c = NS(stages=[NS(id="pb-x", part="play-better", levels=[NS(id="a"), NS(id="b")])])
    >>> _level_of_drill(c, "pb-x-drill"), _level_of_drill(c, "a"), _level_of_drill(c, None)
    ('b', 'a', None)
    """
    from lessons.strategy.drill import drill_id

    for s in course.stages:
        if getattr(s, "part", "rules") == "play-better" and answered == drill_id(s.id) and s.levels:
            return str(s.levels[-1].id)
    return answered


def place_words(course: Course, level_id: str) -> str:
    """"Stage 3, Level 2": a level's place in the course, as the Learn page numbers it.

    >>> from types import SimpleNamespace as NS
    >>> place_words(NS(stages=[NS(number=1, levels=[NS(id="a"), NS(id="b")])]), "b")
    'Stage 1, Level 2'
    """
    for s in course.stages:
        ids = [lv.id for lv in s.levels]
        if level_id in ids:
            return f"{stage_name(course.stages, s)}, Level {ids.index(level_id) + 1}"
    raise KeyError(level_id)
