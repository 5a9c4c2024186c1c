"""The app's Streamlit-free services and the tile drawing: URL state, sessions, records,
progress, rules text, simulations (their doctests run through pytest's own collection)."""

from __future__ import annotations

import json
import re

import pytest

from engine import Game, RuleSet, Tile
from engine.svg import back_svg, row_svg, tile_label, tile_svg
from store import transfer
from store.stats import Summary
from tutorial.services.progress import ProgressError, check_file
from tutorial.services.records import RecordError, hand_record, load_hand
from tutorial.services.session import FirstLegal, PlaySession
from tutorial.services.urlstate import LinkError, PlaySetup, decode, encode, replay


def test_the_layering_contracts_are_declared() -> None:
    """The layering is checked by import-linter in `make lint`; this keeps its contracts
    from being dropped: the engine imports nothing of ours and no Streamlit, the services
    import no Streamlit, and the packages stand in layers down to the engine."""
    import tomllib
    from pathlib import Path

    config = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    contracts = {(c["type"], tuple(c["source_modules"])): set(c["forbidden_modules"])
                 for c in config["contracts"] if c["type"] == "forbidden"}
    assert {"content", "lessons", "puzzles", "notebook", "tutorial", "streamlit"} <= contracts[("forbidden", ("engine",))]
    assert "streamlit" in contracts[("forbidden", ("tutorial.services",))]
    outside = next(v for (t, src), v in contracts.items() if "lessons" in src and "engine" in src)
    assert outside == {"streamlit"}
    (layers,) = [c["layers"] for c in config["contracts"] if c["type"] == "layers"]
    assert layers[-3:] == ["lessons", "content", "engine"]  # the course on the model it shares with puzzles

@pytest.mark.parametrize("line", [
    "from streamlit.runtime.scriptrunner import get_script_run_ctx",
    "import streamlit.runtime.scriptrunner",
    "from streamlit import runtime",
])
def test_lint_forbids_streamlits_internals_in_the_app(line: str) -> None:
    """`make lint` fails on an import of ``streamlit.runtime`` (Streamlit's internals) in the app."""
    import subprocess
    import sys

    def ruff(text: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--select", "TID251",
                               "--stdin-filename", "tutorial/components/probe.py", "-"],
                              input=text, capture_output=True, text=True, check=False)

    banned = ruff(f"{line}\n\nprint(locals())\n")
    assert banned.returncode == 1 and "TID251" in banned.stdout, banned.stdout + banned.stderr
    public = ruff("import streamlit as st\n\nst.rerun(scope=\"fragment\")\n")
    assert public.returncode == 0, public.stdout + public.stderr


def _bot(level: str, seed: int | None = None) -> FirstLegal:
    return FirstLegal()


def test_url_round_trip_every_house_rule() -> None:
    rules = RuleSet(players=3, keep_double_blank=False, min_bid=3, all_pass="force-last", doubles_trump=False,
                    no_trump=False, moon_wins_game=False, moon_overcall=True, scoring="marks", target=9,
                    tie_break="bidder-out")
    setup = PlaySetup(rules, deal=2**64 - 1, seat=2, level="strong")
    moves = [["pass", "bid 3", "pass", "trump 6", "play 6-4"]]
    req = decode(encode(setup, moves))
    assert req.setup == setup and req.moves == moves


@pytest.mark.parametrize("query, word", [
    ({}, "no deal number"), ({"deal": "x"}, "not a whole number"), ({"deal": str(2**64)}, "too large"),
    ({"deal": "-1"}, "'-1', is not a deal number: deals are numbered from 0 up"),
    ({"deal": "1", "players": "5"}, "3 or 4"), ({"deal": "1", "rules": "min_bid"}, "should look like"),
    ({"deal": "1", "rules": "colour:red"}, "does not exist"), ({"deal": "1", "rules": "min_bid:9"}, "do not work"),
    ({"deal": "1", "rules": "no_trump:maybe"}, "yes or no"), ({"deal": "1", "seat": "3"}, "not a seat"),
    ({"deal": "1", "level": "genius"}, "computer level"), ({"deal": "1", "moves": "p.zz"}, "not a move"),
])
def test_bad_links(query: dict[str, str], word: str) -> None:
    with pytest.raises(LinkError, match=word):
        decode(query)


def test_moves_that_do_not_fit_the_deal() -> None:
    with pytest.raises(LinkError, match="do not fit game 5"):
        replay(PlaySetup(deal=5), [["play 6-6"]])


def test_session_undo_and_explanations() -> None:
    s = PlaySession(PlaySetup(deal=5), factory=_bot)
    s.run_computers()
    assert s.is_human_turn()
    assert not s.can_undo()
    before = len(s.game.history)
    s.act(s.game.legal_actions()[-1])
    s.run_computers()
    assert s.can_undo()
    assert s.undo()
    assert len(s.game.history) == before and s.is_human_turn()


def test_session_hint_has_two_steps() -> None:
    s = PlaySession(PlaySetup(deal=5), factory=_bot)
    s.run_computers()
    h = s.ask_hint()
    assert h.step == 1
    assert s.ask_hint().step == 2


def test_records_round_trip_and_errors() -> None:
    g = Game.new(RuleSet(players=4), seed=8)
    while not g.hand_finished:
        g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
    rec = hand_record(g.record(), 0)
    hand = load_hand(json.dumps(rec).encode())
    assert hand.rules.players == 4 and hand.game_at(len(hand.actions)) == Game.replay(rec)
    for bad in (b"\xff\xfe", b"[]", b"{", json.dumps({"rules": {}, "seed": 1, "hands": [{"actions": ["bid 2"]}]}).encode(),
                b"x" * 300_000):
        with pytest.raises(RecordError):
            load_hand(bad)


def test_progress_file() -> None:
    """The read model folds answers by the store's rules, and its version-1 file reads back."""
    p = Summary()
    p.lesson("tiles-sixes", True, 1, 0)
    p.puzzle("x", True, 1, 0, False)
    p.puzzle("y", True, 2, 0, False)
    assert p.streak == 0 and p.best_streak == 1 and p.puzzles_solved == ["x", "y"]
    known = transfer.Known(frozenset({"tiles-sixes"}), frozenset({"x", "y"}), {"tiles-sixes": "tiles"})
    back = check_file(json.dumps(transfer.summary_dict(p)), known)
    assert back["stars"] == {"tiles-sixes": 3} and back["puzzles_solved"] == ["x", "y"]
    assert (back["streak"], back["best_streak"]) == (0, 1)
    for bad in ('{"format": "moon-tutor-progress", "stars": {"tiles-sixes": 4}}', "[]", "nope",
                '{"format": "moon-tutor-progress", "streak": -1}'):
        with pytest.raises(ProgressError):
            check_file(bad, known)


def test_tile_drawings_are_labelled_and_escaped() -> None:
    svg = tile_svg("6-4", trump=True, playable=False, reason='<script>"x"</script>')
    assert svg.count("<svg") == 1 and 'role="img"' in svg
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert tile_label(Tile(3, 3), playable=True) == "3-3 (double), playable"
    assert 'aria-label="face-down tile"' in back_svg()
    assert row_svg(["6-6", "0-0"]).count("<svg") == 3
    # Trump and not-playable marks are shapes, not only colours: a star and stripes/dashes.
    assert "<polygon" in svg and "stroke-dasharray" in svg
    assert "<polygon" not in tile_svg("6-4") and "stroke-dasharray" not in tile_svg("6-4", playable=True)


def test_the_apps_tile_pictures_carry_no_tooltip() -> None:
    """A ``<title>`` tooltip covered the tiles around it; the app's pictures keep their
    spoken label (``aria-label``) and leave the tooltip out (the notebook keeps it)."""
    from tutorial.components.tiles import Shown, tile_html
    from tutorial.services.live_html import _tiles_html
    from tutorial.services.presenter_html import _tile

    assert "<title>" in tile_svg("6-4") and "<title>" in back_svg()
    assert "<title>" not in tile_svg("6-4", tooltip=False) and "<title>" not in back_svg(tooltip=False)
    shown = [
        tile_html(Shown(Tile(6, 4), trump=True, playable=False, reason="You must follow fives."), 1.0),
        tile_html(Shown(None), 0.3),
        _tile(Tile(6, 4), None, best=True),
        _tile(Tile(6, 4), None, hidden=True),
        _tiles_html(("6-4", "5-5"), "6", True, "The hand"),
    ]
    for html in shown:
        assert "<svg" in html and "aria-label=" in html and "<title>" not in html, html
    assert 'aria-label="6-4, trump, not playable: You must follow fives."' in shown[0]


def test_a_strong_bid_shows_the_chance_to_win_the_game_each_choice_leaves() -> None:
    """The explanation table of a strong bid (playing for the game): one column with the
    chance of winning the game each bid or pass leaves, in percent, the chosen one highest."""
    from engine.players import make_bot
    from tutorial.services.describe import decision_frame

    g = Game.new(RuleSet(), seed=3)
    seat = g.to_act
    assert seat is not None
    d = make_bot("strong", seed=0, bid_samples=6, bid_screen=3).decide(g.view(seat))
    frame = decision_frame(d)
    col = frame["Chance to win the game"]
    assert len(col) == len(d.explanation.candidates) and col.between(0, 100).all()
    assert frame["Chosen"].iloc[0] == "✓" and col.iloc[0] == col.max()
    assert "Rule-of-thumb score" not in frame.columns
    # It is what the bid was chosen on: charted, and shown before the chances of making each bid.
    from tutorial.services.describe import decision_metric

    assert decision_metric(d) == ("game_chance", "Chance to win the game (%)")
    assert list(frame.columns[:4]) == ["Move", "Chosen", "Chance to win the game", "Chance to make the bid"]


def test_the_numbers_of_a_bid_name_each_trump_as_a_suit_not_a_bare_number() -> None:
    """After the hand a strong bid's table says with which trump each bid was counted: by its
    name ("threes", "doubles", "no trump"), never a bare "3"."""
    from engine.players import make_bot
    from tutorial.services.describe import decision_frame, decision_lines

    g = Game.new(RuleSet(), seed=3)
    seat = g.to_act
    assert seat is not None
    d = make_bot("strong", seed=0, bid_samples=6, bid_screen=3).decide(g.view(seat))
    frame = decision_frame(d)
    named = [v for v in frame["With trump"] if isinstance(v, str)]
    assert named and set(named) <= {t.name for t in RuleSet().trumps}, named
    assert not re.search(r"With trump: \d", decision_lines(frame)), decision_lines(frame)


@pytest.mark.parametrize(("level", "phase"), [("strong", "bidding"), ("strong", "playing"), ("basic", "playing"),
                                              ("basic", "bidding")])
def test_the_charted_number_is_a_column_of_the_table(level: str, phase: str) -> None:
    """Whatever a decision is charted on (the chance to win the game, to make or set the bid,
    a rule-of-thumb score), its column is in the explanation table, under the chart's title."""
    from engine.players import make_bot
    from tutorial.services.describe import decision_frame, decision_metric, metric_column

    g = Game.new(RuleSet(), seed=5)
    while g.phase != phase:
        g.apply(g.legal_actions()[-1] if g.phase == "bidding" else g.legal_actions()[0])
    seat = g.to_act
    assert seat is not None
    d = make_bot(level, seed=0, **({"bid_samples": 6, "bid_screen": 3} if level == "strong" else {})).decide(
        g.view(seat))
    metric = decision_metric(d)
    assert metric is not None
    col = metric_column(metric)
    assert col in decision_frame(d).columns and metric[1].startswith(col)
