"""AppTest: the presenter view (by link, from the Classroom, a deck) and the Classroom's lesson
deck builder (add, reorder, save, load a bad file, present)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tutorial.components.presenter import UNSAID_RULES
from tutorial.services.decks import DECK_FORMAT, Deck, DeckEntry, deck_token, dump_deck, load_deck
from tutorial.testing import PAGE_FILES, errors, open_app, texts

BASIC = {"moon_class_level": "basic"}


def _stage(at: AppTest) -> dict[str, str]:
    html = " ".join(str(m.value) for m in at.markdown)
    m = re.search(r'<section class="pres-stage" data-count="(\d+)" data-asking="(\d)" data-revealed="(\d)".*?</section>',
                  html, re.S)
    assert m, "no stage on the page"
    return {"count": m.group(1), "asking": m.group(2), "revealed": m.group(3), "html": m.group(0)}


def test_presenter_with_nothing_to_show_points_to_the_classroom() -> None:
    at = open_app("presenter")
    assert not at.exception, errors(at)
    assert "Nothing to present yet" in texts(at)


def test_a_deal_link_opens_at_the_move_and_steps() -> None:
    at = open_app("presenter", query={"deal": "12", "computer": "basic", "move": "5"})
    assert not at.exception, errors(at)
    assert _stage(at)["count"] == "5"
    at.button(key="pres-forward").click().run()
    assert _stage(at)["count"] == "6"
    assert at.query_params["move"] == ["6"] or at.query_params["move"] == "6"
    at.button(key="pres-back").click().run()
    at.button(key="pres-back").click().run()
    assert _stage(at)["count"] == "4"
    # The twins a clicker's Page Down / Page Up press step the same way.
    at.button(key="pres-forward-page").click().run()
    assert _stage(at)["count"] == "5"
    at.button(key="pres-back-page").click().run()
    assert _stage(at)["count"] == "4"


def test_a_deal_is_worked_out_once_per_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second session opening the same deal gets the hand the first worked out (the
    server-wide cache), drawn the same, with no progress bar left on the page."""
    from tutorial.components import presentation

    made: list[int] = []
    real = presentation.generate_hand

    def counted(*args: Any, **kwargs: Any) -> Any:
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(presentation, "generate_hand", counted)
    query = {"deal": "31", "computer": "basic", "move": "3"}
    first = open_app("presenter", query=query)
    second = open_app("presenter", query=query)
    assert not first.exception and not second.exception, errors(first) + errors(second)
    assert made == [1]
    assert _stage(first)["html"] == _stage(second)["html"]
    assert not second.get("progress")


def test_pause_and_ask_hides_the_other_hands_then_reveals_the_answer() -> None:
    at = open_app("presenter", query={"deal": "12", "computer": "basic", "move": "10"})
    open_tiles = _stage(at)["html"].count('class="moon-tile"')
    at.button(key="pres-ask").click().run()
    s = _stage(at)
    assert s["asking"] == "1" and s["revealed"] == "0"
    assert "The computer:" not in s["html"]
    p = at.session_state["moon_presenter"]
    q = p.hand.question(10)
    hidden = sum(len(h) for seat, h in enumerate(p.hand.scenes[10].hands) if seat != q.seat)
    # Every other hand face down, and the tile laid aside (face down while the hands are hidden).
    assert p.hand.scenes[10].discard is not None
    assert s["html"].count('class="moon-tile moon-back"') == hidden + 1 and hidden > 0
    assert s["html"].count('class="moon-tile"') == open_tiles - hidden - 1
    from tutorial.components.presentation import asked

    assert asked(at.session_state["moon_presenter"]) == q  # what a live class would hang answers on
    assert at.query_params["ask"] in ("1", ["1"])  # the address says the room is asked: a reload keeps it
    again = open_app("presenter", query={"deal": "12", "computer": "basic", "move": "10", "ask": "1"})
    assert _stage(again)["asking"] == "1" and _stage(again)["html"] == s["html"]
    at.button(key="pres-forward").click().run()  # → reveals
    s = _stage(at)
    assert s["revealed"] == "1" and s["count"] == "10"
    words = re.sub(r"<[^>]+>", "", s["html"])  # the words, without the spans that keep tile names whole
    assert f"The computer: {q.answer.headline}" in words and q.answer.reason.split(".")[0] in words
    assert at.query_params["ask"] in ("revealed", ["revealed"])
    again = open_app("presenter", query={"deal": "12", "computer": "basic", "move": "10", "ask": "revealed"})
    assert _stage(again)["revealed"] == "1"
    at.button(key="pres-forward").click().run()  # → on to the move, every hand open again
    s = _stage(at)
    assert s["count"] == "11" and s["asking"] == "0" and "moon-back" not in s["html"]
    assert "ask" not in at.query_params


def test_numbers_only_on_request() -> None:
    at = open_app("presenter", query={"deal": "12", "computer": "basic", "move": "12"})
    assert "pres-numbers" not in _stage(at)["html"]
    at.button(key="pres-numbers").click().run()
    assert 'class="pres-numbers"' in _stage(at)["html"]


def test_a_bad_link_says_what_is_wrong() -> None:
    for query in ({"deal": "twelve"}, {"deal": "3", "players": "5"}, {"deal": "3", "rules": "min_bid:x"},
                  {"deal": "3", "computer": "genius"}, {"deck": "!!notadeck"}):
        at = open_app("presenter", query=query)
        assert not at.exception, errors(at)
        assert at.error, query


def test_present_from_the_classroom_keeps_the_move() -> None:
    at = open_app("classroom", state=BASIC)
    at.text_input(key="class-deal").set_value("12").run()
    at.button(key="class-go").click().run()
    at.button(key="class-forward").click().run()
    count = at.session_state["moon_class_count"]
    assert any("/presenter?deal=12" in str(m.value) for m in at.markdown)
    at.button(key="class-present").click().run()
    assert not at.exception, errors(at)
    assert _stage(at)["count"] == str(count)
    at.switch_page(PAGE_FILES["presenter"]).run()
    at.button(key="pres-forward").click().run()
    assert _stage(at)["count"] == str(count + 1)


def _open_deck_builder(deal: str = "12") -> AppTest:
    at = open_app("classroom", state=BASIC)
    at.text_input(key="class-deal").set_value(deal).run()
    at.button(key="class-go").click().run()
    return at


def test_build_a_deck_save_it_and_present_it() -> None:
    at = _open_deck_builder()
    at.button(key="class-forward").click().run()
    count = at.session_state["moon_class_count"]
    at.text_area(key="deck-note").set_value("Who bid, and why?").run()
    at.number_input(key="deck-more").set_value(2).run()
    at.button(key="deck-add-hand").click().run()
    at.button(key="class-forward").click().run()
    at.checkbox(key="deck-ask").check().run()
    at.button(key="deck-add-hand").click().run()
    assert not at.exception, errors(at)
    deck = at.session_state["moon_deck"]
    first = deck.entries[0]
    assert (first.kind, first.deal, first.move, first.end, first.note) == ("deal", 12, count, count + 2,
                                                                          "Who bid, and why?")
    assert deck.entries[1].ask and deck.entries[1].computer == "basic"
    at.button(key="deck-up-1").click().run()
    assert at.session_state["moon_deck"].entries[0].ask
    save = [b for b in at.get("download_button") if b.proto.label == "Save the deck (JSON)"]
    assert save and not save[0].proto.disabled
    saved = load_deck(dump_deck(at.session_state["moon_deck"]))
    assert [e.to_json() for e in saved.entries] == [e.to_json() for e in at.session_state["moon_deck"].entries]
    at.button(key="deck-present").click().run()
    assert not at.exception, errors(at)
    at.switch_page(PAGE_FILES["presenter"]).run()  # AppTest stays on the page it last switched to
    s = _stage(at)
    assert s["asking"] == "1" and "Who bid" not in s["html"]
    at.button(key="pres-forward").click().run()  # reveal
    at.button(key="pres-forward").click().run()  # entry 2 starts: its note beside the table
    s = _stage(at)
    assert "Who bid, and why?" in s["html"] and s["count"] == str(count)


def test_a_bad_deck_file_names_the_entry_and_keeps_the_deck() -> None:
    at = _open_deck_builder("7")
    at.button(key="deck-add-hand").click().run()
    deck = at.session_state["moon_deck"]
    bad = {"format": DECK_FORMAT, "entries": [{"kind": "deal", "deal": 3}, {"kind": "deal", "deal": 3, "move": -1}]}
    at.file_uploader(key="deck-upload").set_value(("d.json", json.dumps(bad).encode(), "application/json")).run()
    assert not at.exception, errors(at)
    msg = at.error[0].value.replace("\\", "")
    assert "Entry 2 (deal), field 'move'" in msg and "unchanged" in msg
    assert at.session_state["moon_deck"] is deck
    good = Deck("Loaded", (DeckEntry("deal", deal=5, computer="basic", move=3),))
    at.file_uploader(key="deck-upload").set_value(("g.json", dump_deck(good).encode(), "application/json")).run()
    assert not at.exception, errors(at)
    assert at.session_state["moon_deck"].title == "Loaded"


def test_a_deck_link_steps_through_its_entries() -> None:
    deck = Deck("Two deals", (DeckEntry("deal", deal=5, computer="basic", move=3, to=4, note="First"),
                              DeckEntry("deal", deal=6, computer="basic", move=0, note="Second")))
    at = open_app("presenter", query={"deck": deck_token(deck)})
    assert not at.exception, errors(at)
    s = _stage(at)
    assert s["count"] == "3" and "First" in s["html"] and "Two deals · slide 1 of " in s["html"]
    at.button(key="pres-forward").click().run()
    assert _stage(at)["count"] == "4"
    at.button(key="pres-forward").click().run()
    s = _stage(at)
    assert s["count"] == "0" and "Second" in s["html"] and "Two deals · slide 3 of " in s["html"]
    assert at.button(key="pres-forward").disabled
    at.button(key="pres-back").click().run()
    assert _stage(at)["count"] == "4"
    # A deck's hand asked at a slide, from its address (a reload): asked, with the hands hidden.
    asked_at = open_app("presenter", query={"deck": deck_token(deck), "slide": "1", "ask": "1"})
    s = _stage(asked_at)
    assert s["count"] == "4" and s["asking"] == "1" and "moon-back" in s["html"]


def test_a_note_slide_shows_the_teachers_words_with_nothing_to_ask() -> None:
    deck = Deck("With a note", (DeckEntry("deal", deal=5, computer="basic", move=3),
                                DeckEntry("note", title="Remember <this>", note="Trumps first.\nThen the rest.")))
    at = open_app("presenter", query={"deck": deck_token(deck), "slide": "1", "ask": "1"})
    assert not at.exception, errors(at)
    s = _stage(at)
    assert s["asking"] == "0" and 'class="pres-body pres-solo"' in s["html"] and "moon-tile" not in s["html"]
    assert "Remember &lt;this&gt;" in s["html"] and "Trumps first." in s["html"]  # shown literally
    assert "With a note · slide 2 of 2" in s["html"]
    assert at.button(key="pres-ask").disabled and at.button(key="pres-forward").disabled
    assert "pres-numbers" not in {b.key for b in at.button}  # no figures on a note
    at.button(key="pres-back").click().run()
    assert _stage(at)["count"] == "3" and at.button(key="pres-numbers") is not None



def test_a_puzzle_or_level_slide_offers_no_numbers() -> None:
    """"Show the numbers" is a hand's: on a puzzle or a lesson level it would change nothing."""
    deck = Deck("Items", (DeckEntry("puzzle", ref="play-3104"), DeckEntry("level", ref="doubles-big-tiles")))
    for slide in ("0", "1"):
        at = open_app("presenter", query={"deck": deck_token(deck), "slide": slide})
        assert not at.exception, errors(at)
        assert "pres-numbers" not in {b.key for b in at.button}, slide


def test_jump_to_goes_straight_to_a_move_and_a_slide() -> None:
    """The presenter's "Jump to" slider goes to any move of a hand (or slide of a deck) at
    once, and the address follows (so a reload keeps the place)."""
    at = open_app("presenter", query={"deal": "12", "computer": "basic", "move": "5"})
    assert not at.exception, errors(at)
    jump = at.select_slider(key="pres-jump")
    assert jump.value == "Move 5" and jump.options[0] == "The deal"
    jump.set_value("Move 20").run()
    assert _stage(at)["count"] == "20"
    assert at.query_params["move"] in (["20"], "20")
    assert at.select_slider(key="pres-jump").value == "Move 20"
    at.button(key="pres-forward").click().run()
    assert _stage(at)["count"] == "21" and at.select_slider(key="pres-jump").value == "Move 21"
    deck = Deck(title="Jumps", entries=(DeckEntry(kind="note", title="One", note="first"),
                                        DeckEntry(kind="note", title="Two", note="second"),
                                        DeckEntry(kind="note", title="Three", note="third")))
    at = open_app("presenter", query={"deck": deck_token(deck)})
    assert at.select_slider(key="pres-jump").options == ["Slide 1", "Slide 2", "Slide 3"]
    at.select_slider(key="pres-jump").set_value("Slide 3").run()
    assert "third" in _stage(at)["html"] and at.query_params["slide"] in (["2"], "2")


def test_a_typed_deal_link_and_an_old_deck_say_their_classic_rules_after_a_reload() -> None:
    """A deal link typed without players or rules, and an old deck whose entry names no rules,
    play the classic rules and say so beside the move; the address they write back keeps
    that, so a reload (a new session on the same address) still says it."""
    at = open_app("presenter", query={"deal": "12", "players": "3", "computer": "basic", "move": "5"})
    assert UNSAID_RULES not in _stage(at)["html"]  # this one names them
    at = open_app("presenter", query={"deal": "12", "computer": "basic"})
    assert UNSAID_RULES in _stage(at)["html"]
    at.button(key="pres-forward").click().run()
    query = {k: v[0] if isinstance(v, list) else v for k, v in at.query_params.items()}
    assert "players" not in query and query["move"] == "1", query
    again = open_app("presenter", query=query)
    assert UNSAID_RULES in _stage(again)["html"] and _stage(again)["count"] == "1"
    old = json.dumps({"format": DECK_FORMAT, "title": "Old", "entries": [{"kind": "deal", "deal": 12, "move": 3, "to": 5,
                                                                          "computer": "basic"}]})
    at = open_app("presenter", query={"deck": deck_token(load_deck(old.encode()))})
    assert UNSAID_RULES in _stage(at)["html"]
    at.button(key="pres-forward").click().run()
    query = {k: v[0] if isinstance(v, list) else v for k, v in at.query_params.items()}
    again = open_app("presenter", query=query)
    assert UNSAID_RULES in _stage(again)["html"]


def test_the_presenter_has_no_large_tiles_switch_and_keeps_the_classrooms() -> None:
    """The presenter is always drawn for a projector: no "Large tiles" switch there and no
    large-tiles sheet over its own sizes; the Classroom's switch is still on after it."""
    from tutorial.components import css, state

    at = open_app("classroom", state={state.LARGE: True})
    assert at.toggle(key=state.LARGE).value
    at.switch_page(PAGE_FILES["presenter"]).run()
    assert not at.exception, errors(at)
    assert not [t for t in at.toggle if t.key == state.LARGE]
    large = css.sheet("large_tiles")
    assert not any(large in str(m.value) for m in at.markdown)
    at.switch_page(PAGE_FILES["classroom"]).run()
    assert at.toggle(key=state.LARGE).value
    assert any(large in str(m.value) for m in at.markdown)


def test_the_numbers_button_only_where_there_are_numbers() -> None:
    """"Show the numbers" is offered only on a slide with figures: not at the deal (no move
    yet), nor while a question is open (its answer's figures come with the reveal)."""
    at = open_app("presenter", query={"deal": "12", "computer": "strong", "move": "0"})
    assert "pres-numbers" not in {b.key for b in at.button}
    at.button(key="pres-forward").click().run()
    assert "pres-numbers" in {b.key for b in at.button}
    at.button(key="pres-ask").click().run()
    assert "pres-numbers" not in {b.key for b in at.button}
    at.button(key="pres-forward").click().run()  # the reveal: the computer's answer and its figures
    assert _stage(at)["revealed"] == "1" and "pres-numbers" in {b.key for b in at.button}


def test_the_reveal_says_why_the_other_plays_are_worse() -> None:
    """At a revealed question of the strong computer, the stage says why each other legal play
    is worse, in plain words: every one of them, in one line."""
    at = open_app("presenter", query={"deal": "12", "players": "3", "computer": "strong", "move": "12",
                                      "ask": "revealed"})
    assert not at.exception, errors(at)
    p = at.session_state["moon_presenter"]
    q = p.hand.question(12)
    assert q.worse, "move 12 of deal 12 has a legal play the strong computer rates worse"
    words = re.sub(r"<[^>]+>", "", _stage(at)["html"]).replace("&#x27;", "'")
    assert q.worse_all and q.worse_all in words, (q.worse_all, words)
    assert q.worse_all.startswith("Worse: ") and "%" not in q.worse_all, q.worse_all  # plain: no figures
    named = re.findall(r"\d-\d", q.worse_all)
    assert sorted(named) == sorted(action.split()[-1] for action, _note in q.worse), (q.worse, q.worse_all)
