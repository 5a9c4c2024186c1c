"""The live class's app logic, without Streamlit: the question the presenter puts to the room,
as the store keeps it (:class:`store.live.QuestionSpec`), built from the engine's answer that
the presenter already holds; the join link and its QR code; the chart's rows.

The right answer and the reason always come from the engine: a move's from the computer
player the presenter asked (:class:`tutorial.services.presenter.Question`), a puzzle's or a
level's from its task (:meth:`grade`, ``explain``). Nothing here decides what is right.

>>> join_url("http://192.168.1.20:8501/", "k7m3qa")
'http://192.168.1.20:8501/live?code=K7M3QA'
>>> public_base("", "http://localhost:8501/presenter?deal=3")
'http://localhost:8501'
>>> public_base("https://moon.school.example/", "http://localhost:8501/")
'https://moon.school.example'
>>> rows = chart_rows((("a", "6-4"), ("b", "5-5")), {"a": 3, "b": 1}, ("a",), revealed=True)
>>> [(r.label, r.count, r.share, r.right) for r in rows]
[('6-4', 3, 0.75, True), ('5-5', 1, 0.25, False)]
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from content.items import Item
from engine import Action, Tile, Trump, explain_play
from engine.game import Phase
from engine.words import join_words
from store.classes import normalise_code
from store.live import PICK, QuestionInfo, QuestionScore, QuestionSpec, pick_places, pick_value
from tutorial.services import describe as words
from tutorial.services.presenter import ItemShow, Question, Scene, answer_words, choice_order

__all__ = [
    "PUBLIC_URL_ENV",
    "ChartRow",
    "chart_choices",
    "chart_rows",
    "illegal_reason",
    "illegal_words",
    "item_spec",
    "join_url",
    "local_address",
    "loopback_host",
    "move_spec",
    "phone_base",
    "pick_misses",
    "public_base",
    "qr_svg",
    "question_ref",
    "summary_question",
    "unreachable_host",
    "wrong_reason",
]

#: The environment variable (or Streamlit secret) with the address students' phones open,
#: e.g. ``http://192.168.1.20:8501`` on a school network.
PUBLIC_URL_ENV = "MOON_PUBLIC_URL"
#: At most this many choices for a question answered by typing (the answer and wrong ones).
MAX_OPTIONS = 4
#: A count's choices: the answer and the four nearest counts (two below and two above when
#: the range allows), where the tempting miscounts are.
MAX_NUMBER_OPTIONS = 5
#: At most this many wrong sets of a "pick every …" question get a bar of their own on the
#: projector's chart (the panel's height); the rarer ones share one, "Other sets".
MAX_SET_ROWS = 4
#: The value of that shared bar.
OTHER_SETS = "pick:other"


def question_ref(source: tuple[str | int, ...], entry: int, count: int, kind: str) -> str:
    """A short stable name for the question at one place of one presentation (asking it
    again before its reveal is the same question; after its reveal, a new one under the same
    name: :func:`store.live.ask`)."""
    digest = hashlib.sha256(repr(source).encode()).hexdigest()[:16]
    return f"{kind}:{digest}:{entry}:{count}"


def _trump_text(trump: Trump | None) -> str | None:
    return str(trump) if trump is not None else None


def move_spec(question: Question, scene: Scene, ref: str, where: str = "", where_id: str = "") -> QuestionSpec:
    """"What would you play?" at a move: the computer's choice as the right one (and every play
    its numbers rate as good: :attr:`Question.as_good`), its reason, and for each worse play why
    it is worse in the projector's plain line for it (``view["worse"]``, :attr:`Question.plain`);
    the phones draw the hand of the seat to play and the trick. When a tile is to be played
    the choices are the seat's **whole hand**, legal or not (which tiles may follow is part of
    the question): an illegal tile is counted wrong, and ``view["illegal"]`` keeps the
    engine's reason for each, said at the reveal. Other moves offer their legal actions.
    ``where`` and ``where_id`` name the hand ("Deal 12, hand 1", "deal-12") in the question's
    title and id, which the class summary's CSV keeps (the phones never show them)."""
    hand = scene.hands[question.seat]
    values = list(question.choices)
    illegal: dict[str, str] = {}
    if question.phase == Phase.PLAYING and scene.trump is not None:
        trick = [t for _s, t in scene.trick] if not scene.trick_done else []
        values = [f"play {t}" for t in hand]
        for t in hand:
            why = explain_play(hand, trick, scene.trump, t)
            if not why.legal:
                illegal[f"play {t}"] = illegal_words(t, why.text)
    choices = tuple((a, words.move_label(Action.parse(a))) for a in values)
    view: dict[str, Any] = {  # Any: JSON for the phones, of mixed shapes
        "id": f"{where_id}/move-{question.count}" if where_id else "",
        "title": f"{where} · Move {question.count}" if where else f"Move {question.count}",
        "move": question.count,
        "seat": question.seat,
        "hand": [str(t) for t in hand],
        "trick": [[s, str(t)] for s, t in scene.trick] if not scene.trick_done else [],
        "trump": _trump_text(scene.trump),
        "contract": scene.contract,
        "mark_trumps": True,
    }
    if illegal:
        view["illegal"] = illegal
    # Why each legal wrong play is wrong: the plain line the projector says for it (one wording).
    worse = {a: note for a, note in question.plain if a in values and a not in illegal}
    if worse:
        view["worse"] = worse
    reason = question.answer.reason + (f" {question.as_good_note}" if question.as_good else "")
    if question.every_right:
        reason = f"{question.every_right_note} {reason}"
    return QuestionSpec(ref=ref, kind="move", prompt=question.prompt, choices=choices,
                        right=question.right, answer_label=question.answer_label, reason=reason, view=view)


def illegal_words(tile: Tile | str, why: str) -> str:
    """The reveal's words for a tile that may not be played.

    >>> illegal_words("6-6", "6-6 does not follow fives. You must follow fives: 5-3 bears a five.")
    '6-6 may not be played: 6-6 does not follow fives. You must follow fives: 5-3 bears a five.'
    """
    return f"{tile} may not be played: {why}"


def illegal_reason(view: Mapping[str, object], value: str) -> str:
    """The engine's reason why the choice ``value`` may not be played (``""`` if it may)."""
    illegal = view.get("illegal")
    found = illegal.get(value) if isinstance(illegal, dict) else None
    return str(found) if found else ""


def wrong_reason(view: Mapping[str, object], value: str) -> str:
    """Why the wrong choice ``value`` is wrong: the engine's reason it may not be played, or
    the projector's plain line on why the computer's numbers rate it worse than the answer
    (``""``: nothing to say).

    >>> wrong_reason({"illegal": {"play 6-6": "6-6 may not be played: …"}, "worse": {"play 2-1": "2-1: the bid …"}},
    ...              "play 2-1")
    '2-1: the bid …'
    """
    if found := illegal_reason(view, value):
        return found
    notes = view.get("worse")
    said = notes.get(value) if isinstance(notes, dict) else None
    return str(said) if said else ""


def pick_misses(q: QuestionInfo, value: str) -> str:
    """For a wrong set picked (``value``) at a "pick every …" question: the tiles (or
    actions) it left out of the answer, then those it took that are not in it; said first at
    the reveal on the phone, before the answer's whole list. ``""`` for another question, or
    the right set.

    >>> from store.live import QuestionInfo
    >>> q = QuestionInfo(1, 1, "r", "trump_pick", "Pick every trump.", (("a", "2-2"), ("b", "6-2"), ("c", "5-3"),
    ...                  ("d", "2-1")), ("pick:0,1,3",), "", "", {"pick": True}, 0, True, True)
    >>> pick_misses(q, "pick:0")
    'You left out 6-2 and 2-1.'
    >>> pick_misses(q, "pick:0,2")
    'You left out 6-2 and 2-1. You picked 5-3, which is not in the answer.'
    >>> pick_misses(q, "pick:0,1,3")
    ''
    """
    if not q.picks or not q.right:
        return ""
    mine, right = pick_places(value, len(q.choices)), pick_places(q.right[0], len(q.choices))
    if mine is None or right is None or mine == right:
        return ""
    missed = [q.choices[i][1] for i in right if i not in mine]
    extra = [q.choices[i][1] for i in mine if i not in right]
    said = [f"You left out {join_words(missed)}."] if missed else []
    if extra:
        said.append(f"You picked {join_words(extra)}, which {'is' if len(extra) == 1 else 'are'} not in the answer.")
    return " ".join(said)


def _label(item: Item, value: object) -> str:
    return answer_words(item, value)


def _right(item: Item, raw: object) -> bool:
    try:
        return bool(item.grade(raw).correct)
    except Exception:  # an answer of the wrong shape is not right
        return False


def item_spec(show: ItemShow, item: Item, ref: str) -> QuestionSpec:
    """A puzzle or lesson level put to the room. Kinds answered with one choice offer their
    choices; kinds that pick several ("pick every tile you may play") offer one toggle per
    tile or action, answered with the set picked (``view["pick"]``, :data:`store.live.PICK`),
    right only when the set is exactly the engine's; the others (order, type a number) offer
    the engine's answer among up to three of the task's own wrong answers (a count: the four
    nearest counts, where the tempting miscounts are), so that every question is one tap. The
    choices come in a stable order that does not give the answer away: tiles as the table
    shows them, numbers upward, "none" last (:func:`~tutorial.services.presenter.choice_order`).
    The engine grades every choice."""
    from tutorial.services.items import mode_of

    toggles = item.choices() if mode_of(item.kind) == "many" else None
    pick = bool(toggles)
    if mode_of(item.kind) == "one" and (offered := item.choices()):
        values = [str(c) for c in offered]
        choices = tuple((v, _label(item, v)) for v in values)
        right = tuple(v for v in values if _right(item, v))
    elif toggles:
        # One toggle per tile (or action) offered, in the table's order: a list of several
        # would say by its shape which one is the answer. The one right set is the engine's.
        values = sorted((str(c) for c in toggles), key=lambda v: choice_order(item, [v]))
        choices = tuple((v, _label(item, v)) for v in values)
        answer = item.answer_json()
        wanted = {str(a) for a in answer} if isinstance(answer, list) else set()
        right = (pick_value(i for i, v in enumerate(values) if v in wanted),)
        if not _right(item, [v for v in values if v in wanted]):
            raise ValueError(f"{item.kind}: the engine's answer is not a set of its own choices")
    else:
        task = item.task
        most = MAX_NUMBER_OPTIONS if mode_of(item.kind) == "number" else MAX_OPTIONS
        options: list[object] = [item.answer_json()]
        for wrong in task.wrong_answers():  # most tempting first
            as_json = task.to_json(wrong)
            if as_json not in options:
                options.append(as_json)
            if len(options) >= most:
                break
        options.sort(key=lambda o: choice_order(item, o))
        choices = tuple((json.dumps(o), _label(item, o)) for o in options)
        right = tuple(json.dumps(o) for o in options if _right(item, o))
    hides = bool(getattr(item.task, "hides_trumps", lambda: False)())
    view: dict[str, Any] = {  # Any: JSON for the phones, of mixed shapes
        "id": show.ref,
        "title": show.title,
        "intro": show.intro,
        "hands": [[s, [str(t) for t in tiles]] for s, tiles in show.hands],
        "trick": [[s, str(t)] for s, t in show.trick],
        "tiles": [str(t) for t in show.tiles],
        "trump": _trump_text(show.trump),
        "mark_trumps": not hides,
    }
    if pick:
        view[PICK] = True
    return QuestionSpec(ref=ref, kind=show.kind, prompt=show.question, choices=choices, right=right,
                        answer_label=show.answer, reason=show.reason, view=view)


# -- the join link --------------------------------------------------------------------------------
def public_base(configured: str | None, browser_url: str | None) -> str:
    """The address phones open: the configured public URL (``MOON_PUBLIC_URL``) if set, else
    the scheme and host the teacher's browser shows."""
    for url in (configured, browser_url):
        if url:
            parts = urlsplit(url.strip())
            if parts.scheme in ("http", "https") and parts.netloc:
                return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/') if url is configured else ''}"
    return ""


def phone_base(configured: str | None, browser_url: str | None, listening: str | None,
               network: str | None) -> str:
    """The address phones are told to open (the join lines, the QR codes): :func:`public_base`,
    except that a name of this computer for itself (:func:`unreachable_host`: ``localhost``,
    ``127.x``, ``::1``; what the teacher's browser shows after ``make run``) is replaced by an
    address on the network where the app answers: ``listening`` (Streamlit's
    ``server.address``) when it names one, else, when the app answers on every interface
    (unset, ``0.0.0.0``, ``::``), ``network`` (this computer's network address,
    :func:`local_address`). When the app answers on this computer only, or ``network`` is
    ``None``, the loopback address stays (and the join screens warn:
    :func:`tutorial.services.live_html.unreachable_text`).

    >>> phone_base("", "http://localhost:8702/classes?join=K7M3QA", None, "192.168.1.20")
    'http://192.168.1.20:8702'
    >>> phone_base("", "http://127.0.0.1:8702/", "0.0.0.0", "10.0.0.5"), phone_base("", "http://[::1]:80/", "10.1.1.1", None)
    ('http://10.0.0.5:8702', 'http://10.1.1.1:80')
    >>> phone_base("", "http://localhost:8702/", "127.0.0.1", "10.0.0.5"), phone_base("", "http://localhost:8702/", "", None)
    ('http://localhost:8702', 'http://localhost:8702')
    >>> phone_base("https://moon.school.example", "http://localhost:8702/", None, "10.0.0.5")
    'https://moon.school.example'
    """
    base = public_base(configured, browser_url)
    if not base or not unreachable_host(base):
        return base
    listening = (listening or "").strip().strip("[]")
    host = network if listening in ("", "0.0.0.0", "::") else listening
    if not host or loopback_host(host):
        return base
    parts = urlsplit(base)
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{f'[{host}]' if ':' in host else host}{port}{parts.path}"


def join_url(base: str, code: str) -> str:
    """The link a phone opens to join (the code filled in)."""
    return f"{base.rstrip('/')}/live?code={normalise_code(code)}"


def unreachable_host(base: str) -> bool:
    """True when phones cannot open ``base`` (this computer's own name for itself).

    >>> unreachable_host("http://localhost:8501"), unreachable_host("http://10.0.0.5:8501")
    (True, False)
    """
    return loopback_host(urlsplit(base).hostname or "")


def loopback_host(host: str) -> bool:
    """True when ``host`` is this computer's name for itself (``localhost``, ``127.x``, ``::1``)
    or no address at all (``0.0.0.0``, ``::``).

    >>> [loopback_host(h) for h in ("localhost", "127.0.1.1", "::1", "0.0.0.0", "192.168.1.20", "moon.example")]
    [True, True, True, True, False, False]
    """
    host = host.lower().strip("[]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def local_address() -> str | None:
    """This computer's address on the local network (a guess: the interface a packet to the
    outside would leave by; nothing is sent), or ``None``."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, nothing sent for UDP connect
            addr = str(s.getsockname()[0])
    except OSError:
        return None
    return None if addr.startswith("127.") else addr


@lru_cache(maxsize=64)
def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG that scales to its box (``segno``, error
    correction M, a quiet zone of 4 modules as the standard asks)."""
    import segno

    code = segno.make(url, error="m", micro=False)
    return str(code.svg_inline(scale=1, border=4, omitsize=True, dark="#000000", light="#FFFFFF"))


# -- the chart --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChartRow:
    """One bar of the answers chart."""

    value: str
    label: str
    count: int
    share: float
    right: bool


def chart_rows(choices: tuple[tuple[str, str], ...], counts: dict[str, int], right: tuple[str, ...],
               *, revealed: bool) -> list[ChartRow]:
    """The bars, one per choice in the question's order; ``right`` is marked only once
    revealed."""
    total = sum(counts.values())
    return [ChartRow(v, lab, counts.get(v, 0), (counts.get(v, 0) / total) if total else 0.0,
                     revealed and v in right) for v, lab in choices]


def chart_choices(q: QuestionInfo, counts: Mapping[str, int]
                  ) -> tuple[tuple[tuple[str, str], ...], dict[str, int]]:
    """The chart's rows of question ``q`` and their counts: its choices in their order; for a
    "pick every …" question (:attr:`~store.live.QuestionInfo.picks`), the sets given, the right
    set first, then the others most given first, at most :data:`MAX_SET_ROWS` of them (the
    rarer ones, when more, counted together as "Other sets").

    >>> from store.live import QuestionInfo
    >>> q = QuestionInfo(1, 1, "r", "legal_tiles", "Which?", (("6-6", "6-6"), ("2-1", "2-1")), ("pick:0",), "6-6", "",
    ...                  {"pick": True}, 3, False, True)
    >>> chart_choices(q, {"pick:0": 1, "pick:0,1": 2, "pick:": 0})
    ((('pick:0', '6-6'), ('pick:0,1', '6-6, 2-1')), {'pick:0': 1, 'pick:0,1': 2})
    """
    if not q.picks:
        return q.choices, dict(counts)
    right = list(q.right)
    others = sorted((v for v, n in counts.items() if n and v not in right),
                    key=lambda v: (-counts[v], q.label(v)))
    shown = right + others[:MAX_SET_ROWS]
    out = {v: counts.get(v, 0) for v in shown}
    rows = [(v, q.label(v)) for v in shown]
    if len(others) > MAX_SET_ROWS:
        rows[-1] = (OTHER_SETS, "Other sets")
        out.pop(shown[-1])
        out[OTHER_SETS] = sum(counts[v] for v in others[MAX_SET_ROWS - 1:])
    return tuple(rows), out


def summary_question(q: QuestionScore) -> str:
    """A question's words in the class summary: a move's number before its prompt ("Move 8 ·
    Seat 2 is to play. What would you play?"), so that the rows of one hand tell apart; a
    puzzle's or a level's own prompt."""
    return f"Move {q['move']} · {q['prompt']}" if q["kind"] == "move" and q["move"] else q["prompt"]
