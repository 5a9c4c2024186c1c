"""Personal links on SQLite and PostgreSQL: replacing a link is one conditional update, so a
link that was replaced (or is replaced by someone else at the same moment) replaces nothing."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from store import learners
from store.db import Store


def test_replace_token_needs_the_current_token(store: Store) -> None:
    ada, token = learners.create(store, "Ada")
    bob, bob_token = learners.create(store, "Bob")
    new = learners.replace_token(store, token)
    assert new is not None and new != token
    assert learners.find(store, new) == ada and learners.find(store, token) is None
    assert learners.replace_token(store, token) is None  # the old link replaces nothing
    assert learners.find(store, new) == ada
    for bad in ("", "not a token!", learners.new_token(), None):
        assert learners.replace_token(store, bad) is None
    assert learners.find(store, bob_token) == bob  # nobody else's link moved


def test_of_ten_sessions_replacing_one_link_at_once_one_wins(store: Store) -> None:
    ada, token = learners.create(store)
    start = threading.Barrier(10)

    def replace(_: int) -> str | None:
        start.wait()
        return learners.replace_token(store, token)

    with ThreadPoolExecutor(10) as pool:
        got = [t for t in pool.map(replace, range(10)) if t is not None]
    assert len(got) == 1
    assert learners.find(store, got[0]) == ada and learners.find(store, token) is None
