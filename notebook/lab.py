"""The teaching notebook's laboratory: tile pictures, engine-graded exercises and experiments.

``notebook/moon_notebook.py`` imports everything from here, so the notebook itself holds only
the prose and the short cells a student reads and changes. Nothing here imports Streamlit;
IPython is imported only when something is displayed.

Exercises: :func:`exercise` shows one, :func:`check` grades an answer (the first wrong answer
gets a hint, later ones the engine's reason), :func:`reveal` shows the engine's own answer
folded inside a ``<details>`` element, so it stays hidden in JupyterLab and in an HTML export
until the reader opens it. The course's levels (``lessons/data``) and three exercises of the
notebook's own (:data:`LAB_EXERCISES`, graded by the engine and its solver) share this API.

The experiments' conclusions in the notebook come from large reference runs; anyone can
repeat them (the numbers printed are the ones the notebook quotes)::

    python -m notebook.lab reference contracts --deals 500 --seed 2026   # experiments 1 and 3
    python -m notebook.lab reference trump --layouts 400 --seed 2026     # experiment 2
    python -m notebook.lab reference match --deals 40 --seed 2026 --out match.jsonl  # experiment 4
    python -m notebook.lab dilemma --seed 2026 --search 30 --layouts 30  # how DILEMMA_DEAL was found
    python -m notebook.lab puzzle --seed 2026 --search 30                # how DISCARD_DEAL was found
"""

from __future__ import annotations

import argparse
import html
import json
import math
import os
import random
import statistics
import sys
import textwrap
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, cast

from engine import (
    Game,
    RuleSet,
    Tile,
    Trump,
    explain_play,
    explain_winner,
    legal_plays,
    parse_tiles,
    score_hand,
    trick_winner,
)
from engine.deal import deal_hands
from engine.solver import solve
from engine.svg import TileRow
from engine.trump import TRUMP, Suit
from engine.words import trump_phrase

if TYPE_CHECKING:
    import pandas as pd
    from pandas.io.formats.style import Styler

    from lessons.loader import Level


#: A row of an experiment's results (a column name to its value): numbers, words, seeds,
#: read back by the summaries and by pandas. ``Any`` on purpose: the columns differ per
#: experiment and each summary reads the ones its experiment wrote.
Row: TypeAlias = dict[str, Any]

__all__ = [
    "DILEMMA_DEAL",
    "DISCARD_DEAL",
    "LAB_EXERCISES",
    "MIN_DEALS",
    "SUIT_NAMES",
    "LabExercise",
    "Progress",
    "Tiles",
    "best_contract",
    "check",
    "contract_study",
    "eight_tiles",
    "exercise",
    "makes_by",
    "match_summary",
    "mean_se",
    "paired_difference",
    "reveal",
    "seat_summary",
    "set_by_suit",
    "show",
    "solve_contract",
    "strong_vs_basic",
    "table",
    "trump_chances",
    "trump_words",
    "weakest",
]

#: The suits by number, for column and row names.
SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")

#: The hand of experiment 2 (deal number, hand number): found by ``python -m notebook.lab dilemma``.
DILEMMA_DEAL = (2026, 8)

#: The hand of the "discard and trump" exercise: found by ``python -m notebook.lab puzzle``.
DISCARD_DEAL = (2026, 10)


# --------------------------------------------------------------------------- display


class _Handle(Protocol):
    """What ``IPython.display.display`` returns: a handle to update the output in place."""

    def update(self, obj: object) -> None: ...


def _display(obj: object) -> _Handle | None:
    """Show ``obj`` in the notebook (``IPython`` is imported only when something is shown)."""
    import IPython.display

    handle: _Handle | None = IPython.display.display(obj, display_id=True)  # type: ignore[no-untyped-call]
    return handle


def _html(text: str) -> object:
    """``text`` as notebook HTML output."""
    import IPython.display

    return IPython.display.HTML(text)  # type: ignore[no-untyped-call]


class Tiles:
    """Tiles drawn with the engine's SVG, shown as inline HTML.

    The ``<svg>`` keeps ``role="img"``, an ``aria-label`` and a ``<title>`` naming every tile,
    so the picture has a text alternative in JupyterLab and in an HTML export (a bare SVG
    output becomes an ``<img>`` without one there). It shrinks to the page width.
    """

    def __init__(
        self,
        tiles: Iterable[Tile | str],
        trump: Trump | None = None,
        playable: Iterable[Tile | str] | None = None,
        scale: float = 1.0,
    ) -> None:
        self.row = TileRow(list(tiles), trump=trump, playable=playable, scale=scale)

    def label(self) -> str:
        """The words the picture stands for."""
        return ", ".join(d.label for d in self.row._drawings) or "no tiles"

    def _repr_html_(self) -> str:
        svg = self.row.svg().replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)
        return f'<div class="moon-tiles">{svg}</div>'

    def __repr__(self) -> str:
        return f"Tiles({self.label()})"


def show(*tiles: Tile | str, trump: Trump | None = None, playable: Iterable[Tile | str] | None = None) -> None:
    """Draw tiles with the engine's SVG (the same drawing as the app), with their names as text alternative."""
    _display(Tiles(tiles, trump=trump, playable=playable))


class Progress:
    """A one-line progress bar that updates in place (in a notebook), or prints to stderr."""

    def __init__(self, total: int, label: str, notebook: bool = True) -> None:
        self.total, self.label, self.done, self.notebook = total, label, 0, notebook
        self.handle: _Handle | None = None
        if notebook:
            self.handle = _display(_html(self._bar()))

    def _bar(self) -> str:
        width = 30
        filled = round(width * self.done / max(1, self.total))
        return f"<code>{self.label}: [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}</code>"

    def step(self) -> None:
        """One more done."""
        self.done += 1
        if self.done == self.total or self.done % max(1, self.total // 20) == 0:
            if self.handle is not None:
                self.handle.update(_html(self._bar()))
            elif not self.notebook:
                print(f"{self.label}: {self.done}/{self.total}", file=sys.stderr, flush=True)


def trump_words(trump: Trump | str) -> str:
    """``"sixes trump"``, ``"doubles trump"``, or ``"no trump"`` (never "no trump trump")."""
    return trump_phrase(Trump.parse(trump) if isinstance(trump, str) else trump)


def set_by_suit(tiles: Sequence[Tile], trump: Trump | str = "none") -> list[Row]:
    """One row per suit (blanks … sixes, then trumps if any): its tiles, highest first.

    A tile that is not a trump shows in both of its numbers' rows.
    """
    t = Trump.parse(trump) if isinstance(trump, str) else trump
    present = set(tiles)
    rows: list[Row] = []
    suits: list[Suit] = list(range(7)) + ([TRUMP] if t.kind != "none" else [])
    for suit in suits:
        ranked = [x for x in t.order(suit) if x in present]
        if not ranked:
            continue
        name = SUIT_NAMES[suit] if isinstance(suit, int) else "trumps"
        rows.append({"suit": name, "tiles, highest first": "  ".join(str(x) for x in ranked), "how many": len(ranked)})
    return rows


def table(rows: Sequence[Row] | pd.DataFrame, index: str | None = None, small: str | None = None) -> Styler:
    """A pandas table styled to read well in JupyterLab and an HTML export: text left-aligned
    and wrapped (never cut off). With ``small``, rows whose ``small`` column is under 10 are
    greyed (too few deals to trust)."""
    import pandas as pd

    frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
    if index is not None:
        frame = frame.set_index(index)
    styler = frame.style.set_table_styles(
        [{"selector": cell, "props": "text-align: left; white-space: normal"} for cell in ("th", "td")]
    )
    styler = styler.format(precision=2)
    if small is not None:
        styler = styler.apply(
            lambda row: ["color: #8a8a8a; font-style: italic" if row[small] < MIN_DEALS else "" for _ in row], axis=1
        )
    if index is None and isinstance(frame.index, pd.RangeIndex):  # a row number says nothing
        styler = styler.hide(axis="index")
    return styler


#: Groups with fewer deals than this are greyed in tables and left out of charts.
MIN_DEALS = 10


# --------------------------------------------------------------------------- exercises


@dataclass(frozen=True)
class LabExercise:
    """An exercise of the notebook's own, graded by the engine (no answer is written down).

    ``grade(answer)`` returns (correct, text); ``answer()`` computes the engine's answer and
    ``reason()`` says why, for :func:`reveal`.
    """

    id: str
    question: str
    hint: str
    draw: Callable[[], None]
    grade: Callable[[object], tuple[bool, str]]
    answer: Callable[[], object]
    reason: Callable[[], str]


def _read_tile(raw: object) -> Tile:
    if isinstance(raw, Tile):
        return raw
    if not isinstance(raw, str):
        raise ValueError(f"give a tile as text, like '6-4', not {raw!r}")
    return Tile.parse(raw.strip())


# Exercise 1: a low trump beats 6-6.
_LOW_TRUMP = Trump.parse("1")
_LOW_TRICK = parse_tiles("6-6 6-2")  # seat 1 led 6-6, seat 2 played 6-2
_LOW_HAND = parse_tiles("6-1 5-4 3-2")  # seat 0 to play


def _low_winners() -> list[Tile]:
    return [
        t for t in legal_plays(_LOW_HAND, _LOW_TRICK, _LOW_TRUMP) if trick_winner([*_LOW_TRICK, t], _LOW_TRUMP) == 2
    ]


def _low_grade(raw: object) -> tuple[bool, str]:
    tile = _read_tile(raw)
    if tile not in _LOW_HAND:
        return False, f"{tile} is not in your hand (you hold {', '.join(map(str, _LOW_HAND))})."
    why = explain_play(_LOW_HAND, _LOW_TRICK, _LOW_TRUMP, tile)
    if not why.legal:
        return False, why.text
    if tile in _low_winners():
        return True, explain_winner([*_LOW_TRICK, tile], _LOW_TRUMP).text
    return False, f"{tile} may be played, but it does not win: look again at what a one is worth now."


def _low_draw() -> None:
    print("The trick so far (seat 1 led 6-6, seat 2 played 6-2):")
    show(*_LOW_TRICK, trump=_LOW_TRUMP)
    print("Your hand (seat 0), trumps starred:")
    show(*_LOW_HAND, trump=_LOW_TRUMP)


# Exercise 2: which discard and which trump? The solver says.


@cache
def _deal_of(deal: tuple[int, int]) -> tuple[tuple[Tile, ...], tuple[tuple[Tile, ...], ...], Tile]:
    hands, widow = deal_hands(RuleSet().tiles, 3, deal[0], deal[1])
    return tuple(sorted(hands[0] + widow)), hands[1:], widow[0]


def eight_tiles(deal: tuple[int, int]) -> tuple[Tile, ...]:
    """Seat 0's seven tiles and the widow of hand ``deal`` = (deal number, hand number)."""
    return _deal_of(deal)[0]


def solve_contract(deal: tuple[int, int], discard: Tile | str, trump: Trump | str) -> int:
    """Tricks seat 0 takes (open hands, best play on both sides) in hand ``deal`` = (deal
    number, hand number) of a three-player game, after taking the widow, putting ``discard``
    aside and naming ``trump``; seat 0 leads."""
    eight, others, _ = _deal_of(deal)
    tile = _read_tile(discard)
    if tile not in eight:
        raise ValueError(f"{tile} is not among the eight tiles ({' '.join(map(str, eight))})")
    t = Trump.parse(trump) if isinstance(trump, str) else trump
    hand = [x for x in eight if x != tile]
    return solve([hand, *others], t, leader=0, side={0})


@cache
def _all_contracts(deal: tuple[int, int]) -> dict[tuple[str, str], int]:
    eight, _, _ = _deal_of(deal)
    return {(str(d), str(t)): solve_contract(deal, d, t) for t in RuleSet().trumps for d in eight}


def _read_contract(raw: object) -> tuple[Tile, Trump]:
    if isinstance(raw, dict):
        raw = (raw.get("discard"), raw.get("trump"))
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise ValueError("give two things: the tile to discard and the trump, like ('3-2', 'sixes')")
    tile = _read_tile(raw[0])
    word = str(raw[1]).strip().lower().removesuffix(" trump")
    words = {name: str(i) for i, name in enumerate(SUIT_NAMES)} | {"no": "none", "no trump": "none"}
    return tile, Trump.parse(words.get(word, word))


def _discard_grade(raw: object) -> tuple[bool, str]:
    tile, trump = _read_contract(raw)
    got = solve_contract(DISCARD_DEAL, tile, trump)
    best = max(_all_contracts(DISCARD_DEAL).values())
    said = f"Putting {tile} aside with {trump_words(trump)}, the bidder takes {got} tricks against best defence"
    if got == best:
        return True, said + ": no discard and trump does better."
    return False, said + ". Another choice takes more: try solve_contract(DISCARD_DEAL, tile, trump) on your ideas."


def _discard_answer() -> list[tuple[str, str]]:
    table = _all_contracts(DISCARD_DEAL)
    best = max(table.values())
    return sorted(k for k, v in table.items() if v == best)


def _discard_draw() -> None:
    eight, _, widow = _deal_of(DISCARD_DEAL)
    print(f"Your eight tiles (the widow was {widow}). You bid 5; the other hands are in DISCARD_DEAL.")
    show(*eight)


# Exercise 3: a four-player 21.
_MOON4_BIDDER = 1
_MOON4_TRICKS = (1, 4, 0, 2)


def _moon4_answer() -> list[int]:
    return list(score_hand(RuleSet(players=4), _MOON4_BIDDER, 21, _MOON4_TRICKS).change)


def _moon4_grade(raw: object) -> tuple[bool, str]:
    if not isinstance(raw, list | tuple) or len(raw) != 2 or not all(isinstance(x, int) for x in raw):
        raise ValueError("give two numbers: the score change of team 0 (seats 0 and 2), then of team 1")
    if list(raw) == _moon4_answer():
        return True, _moon4_reason()
    return False, "Not those numbers. How many tricks does a 21 need, and whose tricks count together?"


def _moon4_reason() -> str:
    team = _MOON4_TRICKS[1] + _MOON4_TRICKS[3]
    change = _moon4_answer()
    return (
        f"Seats 1 and 3 took {team} tricks together; a 21 needs all seven by the team, so it is set: "
        f"team 1 scores {change[1]:+d}, and team 0 scores {change[0]:+d}, one point per trick it took."
    )


def _moon4_draw() -> None:
    print("Tricks by seat: " + ", ".join(f"seat {s} took {n}" for s, n in enumerate(_MOON4_TRICKS)))


def _low_reason() -> str:
    return explain_winner([*_LOW_TRICK, *_low_winners()[:1]], _LOW_TRUMP).text


#: The notebook's own exercises, by id.
LAB_EXERCISES: dict[str, LabExercise] = {
    e.id: e
    for e in (
        LabExercise(
            "lab-low-trump",
            "Ones are trump. Seat 1 led 6-6 and seat 2 played 6-2. You are seat 0: which of your "
            "tiles wins the trick? (a tile, like '5-4')",
            "With ones trump, which suit does 6-1 belong to? Must you follow sixes?",
            _low_draw,
            _low_grade,
            lambda: [str(t) for t in _low_winners()],
            _low_reason,
        ),
        LabExercise(
            "lab-discard-trump",
            "You won the auction with 5 and took the widow. Which tile would you discard and which "
            "trump would you name? Answer like ('3-2', 'sixes'), then check it with the solver.",
            "Count your trumps under each choice, and keep the doubles that would top their suits.",
            _discard_draw,
            _discard_grade,
            _discard_answer,
            lambda: (
                f"The solver's best is {max(_all_contracts(DISCARD_DEAL).values())} tricks (open hands), "
                f"reached by {len(_discard_answer())} of the {len(_all_contracts(DISCARD_DEAL))} choices."
            ),
        ),
        LabExercise(
            "lab-four-moon",
            "Four players. Seat 1 bid 21. What does each team score? (team 0 = seats 0 and 2, "
            "team 1 = seats 1 and 3, like [3, -5])",
            "A bid is made or set by the team's tricks together; how many does a 21 need?",
            _moon4_draw,
            _moon4_grade,
            _moon4_answer,
            _moon4_reason,
        ),
    )
}


@cache
def _levels() -> dict[str, Level]:
    from lessons import load_course

    return {level.id: level for stage in load_course().stages for level in stage.levels}


_tries: dict[str, int] = {}


def exercise(exercise_id: str) -> None:
    """Show an exercise: its question and the tiles it is about."""
    if exercise_id in LAB_EXERCISES:
        lab = LAB_EXERCISES[exercise_id]
        print(textwrap.fill(f"Exercise '{exercise_id}': {lab.question}", 100))
        lab.draw()
        return
    level = _levels()[exercise_id]
    pos = level.position
    print(textwrap.fill(f"Exercise '{exercise_id}': {level.question}", 100))
    if pos.trick:
        print(f"Trick so far (led by seat {pos.leader}):")
        show(*pos.trick, trump=pos.trump)
    for seat in sorted(pos.shown):
        if pos.has_hand(seat):
            print(f"Seat {seat}'s hand:")
            show(*pos.hand(seat), trump=pos.trump)
    if pos.tiles:
        show(*pos.tiles, trump=pos.trump)


def _tile_to_index(level: Level, answer: object) -> object:
    """Where the question asks for the index of a tile in the trick, accept the tile itself."""
    if level.kind != "trick_winner" or not isinstance(answer, str):
        return answer
    try:
        tile = Tile.parse(answer.strip())
    except ValueError:
        return answer
    trick = list(level.position.trick)
    return trick.index(tile) if tile in trick else answer


def grade(exercise_id: str, answer: object) -> tuple[bool, str]:
    """Grade an answer with the engine: (correct, the engine's words). Raises ValueError for
    an answer of the wrong shape."""
    from content import AnswerError

    if exercise_id in LAB_EXERCISES:
        return LAB_EXERCISES[exercise_id].grade(answer)
    level = _levels()[exercise_id]
    try:
        feedback = level.grade(_tile_to_index(level, answer))
    except AnswerError as error:
        raise ValueError(str(error)) from None
    return feedback.correct, feedback.text


def hint(exercise_id: str) -> str:
    """Where to look (never the answer)."""
    if exercise_id in LAB_EXERCISES:
        return LAB_EXERCISES[exercise_id].hint
    return str(_levels()[exercise_id].hint(1))


def check(exercise_id: str, answer: object) -> None:
    """Grade an answer and say so: "correct"; a hint after the first wrong answer; the
    engine's reason after later ones."""
    if answer is None:
        print("Not answered yet: put your answer in the cell above and run it again.")
        return
    try:
        correct, text = grade(exercise_id, answer)
    except ValueError as error:
        print(f"That answer has the wrong shape: {error}")
        return
    if correct:
        print("correct")
        return
    _tries[exercise_id] = _tries.get(exercise_id, 0) + 1
    if _tries[exercise_id] == 1:
        print(f"Not yet. A hint: {hint(exercise_id)}")
    else:
        print(f"Not yet: {text}")


def answer_of(exercise_id: str) -> object:
    """The engine's answer (computed, never written down)."""
    if exercise_id in LAB_EXERCISES:
        return LAB_EXERCISES[exercise_id].answer()
    return _levels()[exercise_id].answer_json()


def reveal_html(exercise_id: str) -> str:
    """The engine's answer and its reason, folded in a ``<details>`` element, then graded."""
    answer = answer_of(exercise_id)
    if exercise_id in LAB_EXERCISES:
        reason = LAB_EXERCISES[exercise_id].reason()
        answers = [answer] if exercise_id == "lab-four-moon" else cast("Iterable[object]", answer)  # a list of tiles
        graded = all(grade(exercise_id, a)[0] for a in answers)
    else:
        reason = str(_levels()[exercise_id].hint(2))
        graded = grade(exercise_id, answer)[0]
    verdict = "correct" if graded else "NOT CORRECT (report this)"
    return (
        '<details class="moon-answer"><summary>The answer (click to open; try first)</summary>'
        f'<p><code>{html.escape(repr(answer))}</code>: {html.escape(reason)}</p>'
        f"<p>The engine grades this answer: <b>{verdict}</b></p></details>"
    )


def reveal(exercise_id: str) -> None:
    """Show the engine's answer, folded: it stays hidden until the reader opens it."""
    _display(_html(reveal_html(exercise_id)))


# --------------------------------------------------------------------------- experiments


def weakest(tiles: Sequence[Tile], trump: Trump) -> Tile:
    """The tile a simple bidder throws away: its lowest tile that is neither a trump nor a double."""
    spare = [t for t in tiles if not trump.is_trump(t) and not t.is_double] or list(tiles)
    return min(spare, key=lambda t: (t.high + t.low, t.high))


def best_contract(
    eight: Sequence[Tile], others: Sequence[Sequence[Tile]], rules: RuleSet, widow_tile: Tile
) -> Row:
    """Try each allowed trump with two discards (the weakest tile, or the widow tile, which
    gives back the hand as dealt); solve each with open hands and keep the one that takes the
    most tricks (between equals, the one holding more trumps).

    Returns the contract (trump, its kind, discard, tricks) and what the bidder holds after the
    discard: trumps and doubles counted at the same moment.
    """
    best: Row | None = None
    for trump in rules.trumps:
        for discard in sorted({weakest(eight, trump), widow_tile}):
            hand = [t for t in eight if t != discard]
            tricks = solve([hand, *others], trump, leader=0, side={0})
            held = sum(trump.is_trump(t) for t in hand)
            # the most tricks; between equals, the trump with more tiles (what a player would name)
            if best is None or (tricks, held) > (best["tricks"], best["trumps held"]):
                best = {
                    "contract": {"number": "a number", "doubles": "doubles", "none": "no trump"}[trump.kind],
                    "trump": trump.name,
                    "discard": str(discard),
                    "tricks": tricks,
                    "trumps held": held,
                    "doubles held": sum(t.is_double for t in hand),
                }
    assert best is not None
    return best


def contract_study(
    deals: int, seed: int, progress: Progress | None = None, widow: bool = True
) -> list[Row]:
    """Experiments 1 and 3: deal ``deals`` three-player hands from ``seed``; seat 0 takes the
    widow and plays its best contract (:func:`best_contract`). With ``widow``, each row also
    has ``without widow``: the best over all trumps of the seven tiles as dealt."""
    rules = RuleSet()
    rows = []
    for i in range(deals):
        hands, spare = deal_hands(rules.tiles, 3, seed, i + 1)
        row = best_contract(sorted(hands[0] + spare), hands[1:], rules, spare[0])
        row["deal"] = i + 1
        if widow:
            row["without widow"] = max(solve(list(hands), t, leader=0, side={0}) for t in rules.trumps)
        rows.append(row)
        if progress:
            progress.step()
    return rows


def makes_by(rows: Sequence[Row], by: str, contract: str, bids: Sequence[int] = (4, 5, 6)) -> list[Row]:
    """For the deals played as ``contract``: per value of ``by``, the number of deals and the
    percentage that take at least each bid."""
    groups: dict[int, list[int]] = {}
    for r in rows:
        if r["contract"] == contract:
            groups.setdefault(r[by], []).append(r["tricks"])
    return [
        {by: k, "deals": len(v), **{f"makes {b}": round(100 * sum(x >= b for x in v) / len(v)) for b in bids}}
        for k, v in sorted(groups.items())
    ]


def trump_chances(
    deal: tuple[int, int], layouts: int, seed: int, bids: Sequence[int] = (4, 5, 6, 7), progress: Progress | None = None
) -> dict[str, dict[int, float]]:
    """Experiment 2: seat 0's eight tiles of hand ``deal``; for every trump (discarding the
    weakest tile for it), deal the unseen tiles ``layouts`` ways and solve each. Returns, per
    trump name, the percentage of layouts where each bid makes."""
    eight, _, _ = _deal_of(deal)
    rules = RuleSet()
    unseen = [t for t in rules.tiles if t not in eight]
    rng = random.Random(seed)
    shuffles = []
    for _ in range(layouts):
        rest = unseen[:]
        rng.shuffle(rest)
        shuffles.append(rest)
    chances: dict[str, dict[int, float]] = {}
    for trump in rules.trumps:
        hand = [t for t in eight if t != weakest(eight, trump)]
        results = []
        for rest in shuffles:  # the same layouts for every trump: a fair comparison
            results.append(solve([hand, rest[:7], rest[7:14]], trump, leader=0, side={0}))
            if progress:
                progress.step()
        chances[trump.name] = {b: 100 * sum(r >= b for r in results) / layouts for b in bids}
    return chances


def strong_vs_basic(deals: int, seed: int, progress: Progress | None = None) -> list[Row]:
    """Experiment 4: each deal (deal numbers ``seed`` … ``seed + deals - 1``) is played three
    times, one strong player and two basic ones, the strong player in seat 0, 1, then 2.
    One row per seat per hand: points, whether it was the bidder."""
    from engine.players import make_bot

    rows = []
    for d in range(deals):
        for strong_seat in range(3):
            game = Game.new(RuleSet(), seed=seed + d)
            bots = [make_bot("strong" if s == strong_seat else "basic", seed=10 * (seed + d) + s) for s in range(3)]
            while not game.hand_finished:
                seat = game.to_act
                assert seat is not None
                game.apply(bots[seat].decide(game.view(seat)).action)
            result = game.results[-1]
            for seat in range(3):
                rows.append(
                    {
                        "deal": seed + d,
                        "strong seat": strong_seat,
                        "seat": seat,
                        "player": "strong" if seat == strong_seat else "basic",
                        "points": result.change[seat],
                        "bidder": result.bidder == seat,
                        "made": bool(result.made) if result.bidder == seat else None,
                    }
                )
            if progress:
                progress.step()
    return rows


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (sample standard deviation / √n; 0 for one value).

    >>> mean_se([1.0, 2.0, 3.0]), mean_se([4.0])
    ((2.0, 0.5773502691896258), (4.0, 0.0))
    """
    if not values:
        raise ValueError("no values")
    m = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return m, se


def _cell(values: Sequence[float]) -> str:
    m, se = mean_se(values)
    return f"{m:+.2f} ± {se:.2f} ({len(values)} hands)"


def match_summary(rows: Sequence[Row]) -> list[Row]:
    """Mean ± standard error of points per hand for the strong player and for each basic
    player: the one after it and the one before it, clockwise."""
    names = ["strong", "basic, after the strong player", "basic, before the strong player"]
    groups: dict[str, list[float]] = {n: [] for n in names}
    for r in rows:
        groups[names[(r["seat"] - r["strong seat"]) % 3]].append(r["points"])
    out = []
    for who, values in groups.items():
        m, se = mean_se(values)
        out.append({"player": who, "hands": len(values), "mean points per hand": round(m, 2), "± standard error": round(se, 2)})
    return out


def seat_summary(rows: Sequence[Row]) -> list[Row]:
    """Per seat: points per hand (mean ± standard error) when the strong player sat there and
    when a basic one did: the same cards, so the gap is the player, not the deal."""
    out = []
    for seat in sorted({r["seat"] for r in rows}):
        cell = {"seat": seat}
        for player in ("strong", "basic"):
            values = [r["points"] for r in rows if r["seat"] == seat and r["player"] == player]
            cell[f"{player} player here"] = _cell(values) if values else "–"
        out.append(cell)
    return out


def paired_difference(rows: Sequence[Row]) -> tuple[float, float, int]:
    """Per deal, the strong player's mean points minus the basic players' mean (the three
    seatings of that deal); then the mean ± standard error over deals, and their number."""
    diffs = []
    for d in sorted({r["deal"] for r in rows}):
        same = [r for r in rows if r["deal"] == d]
        strong = statistics.fmean(r["points"] for r in same if r["player"] == "strong")
        basic = statistics.fmean(r["points"] for r in same if r["player"] == "basic")
        diffs.append(strong - basic)
    m, se = mean_se(diffs)
    return m, se, len(diffs)


# --------------------------------------------------------------------------- reference runs


def _print_rows(rows: Sequence[Row]) -> None:
    if not rows:
        print("(none)")
        return
    keys = list(rows[0])
    print(" | ".join(keys))
    for r in rows:
        print(" | ".join(str(r[k]) for k in keys))


def _reference(which: str, deals: int, layouts: int, seed: int, out: str | None = None) -> None:
    start = time.perf_counter()
    done: dict[int, list[Row]] = {}
    if out and os.path.exists(out):
        with open(out) as f:
            for line in f:
                item = json.loads(line)
                done[item["deal"]] = item["rows"]
    if which == "contracts":
        rows = contract_study(deals, seed, Progress(deals, "deals", notebook=False))
        print(f"Experiments 1 and 3: {deals} deals, seed {seed}")
        for contract in ("a number", "doubles", "no trump"):
            n = sum(r["contract"] == contract for r in rows)
            print(f"\ncontract {contract}: {n} deals")
            _print_rows(makes_by(rows, "trumps held" if contract == "a number" else "doubles held", contract))
        num = [r for r in rows if r["contract"] == "a number"]
        print("\nnumber trump, mean tricks by trumps held x doubles held (cells with >= 10 deals):")
        cells: dict[tuple[int, int], list[int]] = {}
        for r in num:
            cells.setdefault((r["trumps held"], min(r["doubles held"], 3)), []).append(r["tricks"])
        for (t, d), v in sorted(cells.items()):
            if len(v) >= 10:
                print(f"trumps {t}, doubles {d}{'+' if d == 3 else ''}: {statistics.fmean(v):.2f} ({len(v)} deals)")
        gains = [r["tricks"] - r["without widow"] for r in rows]
        m, se = mean_se(gains)
        print(f"\nwidow: mean gain {m:.2f} ± {se:.2f} tricks; gains {sorted(set(gains))}; "
              f"share with a gain {100 * sum(g > 0 for g in gains) / len(gains):.0f}%")
    elif which == "trump":
        chances = trump_chances(DILEMMA_DEAL, layouts, seed, progress=Progress(layouts * 9, "layouts", notebook=False))
        print(f"Experiment 2: hand {DILEMMA_DEAL}, {layouts} layouts per trump, seed {seed}")
        for name, row in chances.items():
            print(f"{name:>9}: " + "  ".join(f"{b}: {v:5.1f}%" for b, v in row.items()))
    elif which == "match":
        rows = []
        for d in range(deals):  # deal by deal, so a long run can be cut short and resumed
            if out and d in done:
                rows.extend(done[d])
                continue
            these = strong_vs_basic(1, seed + d)
            rows.extend(these)
            if out:
                with open(out, "a") as f:
                    f.write(json.dumps({"deal": d, "rows": these}) + "\n")
            print(f"deal {d + 1}/{deals} done after {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
        print(f"Experiment 4: {deals} deals x 3 seatings = {deals * 3} hands, seed {seed}")
        _print_rows(match_summary(rows))
        _print_rows(seat_summary(rows))
        m, se, n = paired_difference(rows)
        for player in ("strong", "basic"):
            hands = sum(r["player"] == player for r in rows)
            bids = [r for r in rows if r["player"] == player and r["bidder"]]
            made = sum(bool(r["made"]) for r in bids)
            print(f"{player}: won the auction in {len(bids)} of {hands} hands, made {made} of those bids")
        print(f"strong minus basic, per deal: {m:.2f} ± {se:.2f} points per hand ({n} deals)")
    print(f"runtime {time.perf_counter() - start:.0f} s")


def _dilemma_search(seed: int, search: int, layouts: int) -> None:
    """Hands where two trumps are close for some bid, or where the best trump changes with the bid."""
    for hand_number in range(1, search + 1):
        ch = trump_chances((seed, hand_number), layouts, seed)
        # a dilemma: the best trump for one bid is not the best for another, both being live
        live = {b: sorted(ch, key=lambda n: -ch[n][b])[:2] for b in (4, 5, 6)}
        flips = any(
            live[a][0] != live[b][0] and ch[live[a][0]][a] >= 30 and ch[live[b][0]][b] >= 30
            and ch[live[b][0]][a] >= 30
            for a in (4, 5) for b in (5, 6) if a < b
        )
        tops = {n for b in (4, 5, 6) for n in live[b]}
        text = "; ".join(f"{n} " + "/".join(f"{ch[n][b]:.0f}" for b in (4, 5, 6)) for n in sorted(tops))
        print(f"hand {hand_number}: % makes 4/5/6: {text}{'  <- dilemma' if flips else ''}", flush=True)


def _puzzle_search(seed: int, search: int) -> None:
    """Hands where few of the 72 discard-and-trump choices reach the solver's best."""
    for hand_number in range(1, search + 1):
        table = _all_contracts((seed, hand_number))
        best = max(table.values())
        winners = sorted(k for k, v in table.items() if v == best)
        trumps = sorted({t for _, t in winners})
        print(f"hand {hand_number}: best {best} tricks by {len(winners)} of 72 choices; trumps {trumps}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m notebook.lab reference contracts|trump|match`` and the two searches."""
    parser = argparse.ArgumentParser(prog="python -m notebook.lab", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    ref = sub.add_parser("reference", help="a reference run whose numbers the notebook quotes")
    ref.add_argument("which", choices=["contracts", "trump", "match"])
    ref.add_argument("--deals", type=int, default=1000)
    ref.add_argument("--layouts", type=int, default=400)
    ref.add_argument("--seed", type=int, default=2026)
    ref.add_argument("--out", help="match: keep each finished deal in this JSON-lines file and resume from it")
    dil = sub.add_parser("dilemma", help="search hands for a real trump dilemma (experiment 2)")
    dil.add_argument("--seed", type=int, default=2026)
    dil.add_argument("--search", type=int, default=40)
    dil.add_argument("--layouts", type=int, default=40)
    puz = sub.add_parser("puzzle", help="search hands for the discard-and-trump exercise")
    puz.add_argument("--seed", type=int, default=2026)
    puz.add_argument("--search", type=int, default=60)
    args = parser.parse_args(argv)
    if args.command == "reference":
        _reference(args.which, args.deals, args.layouts, args.seed, args.out)
    elif args.command == "dilemma":
        _dilemma_search(args.seed, args.search, args.layouts)
    else:
        _puzzle_search(args.seed, args.search)
    return 0


if __name__ == "__main__":
    sys.exit(main())
