"""Learners: a profile made on the first answer, found again by its token.

The token (192 random bits from :mod:`secrets`) lives only in the learner's browser (a cookie)
and in their personal link; the database keeps its SHA-256, so a copy of the database opens
nobody's progress. Never log a token.

A device that proved it is the learner another way (their class PIN) gets a token of its own
(:func:`add_device`, also kept as a hash only), which :func:`find` opens like the link, marked
``device``. A New link (:func:`replace_token`, :func:`reset_token`) revokes the link and every
device's token at once.

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

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from store.db import Store
from store.models import Learner, LearnerDevice
from store.names import MAX_NAME, MAX_NAME_KEY, clean_name, name_is_cut, name_key

__all__ = ["MAX_NAME", "MAX_NAME_KEY", "LearnerInfo", "add_device", "clean_name", "create", "find", "get",
           "looks_like_token", "name_is_cut", "name_key",
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
    #: Found by a device's own token (:func:`add_device`), not by the learner's personal link.
    device: bool = False


def _info(row: Learner, device: bool = False) -> LearnerInfo:
    return LearnerInfo(row.id, row.name, row.rating, row.rd, row.created_at, device)


def create(store: Store, name: str = "") -> tuple[LearnerInfo, str]:
    """A new learner and their token (shown once: only its hash is kept)."""
    token = new_token()

    def work(s: Session) -> LearnerInfo:
        row = Learner(token_hash=token_hash(token), name=clean_name(name))
        s.add(row)
        s.flush()
        return _info(row)

    return store.run(work), token


def add_device(store: Store, learner_id: int) -> str:
    """A new token of its own for a device that proved it is learner ``learner_id`` (their
    class PIN): it opens the learner as their link does, until their next New link. Returns it
    (only its hash is kept)."""
    token = new_token()
    store.run(lambda s: s.add(LearnerDevice(learner_id=learner_id, token_hash=token_hash(token))))
    return token


def find(store: Store, token: object) -> LearnerInfo | None:
    """The learner whose token (their link's, or a device's: :func:`add_device`) this is
    (``None`` for an unknown, replaced or malformed token)."""
    if not looks_like_token(token):
        return None
    assert isinstance(token, str)
    h = token_hash(token)

    def work(s: Session) -> LearnerInfo | None:
        row = s.scalar(select(Learner).where(Learner.token_hash == h))
        if row is not None:
            return _info(row)
        row = s.scalar(select(Learner).join(LearnerDevice, LearnerDevice.learner_id == Learner.id)
                       .where(LearnerDevice.token_hash == h))
        return _info(row, device=True) if row is not None else None

    return store.run(work)


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
    """Give the learner a new token: the old link, devices' tokens and cookies stop working.
    Returns it."""
    token = new_token()

    def work(s: Session) -> None:
        row = s.get(Learner, learner_id)
        if row is None:
            raise LookupError("no such learner")
        row.token_hash = token_hash(token)
        s.execute(delete(LearnerDevice).where(LearnerDevice.learner_id == learner_id))

    store.run(work)
    return token


def replace_token(store: Store, token: object) -> str | None:
    """Give the learner who holds ``token`` (their link's or a device's) a new link and return
    it, revoking every device's token; ``None`` (nothing changed) when ``token`` opens nobody
    any more (replaced meanwhile, unknown or malformed). One conditional write (the link's
    update, or the device's delete), so of two sessions replacing the same link at once only one
    gets the new link; the other's token then opens nothing."""
    if not looks_like_token(token):
        return None
    assert isinstance(token, str)
    old, new = token_hash(token), new_token()

    def work(s: Session) -> bool:
        lid = s.scalar(update(Learner).where(Learner.token_hash == old).values(token_hash=token_hash(new))
                       .returning(Learner.id))
        if lid is None:
            lid = s.scalar(delete(LearnerDevice).where(LearnerDevice.token_hash == old)
                           .returning(LearnerDevice.learner_id))
            if lid is None:
                return False
            s.execute(update(Learner).where(Learner.id == lid).values(token_hash=token_hash(new)))
        s.execute(delete(LearnerDevice).where(LearnerDevice.learner_id == lid))
        return True

    return new if store.run(work) else None
