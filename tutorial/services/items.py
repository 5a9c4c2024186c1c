"""Lesson levels and puzzles as the app asks them: how each kind is answered, labels for the
choices, the learner's attempt at an item, and the content loaded once per process.

>>> mode_of("legal_tiles"), mode_of("rank"), mode_of("count"), mode_of("bid")
('many', 'order', 'number', 'one')
>>> a = Attempt()
>>> a.toggle("6-4"); a.toggle("5-3"); a.toggle("6-4"); a.selected
['5-3']
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine import Tile
from engine.tiles import suit_name

__all__ = [
    "TILE_KINDS",
    "Attempt",
    "choice_label",
    "course",
    "kind_title",
    "mode_of",
    "new_puzzle",
    "puzzles",
    "submit",
    "warm_up",
]

_ONE = {"suit_led", "is_trump", "trick_winner", "play", "game_winner", "auction_winner", "ending", "bid", "trump_choice"}
_MANY = {"legal_tiles", "pick_tiles", "legal_actions"}
#: Kinds whose choices are tiles (answered by clicking tiles).
TILE_KINDS = {"legal_tiles", "pick_tiles", "rank", "trick_winner", "play", "ending"}

_KIND_TITLES = {
    "legal_tiles": "Legal tiles",
    "suit_led": "Suit led",
    "is_trump": "Is it a trump?",
    "pick_tiles": "Pick the tiles",
    "count": "Counting",
    "rank": "Ranking",
    "trick_winner": "Trick winner",
    "play": "Best play",
    "score_hand": "Scoring",
    "game_winner": "Game winner",
    "legal_actions": "Legal actions",
    "auction_winner": "Auction winner",
    "ending": "Endings",
    "bid": "Bidding",
    "trump_choice": "Naming trump",
}


def mode_of(kind: str) -> str:
    """How a kind is answered: ``one`` (click one choice), ``many`` (select, then check),
    ``order`` (click in order), ``number`` or ``numbers`` (type)."""
    if kind in _ONE:
        return "one"
    if kind in _MANY:
        return "many"
    if kind == "rank":
        return "order"
    if kind == "score_hand":
        return "numbers"
    return "number"


def kind_title(kind: str) -> str:
    return _KIND_TITLES.get(kind, kind.replace("_", " ").capitalize())


def choice_label(kind: str, choice: str, players: int = 3) -> str:
    """The button text of a choice: ``'5'`` -> ``'Fives'`` (suit led), ``'1'`` -> ``'Seat 1'``..."""
    if kind == "suit_led":
        return "Trumps" if choice == "trump" else suit_name(int(choice)).capitalize()
    if kind == "is_trump":
        return choice.capitalize()
    if kind in ("auction_winner", "game_winner"):
        if choice == "nobody":
            return "Nobody (play goes on)" if kind == "game_winner" else "Nobody (thrown in)"
        if kind == "game_winner" and players == 4:
            return f"Team {choice} (seats {choice} & {int(choice) + 2})"
        return f"Seat {choice}"
    if kind == "trump_choice":
        if choice == "doubles":
            return "Doubles"
        if choice == "none":
            return "No trump"
        return suit_name(int(choice)).capitalize()
    if kind in ("bid", "legal_actions"):
        if choice == "pass":
            return "Pass"
        return choice.replace("bid 21", "bid 21 (moon)").capitalize()
    return choice


@dataclass
class Attempt:
    """The learner's work on one item: tries, hints asked, tiles selected, the last feedback."""

    tries: int = 0
    hints: int = 0
    selected: list[str] = field(default_factory=list)
    solved: bool = False
    gave_up: bool = False
    feedback: tuple[bool, str] | None = None
    stars: int = 0

    def toggle(self, choice: str) -> None:
        if choice in self.selected:
            self.selected.remove(choice)
        else:
            self.selected.append(choice)

    def reset(self) -> None:
        """Start the item again (a retry keeps nothing but the hints count)."""
        self.selected = []
        self.feedback = None
        self.solved = False
        self.gave_up = False
        self.tries = 0


def submit(item: Any, attempt: Attempt, answer: Any) -> bool | None:
    """Grade ``answer``; updates the attempt. Returns whether it was right, or ``None`` when
    the answer could not be read (that does not count as a try)."""
    from lessons.errors import AnswerError

    try:
        fb = item.grade(answer)
    except AnswerError as e:
        attempt.feedback = (False, f"That answer cannot be read: {e}")
        return None
    attempt.tries += 1
    attempt.feedback = (fb.correct, fb.text)
    if fb.correct:
        attempt.solved = True
        attempt.stars = int(item.stars(attempt.tries, attempt.hints))
    return bool(fb.correct)


# -- content, loaded once per process ------------------------------------------------------------
@lru_cache(maxsize=1)
def course() -> Any:
    """The course (``lessons.load_course()``), loaded once."""
    from lessons import load_course

    return load_course()


@lru_cache(maxsize=1)
def puzzles() -> tuple[Any, ...]:
    """Every shipped puzzle, loaded once, easiest first."""
    from puzzles import load_puzzles

    return tuple(sorted(load_puzzles(), key=lambda p: (p.rating, p.id)))


_warm = threading.Lock()
_warmed = False


def warm_up() -> None:
    """Load the course and the puzzles in a background thread (once), so the first learner
    to open those pages does not wait for them."""
    global _warmed
    import os

    with _warm:
        if _warmed or os.environ.get("MOON_NO_WARMUP"):
            return
        _warmed = True

    def load() -> None:
        try:
            course()
            puzzles()
        except Exception:  # pragma: no cover - shown when the page itself loads them
            pass

    threading.Thread(target=load, name="moon-content-warm-up", daemon=True).start()


def new_puzzle(kind: str, seed: int, tries: int = 200,
               generate: Callable[[str, int], Any] | None = None) -> Any:
    """A fresh puzzle of ``kind`` from the generator, from seed ``seed`` on (``None`` if no
    seed in ``tries`` makes one)."""
    from puzzles.generate import generate_one
    from puzzles.loader import build_puzzle

    gen = generate or generate_one
    for s in range(seed, seed + tries):
        entry = gen(kind, s)
        if entry is not None:
            return build_puzzle(entry, "generated")
    return None


def tile_choices(choices: Sequence[str] | None) -> list[Tile]:
    return [Tile.parse(c) for c in choices or ()]
