"""Latency of the app in a real browser (Playwright + Debian's Chromium, headless).

    python -m bench.app [--hands 3] [--level strong] [--runs 3] [--floor] [--breakdown] [--pages NAME ...] [--url URL]
                        [--skip-pages] [--players 3 4] [--think S] [--click-parts]

Starts ``streamlit run tutorial/app.py`` on a free local port (unless ``--url`` is given) and
measures:

- **first render** of every page in a fresh browser session (a new browser context: nothing
  cached), from ``goto`` to the page's content on screen, checked in the page every 20 ms
  (``--selector-wait``: with Playwright's ``wait_for_selector``, which backs off to a check
  every 500 ms and so reads up to half a second late, as this benchmark did before)
  (median, p90, max over ``--runs``
  sessions), **with the server warm**: each page is opened once first (the server's first
  visitor imports the libraries and waits for the content to load; that first visit is
  printed apart, as "cold"). For scale, ``--floor`` also times a bare Streamlit page (a title
  and a line of text) served the same way: no page of the app can be faster than that (each
  page's line then ends with its median over the floor's).
  Each is measured twice: with the **browser cache cold** (a first-ever visitor: Streamlit's
  JavaScript bundle, about 2 MB in 60 files, downloaded and compiled) and with the **browser
  cache warm** (a returning learner, a refresh or a new tab: a new page in a browser context
  that has opened the page once, so the Streamlit session is new but the hashed static files,
  which Streamlit serves as ``immutable``, come from the cache). ``--breakdown`` adds, per
  page, where a cold first render's time goes (static files, websocket, messages, elements);
  ``--pages`` keeps only the pages whose name contains one of the words given;
- **click to your turn again** on the Play page, computer level ``--level``, computer moves
  "automatic" with the pause off: from the click on one of your tiles (or a bid) until the
  page is drawn again with every computer move up to your next turn (median, p90, max over
  every such click in ``--hands`` hands), with three players and with four, and how many
  websocket messages (and kB) each click brought back: what the browser drew again
  (``--level basic`` leaves out most of the computer's thinking: the rest is the app's own
  cost of a click); and the same from the **Next hand** button to your first turn in the new
  hand (the computer's bids before yours); ``--think S`` waits S seconds before each click, as a learner looks at
  the page (not timed: the app works out its answer to a pass that ends the auction
  meanwhile, so this shows what a learner who takes S seconds to choose waits);
- **presenter step**: the presenter view at 1920x1080 (``/presenter?deal=12``), from a key
  press (→ / ← and Page Down / Page Up, as a clicker sends them) to the next position drawn,
  through the whole hand forward and back ``--presenter-rounds`` times (``--presenter-only``
  measures just this);
- with ``--click-parts``, **where a Play click's messages go**: the websocket messages of a few
  clicks of yours (deal 2, basic computer, pause off) counted by region of the page (status
  strip, table, hand, controls, feed, what is below them, the layout around them, the run's own
  messages).

Needs ``pip install playwright`` and ``apt-get install chromium`` (no ``playwright install``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from moon_browser import app_server, click, launch, open_page, runs, settle, table_setting, wait_for

#: Page -> (path, an element that shows the page's content is drawn).
PAGES = {
    "Home": ("/", ".st-key-home-path"),
    "Learn": ("/learn", ".st-key-learn-level-box"),
    "Puzzles": ("/puzzles", ".st-key-pz-box"),
    "Play (deal 7)": ("/play?deal=7", ".st-key-table-hand svg.moon-tile"),
    # Deal 2: the learner bids first, so the page is drawn once (deal 7: two computer bids
    # come first, each a run of its own after the pause): the table alone, for comparison.
    "Play (deal 2)": ("/play?deal=2", ".st-key-table-hand svg.moon-tile"),
    "Classroom": ("/classroom", "[data-testid='stMainBlockContainer'] h1"),
    "Bidding lab": ("/bidding-lab", ".st-key-lab-run"),
    "Rules": ("/rules", "#game"),
}


def pct(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of ``values``."""
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(q * (len(s) - 1))))
    return s[k]


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<24} (no samples)"
    return (
        f"{name:<24} n={len(values):<3} median {statistics.median(values):6.2f} s   "
        f"p90 {pct(values, 0.9):6.2f} s   max {max(values):6.2f} s"
    )


#: Wait for a page's content with ``page.wait_for_selector`` (``--selector-wait``), as this
#: benchmark did until 2026-12: its checks back off to one every 500 ms, so it noticed the
#: content up to half a second late. By default the page is checked every 20 ms.
SELECTOR_WAIT = False


def first_render(browser: Any, url: str, runs_: int, pages: dict[str, tuple[str, str]] | None = None,  # Any: Playwright objects; playwright is optional, imported in main only
                 *, warm_cache: bool = False, details: dict[str, list[dict[str, Any]]] | None = None  # Any: timing samples of mixed value types
                 ) -> dict[str, list[float]]:
    """Seconds from ``goto`` (a fresh session) until the page's content is on screen.

    Each sample is a new browser context (nothing cached); with ``warm_cache`` the page is
    opened once in that context first and the sample is a new page (tab) of it: a new
    Streamlit session, the static files from the browser's cache. With ``details``, each
    sample's :data:`_DETAILS` (what the browser loaded and when) is appended there."""
    pages = PAGES if pages is None else pages
    out: dict[str, list[float]] = {name: [] for name in pages}
    for _ in range(runs_):
        for name, (path, ready) in pages.items():
            ctx = browser.new_context(viewport={"width": 1440, "height": 900})
            if details is not None:
                ctx.add_init_script(_WS_HOOK)
            if warm_cache:
                first = ctx.new_page()
                first.goto(url + path)
                wait_for(first, ready, 180)
                settle(first)
                first.close()
            page = ctx.new_page()
            t0 = time.perf_counter()
            page.goto(url + path)
            if SELECTOR_WAIT:
                page.wait_for_selector(ready, timeout=180_000)
            else:
                wait_for(page, ready, 180)
            out[name].append(time.perf_counter() - t0)
            if details is not None:
                details.setdefault(name, []).append(page.evaluate(_DETAILS))
            settle(page)
            ctx.close()
    return out


#: Counts the websocket's messages and notes when it opened and when the first came
#: (installed before the page's own scripts).
_WS_HOOK = """(() => {
  const W = window.WebSocket;
  const seen = window.__moonWs = {messages: 0, bytes: 0, open: null, first: null};
  class Watched extends W {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => { seen.open = performance.now(); });
      this.addEventListener('message', (e) => {
        seen.messages += 1;
        seen.bytes += (e.data && (e.data.byteLength ?? e.data.size ?? e.data.length)) || 0;
        if (seen.first === null) seen.first = performance.now();
      });
    }
  }
  window.WebSocket = Watched;
})();"""

#: Where a first render's time went, read in the page when its content is on screen.
_DETAILS = r"""() => {
  const res = performance.getEntriesByType('resource');
  const js = res.filter(r => /\.js(\?|$)/.test(r.name));
  const fonts = res.filter(r => /\.woff2?(\?|$)/.test(r.name));
  const nav = performance.getEntriesByType('navigation')[0];
  const ws = window.__moonWs || {};
  return {
    ready: performance.now() / 1000,
    js_files: js.length,
    js_kb: js.reduce((a, r) => a + r.decodedBodySize, 0) / 1000,
    downloaded_kb: res.reduce((a, r) => a + r.transferSize, 0) / 1000,
    fonts: fonts.length,
    dom_loaded: nav ? nav.domContentLoadedEventEnd / 1000 : 0,
    ws_open: (ws.open || 0) / 1000,
    first_message: (ws.first || 0) / 1000,
    messages: ws.messages || 0,
    message_kb: (ws.bytes || 0) / 1000,
    elements: document.getElementsByTagName('*').length,
    iframes: document.querySelectorAll('iframe').length,
  };
}"""


def breakdown_line(name: str, samples: list[dict[str, Any]]) -> str:  # Any: timing samples of mixed value types
    """Medians of a page's :data:`_DETAILS` samples, one line."""
    def med(k: str) -> float:
        return statistics.median(float(s[k]) for s in samples)

    return (f"{name:<24} js {med('js_files'):3.0f} files {med('js_kb'):5.0f} kB (downloaded {med('downloaded_kb'):5.0f} kB)"
            f"  DOM ready {med('dom_loaded'):4.2f} s  ws open {med('ws_open'):4.2f} s  first msg {med('first_message'):4.2f} s"
            f"  content {med('ready'):4.2f} s  | {med('messages'):3.0f} msgs {med('message_kb'):4.0f} kB"
            f"  {med('elements'):4.0f} elements  {med('iframes'):.0f} iframes")


#: A bare Streamlit page, for the floor of a first render on this machine.
_BARE = 'import streamlit as st\nst.title("Bare page")\nst.write("Nothing else.")\n'


def floor(browser: Any, runs_: int, details: dict[str, list[dict[str, Any]]] | None = None  # Any: Playwright objects; playwright is optional, imported in main only
          ) -> tuple[list[float], list[float]]:
    """First renders of a bare Streamlit page (``streamlit run`` of a two-line script), with
    the browser cache cold and warm."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "bare.py"
        script.write_text(_BARE)
        with app_server(script=script) as bare:
            only = {"(floor: a bare page)": ("/", "h1")}
            first_render(browser, bare, 1, only)  # warm
            cold = first_render(browser, bare, runs_, only, details=details)
            warm = first_render(browser, bare, runs_, only, warm_cache=True)
            return cold[next(iter(only))], warm[next(iter(only))]


#: Resolves when a run that started after ``since`` is over and the page shows ``ready`` (a
#: CSS selector: one of your controls, or the end of the hand), with no quiet period: the
#: time is the learner's wait. (A run that ends before the page is yours again, such as
#: the table's own run before the whole page is drawn at the end of a hand, does not count.)
_RUN_OVER = """async ([since, timeout, ready]) => {
  const app = document.querySelector('[data-testid="stApp"]');
  const t0 = performance.now();
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  while (performance.now() - t0 < timeout) {
    if ((window.__moonRuns || 0) > since && app.getAttribute('data-test-script-state') === 'notRunning'
        && document.querySelector(ready) !== null) return true;
    await sleep(10);
  }
  return false;
}"""

#: Messages and bytes received on the websocket so far (see :data:`_WS_HOOK`).
_WS_COUNT = "() => { const w = window.__moonWs || {}; return [w.messages || 0, w.bytes || 0]; }"

_MINE = ("[class*='st-key-hand-btn-'] button:enabled", ".st-key-bid-pass button",
         "[class*='st-key-bid-'] button:enabled", "[class*='st-key-discard-btn-'] button:enabled",
         ".st-key-trump-buttons button")
#: The page is yours again: one of your controls, or the hand's summary at its end.
_YOURS = ", ".join((*_MINE, ".st-key-hand-summary"))


def _timed_click(page: Any, target: Any, think: float) -> tuple[float, tuple[int, float]] | None:  # Any: Playwright objects; playwright is optional, imported in main only
    """Look at the page ``think`` seconds (not timed), click ``target`` and wait until the
    page is yours again (:data:`_RUN_OVER`); return the seconds that took and the
    (websocket messages, kB) it brought, or ``None`` if it never was (a minute), and let
    the page settle."""
    if think > 0:
        time.sleep(think)
    n = runs(page)
    seen = page.evaluate(_WS_COUNT)
    t0 = time.perf_counter()
    target.click()
    out = None
    if page.evaluate(_RUN_OVER, [n, 60_000, _YOURS]):
        took = time.perf_counter() - t0
        now = page.evaluate(_WS_COUNT)
        out = took, (now[0] - seen[0], (now[1] - seen[1]) / 1000)
    settle(page, since=n)
    return out


def click_to_reply(browser: Any, url: str, level: str, hands: int, deal: int = 40, players: int = 3,  # Any: Playwright objects; playwright is optional, imported in main only
                   messages: list[tuple[int, float]] | None = None, think: float = 0.0,
                   next_hands: list[float] | None = None) -> list[float]:
    """Play ``hands`` hands with the pause between computer moves off, and time each click
    of yours until it is your turn again (every computer move in between made and drawn).
    With ``messages``, each click's (websocket messages, kB) from the server is appended
    there: what the browser had to draw again. ``think``: seconds the learner looks at the
    page before each click (not timed; the app may work ahead meanwhile). With
    ``next_hands``, each Next hand click's time until your first turn in the new hand is
    appended there (those clicks are not in the returned times)."""
    ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
    ctx.add_init_script(_WS_HOOK)
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    extra = "&players=4" if players == 4 else ""
    open_page(page, f"{url}/play?deal={deal}&level={level}{extra}")
    table_setting(page, "moon_play_pace", "Off")
    samples: list[float] = []
    played = 0
    for _ in range(2000):
        if page.locator(".st-key-hand-summary").count():
            played += 1
            if played >= hands:
                break
            nxt = page.locator(".st-key-next-hand button")
            if nxt.count():
                if next_hands is None:
                    click(page, nxt.first)
                    continue
                took = _timed_click(page, nxt.first, think)
                if took is not None:
                    next_hands.append(took[0])
            else:  # game over: a new deal
                deal += 1
                open_page(page, f"{url}/play?deal={deal}&level={level}{extra}")
                table_setting(page, "moon_play_pace", "Off")
            continue
        target = None
        for sel in _MINE:
            loc = page.locator(sel)
            if loc.count():
                target = loc.first
                break
        if target is None:
            settle(page)
            continue
        took = _timed_click(page, target, think)
        if took is not None:
            samples.append(took[0])
            if messages is not None:
                messages.append(took[1])
    ctx.close()
    return samples


_STAGE_COUNT = "() => { const e = document.querySelector('.pres-stage'); return e ? e.dataset.count : null }"


def presenter_steps(browser: Any, url: str, rounds: int = 2, deal: int = 12) -> list[float]:  # Any: Playwright objects; playwright is optional, imported in main only
    """Seconds from a step key to the presenter's next position on screen (the hand's
    positions are worked out once, on opening; that first load is not counted)."""
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    page.goto(f"{url}/presenter?deal={deal}&computer=basic&move=0")
    page.wait_for_selector(".pres-stage", timeout=120_000)
    settle(page)
    samples: list[float] = []
    for r in range(rounds):
        for forward in (True, False):
            keys = ("ArrowRight", "PageDown") if forward else ("ArrowLeft", "PageUp")
            for i in range(200):
                before = page.evaluate(_STAGE_COUNT)
                n = runs(page)
                t0 = time.perf_counter()
                page.keyboard.press(keys[(i + r) % 2])
                try:
                    page.wait_for_function(
                        "(b) => { const e = document.querySelector('.pres-stage'); return e && e.dataset.count !== b; }",
                        arg=before, timeout=5_000, polling="raf",
                    )
                except Exception:
                    break  # the end (or the start) of the hand: nothing moved
                samples.append(time.perf_counter() - t0)
                settle(page, since=n, quiet=0.05)
    ctx.close()
    return samples


#: The Play page's regions, in the order of the page: keyed containers (``table-main``,
#: ``table-hand``); elements whose HTML block carries the class ``st-key-<region>`` (the
#: status strip, the table); the buttons under the hand (``play-controls``: keyed one of
#: :data:`_CONTROLS`); the feed (``table-feed``: its text, ``.moon-feed``, and its "Why?").
_REGIONS = ("table-status", "table-main", "table-trick", "table-hand", "play-controls", "table-feed")
_CONTROLS = ("next-move", "to-my-turn", "hint", "undo")


def _element_region(msg: Any) -> str | None:  # Any: a ForwardMsg (streamlit's protobuf, imported in the caller)
    """The region of :data:`_REGIONS` a new element is by itself, if any: the status strip and
    the table (Markdown whose HTML block carries the region's class), a control (its key), the
    feed's text and its "Why?"."""
    if msg.delta.WhichOneof("type") != "new_element":
        return None
    el = msg.delta.new_element
    kind = el.WhichOneof("type")
    if kind == "markdown":
        head = el.markdown.body[:80]
        if head.startswith('<div class="moon-feed">'):
            return "table-feed"
        return next((r for r in ("table-status", "table-trick") if f'class="st-key-{r}"' in head), None)
    if kind == "button":
        return "play-controls" if any(el.button.id.endswith("-" + k) for k in _CONTROLS) else None
    if kind == "button_group" and el.button_group.id.endswith("-feed-why-pick"):
        return "table-feed"
    return None


def _region_counts(frames: list[bytes]) -> dict[str, int]:
    """The websocket messages of one click by the region of the Play page they draw: the
    regions of :data:`_REGIONS` (a message in a nested one counts for the innermost),
    "below" (what is drawn below the table and the feed: the chooser and the trick history),
    "layout" (the fragments' own blocks, the feed's among them, and other unkeyed blocks) and
    "run" (the run's own messages: session, status, page info, a spinner's end)."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # the message definitions only

    owner: dict[tuple[int, ...], str] = {}
    counts = dict.fromkeys((*_REGIONS, "below", "layout", "run"), 0)
    feed_at: tuple[int, ...] | None = None  # the path of the feed's fragment block
    for raw in frames:
        msg = ForwardMsg()
        msg.ParseFromString(raw)
        if msg.WhichOneof("type") != "delta" or msg.delta.WhichOneof("type") == "new_transient":
            counts["run"] += 1
            continue
        path = tuple(msg.metadata.delta_path)
        region = _element_region(msg)
        if region == "table-feed":
            feed_at = path[:-1]  # the feed's text is drawn straight into its fragment's block
        if msg.delta.WhichOneof("type") == "add_block":
            region = next((r for r in _REGIONS if msg.delta.add_block.id.endswith("-" + r)), None)
            if region is not None:
                owner[path] = region
        if region is None:
            region = next((owner[path[:i]] for i in range(len(path), 0, -1) if path[:i] in owner), None)
        if region is None and feed_at is not None and len(path) == len(feed_at) and path[:-1] == feed_at[:-1] \
                and path[-1] > feed_at[-1]:
            region = "below"
        counts[region or "layout"] += 1
    return counts


def click_parts(browser: Any, url: str, clicks: int = 8, deal: int = 2) -> dict[str, list[int]]:  # Any: Playwright objects; playwright is optional, imported in main only
    """Where a Play click's messages go: ``clicks`` of your moves (3 players, basic computer,
    pause off, deal ``deal``), each click's messages counted by region (:func:`_region_counts`)."""
    page = browser.new_page(viewport={"width": 1440, "height": 1000})
    frames: list[bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda m: frames.append(m)))
    open_page(page, f"{url}/play?deal={deal}&level=basic")
    table_setting(page, "moon_play_pace", "Off")
    out: dict[str, list[int]] = {}
    for _ in range(clicks):
        target = page.locator(", ".join(_MINE))
        if not target.count():
            break
        frames.clear()
        n = runs(page)
        target.first.click()
        settle(page, since=n)
        for region, k in _region_counts(list(frames)).items():
            out.setdefault(region, []).append(k)
    page.close()
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=3, help="hands to play for the click-to-reply times")
    p.add_argument("--level", default="strong", choices=["basic", "strong"])
    p.add_argument("--runs", type=int, default=3, help="fresh sessions per page for the first-render times")
    p.add_argument("--players", type=int, nargs="+", default=[3, 4], choices=[3, 4],
                   help="table sizes for the click-to-your-turn times")
    p.add_argument("--skip-pages", action="store_true", help="only the click-to-your-turn times")
    p.add_argument("--think", type=float, default=0.0, metavar="S",
                   help="seconds you look at the page before each click (default 0: at once)")
    p.add_argument("--pages", nargs="+", default=None, metavar="NAME",
                   help="first renders of these pages only (a part of the name: play, home, 'deal 2')")
    p.add_argument("--floor", action="store_true",
                   help="also time a bare Streamlit page's first render (what no page can beat here)")
    p.add_argument("--selector-wait", action="store_true",
                   help="wait for a page's content with Playwright's wait_for_selector (the old way: up to 0.5 s late)")
    p.add_argument("--breakdown", action="store_true",
                   help="also print where a cold-cache first render's time goes, per page")
    p.add_argument("--url", default=None, help="an app already running (default: start one)")
    p.add_argument("--presenter-rounds", type=int, default=2, help="times through the hand for the presenter steps")
    p.add_argument("--presenter-only", action="store_true", help="measure only the presenter steps")
    p.add_argument("--click-parts", action="store_true",
                   help="also print where a Play click's websocket messages go, by region of the page")
    args = p.parse_args(argv)
    global SELECTOR_WAIT
    SELECTOR_WAIT = args.selector_wait
    from playwright.sync_api import sync_playwright

    server = nullcontext(args.url) if args.url else app_server()
    with server as url, sync_playwright() as pw:
        browser = launch(pw)
        try:
            print(f"Moon Tutor app latency ({url})")
            if Path("/proc/loadavg").exists():
                print(f"Load average at the start: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
            if not args.presenter_only:
                if not args.skip_pages:
                    pages = {name: v for name, v in PAGES.items()
                             if not args.pages or any(w.lower() in name.lower() for w in args.pages)}
                    if not pages:
                        p.error(f"no page matches --pages {' '.join(args.pages)}; the pages: {', '.join(PAGES)}")
                    cold = first_render(browser, url, 1, pages)
                    print("\nFirst visit of each page after the server started (cold: imports, content loading):")
                    for name, values in cold.items():
                        print("  " + line(name, values))
                    details: dict[str, list[dict[str, Any]]] | None = {} if args.breakdown else None  # Any: timing samples of mixed value types
                    cold_cache = first_render(browser, url, args.runs, pages, details=details)
                    warm_cache = first_render(browser, url, args.runs, pages, warm_cache=True)
                    bare = floor(browser, args.runs, details) if args.floor else None
                    for i, (title, results) in enumerate((
                        ("browser cache cold (a first-ever visitor; a fresh session, goto -> the page's "
                         "content on screen)", cold_cache),
                        ("browser cache warm (a returning browser: a new tab, a new session, the static "
                         "files cached)", warm_cache),
                    )):
                        print(f"\nFirst render, server warm, {title}:")
                        base = statistics.median(bare[i]) if bare is not None and bare[i] else None
                        for name, values in results.items():
                            over = (f"   floor {statistics.median(values) - base:+5.2f} s"
                                    if base is not None and values else "")
                            print("  " + line(name, values) + over)
                        if bare is not None:
                            print("  " + line("(floor: a bare page)", bare[i]))
                    if details:
                        print("\nWhere a cold-cache first render goes (medians; times from the start of "
                              "the navigation):")
                        for name, samples in details.items():
                            print("  " + breakdown_line(name, samples))
                for players in args.players:
                    sent: list[tuple[int, float]] = []
                    deals: list[float] = []
                    replies = click_to_reply(browser, url, args.level, args.hands, players=players, messages=sent,
                                             think=args.think, next_hands=deals)
                    looks = f", you look {args.think:g} s before each click" if args.think else ""
                    print(f"\nClick to your turn again ({players} players, {args.level} computer, pause off, "
                          f"{args.hands} hands{looks}):")
                    print("  " + line("click -> your turn", replies))
                    if deals:
                        print("  " + line("Next hand -> your turn", deals))
                    if sent:
                        print(f"  {'messages per click':<24} median {statistics.median(m for m, _ in sent):5.0f}"
                              f"     ({statistics.median(k for _, k in sent):.0f} kB)   max {max(m for m, _ in sent)}")
            if args.click_parts:
                parts = click_parts(browser, url)
                total = [sum(k) for k in zip(*parts.values(), strict=True)]
                print(f"\nA Play click's messages by region (3 players, basic, pause off, deal 2, "
                      f"{len(total)} clicks; medians):")
                for region, ks in parts.items():
                    print(f"  {region:<24} {statistics.median(ks):5.0f}")
                print(f"  {'all':<24} {statistics.median(total):5.0f}")
            if not args.skip_pages:
                steps = presenter_steps(browser, url, args.presenter_rounds)
                print(f"\nPresenter step at 1920x1080 (key -> next position drawn, deal 12, "
                      f"{args.presenter_rounds} rounds forward and back):")
                print("  " + line("presenter step", steps))
            if Path("/proc/loadavg").exists():
                print(f"\nLoad average: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
