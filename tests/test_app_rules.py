"""AppTest: the Rules page and the house-rules editor."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from engine import RuleSet
from tutorial.services.rules_text import SECTIONS, house_rules, short_summary
from tutorial.testing import errors, open_app, texts


def test_rules_page_has_every_section() -> None:
    at = open_app("rules")
    assert not at.exception, errors(at)
    heads = [h.value for h in at.header]
    for sec in SECTIONS:
        assert any(h.endswith(f" · {sec.title}") for h in heads), heads  # numbered as the rule book
    assert "None: these are the classic rules" in texts(at)


def test_house_rules_in_force_are_highlighted() -> None:
    at = open_app("rules", state={"moon_house_rules": RuleSet(min_bid=5, doubles_trump=False)})
    infos = " ".join(i.value for i in at.info)
    assert "Lowest bid: 5 tricks." in infos
    assert "Doubles may not be named trump." in infos
    side = " ".join(str(m.value) for m in at.sidebar.markdown)
    assert "2 house rules" in side


def _editor_open() -> AppTest:
    """The Rules page with its "Change the house rules" expander opened."""
    at = open_app("rules")
    at.session_state["rules-editor-box"] = True
    at.run()
    return at


def test_the_house_rules_editor_is_drawn_only_when_opened() -> None:
    """Closed (as the page opens), the expander holds none of the editor's widgets: each is
    a message to the browser on every run of the page."""
    at = open_app("rules")
    assert not at.exception, errors(at)
    assert not [r for r in at.radio if (r.key or "").startswith("rules-page-")]
    assert not [t for t in at.toggle if (t.key or "").startswith("rules-page-")]
    at.session_state["rules-editor-box"] = True
    at.run()
    assert at.radio(key="rules-page-rule-min_bid").value == RuleSet().min_bid
    assert at.toggle(key="rules-page-rule-doubles_trump").value is True


def test_editing_a_house_rule_updates_the_frame() -> None:
    at = _editor_open()
    at.radio(key="rules-page-rule-min_bid").set_value(5).run()
    assert at.session_state["moon_house_rules"].min_bid == 5
    assert "Lowest bid: 5 tricks." in " ".join(i.value for i in at.info)
    at.button(key="rules-page-reset").click().run()
    assert at.session_state["moon_house_rules"] == RuleSet()


def test_four_players_and_summaries() -> None:
    """The page opens on three players even when rules kept from before name four; its own
    switch shows the four-player rules, not as a house rule, and leaves the house rules as
    they are (they name no number of players: a game chooses it, on Play, so the editor here
    has none)."""
    at = open_app("rules", state={"moon_house_rules": RuleSet(players=4, min_bid=5)})
    assert not at.exception, errors(at)
    assert at.session_state["rules-view-players"] == 3
    infos = " ".join(i.value for i in at.info)
    assert "Four players" not in infos and "Lowest bid: 5 tricks." in infos
    assert "The number of players is chosen for each game" in texts(at)
    at.session_state["rules-editor-box"] = True
    at.run()
    assert not [r for r in at.radio if r.key == "rules-page-rule-players"]
    at.button_group(key="rules-view-players").set_value(4).run()
    infos = " ".join(i.value for i in at.info)
    assert "Four players in two partnerships" in infos and "House rule in force here:** Four" not in infos
    assert at.session_state["moon_house_rules"] == RuleSet(min_bid=5)
    assert at.query_params.get("players") == "4"
    assert short_summary(RuleSet(players=4)) == "4 players · classic rules"
    assert house_rules(RuleSet(scoring="marks"))[-1].startswith("Marks")


def test_every_section_cites_the_project_rule_book() -> None:
    from pathlib import Path

    from tutorial.services.rules_text import RULE_BOOK, RULE_BOOK_SECTIONS, citation

    book = (Path(__file__).resolve().parent.parent / RULE_BOOK).read_text(encoding="utf-8")
    heads = [line for line in book.splitlines() if line.startswith("## ")]
    assert [h.split(".")[0] for h in heads] == [f"## {i}" for i in range(1, 10)]
    assert sorted(RULE_BOOK_SECTIONS) == sorted(sec.key for sec in SECTIONS)
    assert sorted(RULE_BOOK_SECTIONS.values()) == list(range(1, 9))
    at = open_app("rules")
    # The page cites its sections as a learner can find them on it ("Rules §4", over the
    # section's heading), never by a file of the project the learner cannot open.
    headers = [h.value for h in at.header]
    for sec in SECTIONS:
        n = RULE_BOOK_SECTIONS[sec.key]
        assert citation(sec) == f"Rules §{n}"
        assert f"§{n} · {sec.title}" in headers
    shown = [*(c.value for c in at.caption), *(m.value for m in at.markdown), *headers]
    assert not [t for t in shown if RULE_BOOK in t or "docs/" in t]
