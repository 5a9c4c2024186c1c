"""``rank``: put tiles in order, strongest first."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Features, Feedback, Task, read_tiles, register
from content.checks.words import rank_reason, rank_steps
from content.errors import AnswerError, FieldError
from content.model import parse_suit
from engine import Tile
from engine.trump import TRUMP, describe_suit


@register
class Rank(Task[tuple[Tile, ...]]):
    kind = "rank"
    title = "Rank these tiles"
    short_title = "Ranking"
    asks_trump = True
    mode = "order"
    tile_choices = True
    hint = (
        "Trumps come first, in their own order; then the tiles of the suit led. In a suit the "
        "double is on top (unless doubles are trump: then they rank by their number), and the other"
        " tiles rank by their other end."
    )
    default_question = "Put these tiles in order, strongest first."
    answer_format = 'the tiles from strongest to weakest: ["6-6", "6-5", "5-3"]'
    params: ClassVar[dict[str, str]] = {
        "suit": "the suit led that the tiles are ranked in: a number 0-6 or 'trump' "
        "(default 'trump' when every tile is a trump)",
    }
    codes: ClassVar[dict[str, str]] = {
        "trump-beats-suit": "put a plain tile above a trump",
        "double-on-top": "put a tile above the double of its suit",
        "other-end": "ordered two tiles of a suit wrongly: they rank by their other end",
        "two-suit-tile": "misranked a tile that follows by its lower end (5-3 in the threes)",
        "doubles-by-number": "misordered two doubles while doubles are trump",
    }

    def setup(self) -> None:
        tr = self.trump()
        tiles = self.position.tiles
        if not 2 <= len(tiles) <= 6:
            raise FieldError("position.tiles", "kind 'rank' ranks 2 to 6 tiles")
        self.tiles_in_set(tiles)
        if "suit" in self.p:
            self.suit = parse_suit(self.p["suit"], "suit")
        elif all(tr.is_trump(t) for t in tiles):
            self.suit = TRUMP
        else:
            raise FieldError("suit", "say which suit was led: the tiles are ranked in a trick of that suit")
        if self.suit == TRUMP and tr.kind == "none":
            raise FieldError("suit", "with no trump, no suit of trumps can be led")
        for t in tiles:
            if tr.power(t, self.suit) < 0:
                raise FieldError("position.tiles", f"{t} neither follows {describe_suit(self.suit)} nor is a trump, so it has no rank there")

    def compute(self) -> tuple[Tile, ...]:
        tr = self.trump()
        return tuple(sorted(self.position.tiles, key=lambda t: -tr.power(t, self.suit)))

    def read(self, raw: object) -> tuple[Tile, ...]:
        tiles = read_tiles(raw)
        if sorted(tiles) != sorted(self.position.tiles):
            raise AnswerError("put every tile shown in order, each once")
        return tuple(tiles)

    def to_json(self, value: tuple[Tile, ...]) -> JSON:
        return [str(t) for t in value]

    def choices(self) -> list[str]:
        return [str(t) for t in self.position.tiles]

    def judge(self, value: tuple[Tile, ...]) -> Feedback:
        tr = self.trump()
        for a, b in itertools.pairwise(value):
            if tr.power(a, self.suit) < tr.power(b, self.suit):
                code, why = rank_reason(tr, self.suit, b, a)
                return Feedback(False, code, f"{b} ranks above {a}: {why}.")
        raise AssertionError("a wrong order has a misplaced pair")

    def general_hint(self) -> str:
        """Where to look, for the trump in force only."""
        tr = self.trump()
        if tr.kind == "none":
            return ("No trump: only the suit led counts. In a suit the double is on top, and the other "
                    "tiles rank by their other end.")
        if tr.kind == "doubles":
            return ("The doubles are the trumps: they come first, the bigger number higher. Then the "
                    "tiles of the suit led, by their other end.")
        return ("Trumps come first, in their own order; then the tiles of the suit led. In a suit the "
                "double is on top, and the other tiles rank by their other end.")

    def explain(self) -> str:
        tr, order = self.trump(), self.answer()
        where = "trumps" if self.suit == TRUMP else f"a trick where {describe_suit(self.suit)} were led"
        return f"In {where}, strongest first: {', '.join(map(str, order))}. " + " ".join(rank_steps(tr, self.suit, order))

    def wrong_answers(self) -> Sequence[object]:
        right = self.answer()
        return [[str(t) for t in p] for p in itertools.permutations(right) if p != right]

    def features(self) -> Features:
        tr = self.trump()
        codes = {rank_reason(tr, self.suit, a, b)[0] for a, b in itertools.pairwise(self.answer())}
        traps = sorted(codes & {"two-suit-tile", "trump-beats-suit", "doubles-by-number"})
        return {"options": len(self.position.tiles), "traps": traps, "depth": 0}
