"""What the course and the puzzles share: a question on a position, checked by the engine.

- :class:`~content.model.Position` — a position read from a content entry (``model``);
- the check kinds (:mod:`content.checks`): each computes its answer with the engine and grades
  a learner's answer, registered in :data:`KINDS`; :func:`make_task` builds one;
- :class:`~content.items.Item` — a question with its position, its task and its help texts:
  the API the app talks to (``items``); lesson levels (:mod:`lessons`) and puzzles
  (:mod:`puzzles`) are items;
- the one star rule (:mod:`content.stars`), the errors of the content layer
  (:mod:`content.errors`), reading content files (:mod:`content.files`) and writing them
  (:mod:`content.tomlw`).

No UI import anywhere in this package, and it knows neither the course nor the puzzles.
"""

from content.checks import KINDS, Feedback, Task, make_task
from content.errors import AnswerError, ContentError, ContentErrors, FieldError
from content.items import Item
from content.model import Position

__all__ = [
    "KINDS",
    "AnswerError",
    "ContentError",
    "ContentErrors",
    "Feedback",
    "FieldError",
    "Item",
    "Position",
    "Task",
    "make_task",
]
