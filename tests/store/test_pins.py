"""Class PINs under attack, on SQLite and PostgreSQL: the limits per name, per class and per
client hold however many attempts arrive at once, and every PIN checked was counted first."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, inspect, select

from store import classes, learners
from store.db import Store
from store.models import ClassMember, Learner, PinFailure, now


def _counting_verify(monkeypatch: pytest.MonkeyPatch, *, pause: float = 0.0, scrypt: bool = True) -> list[str]:
    """Replace the module's PIN check by one that records each PIN it checks (after ``pause``
    seconds, so that every attempt is in flight together); ``scrypt=False`` skips the slow hash
    (every test PIN but 1234 is wrong)."""
    checked: list[str] = []
    lock = threading.Lock()
    real = classes.verify_pin

    def verify(pin: str, stored: str) -> bool:
        with lock:
            checked.append(pin)
        threading.Event().wait(pause)
        return real(pin, stored) if scrypt else pin == "1234"

    monkeypatch.setattr(classes, "verify_pin", verify)
    return checked


def _failures(store: Store) -> int:
    with store.session() as s:
        return int(s.scalar(select(func.count()).select_from(PinFailure)) or 0)


def _age_failures(store: Store) -> None:
    with store.session() as s:
        for f in s.scalars(select(PinFailure)):
            f.at = now() - timedelta(minutes=2)


def _class_with(store: Store, names: list[str], pin: str = "1234") -> classes.ClassInfo:
    """A class asking for PINs whose members ``names`` all chose ``pin``."""
    klass, _ = classes.create_class(store, "Club", pin_required=True)
    stored = classes.hash_pin(pin)
    with store.session() as s:
        for name in names:
            learner = Learner(token_hash=learners.token_hash(learners.new_token()))
            s.add(learner)
            s.flush()
            s.add(ClassMember(class_id=klass.id, learner_id=learner.id, display_name=name, pin_hash=stored))
    return klass


def test_twenty_wrong_pins_at_once_check_at_most_five(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    klass, _ = classes.create_class(store, "Club", pin_required=True)
    ada, _ = learners.create(store)
    classes.join(store, klass.join_code, "Ada", ada.id, "1234")
    checked = _counting_verify(monkeypatch, pause=0.2)
    others = [learners.create(store)[0].id for _ in range(20)]
    start = threading.Barrier(20)

    def attempt(i: int) -> str:
        start.wait()
        try:
            classes.join(store, klass.join_code, "Ada", others[i], f"{5000 + i}", client=f"device-{i}")
        except classes.ClassError as e:
            return str(e)
        return "joined"

    with ThreadPoolExecutor(20) as pool:
        results = list(pool.map(attempt, range(20)))
    assert len(checked) == classes.MAX_WRONG_PINS == 5
    # The five checked are told how many tries are left, each count once, in the order they were counted.
    told = sorted(r for r in results if r.startswith("This name and PIN are not right"))
    wrong = classes.WRONG_PAIR
    assert told == sorted([wrong + "4 more tries this minute.", wrong + "3 more tries this minute.",
                           wrong + "2 more tries this minute.", wrong + "1 more try this minute.",
                           wrong + "that was the last try this minute; wait a minute and try again."])
    assert results.count("Too many wrong PINs for this name: wait a minute and try again.") == 15
    assert _failures(store) == 5
    # A minute later the right PIN opens Ada's profile, and her count starts again.
    _age_failures(store)
    assert classes.join(store, klass.join_code, "Ada", others[0], "1234") == classes.Joined(ada.id, "Ada", True)
    assert _failures(store) == 0
    assert len(checked) == 6


def test_every_name_of_a_class_at_once_stops_at_the_class_limit(store: Store,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    per_name, per_class = classes.MAX_WRONG_PINS, classes.MAX_WRONG_PINS_CLASS
    names = [f"Student {i}" for i in range(per_class // per_name + 1)]
    klass = _class_with(store, names)
    other = _class_with(store, ["Zoe"])
    checked = _counting_verify(monkeypatch, scrypt=False)
    me, _ = learners.create(store)
    for i in range(per_class):  # a different device each time: only the class limit applies
        with pytest.raises(classes.ClassError, match="not right"):
            classes.join(store, klass.join_code, names[i // per_name], me.id, "0000", client=f"device-{i}")
    with pytest.raises(classes.ClassError, match="Too many wrong PINs in this class"):
        classes.join(store, klass.join_code, names[-1], me.id, "1234", client="another device")
    assert len(checked) == per_class == _failures(store)
    # Another class is not held up by it.
    with pytest.raises(classes.ClassError, match="not right"):
        classes.join(store, other.join_code, "Zoe", me.id, "0000", client="device-0")
    assert len(checked) == per_class + 1


def test_one_client_across_classes_stops_at_the_client_limit(store: Store,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    per_name, per_class, per_client = (classes.MAX_WRONG_PINS, classes.MAX_WRONG_PINS_CLASS,
                                       classes.MAX_WRONG_PINS_CLIENT)
    names_per_class = per_class // per_name - 1  # stay under each class's limit
    targets = []
    while len(targets) * per_name < per_client:
        klass = _class_with(store, [f"Student {i}" for i in range(names_per_class)])
        targets += [(klass.join_code, f"Student {i}") for i in range(names_per_class)]
    last = _class_with(store, ["Zoe"])
    checked = _counting_verify(monkeypatch, scrypt=False)
    me, _ = learners.create(store)
    for i in range(per_client):
        code, name = targets[i // per_name]
        with pytest.raises(classes.ClassError, match="not right"):
            classes.join(store, code, name, me.id, "0000", client="203.0.113.9")
    with pytest.raises(classes.ClassError, match="Too many wrong PINs from this device"):
        classes.join(store, last.join_code, "Zoe", me.id, "1234", client="203.0.113.9")
    assert len(checked) == per_client
    # Someone else may still try that name, and the store never kept the address itself.
    with pytest.raises(classes.ClassError, match="not right"):
        classes.join(store, last.join_code, "Zoe", me.id, "0000", client="198.51.100.7")
    with store.session() as s:
        keys = set(s.scalars(select(PinFailure.client_key)))
    assert keys == {classes.client_key("203.0.113.9"), classes.client_key("198.51.100.7")}
    assert "203.0.113.9" not in keys


def test_a_right_pin_is_checked_and_clears_only_its_own_name(store: Store) -> None:
    klass = _class_with(store, ["Ada", "Bob"])
    me, _ = learners.create(store)
    for name in ("Ada", "Bob"):
        with pytest.raises(classes.ClassError, match="not right"):
            classes.join(store, klass.join_code, name, me.id, "0000", client="device")
    assert classes.join(store, klass.join_code, "Ada", me.id, "1234", client="device").returning
    with store.session() as s:
        assert list(s.scalars(select(PinFailure.display_name))) == ["Bob"]


def test_migration_0003_adds_the_client_key_and_pin_failures_match_the_model(store: Store) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from store.models import Base

    with store.engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
    assert [d for d in diff if "pin_failures" in repr(d)] == []
    # It comes off and back on again.
    from alembic import command
    from alembic.config import Config

    from store import db
    from store.db import migrate

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(db.__file__).with_name("migrations")))
    with store.engine.begin() as c:
        cfg.attributes["connection"] = c
        command.downgrade(cfg, "0002")
        assert "client_key" not in {col["name"] for col in inspect(c).get_columns("pin_failures")}
    migrate(store)
    with store.engine.connect() as c:
        assert "client_key" in {col["name"] for col in inspect(c).get_columns("pin_failures")}


def test_a_wrong_pin_says_the_same_whoever_the_name_is(store: Store) -> None:
    klass, _ = classes.create_class(store, "Quiet", pin_required=True)
    for name, pin in (("Ada", "1234"), ("Bob", "4321")):
        classes.join(store, klass.join_code, name, learners.create(store)[0].id, pin)
    me, _ = learners.create(store)
    said = []
    for name in ("Ada", "bob"):
        with pytest.raises(classes.ClassError) as e:
            classes.join(store, klass.join_code, name, me.id, "0000", client="one device")
        said.append(str(e.value))
    assert said[0] == classes.WRONG_PAIR + "4 more tries this minute."
    assert said[1] == classes.WRONG_PAIR + "4 more tries this minute."
    for text in said:  # nothing says that a student of the class has the name typed
        assert "Ada" not in text and "bob" not in text.lower() and "has it" not in text and "student" not in text
