"""Classes: a teacher makes one and gets a short join code (for students) and a secret teacher
link (its hash is stored); students join with the code and a display name, and a 4-digit PIN
if the teacher asks for one (hashed with scrypt).

PINs are checked under limits, a minute at a time: 5 wrong PINs per name, 60 per class, 100 per
client (the caller's key for who is asking). A PIN is counted as wrong *before* it is checked,
in one transaction that serialises the attempts on a class (and on a client), so no number of
attempts at once checks more PINs than the limits allow; a right PIN clears its name's count.

The teacher's dashboard and its CSV are built here from the rows; students never see them.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import re
import secrets
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Protocol, TypedDict, TypeVar

from sqlalchemy import ColumnElement, delete, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from lessons.renamed import current_level_id
from store import glicko2, models, stats
from store.db import Store
from store.learners import clean_name, looks_like_token, name_key, new_token, token_hash
from store.limits import real, skip_row
from store.models import (
    ClassMember,
    Classroom,
    Learner,
    LessonAttempt,
    LiveSession,
    PinFailure,
    PuzzleAttempt,
    now,
)

__all__ = ["BOM", "PIN_WORDS", "WRONG_PAIR", "ClassError", "ClassInfo", "Dashboard", "LevelRow", "PuzzleRow", "SafeWriter", "StudentRow", "answers_csv", "client_key", "create_class",
           "dashboard", "find_by_code", "find_by_teacher_token", "find_owned", "hash_pin", "join", "memberships",
           "new_teacher_link", "normalise_pin", "owned_classes", "students_csv", "verify_pin"]

T = TypeVar("T")

#: Join codes use letters and digits that cannot be mistaken for one another.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Wrong PINs a minute for one name in a class (a student mistyping their own PIN).
MAX_WRONG_PINS = 5
#: Wrong PINs a minute across a class (every name attacked at once; a class of 30 mistyping
#: twice each at the same minute stays under it).
MAX_WRONG_PINS_CLASS = 60
#: Wrong PINs a minute from one client, across every class (a school behind one address has
#: several classes at once).
MAX_WRONG_PINS_CLIENT = 100
PIN_WINDOW = timedelta(minutes=1)
#: The first key of the PostgreSQL advisory locks that serialise one client's PIN attempts.
_CLIENT_LOCK = 4242002
_PIN = re.compile(r"[0-9]{4}")
#: A provisional puzzle rating, as the dashboard and the students' CSV say it.
NEW_RATING = "new"
#: What a PIN is, in the words a student reads when theirs is not one.
PIN_WORDS = "A PIN is four digits (0–9), like 2580"

#: Said for a name and PIN that do not go together: the same words whoever the name is, so that
#: they do not confirm which names the class has.
WRONG_PAIR = ("This name and PIN are not right for this class. Coming back? Type the name and PIN you chose "
              "the first time. New here? Choose a name of your own. ")


class ClassError(ValueError):
    """A join that cannot be done; the message says why, in words for the student.
    ``live_code`` is set when the code typed is a live class's (the page links to Live class)."""

    def __init__(self, message: str, live_code: str | None = None) -> None:
        super().__init__(message)
        self.live_code = live_code


@dataclass(frozen=True)
class ClassInfo:
    """A class as the app shows it (never the teacher token)."""

    id: int
    name: str
    join_code: str
    pin_required: bool


def _info(c: Classroom) -> ClassInfo:
    return ClassInfo(c.id, c.name, c.join_code, c.pin_required)


def normalise_code(code: object) -> str:
    """A join code as typed or pasted (any case, with spaces, dashes, dots, quotes or other
    punctuation around or inside it) in its stored form: its letters and digits, upper case.
    Every code box and code in an address (Classes → Join, the live class's phones, the join
    screen's ``?join=``, the presenter's ``live=``) reads codes through it; whether what is
    left names a class is the caller's check.

    Full-width letters and digits (some phone keyboards type them) read as the plain ones
    (Unicode NFKC).

    >>> normalise_code(" ab3-k9z "), normalise_code("srv-7ka."), normalise_code("«SRV 7KA»!")
    ('AB3K9Z', 'SRV7KA', 'SRV7KA')
    >>> normalise_code("Ｋ９ＫＮＮＡ")
    'K9KNNA'
    """
    text = unicodedata.normalize("NFKC", str(code)[:200])
    return "".join(ch for ch in text if ch.isascii() and ch.isalnum()).upper()[:20]


def normalise_pin(pin: object) -> str:
    """A PIN as typed, without the spaces around it and with full-width digits read as the
    plain ones (Unicode NFKC); whether it is four digits is the caller's check.

    >>> normalise_pin(" １２３４ "), normalise_pin("12a4")
    ('1234', '12a4')
    """
    return unicodedata.normalize("NFKC", str(pin)[:200]).strip()


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    """A slow salted hash of a PIN (scrypt, n=2**14)."""
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32)
    return f"scrypt$16384$8$1${salt.hex()}${digest.hex()}"


def verify_pin(pin: str, stored: str) -> bool:
    """True when ``pin`` matches the stored hash.

    >>> verify_pin("1234", hash_pin("1234")), verify_pin("1235", hash_pin("1234"))
    (True, False)
    """
    try:
        _, n, r, p, salt, digest = stored.split("$")
        got = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p), dklen=32)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got.hex(), digest)


def with_free_code(store: Store, make: Callable[[Session, str], T]) -> T:
    """Run ``make(session, code)`` with a freshly drawn join code, drawing again when the
    code is taken (the unique index refuses it); used by classes and live sessions."""
    for _ in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))

        def attempt(s: Session, code: str = code) -> T:
            return make(s, code)

        try:
            return store.run(attempt)
        except IntegrityError:  # the code was taken: draw again
            continue
    raise RuntimeError("could not draw a free join code")  # pragma: no cover


def create_class(store: Store, name: str, pin_required: bool = False,
                 owner_id: int | None = None) -> tuple[ClassInfo, str]:
    """A new class and its teacher token (shown once). ``owner_id``, the learner profile of
    the teacher who made it, finds it again (:func:`owned_classes`)."""
    token = new_token()
    title = clean_name(name) or "My class"

    def work(s: Session, code: str) -> ClassInfo:
        row = Classroom(name=title, join_code=code, teacher_token_hash=token_hash(token),
                        pin_required=pin_required, owner_id=owner_id)
        s.add(row)
        s.flush()
        return _info(row)

    return with_free_code(store, work), token


def find_by_code(store: Store, code: object) -> ClassInfo | None:
    """The class with this join code (``None`` if there is none)."""
    c = normalise_code(code)
    if not c:
        return None
    return store.run(lambda s: (lambda r: _info(r) if r else None)(
        s.scalar(select(Classroom).where(Classroom.join_code == c))))


def find_by_teacher_token(store: Store, token: object) -> ClassInfo | None:
    """The class whose teacher link this is (``None`` for an unknown or malformed one)."""
    if not looks_like_token(token):
        return None
    assert isinstance(token, str)
    h = token_hash(token)
    return store.run(lambda s: (lambda r: _info(r) if r else None)(
        s.scalar(select(Classroom).where(Classroom.teacher_token_hash == h))))


def owned_classes(store: Store, owner_id: int) -> list[ClassInfo]:
    """The classes this learner profile made, newest first."""
    rows = store.run(lambda s: s.scalars(select(Classroom).where(Classroom.owner_id == owner_id)
                                         .order_by(Classroom.id.desc())).all())
    return [_info(r) for r in rows]


def find_owned(store: Store, code: object, owner_id: int | None) -> ClassInfo | None:
    """The class with this join code if ``owner_id`` made it (``None`` otherwise: a join code
    opens no dashboard for anyone else)."""
    c = normalise_code(code)
    if not c or owner_id is None:
        return None
    return store.run(lambda s: (lambda r: _info(r) if r else None)(
        s.scalar(select(Classroom).where(Classroom.join_code == c, Classroom.owner_id == owner_id))))


@dataclass(frozen=True)
class Joined:
    """The result of a join: the learner to use from now on, and whether they came back."""

    learner_id: int
    display_name: str
    returning: bool


def client_key(raw: str) -> str:
    """What the store keeps of a client key (its SHA-256: never an address itself).

    >>> client_key("203.0.113.9") == client_key("203.0.113.9") != client_key("203.0.113.10")
    True
    """
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def _pin_limit(s: Session, class_id: int, name: str, client: str | None) -> int:
    """Refuse (:class:`ClassError`) when a limit on wrong PINs is reached; else the wrong PINs
    for this name within the window."""
    since = now() - PIN_WINDOW

    def wrong(*where: ColumnElement[bool]) -> int:
        return int(s.scalar(select(func.count()).select_from(PinFailure).where(PinFailure.at >= since, *where)) or 0)

    for_name = wrong(PinFailure.class_id == class_id, PinFailure.display_name == name)
    if for_name >= MAX_WRONG_PINS:
        raise ClassError("Too many wrong PINs for this name: wait a minute and try again.")
    if wrong(PinFailure.class_id == class_id) >= MAX_WRONG_PINS_CLASS:
        raise ClassError("Too many wrong PINs in this class just now: wait a minute and try again "
                         "(tell your teacher if it goes on).")
    if client is not None and wrong(PinFailure.client_key == client) >= MAX_WRONG_PINS_CLIENT:
        raise ClassError("Too many wrong PINs from this device just now: wait a minute and try again.")
    return for_name


def join(store: Store, code: object, display_name: str, learner_id: int, pin: str | None = None, *,
         client: str | None = None) -> Joined:
    """Join the class with ``code`` as ``display_name``, bringing ``learner_id``'s progress.
    Names are the same whatever their case and spacing ("Dup" is "dup"). The learner already
    in the class (their own browser, or their personal link) comes back to their place under
    any spelling of their name. A name already in the class with a PIN is the same student
    coming back on another device (the right PIN opens their profile); without a PIN a taken
    name is refused.
    ``client`` says who is asking (e.g. their address, else their browser session; only its
    hash is kept), for the per-client limit on wrong PINs (see the module docstring).
    Raises :class:`ClassError` with a message for the student."""
    klass = find_by_code(store, code)
    if klass is None:
        c = normalise_code(code)
        live = store.run(lambda s: s.execute(select(LiveSession.ended_at, LiveSession.expires_at)
                                             .where(LiveSession.join_code == c)).first()) if c else None
        if live is not None and (live.ended_at is not None or live.expires_at <= now()):
            raise ClassError(f"{c} was the code of a live class that has ended: it opens nothing more. A class has "
                             "its own code, from your teacher.")
        if live is not None:
            raise ClassError(f"{c} is a live-class code, not a class code: type it on the Live class page to "
                             "answer the questions on the board. A class has its own code, from your teacher.",
                             live_code=c)
        if not str(code).strip():
            raise ClassError("Type the class code your teacher gave you.")
        raise ClassError("There is no class with this code. Check it with your teacher.")
    name = clean_name(display_name)
    if not name:
        raise ClassError("Type the name your teacher will see.")
    key = name_key(name)
    pin = normalise_pin(pin) if pin is not None else None
    if klass.pin_required and not pin:
        raise ClassError(f"This class asks for a PIN. {PIN_WORDS}: choose one the first time, then type it "
                         "again to come back.")
    if klass.pin_required and (pin is None or not _PIN.fullmatch(pin)):
        raise ClassError(f"{PIN_WORDS}, and nothing else: no letters, spaces or signs. Type your four digits again.")
    # The slow hash of a new member's PIN is made before the locked transaction (and only for a
    # name that is free: a taken name's PIN is checked against its hash instead).
    taken = store.run(lambda s: s.scalar(select(ClassMember.id).where(
        ClassMember.class_id == klass.id, ClassMember.name_key == key)) is not None)
    pin_hash = hash_pin(pin) if klass.pin_required and pin is not None and not taken else None
    ckey = client_key(client) if client else None

    def work(s: Session) -> Joined | tuple[int, str, int, str]:
        # One class's joins and PIN counts, and one client's, go one at a time: a row lock on
        # PostgreSQL (and an advisory lock per client), the immediate transaction on SQLite.
        s.execute(select(Classroom.id).where(Classroom.id == klass.id).with_for_update())
        if ckey is not None and store.dialect == "postgresql":
            s.execute(text("SELECT pg_advisory_xact_lock(:ns, :key)"),
                      {"ns": _CLIENT_LOCK, "key": int.from_bytes(bytes.fromhex(ckey[:8]), "big", signed=True)})
        mine = s.scalar(select(ClassMember).where(ClassMember.class_id == klass.id,
                                                 ClassMember.learner_id == learner_id))
        if mine is not None and name_key(mine.display_name) == key:  # their own place, however typed
            return Joined(learner_id, mine.display_name, True)
        member = s.scalar(select(ClassMember).where(ClassMember.class_id == klass.id,
                                                   ClassMember.name_key == key))
        if member is None:
            if mine is not None:
                raise ClassError(f"You are already in this class as {mine.display_name}.")
            if klass.pin_required and pin_hash is None:  # members stay, so only a deleted class gets here
                raise ClassError("There is no class with this code. Check it with your teacher.")
            s.add(ClassMember(class_id=klass.id, learner_id=learner_id, display_name=name, name_key=key,
                              pin_hash=pin_hash))
            s.flush()
            return Joined(learner_id, name, False)
        if member.learner_id == learner_id:
            return Joined(learner_id, member.display_name, True)
        if member.pin_hash is None:
            raise ClassError(f"The name {member.display_name!r} is taken in this class: choose another one.")
        s.execute(delete(PinFailure).where(PinFailure.class_id == klass.id, PinFailure.at < now() - PIN_WINDOW))
        before = _pin_limit(s, klass.id, member.display_name, ckey)
        s.add(PinFailure(class_id=klass.id, display_name=member.display_name, client_key=ckey))  # wrong until right
        return member.learner_id, member.pin_hash, MAX_WRONG_PINS - before - 1, member.display_name

    out = store.run(work, immediate=True)
    if isinstance(out, Joined):
        return out
    owner, stored, left, known = out
    assert pin is not None
    if not verify_pin(pin, stored):
        raise ClassError(WRONG_PAIR + (f"{left} more {'try' if left == 1 else 'tries'} this minute." if left else
                                       "that was the last try this minute; wait a minute and try again."))
    store.run(lambda s: s.execute(delete(PinFailure).where(PinFailure.class_id == klass.id,
                                                          PinFailure.display_name == known)))
    return Joined(owner, known, True)


def memberships(store: Store, learner_id: int) -> list[tuple[ClassInfo, str]]:
    """The classes the learner is in, with their display name in each."""
    rows = store.run(lambda s: s.execute(select(Classroom, ClassMember.display_name).join(
        ClassMember, ClassMember.class_id == Classroom.id).where(ClassMember.learner_id == learner_id)).all())
    return [(_info(c), n) for c, n in rows]


class StudentRow(TypedDict):
    """One student of a :class:`Dashboard`. ``rating_provisional``: its deviation is still
    large (see :func:`store.glicko2.provisional`); ``imported_stars`` / ``imported_puzzles``:
    how many of those stars and puzzles came from a progress file rather than from answers in
    the app; ``answers``: the answers the student gave (:func:`store.stats.given_answer`)."""

    name: str
    stage: str
    stars: int
    levels: int
    puzzles_solved: int
    rating: int
    rating_provisional: bool
    answers: int
    imported_stars: int
    imported_puzzles: int


class LevelRow(TypedDict):
    """One lesson level answered in the app: how many students answered it, how many were
    right first time, and every wrong answer given, as (answer, count), most common first (equal
    counts in the order first given)."""

    level: str
    stage: str
    students: int
    first_time_right: int
    wrong_answers: list[tuple[str, int]]


class PuzzleRow(TypedDict):
    """The same as :class:`LevelRow`, per puzzle answered in the app."""

    puzzle: str
    students: int
    first_time_right: int
    wrong_answers: list[tuple[str, int]]


@dataclass
class Dashboard:
    """The teacher's view of a class: one row per student, per lesson level and per puzzle
    answered in the app."""

    klass: ClassInfo
    students: list[StudentRow] = field(default_factory=list)
    levels: list[LevelRow] = field(default_factory=list)
    puzzles: list[PuzzleRow] = field(default_factory=list)


class _Indexed(Protocol):
    def __getitem__(self, index: int, /) -> object: ...


_R = TypeVar("_R", bound=_Indexed)


def _by_first(rows: Iterable[_R]) -> dict[object, list[_R]]:
    """The rows grouped by their first column, in order."""
    out: dict[object, list[_R]] = defaultdict(list)
    for r in rows:
        out[r[0]].append(r)
    return out


@dataclass
class _Tally:
    """The answers in the app to one level or puzzle, while the dashboard counts them."""

    id: str
    stage: str | None = None
    students: set[int] = field(default_factory=set)
    first_time_right: int = 0
    wrong: Counter[str] = field(default_factory=Counter)


def _answer_text(a: object) -> str:
    if isinstance(a, list):
        return ", ".join(str(x) for x in a)
    return "" if a is None else str(a)


def _rating(learner_id: int, rating: object) -> int:
    if not real(rating, -1e6, 1e6):
        skip_row("learners", learner_id, "rating")
        return round(models.START_RATING)
    return round(float(rating))


def dashboard(store: Store, klass: ClassInfo, level_order: dict[str, int] | None = None,
              options: Mapping[str, int] | None = None) -> Dashboard:
    """Each student's stage, stars, puzzles solved and rating (and how much of it was loaded
    from a progress file); per lesson level, how many got it right first time and the most
    common wrong answers, from the answers given in the app; the same per puzzle. ``level_order``
    sorts the levels (course order); otherwise by id. ``options``: how many answers each level
    offers (:attr:`store.stats.Summary.options`, for the star rule). A stored row outside
    :mod:`store.limits` is skipped."""

    def work(s: Session) -> Dashboard:
        members = s.execute(select(ClassMember.learner_id, ClassMember.display_name, Learner.rating, Learner.rd)
                            .join(Learner, Learner.id == ClassMember.learner_id)
                            .where(ClassMember.class_id == klass.id)).all()
        ids = [m[0] for m in members]
        conn = s.connection()  # plain rows, no ORM bookkeeping: thousands of them
        if not ids:
            return Dashboard(klass, [])
        # Lesson rows without their answers (the answers are read for the wrong ones only).
        lrows = [r for r in conn.execute(
            select(LessonAttempt.learner_id, LessonAttempt.level_id, LessonAttempt.stage_id, LessonAttempt.correct,
                   LessonAttempt.try_number, LessonAttempt.hints, LessonAttempt.par, LessonAttempt.imported_stars,
                   LessonAttempt.imported, LessonAttempt.id)
            .where(LessonAttempt.learner_id.in_(ids)).order_by(LessonAttempt.id)).all()
            if stats.good_lesson(r[9], r[1], r[4], r[5], r[7])]
        wrong_rows = conn.execute(select(LessonAttempt.level_id, LessonAttempt.answer)
                               .where(LessonAttempt.learner_id.in_(ids), LessonAttempt.correct.is_(False),
                                      LessonAttempt.imported_stars.is_(None),
                                      LessonAttempt.imported.is_(False))
                               .order_by(LessonAttempt.id)).all()  # first given first, among equal counts
        answers: Counter[int] = Counter()
        solved: dict[int, set[str]] = defaultdict(set)
        earned_puzzles: dict[int, set[str]] = defaultdict(set)
        per_puzzle: dict[str, _Tally] = {}
        for r in conn.execute(
                select(PuzzleAttempt.learner_id, PuzzleAttempt.puzzle_id, PuzzleAttempt.correct,
                       PuzzleAttempt.try_number, PuzzleAttempt.hints, PuzzleAttempt.themes, PuzzleAttempt.rating_after,
                       PuzzleAttempt.imported, PuzzleAttempt.id, PuzzleAttempt.answer, PuzzleAttempt.gave_up)
                .where(PuzzleAttempt.learner_id.in_(ids)).order_by(PuzzleAttempt.id)).all():
            if not stats.good_puzzle(r[8], r[1], r[3], r[4], r[5], r[6]):
                continue
            answers[r[0]] += stats.given_answer(r[2], r[3], r[4], r[10])
            if r[2]:
                solved[r[0]].add(r[1])
                if not r[7]:
                    earned_puzzles[r[0]].add(r[1])
            if r[7]:
                continue
            d = per_puzzle.get(r[1])
            if d is None:
                d = per_puzzle[r[1]] = _Tally(r[1])
            if r[0] not in d.students:
                d.students.add(r[0])
                d.first_time_right += int(bool(r[2]) and r[4] == 0)
            if not r[2] and not r[10]:
                d.wrong[_answer_text(r[9])] += 1
        by_learner = _by_first(lrows)
        board = Dashboard(klass)
        for lid, name, rating, rd in sorted(members, key=lambda m: m[1].lower()):
            rows = by_learner.get(lid, [])
            stars = stats.level_stars(((r[1], bool(r[3]), r[4], r[5], r[7]) for r in rows), options)
            earned = stats.level_stars(((r[1], bool(r[3]), r[4], r[5], r[7]) for r in rows
                                        if not r[8] and r[7] is None), options)
            stage = rows[-1][2] if rows else ""
            board.students.append({
                "name": name, "stage": stage, "stars": sum(stars.values()), "levels": len(stars),
                "puzzles_solved": len(solved[lid]), "rating": _rating(lid, rating),
                "rating_provisional": not real(rd, 0, 1e6) or glicko2.provisional(float(rd)),
                "answers": sum(stats.given_answer(r[3], r[4], r[5]) for r in rows) + answers.get(lid, 0),
                "imported_stars": sum(max(0, n - earned.get(level, 0)) for level, n in stars.items()),
                "imported_puzzles": len(solved[lid] - earned_puzzles[lid]),
            })
        per_level: dict[str, _Tally] = {}
        first_seen: set[tuple[int, str]] = set()
        for r in lrows:
            if r[7] is not None or r[8]:
                continue
            level = current_level_id(r[1])  # a renamed level's rows count under its id now
            d = per_level.get(level)
            if d is None:
                d = per_level[level] = _Tally(level, r[2])
            d.students.add(r[0])
            if (r[0], level) not in first_seen:
                first_seen.add((r[0], level))
                d.first_time_right += int(bool(r[3]) and r[5] == 0)
        for level_id, answer in wrong_rows:
            if current_level_id(level_id) in per_level:
                per_level[current_level_id(level_id)].wrong[_answer_text(answer)] += 1
        order = level_order or {}
        for lv in sorted(per_level.values(), key=lambda d: (order.get(d.id, 10**6), d.id)):
            board.levels.append({
                "level": lv.id, "stage": lv.stage or "", "students": len(lv.students),
                "first_time_right": lv.first_time_right,
                "wrong_answers": [(a, n) for a, n in lv.wrong.most_common()],
            })
        for pz in sorted(per_puzzle.values(), key=lambda d: d.id):
            board.puzzles.append({
                "puzzle": pz.id, "students": len(pz.students), "first_time_right": pz.first_time_right,
                "wrong_answers": [(a, n) for a, n in pz.wrong.most_common()],
            })
        return board

    return store.run(work)


def _cell(v: object) -> object:
    """A CSV cell a spreadsheet will not run as a formula (a student's name is theirs to choose).

    >>> _cell("=HYPERLINK(1)"), _cell("Ada"), _cell(3)
    ("'=HYPERLINK(1)", 'Ada', 3)
    """
    if isinstance(v, str) and v[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + v
    return v


class SafeWriter:
    """A CSV writer whose text cells a spreadsheet will not run as formulas (see :func:`_cell`)."""

    def __init__(self, out: io.StringIO) -> None:
        self._w = csv.writer(out)

    def writerow(self, row: list[object]) -> None:
        self._w.writerow([_cell(v) for v in row])


#: The byte-order mark that tells a spreadsheet (Excel on Windows) the file is UTF-8.
BOM = "\ufeff"


def _wrong_text(wrong: list[tuple[str, int]]) -> str:
    """Every wrong answer with how many gave it.

    >>> _wrong_text([("5-3", 2), ("6", 1)])
    '5-3 (×2); 6 (×1)'
    """
    return "; ".join(f"{a} (×{n})" for a, n in wrong)


#: How many wrong answers a dashboard cell lists before it says how many more there are.
WRONG_SHOWN = 3


def wrong_cell(wrong: list[tuple[str, int]], keep: int = WRONG_SHOWN) -> str:
    """The dashboard's "most common wrong answers" cell, in the order of :class:`LevelRow`
    (by count, then first given): all of them when there are at most one more than ``keep``,
    else the first ``keep`` and how many more (the CSV lists them all).

    >>> wrong_cell([("6", 1), ("5", 1), ("8", 1), ("9", 1)])
    '6 (×1); 5 (×1); 8 (×1); 9 (×1)'
    >>> wrong_cell([("6", 2), ("5", 1), ("8", 1), ("9", 1), ("4", 1)])
    '6 (×2); 5 (×1); 8 (×1); and 2 more (all in the CSV)'
    >>> wrong_cell([])
    '—'
    """
    if len(wrong) <= keep + 1:
        return _wrong_text(wrong) or "—"
    return f"{_wrong_text(wrong[:keep])}; and {len(wrong) - keep} more (all in the CSV)"


def students_csv(board: Dashboard, stages: Mapping[str, str] | None = None) -> str:
    """The dashboard's students table as CSV (UTF-8 with a byte-order mark): one row per
    student, the stage's id and its title (``stages``: id → title) side by side;
    ``rating`` is "new" while the rating is provisional, as on the dashboard (its deviation
    large: a few puzzles move it by hundreds, so the number would not compare students fairly),
    and ``rating_provisional`` says "yes" then; ``answers_given``, the answers the student gave, right or wrong (not the
    answer shown after two wrong tries, nor a puzzle given up: :func:`store.stats.given_answer`);
    ``imported_stars`` and ``imported_puzzles`` count what came from a progress file. Text
    cells that a spreadsheet would read as a formula get a leading apostrophe."""
    stages = stages or {}
    out = io.StringIO()
    out.write(BOM)
    w = SafeWriter(out)
    w.writerow(["student", "stage_id", "stage", "stars", "levels", "puzzles_solved", "rating", "rating_provisional",
                "answers_given", "imported_stars", "imported_puzzles"])
    for st in board.students:
        w.writerow([st["name"], st["stage"], stages.get(st["stage"], st["stage"]), st["stars"], st["levels"],
                    st["puzzles_solved"], NEW_RATING if st["rating_provisional"] else st["rating"],
                    "yes" if st["rating_provisional"] else "no", st["answers"],
                    st["imported_stars"], st["imported_puzzles"]])
    return out.getvalue()


def answers_csv(board: Dashboard, titles: Mapping[str, str] | None = None,
                stages: Mapping[str, str] | None = None) -> str:
    """The dashboard's answers table as CSV (UTF-8 with a byte-order mark): one row per lesson
    level, then per puzzle, answered in the app: its kind, id and title (``titles``: id →
    title), its stage (id and title; none for a puzzle), how many answered, how many were right
    first time, and every wrong answer given with how many gave it. Formula-like text cells
    get a leading apostrophe."""
    titles, stages = titles or {}, stages or {}
    out = io.StringIO()
    out.write(BOM)
    w = SafeWriter(out)
    w.writerow(["kind", "id", "title", "stage_id", "stage", "students", "first_time_right", "wrong_answers"])
    for lv in board.levels:
        w.writerow(["level", lv["level"], titles.get(lv["level"], lv["level"]), lv["stage"],
                    stages.get(lv["stage"], lv["stage"]), lv["students"], lv["first_time_right"],
                    _wrong_text(lv["wrong_answers"])])
    for pz in board.puzzles:
        w.writerow(["puzzle", pz["puzzle"], titles.get(pz["puzzle"], pz["puzzle"]), "", "", pz["students"],
                    pz["first_time_right"], _wrong_text(pz["wrong_answers"])])
    return out.getvalue()


def new_teacher_link(store: Store, code: object, owner_id: int | None) -> str | None:
    """A new teacher token for the class with this join code, when ``owner_id`` made it (its
    teacher, back from "Your classes" without the old link); the old link stops opening the
    dashboard (only the new token's hash is kept). ``None`` for anyone else's class."""
    c = normalise_code(code)
    if not c or owner_id is None:
        return None
    token = new_token()

    def work(s: Session) -> bool:
        done = s.execute(update(Classroom).where(Classroom.join_code == c, Classroom.owner_id == owner_id)
                         .values(teacher_token_hash=token_hash(token)))
        return getattr(done, "rowcount", 0) == 1

    return token if store.run(work) else None
