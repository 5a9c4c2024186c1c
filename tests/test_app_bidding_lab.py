"""AppTest: the Bidding lab (deal or type a hand, simulate, table and heatmap)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tutorial.testing import PAGE_FILES, errors, keys, open_app, play_hand

STEP = {"moon_play_mode": "step"}


def test_lab_simulates_a_dealt_hand() -> None:
    at = open_app("bidding")
    assert not at.exception, errors(at)
    at.slider(key="lab-samples").set_value(10).run()
    at.button(key="lab-run").click().run()
    assert not at.exception, errors(at)
    table = next(df.value for df in at.dataframe if "Average tricks" in df.value.columns)
    assert len(table) == 9  # every trump of the classic rules
    assert at.get("plotly_chart")


def test_lab_table_writes_each_column_in_one_number_format() -> None:
    """Every column of the lab's table has a fixed number of decimals: "Average tricks" said
    "4" beside "3.28" (a whole number lost its decimals); it says "4.00"."""
    import json

    at = open_app("bidding")
    at.slider(key="lab-samples").set_value(10).run()
    at.button(key="lab-run").click().run()
    shown = next(df for df in at.dataframe if "Average tricks" in df.value.columns)
    formats = {c: v["type_config"]["format"] for c, v in json.loads(shown.proto.columns).items()}
    assert set(formats) == set(shown.value.columns), formats
    assert formats["Average tricks"] == "%.2f", formats
    assert all(f == "%.0f%%" for c, f in formats.items() if c != "Average tricks"), formats


def test_lab_typed_hand_and_bad_hand() -> None:
    at = open_app("bidding")
    at.radio(key="lab-how").set_value("Type the tiles").run()
    at.text_input(key="lab-tiles").set_value("6-6 6-5 6-4").run()
    assert at.error and "7 tiles" in at.error[0].value.replace("\\", "")
    at.text_input(key="lab-tiles").set_value("6-6 6-5 6-4 6-3 6-2 6-1 5-0").run()
    assert at.error and "not in the 22-tile set" in at.error[0].value.replace("\\", "")
    at.text_input(key="lab-tiles").set_value("6-6 6-5 6-4 6-3 6-2 6-1 5-5").run()
    assert not at.error
    at.slider(key="lab-samples").set_value(10).run()
    at.button(key="lab-run").click().run()
    table = next(df.value for df in at.dataframe if "Average tricks" in df.value.columns)
    assert table.loc["sixes", "Bid 4"] >= table.loc["ones", "Bid 4"]


def test_bad_deal_number() -> None:
    at = open_app("bidding")
    at.text_input(key="lab-deal").set_value("twelve").run()
    assert at.error and "deal number" in at.error[0].value.replace("\\", "")



def _seat_shown(at: AppTest, seat: int) -> bool:
    """The lab dealt deal 5 for ``seat``: whether it shows the hand (and Simulate) or says no."""
    at.text_input(key="lab-deal").set_value("5").run()
    at.selectbox(key="lab-seat").set_value(seat).run()
    assert not at.exception, errors(at)
    refused = any("the hand you are playing on Play" in i.value for i in at.info)
    shown = bool(keys(at, "lab-run"))
    assert refused != shown
    return shown


def test_lab_keeps_the_computers_tiles_of_the_hand_being_played_hidden() -> None:
    """Play shows its game's deal number; the lab dealt by that number would show a computer's
    whole hand while the hand is on. It shows the learner's own seat, and the others with
    open hands or once the hand is over."""
    at = open_app("play", {"deal": "5"}, state=STEP)
    sess = at.session_state["moon_play"]
    you, other = sess.seat, (sess.seat + 1) % sess.players
    at.switch_page(PAGE_FILES["bidding"]).run()
    assert not _seat_shown(at, other)
    # Play calls it game 5, hand 1: the lab says so, not "Deal 5 is the hand you are playing".
    said = next(i.value for i in at.info if "you are playing on Play" in i.value)
    assert said.startswith("Deal number 5 deals the hand you are playing on Play (game 5, hand 1): "), said
    assert _seat_shown(at, you)
    sess.open_hands = True
    assert _seat_shown(at, other)
    sess.open_hands = False
    assert not _seat_shown(at, other)
    at.switch_page(PAGE_FILES["play"]).run()
    play_hand(at)
    assert at.session_state["moon_play"].game.hand_finished
    at.switch_page(PAGE_FILES["bidding"]).run()
    assert _seat_shown(at, other)


def test_lab_keeps_the_hidden_tiles_of_the_saved_game_in_another_tab() -> None:
    """The walk typed Play's deal number into the lab in a second tab: a new session, whose
    game is the learner's saved one. Its computers' tiles stay hidden there too."""
    from engine import Game, RuleSet
    from store import learners, open_store, saved_games
    from tutorial.services.urlstate import PlaySetup, encode

    db = open_store()
    me, token = learners.create(db)
    g = Game.new(RuleSet(), 5)
    for action in ("bid 4", "pass", "pass"):  # the auction over, the hand under way
        g.apply(action)
    assert not g.hand_finished
    saved_games.save(db, me.id, encode(PlaySetup(RuleSet(), 5), [[str(a) for _, a in g.history]]))
    at = open_app("home", {"me": token})
    at.switch_page(PAGE_FILES["bidding"]).run()
    assert "moon_play" not in at.session_state
    assert not _seat_shown(at, 1)
    assert _seat_shown(at, 0)
