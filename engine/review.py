"""Grading of a hand by what each player could know: the bid, the discard, the trump named and
every play, with the hindsight of all hands known apart.

For every bid (or pass), discard and trump choice, :func:`review_hand` asks the strong player
what it would have chosen from the same view and what the choice changed (a
:class:`DecisionReview`): for a discard or a trump, the drop in the chance to make the bid,
graded like a play; for a bid or pass, when the strong player plays for the game (its
default, ``play_to_win``), the drop in its chance of winning the game from the score as it
stood (:mod:`engine.players.odds`), in percentage points, graded like a play; otherwise the
points it expects to lose (the strong player's expected score of each, relative to the
others, from its score table; for a player without one, a bid of ``v`` made with chance
``p`` is worth about ``(2p - 1) * v``): 1 point is an *inaccuracy*, 2 a *mistake*, 3 a
*blunder* (:data:`BID_GRADES`). Like a play, a contract choice is graded only when a
second look, on :data:`CHECK_FACTOR` times the simulated deals, still finds it worse, and
by more than the noise of the deals (:data:`NOISE_SIGMAS` standard errors of the chances
counted on them): a choice the strong player itself makes on other deals is never called
a mistake.

For every tile played, :func:`review_hand` gives two verdicts:

- **with all hands open**: how many tricks the player's side in the contract fight (the
  bidder's side, or the defenders together) lost against the best play, by the exact
  solver (:mod:`engine.solver`);
- **from the player's own view** (the grade): the strong bot's chance to make (or set) the
  bid after the play and after the best play it found, from the layouts that agree with what
  the player had seen (drawn and weighed as the strong player does); the drop, in percentage
  points, is graded like lichess grades a drop in winning chance: 5 an *inaccuracy*, 10 a
  *mistake*, 15 a *blunder* (:data:`~engine.players.GRADES`). A play is graded only after a
  check on more layouts finds it worse than the best beyond sampling noise, so a play best
  in expectation is never a mistake; the open-hands verdict is only ever hindsight
  (:meth:`PlayReview.hindsight`).

For a play graded against a better one, the review also says why in terms a learner can
follow, as hindsight: where the exact solver's best lines after the two plays part, every
hand known (:class:`LineDifference`, :func:`line_difference`): the first trick the better
play's line gives the side that the played one does not, who takes it and with what.

>>> from engine import Game
>>> from engine.players import make_bot
>>> g = Game.new(seed=4)
>>> bots = [make_bot("basic", seed=s) for s in range(3)]
>>> while not g.hand_finished:
...     g.apply(bots[g.to_act].decide(g.view(g.to_act)).action)
>>> r = review_hand(g, seats=[g.bidder], expectation=False)
>>> len(r.plays), all(p.tricks_lost >= 0 for p in r.plays)
(7, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, TypeAlias, TypedDict

from engine.actions import Action
from engine.contract import MOON, tricks_needed
from engine.game import Game, PlayerView
from engine.play import trick_winner
from engine.players import GRADES, StrongBot, make_bot, seat_goal
from engine.players.analysis import analyse_play
from engine.players.decision import Candidate, Explanation
from engine.players.facts import keep_value
from engine.solver import Solver, mask_of
from engine.tiles import Tile
from engine.trump import Trump, describe_suit
from engine.words import (
    action_phrase,
    as_trump,
    chance_band,
    chance_change,
    chance_words,
    count_words,
    join_words,
    number_word,
    shows_none,
)

__all__ = ["BID_GRADES", "DecisionReview", "HandReview", "HandStrength", "LineDifference", "PlayReview", "bid_grade",
           "grade", "hand_note", "hand_strength", "line_difference", "review_hand", "start_of_hand"]

#: Grades of a bid or pass, by the points it expects to lose against the strong player's.
BID_GRADES = (("blunder", 3.0), ("mistake", 2.0), ("inaccuracy", 1.0))

#: One review as a row of a table: each column a word, a number or empty.
Row: TypeAlias = dict[str, str | int | float | None]

#: How bad each grade is (for "biggest mistake first").
_SEVERITY = {"blunder": 3, "mistake": 2, "inaccuracy": 1}


def grade(drop: float) -> str | None:
    """The grade of a drop of ``drop`` percentage points in the chance to make (or set) the
    bid: ``"blunder"`` from 15, ``"mistake"`` from 10, ``"inaccuracy"`` from 5, else ``None``.

    >>> grade(20), grade(12), grade(5), grade(4.9)
    ('blunder', 'mistake', 'inaccuracy', None)
    """
    for name, points in GRADES:
        if drop >= points - 1e-9:
            return name
    return None


def bid_grade(points: float) -> str | None:
    """The grade of a bid or pass that expects to lose ``points`` against the best choice.

    >>> bid_grade(3.2), bid_grade(2), bid_grade(1.0), bid_grade(0.5)
    ('blunder', 'mistake', 'inaccuracy', None)
    """
    for name, limit in BID_GRADES:
        if points >= limit - 1e-9:
            return name
    return None


def _bid_value(action: Action) -> int | None:
    return action.value if action.kind == "bid" and isinstance(action.value, int) else None


def _whose(who: str) -> str:
    """``"you"`` -> ``"your"``, ``"Seat 1"`` -> ``"Seat 1's"``."""
    return "your" if who.lower() == "you" else f"{who}'s"


def _choice(action: Action) -> str:
    """A bid or pass as a noun: ``"pass"``, ``"bid of 5"``."""
    v = _bid_value(action)
    return "pass" if v is None else f"bid of {v}"


def hand_note(hand: Iterable[Tile], trump: Trump | None) -> str:
    """What a bid rests on, in a hand before the widow: its tiles of ``trump`` (the trump the
    numbers are for; with none, its longest number suit) and its doubles besides, named.

    >>> hand = [Tile(6, 5), Tile(5, 5), Tile(5, 3), Tile(5, 1), Tile(3, 3), Tile(0, 0), Tile(4, 2)]
    >>> hand_note(hand, Trump.parse("5"))
    'four fives (6-5, 5-5, 5-3 and 5-1) and two doubles besides 5-5 (3-3 and 0-0)'
    >>> hand_note(hand, Trump.parse("6"))
    'one six (6-5) and three doubles (5-5, 3-3 and 0-0)'
    >>> hand_note(hand, Trump.parse("doubles"))
    'three doubles (5-5, 3-3 and 0-0)'
    >>> hand_note([Tile(6, 6), Tile(4, 1)], Trump.parse("none"))
    'one double (6-6), with no trump'
    """
    tiles = sorted(hand, reverse=True)
    doubles = [t for t in tiles if t.is_double]

    def named(n: int, what: str, these: list[Tile]) -> str:
        return f"{number_word(n)} {what}" + (f" ({join_words(these)})" if these else "")

    if trump is not None and trump.kind != "number":
        text = named(len(doubles), "double" if len(doubles) == 1 else "doubles", doubles)
        return text + (", with no trump" if trump.kind == "none" else "")
    if trump is not None and trump.value is not None:
        number = trump.value
    else:
        number = max(range(7), key=lambda k: (sum(t.has(k) for t in tiles), k))
    suit = [t for t in tiles if t.has(number)]
    others = [t for t in doubles if t not in suit]
    text = named(len(suit), describe_suit(number, plural=len(suit) != 1), suit)
    if others:
        # "besides 5-5", never "other doubles": 5-4 and 5-2 in the list before are not doubles.
        own = Tile(number, number)
        besides = f" besides {own}" if own in suit else ""
        text += " and " + named(len(others), ("double" if len(others) == 1 else "doubles") + besides, others)
    return text


@dataclass(frozen=True)
class HandStrength:
    """What a hand holds with one trump, as a learner can check it against the hand: its
    trumps (none with no trump), and its *sure* tiles, those that no tile the player has not
    seen could beat when led (:func:`hand_strength`)."""

    trump: Trump
    trumps: tuple[Tile, ...]
    sure: tuple[Tile, ...]

    def words(self, whose: str = "your") -> str:
        """``"with no trump, five of your tiles could not be beaten when led (6-6, 5-5, 4-4, 3-3
        and 1-1)"``; with a trump, the trumps held after it.

        >>> from engine.tiles import ALL_TILES
        >>> hand = [Tile(6, 6), Tile(6, 1), Tile(5, 5), Tile(4, 4), Tile(5, 4), Tile(3, 3), Tile(1, 1)]
        >>> seen = {*hand, Tile(5, 2)}
        >>> unseen = [t for t in ALL_TILES if t not in seen]
        >>> hand_strength(hand, unseen, Trump.parse("none")).words()
        'with no trump, five of your tiles could not be beaten when led (6-6, 5-5, 4-4, 3-3 and 1-1)'
        >>> hand_strength(hand, unseen, Trump.parse("6")).words()
        'with sixes as trump, you held two trumps (6-6 and 6-1), and one of your tiles could not be beaten when led (6-6)'
        """
        you = "you" if whose == "your" else whose.removesuffix("'s")
        n = len(self.sure)
        if n:
            sure = f"{number_word(n)} of {whose} tiles could not be beaten when led ({join_words(self.sure)})"
        else:
            sure = f"every one of {whose} tiles could be beaten when led"
        if self.trump.kind == "none":
            return f"with no trump, {sure}"
        k = len(self.trumps)
        held = f"{number_word(k)} trump{'s' if k != 1 else ''}" + (f" ({join_words(self.trumps)})" if k else "")
        return f"with {as_trump(self.trump)}, {you} held {held}, and {sure}"


    def alike(self, other: HandStrength) -> bool:
        """Whether :meth:`words` says the same of this trump and ``other`` but for the tiles'
        names: as many trumps, and as many tiles that could not be beaten when led."""
        return len(self.trumps) == len(other.trumps) and len(self.sure) == len(other.sure)


def hand_strength(hand: Iterable[Tile], unseen: Iterable[Tile], trump: Trump) -> HandStrength:
    """The trumps of ``hand`` with ``trump``, and its tiles that none of ``unseen`` (the tiles
    its player has not seen) could beat when led: tricks the hand takes whenever it has the
    lead, whatever the other hands hold. What a bid or a trump choice rests on, said so that
    a learner can count it on the hand (:meth:`DecisionReview.why`)."""
    tiles = sorted(hand, reverse=True)
    others = list(unseen)
    sure = tuple(t for t in tiles if not any(trick_winner((t, u), trump) == 1 for u in others))
    return HandStrength(trump, tuple(t for t in tiles if trump.is_trump(t)), sure)


@dataclass(frozen=True)
class DecisionReview:
    """The verdict on one bid (or pass), discard or trump choice.

    ``kind`` is ``"bid"``, ``"discard"`` or ``"trump"``; ``action`` what was chosen, ``best``
    what the strong player chose from the same view; ``chance_played`` / ``chance_best`` the
    chance to make the bid with each (for a bid: of making that bid with its best trump;
    ``None`` for a pass); ``trump_best`` the trump the strong player's numbers are for;
    ``drop`` the drop in percentage points (discard and trump) and ``points_lost`` the
    expected points lost (bid), or ``game_drop`` the drop in the chance of winning the game,
    in percentage points (bid, when the strong player plays for the game), with
    ``game_played`` / ``game_best`` the chances of winning the game behind it (0..1),
    ``grade`` the grade; ``reason`` the strong player's reason; ``hand_note`` what the bid
    rests on in the player's hand (:func:`hand_note`; bids only); ``strength_played`` /
    ``strength_best`` what the hand held with the trump of each choice (:func:`hand_strength`;
    for a pass, none of its own), the ground :meth:`why` gives; ``before_widow`` whether a
    bid's trump was the strong player's plan before the widow was seen. ``scores``: the game's
    score when the choice was made, one per side (at the start of the game, all 0, a line
    says nothing of the score; ``None``: not known). ``counted_with``: for a bid whose player named another trump later in the hand, the
    trump its chance was counted with (the strong player's best for it), said with the chance;
    the hand's note and strength are then the named trump's. ``judged_with``: for a discard, the
    trump its player went on to name, which both discards are judged with. For a pass: ``open_bid``
    the lowest bid the player could have made instead, ``open_chance`` the chance of making
    it with its best trump (the share of the strong player's simulated deals), and
    ``partner_holds`` whether the partner held the bid (four players): what a pass's line
    says it was short of.
    """

    hand_number: int
    seat: int
    kind: str
    action: Action
    best: Action
    chance_played: float | None
    chance_best: float | None
    trump_best: Trump | None = None
    drop: float | None = None
    points_lost: float | None = None
    grade: str | None = None
    reason: str = ""
    game_drop: float | None = None
    game_played: float | None = None
    game_best: float | None = None
    hand_note: str = ""
    open_bid: int | None = None
    open_chance: float | None = None
    partner_holds: bool = False
    strength_played: HandStrength | None = None
    strength_best: HandStrength | None = None
    before_widow: bool = False
    scores: tuple[int, ...] | None = None
    counted_with: Trump | None = None
    judged_with: Trump | None = None

    @property
    def agrees(self) -> bool:
        """True when the strong player chose the same."""
        return self.action is self.best

    def describe(self, who: str = "You", numbers: bool = True) -> str:
        """One to four sentences for a hand review: words first, the numbers in brackets,
        each number said with whose choice it is for; without ``numbers``, the words alone
        (no chance, percentage or average). A bid's line says what the hand held
        (:attr:`hand_note`), the ground the bid was good or not on. A choice that differs
        from the strong player's but is not graded is said to be a comparison, not a mistake
        ("Bid: you passed. Not a mistake; for comparison, the strong player would have bid 5
        ...")."""
        title = {"bid": "Bid", "discard": "Discard", "trump": "Trump"}[self.kind]
        mine, theirs = action_phrase(self.action, "past"), action_phrase(self.best, "past")
        whose = _whose(who)
        held = f"{whose} hand held {self.hand_note}" if self.kind == "bid" and self.hand_note else ""
        whose_cap = whose[0].upper() + whose[1:]
        cp, cb = self.chance_played, self.chance_best

        def fig(text: str) -> str:
            """`` (text)`` with the numbers on, else nothing."""
            return f" ({text})" if numbers else ""

        # A discard judged with the trump its player named says so where it names the strong one's.
        judged = "" if self.judged_with is None else \
            f"with {as_trump(self.judged_with)}, the trump {'you' if whose == 'your' else who} named"
        if self.agrees and self.kind == "bid" and self.action.kind == "pass":
            return f"{title}: {who} {mine}, as the strong player would{self._why_pass(whose, fig)}."
        if self.agrees:
            text = f"{title}: {who} {mine}, as the strong player would" + (f" {judged}" if judged else "")
            if held:
                text += f": {held}"
                if cp is not None:
                    text += f", and a bid of {_bid_value(self.action)} was {chance_words(cp)} to make{fig(f'{cp:.0%}')}"
                    text += self._counted(whose)
            return text + "."
        strong = f"{judged}, the strong player" if judged else "the strong player"
        if self.grade:
            text = f"{title}: {who} {mine}; {strong} would have {theirs}"
        else:
            # Not graded: the difference is within what the review lets pass. The line is a
            # comparison, not a mistake, and says so.
            text = f"{title}: {who} {mine}. Not a mistake; for comparison, {strong} would have {theirs}"
        if self.kind == "bid" and self.trump_best is not None and self.best.kind == "bid":
            tr = self.trump_best
            text += f" with {as_trump(tr)}"
            if self.before_widow:
                # The trump line, after the widow, may name another trump: this one was a plan.
                text += " (its plan before the widow)"
        text += "."
        if self.kind == "bid":
            if held:
                text += f" {whose_cap} {held.removeprefix(whose + ' ')}."
            if cp is not None:
                text += (f" {whose_cap} bid of {_bid_value(self.action)} was {chance_words(cp)} to make"
                         f"{fig(f'{cp:.0%}')}{self._counted(whose)}.")
                text += self._why_strong_passes()
            if cb is not None:
                text += (f" The strong player's bid of {_bid_value(self.best)} was {chance_words(cb)} to "
                         f"make{fig(f'{cb:.0%}')}.")
                if cb < 0.5:
                    text += self._why_the_risk(whose, fig)
            # What the choice costs is said of a graded one; an ungraded comparison's cost is
            # within what the review's second look calls noise (the numbers are in its table).
            if self.points_lost and self.grade:
                n = max(1, round(self.points_lost))
                text += f" That costs about {n} point{'s' if n != 1 else ''} on average{fig(f'{self.points_lost:.1f}')}."
            stood = self._as_it_stood()
            lowers = f" {stood[0].upper()}{stood[1:]}that lowers" if stood else " That lowers"
            if self.game_drop and self.grade and not numbers:
                text += f"{lowers} the chance of winning the game."
            elif self.game_drop and self.grade:
                text += (
                    f"{lowers} the chance of winning the game by about "
                    f"{max(1, round(self.game_drop))} percentage points"
                )
                if self.game_played is not None and self.game_best is not None:
                    text += (f" ({self.game_best:.0%} with the strong player's {_choice(self.best)}, "
                             f"{self.game_played:.0%} with {whose} {_choice(self.action)}).")
                else:
                    text += f" ({self.game_drop:.1f})."
            if not self.grade and not self.agrees:
                text += self._why_not_graded()
            text += self.why(who, numbers, chances=False)
        elif cp is not None and cb is not None:
            yours = "yours" if whose == "your" else whose
            figures = fig(f"{cb:.0%} with the strong player's choice, {cp:.0%} with {yours}")
            if round(100 * cb) == round(100 * cp):
                text += f" The chance to make the bid stays {chance_words(cp)}{fig(f'{cp:.0%} with either')}."
            elif not self.grade and (self.drop or 0.0) >= GRADES[-1][1]:
                # Too few deals to be sure of the fall: it is not said as a fact first.
                text += self._too_few(figures)
            else:
                text += f" The chance to make the bid {chance_change(cb, cp)}{figures}."
            text += self.why(who, numbers, chances=False)
        return text

    def why(self, who: str = "You", numbers: bool = True, chances: bool = True) -> str:
        """Why the strong player's choice was better, in terms the player can check against
        the hand, from what the player could see (never hindsight): what the hand held with
        the trump of each choice (:class:`HandStrength`: the tiles that could not be beaten
        when led, and the trumps), the tricks the bid needs, and (with ``chances``) how likely
        each choice was to make the bid, in words, the figures in brackets with ``numbers``.
        ``""`` for a choice the strong player makes too, a discard, or a review without the
        hand's facts.

        >>> from engine.tiles import ALL_TILES
        >>> hand = [Tile(6, 6), Tile(6, 1), Tile(5, 5), Tile(4, 4), Tile(5, 4), Tile(3, 3), Tile(1, 1)]
        >>> unseen = [t for t in ALL_TILES if t not in {*hand, Tile(5, 2)}]
        >>> named = DecisionReview(3, 0, "trump", Action.parse("trump 6"), Action.parse("trump none"), 0.0, 0.47,
        ...                        Trump.parse("none"), 47.0, None, "blunder",
        ...                        strength_played=hand_strength(hand, unseen, Trump.parse("6")),
        ...                        strength_best=hand_strength(hand, unseen, Trump.parse("none")))
        >>> named.why("you", numbers=False)
        ' Why, from what you could see: with no trump, five of your tiles could not be beaten when led (6-6, 5-5, 4-4, 3-3 and 1-1); with sixes as trump, you held two trumps (6-6 and 6-1), and one of your tiles could not be beaten when led (6-6). With no trump the bid was as likely as not to make; with sixes as trump, made on none of the deals the strong player tried.'
        """
        sb, sp = self.strength_best, self.strength_played
        if self.agrees or self.kind == "discard" or (sb is None and sp is None):
            return ""
        whose = _whose(who)
        could = "you" if whose == "your" else who
        cp, cb = self.chance_played, self.chance_best

        def said(p: float) -> str:
            if shows_none(p):
                return "made on none of the deals the strong player tried" + (" (0%)" if numbers else "")
            return f"{chance_words(p)} to make" + (f" ({p:.0%})" if numbers else "")

        # The better choice's trump first; a pass has none (a bid the strong player would not
        # make is said by the bid's own trump).
        shown = [x for x in (sb, sp) if x is not None]
        parts = [x.words(whose) for i, x in enumerate(shown) if all(x.trump != y.trump for y in shown[:i])]
        text = f" Why, from what {could} could see: {'; '.join(parts)}."
        if len(parts) == 2 and sb is not None and sp is not None and sb.alike(sp):
            # The counts the learner can check are the same: the difference is in the tiles
            # the player could not see, and the line says so rather than leave two equal halves.
            text += (f" From {whose} hand alone the two look alike: the difference is in how the tiles {could} "
                     "could not see may lie, on the deals the strong player tried.")
        if self.kind == "trump":
            assert sb is not None  # a trump is always named
            if chances and cp is not None and cb is not None and sp is not None:
                text += f" With {as_trump(sb.trump)} the bid was {said(cb)}; with {as_trump(sp.trump)}, {said(cp)}."
            return text
        if self.best.kind == "bid" and cb is not None and cb < 0.5:
            return ""  # a long shot: its reason is the risk (the bid line's "A long shot, but ...")
        best, mine = _bid_value(self.best), _bid_value(self.action)
        need = [(v, tricks_needed(v)) for v in dict.fromkeys(x for x in (best, mine) if x is not None)]
        needs = "; ".join(f"a bid of {v} needs {number_word(n) if n < 7 else 'all seven'} tricks" for v, n in need)
        text += f" {needs[0].upper()}{needs[1:]}."
        if chances:
            made = [f"a bid of {v} was {said(p)}" for v, p in ((best, cb), (mine, cp))
                    if v is not None and p is not None]
            if made:
                text += f" From what {could} could see, {' and '.join(made)}."
        return text

    def _as_it_stood(self) -> str:
        """``"from the score as it stood, "``, or nothing at the start of the game (every
        score 0), where the score says nothing a newcomer could follow."""
        return "" if self.scores is not None and not any(self.scores) else "from the score as it stood, "

    def _counted(self, whose: str) -> str:
        """``", counted with threes as trump, the strong player's best trump for your hand"``
        when the player named another trump than the one the bid's chance was counted with
        (:attr:`counted_with`), else nothing."""
        if self.counted_with is None:
            return ""
        plan = " before the widow" if self.before_widow else ""
        return f", counted with {as_trump(self.counted_with)}, the strong player's best trump for {whose} hand{plan}"

    def _too_few(self, figures: str = "") -> str:
        """Why a choice the strong player's numbers put below its own by a grade's worth or
        more is not graded, in one sentence that states no fall as a fact: the difference is
        within the noise of the simulated deals it tried (:data:`NOISE_SIGMAS`), so the deals
        were too few to be sure of it, however large it looks. ``figures``: the chances in
        brackets, or nothing.

        >>> DecisionReview(1, 0, "trump", Action.parse("trump 1"), Action.parse("trump 2"), 0.55, 0.82)._too_few()
        ' Naming twos trump might be better, but the deals the strong player tried were too few to be sure.'
        """
        best = action_phrase(self.best, "ing")
        return (f" {best[0].upper()}{best[1:]} might be better{figures}, but the deals the strong player tried "
                "were too few to be sure.")

    def _why_strong_passes(self) -> str:
        """Why the strong player passes where the player's bid was likely to make or better:
        what a made bid gains is small against what the others score anyway (four players:
        the other team scores the tricks it takes) or against the risk of a set, as the
        strong player's own pass reason says. Empty otherwise."""
        cp, v = self.chance_played, _bid_value(self.action)
        if self.best.kind != "pass" or v is None or cp is None or chance_band(cp) not in ("should", "likely"):
            return ""
        if self.scores is not None and len(self.scores) == 2:  # four players: two teams
            return (" The strong player passes all the same: the other team scores the tricks it takes whether the "
                    f"bid is made or not, so a made bid of {v} gains little over passing.")
        return f" The strong player passes all the same: a made bid of {v} gains too little for the risk of a set."

    def _why_pass(self, whose: str, fig: Callable[[str], str]) -> str:
        """Why a pass the strong player makes too was right, by what the hand lacked: the
        end of "Bid: you passed, as the strong player would". The partner held the bid; or
        the hand held only this much, not enough for the lowest bid open (said with that
        bid's chance, in the bands of :func:`engine.words.chance_words`); or, the bid being
        as likely as not or better, that the strong player found passing worth more (by the
        points, or the chance of winning the game, it weighs a bid by). ``fig``: the numbers
        in brackets, or nothing.

        >>> pass_ = DecisionReview(1, 0, "bid", Action.parse("pass"), Action.parse("pass"), None, None,
        ...                        hand_note="two sixes (6-6 and 6-3)", open_bid=5, open_chance=0.31)
        >>> pass_.describe()
        'Bid: You passed, as the strong player would: your hand held only two sixes (6-6 and 6-3), not enough for a bid of 5: it was unlikely to make (31%).'
        """
        if self.partner_holds:
            return f": {whose} partner held the bid, and raising it would only make the contract harder"
        if self.open_bid is None or self.open_chance is None:
            return f": {whose} hand held {self.hand_note}" if self.hand_note else ""
        p = self.open_chance
        said = f"{chance_words(p)} to make{fig(f'{p:.0%}')}"
        if chance_band(p) in ("might", "outside"):
            held = f": {whose} hand held only {self.hand_note}," if self.hand_note else ":"
            return f"{held} not enough for a bid of {self.open_bid}: it was {said}"
        held = f": {whose} hand held {self.hand_note}, and" if self.hand_note else ":"
        return f"{held} a bid of {self.open_bid} was {said}, but the strong player found passing worth more"

    def _unsure(self) -> bool:
        """Whether a bid or pass not graded came out a grade's worth or more below the strong
        player's: the deals tried were too few to be sure of it (:meth:`_too_few`)."""
        least = GRADES[-1][1] if self.game_drop is not None else BID_GRADES[-1][1]
        lost = self.game_drop if self.game_drop is not None else self.points_lost
        return not self.grade and not self.agrees and lost is not None and lost >= least

    def _why_not_graded(self) -> str:
        """Why a bid or pass that differs from the strong player's is not a mistake: the two
        are close in what the strong player weighs them by, or the strong choice came out
        better, but on too few simulated deals to be sure of it (:meth:`_too_few`)."""
        lost = self.game_drop if self.game_drop is not None else self.points_lost
        if lost is None:
            return ""
        if self._unsure():
            return self._too_few()
        if self.game_drop is not None:
            stood = self._as_it_stood()
            return (f" It is not a mistake because{', ' + stood if stood else ' '}both give about the same chance "
                    "of winning the game.")
        return " It is not a mistake because both score about the same on average."

    def _why_the_risk(self, whose: str, fig: Callable[[str], str]) -> str:
        """Why the strong player chose a bid it was more likely to lose than make: what it
        weighs a bid by (the chance of winning the game, by its reckoning of the whole game
        from the score as it stood, or the points it expects) made the risk worth taking; for
        a moon, that a made one wins the game at once. The score is not named as the reason:
        early in a game it is not one. ``fig``: the numbers in brackets, or nothing."""
        if self.game_drop is not None:
            moon = self.best.kind == "bid" and self.best.value == MOON
            gain = " A long shot, but a made moon wins the game at once:" if moon else " A long shot, but"
            gave = "might give" if self._unsure() else "gave"  # too few deals to be sure: no fact
            text = f"{gain} by the strong player's reckoning of the whole game, it {gave} the better chance of winning it"
            if self.game_best is not None and self.game_played is not None:
                text += fig(f"{self.game_best:.0%} against {self.game_played:.0%} with {whose} {_choice(self.action)}")
            return text + "."
        return (" A long shot, but worth the risk: what it scores when made outweighs what it loses "
                "when set.")

    def row(self) -> Row:
        """This verdict as a flat dict (one row of a table)."""
        return {
            "hand": self.hand_number,
            "seat": self.seat,
            "kind": self.kind,
            "action": str(self.action),
            "best": str(self.best),
            "chance_played": self.chance_played,
            "chance_best": self.chance_best,
            "drop": self.drop,
            "points_lost": self.points_lost,
            "game_drop": self.game_drop,
            "grade": self.grade,
        }


@dataclass(frozen=True)
class LineDifference:
    """Where a graded play and the better play part, in hindsight: with every hand known,
    the exact solver's best line after each (every seat then playing its best for its side,
    ties to the lowest tile), and the first trick the better play's line gives the goal's
    side (``side``, the seats that make or set the bid together) that the played line does
    not. ``trick`` counts from 1; ``better_winner`` / ``better_tile`` who takes that trick
    after the better play and with what, ``played_winner`` / ``played_tile`` after the play
    made. ``None`` in :attr:`PlayReview.line` when with every hand known the better play
    takes no more tricks for the side than the one made (its edge is only on other deals
    the player could not rule out)."""

    trick: int
    better: Tile
    played: Tile
    side: frozenset[int]
    better_winner: int
    better_tile: Tile
    played_winner: int
    played_tile: Tile


def _best_line(g: Game, solver: Solver, side: frozenset[int], first: Tile) -> list[tuple[int, Tile]]:
    """The tricks from ``g``'s current one to the end after the seat to move plays
    ``first``, every hand known and every seat playing the exact solver's best for its side
    (``side`` the most tricks, the others the fewest; ties to the lowest tile): each trick's
    winner and winning tile."""
    line = g.clone()
    start = len(line.tricks)
    line.apply(Action.play(first))
    mask = sum(1 << s for s in side)
    while not line.hand_finished:
        seat = line.to_act
        assert seat is not None and line.leader is not None
        vals = solver.move_values_masks([mask_of(h) for h in line.hands], line.leader, mask,
                                        [t.index for t in line.current_trick])
        legal = sorted((t for t in (a.value for a in line.legal_actions()) if isinstance(t, Tile)),
                       key=lambda t: t.index)
        pick = max if seat in side else min
        best = pick(vals[t.index] for t in legal)
        line.apply(Action.play(next(t for t in legal if vals[t.index] == best)))
    return [(t.winner, t.played_by(t.winner)) for t in line.tricks[start:]]


def line_difference(g: Game, side: Iterable[int], better: Tile, played: Tile,
                    solver: Solver | None = None) -> LineDifference | None:
    """Where ``better`` and ``played`` (two legal plays of the seat to move in ``g``) part,
    with every hand known (:class:`LineDifference`); ``None`` when the better play's line
    takes no more tricks for ``side`` than the played one's."""
    assert g.trump is not None
    goal = frozenset(side)
    solver = solver or Solver(g.trump, g.rules.players)
    a = _best_line(g, solver, goal, better)
    b = _best_line(g, solver, goal, played)
    if sum(w in goal for w, _ in a) <= sum(w in goal for w, _ in b):
        return None
    first = len(g.tricks) + 1
    for i, ((wa, ta), (wb, tb)) in enumerate(zip(a, b, strict=True)):
        if wa in goal and wb not in goal:
            return LineDifference(first + i, better, played, goal, wa, ta, wb, tb)
    return None  # unreachable: more tricks on one line means one it takes and the other not


@dataclass(frozen=True)
class PlayReview:
    """The verdicts on one tile played.

    ``trick`` counts from 1; ``goal`` is ``"make"`` (bidder's side) or ``"set"``;
    ``open_values`` the contract side's tricks (from this trick on) after each legal play
    with all hands open, ``tricks_lost`` the best of them minus the one played;
    ``chance_played`` / ``chance_best`` the chance to reach the goal after the play made and
    after the best play from the player's own view (``None`` when not computed), ``best``
    that best play, ``drop`` the difference in percentage points, ``grade`` its grade,
    ``layouts`` the layouts behind the chances.
    """

    hand_number: int
    trick: int
    seat: int
    tile: Tile
    goal: str
    open_values: dict[Tile, int]
    tricks_lost: int
    chance_played: float | None = None
    chance_best: float | None = None
    best: Tile | None = None
    drop: float | None = None
    grade: str | None = None
    layouts: int = 0
    noise: float = 0.0
    line: LineDifference | None = None

    @property
    def open_best(self) -> list[Tile]:
        """The plays that were best with all hands open."""
        top = max(self.open_values.values())
        return sorted(t for t, v in self.open_values.items() if v == top)

    def hindsight(self) -> str:
        """What the play cost with every hand known, labelled as hindsight (never a grade:
        the player could not see those hands), or ``""`` when it cost nothing.

        >>> PlayReview(1, 3, 0, Tile(4, 1), "make", {Tile(4, 1): 2, Tile(6, 1): 3}, 1).hindsight()
        'In hindsight, with all hands known, 6-1 keeps one more trick.'
        """
        if not self.tricks_lost:
            return ""
        best = " or ".join(str(t) for t in self.open_best)
        n = self.tricks_lost
        more = f"{count_words(n, 'more trick')}" if n != 1 else "one more trick"
        return f"In hindsight, with all hands known, {best} keep{'s' if len(self.open_best) == 1 else ''} {more}."

    def describe(self) -> str:
        """One or two sentences for a hand review: the grade, from what the player could
        know, then the hindsight, labelled as such."""
        who = f"Seat {self.seat}"
        text = f"Trick {self.trick}: {who} played {self.tile}."
        if self.drop is not None and self.chance_best is not None and self.chance_played is not None:
            goal = "make" if self.goal == "make" else "set"
            if self.grade:
                text += (
                    f" A{'n' if self.grade == 'inaccuracy' else ''} {self.grade}: from what the player "
                    f"could see, the chance to {goal} the bid dropped from {self.chance_best:.0%} with the "
                    f"strong player's {self.best} to {self.chance_played:.0%} with {who}'s {self.tile} "
                    f"({self.layouts} layouts)."
                )
            elif not self.tricks_lost:
                text += f" Good: the chance to {goal} the bid stays at {self.chance_played:.0%}."
            else:
                text += f" Not a mistake: from what the player could see, it was as good as any ({self.chance_played:.0%})."
        hindsight = self.hindsight()
        if hindsight:
            text += f" {hindsight}"
        return text

    def row(self) -> Row:
        """This review as a flat dict (one row of a table of the hand's plays)."""
        return {
            "hand": self.hand_number,
            "trick": self.trick,
            "seat": self.seat,
            "tile": str(self.tile),
            "goal": self.goal,
            "tricks_lost": self.tricks_lost,
            "open_best": " ".join(str(t) for t in self.open_best),
            "chance_played": self.chance_played,
            "chance_best": self.chance_best,
            "best": None if self.best is None else str(self.best),
            "drop": self.drop,
            "grade": self.grade,
            "layouts": self.layouts,
        }


@dataclass(frozen=True)
class HandReview:
    """The reviews of a hand: its contract decisions (bids, discard, trump) and its plays,
    each in the order they were made."""

    hand_number: int
    plays: tuple[PlayReview, ...]
    decisions: tuple[DecisionReview, ...] = ()

    def mistakes(self, seat: int | None = None) -> list[DecisionReview | PlayReview]:
        """Every graded decision and play (of ``seat``, or of everyone), biggest first: by
        grade, then by the size of the drop (expected points lost count as 5 percentage
        points each; a drop in the chance of winning the game counts as it is), then in the
        order they were made."""
        pool: list[DecisionReview | PlayReview] = [*self.decisions, *self.plays]
        items = [x for x in pool if x.grade and (seat is None or x.seat == seat)]

        def size(x: DecisionReview | PlayReview) -> float:
            if isinstance(x, DecisionReview) and x.points_lost is not None:
                return 5 * x.points_lost
            if isinstance(x, DecisionReview) and x.game_drop is not None:
                return x.game_drop
            return x.drop or 0.0

        order = {id(x): i for i, x in enumerate(items)}
        return sorted(items, key=lambda x: (-_SEVERITY.get(x.grade or "", 0), -size(x), order[id(x)]))

    def by_seat(self, seat: int) -> list[PlayReview]:
        """The reviews of one seat's plays."""
        return [p for p in self.plays if p.seat == seat]

    def graded(self, *grades: str) -> list[PlayReview]:
        """The plays with one of ``grades`` (all graded plays when none is given)."""
        return [p for p in self.plays if p.grade and (not grades or p.grade in grades)]

    def rows(self) -> list[Row]:
        """The reviews as flat dicts, one per play (for a table)."""
        return [p.row() for p in self.plays]


def start_of_hand(record: dict[str, Any], hand_number: int) -> Game:  # Any: a record's JSON form, of mixed value types
    """The game of ``record`` at the start of hand ``hand_number`` (counting from 1), before
    its first action; ``ValueError`` when the record has no such hand."""
    hands = record["hands"]
    if not 1 <= hand_number <= len(hands):
        raise ValueError(f"the record has hands 1 to {len(hands)}, not {hand_number}")
    entry = dict(hands[hand_number - 1])
    entry["actions"] = []
    return Game.replay({**record, "hands": [*hands[: hand_number - 1], entry]})


def review_hand(
    game: Game | dict[str, Any],  # Any: a record's JSON form, of mixed value types
    hand_number: int | None = None,
    *,
    seats: Iterable[int] | None = None,
    expectation: bool = True,
    bot: StrongBot | None = None,
    contract_seats: Iterable[int] | None = None,
) -> HandReview:
    """Review one hand of ``game`` (a :class:`Game` or its :meth:`Game.record`).

    ``hand_number`` defaults to the last hand of the record; ``seats`` limits the review to
    those seats' plays; ``expectation=False`` skips the own-view chances and the contract
    decisions (faster); ``bot`` is the strong bot whose analysis gives them (a default one
    otherwise); ``contract_seats`` limits the review of bids, discards and trump choices to
    those seats (default: ``seats``).
    """
    record = game.record() if isinstance(game, Game) else game
    number = len(record["hands"]) if hand_number is None else hand_number
    g = start_of_hand(record, number)
    actions = record["hands"][number - 1].get("actions", [])
    wanted = None if seats is None else set(seats)
    analyst = bot if bot is not None else make_bot("strong", seed=0)
    assert isinstance(analyst, StrongBot)
    contract = wanted if contract_seats is None else set(contract_seats)
    solvers: dict[Trump, Solver] = {}
    checker: StrongBot | None = None
    contract_checker = _contract_checker(analyst)
    out: list[PlayReview] = []
    decisions: list[DecisionReview] = []
    named = _named_trump(g, actions)
    for text in actions:
        seat = g.to_act
        if (
            expectation
            and g.phase in ("bidding", "discard", "trump")
            and seat is not None
            and (contract is None or seat in contract)
        ):
            decisions.append(_review_decision(analyst, g, seat, Action.parse(str(text)), number, contract_checker,
                                              named=named))
        if g.phase == "playing" and seat is not None and (wanted is None or seat in wanted):
            view = g.view(seat)
            trump = g.trump
            assert trump is not None and g.leader is not None
            tile = Tile.parse(str(text).split(None, 1)[1])
            goal, gside, _won, _target = seat_goal(view)
            gmask = 0
            for s in gside:
                gmask |= 1 << s
            solver = solvers.get(trump)
            if solver is None:
                solver = solvers[trump] = Solver(trump, g.rules.players)
            hands = [mask_of(h) for h in g.hands]
            vals = solver.move_values_masks(hands, g.leader, gmask, [t.index for t in g.current_trick])
            open_values = {t: vals[t.index] for t in (a.value for a in view.legal_actions()) if isinstance(t, Tile)}
            lost = max(open_values.values()) - open_values[tile]
            review = PlayReview(number, len(g.tricks) + 1, seat, tile, goal, open_values, lost)
            if expectation:
                if checker is None:
                    checker = _checker(analyst)
                fair = _fair_play(analyst, checker, view, tile)
                review = PlayReview(
                    number, len(g.tricks) + 1, seat, tile, goal, open_values, lost,
                    fair.chance_played, fair.chance_best, fair.best, fair.drop, fair.grade, fair.layouts,
                    fair.noise,
                )
                if review.grade and review.best is not None and review.best != tile:
                    # Why the better play was better, as a learner can follow it: where
                    # its line and the played one part, with every hand known.
                    review = replace(review, line=line_difference(g, gside, review.best, tile, solver))
            out.append(review)
        g.apply(text)
    return HandReview(number, tuple(out), tuple(decisions))


def _named_trump(start: Game, actions: Iterable[str]) -> tuple[int, Trump] | None:
    """The seat that named the trump of the hand that ``start`` begins (its ``actions``
    played from there), and the trump it named; ``None`` when no trump was named (a hand
    thrown in). A bid is judged with the trump its player went on to name."""
    g = start.clone()
    for text in actions:
        action = Action.parse(str(text))
        if action.kind == "trump" and isinstance(action.value, Trump) and g.to_act is not None:
            return g.to_act, action.value
        g.apply(action)
    return None


def _review_decision(analyst: StrongBot, g: Game, seat: int, action: Action, number: int,
                     checker: StrongBot | None = None, *, named: tuple[int, Trump] | None = None) -> DecisionReview:
    """The verdict on one bid, discard or trump choice, by what its player could know.

    The strong player's own look comes first. A choice it does not make, graded there, is
    looked at again by ``checker`` (the same player on :data:`CHECK_FACTOR` times the
    simulated deals, :func:`_contract_checker` by default), and keeps the milder of the two
    grades, with the check's numbers: a look on two dozen deals runs high or low by luck, so
    a choice the strong player itself makes on other deals, best in expectation, is never
    called a mistake on one look's luck. The check weighs the choice against the strong
    player's own choice (its first look, the one a hint gives), not against its own best:
    the review names one strong choice, the hint's. A discard or trump that differs from
    the strong player's is always looked at again, and its figures are the second look's:
    the first look may have screened it on a few deals only."""
    own = None
    if _judged_trump(g, seat, named) is not None:
        # The analyst makes its own discard all the same: the trump choice after it reads the
        # plan that discard made, as the hint's player does.
        own = analyst.decide(g.view(seat)).action
    first = _decision_verdict(analyst, g, seat, action, number, named=named)
    if first.grade is None and (first.kind == "bid" or first.agrees):
        return first
    check = checker or _contract_checker(analyst)
    if own is not None and own is not action:
        check.decide(g.view(seat))  # as its look at a discard the analyst would not make: the same plan
    second = replace(_decision_verdict(check, g, seat, action, number, first.best, named=named),
                     reason=first.reason)
    if first.grade is None:
        # A discard or trump the strong player did not choose was often only screened by its
        # first look (three deals for a trump it did not name: "100%" on three deals): the
        # figures, and the grade, are the second look's, on many more deals.
        return second
    if second.grade is None or _SEVERITY[second.grade] <= _SEVERITY[first.grade]:
        return second
    return replace(second, grade=first.grade)


def _judged_trump(g: Game, seat: int, named: tuple[int, Trump] | None) -> Trump | None:
    """The trump a discard of ``seat`` in ``g`` is judged with: the one that seat went on to
    name (``named``, :func:`_named_trump`) when no trump is known at the discard; else
    ``None``."""
    if g.phase != "discard" or g.trump is not None or named is None or named[0] != seat:
        return None
    return named[1]


def _contract_checker(analyst: StrongBot) -> StrongBot:
    """The strong player that checks a bid, discard or trump choice before the review grades
    it: the same player with :data:`CHECK_FACTOR` times its simulated deals (its numbers, not
    its words, are used: it does not work out again a bid it did not see made)."""
    checker = StrongBot(analyst.seed, settings=analyst.settings.more_deals(CHECK_FACTOR))
    checker.recall_bids = False
    return checker


def _decision_verdict(analyst: StrongBot, g: Game, seat: int, action: Action, number: int,
                      strong: Action | None = None, *, named: tuple[int, Trump] | None = None) -> DecisionReview:
    """The verdict on one bid, discard or trump choice, from one strong player's numbers,
    against ``strong`` (the strong choice to compare with; by default the analyst's own).
    ``named``: the seat that named the hand's trump and the trump it named (:func:`_named_trump`):
    that seat's bid is judged with it."""
    view = g.view(seat)
    judged = _judged_trump(g, seat, named)
    decider = analyst
    if judged is not None:
        # A discard is judged with the trump its player went on to name: a strong player of
        # the same seed and settings discards knowing that trump (as under trump-before-widow
        # rules), apart from the analyst (whose own discard is what its trump choice reads).
        view = replace(view, trump=judged)
        decider = StrongBot(analyst.seed, settings=analyst.settings)
        decider.recall_bids = analyst.recall_bids
    d = decider.decide(view)
    exp = d.explanation
    kind = "bid" if view.phase == "bidding" else view.phase
    chosen = d.action if strong is None else exp.candidate(strong).action
    mine, best = exp.candidate(action), exp.candidate(chosen)
    cp, cb = mine.goal_chance, best.goal_chance
    if kind == "bid":
        def worth(a: Action, p: float | None) -> float:
            v = _bid_value(a)
            return 0.0 if v is None or p is None else (2 * p - 1) * v

        differ = action is not chosen
        # The bid the player went on to name a trump for is judged with that trump: its note and
        # strength are the named trump's; its chance (the strong player's, with its own best
        # trump for the bid) is said as counted with that other trump.
        own = named[1] if named is not None and named[0] == seat and action.kind == "bid" else None
        counted = mine.trump if own is not None and mine.trump is not None and mine.trump != own else None
        note = hand_note(view.hand, own or (best.trump if chosen.kind == "bid" else None) or mine.trump)
        passed = _pass_facts(view, exp) if action.kind == "pass" else {}
        # The bid's "Why" is the named trump's alone: the trump line says once what another
        # trump would have done.
        strength = _strengths(view, (own or mine.trump) if action.kind == "bid" else None,
                              own or (best.trump if chosen.kind == "bid" else None))
        strength["before_widow"] = view.rules.has_widow and not view.rules.trump_before_widow
        if mine.game_chance is not None and best.game_chance is not None:
            # Playing for the game: each choice's chance of winning it. That chance moves with
            # the chance of making the bid (by at most as much), so a drop within the deals'
            # noise of that chance is not graded.
            game_drop = round(max(0.0, 100 * (best.game_chance - mine.game_chance)), 6)
            sure = differ and game_drop > NOISE_SIGMAS * _deal_noise(mine, best) + 1e-9
            return DecisionReview(
                number, seat, kind, action, chosen, cp, cb, best.trump, None, None,
                grade(game_drop) if sure else None, exp.reason, game_drop=game_drop,
                game_played=mine.game_chance, game_best=best.game_chance, hand_note=note, **passed, **strength,
                scores=view.scores, counted_with=counted,
            )
        if mine.score is not None and best.score is not None:
            # The strong player's own expected scores (relative to the others) of both choices.
            lost = round(max(0.0, best.score - mine.score), 6)
        else:
            lost = round(max(0.0, worth(chosen, cb) - worth(action, cp)), 6)
        # A bid of v made with chance p is worth about (2p - 1) v: its noise is 2v times the
        # chance's.
        noise = _deal_noise(mine, best, (2 * (_bid_value(action) or 0), 2 * (_bid_value(chosen) or 0))) / 100
        return DecisionReview(
            number, seat, kind, action, chosen, cp, cb, best.trump, None, lost,
            bid_grade(lost) if differ and lost > NOISE_SIGMAS * noise + 1e-9 else None, exp.reason,
            hand_note=note, **passed, **strength, scores=view.scores, counted_with=counted,
        )
    drop = None if cp is None or cb is None else round(100 * max(0.0, cb - cp), 6)
    sure = drop is not None and action is not chosen and drop > NOISE_SIGMAS * _deal_noise(mine, best) + 1e-9
    strengths = _strengths(view, mine.trump, best.trump) if kind == "trump" else {}
    return DecisionReview(
        number, seat, kind, action, chosen, cp, cb, best.trump, drop, None,
        grade(drop) if sure and drop is not None else None, exp.reason, **strengths, scores=view.scores,
        judged_with=judged,
    )


class _Strengths(TypedDict, total=False):
    """What a hand held with each choice's trump (:class:`DecisionReview`'s ``strength_played``,
    ``strength_best``), and whether a bid's trump was a plan made before the widow."""

    strength_played: HandStrength | None
    strength_best: HandStrength | None
    before_widow: bool


def _strengths(view: PlayerView, played: Trump | None, best: Trump | None) -> _Strengths:
    """:func:`hand_strength` of ``view``'s hand with the played choice's trump and the best
    one's, by the tiles its player has not seen."""
    unseen = view.unseen()
    return {"strength_played": None if played is None else hand_strength(view.hand, unseen, played),
            "strength_best": None if best is None else hand_strength(view.hand, unseen, best)}


class _PassFacts(TypedDict, total=False):
    """What a pass was short of (:class:`DecisionReview`'s ``open_bid``, ``open_chance``,
    ``partner_holds``)."""

    open_bid: int
    open_chance: float | None
    partner_holds: bool


def _pass_facts(view: PlayerView, exp: Explanation) -> _PassFacts:
    """For a pass from ``view``: the lowest bid open instead, its chance by the strong
    player's numbers ``exp``, and whether the partner held the bid (four players)."""
    rules = view.rules
    high = max((b for _, b in view.bids), default=0)
    holds = rules.players == 4 and high > 0 and [s for s, b in view.bids if b == high][-1] == (view.seat + 2) % 4
    bids = [a.value for a in view.legal_actions() if a.kind == "bid" and isinstance(a.value, int)]
    if not bids:
        return {"partner_holds": holds}
    lowest = min(bids)
    try:
        chance = exp.candidate(Action("bid", lowest)).goal_chance
    except KeyError:
        chance = None
    return {"open_bid": lowest, "open_chance": chance, "partner_holds": holds}


def _deal_noise(mine: Candidate, best: Candidate, scale: tuple[float, float] = (1.0, 1.0)) -> float:
    """The standard error, in percentage points, of the difference between two chances to
    make the bid counted on simulated deals (each a share of its ``layouts`` deals; a
    pass has none), each times its ``scale``: a contract choice is graded only when its
    drop is beyond :data:`NOISE_SIGMAS` of it, as a play is."""
    var = 0.0
    for c, k in zip((mine, best), scale, strict=True):
        # A bid rated on more than the plain share (some deals counted in part) is weighed
        # by its rating: the noise is that of the figure the choice was weighed by.
        p = c.goal_chance if c.rated_chance is None else c.rated_chance
        if p is None or c.layouts <= 0 or c.exhaustive:
            continue
        n = c.layouts
        q = (p * n + 1) / (n + 2)  # a share of 0 or 1 on a few deals is not certain either
        var += k * k * q * (1 - q) / n
    return float(100 * math.sqrt(var))


#: How many times more layouts than the strong player's own draw the review solves before it
#: calls a play a mistake (:func:`_fair_play`).
CHECK_FACTOR = 4

#: A play is graded only when its drop is more than this many standard errors of the
#: layout-by-layout difference (the check's own sampling noise; none when every layout is solved).
NOISE_SIGMAS = 2.0


@dataclass(frozen=True)
class _Fair:
    """The verdict on one play from what its player could know (see :func:`_fair_play`)."""

    chance_played: float
    chance_best: float
    best: Tile
    drop: float
    grade: str | None
    layouts: int
    noise: float


def _checker(analyst: StrongBot) -> StrongBot:
    """The strong player that checks a play before the review grades it: the same player
    (settings, seed and so the same way of drawing and weighing layouts) with
    :data:`CHECK_FACTOR` times its layouts."""
    return StrongBot(analyst.seed, settings=analyst.settings.more_layouts(CHECK_FACTOR))


def _fair_play(analyst: StrongBot, checker: StrongBot, view: PlayerView, tile: Tile) -> _Fair:
    """Grade ``tile``, played from ``view``, by what its player could know: the layouts of the
    unseen tiles that agree with the view, drawn and weighed as the strong player does (its
    hand, the tiles played, the voids shown, the widow's count, the bidding).

    The strong player's own look comes first; a play it finds best, or within a grade's reach
    of the best, is not a mistake. Otherwise ``checker`` (the same player with more layouts)
    solves the position again, and the play is graded only if it is still worse than the best
    there by more than :data:`NOISE_SIGMAS` standard errors of the layout-by-layout
    difference: a play that is best in expectation is never called a mistake, whatever the
    actual layout turned out to be."""
    trump = view.trump
    assert trump is not None
    an = analyst.analyse(view)
    best = an.best(trump)
    cb, cp = an.goal_chance[best], an.goal_chance[tile]
    drop = round(100 * max(0.0, cb - cp), 6)
    if best == tile or grade(drop) is None:
        return _Fair(cp, cb, best, drop, None, an.layouts, 0.0)
    layouts, weights, possible, exhaustive = checker.play_draw(view)
    solver = checker.solver(trump, view.rules.players)
    ws = [1.0] * len(layouts) if weights is None else list(weights)
    goal: list[dict[Tile, float]] = []
    tricks: list[dict[Tile, float]] = []
    tiles = an.tiles

    def verdict() -> tuple[Tile, float, float, float]:
        """On the layouts solved so far: the best play, its chance, the played one's, and the
        standard error of their difference (percentage points; 0 when every layout is in)."""
        w = ws[: len(goal)]
        total = sum(w)

        def mean(rows: list[dict[Tile, float]], t: Tile) -> float:
            return sum(x * r[t] for x, r in zip(w, rows, strict=True)) / total

        top = max(tiles, key=lambda t: (round(mean(goal, t), 9), round(mean(tricks, t), 9),
                                        -keep_value(t, trump), -t.index))
        hi, lo = mean(goal, top), mean(goal, tile)
        noise = 0.0
        if not (exhaustive and len(goal) == len(layouts)) and len(goal) > 1:
            d = hi - lo
            var = sum(x * (r[top] - r[tile] - d) ** 2 for x, r in zip(w, goal, strict=True)) / total
            noise = 100 * (var * sum(x * x for x in w) / total**2) ** 0.5
        return top, hi, lo, noise

    # Solved a batch (the strong player's own number of layouts) at a time; the check stops
    # early once the play is clearly within an inaccuracy of the best, or (from the third
    # batch) clearly an inaccuracy at least.
    batch = max(1, an.layouts)
    least = GRADES[-1][1]
    while len(goal) < len(layouts):
        for lay in layouts[len(goal) : len(goal) + batch]:
            one = analyse_play(view, [lay], solver, possible, False)
            goal.append(one.goal_chance)
            tricks.append(one.tricks)
        top, cb, cp, noise = verdict()
        gap = 100 * (cb - cp)
        if gap + NOISE_SIGMAS * noise < least or (len(goal) >= 3 * batch and gap - NOISE_SIGMAS * noise >= least):
            break
    drop = round(100 * max(0.0, cb - cp), 6)
    sure = top != tile and drop > NOISE_SIGMAS * noise + 1e-9
    return _Fair(cp, cb, top, drop, grade(drop) if sure else None, len(goal), round(noise, 6))
