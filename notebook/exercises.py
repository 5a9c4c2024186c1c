"""The notebook's exercises, graded by the engine (no answer is written down anywhere).

:func:`exercise` shows one, :func:`check` grades an answer (the first wrong answer gets a
hint, later ones the engine's reason), :func:`reveal` shows the engine's own answer folded
inside a ``<details>`` element, so it stays hidden in JupyterLab and in an HTML export until
the reader opens it. The course's levels (``lessons/data``) and three exercises of the
notebook's own (:data:`LAB_EXERCISES`, graded by the engine and its solver) share this API.

>>> grade("lab-low-trump", "6-1")[0], grade("lab-low-trump", "5-4")[0]
(True, False)
"""

from __future__ import annotations

import html as html_text
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, cast

from content import AnswerError
from content.checks import read_tile
from engine import (
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
from engine.words import trump_phrase
from notebook.display import SUIT_NAMES, html, show, show_html
from notebook.experiments import DISCARD_DEAL, all_contracts, deal_of, solve_contract

if TYPE_CHECKING:
    from lessons import Level

__all__ = [
    "LAB_EXERCISES",
    "LabExercise",
    "answer_of",
    "check",
    "exercise",
    "grade",
    "hint",
    "reveal",
    "reveal_html",
]


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


# Exercise 1: a low trump beats 6-6.
_LOW_TRUMP = Trump.parse("1")
_LOW_TRICK = parse_tiles("6-6 6-2")  # seat 1 led 6-6, seat 2 played 6-2
_LOW_HAND = parse_tiles("6-1 5-4 3-2")  # seat 0 to play


def _low_winners() -> list[Tile]:
    return [
        t for t in legal_plays(_LOW_HAND, _LOW_TRICK, _LOW_TRUMP) if trick_winner([*_LOW_TRICK, t], _LOW_TRUMP) == 2
    ]


def _low_grade(raw: object) -> tuple[bool, str]:
    tile = read_tile(raw)
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


def _low_reason() -> str:
    return explain_winner([*_LOW_TRICK, *_low_winners()[:1]], _LOW_TRUMP).text


# Exercise 2: which discard and which trump? The solver says.


def _read_contract(raw: object) -> tuple[Tile, Trump]:
    if isinstance(raw, dict):
        raw = (raw.get("discard"), raw.get("trump"))
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise ValueError("give two things: the tile to discard and the trump, like ('3-2', 'sixes')")
    tile = read_tile(raw[0])
    word = str(raw[1]).strip().lower().removesuffix(" trump")
    words = {name: str(i) for i, name in enumerate(SUIT_NAMES)} | {"no": "none", "no trump": "none"}
    return tile, Trump.parse(words.get(word, word))


def _discard_grade(raw: object) -> tuple[bool, str]:
    tile, trump = _read_contract(raw)
    got = solve_contract(DISCARD_DEAL, tile, trump)
    best = max(all_contracts(DISCARD_DEAL).values())
    said = f"Putting {tile} aside with {trump_phrase(trump)}, the bidder takes {got} tricks against best defence"
    if got == best:
        return True, said + ": no discard and trump does better."
    return False, said + ". Another choice takes more: try solve_contract(DISCARD_DEAL, tile, trump) on your ideas."


def _discard_answer() -> list[tuple[str, str]]:
    table = all_contracts(DISCARD_DEAL)
    best = max(table.values())
    return sorted(k for k, v in table.items() if v == best)


def _discard_draw() -> None:
    eight, _, widow = deal_of(DISCARD_DEAL)
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
                f"The solver's best is {max(all_contracts(DISCARD_DEAL).values())} tricks (open hands), "
                f"reached by {len(_discard_answer())} of the {len(all_contracts(DISCARD_DEAL))} choices."
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
def levels() -> dict[str, Level]:
    """The course's levels by id: each is an exercise here too."""
    from lessons import load_course

    return {level.id: level for stage in load_course().stages for level in stage.levels}


#: Wrong answers given so far, per exercise (the first gets a hint, later ones the reason).
tries: dict[str, int] = {}


def exercise(exercise_id: str) -> None:
    """Show an exercise: its question and the tiles it is about."""
    if exercise_id in LAB_EXERCISES:
        lab = LAB_EXERCISES[exercise_id]
        print(textwrap.fill(f"Exercise '{exercise_id}': {lab.question}", 100))
        lab.draw()
        return
    level = levels()[exercise_id]
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
    if exercise_id in LAB_EXERCISES:
        return LAB_EXERCISES[exercise_id].grade(answer)
    level = levels()[exercise_id]
    try:
        feedback = level.grade(_tile_to_index(level, answer))
    except AnswerError as error:
        raise ValueError(str(error)) from None
    return feedback.correct, feedback.text


def hint(exercise_id: str) -> str:
    """Where to look (never the answer)."""
    if exercise_id in LAB_EXERCISES:
        return LAB_EXERCISES[exercise_id].hint
    return str(levels()[exercise_id].hint(1))


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
    tries[exercise_id] = tries.get(exercise_id, 0) + 1
    if tries[exercise_id] == 1:
        print(f"Not yet. A hint: {hint(exercise_id)}")
    else:
        print(f"Not yet: {text}")


def answer_of(exercise_id: str) -> object:
    """The engine's answer (computed, never written down)."""
    if exercise_id in LAB_EXERCISES:
        return LAB_EXERCISES[exercise_id].answer()
    return levels()[exercise_id].answer_json()


def reveal_html(exercise_id: str) -> str:
    """The engine's answer and its reason, folded in a ``<details>`` element, then graded."""
    answer = answer_of(exercise_id)
    if exercise_id in LAB_EXERCISES:
        reason = LAB_EXERCISES[exercise_id].reason()
        answers = [answer] if exercise_id == "lab-four-moon" else cast("Iterable[object]", answer)  # a list of tiles
        graded = all(grade(exercise_id, a)[0] for a in answers)
    else:
        reason = str(levels()[exercise_id].hint(2))
        graded = grade(exercise_id, answer)[0]
    verdict = "correct" if graded else "NOT CORRECT (report this)"
    return (
        '<details class="moon-answer"><summary>The answer (click to open; try first)</summary>'
        f'<p><code>{html_text.escape(repr(answer))}</code>: {html_text.escape(reason)}</p>'
        f"<p>The engine grades this answer: <b>{verdict}</b></p></details>"
    )


def reveal(exercise_id: str) -> None:
    """Show the engine's answer, folded: it stays hidden until the reader opens it."""
    show_html(html(reveal_html(exercise_id)))
