"""AppTest: the Classroom (deal by number, load a record, step back and forth with
commentary, download, bad files, the address that keeps the hand, its move and the deck)."""

from __future__ import annotations

import json

from engine import Game, RuleSet
from tutorial.services.records import hand_record
from tutorial.services.text import md_escape
from tutorial.testing import errors, open_app, texts

BASIC = {"moon_class_level": "basic"}


def _played_record(seed: int = 3) -> dict:  # type: ignore[type-arg]
    g = Game.new(RuleSet(), seed)
    while not g.hand_finished:
        g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
    return hand_record(g.record(), 0)


def test_classroom_opens_empty() -> None:
    at = open_app("classroom")
    assert not at.exception, errors(at)
    assert "Choose a hand above" in texts(at)


def test_deal_by_number_and_step_trick_by_trick() -> None:
    at = open_app("classroom", state=BASIC)
    at.text_input(key="class-deal").set_value("12").run()
    at.button(key="class-go").click().run()
    assert not at.exception, errors(at)
    t = at.session_state["moon_class_timeline"]
    assert t is not None and at.session_state["moon_class_count"] == 0
    # Every hand face up: one tile row per seat.
    html = " ".join(str(m.value) for m in at.markdown)
    assert html.count("Seat 0&#x27;s tiles") + html.count("Seat 0's tiles") >= 1
    at.button(key="class-forward").click().run()
    first = at.session_state["moon_class_count"]
    assert first == t.stops[1].count
    assert "Commentary" in texts(at) and "says:" in texts(at)
    at.button(key="class-forward").click().run()
    assert at.session_state["moon_class_count"] == t.stops[2].count
    assert "Trick 1" in texts(at)
    at.button(key="class-back").click().run()
    assert at.session_state["moon_class_count"] == first
    at.button(key="class-forward1").click().run()
    assert at.session_state["moon_class_count"] == first + 1
    at.select_slider(key="class-stop").set_value(t.stops[-1].label).run()
    assert at.session_state["moon_class_count"] == len(t.hand.actions)
    assert at.success  # the hand result


def test_load_a_saved_record_and_download_it() -> None:
    at = open_app("classroom", state=BASIC)
    rec = _played_record()
    at.file_uploader(key="class-upload").set_value(("hand.json", json.dumps(rec).encode(), "application/json")).run()
    assert not at.exception, errors(at)
    t = at.session_state["moon_class_timeline"]
    assert t.hand.actions == rec["hands"][0]["actions"]
    assert at.get("download_button")


def test_bad_record_keeps_the_hand_on_screen() -> None:
    at = open_app("classroom", state=BASIC)
    at.file_uploader(key="class-upload").set_value(
        ("hand.json", json.dumps(_played_record()).encode(), "application/json")).run()
    t = at.session_state["moon_class_timeline"]
    for bad in (b"not json", json.dumps({"rules": {}, "seed": 1, "hands": [{"actions": ["play 6-6"]}]}).encode(),
                json.dumps({"format": "x"}).encode()):
        at.file_uploader(key="class-upload").set_value(("bad.json", bad, "application/json")).run()
        assert not at.exception, errors(at)
        assert at.error and "unchanged" in at.error[0].value.replace("\\", "")
        assert at.session_state["moon_class_timeline"] is t


def test_hands_played_in_the_app_are_listed() -> None:
    at = open_app("classroom", state=BASIC)
    at.text_input(key="class-deal").set_value("7").run()
    at.button(key="class-go").click().run()
    at.switch_page("views/classroom.py").run()
    assert at.button(key="class-show-0") is not None
    at.button(key="class-show-0").click().run()
    assert at.session_state["moon_class_timeline"].hand.record["seed"] == 7


def _address(at: object) -> dict[str, str]:
    return {k: (v[-1] if isinstance(v, list) else str(v)) for k, v in at.query_params.items()}  # type: ignore[attr-defined]


def test_the_address_keeps_the_hand_its_move_and_the_deck() -> None:
    from tutorial.services.decks import Deck, DeckEntry, deck_token

    at = open_app("classroom", state=BASIC)
    at.text_input(key="class-deal").set_value("12").run()
    at.button(key="class-go").click().run()
    at.button(key="class-forward").click().run()
    t = at.session_state["moon_class_timeline"]
    count = at.session_state["moon_class_count"]
    q = _address(at)
    assert (q["deal"], q["players"], q["computer"], q["move"]) == ("12", "3", "basic", str(count))
    # The commentary switched to the strong player: the hand was still played by the basic one.
    at.segmented_control(key="moon_class_level").set_value("strong").run()
    assert _address(at)["computer"] == "basic"
    # A reload (a new session on the same address) opens the same hand at the same move.
    deck = Deck(title="Friday", entries=(DeckEntry("deal", note="Look at trumps", deal=12, computer="basic", move=3),))
    again = open_app("classroom", query={**q, "deck": deck_token(deck)})
    assert not again.exception, errors(again)
    assert again.session_state["moon_class_timeline"].hand.actions == t.hand.actions
    assert again.session_state["moon_class_count"] == count
    assert again.session_state["moon_deck"] == deck
    assert any("Lesson deck: Friday (1 entry)" in str(e.label) for e in again.expander)


def test_a_hand_loaded_from_a_file_is_kept_by_the_address() -> None:
    at = open_app("classroom", state=BASIC)
    rec = _played_record()
    at.file_uploader(key="class-upload").set_value(("hand.json", json.dumps(rec).encode(), "application/json")).run()
    at.button(key="class-forward").click().run()
    at.button(key="class-forward1").click().run()
    assert not at.exception, errors(at)
    count = at.session_state["moon_class_count"]
    q = _address(at)
    assert "deal" not in q and q["move"] == str(count) and q["hand"]
    # A reload (a new session on the same address) opens the same hand at the same move.
    again = open_app("classroom", query=q, state=BASIC)
    assert not again.exception, errors(again)
    assert again.session_state["moon_class_timeline"].hand.actions == rec["hands"][0]["actions"]
    assert again.session_state["moon_class_count"] == count
    assert _address(again) == q
    # A damaged one says so and opens nothing.
    cut = open_app("classroom", query={"hand": q["hand"][:40], "move": "3"})
    assert "The hand in the address cannot be used" in " ".join(e.value for e in cut.error)
    assert cut.session_state["moon_class_timeline"] is None if "moon_class_timeline" in cut.session_state else True


def test_the_deck_builder_adds_a_note_slide() -> None:
    from tutorial.services.decks import DeckEntry

    at = open_app("classroom")
    at.toggle(key="deck-notes").set_value(True).run()
    at.button(key="deck-add-note").click().run()  # nothing typed: said, nothing added
    assert not at.exception, errors(at)
    assert "A note slide needs its words" in " ".join(e.value for e in at.error)
    assert "moon_deck" not in at.session_state or not at.session_state["moon_deck"].entries
    at.text_input(key="deck-slide-title").set_value("  Remember ").run()
    at.text_area(key="deck-slide-note").set_value("The highest trump always wins.").run()
    at.button(key="deck-add-note").click().run()
    assert not at.exception, errors(at)
    assert at.session_state["moon_deck"].entries == (
        DeckEntry("note", title="Remember", note="The highest trump always wins."),)
    assert md_escape("1. Note: Remember") in texts(at)  # listed in the deck
    assert at.text_input(key="deck-slide-title").value == "" and at.text_area(key="deck-slide-note").value == ""
    assert "deck" in _address(at)  # kept by the address like every entry


def test_a_bad_classroom_address_says_so_and_opens_nothing() -> None:
    at = open_app("classroom", query={"deal": "12", "move": "x"})
    assert not at.exception, errors(at)
    assert "is not a move number" in " ".join(e.value for e in at.error)
    assert "moon_class_timeline" not in at.session_state or at.session_state["moon_class_timeline"] is None
    at = open_app("classroom", query={"deck": "eJyrVkrLz1eyUkpKLFKqBQA"})  # cut off
    assert "This deck link is damaged" in " ".join(e.value for e in at.error)


def test_the_deck_builders_puzzle_picker_says_what_each_puzzle_asks() -> None:
    """A teacher picks a puzzle by what it asks: each option reads as the puzzle's question
    (its kind in words first), its difficulty in words and, last, its id; never the id alone
    with the kind's code name and a bare rating."""
    from tutorial.services.items import item_title, puzzles

    at = open_app("classroom")
    at.toggle(key="deck-items").set_value(True).run()
    assert not at.exception, errors(at)
    pick = at.selectbox(key="deck-puzzle")
    by_id = {p.id: p for p in puzzles()}
    assert len(pick.options) == len(by_id)
    for label in pick.options:
        pid = label.rsplit(" · ", 1)[-1]
        p = by_id[pid]
        assert label == f"{item_title(p, 120)} · {p.band} · {p.id}", label
        assert " ".join(p.question.split())[:30] in label and not label.startswith(p.id)
    trump = next(o for o in pick.options if o.endswith(" · is-trump-5037"))
    assert trump == "Is it a trump? Fives are trump. Is 5-5 a trump? · beginner · is-trump-5037"
    # The one picked is the one added.
    at.selectbox(key="deck-puzzle").select("hw-count-sixes-trump").run()
    at.button(key="deck-add-puzzle").click().run()
    assert not at.exception, errors(at)
    assert [(e.kind, e.ref) for e in at.session_state["moon_deck"].entries] == [("puzzle", "hw-count-sixes-trump")]
    # Under the picker, the chosen one's whole question.
    assert md_escape("Counting · beginner (rating 700): Sixes are trump in three-player Moon. How many trumps are "
                     "there?") in [c.value for c in at.caption]
