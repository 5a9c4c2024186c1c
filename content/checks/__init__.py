"""Check kinds: each computes its answer with the engine and grades a learner's answer.

A check kind is one :class:`Task` subclass in its own module of this package
(``content/checks/legal_tiles.py``...), registered in :data:`KINDS` under its ``kind`` name.
Each kind declares in one place everything about it: its ``title`` and ``short_title``, how
it is answered (``mode``: click ``one`` choice, select ``many``, click tiles in ``order``,
type a ``number`` or one number per side, ``numbers``), whether its choices are tiles
(``tile_choices``), the label of each choice (:meth:`Task.choice_label`), its general
``hint``, its feedback ``codes`` and its own entry fields (``params``). Adding a kind means
adding one module with one class, and importing it below.

A task is built from a :class:`~content.model.Position` and the entry's kind fields
(``goal``, ``suit``, ``need``...) and refuses a question it cannot ask
(:class:`~content.errors.FieldError`). Then:

- :meth:`Task.answer` — the answer, computed by the engine (never read from the file);
- :meth:`Task.grade` — a :class:`Feedback` for any learner answer: ``correct``, a ``code``
  (one of :attr:`Task.codes` for a wrong answer, ``"correct"`` otherwise) and a ``text``
  built from the engine's reasons;
- :meth:`Task.explain` — why the answer is right, in words (the last hint);
- :meth:`Task.answer_json` — the answer in the export format (see ``docs/content.md``);
- :meth:`Task.choices` — what the app offers to click, when the answer is picked from a list;
- :meth:`Task.wrong_answers` — every wrong answer a learner can give (or, for numbers, a
  representative set), so tests can prove each gets a specific explanation;
- :meth:`Task.features` — measurable features (options, traps, depth) for puzzle ratings.

>>> from content.model import Position
>>> pos = Position.from_dict({"trump": "6", "leader": 0, "trick": ["5-1"],
...                           "hands": {"1": "6-5 5-3 2-1"}})
>>> task = make_task("legal_tiles", pos, {})
>>> task.answer_json()
['5-3']
>>> fb = task.grade(["5-3", "6-5"])
>>> fb.correct, fb.code
(False, 'trump-cannot-follow')
>>> print(fb.text)
6-5 is a trump while sixes are trump, so it cannot follow fives. You must follow fives: 5-3 bears a five.
>>> KINDS["legal_tiles"].mode, KINDS["legal_tiles"].short_title
('many', 'Legal tiles')
"""

from __future__ import annotations

from content.checks.auction_winner import AuctionWinner
from content.checks.base import (
    JSON,
    KINDS,
    AnyTask,
    Features,
    Feedback,
    Task,
    make_task,
    names,
    read_int,
    read_seat,
    read_side,
    read_tile,
    read_tiles,
    register,
    side_name,
)
from content.checks.bid import Bid
from content.checks.bot_tasks import BID_TOLERANCE, BOT_SEED, TRUMP_TOLERANCE
from content.checks.count import Count
from content.checks.ending import Ending
from content.checks.game_winner import GameWinner
from content.checks.is_trump import IsTrump
from content.checks.legal_actions import LegalActions
from content.checks.legal_tiles import LegalTiles
from content.checks.pick_tiles import PickTiles
from content.checks.play import Play
from content.checks.rank import Rank
from content.checks.score_hand import ScoreHand
from content.checks.strategy import Strategy
from content.checks.suit_led import SuitLed
from content.checks.trick_winner import TrickWinner
from content.checks.trump_choice import TrumpChoice
from content.checks.words import is_trump_reason, lead_words, rank_reason

#: The order the kinds are listed in (error messages, docs, the app's filters).
ORDER = (
    "legal_tiles", "suit_led", "is_trump", "pick_tiles", "count", "rank", "trick_winner", "play",
    "score_hand", "game_winner", "legal_actions", "auction_winner", "ending", "bid", "trump_choice", "strategy",
)
_registered = dict(KINDS)
KINDS.clear()
KINDS.update({k: _registered[k] for k in ORDER})
KINDS.update(_registered)  # a kind missing from ORDER still counts (listed last)
del _registered

__all__ = [
    "BID_TOLERANCE",
    "BOT_SEED",
    "JSON",
    "KINDS",
    "ORDER",
    "TRUMP_TOLERANCE",
    "AnyTask",
    "AuctionWinner",
    "Bid",
    "Count",
    "Ending",
    "Features",
    "Feedback",
    "GameWinner",
    "IsTrump",
    "LegalActions",
    "LegalTiles",
    "PickTiles",
    "Play",
    "Rank",
    "ScoreHand",
    "Strategy",
    "SuitLed",
    "Task",
    "TrickWinner",
    "TrumpChoice",
    "is_trump_reason",
    "lead_words",
    "make_task",
    "names",
    "rank_reason",
    "read_int",
    "read_seat",
    "read_side",
    "read_tile",
    "read_tiles",
    "register",
    "side_name",
]
