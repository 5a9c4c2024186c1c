"""Lesson decks as files and links: round trips, edits, and a clear message naming the entry
and the field for every kind of bad input."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from engine import Game, RuleSet
from tutorial.services.decks import (
    DECK_FORMAT,
    MAX_ENTRIES,
    Deck,
    DeckEntry,
    DeckError,
    check_refs,
    deck_from_token,
    deck_token,
    dump_deck,
    load_deck,
    needs_content,
)
from tutorial.services.records import hand_record


def _record(seed: int = 3) -> dict[str, Any]:
    g = Game.new(RuleSet(), seed)
    while g.phase not in ("hand_over", "game_over"):
        g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
    return hand_record(g.record(), 0)


def _deck() -> Deck:
    return Deck("Following suit", (
        DeckEntry("deal", note="Who must follow?", deal=12, rules={"min_bid": 5}, computer="basic", move=9, to=12,
                  ask=True),
        DeckEntry("hand", record=_record(), move=5),
        DeckEntry("puzzle", note="Last to play.", ref="play-3104"),
        DeckEntry("level", ref="doubles-big-tiles"),
    ))


def test_a_deck_saves_and_loads_unchanged() -> None:
    deck = _deck()
    text = dump_deck(deck)
    assert json.loads(text)["format"] == DECK_FORMAT
    back = load_deck(text.encode())
    assert back.title == deck.title
    assert [e.to_json() for e in back.entries] == [e.to_json() for e in deck.entries]
    assert back.entries[0].rules == {"min_bid": 5}


def test_a_deal_entry_records_its_rules_and_computer_and_an_old_one_says_it_has_none() -> None:
    saved = json.loads(dump_deck(Deck("Classic", (DeckEntry("deal", deal=1, move=9, ask=True),
                                                 DeckEntry("deal", deal=2, rules={"players": 4})))))
    first, second = saved["entries"]
    assert first["rules"] == {"players": 3} and first["computer"] == "strong"
    assert second["rules"] == {"players": 4} and second["computer"] == "strong"
    back = load_deck(json.dumps(saved).encode())
    assert [e.rules for e in back.entries] == [None, {"players": 4}]  # the same position as saved
    assert not any(e.unsaid_rules for e in back.entries)
    assert back.entries[0].describe() == "Deal 1, 3 players, strong computer, move 9 (ask)"
    old = load_deck(json.dumps({"format": DECK_FORMAT, "entries": [{"kind": "deal", "deal": 1, "move": 9}]}).encode())
    assert old.entries[0].unsaid_rules and old.entries[0].rules is None
    assert "the file names no rules: the classic rules" in old.entries[0].describe()


def test_a_deck_fits_in_a_link() -> None:
    deck = _deck()
    token = deck_token(deck)
    assert token.replace("-", "").replace("_", "").isalnum()
    assert [e.to_json() for e in deck_from_token(token).entries] == [e.to_json() for e in deck.entries]
    with pytest.raises(DeckError, match="damaged"):
        deck_from_token(token[:-7] + "!!!!!!!")


def test_a_deck_link_cut_anywhere_is_damaged_in_plain_words() -> None:
    token = deck_token(_deck())
    for end in range(1, len(token)):
        with pytest.raises(DeckError) as e:
            deck_from_token(token[:end])
        assert str(e.value) == "This deck link is damaged (it does not unpack); ask for the link again.", end


def test_edits_add_remove_and_reorder() -> None:
    deck = Deck().add(DeckEntry("puzzle", ref="a")).add(DeckEntry("puzzle", ref="b"))
    assert [e.ref for e in deck.move(1, -1).entries] == ["b", "a"]
    assert [e.ref for e in deck.move(0, -1).entries] == ["a", "b"]  # already first
    assert [e.ref for e in deck.remove(0).entries] == ["b"]
    full = Deck(entries=tuple(DeckEntry("puzzle", ref=str(i)) for i in range(MAX_ENTRIES)))
    with pytest.raises(DeckError, match="at most"):
        full.add(DeckEntry("puzzle", ref="x"))


def _bad(entries: Any, **top: Any) -> str:
    data = {"format": DECK_FORMAT, "title": "t", "entries": entries, **top}
    with pytest.raises(DeckError) as e:
        load_deck(json.dumps(data))
    return str(e.value)


@pytest.mark.parametrize(
    ("entry", "where", "words"),
    [
        ({"kind": "slide"}, "Entry 2, field 'kind'", "use one of deal, hand, puzzle, level"),
        ({"kind": "deal"}, "Entry 2 (deal), field 'deal'", "needs its deal number"),
        ({"kind": "deal", "deal": "12"}, "Entry 2 (deal), field 'deal'", "whole number"),
        ({"kind": "deal", "deal": -5}, "Entry 2 (deal), field 'deal'", "a whole number such as 12 (0 or more), not -5"),
        ({"kind": "deal", "deal": 1, "move": 99}, "Entry 2 (deal), field 'move'", "from 0 to 64"),
        ({"kind": "deal", "deal": 1, "move": 5, "to": 2}, "Entry 2 (deal), field 'to'", "from 5 to 64"),
        ({"kind": "deal", "deal": 1, "rules": {"min_bid": 99}}, "Entry 2 (deal), field 'rules'", "min_bid"),
        ({"kind": "deal", "deal": 1, "computer": "genius"}, "Entry 2 (deal), field 'computer'", "basic"),
        ({"kind": "deal", "deal": 1, "ask": "yes"}, "Entry 2 (deal), field 'ask'", "true or false"),
        ({"kind": "deal", "deal": 1, "colour": "red"}, "Entry 2 (deal), field 'colour'", "unknown field"),
        ({"kind": "deal", "deal": 1, "note": 5}, "Entry 2 (deal), field 'note'", "text"),
        ({"kind": "hand"}, "Entry 2 (hand), field 'record'", "hand record"),
        ({"kind": "hand", "record": {"format": "x"}}, "Entry 2 (hand), field 'record'", "does not replay"),
        ({"kind": "puzzle"}, "Entry 2 (puzzle), field 'id'", "needs the puzzle's id"),
        ("deal 12", "Entry 2:", "an entry is an object"),
    ],
)
def test_a_bad_entry_is_named_with_its_field(entry: Any, where: str, words: str) -> None:
    msg = _bad([{"kind": "deal", "deal": 3}, entry])
    assert msg.startswith(where), msg
    assert words in msg


def test_a_move_past_the_end_of_a_saved_hand_is_refused() -> None:
    rec = _record()
    n = len(rec["hands"][0]["actions"])
    msg = _bad([{"kind": "hand", "record": rec, "move": n + 1}])
    assert msg.startswith("Entry 1 (hand), field 'move'") and f"from 0 to {n}" in msg


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"not json", "This deck is not valid JSON: it is not JSON text at all."),
        (b"", "This file is empty: it holds no deck."),
        (b" \n", "This file is empty: it holds no deck."),
        (b"\xff\xfe", "not a text file"),
        (b"[1, 2]", "a JSON object"),
        (json.dumps({"format": "moon-record-1", "entries": []}).encode(), "Field 'format'"),
        (json.dumps({"entries": []}).encode(), "(this one says nothing): is it a Moon Tutor lesson deck?"),
        (json.dumps({"format": DECK_FORMAT, "entries": []}).encode(), "Field 'entries'"),
        (json.dumps({"format": DECK_FORMAT, "entries": [{"kind": "level", "id": "x"}], "extra": 1}).encode(),
         "Field 'extra'"),
        (json.dumps({"format": DECK_FORMAT, "title": 5, "entries": [{"kind": "level", "id": "x"}]}).encode(),
         "Field 'title'"),
        (b" " * 1_000_001, "too large"),
    ],
)
def test_a_bad_file_gets_a_clear_message(data: bytes, words: str) -> None:
    with pytest.raises(DeckError) as e:
        load_deck(data)
    assert words in str(e.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 50_000 + "]" * 50_000, "nested too deeply"),
        ('{"format": "' + DECK_FORMAT + '", "entries": [{"kind": "deal", "deal": ' + "9" * 5000 + "}]}",
         "thousands of digits"),
    ],
)
def test_a_hostile_deck_file_or_link_gets_a_message_not_a_crash(text: str, words: str) -> None:
    """Deep nesting (a RecursionError in Python's parser) and 5,000-digit numbers (a plain
    ValueError) are refused with the deck's own error, from a file and from a link."""
    with pytest.raises(DeckError, match=words):
        load_deck(text.encode())
    token = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")
    with pytest.raises(DeckError, match=words):
        deck_from_token(token)


def test_unknown_puzzles_and_levels_are_named() -> None:
    deck = load_deck(dump_deck(_deck()))
    assert needs_content(deck)
    assert check_refs(deck, {"play-3104"}, {"doubles-big-tiles"}) is deck
    with pytest.raises(DeckError, match=r"^Entry 3 \(puzzle\), field 'id': there is no puzzle with id 'play-3104'"):
        check_refs(deck, set(), {"doubles-big-tiles"})
    with pytest.raises(DeckError, match=r"^Entry 1 \(level\), field 'id'"):
        load_deck({"format": DECK_FORMAT, "entries": [{"kind": "level", "id": "nope"}]}, level_ids={"a"})
    assert not needs_content(Deck(entries=(DeckEntry("deal", deal=1),)))
    # a deck saved before its level was renamed (lessons.renamed) names the level by its old id
    old = load_deck({"format": DECK_FORMAT, "entries": [{"kind": "level", "id": "doubles-not"}]},
                    level_ids={"doubles-big-tiles"})
    assert old.entries[0].ref == "doubles-big-tiles"


def test_a_note_slide_carries_the_teachers_words_and_nothing_to_ask() -> None:
    deck = _deck().add(DeckEntry("note", title="Remember", note="The highest trump wins.\nA tile off suit never does."))
    back = load_deck(dump_deck(deck))
    note = back.entries[-1]
    assert (note.kind, note.title, note.note) == ("note", "Remember", "The highest trump wins.\nA tile off suit never does.")
    assert note.to_json() == {"kind": "note", "title": "Remember", "note": "The highest trump wins.\nA tile off suit never does."}
    assert deck_from_token(deck_token(deck)) == back
    assert not needs_content(Deck("Notes", (note,)))  # no puzzle or level to look up
    assert note.describe() == "Note: Remember"
    assert DeckEntry("note", note="  Trumps first\nthen the rest").describe() == "Note: Trumps first"


@pytest.mark.parametrize(
    ("entry", "field", "words"),
    [
        ({"kind": "note"}, "note", "needs its words"),
        ({"kind": "note", "note": "   ", "title": " "}, "note", "needs its words"),
        ({"kind": "note", "note": "x", "title": 5}, "title", "at most 120"),
        ({"kind": "note", "note": "x", "title": "t" * 121}, "title", "at most 120"),
        ({"kind": "note", "note": "x", "id": "play-1"}, "id", "unknown field"),
        ({"kind": "note", "note": "x" * 2001}, "note", "at most 2000"),
    ],
)
def test_a_bad_note_slide_is_named_with_its_field(entry: Any, field: str, words: str) -> None:
    msg = _bad([{"kind": "deal", "deal": 3}, entry])
    assert msg.startswith(f"Entry 2 (note), field '{field}'"), msg
    assert words in msg


def test_a_link_keeps_an_old_entrys_unsaid_rules_and_a_file_names_them() -> None:
    """An old deck's entry without house rules stays without them in the deck's link (so the
    presenter opened from it, and again after a reload, says the classic rules are played
    because none are named); saving the deck as a file names them."""
    old = load_deck(json.dumps({"format": DECK_FORMAT, "entries": [{"kind": "deal", "deal": 1, "move": 9}]}).encode())
    again = deck_from_token(deck_token(old))
    assert again.entries[0].unsaid_rules and again.entries[0].rules is None
    assert deck_from_token(deck_token(again)).entries[0].unsaid_rules
    saved = load_deck(dump_deck(old).encode())
    assert not saved.entries[0].unsaid_rules
    assert not deck_from_token(deck_token(saved)).entries[0].unsaid_rules
