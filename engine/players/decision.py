"""What a computer player hands back: a :class:`Decision` (the action) with its
:class:`Explanation` (one plain ``reason``, and the numbers behind it as details)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeAlias

from engine.actions import Action
from engine.trump import Trump

__all__ = ["EXACT_MARGIN", "TIE_DEALS", "Candidate", "Decision", "Explanation"]

#: Exact numbers (every layout solved) tie only when equal, up to float rounding.
EXACT_MARGIN = 1e-6
#: Averages over sampled deals tie when they differ by at most one trick (or one bid made or
#: set) in this many of those deals: closer than the sample can tell apart.
TIE_DEALS = 1.5


#: A cell of a table of candidates (:meth:`Candidate.row`).
Cell: TypeAlias = str | int | float | bool | None


@dataclass(frozen=True)
class Candidate:
    """One legal action and the numbers the bot computed for it.

    - ``tricks``: expected tricks this seat's scoring side ends the hand with (the seat
      itself with three players, the team with four); for a bid, with the best trump.
    - ``goal``: ``"make"`` for the bidder's side, ``"set"`` for the defenders (``""`` before
      the auction is over, where it is the bidder's chance to make a bid).
    - ``goal_chance``: the chance (0..1) of making (or setting) the bid: the plain share of
      the layouts (or simulated deals) where it is made (or set).
    - ``rated_chance``: for the strong player's bid, when it rates a bid on more than the
      plain share (a deal one trick short, or a sweep, counted in part:
      :class:`engine.players.bidding.ScoreModel`), the chance as it rated the bid ("so I
      rated this bid 86%"); ``None`` when the rating is the plain share.
    - ``win_trick``: for a play, the chance that this play wins the trick for the side
      whatever the others play.
    - ``layouts``: how many layouts (or simulated deals) the numbers come from.
    - ``trump``: for a bid or discard, the trump the numbers are for.
    - ``first_look``: for the strong player's discard or trump, True when the numbers come
      from a first look only (does it make the bid?, on a few deals) and the choice was left
      out of the closer look the chosen one had: its chance is not on an equal footing with
      those looked at closely, and is shown apart from them.
    - ``bid_chances``: for a bid, the chance of making each number of tricks (bid value -> chance).
    - ``score``: the basic bot's rule-of-thumb priority (higher is better); for the strong
      player's bid when it plays for points, the expected score against the others.
    - ``game_chance``: for the strong player's bid or pass when it plays for the game, the
      chance (0..1) of winning the game the choice leaves, from the score as it stands.
    """

    action: Action
    tags: tuple[str, ...] = ()
    tricks: float | None = None
    goal: str = ""
    goal_chance: float | None = None
    win_trick: float | None = None
    layouts: int = 0
    exhaustive: bool = False
    trump: Trump | None = None
    bid_chances: tuple[tuple[int, float], ...] = ()
    draws: float | None = None
    score: float | None = None
    chosen: bool = False
    game_chance: float | None = None
    rated_chance: float | None = None
    first_look: bool = False

    def row(self) -> dict[str, Cell]:
        """This candidate as a flat dict (one row of a table of candidates)."""
        return {
            "action": str(self.action),
            "chosen": self.chosen,
            "tricks": self.tricks,
            "goal": self.goal,
            "goal_chance": self.goal_chance,
            "rated_chance": self.rated_chance,
            "win_trick": self.win_trick,
            "layouts": self.layouts,
            "exhaustive": self.exhaustive,
            "trump": None if self.trump is None else str(self.trump),
            "draws": self.draws,
            "score": self.score,
            "game_chance": self.game_chance,
            "tags": ", ".join(self.tags),
            "first_look": self.first_look,
        }


@dataclass(frozen=True)
class Explanation:
    """Why a bot chose its action.

    ``reason`` is one plain sentence, the principle a good player would say at the table
    (no percentages, decimals or counts of layouts); ``summary`` is the detailed sentence
    quoting the numbers that decided; ``candidates`` has one :class:`Candidate` per legal
    action (the chosen one has ``chosen=True``); ``tags`` are the chosen action's tags.
    The summary and the candidates are the *details* behind the reason.

    ``table_reason`` and ``table_summary`` are the same said at the table, for the other
    seats during the hand: they name no tile the seat has not played and say nothing of its
    hand that a player could not say out loud ("my hand should take four tricks"; a bid names
    no trump); :meth:`at_table` is the explanation so rendered. An empty ``table_reason``
    means ``reason`` is already fair (the random player's). ``figures`` (and
    ``table_figures``, said at the table): the summary's numbers as a short markdown list,
    each after its label, where the decision has one (a strong bid or pass).
    """

    summary: str
    candidates: tuple[Candidate, ...]
    tags: tuple[str, ...] = ()
    layouts: int = 0
    exhaustive: bool = False
    possible: int | None = None
    reason: str = ""
    table_reason: str = ""
    table_summary: str = ""
    figures: str = ""
    table_figures: str = ""

    def at_table(self, action: Action) -> Explanation:
        """This explanation as the other seats may hear it during the hand (``action``: the
        move it explains): the fair reason and summary; for a play, what the tile does
        (:func:`engine.players.reasons.table_play_reason`) and no numbers (they come from
        the tiles still in the hand); for a discard, no numbers (the tile is face down);
        for a bid or a pass, every choice without its trump (a bid is a number at the
        table: the suit is named only by the winner after the auction); for a trump, every
        choice."""
        cands: tuple[Candidate, ...]
        if action.kind == "play":
            # What the tile does, no numbers: its figures would tell what else the seat holds.
            cands, tags = (), self.tags
        elif action.kind == "discard":
            cands, tags = (), ()
        elif action.kind in ("bid", "pass"):
            # A bid is a number at the table: no candidate says with which trump.
            cands, tags = tuple(replace(c, trump=None) for c in self.candidates), self.tags
        else:
            cands, tags = self.candidates, self.tags
        return replace(self, summary=self.table_summary, candidates=cands, tags=tags,
                       reason=self.table_reason or self.reason, table_reason="", table_summary="",
                       figures=self.table_figures, table_figures="")

    @property
    def details(self) -> str:
        """The numbers behind the reason, in words (the summary)."""
        return self.summary

    @property
    def chosen(self) -> Candidate:
        """The candidate of the action taken."""
        for c in self.candidates:
            if c.chosen:
                return c
        raise LookupError("no candidate is marked as chosen")

    def candidate(self, action: Action | str) -> Candidate:
        """The candidate of ``action``."""
        a = Action.parse(action)
        for c in self.candidates:
            if c.action is a:
                return c
        raise KeyError(str(a))

    def rows(self) -> list[dict[str, Cell]]:
        """The candidates as flat dicts, one per legal action (for a table)."""
        return [c.row() for c in self.candidates]

    @property
    def tie_margin(self) -> float:
        """How far apart two candidates' numbers (expected tricks; the chance to make or set
        the bid, from 0 to 1) may be and still be too close to tell apart:
        :data:`EXACT_MARGIN` when they are exact, else :data:`TIE_DEALS` over the number of
        deals they are averaged over."""
        return EXACT_MARGIN if self.exhaustive else TIE_DEALS / max(1, self.layouts)

    def as_good(self, other: Candidate, best: Candidate) -> bool:
        """Whether ``other`` is as good as ``best`` by these numbers: neither its chance to
        make (or set) the bid nor its expected tricks is below ``best``'s by more than
        :attr:`tie_margin`. ``False`` when either lacks those numbers (the basic player's
        rules of thumb).

        >>> from engine.actions import Action
        >>> best = Candidate(Action.parse("play 5-2"), tricks=6.24, goal="make", goal_chance=1.0)
        >>> same = Candidate(Action.parse("play 0-0"), tricks=6.22, goal="make", goal_chance=1.0)
        >>> fewer = Candidate(Action.parse("play 5-5"), tricks=6.0, goal="make", goal_chance=1.0)
        >>> exp = Explanation("", (best, same, fewer), layouts=40)
        >>> exp.as_good(same, best), exp.as_good(fewer, best)
        (True, False)
        """
        if None in (other.goal_chance, other.tricks, best.goal_chance, best.tricks):
            return False
        assert other.goal_chance is not None and other.tricks is not None
        assert best.goal_chance is not None and best.tricks is not None
        tie = self.tie_margin
        return other.goal_chance >= best.goal_chance - tie and other.tricks >= best.tricks - tie


@dataclass(frozen=True)
class Decision:
    """A bot's choice: the ``action`` and its ``explanation``."""

    action: Action
    explanation: Explanation

    def at_table(self) -> Decision:
        """The decision as the other seats may hear it during the hand
        (:meth:`Explanation.at_table`)."""
        return Decision(self.action, self.explanation.at_table(self.action))
