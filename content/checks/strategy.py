"""``strategy``: the best tile of a Play better position, in expectation over the layouts.

The entry names the deal (``seed``, the position's ``rules``) and the ``actions`` of the hand
up to the decision; the task replays them with the engine and refuses an entry whose position
table is not what the learner's seat sees there. ``tricks`` and ``made`` are the fair answer
of :func:`engine.strategy.fair_answer` as the generator recorded it (the sum of the side's
tricks over the ``layouts``, and in how many of them the contract went the side's way, per
legal tile): the answer is the tile with the most tricks, and ``python -m lessons.strategy
check`` and the content tests solve every layout again and compare.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from content.checks.base import ILLEGAL_PLAY_CODES, JSON, Feedback, PlayTask, register
from content.errors import FieldError
from engine import Tile, explain_play
from engine.game import Game
from engine.strategy import side_of


@register
class Strategy(PlayTask):
    kind = "strategy"
    title = "Play better: the best tile in expectation"
    short_title = "Play better"
    mode = "one"
    tile_choices = True
    hint = "Which tile does the principle of this stage pick?"
    default_question = "Which tile do you play?"
    answer_format = 'the tile to play: "6-4"'
    params: ClassVar[dict[str, str]] = {
        "principle": "the principle (stage) the position teaches",
        "seed": "the seed of the deal (engine.Game.new)",
        "actions": "the actions of the hand up to the decision",
        "layouts": "how many layouts of the unseen tiles were solved",
        "all_layouts": "how many layouts agree with what the learner has seen",
        "exhaustive": "true when every layout was solved, false for a seeded sample",
        "tricks": "per legal tile, the side's tricks summed over the layouts",
        "made": "per legal tile, the layouts in which the contract goes the side's way",
        "need": "the tricks the learner's side still needs",
        "goal": "'make' (bidder's side) or 'set' (defenders)",
        "right": "why the answer is best, in words",
        "why": "per other legal tile, what it gives up, in words",
    }
    codes: ClassVar[dict[str, str]] = {
        **ILLEGAL_PLAY_CODES,
        "worse-in-expectation": "a legal tile that does worse on average over the layouts",
    }

    def setup(self) -> None:
        pos = self.position
        seed, actions = self.param("seed", required=True), self.param("actions", required=True)
        if type(seed) is not int or not isinstance(actions, list):
            raise FieldError("seed", "seed is a whole number and actions a list of actions")
        try:
            g = Game.new(pos.rules, seed=seed)
            for a in actions:
                g.apply(str(a))
        except Exception as e:
            raise FieldError("actions", f"the engine refuses the hand: {e}") from None
        seat = g.to_act
        if seat is None or pos.to_play != seat:
            raise FieldError("actions", f"the hand's seat to play ({seat}) is not the position's ({pos.to_play})")
        self.game = g
        self.view = g.view(seat)
        self.seat, self.hand = self.own_hand()
        if tuple(sorted(self.hand)) != tuple(sorted(self.view.hand)) or tuple(pos.trick) != self.view.current_trick:
            raise FieldError("position", "the position is not what the seat sees after these actions")
        legal = sorted(a.value for a in self.view.legal_actions() if isinstance(a.value, Tile))
        tricks, made, why = self.param("tricks", required=True), self.param("made", required=True), self.param("why", {})
        if not isinstance(tricks, Mapping) or sorted(map(Tile.parse, tricks)) != legal:
            raise FieldError("tricks", f"give the value of every legal tile: {', '.join(map(str, legal))}")
        if not isinstance(made, Mapping) or sorted(map(Tile.parse, made)) != legal:
            raise FieldError("made", "give the count of every legal tile")
        self.tricks = {Tile.parse(k): int(v) for k, v in tricks.items()}
        self.made = {Tile.parse(k): int(v) for k, v in made.items()}
        best = self.compute()
        if not isinstance(why, Mapping) or sorted(map(Tile.parse, why)) != [t for t in legal if t != best]:
            raise FieldError("why", "give what every other legal tile gives up")
        self.why = {Tile.parse(k): str(v) for k, v in why.items()}

    def compute(self) -> Tile:
        return max(self.tricks, key=lambda t: (self.tricks[t], self.made[t], -t.index))

    def judge(self, value: Tile) -> Feedback:
        r = explain_play(self.hand, self.position.trick, self.trump(), value)
        if not r.legal:
            return Feedback(False, r.code, r.text, (r.code,))
        return Feedback(False, "worse-in-expectation", self.why[value], (r.code,))

    def mistake_hint(self, feedback: Feedback) -> str | None:
        """After a worse tile: what it gives up, in the principle's words, without the figures
        (they name the best tile, which the first hint must not give away)."""
        if feedback.code != "worse-in-expectation":
            return None
        return feedback.text.split(" With ")[0]

    def explain(self) -> str:
        return str(self.param("right", f"{self.answer()} does best on average over the layouts."))

    def accepted(self) -> list[str]:
        """The accepted answers (one: the margin filter leaves no second)."""
        return [str(self.answer())]

    def export_extra(self) -> dict[str, JSON]:
        """What an outside program needs to re-derive the answer: the full deal (hands and
        widow), the discard, the contract and trump, the learner's seat, every trick played so
        far with who played which tile, the trick in progress, the principle, and how the
        fair answer was computed (``fair_answer``: every agreeing layout, or a sample drawn by
        :func:`engine.strategy.fair_answer` with ``sample_seed``; the side, the tricks it still
        needs, and each legal tile's average tricks and chance in percent)."""
        g = self.game
        n = self.position.rules.players
        tricks: list[JSON] = [
            {"leader": t.leader, "plays": [[(t.leader + j) % n, str(x)] for j, x in enumerate(t.tiles)],
             "winner": t.winner}
            for t in g.tricks
        ]
        leader = g.leader
        return {
            "principle": str(self.param("principle")),
            "deal": {"hands": [[str(t) for t in h] for h in g.deal], "widow": [str(t) for t in g.widow]},
            "discard": str(g.discard) if g.discard is not None else None,
            "bidder": g.bidder,
            "bid": g.bid,
            "seat": self.seat,
            "tricks_played": tricks,
            "trick_in_progress": {"leader": leader, "plays": [[(leader + j) % n, str(x)]
                                                            for j, x in enumerate(g.current_trick)]}
            if leader is not None else None,
            "fair_answer": self._fair_answer_json(),
        }

    def _fair_answer_json(self) -> dict[str, JSON]:
        n = int(self.param("layouts"))
        need = int(self.param("need"))
        return {
            "every_layout": bool(self.param("exhaustive")),
            "layouts": n,
            "agreeing_layouts": int(self.param("all_layouts")),
            "sample_seed": int(self.param("seed")),
            "side": list(side_of(self.view)),
            "goal": str(self.param("goal")),
            "need": need,
            "tricks": {str(t): round(v / n, 4) for t, v in sorted(self.tricks.items())},
            "chance": {str(t): round(100.0 * v / n, 2) for t, v in sorted(self.made.items())},
        }

    def wrong_answers(self) -> Sequence[object]:
        return [str(t) for t in self.hand if t != self.answer()]
