"""A bounded load test of the Play page, at the websocket level, on this machine only.

    python -m bench.load [--sessions 20] [--seconds 120] [--strong 3] [--think 0.5] [--url URL]

Starts ``streamlit run tutorial/app.py`` on a free local port (unless ``--url`` is given; only
``127.0.0.1``/``localhost`` is accepted) and opens ``--sessions`` sessions that speak
Streamlit's own websocket protocol, as a browser tab does. Each plays the Play page against
basic computer players with the pause between computer moves off: it presses one of its
buttons (a bid, a discard, a trump, a tile, the next hand), waits for the page to come back
(the run finished), thinks ``--think`` seconds, and so on for ``--seconds`` seconds.

It prints the **reply** times (from a press to the end of the run it starts: the learner's
wait) as median and p90, and the errors (a Streamlit exception on the page, a reply slower
than 60 s, a lost connection). Then the same again with ``--strong`` four-player sessions
against strong players added, the basic sessions' figures printed apart.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from moon_browser import app_server

#: Buttons a session presses, by key prefix, in this order of preference.
_PREFER = ("hand-btn-", "bid-4", "bid-pass", "bid-", "discard-btn-", "trump-", "next-hand", "play-again")
REPLY_TIMEOUT = 60.0


def pct(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of ``values``."""
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(q * (len(s) - 1))))
    return s[k]


def line(name: str, values: list[float], errors: int) -> str:
    if not values:
        return f"{name:<34} (no replies)  errors {errors}"
    return (
        f"{name:<34} n={len(values):<5} median {statistics.median(values):5.2f} s   "
        f"p90 {pct(values, 0.9):5.2f} s   max {max(values):5.2f} s   errors {errors}"
    )


@dataclass
class Stats:
    replies: list[float] = field(default_factory=list)
    errors: int = 0
    notes: list[str] = field(default_factory=list)


class Session:
    """One browser tab's conversation with the server (Streamlit's protobuf messages)."""

    def __init__(self, ws: Any, query: str) -> None:  # Any: a websockets connection; websockets is optional, imported late
        self.ws = ws
        self.query = query
        self.page_hash = ""
        self.buttons: dict[str, tuple[str, bool]] = {}  # widget id -> (label, disabled)
        self.fragments: dict[str, str] = {}  # widget id -> the fragment it is drawn in (if any)
        self.exceptions = 0
        self.kept: dict[str, list[str]] = {}  # widget id -> string_array value sent every run

    async def run(self, click: str | None = None) -> float:
        """Ask for a run (pressing ``click``, a button's widget id) and wait until it is over;
        returns the seconds it took. A button drawn in a fragment runs only that fragment
        again, as a browser asks."""
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ClientState_pb2 import ClientState
        from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates

        states = [WidgetState(id=click, trigger_value=True)] if click else []
        for wid, value in self.kept.items():
            s = WidgetState(id=wid)
            s.string_array_value.data.extend(value)
            states.append(s)
        msg = BackMsg(rerun_script=ClientState(
            query_string=self.query, widget_states=WidgetStates(widgets=states),
            page_script_hash=self.page_hash, page_name="" if self.page_hash else "play",
            fragment_id=self.fragments.get(click, "") if click else "",
        ))
        t0 = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        await asyncio.wait_for(self._until_finished(), REPLY_TIMEOUT)
        return time.perf_counter() - t0

    async def _until_finished(self) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        self.buttons = {}
        self.exceptions = 0
        while True:
            raw = await self.ws.recv()
            fm = ForwardMsg()
            fm.ParseFromString(raw)
            kind = fm.WhichOneof("type")
            if kind == "new_session":
                self.buttons, self.exceptions = {}, 0
            elif kind == "navigation":  # st.navigation's pages: remember the Play page's hash
                for page in fm.navigation.app_pages:
                    if page.url_pathname == "play":
                        self.page_hash = page.page_script_hash
            elif kind == "page_info_changed":
                self.query = fm.page_info_changed.query_string
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                el = fm.delta.new_element
                what = el.WhichOneof("type")
                if what == "button":
                    self.buttons[el.button.id] = (el.button.label, el.button.disabled)
                    self.fragments[el.button.id] = fm.delta.fragment_id
                elif what == "button_group" and el.button_group.label == "Pause between moves":
                    self.kept[el.button_group.id] = ["Off"]
                elif what == "exception":
                    self.exceptions += 1
            elif kind == "script_finished":
                # 0: finished, 1: compile error, 2: stopped early for a rerun (more follows).
                if fm.script_finished != ForwardMsg.ScriptFinishedStatus.FINISHED_EARLY_FOR_RERUN:
                    return

    def pick(self) -> str | None:
        """The widget id of the button to press next (``None``: nothing to press)."""
        enabled = {wid: label for wid, (label, disabled) in self.buttons.items() if not disabled}
        for prefix in _PREFER:
            for wid in enabled:
                if f"-{prefix}" in wid:
                    return wid
        return None


async def one_session(ws_url: str, query: str, seconds: float, think: float, stats: Stats, seed: int) -> None:
    import websockets

    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    try:
        async with websockets.connect(ws_url, subprotocols=["streamlit"], max_size=None,  # type: ignore[list-item]
                                      open_timeout=60) as ws:
            s = Session(ws, query)
            await s.run()  # the page opens
            await s.run()  # the pause set to "off" (known once the page is drawn)
            while time.perf_counter() < deadline:
                target = s.pick()
                if target is None:
                    await asyncio.sleep(0.5)
                    await s.run()
                    continue
                try:
                    took = await s.run(target)
                except TimeoutError:
                    stats.errors += 1
                    stats.notes.append(f"{query}: no reply in {REPLY_TIMEOUT:.0f} s")
                    continue
                stats.replies.append(took)
                if s.exceptions:
                    stats.errors += 1
                    stats.notes.append(f"{query}: an exception on the page")
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
    except Exception as e:  # a lost connection counts as an error
        stats.errors += 1
        stats.notes.append(f"{query}: {type(e).__name__}: {e}")


async def scenario(url: str, basic: int, strong: int, seconds: float, think: float) -> tuple[Stats, Stats]:
    ws_url = url.replace("http://", "ws://").rstrip("/") + "/_stcore/stream"
    b, s = Stats(), Stats()
    tasks = [one_session(ws_url, f"deal={1000 + i}", seconds, think, b, i) for i in range(basic)]
    tasks += [one_session(ws_url, f"deal={2000 + i}&players=4&level=strong", seconds, think, s, 100 + i)
              for i in range(strong)]
    await asyncio.gather(*tasks)
    return b, s


def _load() -> str:
    p = Path("/proc/loadavg")
    return " ".join(p.read_text().split()[:3]) if p.exists() else "n/a"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sessions", type=int, default=20, help="sessions against basic players")
    p.add_argument("--strong", type=int, default=3, help="four-player sessions against strong players, added")
    p.add_argument("--seconds", type=float, default=120.0, help="how long each scenario runs")
    p.add_argument("--think", type=float, default=0.5, help="seconds a session waits between presses (on average)")
    p.add_argument("--url", default=None, help="an app already running on this machine (default: start one)")
    args = p.parse_args(argv)
    if not 1 <= args.sessions <= 60 or not 0 <= args.strong <= 10 or not 5 <= args.seconds <= 900:
        p.error("keep it bounded: 1-60 sessions, 0-10 strong sessions, 5-900 seconds")
    if args.url and urlparse(args.url).hostname not in ("127.0.0.1", "localhost"):
        p.error("this load test only runs against this machine (127.0.0.1 or localhost)")
    server = nullcontext(args.url) if args.url else app_server()
    with server as url:
        print(f"Moon Tutor load test ({url}): {args.sessions} sessions vs basic players, pause off, "
              f"think {args.think} s, {args.seconds:.0f} s per scenario")
        asyncio.run(scenario(url, 2, 0, 8, args.think))  # warm up (not counted)
        print(f"load average before: {_load()}")
        basic, _ = asyncio.run(scenario(url, args.sessions, 0, args.seconds, args.think))
        print("  " + line(f"{args.sessions} basic sessions", basic.replies, basic.errors))
        print(f"  load average after: {_load()}")
        if args.strong:
            basic2, strong = asyncio.run(scenario(url, args.sessions, args.strong, args.seconds, args.think))
            print("  " + line(f"{args.sessions} basic + {args.strong} strong 4p: basic", basic2.replies, basic2.errors))
            print("  " + line(f"{args.sessions} basic + {args.strong} strong 4p: strong", strong.replies, strong.errors))
            print(f"  load average after: {_load()}")
            basic.notes += basic2.notes + strong.notes
        for note in basic.notes[:10]:
            print("  note: " + note)


if __name__ == "__main__":
    main()
