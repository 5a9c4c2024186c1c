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

def _kind(kind: str) -> Any:
    from lessons.checks import KINDS

    return KINDS.get(kind)


def _tile_kinds() -> frozenset[str]:
    from lessons.checks import KINDS

    return frozenset(k for k, cls in KINDS.items() if cls.tile_choices)


#: Kinds whose choices are tiles (answered by clicking tiles); each kind declares it.
TILE_KINDS = _tile_kinds()


def mode_of(kind: str) -> str:
    """How a kind is answered (declared by the kind, ``lessons.checks``): ``one`` (click one
    choice), ``many`` (select, then check), ``order`` (click in order), ``number`` or
    ``numbers`` (type)."""
    cls = _kind(kind)
    return str(cls.mode) if cls is not None else "number"


def kind_title(kind: str) -> str:
    """The kind's short title, as it declares it (``"Legal tiles"``)."""
    cls = _kind(kind)
    return str(cls.short_title) if cls is not None else kind.replace("_", " ").capitalize()


def choice_label(kind: str, choice: str, players: int = 3) -> str:
    """The button text of a choice, as the kind declares it: ``'5'`` -> ``'Fives'`` (suit
    led), ``'1'`` -> ``'Seat 1'``..."""
    cls = _kind(kind)
    return str(cls.choice_label(choice, players)) if cls is not None else choice


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
