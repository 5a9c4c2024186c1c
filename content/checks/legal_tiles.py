"""``legal_tiles``: pick every legal tile of the hand."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Features, Feedback, Task, names, read_tiles, register, tile_lines
from content.checks.words import lead_words
from engine import Reason, Tile, explain_play, legal_plays
from engine.trump import TRUMP, describe_suit


@register
class LegalTiles(Task[tuple[Tile, ...]]):
    kind = "legal_tiles"
    title = "Pick every legal tile"
    short_title = "Legal tiles"
    asks_trump = True
    mode = "many"
    tile_choices = True
    hint = (
        "Name the suit led first: trumps if the lead is a trump, else the lead's higher end. A "
        "trump lead is followed by any trump; a number suit only by your tiles bearing that number "
        "that are not trumps. If you cannot follow, every tile is legal."
    )
    default_question = "Which tiles may you play? Pick every legal tile."
    answer_format = 'the legal tiles of the hand, sorted low to high: ["5-1", "5-3"]'
    codes: ClassVar[dict[str, str]] = {
        "must-follow": "picked a tile that does not follow, while holding one that does (engine code)",
        "trump-cannot-follow": "picked a trump bearing the number led, which does not follow (engine code)",
        "not-in-hand": "picked a tile that is not in the hand (engine code)",
        "missed-follower": "left out a tile that follows the suit led",
        "missed-free": "left out a tile: the hand cannot follow, so every tile is legal",
        "missed-lead": "left out a tile: a leader may lead any tile",
        "empty": "picked nothing, but some tile is always legal",
    }

    def setup(self) -> None:
        self.trump()
        self.seat, self.hand = self.own_hand()

    def compute(self) -> tuple[Tile, ...]:
        return tuple(sorted(legal_plays(self.hand, self.position.trick, self.trump())))

    def read(self, raw: object) -> tuple[Tile, ...]:
        return tuple(sorted(set(read_tiles(raw))))

    def to_json(self, value: tuple[Tile, ...]) -> JSON:
        return [str(t) for t in value]

    def choices(self) -> list[str]:
        return [str(t) for t in self.hand]

    def _why(self, tile: Tile) -> Reason:
        return explain_play(self.hand, self.position.trick, self.trump(), tile)

    def judge(self, value: tuple[Tile, ...]) -> Feedback:
        right = set(self.answer())
        picked = set(value)
        if not picked:
            return Feedback(False, "empty", "You picked nothing, but there is always at least one legal tile. " + self.explain())
        wrong = sorted(picked - right)
        missing = sorted(right - picked)
        parts: list[str] = []
        code = ""
        reasons: list[str] = []
        for tile in wrong:
            r = self._why(tile)
            code = code or r.code
            reasons.append(r.code)
            parts.append(r.text)
        for tile in missing:
            r = self._why(tile)
            reasons.append(r.code)
            if r.code == "lead":
                c, text = "missed-lead", f"You left out {tile}. You are leading, so any tile may be played."
            elif r.code == "follows":
                c, text = "missed-follower", f"You left out {tile}: {r.text}"
            else:
                suit = self.trump().suit_led(self.position.trick[0])
                c = "missed-free"
                text = (f"You left out {tile}. You hold no {describe_suit(suit)}, so every tile is legal: "
                        "you may trump in or throw off.")
            parts.append(text)
            code = code or c
        return Feedback(False, code, tile_lines(parts), tuple(dict.fromkeys(reasons)))

    def general_hint(self) -> str:
        """Where to look, for the trump in force only."""
        if self.trump().kind == "none":
            return ("Name the suit led first: the lead's higher end (a double leads its own number). "
                    "Then follow with a tile bearing that number; if you cannot, every tile is legal.")
        return self.hint

    def explain(self) -> str:
        trick, tr = self.position.trick, self.trump()
        legal = self.answer()
        if not trick:
            return f"You are leading, so every tile is legal: {names(legal)}."
        suit = tr.suit_led(trick[0])
        led = f"{trick[0]} was led: {lead_words(tr, trick[0])}."
        if len(legal) == len(self.hand) and not any(tr.follows(t, suit) for t in self.hand):
            return f"{led} You hold no {describe_suit(suit)}, so any tile is legal: {names(legal)}."
        text = f"{led} You must follow: {names(legal)} {'follow' if len(legal) > 1 else 'follows'} {describe_suit(suit)}."
        fakes = [t for t in self.hand if isinstance(suit, int) and tr.is_trump(t) and t.has(suit)]
        if fakes:
            text += f" {names(fakes)} {'bear' if len(fakes) > 1 else 'bears'} a {describe_suit(suit, plural=False)} but {'are trumps' if len(fakes) > 1 else 'is a trump'}, so {'they do' if len(fakes) > 1 else 'it does'} not follow."
        return text

    def wrong_answers(self) -> Sequence[object]:
        right = set(self.answer())
        out = []
        for r in range(0, len(self.hand) + 1):
            for combo in itertools.combinations(self.hand, r):
                if set(combo) != right:
                    out.append([str(t) for t in combo])
        return out

    def features(self) -> Features:
        tr, trick = self.trump(), self.position.trick
        traps: list[str] = []
        if trick:
            suit = tr.suit_led(trick[0])
            legal = self.answer()
            if suit != TRUMP:
                assert isinstance(suit, int)
                if any(t.high != suit for t in legal if tr.follows(t, suit)):
                    traps.append("two-suit-tile")
                if any(tr.is_trump(t) and t.has(suit) for t in self.hand):
                    traps.append("trump-cannot-follow")
                if tr.kind == "doubles" and any(t.is_double and t.has(suit) for t in self.hand):
                    traps.append("double-leaves-suit")
            else:
                traps.append("trump-lead")
            if not any(tr.follows(t, suit) for t in self.hand):
                traps.append("void")
        else:
            traps.append("lead")
        return {"options": len(self.hand), "traps": traps, "depth": 0}
