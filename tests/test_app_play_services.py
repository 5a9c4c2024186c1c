"""The Play page's Streamlit-free parts: the table's words, the feed of computer moves,
finished hands counted once in the session, undo after game over, and the worker pool the
computer players think in."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from engine import Action, Game, RuleSet
from engine.players import make_bot
from tutorial.services import players, table
from tutorial.services.session import FirstLegal, PlaySession
from tutorial.services.urlstate import PlaySetup


def _first_legal(level: str, seed: int | None = None) -> FirstLegal:
    return FirstLegal()


def test_doctests() -> None:
    assert doctest.testmod(table, optionflags=doctest.ELLIPSIS).failed == 0


def test_seats_around_the_table() -> None:
    assert table.seats_around(2, 3) == {"bottom": 2, "left": 0, "right": 1}
    four = table.seats_around(3, 4)
    assert four["top"] == 1  # the partner sits opposite
    assert sorted(four.values()) == [0, 1, 2, 3]


def test_tricks_line_for_the_bidder_and_the_others() -> None:
    assert table.tricks_line(taken=3, bid=5, name="You", bidding=True) == "You: 3 of 5 — 2 more to make your bid"
    assert table.tricks_line(taken=2, bid=21, name="Their team", bidding=True) == (
        "Their team: 2 of 7 — 5 more to make their bid")
    assert table.tricks_line(taken=1, bid=5, name="Seat 1", bidding=False) == "Seat 1: 1 trick"


def test_reason_prefers_the_plain_reason() -> None:
    class Exp:
        summary = "long summary"
        reason = "plain reason"

    class Dec:
        explanation = Exp()

    assert table.reason_of(Dec()) == "plain reason"
    Exp.reason = ""
    assert table.reason_of(Dec()) == "long summary"
    assert table.reason_of(None) == ""


def test_feed_keeps_the_current_and_the_previous_trick() -> None:
    s = PlaySession(PlaySetup(deal=5), factory=make_bot)
    g = s.game
    me = make_bot("basic", seed=1)
    seen_tricks: set[int] = set()
    while g.phase not in ("hand_over", "game_over"):
        if s.is_computer_turn():
            s.computer_step()
        else:
            s.act(me.decide(s.view()).action)
        lines = s.feed()
        tricks = {ln.trick for ln in lines}
        assert len(tricks) <= 2, tricks
        assert all(ln.seat != s.seat for ln in lines)
        played = sum(1 for _, a in g.history if a.kind == "play")
        current = (played + 2) // 3 + (1 if played and played % 3 == 0 and g.phase == "playing" else 0)
        assert tricks <= {current, current - 1} or not played
        # Every computer move of those tricks is in the feed, oldest first.
        expected = [i for i, (seat, a) in enumerate(g.history) if seat != s.seat]
        got = [ln.index for ln in lines]
        assert got == sorted(got) and set(got) <= set(expected)
        seen_tricks |= tricks
    assert {0, 1, 7} <= seen_tricks


def test_a_finished_hand_is_reported_once_in_the_move_handling() -> None:
    s = PlaySession(PlaySetup(deal=5), factory=_first_legal)
    reported = []
    while s.game.phase not in ("hand_over", "game_over"):
        if s.is_computer_turn():
            s.computer_step()
        else:
            s.act(s.game.legal_actions()[0])
        reported += s.take_finished()
    assert [r.hand_number for r in reported] == [1]
    assert reported[0].record["hands"][0]["actions"]
    # Taken back and finished again: not reported a second time.
    if s.undo():
        s.run_computers()
        while s.game.phase not in ("hand_over", "game_over"):
            if s.is_human_turn():
                s.act(s.game.legal_actions()[0])
            s.run_computers()
        assert s.take_finished() == []


def test_no_undo_after_game_over() -> None:
    s = PlaySession(PlaySetup(RuleSet(target=1), deal=3), factory=make_bot)
    me = make_bot("basic", seed=2)
    for _ in range(50):
        while s.game.phase not in ("hand_over", "game_over"):
            if s.is_computer_turn():
                s.computer_step()
            else:
                s.act(me.decide(s.view()).action)
        if s.game.phase == "game_over":
            break
        s.next_hand()
    assert s.game.phase == "game_over"
    assert not s.can_undo()
    n = len(s.game.history)
    assert s.undo() is False and len(s.game.history) == n


def test_the_pool_decides_like_the_player_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision made in a worker process is the one the bot makes here (same seed, same
    view), for basic and strong players."""
    monkeypatch.setenv("MOON_WORKERS", "2")
    try:
        g = Game.new(RuleSet(), 12)
        for level in ("basic", "strong"):
            view = g.view(g.to_act)
            seed = players.bot_seed(12, view.seat)
            far = players.think(level, seed, view)
            here = make_bot(level, seed=seed).decide(view)
            assert far.action is here.action
            assert far.explanation.summary == here.explanation.summary
        assert players._POOL is not None  # it really went through the pool
    finally:
        players.shutdown_pool()


def _decide_when_told(level: str, seed: int, view: Any) -> Any:
    """A worker's decision that starts by saying so (the file ``$MOON_TEST_GATE.started``)
    and waits for the file ``$MOON_TEST_GATE`` (two minutes at most) before it decides."""
    gate = Path(os.environ["MOON_TEST_GATE"])
    gate.with_suffix(".started").touch()
    end = time.monotonic() + 120
    while not gate.exists():
        if time.monotonic() > end:
            raise TimeoutError("nobody opened the gate: the caller's other threads did not run")
        time.sleep(0.01)
    return players._decide_here(level, seed, view)


def test_the_pool_keeps_the_page_thread_free(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """While a worker thinks, the calling process's threads keep running (the wait does not
    hold the interpreter): the worker answers only once another thread of this process has
    run while the call waits, so the call returns only if that thread could run."""
    import threading

    gate = tmp_path / "gate"
    monkeypatch.setenv("MOON_WORKERS", "1")
    monkeypatch.setenv("MOON_TEST_GATE", str(gate))
    players.shutdown_pool()
    try:
        players.warm_pool()
        monkeypatch.setattr(players, "_decide_here", _decide_when_told)
        g = Game.new(RuleSet(players=4), 3)
        view = g.view(g.to_act)
        returned = threading.Event()
        opened_during_the_call: list[bool] = []

        def open_gate() -> None:
            end = time.monotonic() + 120
            while not gate.with_suffix(".started").exists() and time.monotonic() < end:
                time.sleep(0.01)
            opened_during_the_call.append(not returned.is_set())
            gate.touch()

        t = threading.Thread(target=open_gate)
        t.start()
        decision = players.think("strong", 1, view)
        returned.set()
        t.join()
        assert opened_during_the_call == [True]
        assert decision.action in g.legal_actions()  # a decision the worker made after all
    finally:
        players.shutdown_pool()


def test_workers_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MOON_WORKERS", "0")
    assert players.workers() == 0
    g = Game.new(RuleSet(), 4)
    view = g.view(g.to_act)
    assert isinstance(players.think("basic", 1, view).action, Action)
    monkeypatch.setenv("MOON_WORKERS", "²")  # not an ASCII number: the default
    assert players.workers() == max(1, min(os.cpu_count() or 1, 8))


def _strong_moves_until_seat_0(game: Game, deal: int) -> list[str]:
    """The moves the app's strong players (seeded as the game of ``deal`` seeds them) make
    from ``game`` until it is seat 0's turn or the hand is over; ``game`` is played on."""
    moves = []
    while game.to_act not in (None, 0):
        seat = game.to_act
        d = make_bot("strong", seed=players.bot_seed(deal, seat)).decide(game.view(seat))
        moves.append(str(d.action))
        game.apply(d.action)
    return moves


@pytest.mark.slow
def test_the_answer_to_a_pass_is_worked_out_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 1, you in seat 0 bid last after a 4 and a 5: while you look at the page, the
    computer's moves after your pass (seat 2's discard, trump and opening lead, seat 1's
    answer) are made in the background pool; your pass finds them made, and they are the
    moves those players make."""
    monkeypatch.setenv("MOON_WORKERS", "1")
    monkeypatch.delenv("MOON_BACKGROUND_WORKERS", raising=False)
    players.shutdown_pool()
    try:
        sess = PlaySession(PlaySetup(RuleSet(), 1, seat=0, level="strong"))
        sess.run_computers()
        assert sess.is_human_turn() and sess.game.phase == "bidding"
        assert [str(a) for _, a in sess.game.history] == ["bid 4", "bid 5"]
        assert sess.think_ahead() is True
        assert sess.think_ahead() is False  # already under way
        with players._AHEAD_LOCK:
            lines = list(players._LINES.values())
        assert len(lines) == 1
        made = lines[0].result(timeout=600)
        # What the players themselves do after the pass, up to your turn.
        g = sess.game.clone()
        g.apply("pass")
        expected = _strong_moves_until_seat_0(g, deal=1)
        assert [str(d.action) for _, _, d in made] == expected
        assert expected[0].startswith("discard") and len(expected) >= 3
        sess.act("pass")
        steps = sess.run_computers()
        assert [str(s.action) for s in steps] == expected
        with players._AHEAD_LOCK:
            assert not players._LINES and not players._KNOWN  # every decision made ahead was used
        # Not your turn in the auction, or no pool for it: nothing is started.
        assert sess.think_ahead() is False
    finally:
        players.shutdown_pool()


@pytest.mark.slow
def test_the_next_hands_first_bids_are_worked_out_at_the_end_of_a_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four players, deal 3, a hand played to its end: while you read the hand's summary,
    the computer players' bids of the next hand before your first turn are made in the
    background; Next hand finds them made, and they are those players' bids."""
    monkeypatch.setenv("MOON_WORKERS", "1")
    monkeypatch.delenv("MOON_BACKGROUND_WORKERS", raising=False)
    players.shutdown_pool()
    try:
        rules = RuleSet(players=4)
        g = Game.new(rules, 3)
        basic = [make_bot("basic", seed=s) for s in range(4)]
        while not g.hand_finished:
            g.apply(basic[g.to_act].decide(g.view(g.to_act)).action)  # type: ignore[index]
        moves = [[str(a) for _, a in g.history]]
        sess = PlaySession(PlaySetup(rules, 3, seat=0, level="strong"), moves)
        assert sess.game.hand_finished and sess.game.phase != "game_over"
        assert sess.think_ahead() is True
        with players._AHEAD_LOCK:
            (line,) = players._LINES.values()
        made = line.result(timeout=600)
        nxt = sess.game.clone()
        nxt.next_hand()
        expected = _strong_moves_until_seat_0(nxt, deal=3)
        assert expected and [str(d.action) for _, _, d in made] == expected
        sess.next_hand()
        assert [str(s.action) for s in sess.run_computers()] == expected
        with players._AHEAD_LOCK:
            assert not players._LINES and not players._KNOWN
    finally:
        players.shutdown_pool()


def _running(pid: int) -> bool:
    """Whether process ``pid`` is alive (a zombie waiting to be reaped counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_workers_leave_when_their_server_is_killed() -> None:
    """A server killed without shutting its pools down leaves no worker processes behind."""
    script = ("import os, signal\n"
              "from tutorial.services.players import Workers, _decision_worker, _lower_priority\n"
              "pids = [Workers(1, init).submit(os.getpid).result() for init in (_decision_worker, _lower_priority)]\n"
              "print(*pids, flush=True)\n"
              "os.kill(os.getpid(), signal.SIGKILL)\n")
    with tempfile.TemporaryFile("w+") as out:  # a file, not a pipe: the workers hold its end too
        subprocess.run([sys.executable, "-c", script], stdout=out, stderr=subprocess.STDOUT, timeout=120,
                       cwd=Path(__file__).resolve().parents[1])
        out.seek(0)
        said = out.read()
    pids = [int(p) for p in said.splitlines()[0].split()]  # then maybe the resource tracker's warnings
    assert len(pids) == 2, said
    deadline = time.monotonic() + 30
    while any(_running(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_running(p) for p in pids), [p for p in pids if _running(p)]


def test_a_process_keeps_its_bots_between_decisions() -> None:
    """The same (level, seed) gets the same bot in a process (a strong bot keeps what it
    worked out between the decisions of a hand), and only the last few dozen are kept."""
    players._bot.cache_clear()
    first = players._bot("basic", 7)
    assert players._bot("basic", 7) is first
    assert players._bot("basic", 8) is not first
    for seed in range(100, 100 + players._BOTS_KEPT):
        players._bot("basic", seed)
    assert players._bot.cache_info().currsize == players._BOTS_KEPT
    assert players._bot("basic", 7) is not first  # the oldest was let go
    players._bot.cache_clear()


def test_the_first_hint_says_each_thing_once_and_counts_the_suit() -> None:
    """The walk's first hint read "Think about playing one of your threes, throwing off a tile
    that cannot win, a tile that cannot win this trick, letting this trick go." with one three
    in hand: each idea once, and "your only three" for a lone tile of its suit."""
    from engine import Action, Trump, parse_tiles
    from engine.players.decision import Decision, Explanation
    from tutorial.services.describe import hint_nudge

    tags = ("throws off", "cannot win", "gives up the lead")
    d = Decision(Action.parse("play 3-1"), Explanation("", (), tags=tags))
    one = hint_nudge(d, "playing", Trump.parse("5"), parse_tiles("3-1 6-6 6-4 2-2 5-5 4-1 1-0"))
    assert one == "Think about playing your only three, throwing off a tile that cannot win.", one
    two = hint_nudge(d, "playing", Trump.parse("5"), parse_tiles("3-1 3-2 6-4 2-2 5-5 4-1 1-0"))
    assert two == "Think about playing one of your threes, throwing off a tile that cannot win.", two
    plain = Decision(Action.parse("play 3-1"), Explanation("", (), tags=("cannot win", "gives up the lead")))
    assert hint_nudge(plain, "playing", Trump.parse("5"), parse_tiles("3-1 3-2")).count("cannot win") == 1
