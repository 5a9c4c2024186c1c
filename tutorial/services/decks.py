"""Lesson decks: positions a teacher strings together to present, each with a note, saved
as a small JSON file to share (or packed into a link). No Streamlit.

A deck file::

    {"format": "moon-deck-1", "title": "Following suit",
     "entries": [
       {"kind": "deal", "deal": 12, "move": 9, "to": 12, "ask": true, "note": "Who must follow?"},
       {"kind": "hand", "record": {...a hand record...}, "move": 5},
       {"kind": "puzzle", "id": "play-3104", "note": "Last to play."},
       {"kind": "level", "id": "doubles-big-tiles"},
       {"kind": "note", "title": "Remember", "note": "The highest trump always wins."}
     ]}

- ``deal``: deal number ``deal`` played by the computer (``computer``: ``"basic"`` or
  ``"strong"``, default strong) under ``rules`` (house rules, as in a hand record; the classic
  game by default, whatever the house rules of the app that loads the deck); shown from move
  ``move`` to move ``to`` (default: ``move`` only). A saved deck always writes ``rules`` (at
  least the number of players) and ``computer``, so the file says which position it names; an
  entry read without ``rules`` says so (:attr:`DeckEntry.unsaid_rules`: "classic rules, the
  file names none").
- ``hand``: a hand record (as downloaded from Play or Classroom), same ``move``/``to``.
- ``puzzle`` / ``level``: a puzzle or lesson level by ``id``, asked, then answered.
- ``note``: a slide of the teacher's own words (``note``, required) under an optional
  ``title``, in big type across the screen: no tiles, nothing to ask.
- every entry may have a ``note`` (shown beside the table) and, for hands, ``ask``: open on
  "what would you play?" for the move after ``move``.

:func:`load_deck` checks everything and raises :class:`DeckError` naming the entry and the
field at fault.

>>> deck = Deck("Demo", (DeckEntry("deal", deal=12, move=9, note="Who wins?"),))
>>> load_deck(dump_deck(deck)) == deck
True
>>> deck_from_token(deck_token(deck)) == deck
True
>>> load_deck('{"format": "moon-deck-1", "entries": [{"kind": "deal", "deal": -3}]}')
Traceback (most recent call last):
...
tutorial.services.decks.DeckError: Entry 1 (deal), field 'deal': a deal number is a whole number such as 12 (0 or more), not -3.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace

from engine import RuleSet
from engine.deal import MAX_SEED
from engine.limits import quote
from lessons.renamed import current_level_id
from tutorial.services.records import RecordError, RecordJSON, load_hand
from tutorial.services.uploads import read_upload

__all__ = [
    "DECK_FORMAT",
    "KINDS",
    "MAX_DECK_BYTES",
    "MAX_ENTRIES",
    "MAX_NOTE",
    "MAX_TITLE",
    "Deck",
    "DeckEntry",
    "DeckError",
    "check_refs",
    "deck_from_token",
    "deck_token",
    "dump_deck",
    "load_deck",
    "needs_content",
]

DECK_FORMAT = "moon-deck-1"
#: The kinds of entry, with what each shows.
KINDS: dict[str, str] = {
    "deal": "a deal number played by the computer, at a chosen move",
    "hand": "a saved hand record, at a chosen move",
    "puzzle": "a puzzle, asked and then answered",
    "level": "a lesson level, asked and then answered",
    "note": "a slide of your own words (a title and a note), nothing to ask",
}
_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("kind", "note", "deal", "rules", "computer", "move", "to", "ask"),
    "hand": ("kind", "note", "record", "computer", "move", "to", "ask"),
    "puzzle": ("kind", "note", "id"),
    "level": ("kind", "note", "id"),
    "note": ("kind", "title", "note"),
}
MAX_ENTRIES = 100
MAX_NOTE = 2000
#: Longest title of a note slide.
MAX_TITLE = 120
MAX_DECK_BYTES = 1_000_000
#: No hand has more actions than this (bids, widow, discard, trump, 8 tricks of 4).
MAX_MOVES = 64
LEVELS = ("basic", "strong")


class DeckError(ValueError):
    """A deck that cannot be used; the message names the entry and field at fault."""


@dataclass(frozen=True)
class DeckEntry:
    """One position of a deck (see the module doc for the fields of each kind)."""

    kind: str
    note: str = ""
    deal: int | None = None
    rules: dict[str, object] | None = None
    record: RecordJSON | None = field(default=None, compare=True)
    ref: str = ""
    computer: str = "strong"
    move: int = 0
    to: int | None = None
    ask: bool = False
    #: A note slide's title (``note`` entries only).
    title: str = ""
    #: A deal entry read from a file or link that names no house rules (shown under the classic
    #: rules, and said so).
    unsaid_rules: bool = field(default=False, compare=False)

    @property
    def end(self) -> int:
        """The last move shown (``to``, or ``move`` when not given)."""
        return self.move if self.to is None else self.to

    def describe(self, titles: Mapping[tuple[str, str], str] | None = None) -> str:
        """A short line naming the entry ("Deal 12, move 9"; a puzzle or level by its title
        in ``titles``, keyed by (kind, id), else by its id).

        >>> DeckEntry("puzzle", ref="play-3001").describe({("puzzle", "play-3001"): "Follow the fives"})
        'Puzzle: Follow the fives'
        >>> DeckEntry("level", ref="win-top-of-suit").describe()
        'Level win-top-of-suit'
        >>> DeckEntry("note", title="Remember", note="The highest trump wins.").describe()
        'Note: Remember'
        """
        if self.kind == "note":
            lines = self.note.strip().splitlines()
            first = self.title or (lines[0] if lines else "")
            return f"Note: {first[:60]}" if first else "Note"
        span = f"move {self.move}" if self.end == self.move else f"moves {self.move}–{self.end}"
        if self.kind == "deal":
            rules = RuleSet.from_dict(dict(self.rules or {}))
            said = " (the file names no rules: the classic rules)" if self.unsaid_rules else ""
            return (f"Deal {self.deal}, {rules.players} players, {self.computer} computer, {span}"
                    + (" (ask)" if self.ask else "") + said)
        if self.kind == "hand":
            seed = (self.record or {}).get("seed", "?")
            return f"Saved hand (deal {seed}), {span}" + (" (ask)" if self.ask else "")
        title = (titles or {}).get((self.kind, self.ref))
        return f"{self.kind.capitalize()}: {title}" if title else f"{self.kind.capitalize()} {self.ref}"

    def listing(self, titles: Mapping[tuple[str, str], str] | None = None) -> str:
        """The entry as the deck builder lists it, on one line: :meth:`describe`, then its note
        (the first 80 characters), unless the line already says it (a note slide with no title
        is named by its words).

        >>> DeckEntry("note", note="Remember: trumps beat everything.").listing()
        'Note: Remember: trumps beat everything.'
        >>> DeckEntry("note", title="Remember", note="Trumps beat everything.").listing()
        'Note: Remember — Trumps beat everything.'
        >>> DeckEntry("level", ref="win-top-of-suit", note="Look at the\\nlead.").listing()
        'Level win-top-of-suit — Look at the lead.'
        """
        line = self.describe(titles)
        if not self.note or (self.kind == "note" and not self.title):
            return line
        return f"{line} — {' '.join(self.note[:80].split())}"

    def to_json(self, *, link: bool = False) -> dict[str, object]:
        """The entry as a deck file writes it; with ``link``, as a deck link packs it, where an
        entry read without house rules stays without them (so the page opened from the link,
        and again after a reload, says it plays the classic rules because none are named)."""
        out: dict[str, object] = {"kind": self.kind}
        if self.kind == "deal":
            out["deal"] = self.deal
            # Always the players, and every rule that differs: the file names its position.
            if not (link and self.unsaid_rules and not self.rules):
                out["rules"] = {"players": RuleSet.from_dict(dict(self.rules or {})).players, **(self.rules or {})}
            out["computer"] = self.computer
        if self.kind == "hand":
            out["record"] = self.record
        if self.kind in ("deal", "hand"):
            if self.kind == "hand" and self.computer != "strong":
                out["computer"] = self.computer
            out["move"] = self.move
            if self.to is not None:
                out["to"] = self.to
            if self.ask:
                out["ask"] = True
        if self.kind in ("puzzle", "level"):
            out["id"] = self.ref
        if self.kind == "note" and self.title:
            out["title"] = self.title
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True)
class Deck:
    """A titled list of entries."""

    title: str = "Lesson deck"
    entries: tuple[DeckEntry, ...] = ()

    def add(self, entry: DeckEntry) -> Deck:
        if len(self.entries) >= MAX_ENTRIES:
            raise DeckError(f"A deck holds at most {MAX_ENTRIES} entries.")
        return replace(self, entries=(*self.entries, entry))

    def remove(self, index: int) -> Deck:
        return replace(self, entries=tuple(e for i, e in enumerate(self.entries) if i != index))

    def move(self, index: int, by: int) -> Deck:
        """Move entry ``index`` up (``by=-1``) or down (``by=1``)."""
        j = index + by
        if not (0 <= index < len(self.entries) and 0 <= j < len(self.entries)):
            return self
        items = list(self.entries)
        items[index], items[j] = items[j], items[index]
        return replace(self, entries=tuple(items))

    def to_json(self, *, link: bool = False) -> dict[str, object]:
        """The deck as its file holds it (``link``: as its link packs it, :meth:`DeckEntry.to_json`)."""
        return {"format": DECK_FORMAT, "title": self.title, "entries": [e.to_json(link=link) for e in self.entries]}


def dump_deck(deck: Deck) -> str:
    """The deck as JSON text (what a deck file holds)."""
    return json.dumps(deck.to_json(), indent=1, ensure_ascii=False)


def _where(i: int, raw: object) -> str:
    kind = raw.get("kind") if isinstance(raw, Mapping) else None
    return f"Entry {i + 1}" + (f" ({kind})" if isinstance(kind, str) and kind in KINDS else "")


def _int(value: object, lo: int, hi: int, what: str) -> int:
    if type(value) is not int or not lo <= value <= hi:
        span = "such as 12 (0 or more)" if hi == MAX_SEED else f"from {lo} to {hi}"  # not a 20-digit bound
        raise ValueError(f"{what} is a whole number {span}, not {_json_text(value)}.")
    return value


def _json_text(value: object) -> str:
    """A field's value as the deck file has it, cut to 40 characters (never the whole of a
    huge number or list)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 120:
        return quote(value, 40)
    try:
        return json.dumps(value)[:40]
    except (TypeError, ValueError):
        return quote(value, 40)


def _entry(
    raw: object,
    puzzle_ids: Collection[str] | None,
    level_ids: Collection[str] | None,
) -> DeckEntry:
    """One entry; a fault raises :class:`_FieldError` naming the field."""
    if not isinstance(raw, Mapping):
        raise _FieldError("", f"an entry is an object with a 'kind', not {type(raw).__name__}.")
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise _FieldError("kind", f"{quote(kind, 40)} is not a kind of entry; use one of {', '.join(KINDS)}.")
    unknown = sorted(str(k) for k in raw if k not in _FIELDS[kind])
    if unknown:
        raise _FieldError(unknown[0][:40], f"unknown field (a {kind} entry may have {', '.join(_FIELDS[kind])}).")
    note = raw.get("note", "")
    if not isinstance(note, str):
        raise _FieldError("note", "a note is text.")
    if len(note) > MAX_NOTE:
        raise _FieldError("note", f"a note is at most {MAX_NOTE} characters, not {len(note)}.")
    if kind == "note":
        title = raw.get("title", "")
        if not isinstance(title, str) or len(title) > MAX_TITLE:
            raise _FieldError("title", f"a note slide's title is text of at most {MAX_TITLE} characters.")
        if not note.strip() and not title.strip():
            raise _FieldError("note", "a note slide needs its words: a note (or at least a title).")
        return DeckEntry(kind, note=note, title=title.strip())
    if kind in ("puzzle", "level"):
        ref = raw.get("id")
        if not isinstance(ref, str) or not ref.strip():
            raise _FieldError("id", f"a {kind} entry needs the {kind}'s id (text).")
        if kind == "level":  # a deck saved before a level was renamed names it by its old id
            ref = current_level_id(ref)
        known = puzzle_ids if kind == "puzzle" else level_ids
        if known is not None and ref not in known:
            raise _FieldError("id", f"there is no {kind} with id {ref[:60]!r}.")
        return DeckEntry(kind, note=note, ref=ref)
    computer = raw.get("computer", "strong")
    if not isinstance(computer, str) or computer not in LEVELS:
        raise _FieldError("computer", f"the computer player is 'basic' or 'strong', not {quote(computer, 40)}.")
    deal: int | None = None
    rules_set: dict[str, object] | None = None
    record_json: RecordJSON | None = None
    limit = MAX_MOVES
    if kind == "deal":
        if "deal" not in raw:
            raise _FieldError("deal", "a deal entry needs its deal number.")
        try:
            deal = _int(raw["deal"], 0, MAX_SEED, "a deal number")
        except ValueError as e:
            raise _FieldError("deal", str(e)) from None
        rules = raw.get("rules")
        if rules is not None:
            if not isinstance(rules, Mapping):
                raise _FieldError("rules", "house rules are an object of rule names and values.")
            try:
                rules_set = RuleSet.from_dict(dict(rules)).differences() or None
            except (ValueError, TypeError, KeyError) as e:
                raise _FieldError("rules", str(e)) from None
    else:
        record = raw.get("record")
        if not isinstance(record, Mapping):
            raise _FieldError("record", "a hand entry needs a hand record (an object, as downloaded from Play).")
        try:
            hand = load_hand(dict(record))
        except RecordError as e:
            raise _FieldError("record", str(e)) from None
        record_json = hand.record
        limit = len(hand.actions)
    try:
        move = _int(raw.get("move", 0), 0, limit, "the move")
    except ValueError as e:
        raise _FieldError("move", str(e)) from None
    to = None
    if raw.get("to") is not None:
        try:
            to = _int(raw["to"], move, limit, "'to' (the last move shown)")
        except ValueError as e:
            raise _FieldError("to", str(e)) from None
    ask = raw.get("ask", False)
    if not isinstance(ask, bool):
        raise _FieldError("ask", "ask is true or false.")
    return DeckEntry(kind, note=note, deal=deal, rules=rules_set, record=record_json, computer=computer,
                     move=move, to=to, ask=ask, unsaid_rules=kind == "deal" and raw.get("rules") is None)


class _FieldError(Exception):
    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name
        self.message = message


def load_deck(
    data: str | bytes | Mapping[str, object],
    *,
    puzzle_ids: Collection[str] | None = None,
    level_ids: Collection[str] | None = None,
) -> Deck:
    """Read and check a deck (JSON text, bytes or a dict).

    ``puzzle_ids`` / ``level_ids``, when given, are the ids that exist. Anything wrong
    raises :class:`DeckError` with a message naming the entry and field.
    """
    got = read_upload(data, "deck", MAX_DECK_BYTES, DeckError)
    if not isinstance(got, Mapping):
        raise DeckError("A deck is a JSON object with 'format', 'title' and 'entries'.")
    if got.get("format") != DECK_FORMAT:
        said = "nothing" if got.get("format") is None else _json_text(got.get("format"))
        raise DeckError(f"Field 'format': a deck file says \"format\": \"{DECK_FORMAT}\" (this one says {said}): "
                        "is it a Moon Tutor lesson deck?")
    unknown = sorted(str(k) for k in got if k not in ("format", "title", "entries"))
    if unknown:
        raise DeckError(f"Field {unknown[0][:40]!r}: unknown (a deck has format, title and entries).")
    title = got.get("title", "Lesson deck")
    if not isinstance(title, str) or len(title) > 200:
        raise DeckError("Field 'title': the title is text of at most 200 characters.")
    entries = got.get("entries")
    if not isinstance(entries, list) or not entries:
        raise DeckError("Field 'entries': a deck needs a list of at least one entry.")
    if len(entries) > MAX_ENTRIES:
        raise DeckError(f"Field 'entries': a deck holds at most {MAX_ENTRIES} entries, not {len(entries)}.")
    out = []
    for i, raw in enumerate(entries):
        try:
            out.append(_entry(raw, puzzle_ids, level_ids))
        except _FieldError as e:
            where = _where(i, raw)
            raise DeckError(f"{where}, field {e.name!r}: {e.message}" if e.name else f"{where}: {e.message}") from None
    return Deck(title.strip() or "Lesson deck", tuple(out))


def needs_content(deck: Deck) -> bool:
    """Whether the deck names puzzles or lesson levels (whose ids :func:`check_refs` checks)."""
    return any(e.kind in ("puzzle", "level") for e in deck.entries)


def check_refs(deck: Deck, puzzle_ids: Collection[str], level_ids: Collection[str]) -> Deck:
    """Check that every puzzle and level the deck names exists; returns the deck."""
    for i, e in enumerate(deck.entries):
        known = puzzle_ids if e.kind == "puzzle" else level_ids if e.kind == "level" else None
        if known is not None and e.ref not in known:
            raise DeckError(f"Entry {i + 1} ({e.kind}), field 'id': there is no {e.kind} with id {e.ref[:60]!r}.")
    return deck


#: Longest deck link accepted (characters of the packed deck).
MAX_TOKEN = 20_000


def deck_token(deck: Deck) -> str:
    """The deck packed for a link (``/presenter?deck=…``): zlib-compressed JSON, base64url."""
    raw = json.dumps(deck.to_json(link=True), separators=(",", ":"), ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def deck_from_token(
    token: str, *, puzzle_ids: Collection[str] | None = None, level_ids: Collection[str] | None = None
) -> Deck:
    """The deck of a link made by :func:`deck_token` (checked like a file)."""
    if len(token) > MAX_TOKEN:
        raise DeckError("This deck link is too long.")
    damaged = DeckError("This deck link is damaged (it does not unpack); ask for the link again.")
    try:
        unpack = zlib.decompressobj()
        raw = unpack.decompress(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)), MAX_DECK_BYTES)
    except (binascii.Error, zlib.error, ValueError):
        raise damaged from None
    if unpack.unconsumed_tail:
        raise DeckError("This deck link holds too big a deck.")
    if not unpack.eof:  # cut off: the packed deck stops before its end
        raise damaged
    return load_deck(raw, puzzle_ids=puzzle_ids, level_ids=level_ids)
