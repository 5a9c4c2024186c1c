"""The live class: the teacher starts a session from the presenter and gets a short
join code (for the students' phones) and a secret host link (only its hash is kept); students
join with the code and a name; the presenter puts a question to the room; each student answers
once with one tap (a "pick every …" question: the tiles picked, then "Send"); the teacher reveals the answer; at the end, a class summary.

Everything lives in tables (``live_sessions``, ``live_questions``, ``live_players``,
``live_answers``) so that several app servers on one database see the same class: the pages
poll. No Streamlit here; the app builds the questions (from the engine, through the presenter)
as :class:`QuestionSpec` and draws what :func:`host_view` and :func:`student_view` return.

Rules kept here, in the database, whatever page calls:

- a code that is unknown, a class's code (said so, with where to use it), or of a session
  that was ended or has expired, opens nothing (:class:`LiveError` says which);
- a session expires :data:`IDLE_HOURS` after the teacher's last action (start, ask, reveal,
  moving on), so a class nobody ended does not stay open for anyone to join; starting a new
  session with the host links of the teacher's earlier ones ends those (:func:`start`);
- a student sees only the session of their own token;
- one answer per student and question: the **first tap counts** (a second one is refused
  with "already answered"), and no answer is taken once the question is revealed or closed
  (the answer and the reveal both update the question's row, so they cannot cross).
"""

from __future__ import annotations

import io
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypedDict

from sqlalchemy import func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from store.classes import BOM, CODE_ALPHABET, CODE_LENGTH, SafeWriter, normalise_code, with_free_code
from store.db import Store
from store.learners import clean_name, looks_like_token, name_key, new_token, token_hash
from store.models import Classroom, LiveAnswer, LivePlayer, LiveQuestion, LiveSession, now

__all__ = [
    "IDLE_HOURS",
    "PICK",
    "HostView",
    "LiveError",
    "LiveInfo",
    "Player",
    "QuestionInfo",
    "QuestionSpec",
    "StudentView",
    "Summary",
    "answer",
    "ask",
    "close",
    "end",
    "find_by_host_token",
    "host_view",
    "join",
    "leave",
    "open_by_code",
    "open_hosted",
    "pick_places",
    "pick_value",
    "player_by_token",
    "questions_csv",
    "reveal",
    "start",
    "student_view",
    "summary",
    "summary_csv",
]

#: How long a live session stays open after the teacher's last action (then its code opens
#: nothing). A lesson, a double period with a break included, fits in it, and every step the
#: teacher takes on the presenter (asking, revealing, moving on) starts it again; a class left
#: open after the lesson closes within the afternoon, not the next day.
IDLE_HOURS = 3.0
MAX_CHOICE = 200
#: The key of a question's ``view`` that makes it a "pick every …" question: its choices are
#: toggles (one per tile or action), and an answer is the **set** of them picked, sent at once
#: and stored as :func:`pick_value`; it is right only when the set is exactly the right one.
PICK = "pick"
#: How an answer to a "pick every …" question starts: the picked choices' places, "pick:0,2".
PICK_PREFIX = "pick:"


def pick_value(places: Iterable[int]) -> str:
    """The stored answer for the choices at ``places`` picked together (in any order, each once).

    >>> pick_value([3, 0, 3]), pick_value([])
    ('pick:0,3', 'pick:')
    """
    return PICK_PREFIX + ",".join(str(i) for i in sorted(set(places)))


def pick_places(value: str, count: int) -> tuple[int, ...] | None:
    """The places of the choices picked in ``value`` (of a question with ``count`` choices), or
    ``None`` when ``value`` is not an answer of that shape (a place out of range, repeated or
    out of order).

    >>> pick_places("pick:0,3", 4), pick_places("pick:", 4), pick_places("pick:4", 4), pick_places("pick:2,1", 4)
    ((0, 3), (), None, None)
    """
    if not value.startswith(PICK_PREFIX):
        return None
    body = value[len(PICK_PREFIX):]
    try:
        places = tuple(int(p) for p in body.split(",")) if body else ()
    except ValueError:
        return None
    if any(not 0 <= i < count for i in places) or pick_value(places) != value:
        return None
    return places


class LiveError(ValueError):
    """Something a live class cannot do; the message says why, in words for the student or
    the teacher."""


@dataclass(frozen=True)
class LiveInfo:
    """A live session as the app shows it (never the host token)."""

    id: int
    join_code: str
    title: str
    created_at: datetime
    expires_at: datetime
    ended_at: datetime | None

    @property
    def open(self) -> bool:
        """Not ended and not expired."""
        return self.ended_at is None and now() < self.expires_at


def _info(row: LiveSession) -> LiveInfo:
    return LiveInfo(row.id, row.join_code, row.title, row.created_at, row.expires_at, row.ended_at)


@dataclass(frozen=True)
class QuestionSpec:
    """A question as the app puts it to the room (built from the engine's answer by the
    presenter's services).

    ``ref`` names the position (asking the same ``ref`` again reopens the same question);
    ``choices`` are ``(value, label)`` pairs in the order the phones show them; ``right``
    the values the engine counts right; ``view`` what a phone draws (plain JSON). A
    ``view`` with :data:`PICK` set makes the choices toggles and ``right`` the one right set
    (:func:`pick_value`)."""

    ref: str
    kind: str
    prompt: str
    choices: tuple[tuple[str, str], ...]
    right: tuple[str, ...]
    answer_label: str
    reason: str
    view: dict[str, Any] = field(default_factory=dict)  # Any: JSON the phone page reads field by field


@dataclass(frozen=True)
class QuestionInfo:
    """A question of a session as the pages show it."""

    id: int
    seq: int
    ref: str
    kind: str
    prompt: str
    choices: tuple[tuple[str, str], ...]
    right: tuple[str, ...]
    answer_label: str
    reason: str
    view: dict[str, Any]  # Any: JSON the phone page reads field by field
    answers_n: int
    closed: bool
    revealed: bool

    @property
    def picks(self) -> bool:
        """A "pick every …" question: toggles, answered with a set (:data:`PICK`)."""
        return bool(self.view.get(PICK))

    def label(self, value: str) -> str:
        """The words shown for a choice value; for a set picked, its choices' words in the
        question's order ("0-0, 6-6"), or "none"."""
        if self.picks and (places := pick_places(value, len(self.choices))) is not None:
            return ", ".join(self.choices[i][1] for i in places) or "none"
        return next((lab for v, lab in self.choices if v == value), value)


def _question(q: LiveQuestion) -> QuestionInfo:
    return QuestionInfo(
        q.id, q.seq, q.ref, q.kind, q.prompt, tuple((str(v), str(lab)) for v, lab in q.choices or ()),
        tuple(str(v) for v in q.right or ()), q.answer_label, q.reason, dict(q.view or {}), q.answers_n,
        q.closed_at is not None, q.revealed_at is not None,
    )


@dataclass(frozen=True)
class Player:
    """A student in a live session. From :func:`join`: ``back`` when they came back to their
    own place (answers and all), and ``wanted``, the name they typed then when another student
    holds it (they keep their earlier name), else ""."""

    id: int
    session_id: int
    name: str
    back: bool = False
    wanted: str = ""


# -- the session -------------------------------------------------------------------------------------
def start(store: Store, title: str = "", hours: float = IDLE_HOURS,
          ending: Iterable[object] = ()) -> tuple[LiveInfo, str]:
    """A new live session and its host token (shown once, in the teacher's link). ``ending``:
    the host tokens of the teacher's earlier sessions (those their browser holds); the ones
    still open end with this start (their phones are told, as by :func:`end`), so a teacher
    has one open live class at a time."""
    token = new_token()
    name = clean_name(title)[:120] or "Live class"
    earlier = _hashes(ending)

    def work(s: Session, code: str) -> LiveInfo:
        if earlier:
            ids = s.scalars(select(LiveSession.id).where(LiveSession.host_token_hash.in_(earlier),
                                                         LiveSession.ended_at.is_(None))).all()
            for sid in ids:
                _end(s, sid)
        row = LiveSession(join_code=code, host_token_hash=token_hash(token), title=name,
                          expires_at=now() + timedelta(hours=hours))
        s.add(row)
        s.flush()
        return _info(row)

    return with_free_code(store, work), token


def _hashes(tokens: Iterable[object]) -> list[str]:
    return sorted({token_hash(t) for t in tokens if looks_like_token(t) and isinstance(t, str)})


def open_hosted(store: Store, tokens: Iterable[object]) -> list[LiveInfo]:
    """The sessions still open (not ended, not expired) among those of these host tokens,
    oldest first: the teacher's live classes their browser can still end."""
    hashes = _hashes(tokens)
    if not hashes:
        return []
    rows = store.run(lambda s: s.scalars(select(LiveSession).where(LiveSession.host_token_hash.in_(hashes),
                                                                   LiveSession.ended_at.is_(None))
                                         .order_by(LiveSession.created_at, LiveSession.id)).all())
    return [info for info in map(_info, rows) if info.open]


def find_by_host_token(store: Store, token: object) -> LiveInfo | None:
    """The session whose host link this is (``None`` for an unknown or malformed token)."""
    if not looks_like_token(token):
        return None
    assert isinstance(token, str)
    h = token_hash(token)
    row = store.run(lambda s: s.scalar(select(LiveSession).where(LiveSession.host_token_hash == h)))
    return _info(row) if row is not None else None


def open_by_code(store: Store, code: object) -> LiveInfo:
    """The open session with this join code; :class:`LiveError` when there is none, or it
    has ended or expired."""
    c = normalise_code(code)
    if not str(code).strip():
        raise LiveError("Type the code shown on the board.")
    if len(c) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in c):
        raise LiveError(f"A live-class code is {CODE_LENGTH} letters and digits, like the one on the board: "
                        "check it and try again.")
    row = store.run(lambda s: s.scalar(select(LiveSession).where(LiveSession.join_code == c)))
    if row is None:
        if store.run(lambda s: s.scalar(select(Classroom.id).where(Classroom.join_code == c))) is not None:
            raise LiveError(f"{c} is a class code, not a live-class code: use it on the Classes page "
                            "(Join a class) to join the class. A live class has its own code, shown "
                            "on the board when the teacher starts it.")
        raise LiveError("No live class has this code. Check it on the board and try again.")
    info = _info(row)
    if not info.open:
        raise LiveError("This live class has ended: its code no longer opens it. Ask your teacher for the new code.")
    return info


def end(store: Store, session_id: int) -> None:
    """End the session: its code opens nothing more and no answer is taken."""
    store.run(lambda s: _end(s, session_id))


def _end(s: Session, session_id: int) -> None:
    s.execute(update(LiveSession).where(LiveSession.id == session_id, LiveSession.ended_at.is_(None))
              .values(ended_at=now()))
    s.execute(update(LiveQuestion).where(LiveQuestion.session_id == session_id,
                                         LiveQuestion.closed_at.is_(None)).values(closed_at=now()))


def _touch(sess: LiveSession) -> None:
    """The teacher acted on the open session ``sess``: it stays open :data:`IDLE_HOURS` more."""
    if _info(sess).open:
        sess.expires_at = max(sess.expires_at, now() + timedelta(hours=IDLE_HOURS))


# -- players -----------------------------------------------------------------------------------------
def join(store: Store, code: object, name: object, learner_id: int | None = None) -> tuple[Player, str]:
    """Join the open session with ``code`` under ``name``; returns the player and their
    token (the phone keeps it). A learner already in the session (same profile: the same
    browser, or their personal link) gets their place back under a new token, answers and all,
    under the name typed now if no other student holds it (else under their earlier name, the
    one typed in ``Player.wanted``). Names are the same whatever their case and spacing ("Dup"
    is "dup"): a name another student holds is refused. :class:`LiveError` says what is wrong."""
    info = open_by_code(store, code)
    display = clean_name(str(name))
    if not display:
        raise LiveError("Type your name: your teacher sees it at the reveal and in the summary.")
    token = new_token()

    def work(s: Session) -> Player:
        if learner_id is not None:
            mine = s.scalar(select(LivePlayer).where(LivePlayer.session_id == info.id,
                                                     LivePlayer.learner_id == learner_id))
            if mine is not None:
                mine.token_hash = token_hash(token)
                mine.left_at = None
                wanted = ""
                if mine.name_key != key:  # a new name: theirs if no other student holds it
                    if s.scalar(select(LivePlayer.id).where(LivePlayer.session_id == info.id,
                                                            LivePlayer.name_key == key)) is None:
                        mine.name, mine.name_key = display, key
                    else:
                        wanted = display
                return Player(mine.id, info.id, mine.name, back=True, wanted=wanted)
        held = s.scalar(select(LivePlayer.name).where(LivePlayer.session_id == info.id,
                                                      LivePlayer.name_key == key))
        if held is not None:
            raise LiveError(f"The name {held!r} is taken in this class: add an initial or choose another. "
                        "If it is yours, from another phone: open your personal link on this one first.")
        row = LivePlayer(session_id=info.id, name=display, name_key=key, token_hash=token_hash(token),
                         learner_id=learner_id)
        s.add(row)
        s.flush()
        return Player(row.id, info.id, row.name)

    key = name_key(display)
    try:
        return store.run(work), token
    except IntegrityError:  # the same name at the same moment: the other join was first
        raise LiveError(f"The name {display!r} is taken in this class: add an initial or choose another. "
                        "If it is yours, from another phone: open your personal link on this one first.") from None


def take_back(store: Store, learner_id: int | None, code: object = "") -> tuple[Player, str] | None:
    """The place of ``learner_id`` (this browser's profile) in an open session it joined and has
    not left, with a new token for this phone (the token an earlier phone held opens nothing
    more), as :func:`join` gives it back: a browser closed and opened again finds its place
    without the code and name. ``code``: only the session with this code (a link to another
    class takes nothing back). ``None`` when there is no such place."""
    if learner_id is None:
        return None
    c = normalise_code(code)
    token = new_token()

    def work(s: Session) -> Player | None:
        rows = s.execute(select(LivePlayer, LiveSession).join(LiveSession, LiveSession.id == LivePlayer.session_id)
                         .where(LivePlayer.learner_id == learner_id, LivePlayer.left_at.is_(None),
                                LiveSession.ended_at.is_(None))
                         .order_by(LivePlayer.joined_at.desc(), LivePlayer.id.desc())).all()
        for p, sess in rows:
            if _info(sess).open and (not c or sess.join_code == c):
                p.token_hash = token_hash(token)
                return Player(p.id, p.session_id, p.name, back=True)
        return None

    player = store.run(work)
    return (player, token) if player is not None else None


def leave(store: Store, player_token: object) -> None:
    """The player whose phone holds ``player_token`` leaves: no longer counted in the room, and
    the token opens nothing any more. Their answers stay; joining again from the same profile
    takes the place back (:func:`join`). An unknown token changes nothing."""
    if not looks_like_token(player_token):
        return
    assert isinstance(player_token, str)
    h = token_hash(player_token)
    store.run(lambda s: s.execute(update(LivePlayer).where(LivePlayer.token_hash == h).values(
        left_at=now(), token_hash=token_hash(new_token()))))


def player_by_token(store: Store, token: object) -> tuple[Player, LiveInfo] | None:
    """The player this phone's token belongs to, with their session (``None`` if unknown)."""
    if not looks_like_token(token):
        return None
    assert isinstance(token, str)
    h = token_hash(token)

    def work(s: Session) -> tuple[Player, LiveInfo] | None:
        row = s.execute(select(LivePlayer, LiveSession).join(LiveSession, LiveSession.id == LivePlayer.session_id)
                        .where(LivePlayer.token_hash == h)).first()
        if row is None:
            return None
        p, sess = row
        return Player(p.id, p.session_id, p.name), _info(sess)

    return store.run(work)


# -- questions ---------------------------------------------------------------------------------------
def ask(store: Store, session_id: int, spec: QuestionSpec, *, anew: bool = False) -> QuestionInfo:
    """Put ``spec`` to the room: it becomes the question on the phones. The same ``ref``
    asked again is the same question (reopened if it was not revealed); the question it
    replaces is closed unless revealed.

    ``anew``: the presenter puts the question face down again after its reveal. A revealed
    question of this ``ref`` is then asked as a new one (its own number, an empty chart, every
    phone answers again); the revealed one keeps its answers in the summary, under a ref of
    its own (:func:`_retired_ref`). Without ``anew`` (the presenter's page drawn again on a
    revealed slide) the revealed question stays as it is."""
    if not spec.choices:
        raise LiveError("This question has no choices to tap.")
    if any(len(v) > MAX_CHOICE for v, _ in spec.choices):
        raise LiveError("A choice of this question is too long.")

    def work(s: Session) -> QuestionInfo:
        sess = s.get(LiveSession, session_id, with_for_update=True)
        if sess is None or not _info(sess).open:
            raise LiveError("This live class has ended.")
        _touch(sess)
        q = s.scalar(select(LiveQuestion).where(LiveQuestion.session_id == session_id, LiveQuestion.ref == spec.ref))
        if sess.current_question_id is not None and (q is None or q.id != sess.current_question_id):
            _close_current(s, sess)
        if q is not None and anew and q.revealed_at is not None:
            q.ref = _retired_ref(q.ref, q.seq)
            s.flush()
            q = None
        if q is None:
            seq = (s.scalar(select(func.max(LiveQuestion.seq)).where(LiveQuestion.session_id == session_id)) or 0) + 1
            q = LiveQuestion(session_id=session_id, seq=seq, ref=spec.ref[:120], kind=spec.kind[:20],
                             prompt=spec.prompt, choices=[list(c) for c in spec.choices], right=list(spec.right),
                             answer_label=spec.answer_label, reason=spec.reason, view=spec.view, answers_n=0)
            s.add(q)
            s.flush()
        elif q.revealed_at is None:
            q.closed_at = None
        sess.current_question_id = q.id
        s.flush()
        return _question(q)

    return store.run(work)


def _retired_ref(ref: str, seq: int) -> str:
    """The ref a revealed question keeps once its position is asked anew (unique in the
    session: its number is).

    >>> _retired_ref("move:ab12:0:3", 4)
    'move:ab12:0:3~4'
    """
    mark = f"~{seq}"
    return ref[:120 - len(mark)] + mark


def was_asked(store: Store, session_id: int, ref: str) -> bool:
    """Whether the question ``ref`` was put to this class already. A slide whose answer was
    shown before the class ever saw its question (the live class started on it) is not asked:
    its chart would be a question nobody could answer."""
    return bool(store.run(lambda s: s.scalar(select(func.count()).select_from(LiveQuestion).where(
        LiveQuestion.session_id == session_id, LiveQuestion.ref == ref))))


def _close_current(s: Session, sess: LiveSession) -> None:
    if sess.current_question_id is None:
        return
    s.execute(update(LiveQuestion).where(LiveQuestion.id == sess.current_question_id,
                                         LiveQuestion.revealed_at.is_(None), LiveQuestion.closed_at.is_(None))
              .values(closed_at=now()))


def close(store: Store, session_id: int) -> None:
    """The presenter moved on: an unrevealed question stops taking answers and leaves the
    phones; a revealed one stays on them (with its result) until the next question."""

    def work(s: Session) -> None:
        sess = s.get(LiveSession, session_id, with_for_update=True)
        if sess is None:
            return
        _touch(sess)
        if sess.current_question_id is None:
            return
        q = s.get(LiveQuestion, sess.current_question_id)
        _close_current(s, sess)
        if q is None or q.revealed_at is None:
            sess.current_question_id = None

    store.run(work)


def reveal(store: Store, session_id: int) -> QuestionInfo | None:
    """Reveal the question on the phones (no answer is taken after this); returns it."""

    def work(s: Session) -> QuestionInfo | None:
        sess = s.get(LiveSession, session_id, with_for_update=True)
        if sess is None:
            return None
        _touch(sess)
        if sess.current_question_id is None:
            return None
        s.execute(update(LiveQuestion).where(LiveQuestion.id == sess.current_question_id,
                                             LiveQuestion.revealed_at.is_(None)).values(revealed_at=now()))
        q = s.get(LiveQuestion, sess.current_question_id)
        if q is None:
            return None
        s.refresh(q)
        return _question(q)

    return store.run(work)


@dataclass(frozen=True)
class Answered:
    """An answer taken: the choice, and whether the engine counts it right (the phone shows
    it only at the reveal)."""

    question_id: int
    choice: str
    correct: bool


def answer(store: Store, player_token: object, question_id: int, choice: str) -> Answered:
    """Take a student's answer. Refused (:class:`LiveError`) for an unknown token, another
    session's question, a choice not offered, a question revealed or closed, a session
    ended, or a second answer (the first tap counts)."""
    found = player_by_token(store, player_token)
    if found is None:
        raise LiveError("This phone is not in a live class: join again with the code on the board.")
    player, info = found
    if not info.open:
        raise LiveError("This live class has ended.")
    choice = str(choice)[:MAX_CHOICE]

    def work(s: Session) -> Answered:
        q = s.get(LiveQuestion, question_id)
        if q is None or q.session_id != player.session_id:
            raise LiveError("This question is not in your live class.")
        values = [str(v) for v, _lab in q.choices or ()]
        picks = bool((q.view or {}).get(PICK))
        if (pick_places(choice, len(values)) is None) if picks else (choice not in values):
            raise LiveError("That is not one of the choices.")
        if s.scalar(select(LiveAnswer.id).where(LiveAnswer.question_id == q.id, LiveAnswer.player_id == player.id)):
            raise LiveError("You have already answered this question: the first answer counts.")
        # Counting the answer on the question's row takes its lock: a reveal waits for it, or
        # it sees the reveal and takes nothing.
        done = s.execute(update(LiveQuestion).where(LiveQuestion.id == q.id, LiveQuestion.revealed_at.is_(None),
                                                    LiveQuestion.closed_at.is_(None))
                         .values(answers_n=LiveQuestion.answers_n + 1))
        if getattr(done, "rowcount", 0) != 1:
            raise LiveError("Too late: answers for this question are closed.")
        right = choice in [str(v) for v in q.right or ()]
        s.add(LiveAnswer(question_id=q.id, player_id=player.id, choice=choice, correct=right))
        s.flush()
        return Answered(q.id, choice, right)

    try:
        return store.run(work)
    except IntegrityError:  # two taps at once: the other one was first
        raise LiveError("You have already answered this question: the first answer counts.") from None


# -- what the pages show ------------------------------------------------------------------------------
@dataclass(frozen=True)
class StudentView:
    """What a student's phone shows: the session, the question on it (if any), their answer
    to it, and, once revealed, whether it was right."""

    session: LiveInfo
    player: Player
    question: QuestionInfo | None
    mine: str | None
    correct: bool | None
    #: The question had stopped taking answers (revealed or closed) before the student joined.
    joined_late: bool = False
    #: The question's number as the summary will give it: one more than the questions before it
    #: that were really asked (answered or revealed); a slide passed through takes no number.
    number: int = 0


def student_view(store: Store, player_token: object) -> StudentView | None:
    """The phone's view (``None`` for an unknown token). Only the player's own session."""
    if not looks_like_token(player_token):
        return None
    assert isinstance(player_token, str)
    h = token_hash(player_token)

    def work(s: Session) -> StudentView | None:
        row = s.execute(select(LivePlayer, LiveSession).join(LiveSession, LiveSession.id == LivePlayer.session_id)
                        .where(LivePlayer.token_hash == h)).first()
        if row is None:
            return None
        p, sess = row
        player, info = Player(p.id, p.session_id, p.name), _info(sess)
        q = s.get(LiveQuestion, sess.current_question_id) if sess.current_question_id is not None else None
        if q is None or q.session_id != sess.id:
            return StudentView(info, player, None, None, None)
        a = s.execute(select(LiveAnswer.choice, LiveAnswer.correct).where(
            LiveAnswer.question_id == q.id, LiveAnswer.player_id == p.id)).first()
        qi = _question(q)
        mine = a[0] if a else None
        before = s.scalar(select(func.count()).select_from(LiveQuestion).where(
            LiveQuestion.session_id == sess.id, LiveQuestion.seq < q.seq,
            or_(LiveQuestion.answers_n > 0, LiveQuestion.revealed_at.is_not(None)))) or 0
        return StudentView(info, player, qi, mine, (bool(a[1]) if a else False) if qi.revealed else None,
                           not _open_after(q, p.joined_at), int(before) + 1)

    return store.run(work)


@dataclass(frozen=True)
class HostView:
    """What the presenter shows of the room: how many joined (and have not left), the question, how many
    answered and the count per choice (no names); after the reveal, who got it right."""

    session: LiveInfo
    players: int
    question: QuestionInfo | None
    counts: dict[str, int]
    answered: int
    right_names: tuple[str, ...] = ()
    wrong_names: tuple[str, ...] = ()


def host_view(store: Store, session_id: int) -> HostView | None:
    """The presenter's view of the session (one small query per table)."""

    def work(s: Session) -> HostView | None:
        sess = s.get(LiveSession, session_id)
        if sess is None:
            return None
        info = _info(sess)
        players = s.scalar(select(func.count()).select_from(LivePlayer).where(
            LivePlayer.session_id == sess.id, LivePlayer.left_at.is_(None))) or 0
        q = s.get(LiveQuestion, sess.current_question_id) if sess.current_question_id is not None else None
        if q is None:
            return HostView(info, int(players), None, {}, 0)
        # A "pick every …" question counts the sets given, the right one always among them.
        shown = q.right if (q.view or {}).get(PICK) else [v for v, _lab in q.choices or ()]
        counts: dict[str, int] = {str(v): 0 for v in shown or ()}
        for choice, n in s.execute(select(LiveAnswer.choice, func.count()).where(LiveAnswer.question_id == q.id)
                                   .group_by(LiveAnswer.choice)).all():
            counts[str(choice)] = counts.get(str(choice), 0) + int(n)
        qi = _question(q)
        right: list[str] = []
        wrong: list[str] = []
        if qi.revealed:
            for name, ok in s.execute(select(LivePlayer.name, LiveAnswer.correct)
                                      .join(LiveAnswer, LiveAnswer.player_id == LivePlayer.id)
                                      .where(LiveAnswer.question_id == q.id)).all():
                (right if ok else wrong).append(name)
        return HostView(info, int(players), qi, counts, sum(counts.values()),
                        tuple(sorted(right, key=str.lower)), tuple(sorted(wrong, key=str.lower)))

    return store.run(work)


# -- the class summary ------------------------------------------------------------------------------
class StudentScore(TypedDict):
    """A student of a live class: answered, right, and ``asked``: the questions asked while
    they were in the class (still taking answers after they joined), which they are scored
    out of."""

    name: str
    answered: int
    right: int
    asked: int


class QuestionScore(TypedDict):
    """A question asked in a live class: its number, kind, id, move (a move's number in its
    hand), title, prompt and answer, how
    many answered and were right, ``common_wrong`` (the most given wrong answer, as the phones
    showed it) with its count, and ``wrong`` (every wrong answer with its count)."""

    number: int
    kind: str
    id: str
    #: A move's number in its hand (0 for a puzzle or a level).
    move: int
    title: str
    prompt: str
    answer: str
    answered: int
    right: int
    common_wrong: str
    common_wrong_n: int
    wrong: list[tuple[str, int]]


@dataclass
class Summary:
    """The end of a live class: per student (answered, right) and per question (answers,
    right, the most common wrong answer). Only the questions really asked count (numbered 1, 2,
    … in the order asked): those someone answered or the presenter revealed; a question the
    presenter only passed through, with no answer, is in neither the scores nor the files."""

    session: LiveInfo
    questions: int = 0
    students: list[StudentScore] = field(default_factory=list)
    per_question: list[QuestionScore] = field(default_factory=list)


def summary(store: Store, session_id: int) -> Summary:
    """The class summary, computed from the rows (students by most right, then name)."""

    def work(s: Session) -> Summary:
        sess = s.get(LiveSession, session_id)
        if sess is None:
            raise LiveError("This live class is unknown.")
        qs = s.scalars(select(LiveQuestion).where(LiveQuestion.session_id == session_id)
                       .order_by(LiveQuestion.seq)).all()
        players = s.execute(select(LivePlayer.id, LivePlayer.name, LivePlayer.joined_at)
                            .where(LivePlayer.session_id == session_id)).all()
        rows = s.execute(select(LiveAnswer.question_id, LiveAnswer.player_id, LiveAnswer.choice, LiveAnswer.correct)
                         .join(LiveQuestion, LiveQuestion.id == LiveAnswer.question_id)
                         .where(LiveQuestion.session_id == session_id)).all()
        by_player: dict[int, list[bool]] = defaultdict(list)
        by_question: dict[int, list[tuple[str, bool]]] = defaultdict(list)
        for qid, pid, choice, ok in rows:
            by_player[pid].append(bool(ok))
            by_question[qid].append((str(choice), bool(ok)))
        answered_by: dict[int, set[int]] = defaultdict(set)
        for qid, pid, _choice, _ok in rows:
            answered_by[pid].add(qid)
        # Only the questions really asked count: answered by someone, or revealed. A slide the
        # presenter passed through on the way to another asked nobody anything.
        qs = [q for q in qs if q.id in by_question or q.revealed_at is not None]
        out = Summary(_info(sess), questions=len(qs))
        students: list[StudentScore] = [{"name": name, "answered": len(by_player.get(pid, [])), "right": sum(by_player.get(pid, [])),
                     "asked": sum(1 for q in qs if q.id in answered_by[pid] or _open_after(q, joined))}
                    for pid, name, joined in players]
        out.students = sorted(students, key=lambda d: (-d["right"], d["name"].lower()))
        for number, q in enumerate(qs, start=1):
            qi = _question(q)
            got = by_question.get(q.id, [])
            wrong = Counter(c for c, ok in got if not ok).most_common()
            view = qi.view
            out.per_question.append({
                "number": number, "kind": q.kind, "id": str(view.get("id") or ""),
                "move": _whole(view.get("move")),
                "title": str(view.get("title") or ""), "prompt": q.prompt, "answer": q.answer_label,
                "answered": len(got), "right": sum(ok for _, ok in got),
                "common_wrong": qi.label(wrong[0][0]) if wrong else "",
                "common_wrong_n": wrong[0][1] if wrong else 0,
                "wrong": [(qi.label(c), n) for c, n in wrong],
            })
        return out

    return store.run(work)


def _whole(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _open_after(q: LiveQuestion, joined: datetime) -> bool:
    """Whether question ``q`` still took answers after ``joined``: it stops at its reveal, or
    when the presenter moved on, whichever came first."""
    ends = [t for t in (q.revealed_at, q.closed_at) if t is not None]
    return not ends or joined < min(ends)


def _csv_writer() -> tuple[io.StringIO, SafeWriter]:
    out = io.StringIO()
    out.write(BOM)
    return out, SafeWriter(out)


def summary_csv(board: Summary) -> str:
    """The students of the summary as CSV, one table: one row per student. UTF-8 with a
    byte-order mark (so a spreadsheet reads accented names right); a student's questions are
    those asked while they were in the class (a late joiner is not scored out of the questions
    before they came); text cells that a
    spreadsheet would run as a formula get a leading apostrophe (names are the students').
    The questions are in :func:`questions_csv`."""
    out, w = _csv_writer()
    w.writerow(["student", "answered", "right", "asked_while_in_class"])
    for st in board.students:
        w.writerow([st["name"], st["answered"], st["right"], st["asked"]])
    return out.getvalue()


def questions_csv(board: Summary) -> str:
    """The questions of the summary as CSV, one table: one row per question asked, its kind,
    the puzzle's or level's id with its title beside it, the answer, and **every** wrong
    answer given with how many gave it ("5-5 (×2); 6-6 (×1)", most given first). Same encoding
    and formula guard as :func:`summary_csv`."""
    out, w = _csv_writer()
    w.writerow(["question", "kind", "id", "title", "prompt", "answer", "answered", "right", "wrong_answers"])
    for q in board.per_question:
        wrong = "; ".join(f"{label} (×{n})" for label, n in q["wrong"])
        w.writerow([q["number"], q["kind"], q["id"], q["title"], q["prompt"], q["answer"], q["answered"], q["right"],
                    wrong])
    return out.getvalue()
