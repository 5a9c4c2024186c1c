"""The Moon course: stages of interactive levels, every answer checked by the engine.

The API for the app (no UI import anywhere in this package)::

    from lessons import load_course
    course = load_course()                 # ContentErrors if any file is broken
    for stage in course.stages:
        for level in stage.levels:
            level.intro, level.question, level.position, level.choices()
            fb = level.grade(answer)       # Feedback(correct, code, text, reasons)
            level.hint(1), level.hint(2)   # where to look; the answer with its reason
            level.stars(tries, hints_used)

``level.answer()`` is the engine's answer; the file's optional ``expected`` answer is only
cross-checked against it. Puzzles (package ``puzzles``) are :class:`~lessons.items.Item`
objects too and share this API.
"""

from lessons.checks import KINDS, Feedback, Task, make_task
from lessons.errors import AnswerError, ContentError, ContentErrors, FieldError
from lessons.items import Item
from lessons.loader import Course, Level, Stage, check_course, load_course
from lessons.model import Position

__all__ = [
    "KINDS",
    "AnswerError",
    "ContentError",
    "ContentErrors",
    "Course",
    "Feedback",
    "FieldError",
    "Item",
    "Level",
    "Position",
    "Stage",
    "Task",
    "check_course",
    "load_course",
    "make_task",
]
