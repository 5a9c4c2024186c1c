"""Errors of the content layer.

- :class:`FieldError` — one field of one entry is wrong (raised while an entry is built).
- :class:`ContentError` — the same, placed: file, entry id and field.
- :class:`ContentErrors` — every problem a load found (one bad entry never hides another).
- :class:`AnswerError` — a learner's answer that cannot be read at all (wrong shape).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["AnswerError", "ContentError", "ContentErrors", "FieldError"]


class FieldError(ValueError):
    """A field of a content entry is missing or wrong. ``field`` is a dotted path such as
    ``"position.hands.1"``."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"field '{field}': {message}")
        self.field = field
        self.message = message

    def under(self, prefix: str) -> FieldError:
        """The same error with its field placed under ``prefix`` (``position`` + ``trick``)."""
        return FieldError(f"{prefix}.{self.field}" if self.field else prefix, self.message)


class ContentError(ValueError):
    """A problem in a content file: which file, which entry (its id, or its number when the
    id itself is missing), which field, and what is wrong."""

    def __init__(self, file: str, entry: str | None, field: str | None, message: str) -> None:
        self.file = file
        self.entry = entry
        self.field = field
        self.message = message
        where = [file]
        if entry is not None:
            where.append(f"entry '{entry}'")
        if field is not None:
            where.append(f"field '{field}'")
        super().__init__(": ".join(where) + ": " + message)


class ContentErrors(ValueError):
    """Every :class:`ContentError` found by one load, reported together."""

    def __init__(self, errors: Sequence[ContentError]) -> None:
        self.errors = list(errors)
        lines = [f"{len(self.errors)} problem{'s' if len(self.errors) != 1 else ''} in the content:"]
        lines += [f"  - {e}" for e in self.errors]
        super().__init__("\n".join(lines))


class AnswerError(ValueError):
    """A learner's answer of the wrong shape (not a tile, not a list, a tile not on offer...).
    The message says what was expected; the app shows it and does not count a try."""

