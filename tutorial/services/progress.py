"""The progress file in the app: which ids a file may name (:func:`known_content`) and a file
checked field by field (:func:`check_file`). The file formats are :mod:`store.transfer`'s; the
learner's progress itself is :class:`store.stats.Summary`, computed from their rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from store.transfer import Known

__all__ = ["ProgressError", "check_file", "known_content"]


class ProgressError(ValueError):
    """A progress file that cannot be read; the message says why."""


def known_content() -> Known:
    """The course's level ids and the app's puzzle ids (a :class:`store.transfer.Known`): the
    only ids a progress file may name."""
    from store import transfer
    from tutorial.services.items import course, puzzles

    levels = {lv.id: str(lv.stage) for lv in course().levels()}
    return transfer.Known(frozenset(levels), frozenset(p.id for p in puzzles()), levels)


def check_file(raw: str | bytes, known: Known | None = None) -> dict[str, Any]:
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

