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


def test_a_new_teacher_link_for_the_teachers_own_class_replaces_the_old_one(store: Store) -> None:
    from store import classes

    me, _ = learners.create(store, "Ms Diaz")
    other, _ = learners.create(store, "Someone")
    klass, old = classes.create_class(store, "Year 8", owner_id=me.id)
    assert classes.new_teacher_link(store, klass.join_code, other.id) is None  # not their class
    assert classes.new_teacher_link(store, klass.join_code, None) is None
    assert classes.find_by_teacher_token(store, old) == klass
    new = classes.new_teacher_link(store, klass.join_code.lower(), me.id)
    assert new is not None and new != old
    assert classes.find_by_teacher_token(store, new) == klass
    assert classes.find_by_teacher_token(store, old) is None  # the old link stops working
    assert classes.new_teacher_link(store, "ZZZZZZ", me.id) is None


def test_a_device_token_opens_its_learner_until_the_next_new_link(store: Store) -> None:
    from dataclasses import replace

    from sqlalchemy import text

    ada, token = learners.create(store, "Ada")
    bob, bob_token = learners.create(store, "Bob")
    phone, tablet = learners.add_device(store, ada.id), learners.add_device(store, ada.id)
    assert len({phone, tablet, token}) == 3
    assert learners.find(store, phone) == replace(ada, device=True) == learners.find(store, tablet)
    assert learners.find(store, token) == ada  # the link still opens Ada, not as a device
    with store.engine.connect() as c:  # only the hashes are kept
        kept = set(c.execute(text("SELECT token_hash FROM learner_devices")).scalars())
    assert kept == {learners.token_hash(phone), learners.token_hash(tablet)}
    # A New link (here asked from the phone) revokes the link and every device's token; once.
    new = learners.replace_token(store, phone)
    assert new is not None and learners.find(store, new) == ada
    for old in (phone, tablet, token):
        assert learners.find(store, old) is None
        assert learners.replace_token(store, old) is None
    assert learners.find(store, bob_token) == bob
    # reset_token revokes devices too.
    laptop = learners.add_device(store, ada.id)
    learners.reset_token(store, ada.id)
    assert learners.find(store, laptop) is None
