"""Shared helpers for the browser tests and the latency benchmark: start the app with
``streamlit run`` on a free local port, launch Debian's Chromium through Playwright, and wait
for the app to settle after a click."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("MOON_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    # Several pages at once (the ten-sessions test): do not slow down the ones in the background.
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-renderer-backgrounding",
]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
_STATE = "() => { const e = document.querySelector('[data-testid=\"stApp\"]'); return e ? e.getAttribute('data-test-script-state') : null }"


def chromium_available() -> bool:
    return Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is not None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def app_server(port: int | None = None, log: Path | None = None, script: Path | None = None,
               address: str = "127.0.0.1") -> Iterator[str]:
    """``streamlit run tutorial/app.py`` (or ``script``) answering on ``address`` (this computer
    only by default; ``"0.0.0.0"``: every interface, as ``make run``), stopped afterwards;
    yields its URL on 127.0.0.1. Without a ``port`` it takes a free one; should another process
    (a second test worker's server) bind it first, it starts again on another (three tries)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("MOON_NO_WARMUP", None)
    env.pop("MOON_WORKERS", None)
    tries = 1 if port else 3
    for attempt in range(tries):
        at = port or free_port()
        out_log = log or ROOT / "artifacts" / f"streamlit-{at}.log"
        out_log.parent.mkdir(parents=True, exist_ok=True)
        cmd = [
            sys.executable, "-m", "streamlit", "run", str(script or ROOT / "tutorial" / "app.py"),
            "--server.port", str(at), "--server.address", address, "--server.headless", "true",
            "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
        ]
        with out_log.open("w") as out:
            proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env)
            url = f"http://127.0.0.1:{at}"
            try:
                if not _started(proc, url, out_log, last=attempt == tries - 1, logged=f"http://{'localhost' if address == '0.0.0.0' else address}:{at}"):
                    continue
                yield url
                return
            finally:
                _stop(proc)


def _started(proc: subprocess.Popen[bytes], url: str, log: Path, last: bool, logged: str | None = None) -> bool:
    """Wait until the server ``proc`` answers at ``url`` (its log names it ``logged``, by
    default ``url``): true once it does; false when it exited because its port was taken (and
    ``last`` is false: another port is tried)."""
    deadline = time.time() + 60
    while True:
        if proc.poll() is not None:
            if not last and "is not available" in log.read_text(errors="replace"):
                return False
            raise RuntimeError(f"streamlit exited early; see {log}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                # Answered by this server (its log names the address once it holds the port),
                # not by another one that took the port first.
                if r.status == 200 and f"URL: {logged or url}\n" in log.read_text(errors="replace"):
                    return True
        except OSError:
            pass
        if time.time() > deadline:
            raise RuntimeError(f"streamlit did not start in 60 s; see {log}")
        time.sleep(0.3)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    # The server's exit waits for its worker processes to finish what they are doing
    # (warming up, thinking ahead, a review: seconds on a loaded machine); nothing of
    # that is wanted any more, so they are stopped at once.
    for worker in _pool_workers(proc.pid):
        try:
            os.kill(worker, signal.SIGTERM)
        except ProcessLookupError:
            pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@contextmanager
def app_servers(count: int) -> Iterator[list[str]]:
    """``count`` :func:`app_server` servers started side by side (their start-ups overlap);
    yields their URLs, and stops them all afterwards."""
    from concurrent.futures import ThreadPoolExecutor

    with ExitStack() as stack:
        starting = [app_server() for _ in range(count)]
        with ThreadPoolExecutor(count) as pool:
            futures = [pool.submit(cm.__enter__) for cm in starting]
        urls = []
        for cm, fut in zip(starting, futures, strict=True):
            if fut.exception() is None:
                stack.push(cm.__exit__)
                urls.append(fut.result())
        for fut in futures:
            fut.result()  # raises the first start-up that failed (the others are stopped)
        yield urls


def _pool_workers(pid: int) -> list[int]:
    """The worker processes (``multiprocessing`` spawned) of the process ``pid`` (Linux)."""
    found: list[int] = []
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            kids = [int(k) for k in children.read_text().split()]
        except OSError:
            continue
        for kid in kids:
            try:
                cmdline = Path(f"/proc/{kid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"multiprocessing.spawn" in cmdline:
                found.append(kid)
    return found


def server_log(url: str) -> Path:
    """The log file of the :func:`app_server` at ``url`` (started without a ``log`` of its own)."""
    return ROOT / "artifacts" / f"streamlit-{url.rsplit(':', 1)[1].split('/')[0]}.log"


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


#: Windows narrower than this are phones: their browser contexts are mobile and touch ones.
PHONE_WIDTH = 600


def sized_context(browser: Any, width: int, height: int, **options: Any) -> Any:
    """A new browser context whose window is ``width``×``height``; below :data:`PHONE_WIDTH`
    it is a phone's (``is_mobile``, ``has_touch``). ``options`` go to ``new_context``."""
    phone = width < PHONE_WIDTH
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone,
                              **options)
    ctx.add_init_script(COUNT_MESSAGES)
    return ctx


#: The name of the learner's profile cookie.
COOKIE = "moon_learner"


def wait_for_cookie(page: Any, value: str | None = None, timeout: float = 30.0) -> dict[str, Any]:
    """The profile cookie of ``page``'s browser context once it is set (to ``value`` if given).
    Read through the context, not ``document.cookie``, so an ``HttpOnly`` cookie (set by
    ``tutorial/server.py``'s route) counts too."""
    deadline = time.monotonic() + timeout
    while True:
        found = [c for c in page.context.cookies() if c["name"] == COOKIE and value in (None, c["value"])]
        if found:
            return dict(found[0])
        if time.monotonic() > deadline:
            raise AssertionError(f"no {COOKIE} cookie{'' if value is None else ' ' + value}: {page.context.cookies()}")
        page.wait_for_timeout(50)


def wait_for_no_cookie(page: Any, timeout: float = 30.0) -> None:
    """Wait until ``page``'s browser context has no profile cookie."""
    deadline = time.monotonic() + timeout
    while [c for c in page.context.cookies() if c["name"] == COOKIE]:
        if time.monotonic() > deadline:
            raise AssertionError(f"the {COOKIE} cookie is still there: {page.context.cookies()}")
        page.wait_for_timeout(50)


#: Counts finished script runs in the page (a MutationObserver on the app's run state), so a
#: click's run is noticed even when it is over before the next poll.
ARM = """() => {
  if (window.__moonArmed) return;
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app) return;
  window.__moonArmed = true;
  window.__moonRuns = 0;
  new MutationObserver(() => {
    if (app.getAttribute('data-test-script-state') === 'notRunning') window.__moonRuns += 1;
  }).observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
}"""
#: The run count, also marking how many messages the app's server and the page had sent each
#: other by then (see :data:`COUNT_MESSAGES`): :data:`SETTLE` then knows whether any went
#: after the mark.
RUNS = """() => {
  window.__moonMark = window.__moonMsgs;
  window.__moonSentMark = window.__moonSent;
  return window.__moonRuns || 0;
}"""

#: Installed in every browser context of :func:`sized_context` before the app's scripts: counts
#: the messages the app's server sends over its websocket. A run short enough that the page
#: draws it at once never shows as running (React draws "running" and "not running" in one
#: go), so the run count alone misses it; its messages show it came. Also counts the messages
#: the page sends the server (a widget asking for a run) and the HTTP requests under way (a
#: file upload goes first, its run after it): a click that did neither started no run.
COUNT_MESSAGES = """(() => {
  const Native = window.WebSocket;
  window.__moonMsgs = 0;
  window.__moonSent = 0;
  window.__moonBusy = 0;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => { window.__moonMsgs += 1; });
    }
    send(data) {
      window.__moonSent += 1;
      return super.send(data);
    }
  };
  const xhrSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    window.__moonBusy += 1;
    this.addEventListener('loadend', () => { window.__moonBusy -= 1; });
    return xhrSend.apply(this, args);
  };
  const nativeFetch = window.fetch;
  window.fetch = function (...args) {
    window.__moonBusy += 1;
    return nativeFetch.apply(this, args).finally(() => { window.__moonBusy -= 1; });
  };
})()"""


#: Waits inside the page (one round trip): for a run after ``since`` (if given: a run counted,
#: or a message from the server since :data:`RUNS` was read; up to 3 s), then for the app to
#: stay finished for ``quiet`` milliseconds. A click that starts no run (a fold opened, a
#: popover, text typed): when the page has sent the server nothing since the mark and has no
#: request under way for half a second, no run is coming and the wait for one ends there
#: (pages without :data:`COUNT_MESSAGES` wait the 3 s). With ``coming`` (a file chosen for an
#: upload: the page reads it before it asks for anything, later than half a second on a busy
#: machine) the wait is for the run itself, however long it takes within ``timeout``.
SETTLE = """async ([since, quiet, timeout, coming]) => {
  const app = document.querySelector('[data-testid="stApp"]');
  const t0 = performance.now();
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  const heard = () => window.__moonMark !== undefined && window.__moonMsgs > window.__moonMark;
  const asked = () => window.__moonSentMark === undefined || window.__moonSent > window.__moonSentMark
    || window.__moonBusy > 0;
  if (since !== null) {
    let silent = null;
    const most = coming ? timeout : 3000;
    while ((window.__moonRuns || 0) <= since && !heard() && performance.now() - t0 < most) {
      if (asked() || coming) {
        silent = null;
      } else if (performance.now() - (silent = silent ?? performance.now()) >= 500) {
        break;
      }
      await sleep(25);
    }
  }
  let calm = null;
  while (performance.now() - t0 < timeout) {
    if (app && app.getAttribute('data-test-script-state') === 'notRunning') {
      calm = calm ?? performance.now();
      if (performance.now() - calm >= quiet) return true;
    } else {
      calm = null;
    }
    await sleep(25);
  }
  return false;
}"""


def settle(page: Any, timeout: float = 90.0, quiet: float = 0.25, since: int | None = None,
           coming: bool = False) -> None:
    """Wait until the app has finished running and stays finished for ``quiet`` seconds.
    With ``since`` (a run count taken before a click), first wait for a run after it; with
    ``coming`` too, the action surely starts one (a file upload): wait for it however late."""
    page.evaluate(ARM)
    if not page.evaluate(SETTLE, [since, quiet * 1000, timeout * 1000, coming]):
        raise TimeoutError("the app did not settle")


def runs(page: Any) -> int:
    page.evaluate(ARM)
    return int(page.evaluate(RUNS))


def wait_runs(page: Any, count: int, timeout: float = 30.0) -> None:
    """Wait until the page has finished ``count`` more runs from now (a fragment that draws
    itself again every second or so counts): for a check that something is still so after the
    page drew again, instead of a fixed pause that a loaded machine may not fill."""
    since = runs(page)
    page.wait_for_function("(n) => (window.__moonRuns || 0) >= n", arg=since + count, timeout=timeout * 1000)


def click(page: Any, locator: Any) -> None:
    """Click and wait for the run it starts to finish."""
    before = runs(page)
    locator.click()
    settle(page, since=before)


#: Keeps the page busy for the given milliseconds, in a task of its own (queued now).
BUSY = "(ms) => { setTimeout(() => { const end = performance.now() + ms; while (performance.now() < end) {} }, 0); }"


def click_when_busy(page: Any, selector: str, after: int, busy: int = 1500) -> None:
    """Click the middle of ``selector`` with the mouse while the page is busy, as a page on
    a loaded machine is: a fragment's ``run_every`` timer falls due meanwhile, and the
    browser, which handles input first, runs the click before that timer, and the timer
    before the click's own request to the server, so the timer's request carries the
    click's trigger too. Then wait for the runs to finish, and for ``after`` runs more (a
    doubled callback shows in one of them). A widget's callback must act once, as the
    person clicked once."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on the page"
    before = runs(page)
    page.evaluate(BUSY, busy)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    settle(page, since=before)
    wait_runs(page, after)


#: Whether the CSS selector (the argument) matches an element that is on screen (a box of
#: some size, not ``visibility: hidden``: what Playwright calls visible).
VISIBLE = """(sel) => {
  const e = document.querySelector(sel);
  if (!e) return false;
  const r = e.getBoundingClientRect();
  return (r.width > 0 || r.height > 0) && getComputedStyle(e).visibility !== 'hidden';
}"""
ATTACHED = "(sel) => document.querySelector(sel) !== null"


def wait_for(page: Any, selector: str, timeout: float = 90.0, state: str = "visible") -> None:
    """Wait until the CSS ``selector`` matches an element on screen (``state="attached"``: in
    the page at all). Checked inside the page every 20 ms, unlike ``page.wait_for_selector``,
    whose checks back off to one every 500 ms after the first quarter second (so it noticed
    a page up to half a second after it was drawn)."""
    script = VISIBLE if state == "visible" else ATTACHED
    page.wait_for_function(script, arg=selector, timeout=timeout * 1000, polling=20)


def open_page(page: Any, url: str, timeout: float = 90.0) -> None:
    """Go to ``url`` (a new session) and wait until its page is drawn and settled."""
    page.goto(url)
    wait_ready(page, timeout)


def wait_ready(page: Any, timeout: float = 90.0) -> None:
    """Wait until the page just loaded (``goto``, ``reload``) is drawn and settled."""
    wait_for(page, '[data-testid="stApp"][data-test-script-state]', timeout)
    wait_for(page, '[data-testid="stSidebarNav"]', timeout, state="attached")
    # Every page starts with its title: once it is drawn, the first run is under way.
    wait_for(page, '[data-testid="stMainBlockContainer"] h1', timeout)
    settle(page, timeout)


def by_key(page: Any, key: str, what: str = "button") -> Any:
    """The element inside the container of the widget with ``key``."""
    return page.locator(f".st-key-{key} {what}")


def click_key(page: Any, key: str) -> None:
    click(page, by_key(page, key).first)


#: The Play page's feed of the computer's moves: its fragment's block, into which its text
#: (``.moon-feed``), its "Why?" and an open explanation are drawn.
FEED = '[data-testid="stVerticalBlock"]:has(> [data-testid="stElementContainer"] .moon-feed)'
#: The moves of the Play feed's lines, in order (each line's ``data-move``: "hand-index").
_FEED_MOVES = "() => [...document.querySelectorAll('.moon-feed .moon-feed-line')].map(e => e.dataset.move)"


def feed_moves(page: Any) -> list[tuple[int, int]]:
    """The (hand, index) of the move on each line of the Play page's feed, in order."""
    return [(int(h), int(i)) for h, i in (m.split("-") for m in page.evaluate(_FEED_MOVES))]


def why_button(page: Any, hand: int, index: int) -> Any:
    """The "Why?" beside the feed's line of move ``index`` of hand ``hand``: the feed's
    "Why?" are one ``st.pills`` (key ``feed-why-pick``), a button a line, in the lines' order."""
    moves = feed_moves(page)
    assert (hand, index) in moves, (hand, index, moves)
    return page.locator(f"{FEED} .st-key-feed-why-pick button").nth(moves.index((hand, index)))


def exists(page: Any, key: str, enabled: bool = True) -> bool:
    sel = f".st-key-{key} button" + (":enabled" if enabled else "")
    return page.locator(sel).count() > 0


def enabled_with_prefix(page: Any, prefix: str) -> Any:
    return page.locator(f"[class*='st-key-{prefix}'] button:enabled")


def play_hand(page: Any, *, max_steps: int = 200, bid: str = "bid-4") -> None:
    """Play the Play page's hand to the end through the buttons (in "Press Next" mode)."""
    for _ in range(max_steps):
        if page.locator(".st-key-hand-summary").count():
            return
        if exists(page, "to-my-turn"):
            click_key(page, "to-my-turn")
        elif exists(page, bid):
            click_key(page, bid)
        elif enabled_with_prefix(page, "bid-").count():
            click(page, enabled_with_prefix(page, "bid-").first)
        elif enabled_with_prefix(page, "discard-btn-").count():
            click(page, enabled_with_prefix(page, "discard-btn-").first)
        elif page.locator(".st-key-trump-buttons button").count():
            click(page, page.locator(".st-key-trump-buttons button").first)
        elif enabled_with_prefix(page, "hand-btn-").count():
            click(page, enabled_with_prefix(page, "hand-btn-").first)
        else:
            settle(page)
    raise AssertionError("the hand did not finish")


def table_setting(page: Any, key: str, text: str | None = None) -> None:
    """Set one of the Play page's table settings: open the "Table settings" popover, click the
    widget keyed ``key`` (the option saying ``text`` of a segmented control; the toggle's
    switch without it), wait for the run, and close the popover again."""
    page.locator(".st-key-play-settings button:visible").first.click()
    target = (page.locator(f".st-key-{key} button:visible", has_text=text) if text is not None
              else page.locator(f".st-key-{key} label:visible"))
    click(page, target.first)
    page.keyboard.press("Escape")
    page.locator(f".st-key-{key}").first.wait_for(state="hidden")


def step_mode(page: Any) -> None:
    """Switch the Play page to "Press Next" for computer moves."""
    table_setting(page, "moon_play_mode", "Press Next")


AXE_VERSION = "4.10.3"


def axe_source() -> str | None:
    """axe-core's ``axe.min.js``: from ``$MOON_AXE_JS``, or fetched once with ``npm pack``
    into ``artifacts/axe/`` (git-ignored). ``None`` when neither works. Test workers that
    fetch it at the same time each unpack into a folder of their own and move the file into
    place whole, so none reads another's half-written copy."""
    import tarfile
    import tempfile

    given = os.environ.get("MOON_AXE_JS")
    if given and Path(given).exists():
        return Path(given).read_text()
    folder = ROOT / "artifacts" / "axe"
    js = folder / f"axe-{AXE_VERSION}.min.js"
    if not js.exists():
        npm = shutil.which("npm")
        if npm is None:
            return None
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder) as own:
            done = subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--silent"], cwd=own,
                                  capture_output=True, text=True, timeout=180)
            tgz = Path(own) / f"axe-core-{AXE_VERSION}.tgz"
            if done.returncode != 0 or not tgz.exists():
                return None
            with tarfile.open(tgz) as tar:
                member = tar.extractfile("package/axe.min.js")
                if member is None:
                    return None
                part = Path(own) / js.name
                part.write_bytes(member.read())
            os.replace(part, js)
    return js.read_text()


def axe_violations(page: Any, source: str) -> list[dict[str, Any]]:
    """Run axe-core on the page; returns its violations (each with ``impact``, ``id``...)."""
    page.add_script_tag(content=source)
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return list(result["violations"])


#: Screenshots for people to look at (``artifacts/screenshots/``) are taken only when
#: ``MOON_SCREENSHOTS=1``: each costs Chromium a paint of the whole window and a PNG, and no
#: check reads them (a test that checks pixels takes its own image with ``screenshot()``).
TAKE_SCREENSHOTS = os.environ.get("MOON_SCREENSHOTS") == "1"


def shot(target: Any, name: str, **options: Any) -> None:
    """Save a screenshot of ``target`` (a page, or a locator: its element) as
    ``artifacts/screenshots/<name>`` when :data:`TAKE_SCREENSHOTS`; ``options`` go to
    ``screenshot`` (``full_page=True``). Without it a locator's element is still waited for
    until it is on screen, as the screenshot would have (so a test checks the same)."""
    if TAKE_SCREENSHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(SCREENSHOTS / name), **options)
    else:
        from playwright.sync_api import Locator

        if isinstance(target, Locator):
            target.wait_for(state="visible")


def full_screenshot(page: Any, path: Path | str) -> None:
    """A screenshot of the whole page: the window is made as tall as the app's content (only
    when :data:`TAKE_SCREENSHOTS`)."""
    if not TAKE_SCREENSHOTS:
        return
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size or {"width": 1440, "height": 900}
    height = page.evaluate(
        "() => { const m = document.querySelector('[data-testid=stMain]'); return m ? m.scrollHeight : 900 }")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(int(height) + 40, 8000))})
    page.wait_for_timeout(400)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)


def first_count_level() -> Any:
    """The course's first level that asks for a number (the browser tests answer it)."""
    from tutorial.services.items import course

    return next(lv for lv in course().levels() if lv.kind == "count")


def answer_count_level(page: Any, base: str, value: int, *, reopen: bool = True) -> None:
    """Answer :func:`first_count_level` with ``value`` (on Learn, opened first at the level's
    own link unless ``reopen`` is false: a second try on the page already open)."""
    lv = first_count_level()
    if reopen:
        open_page(page, f"{base}/learn?level={lv.id}")
    box = page.locator(f".st-key-lv-{lv.id}-number input")
    box.fill(str(value))
    before = runs(page)
    box.press("Enter")
    settle(page, since=before)
    click_key(page, f"lv-{lv.id}-check")


def open_presenter(page: Any, url: str) -> None:
    """Go to a presenter ``url`` and wait until its stage is drawn and the app settled."""
    page.goto(url)
    wait_for(page, ".pres-stage", 120)
    settle(page)


def stage(page: Any, attr: str = "count") -> str:
    """The presenter stage's ``data-<attr>`` (what is on screen: the move, the slide, …)."""
    return str(page.evaluate(f"() => document.querySelector('.pres-stage').dataset.{attr}"))


def start_live(page: Any, *, close_join: bool = False) -> str:
    """Start a live class from the presenter open in ``page`` ("Start a live class"), wait for
    its join screen and return the class's code (the screen's ``data-code``); with
    ``close_join``, close the join screen too (back to the stage, the answers panel beside it)."""
    click(page, page.locator(".st-key-live-start button").first)
    wait_for(page, ".live-join-big", 30)
    code = page.locator(".live-join-big").get_attribute("data-code")
    assert code, "the join screen names no code"
    if close_join:
        click(page, page.locator(".st-key-live-join-close button").first)
    return str(code)


def pick_kind(page: Any, title: str) -> None:
    """Filter Puzzles to the one kind ``title`` in its "Kind" box; the chip in the box says the
    pick was taken (on a loaded machine the drop-down can take a click before its list is
    drawn: tried up to three times)."""
    chips = page.locator(".st-key-pz-kinds [data-tag]")
    for _ in range(3):
        page.get_by_label("Kind").click()
        before = runs(page)
        page.get_by_role("option", name=title).click()
        settle(page, since=before)
        page.keyboard.press("Escape")
        if chips.count():
            break
    assert chips.count() == 1 and title in chips.first.inner_text(), chips.all_inner_texts()
