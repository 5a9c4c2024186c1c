"""A game in progress on the Play page: the engine's game, the learner's seat, the computer
players on the other seats, their explanations, hints and undo. No Streamlit here.

>>> from tutorial.services.urlstate import PlaySetup
>>> s = PlaySession(PlaySetup(deal=7), factory=lambda level, seed=None: FirstLegal())
>>> while s.is_computer_turn():
...     _ = s.computer_step()
>>> s.is_human_turn() or s.game.phase == "hand_over"
True
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import Action, Game, IllegalAction, Phase, PlayerView, Reason, Tile
from tutorial.services.players import (
    BotFactory,
    Choice,
    Decider,
    bot_seed,
    decision_action,
    think,
    think_ahead,
)
from tutorial.services.records import RecordJSON, hand_record
from tutorial.services.table import FeedLine, feed_lines
from tutorial.services.urlstate import PlaySetup, encode, replay

if TYPE_CHECKING:
    from engine.review import HandReview

__all__ = ["FinishedHand", "FirstLegal", "Hint", "PlaySession", "Step"]


class FirstLegal:
    """A trivial player (the first legal action) for doctests and examples."""

    def decide(self, view: PlayerView) -> Action:
        return view.legal_actions()[0]


@dataclass(frozen=True)
class Step:
    """One action taken in a hand: where it is in the hand's log and who took it."""

    hand: int
    index: int
    seat: int
    action: Action
    decision: Choice | None = None


@dataclass(frozen=True)
class FinishedHand:
    """A hand that has just ended (reported once): its number, its record, and whether it
    ended the game with the learner's side the winner."""

    hand_number: int
    record: RecordJSON
    game_over: bool
    won_game: bool


@dataclass
class Hint:
    """A two-step hint for one position: first a nudge, then the move itself."""

    key: tuple[int, int]
    decision: Choice
    step: int = 1

    @property
    def action(self) -> Action:
        """The move the hint's second step names."""
        return decision_action(self.decision)


class PlaySession:
    """The Play page's game. ``factory(level, seed=...)`` makes a computer player; by default
    ``engine.players.make_bot``' players think in worker processes (see
    :func:`tutorial.services.players.think`)."""

    def __init__(
        self,
        setup: PlaySetup,
        moves: list[list[str]] | None = None,
        factory: BotFactory | None = None,
    ) -> None:
        self.setup = setup
        self._factory = factory
        self.game: Game = replay(setup, moves) if moves else Game.new(setup.rules, setup.deal)
        self._bots: dict[tuple[str, int], Decider] = {}
        #: The computer's decisions, by (hand number, index in that hand's log).
        self.decisions: dict[tuple[int, int], Choice | None] = {}
        self.hint: Hint | None = None
        #: Reviews of finished hands, by hand number (made on demand: :meth:`review`).
        self.reviews: dict[int, HandReview] = {}
        #: Reviews under way in the background, by hand number.
        self._review_jobs: dict[int, Future[HandReview]] = {}
        #: The last step taken (for "why did it play that?").
        self.last_step: Step | None = None
        #: Hands that ended since the page last asked (see :meth:`take_finished`).
        self._finished: list[FinishedHand] = []
        self._reported: set[int] = {r.hand_number for r in self.game.results}
        #: The teaching switch "open hands": every reason and table in full during the hand
        #: (off: the page says only what the learner's seat could know, :meth:`shown`).
        self.open_hands = False

    # -- facts ------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """The learner's seat."""
        return self.setup.seat

    @property
    def players(self) -> int:
        return self.setup.rules.players

    def view(self) -> PlayerView:
        """What the learner may see."""
        return self.game.view(self.seat)

    def moves(self) -> list[list[str]]:
        """Every hand's actions so far (as text), for the URL and records."""
        return [list(h["actions"]) for h in self.game.record()["hands"]]

    def query(self) -> dict[str, str]:
        """The URL query parameters that rebuild this game."""
        return encode(self.setup, self.moves())

    def position_key(self) -> tuple[int, int]:
        """(hand number, actions taken this hand): names the current position."""
        return (self.game.hand_number, len(self.game.history))

    def is_human_turn(self) -> bool:
        return self.game.to_act == self.seat

    def is_computer_turn(self) -> bool:
        return self.game.to_act is not None and self.game.to_act != self.seat

    # -- computer players ---------------------------------------------------------------
    def bot(self, seat: int, level: str | None = None) -> Decider:
        """The computer player for ``seat`` in this process (made once, seeded from the deal
        and seat). The game's own moves go through :meth:`decide` instead."""
        from tutorial.services.players import default_factory

        level = level or self.setup.level
        key = (level, seat)
        if key not in self._bots:
            factory = self._factory or default_factory()
            self._bots[key] = factory(level, seed=bot_seed(self.setup.deal, seat))
        return self._bots[key]

    def decide(self, seat: int, view: PlayerView, level: str | None = None) -> Choice:
        """The decision of the computer player of ``seat`` for ``view`` (made in a worker
        process with the default players)."""
        return think(level or self.setup.level, bot_seed(self.setup.deal, seat), view, self._factory)

    def computer_step(self) -> Step:
        """Let the computer player to act take its action; returns what it did."""
        seat = self.game.to_act
        if seat is None or seat == self.seat:
            raise IllegalAction("it is not a computer player's turn", "not-computer-turn")
        hand, index = self.position_key()
        decided = self.decide(seat, self.game.view(seat))
        action = decision_action(decided)
        decision: Choice | None = decided
        try:
            self.game.apply(action)
        except IllegalAction:
            # A player must never stall the game: fall back to the first legal action.
            action = self.game.legal_actions()[0]
            self.game.apply(action)
            decision = None
        self.decisions[(hand, index)] = decision
        self.hint = None
        self.last_step = Step(hand, index, seat, action, decision)
        self._note_finished()
        return self.last_step

    def run_computers(self, limit: int = 100) -> list[Step]:
        """Let the computer players act until it is the learner's turn or the hand ends."""
        out: list[Step] = []
        while self.is_computer_turn() and len(out) < limit:
            out.append(self.computer_step())
        return out

    def think_ahead(self) -> bool:
        """Have the computer players work out in the background the moves the learner's
        likeliest next click leads to (:func:`tutorial.services.players.think_ahead`), so
        that the click finds them made:

        - on the learner's turn in the auction, a pass: the others' bids, then the winner's
          discard, trump and opening lead, up to the learner's next turn;
        - at the end of a hand (the game not over), the next hand: the computer players'
          bids before the learner's first turn.

        Nothing with a given bot factory or without a background pool. Returns whether it
        started a line."""
        if self._factory is not None:
            return False
        line = self.game.clone()
        if self.game.hand_finished:
            if self.game.phase == "game_over":
                return False
            line.next_hand()
        elif not self.is_human_turn() or self.game.phase != "bidding":
            return False
        elif Action("pass") not in self.game.legal_actions():
            return False
        else:
            line.apply("pass")
        seeds = {s: bot_seed(self.setup.deal, s) for s in range(self.players) if s != self.seat}
        return think_ahead(self.setup.level, seeds, line, self.seat)

    # -- the learner ----------------------------------------------------------------------
    def act(self, action: Action | str) -> Step:
        """The learner's action. An illegal one raises :class:`IllegalAction` (naming the rule)
        and changes nothing."""
        if not self.is_human_turn():
            raise IllegalAction("it is not your turn", "not-your-turn")
        hand, index = self.position_key()
        a = Action.parse(action)
        self.game.apply(a)
        self.hint = None
        self.last_step = Step(hand, index, self.seat, a)
        self._note_finished()
        return self.last_step

    def _note_finished(self) -> None:
        g = self.game
        if not g.hand_finished or g.hand_number in self._reported:
            return
        self._reported.add(g.hand_number)
        over = g.phase == Phase.GAME_OVER
        won = over and g.winner == g.rules.side_of(self.seat)
        self._finished.append(FinishedHand(g.hand_number, self.hand_record(g.hand_number), over, won))

    def take_finished(self) -> list[FinishedHand]:
        """The hands that ended since the last call, each reported once (the page counts
        them in the learner's progress). A hand taken back and finished again is not
        reported twice."""
        out, self._finished = self._finished, []
        return out

    def why_not(self, tile: Tile) -> Reason | None:
        """Why the learner may or may not play ``tile`` now (``None`` outside the play)."""
        view = self.view()
        if view.phase != "playing" or view.trump is None:
            return None
        return view.explain(tile)

    def can_undo(self) -> bool:
        """True when the learner has acted in this hand (so there is something to take back)
        and the game is not over."""
        if self.game.phase == Phase.GAME_OVER:
            return False
        return any(s == self.seat for s, _ in self.game.history)

    def undo(self) -> bool:
        """Take back the learner's last action in this hand and everything after it."""
        history = self.game.history
        mine = [i for i, (s, _) in enumerate(history) if s == self.seat]
        if not mine or self.game.phase == Phase.GAME_OVER:
            return False
        cut = mine[-1]
        moves = self.moves()
        moves[-1] = moves[-1][:cut]
        self.game = replay(self.setup, moves)
        hand = self.game.hand_number
        self.decisions = {k: v for k, v in self.decisions.items() if k[0] != hand or k[1] < cut}
        self.reviews.pop(hand, None)
        self._review_jobs.pop(hand, None)
        self.hint = None
        self.last_step = None
        return True

    def next_hand(self) -> None:
        """Deal the next hand once this one is over."""
        self.game.next_hand()
        self.hint = None
        self.last_step = None

    # -- explanations ---------------------------------------------------------------------
    def decision_at(self, hand: int, index: int) -> Choice | None:
        """The computer's decision for action ``index`` of hand ``hand`` (asked again if it
        is not remembered, e.g. after a page refresh). ``None`` for the learner's actions,
        and for a move the computer player would not make (a link with moves of its own):
        its reason would not be the reason for that move."""
        if (hand, index) in self.decisions:
            return self.decisions[(hand, index)]
        game = self.game_at(hand, index)
        seat = game.to_act
        if seat is None or seat == self.seat:
            return None
        decided = self.decide(seat, game.view(seat))
        decision = decided if str(decision_action(decided)) == self.moves()[hand - 1][index] else None
        self.decisions[(hand, index)] = decision
        return decision

    def shows_all(self, hand: int | None = None) -> bool:
        """Whether the page may show everything about hand ``hand`` (the current one by
        default): once it is over, or with :attr:`open_hands` on."""
        if self.open_hands:
            return True
        return hand not in (None, self.game.hand_number) or self.game.hand_finished

    def shown(self, decision: Choice | None, hand: int | None = None) -> Choice | None:
        """``decision`` (of hand ``hand``, the current one by default) as the page may show
        it now: in full once the hand is over (or with open hands), else as said at the table
        (:meth:`engine.players.Decision.at_table`: no tile the seat has not played)."""
        if decision is None or self.shows_all(hand):
            return decision
        at_table = getattr(decision, "at_table", None)
        return at_table() if callable(at_table) else decision

    def fill_feed(self) -> int:
        """Ask again for the decisions of the feed's moves (:meth:`feed_shown`) that are not
        remembered (after a page refresh the game is rebuilt from the URL without them), so
        that their reasons come back. Returns how many were asked."""
        asked = 0
        for ln in self.feed_shown():
            if (ln.hand, ln.index) not in self.decisions:
                self.decision_at(ln.hand, ln.index)
                asked += 1
        return asked

    def feed(self) -> list[FeedLine]:
        """The computer moves of the current and the previous trick, oldest first."""
        view = self.view()
        return feed_lines(view.actions, self.seat, self.game.hand_number, self.players)

    def feed_shown(self) -> list[FeedLine]:
        """The moves the Play page's feed shows: during a hand, :meth:`feed`; once the hand is
        over, every computer move of it, bids, discard and trump first, each with its reason
        (the reasons kept back during the hand, "I say why once the hand is over", are said
        in full then)."""
        if not self.game.hand_finished:
            return self.feed()
        view = self.view()
        return feed_lines(view.actions, self.seat, self.game.hand_number, self.players, whole=True)

    def game_at(self, hand: int, index: int) -> Game:
        """The game just before action ``index`` of hand ``hand``."""
        moves = self.moves()
        if not 1 <= hand <= len(moves):
            raise IndexError(f"there is no hand {hand}")
        cut = [*moves[: hand - 1], moves[hand - 1][:index]]
        return replay(self.setup, cut)

    def ask_hint(self, level: str = "strong") -> Hint:
        """Ask the ``level`` player what the learner should do; a second call moves the hint
        to its second step (the move itself)."""
        if not self.is_human_turn():
            raise IllegalAction("a hint is for your own turn", "not-your-turn")
        key = self.position_key()
        if self.hint is not None and self.hint.key == key:
            self.hint.step = 2
            return self.hint
        decision = self.decide(self.seat, self.view(), level)
        self.hint = Hint(key, decision, 1)
        return self.hint

    # -- reviews ----------------------------------------------------------------------------
    def reviewable(self) -> list[int]:
        """The finished hands that can be reviewed (a thrown-in hand has no plays)."""
        return [r.hand_number for r in self.game.results if not r.thrown_in]

    def review(self, hand_number: int) -> HandReview | None:
        """The review of a finished hand (:func:`tutorial.services.reviewing.run_review`), or
        ``None`` while it is being made. The first call starts it in the background worker
        (:func:`tutorial.services.players.background`), so it is made only for the hands the
        learner asks about, and never in front of a computer player's decision; with no
        background worker it is made here, at once. A broken pool (its worker died) is
        replaced, and the review made here, as :func:`~tutorial.services.players.think` and
        :func:`~tutorial.services.players.offload` do. An error in the review is raised (and
        the next call tries again)."""
        if hand_number in self.reviews:
            return self.reviews[hand_number]
        if hand_number not in self.reviewable():
            raise ValueError(f"hand {hand_number} has no review (it is not over, or was thrown in)")
        from tutorial.services.players import background, shutdown_pool
        from tutorial.services.reviewing import run_review

        # The hint's strong player (its seed for the learner's seat): the review's "the
        # strong player would have ..." is the hint's answer.
        seed = bot_seed(self.setup.deal, self.seat)
        job = self._review_jobs.get(hand_number)
        if job is None:
            job = self._review_jobs[hand_number] = background(
                run_review, self.game.record(), hand_number, you=self.seat, seed=seed)
        if not job.done():
            return None
        del self._review_jobs[hand_number]
        try:
            made = job.result()
        except BrokenProcessPool:
            shutdown_pool()
            made = run_review(self.game.record(), hand_number, you=self.seat, seed=seed)
        self.reviews[hand_number] = made
        return made

    # -- records ----------------------------------------------------------------------------
    def hand_record(self, hand_number: int) -> RecordJSON:
        """A stand-alone record of one hand (for download or the Classroom)."""
        return hand_record(self.game.record(), hand_number - 1)

    def finished_hands(self) -> list[int]:
        """The numbers of the hands that are over."""
        done = [r.hand_number for r in self.game.results]
        return done


def new_session(setup: PlaySetup, moves: list[list[str]] | None = None,
                factory: Callable[..., Decider] | None = None) -> PlaySession:
    """A :class:`PlaySession` (raises ``LinkError`` for moves that do not fit)."""
    return PlaySession(setup, moves, factory)
