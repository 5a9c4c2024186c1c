"""A load test of the live class, at the websocket level, on this machine only.

    python -m bench.live [--students 30] [--questions 10] [--think 2.0] [--postgres] [--url URL]

Starts ``streamlit run tutorial/app.py`` on a free local port with a throw-away database (a
SQLite file, or with ``--postgres`` a private PostgreSQL server), unless ``--url`` is given
(then ``--database`` must name the database that server uses; only ``127.0.0.1``/``localhost``).
Every page is a client speaking Streamlit's own websocket protocol, as a browser tab does,
including the timers of ``st.fragment(run_every=…)`` (the browser asks for those reruns):

- the **teacher** opens the presenter on a deal, presses "Start a live class", closes the join
  screen, and for each question presses "Pause and ask", waits for the answers, presses → to
  reveal and → to go on; its live panel reruns every second, as in a browser;
- each **student** opens ``/live?code=…``, types a name, presses Join, polls its question
  every 1.5 s (the phone page's timer), and when choices appear taps one after
  ``--think`` × U(0.2, 1) seconds — the same button a phone's tap presses.

The server's first load of the course and puzzles is waited for first (not counted). It prints,
as median and p90, the **answer-to-chart latency** (from a student's tap being sent
to the teacher's panel showing a count that includes it; goal p90 ≤ 2 s), the tap's reply time
(the phone's "answer received"), the question's way to the phones, and checks that **no answer
was lost**: every tap answered "answer received", the teacher's last count per question and
the database's rows both equal the number of students.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from moon_browser import app_server

from bench.app import pct

REPLY_TIMEOUT = 60.0
PRESENT = "deal=12&computer=basic&move=8"


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<30} (none)"
    return (f"{name:<30} n={len(values):<5} median {statistics.median(values):5.2f} s   "
            f"p90 {pct(values, 0.9):5.2f} s   max {max(values):5.2f} s")


@dataclass
class Button:
    wid: str
    label: str
    disabled: bool
    fragment: str


class Client:
    """One tab: sends runs (whole page, or one fragment), reads what comes back."""

    def __init__(self, ws: Any, page: str, query: str) -> None:  # Any: a websockets connection; websockets is optional, imported late
        self.ws = ws
        self.page = page
        self.query = query
        self.page_hash = ""
        self.buttons: dict[str, Button] = {}
        self.inputs: dict[str, str] = {}  # label -> widget id
        self.markdown: list[str] = []
        self.timers: dict[str, float] = {}  # fragment id -> seconds (run_every)
        self.exceptions: list[str] = []
        self.lock = asyncio.Lock()

    async def run(self, *, click: Button | None = None, fragment: str = "", auto: bool = False,
                  values: dict[str, str] | None = None, timeout: float = REPLY_TIMEOUT) -> float:
        """One run, as the browser asks for it; returns its seconds."""
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ClientState_pb2 import ClientState
        from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates

        states = []
        if click is not None:
            states.append(WidgetState(id=click.wid, trigger_value=True))
            fragment = click.fragment
        for wid, text in (values or {}).items():
            states.append(WidgetState(id=wid, string_value=text))
        msg = BackMsg(rerun_script=ClientState(
            query_string=self.query, widget_states=WidgetStates(widgets=states), page_script_hash=self.page_hash,
            page_name="" if self.page_hash else self.page, fragment_id=fragment, is_auto_rerun=auto))
        async with self.lock:
            t0 = time.perf_counter()
            await self.ws.send(msg.SerializeToString())
            await asyncio.wait_for(self._until_finished(fragment), timeout)
            return time.perf_counter() - t0

    async def _until_finished(self, fragment: str) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        # A fragment run redraws only the fragment: forget only what it draws.
        self.buttons = {k: b for k, b in self.buttons.items() if fragment and b.fragment != fragment}
        self.markdown = []
        while True:
            raw = await self.ws.recv()
            fm = ForwardMsg()
            fm.ParseFromString(raw)
            kind = fm.WhichOneof("type")
            if kind == "navigation":
                for page in fm.navigation.app_pages:
                    if page.url_pathname == self.page:
                        self.page_hash = page.page_script_hash
            elif kind == "page_info_changed":
                self.query = fm.page_info_changed.query_string
            elif kind == "auto_rerun":
                self.timers[fm.auto_rerun.fragment_id] = fm.auto_rerun.interval
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                el = fm.delta.new_element
                what = el.WhichOneof("type")
                if what == "button":
                    self.buttons[el.button.id] = Button(el.button.id, el.button.label, el.button.disabled,
                                                        fm.delta.fragment_id)
                elif what == "text_input":
                    self.inputs[el.text_input.label] = el.text_input.id
                elif what == "markdown":
                    self.markdown.append(el.markdown.body)
                elif what == "exception":
                    self.exceptions.append(el.exception.message[:200])
            elif kind == "script_finished":
                if fm.script_finished != ForwardMsg.ScriptFinishedStatus.FINISHED_EARLY_FOR_RERUN:
                    return

    def button(self, key: str) -> Button | None:
        return next((b for b in self.buttons.values() if b.wid.endswith(f"-{key}") and not b.disabled), None)

    def buttons_with(self, prefix: str) -> list[Button]:
        return sorted((b for b in self.buttons.values() if f"-{prefix}" in b.wid and not b.disabled),
                      key=lambda b: b.wid)

    def html(self) -> str:
        return "\n".join(self.markdown)

    def param(self, name: str) -> str:
        got = parse_qs(self.query).get(name)
        return got[0] if got else ""


@dataclass
class Results:
    to_chart: list[float] = field(default_factory=list)
    replies: list[float] = field(default_factory=list)
    to_phone: list[float] = field(default_factory=list)
    lost: int = 0
    errors: list[str] = field(default_factory=list)
    per_question: list[tuple[int, int, int]] = field(default_factory=list)  # taps acked, chart, rows


class Room:
    """What the clients share during one question."""

    def __init__(self) -> None:
        self.asked_at = 0.0
        self.taps: list[tuple[float, float]] = []  # (sent, acknowledged)
        self.seen: list[tuple[float, int]] = []  # the teacher's panel: (time, answered)
        self.question = 0
        self.open = False


async def _connect(ws_url: str) -> Any:  # Any: a websockets connection; websockets is optional, imported late
    import websockets

    return await websockets.connect(ws_url, subprotocols=["streamlit"], max_size=None,  # type: ignore[list-item]
                                    open_timeout=60)


async def teacher_poll(t: Client, room: Room, stop: asyncio.Event) -> None:
    """The teacher's live panel timer, as the browser runs it."""
    while not stop.is_set():
        frag = next(iter(t.timers), None)
        if frag is None:
            await asyncio.sleep(0.2)
            continue
        await asyncio.sleep(t.timers[frag])
        await t.run(fragment=frag, auto=True)
        m = re.search(r'class="live-host live-chart"[^>]*data-answered="(\d+)"[^>]*data-question="(\d+)"', t.html())
        if m and int(m.group(2)) == room.question:
            room.seen.append((time.perf_counter(), int(m.group(1))))


async def student(ws_url: str, code: str, name: str, think: float, room: Room, res: Results,
                  stop: asyncio.Event, seed: int) -> None:
    rng = random.Random(seed)
    try:
        ws = await _connect(ws_url)
    except Exception as e:
        res.errors.append(f"{name}: {type(e).__name__}: {e}")
        return
    async with ws:
        c = Client(ws, "live", f"code={code}")
        try:
            await c.run()
            join = next(b for b in c.buttons.values() if b.label == "Join")
            await c.run(click=join, values={c.inputs["Code on the board"]: code,
                                            c.inputs["Your name (your teacher sees it)"]: name})
            if not c.param("player"):
                res.errors.append(f"{name}: did not join: {c.html()[:200]}")
                return
            answered: set[int] = set()
            while not stop.is_set():
                frag = next(iter(c.timers), "")
                await asyncio.sleep(c.timers.get(frag, 1.5))
                await c.run(fragment=frag, auto=True)
                m = re.search(r'class="live-phone" data-question="(\d+)"', c.html())
                choices = c.buttons_with("live-choice-")
                if not (m and choices and room.open) or int(m.group(1)) in answered:
                    continue
                qn = int(m.group(1))
                res.to_phone.append(time.perf_counter() - room.asked_at)
                await asyncio.sleep(think * rng.uniform(0.2, 1.0))
                pick = rng.choice(choices)
                sent = time.perf_counter()
                took = await c.run(click=pick)
                res.replies.append(took)
                answered.add(qn)
                if "Answer received" in c.html():
                    room.taps.append((sent, time.perf_counter()))
                else:
                    res.errors.append(f"{name}: no 'answer received' on question {qn}")
            if c.exceptions:
                res.errors.append(f"{name}: {c.exceptions[0]}")
        except Exception as e:
            res.errors.append(f"{name}: {type(e).__name__}: {e}")


async def scenario(url: str, students: int, questions: int, think: float, db_url: str) -> Results:
    from store import Store, live

    ws_url = url.replace("http://", "ws://").rstrip("/") + "/_stcore/stream"
    res = Results()
    room = Room()
    stop_students, stop_teacher = asyncio.Event(), asyncio.Event()
    async with await _connect(ws_url) as warm:  # the course and puzzles load once per server: not counted
        await Client(warm, "puzzles", "").run(timeout=300)
    async with await _connect(ws_url) as ws:
        t = Client(ws, "presenter", PRESENT)
        await t.run()
        start = t.button("live-start")
        assert start is not None, "no 'Start a live class' on the presenter"
        await t.run(click=start)
        m = re.search(r'data-code="([A-Z0-9]{6})"', t.html())
        assert m and t.param("live") == m.group(1), "no join code after starting"
        assert not t.param("host"), "the host token is in the presenter's address"
        code = m.group(1)
        tasks = [asyncio.create_task(student(ws_url, code, f"Student {i + 1}", think, room, res, stop_students, i))
                 for i in range(students)]
        poll = asyncio.create_task(teacher_poll(t, room, stop_teacher))
        closer = t.button("live-join-close")
        if closer is not None:
            await t.run(click=closer)
        await asyncio.sleep(8)  # the students join
        db = Store(db_url)
        info = live.open_by_code(db, code)
        for qn in range(1, questions + 1):
            ask = t.button("pres-ask")
            if ask is None:
                await t.run()
                ask = t.button("pres-ask")
            if ask is None:
                res.errors.append(f"question {qn}: no 'Pause and ask' on the presenter")
                break
            room.question, room.taps, room.seen = qn, [], []
            room.asked_at = time.perf_counter()
            room.open = True
            await t.run(click=ask)
            deadline = time.perf_counter() + 45
            while len(room.taps) < students and time.perf_counter() < deadline:
                await asyncio.sleep(0.2)
            # The last taps reach the chart within a couple of the panel's looks.
            settle_until = time.perf_counter() + 6
            while time.perf_counter() < settle_until and (not room.seen or room.seen[-1][1] < len(room.taps)):
                await asyncio.sleep(0.2)
            room.open = False
            acked = sorted(ack for _sent, ack in room.taps)
            for sent, ack in room.taps:
                k = acked.index(ack) + 1  # this answer is on the chart once the count reaches its rank
                shown = next((ts for ts, n in room.seen if n >= k and ts >= sent), None)
                if shown is None:
                    res.lost += 1
                else:
                    res.to_chart.append(shown - sent)
            board = live.host_view(db, info.id)
            rows = board.answered if board is not None else -1
            res.per_question.append((len(room.taps), room.seen[-1][1] if room.seen else 0, rows))
            for key in ("pres-forward", "pres-forward"):  # → reveals, → goes on
                b = t.button(key)
                if b is None:
                    await t.run()
                    b = t.button(key)
                if b is not None:
                    await t.run(click=b)
            await asyncio.sleep(1.0)
        stop_students.set()
        await asyncio.gather(*tasks)
        stop_teacher.set()
        await poll
        if t.exceptions:
            res.errors.append(f"teacher: {t.exceptions[0]}")
        db.dispose()
    return res


def _load() -> str:
    p = Path("/proc/loadavg")
    return " ".join(p.read_text().split()[:3]) if p.exists() else "n/a"


@contextmanager
def _database(postgres: bool) -> Iterator[str]:
    if postgres:
        from store.pgserver import private_server

        with private_server() as url:
            yield url
        return
    with tempfile.TemporaryDirectory(prefix="moon-live-bench-") as d:
        yield f"sqlite:///{d}/moon.sqlite3"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--students", type=int, default=30)
    p.add_argument("--questions", type=int, default=10)
    p.add_argument("--think", type=float, default=2.0, help="the longest a student waits before tapping (s)")
    p.add_argument("--postgres", action="store_true", help="a private PostgreSQL server instead of SQLite")
    p.add_argument("--url", default=None, help="an app already running on this machine (default: start one)")
    p.add_argument("--database", default=None, help="with --url: the database URL that app uses")
    args = p.parse_args(argv)
    if not 1 <= args.students <= 60 or not 1 <= args.questions <= 12 or not 0 <= args.think <= 20:
        p.error("keep it bounded: 1-60 students, 1-12 questions, think 0-20 s")
    if args.url and (urlparse(args.url).hostname not in ("127.0.0.1", "localhost") or not args.database):
        p.error("--url must be this machine (127.0.0.1 or localhost), with --database")
    with _database(args.postgres) if not args.url else nullcontext(args.database) as db_url:
        old = os.environ.get("MOON_DATABASE_URL")
        os.environ["MOON_DATABASE_URL"] = db_url  # the app server started below uses it
        try:
            server = nullcontext(args.url) if args.url else app_server()
            with server as url:
                which = "PostgreSQL" if "postgresql" in db_url else "SQLite"
                print(f"Moon Tutor live-class load test ({url}, {which}): {args.students} students, "
                      f"{args.questions} questions, tap within {args.think} s")
                print(f"load average before: {_load()}")
                res = asyncio.run(scenario(url, args.students, args.questions, args.think, db_url))
                print("  " + line("answer -> teacher's chart", res.to_chart))
                print("  " + line("tap -> 'answer received'", res.replies))
                print("  " + line("asked -> on the phone", res.to_phone))
                taps = sum(q[0] for q in res.per_question)
                print(f"  answers: {taps} taps acknowledged; per question (taps, chart, rows): {res.per_question}")
                lost = res.lost + sum(1 for q in res.per_question if not q[0] == q[1] == q[2] == args.students)
                print(f"  lost or missing answers: {lost}   errors: {len(res.errors)}")
                print(f"  load average after: {_load()}")
                for note in res.errors[:10]:
                    print("  note: " + note)
        finally:
            if old is None:
                os.environ.pop("MOON_DATABASE_URL", None)
            else:
                os.environ["MOON_DATABASE_URL"] = old


if __name__ == "__main__":
    main()
