"""Learners: a profile made on the first answer, found again by its token.

The token (192 random bits from :mod:`secrets`) lives only in the learner's browser (a cookie)
and in their personal link; the database keeps its SHA-256, so a copy of the database opens
nobody's progress. Never log a token.

>>> len(new_token()) >= 32 and new_token() != new_token()
True
>>> token_hash("abc") == token_hash("abc") != token_hash("abd")
True
>>> looks_like_token("not a token!")
False
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.orm import Session

from store.db import Store
from store.models import Learner
from store.names import MAX_NAME, MAX_NAME_KEY, clean_name, name_is_cut, name_key

__all__ = ["MAX_NAME", "MAX_NAME_KEY", "LearnerInfo", "clean_name", "create", "find", "get", "looks_like_token", "name_is_cut", "name_key",
           "new_token", "rename", "replace_token", "reset_token", "token_hash"]

_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")


def new_token() -> str:
    """A fresh unguessable token (32 URL-safe characters: 192 bits)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def looks_like_token(token: object) -> bool:
    """True when ``token`` has the shape of a token (checked before any look-up)."""
    return isinstance(token, str) and _TOKEN.fullmatch(token) is not None


@dataclass(frozen=True)
class LearnerInfo:
    """What the app shows of a learner (never the token)."""

    id: int
    name: str
    rating: float
    rd: float
    created_at: datetime


def _info(row: Learner) -> LearnerInfo:
    return LearnerInfo(row.id, row.name, row.rating, row.rd, row.created_at)


def create(store: Store, name: str = "") -> tuple[LearnerInfo, str]:
    """A new learner and their token (shown once: only its hash is kept)."""
    token = new_token()

    def work(s: Session) -> LearnerInfo:
        row = Learner(token_hash=token_hash(token), name=clean_name(name))
        s.add(row)
        s.flush()
        return _info(row)

    return store.run(work), token


def find(store: Store, token: object) -> LearnerInfo | None:
    """The learner whose token this is (``None`` for an unknown, reset or malformed token)."""
    if not looks_like_token(token):
        return None
    assert isinstance(token, str)
    h = token_hash(token)
    return store.run(lambda s: (lambda r: _info(r) if r else None)(
        s.scalar(select(Learner).where(Learner.token_hash == h))))


def get(store: Store, learner_id: int) -> LearnerInfo | None:
    """The learner with this id (for code that already holds it)."""
    return store.run(lambda s: (lambda r: _info(r) if r else None)(s.get(Learner, learner_id)))


def rename(store: Store, learner_id: int, name: str) -> str:
    """Set the learner's name (cleaned); returns it."""
    clean = clean_name(name)

    def work(s: Session) -> None:
        row = s.get(Learner, learner_id)
        if row is not None:
            row.name = clean

    store.run(work)
    return clean


def reset_token(store: Store, learner_id: int) -> str:
    """Give the learner a new token: the old link and cookies stop working. Returns it."""
    token = new_token()

    def work(s: Session) -> None:
        row = s.get(Learner, learner_id)
        if row is None:
            raise LookupError("no such learner")
        row.token_hash = token_hash(token)

    store.run(work)
    return token


def replace_token(store: Store, token: object) -> str | None:
    """Give the learner who holds ``token`` a new token and return it; ``None`` (nothing
    changed) when ``token`` opens nobody any more (replaced meanwhile, unknown or malformed).
    One conditional update, so of two sessions replacing the same link at once only one gets
    the new link; the other's token then opens nothing."""
    if not looks_like_token(token):
        return None
    assert isinstance(token, str)
    old, new = token_hash(token), new_token()

    def work(s: Session) -> bool:
        done = cast("CursorResult[Any]", s.execute(  # Any: an UPDATE returns no rows
            update(Learner).where(Learner.token_hash == old).values(token_hash=token_hash(new))))
        return done.rowcount == 1

    return new if store.run(work) else None
