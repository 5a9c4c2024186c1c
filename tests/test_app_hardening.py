"""AppTest: bad links, deal-number boxes and uploads get a clear message and change nothing;
the Bidding lab's work has a budget; long games chart sensibly."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, RuleSet, parse_tiles
from store.stats import Summary
from tutorial.services.bidding import MAX_SAMPLES, max_samples, simulate
from tutorial.services.charts import MARKED_HANDS, score_chart
from tutorial.services.progress import ProgressError, check_file
from tutorial.services.records import RecordError, hand_record, load_hand
from tutorial.services.urlstate import LinkError, decode, parse_deal_number
from tutorial.testing import click, errors, keys, open_app

STEP = {"moon_play_mode": "step"}
#: An error banner repeats at most ~80 characters of the bad input, plus its own sentence.
MAX_BANNER = 600

NINES_50K = "9" * 50_000
BAD_LINKS = [
    {"deal": "²"},
    {"deal": "1", "seat": "²"},
    {"deal": "1", "rules": "min_bid:²"},
    {"deal": "1", "moves": "b²"},
    {"deal": NINES_50K},
    {"deal": "1", "rules": "target:" + "9" * 5000},
    {"deal": "٤٢"},
    {"deal": "1", "rules": "target:999"},
    {"deal": "1", "moves": "~".join(["p.p.p"] * 3300)},
]
IDS = ["deal-sup2", "seat-sup2", "min_bid-sup2", "moves-b-sup2", "deal-50k-nines", "target-5000-nines",
       "deal-arabic-42", "target-999", "moves-3300-passed-hands"]


def banner(at: object) -> str:
    return at.error[0].value.replace("\\", "")  # type: ignore[attr-defined]


def long_game_record() -> dict:  # type: ignore[type-arg]
    g = Game.new(RuleSet(), seed=1)
    for _ in range(60):
        for _ in range(3):
            g.apply("pass")
        g.next_hand()
    return g.record()


# -- links ------------------------------------------------------------------------------------


@pytest.mark.parametrize("query", BAD_LINKS, ids=IDS)
def test_bad_link_services_raise_link_error_with_a_short_message(query: dict[str, str]) -> None:
    with pytest.raises(LinkError) as info:
        req = decode(query)
        from tutorial.services.urlstate import replay

        replay(req.setup, req.moves)
    assert len(str(info.value)) < MAX_BANNER


@pytest.mark.parametrize("query", BAD_LINKS, ids=IDS)
def test_bad_link_without_a_game_shows_a_message(query: dict[str, str]) -> None:
    at = open_app("play", query)
    assert not at.exception, errors(at)
    assert at.error, f"no message for {list(query)}"
    assert len(banner(at)) < MAX_BANNER
    assert at.session_state["moon_play"] is None if "moon_play" in at.session_state else True


def test_bad_links_keep_the_game_on_screen() -> None:
    at = open_app("play", {"deal": "5"}, state=STEP)
    sess = at.session_state["moon_play"]
    click(at, keys(at, "bid-")[0]) if sess.is_human_turn() else click(at, "next-move")
    moves = list(sess.game.history)
    for bad in BAD_LINKS:
        at.query_params.clear()
        at.query_params.update(bad)
        at.run()
        assert not at.exception, errors(at)
        assert at.error, f"no message for {list(bad)}"
        assert "unchanged" in banner(at)
        assert len(banner(at)) < MAX_BANNER
        assert at.session_state["moon_play"] is sess
        assert list(sess.game.history) == moves


def test_link_messages_say_what_is_wrong() -> None:
    def msg(q: dict[str, str]) -> str:
        with pytest.raises(LinkError) as info:
            decode(q)
        return str(info.value)

    assert "digits 0-9" in msg({"deal": "٤٢"})
    assert "too large" in msg({"deal": NINES_50K})
    assert "1 to 250" in msg({"deal": "1", "rules": "target:" + "9" * 5000})
    assert "1 to 250" in msg({"deal": "1", "rules": "target:999"})
    assert "digits 0-9" in msg({"deal": "1", "rules": "min_bid:²"})
    assert "not a seat" in msg({"deal": "1", "seat": "²"})
    assert "not a move" in msg({"deal": "1", "moves": "b²"})
    assert "at most 200" in msg({"deal": "1", "moves": "~".join(["p.p.p"] * 3300)})
    assert parse_deal_number("0042") == 42


@given(
    deal=st.text(max_size=30) | st.from_regex(r"\A[0-9]{1,25}\Z"),
    seat=st.text(max_size=4),
    rules=st.text(max_size=40) | st.builds(lambda k, v: f"{k}:{v}", st.sampled_from(["target", "min_bid", "players", "no_trump"]), st.text(max_size=8)),
    moves=st.text(alphabet="pbdtn0123456789.~²٤ ", max_size=60),
)
@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_any_link_parameters_raise_only_link_error(deal: str, seat: str, rules: str, moves: str) -> None:
    from tutorial.services.urlstate import replay

    try:
        req = decode({"deal": deal, "seat": seat, "rules": rules, "moves": moves})
        replay(req.setup, req.moves)
    except LinkError as e:
        assert len(str(e)) < MAX_BANNER


# -- deal-number boxes ------------------------------------------------------------------------


@pytest.mark.parametrize("raw", ["²", "٤٢", NINES_50K, "-1", "1e9"])
def test_play_deal_box(raw: str) -> None:
    at = open_app("play", {"deal": "5"}, state=STEP)
    sess = at.session_state["moon_play"]
    moves = list(sess.game.history)
    at.session_state["new-game-box"] = True
    at.run()
    at.toggle(key="play-random").set_value(False).run()
    at.text_input(key="play-deal").set_value(raw).run()
    click(at, "new-game")
    assert not at.exception, errors(at)
    assert at.error and "deal number" in banner(at) and len(banner(at)) < MAX_BANNER
    assert at.session_state["moon_play"] is sess and list(sess.game.history) == moves


@pytest.mark.parametrize("raw", ["²", "٤٢", NINES_50K])
def test_classroom_deal_box(raw: str) -> None:
    at = open_app("classroom", state={"moon_class_level": "basic"})
    at.text_input(key="class-deal").set_value(raw).run()
    at.button(key="class-go").click().run()
    assert not at.exception, errors(at)
    assert at.error and "deal number" in banner(at) and len(banner(at)) < MAX_BANNER
    assert at.session_state["moon_class_timeline"] is None if "moon_class_timeline" in at.session_state else True


@pytest.mark.parametrize("raw", ["²", "٤٢", NINES_50K])
def test_bidding_lab_deal_box_recovers_when_fixed(raw: str) -> None:
    at = open_app("bidding")
    at.text_input(key="lab-deal").set_value("5").run()
    hand = at.session_state["moon_lab_hand"]
    at.text_input(key="lab-deal").set_value(raw).run()
    assert not at.exception, errors(at)
    assert at.error and "deal number" in banner(at) and len(banner(at)) < MAX_BANNER
    assert at.session_state["moon_lab_hand"] == hand  # the hand on screen is kept
    at.text_input(key="lab-deal").set_value("6").run()
    assert not at.exception and not at.error
    assert at.session_state["moon_lab_hand"] == tuple(sorted(Game.new(RuleSet(), 6).hands[0]))


# -- uploads ----------------------------------------------------------------------------------

DEEP = b"[" * 100_000 + b"]" * 100_000
DEEP_SMALL = b'{"format": "moon-tutor-progress", "stars": ' + b"[" * 40_000 + b"]" * 40_000 + b"}"
HUGE_INT = b'{"format": "moon-tutor-record", "rules": {}, "seed": ' + b"9" * 5000 + b', "hands": []}'
HUGE_INT_PROGRESS = b'{"format": "moon-tutor-progress", "hands_played": ' + b"9" * 5000 + b"}"


@pytest.mark.parametrize(("data", "reason"), [(DEEP[:150_000], "nested too deeply"), (HUGE_INT, "thousands of digits")],
                         ids=["deep", "huge-int"])
def test_hand_record_uploads_that_would_crash_the_parser(data: bytes, reason: str) -> None:
    with pytest.raises(RecordError) as info:
        load_hand(data)
    assert reason in str(info.value)
    at = open_app("classroom", state={"moon_class_level": "basic"})
    g = Game.new(RuleSet(), 3)
    while g.phase not in ("hand_over", "game_over"):
        g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
    good = json.dumps(hand_record(g.record(), 0)).encode()
    at.file_uploader(key="class-upload").set_value(("hand.json", good, "application/json")).run()
    t = at.session_state["moon_class_timeline"]
    at.file_uploader(key="class-upload").set_value(("bad.json", data, "application/json")).run()
    assert not at.exception, errors(at)
    assert at.error and "This file cannot be used" in banner(at) and reason in banner(at)
    assert at.session_state["moon_class_timeline"] is t


@pytest.mark.parametrize(("data", "reason"), [(DEEP_SMALL, "nested too deeply"), (HUGE_INT_PROGRESS, "thousands of digits")],
                         ids=["deep", "huge-int"])
def test_progress_uploads_that_would_crash_the_parser(data: bytes, reason: str) -> None:
    with pytest.raises(ProgressError) as info:
        check_file(data)
    assert reason in str(info.value)
    at = open_app("learn", state={"moon_progress": Summary(stars={"x": 2})})
    at.file_uploader(key="progress-upload").set_value(("p.json", data, "application/json")).run()
    assert not at.exception, errors(at)
    assert at.error and "This file cannot be used" in banner(at) and reason in banner(at)
    assert at.session_state["moon_progress"].stars == {"x": 2}


@pytest.mark.parametrize("data", [b"", b"  \n"], ids=["0-byte", "blank"])
def test_an_empty_file_is_said_to_be_empty_not_cut_off(data: bytes) -> None:
    with pytest.raises(RecordError) as record:
        load_hand(data)
    with pytest.raises(ProgressError) as progress:
        check_file(data)
    assert str(record.value) == "This file is empty: it holds no hand record."
    assert str(progress.value) == "This file is empty: it holds no progress."


def test_a_malformed_hand_record_names_the_field() -> None:
    rec = {"rules": {}, "seed": 1, "hands": [{"dealt": "given", "hands": [None, None, None], "widow": 5}]}
    with pytest.raises(RecordError) as info:
        load_hand(json.dumps(rec))
    assert "field 'hands'" in str(info.value)


# -- bounded work ------------------------------------------------------------------------------


def test_simulation_is_capped_and_stops_at_its_time_limit_with_partial_results() -> None:
    hand = parse_tiles("6-6 6-5 6-4 6-3 5-5 4-4 2-1")
    ticks = iter(range(1000))
    seen: list[float] = []
    res = simulate(RuleSet(), hand, samples=10_000, seed=1, time_limit=2.5, clock=lambda: float(next(ticks)),
                   progress=seen.append, chunk=1)
    assert res.requested == MAX_SAMPLES[3] == max_samples(RuleSet())
    assert res.samples == 3 and not res.complete  # clock: start 0, then 1, 2, 3 > 2.5
    assert {len(r) for r in res.tricks.values()} == {3}  # every trump on the same deals
    assert seen == [1 / 200, 2 / 200, 3 / 200]
    full = simulate(RuleSet(), hand, samples=12, seed=1)
    assert full.complete and full.samples == 12
    calls: list[int] = []

    def runner(fn, args):  # type: ignore[no-untyped-def]
        calls.append(len(args[3]))
        return fn(*args)

    chunked = simulate(RuleSet(), hand, samples=12, seed=1, runner=runner, chunk=5)
    assert calls == [5, 5, 2] and chunked.tricks == full.tricks


def test_bidding_lab_four_players_slider_is_capped_and_partial_results_are_said() -> None:
    at = open_app("bidding", state={"moon_lab_players": 4})
    assert not at.exception, errors(at)
    assert at.slider(key="lab-samples").max == MAX_SAMPLES[4]


def test_long_games_chart_without_markers_or_a_tick_per_hand() -> None:
    rec = long_game_record()
    hands = list(range(1, len(rec["hands"]) + 1))
    fig = score_chart(hands, [(0, 0, 0)] * len(hands), ["A", "B", "C"], 21, "points")
    assert len(hands) > MARKED_HANDS
    assert all(tr.mode == "lines" for tr in fig.data)
    assert fig.layout.xaxis.dtick is None
    short = score_chart([1, 2], [(1, 0, 0), (2, 0, 0)], ["A", "B", "C"], 21, "points")
    assert all(tr.mode == "lines+markers" for tr in short.data) and short.layout.xaxis.dtick == 1


@pytest.mark.parametrize("query", [{"deal": "²"}, {"deal": "٤٢"}, {"deal": NINES_50K}, {"deal": "12", "move": "²"}],
                         ids=["sup2", "arabic-42", "50k-nines", "move-sup2"])
def test_presenter_link_with_bad_numbers(query: dict[str, str]) -> None:
    at = open_app("presenter", query={**query, "computer": "basic"})
    assert not at.exception, errors(at)
    if query["deal"] != "12":
        assert at.error and "deal number" in banner(at) and len(banner(at)) < MAX_BANNER
