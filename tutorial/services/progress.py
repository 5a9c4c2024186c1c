"""The progress file in the app: which ids a file may name (:func:`known_content`) and a file
checked field by field (:func:`check_file`). The file formats are :mod:`store.transfer`'s; the
learner's progress itself is :class:`store.stats.Summary`, computed from their rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lessons.loader import stage_name

if TYPE_CHECKING:
    from lessons import Course
    from store.stats import Summary
    from store.transfer import Known

__all__ = ["CourseCount", "ProgressError", "RatingWords", "check_file", "course_count", "item_names", "known_content",
           "levels_under_three", "next_level", "place_words", "rating_words", "resume_level"]


class ProgressError(ValueError):
    """A progress file that cannot be read; the message says why."""


def known_content() -> Known:
    """The course's level ids (with the Play better drills, whose tries are stored as answers
    too, and the old ids of renamed levels: :mod:`lessons.renamed`) and the app's puzzle ids,
    the retired ones too (:mod:`puzzles.retired`), as a
    :class:`store.transfer.Known`: the only ids a progress file may name."""
    from lessons.renamed import RENAMED as RENAMED_LEVELS
    from lessons.strategy.drill import drill_ids
    from puzzles.retired import RETIRED
    from store import transfer
    from tutorial.services.items import course, puzzles

    levels = {lv.id: str(lv.stage) for lv in course().levels()} | drill_ids(course())
    levels |= {old: levels[new] for old, new in RENAMED_LEVELS.items()}
    return transfer.Known(frozenset(levels), frozenset(p.id for p in puzzles()) | frozenset(RETIRED), levels)


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


def levels_under_three(course: Course, summ: Summary) -> list[str]:
    """The levels of ``course`` the learner has answered (right, or only wrong so far) that
    have fewer than three stars, in the course's order, each Play better stage's drill after
    its levels: the levels Learn's rows show with an empty star (and the drills their star
    line), from the same rows (a level only tried wrong has none yet).

    >>> from types import SimpleNamespace as NS
    >>> from store.stats import Summary
    >>> c = NS(stages=[NS(id="s1", part="rules", levels=[NS(id="b"), NS(id="a"), NS(id="c"), NS(id="d")]),
    ...                NS(id="pb-x", part="play-better", levels=[NS(id="x-1")])])
    >>> levels_under_three(c, Summary(stars={"a": 2, "c": 3, "pb-x-drill": 1}, open_misses={"d": 1, "x-1": 2}))
    ['a', 'd', 'x-1', 'pb-x-drill']
    """
    from content.stars import MAX_STARS
    from lessons.strategy.drill import drill_id

    tried = set(summ.stars) | set(summ.open_misses)
    ids = [str(i) for s in course.stages
           for i in (*(lv.id for lv in s.levels), *([drill_id(s.id)] if getattr(s, "part", "rules") == "play-better" else []))]
    return [i for i in ids if i in tried and summ.stars.get(i, 0) < MAX_STARS]


class RatingWords(NamedTuple):
    """The learner's puzzle rating in words: ``value`` (the number, or "not settled yet") and
    ``detail`` (how far to trust it), as Practice and Progress both say it."""

    value: str
    detail: str


def rating_words(rating: float, rd: float, tries: int) -> RatingWords:
    """The puzzle rating as the app says it: the number once it is settled, give or take
    twice its deviation; while it is provisional (:func:`store.glicko2.provisional`, as the
    Classes dashboard decides), that it is not settled yet, with the first tries counted so
    far, never a raw "1049 (± 636)".

    >>> rating_words(1049.4, 318.0, 1)
    RatingWords(value='not settled yet', detail='it settles after about fifteen first tries at puzzles; 1 so far')
    >>> rating_words(1612.0, 80.0, 25)
    RatingWords(value='1612', detail='give or take 160')
    """
    from store import glicko2

    if glicko2.provisional(rd):
        return RatingWords("not settled yet", f"it settles after about fifteen first tries at puzzles; {tries} so far")
    return RatingWords(f"{rating:.0f}", f"give or take {2 * rd:.0f}")


def next_level(course: Course, summ: Summary, open_level: str = "") -> str:
    """Home's "Next": the level open in this session (``open_level``) while it has no star
    yet, else :func:`resume_level`: a level just answered right is behind the learner, as it
    is after a reload.

    >>> from types import SimpleNamespace as NS
    >>> from store.stats import Summary
    >>> c = NS(stages=[NS(id="s1", levels=[NS(id="a", stage="s1"), NS(id="b", stage="s1")])])
    >>> next_level(c, Summary(stars={"a": 3}, last_level="a"), "a")
    'b'
    >>> next_level(c, Summary(stars={"a": 3}, last_level="a"), "b")
    'b'
    >>> next_level(c, Summary(), "b")
    'b'
    >>> next_level(c, Summary(stars={"a": 2}, last_level="a"), "")
    'b'
    """
    ids = {str(lv.id) for s in course.stages for lv in s.levels}
    if open_level in ids and summ.stars.get(open_level, 0) == 0:
        return open_level
    return resume_level(course, summ)


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


def item_names(course: Course) -> dict[str, str]:
    """What the learner calls each level and drill, by id: a rules level by its title; a Play
    better level with its stage ("Play better 1: Drawing trumps, Position 1 (3 players)"),
    whose titles repeat from stage to stage; a drill as "Play better 1: Drawing trumps — play
    it out".

    >>> from types import SimpleNamespace as NS
    >>> c = NS(stages=[NS(id="s1", number=1, part="rules", title="Tiles", levels=[NS(id="a", title="Count")]),
    ...                NS(id="pb-x", number=51, part="play-better", title="Drawing trumps",
    ...                   levels=[NS(id="x-1", title="Position 1")])])
    >>> names = item_names(c)
    >>> names["a"], names["x-1"], names["pb-x-drill"]
    ('Count', 'Play better 1: Drawing trumps, Position 1', 'Play better 1: Drawing trumps — play it out')
    """
    from lessons.renamed import RENAMED
    from lessons.strategy.drill import drill_id

    names: dict[str, str] = {}
    for s in course.stages:
        better = getattr(s, "part", "rules") == "play-better"
        head = f"{stage_name(course.stages, s)}: {s.title}"
        for lv in s.levels:
            title = lv.title or lv.id
            names[lv.id] = f"{head}, {title}" if better else title
        if better:
            names[drill_id(s.id)] = f"{head} — play it out"
    names |= {old: names[new] for old, new in RENAMED.items() if new in names}  # stored reviews keep old ids
    return names


class CourseCount(NamedTuple):
    """The learner's course as Learn counts it: the ``stars`` of its levels, the ``levels``
    with a star, and the Play better ``drills`` played out (kept apart: a drill is no level)."""

    stars: int
    levels: int
    drills: int


def course_count(summ: Summary) -> CourseCount:
    """The learner's stars and levels over lesson levels only (the number Learn shows as "the
    whole course"), and the drills played out, counted apart (a drill's id ends in
    :data:`lessons.strategy.drill.SUFFIX`).

    A drill played out counts whether or not the try kept to the principle (one that did not
    has no stars yet, only a miss):

    >>> from store.stats import Summary
    >>> course_count(Summary(stars={"a": 3, "b": 0, "pb-x-drill": 3}, open_misses={"pb-y-drill": 1}))
    CourseCount(stars=3, levels=1, drills=2)
    """
    from lessons.strategy.drill import SUFFIX

    levels = {i: n for i, n in summ.stars.items() if not i.endswith(SUFFIX)}
    drills = {i for i in (*summ.stars, *summ.open_misses) if i.endswith(SUFFIX)}
    return CourseCount(stars=sum(levels.values()), levels=sum(1 for n in levels.values() if n > 0),
                       drills=len(drills))
