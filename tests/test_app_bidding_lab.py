"""AppTest: the Bidding lab (deal or type a hand, simulate, table and heatmap)."""

from __future__ import annotations

from tutorial.testing import errors, open_app


def test_lab_simulates_a_dealt_hand() -> None:
    at = open_app("bidding")
    assert not at.exception, errors(at)
    at.slider(key="lab-samples").set_value(10).run()
    at.button(key="lab-run").click().run()
    assert not at.exception, errors(at)
    table = next(df.value for df in at.dataframe if "Average tricks" in df.value.columns)
    assert len(table) == 9  # every trump of the classic rules
    assert at.get("plotly_chart")


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
