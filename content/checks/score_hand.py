"""``score_hand``: the score change of each side for a finished hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Features, Feedback, read_int, register, side_name
from content.checks.hand import HandTask
from content.errors import AnswerError
from engine.words import count_words, join_words


@register
class ScoreHand(HandTask[tuple[int, ...]]):
    kind = "score_hand"
    title = "Score the hand"
    short_title = "Scoring"
    mode = "numbers"
    hint = (
        "Did the bidder (with four players, the bidder's team) reach the bid? Made scores the bid, "
        "set costs it; the other sides score a point per trick. Under marks, tricks earn nothing: a"
        " made bid earns the bidder one mark, a set earns each opponent one."
    )
    default_question = "What does each side score for this hand?"
    answer_format = "the score change of each side, by seat (3 players) or team (4 players): [5, 1, 1]"
    codes: ClassVar[dict[str, str]] = {
        "no-bonus": "gave the bidder its tricks: a made bid scores the bid, no bonus",
        "made-not-set": "took points from a bidder who made the bid",
        "set-is-negative": "gave a set bidder points: a set costs the bid",
        "set-costs-bid": "took the wrong amount from a set bidder: a set costs the whole bid",
        "moon-worth-21": "scored a made 21 as 7: a moon scores 21",
        "bidder-score": "gave the bidder a wrong score",
        "opponents-score-tricks": "gave nothing to an opponent who took tricks",
        "team-tricks": "scored one partner's tricks, not the team's",
        "opponent-score": "gave an opponent a wrong score",
        "marks-made": "marks: a made bid earns the bidder one mark, the others nothing",
        "marks-set": "marks: a set bid earns each opponent one mark, the bidder nothing",
    }

    def compute(self) -> tuple[int, ...]:
        return self.scored().change

    def read(self, raw: object) -> tuple[int, ...]:
        if isinstance(raw, str):
            raw = raw.replace(",", " ").split()
        if not isinstance(raw, list | tuple):
            raise AnswerError("answer with one score change per side, like [5, 1, 1]")
        sides = len(self.position.rules.teams())
        if len(raw) != sides:
            raise AnswerError(f"give {sides} numbers, one per {'team' if sides == 2 else 'seat'}")
        return tuple(read_int(x) for x in raw)

    def to_json(self, value: tuple[int, ...]) -> JSON:
        return list(value)

    def judge(self, value: tuple[int, ...]) -> Feedback:
        pos, s = self.position, self.scored()
        right, bs = s.change, self.bidder_side()
        assert pos.bid is not None
        took = s.side_tricks[bs]
        story = self.story()
        marks = pos.rules.scoring == "marks"
        if value[bs] != right[bs]:
            v = value[bs]
            if marks:
                code = "marks-made" if s.made else "marks-set"
                text = ("A made bid earns the bidder one mark, and the others none." if s.made
                        else "When the bid is set the bidder gets no mark; each opponent gets one.")
            elif s.made and pos.bid == 21:
                code, text = "moon-worth-21", f"A made moon scores {right[bs]}, not the 7 tricks." if v == 7 else f"A made moon scores {right[bs]}."
            elif s.made and v == took:
                code, text = "no-bonus", f"A made bid scores exactly the bid, {pos.bid}, not the {took} tricks taken: there is no bonus for extra tricks."
            elif s.made and v < 0:
                code, text = "made-not-set", f"The bid was made, so it scores +{pos.bid}."
            elif s.made:
                code, text = "bidder-score", f"A made bid scores the bid: +{pos.bid}."
            elif v >= 0:
                code, text = "set-is-negative", f"A set costs the bidder the whole bid: {right[bs]}."
            else:
                code, text = "set-costs-bid", f"A set costs the whole bid ({right[bs]}), not just the tricks that were missing."
            return Feedback(False, code, f"{story} {text}")
        for i, (v, r) in enumerate(zip(value, right, strict=True)):
            if v == r:
                continue
            who = side_name(pos, i)
            t = s.side_tricks[i]
            if marks:
                code = "marks-made" if s.made else "marks-set"
                text = (f"The bid was made, so {who} earns no mark." if s.made
                        else f"The bid was set, so {who}, an opponent, earns one mark.")
            elif pos.players == 4 and pos.tricks_won and v in (pos.tricks_won[a] for a in pos.rules.teams()[i]) and v != r:
                code, text = "team-tricks", f"Partners add their tricks: {who} took {t} together, so +{t}."
            elif v == 0 and r > 0:
                code, text = "opponents-score-tricks", f"{who[0].upper() + who[1:]} took {count_words(t, 'trick')}: the opponents score 1 per trick, whether the bid is made or set, so +{t}."
            else:
                code, text = "opponent-score", f"{who[0].upper() + who[1:]} took {count_words(t, 'trick')}, so +{t}: one point per trick."
            return Feedback(False, code, f"{story} {text}")
        raise AssertionError("a wrong score differs somewhere")

    def explain(self) -> str:
        pos, s = self.position, self.scored()
        bs = self.bidder_side()
        parts = [self.story()]
        if pos.rules.scoring == "marks":
            if s.made:
                parts.append(f"Under marks, {side_name(pos, bs)} earns one mark and the others none.")
            else:
                parts.append("Under marks, the bidder earns nothing and each opponent earns one mark.")
        else:
            parts.append(f"{side_name(pos, bs)} scores {s.change[bs]:+d}" + (" (no bonus for extra tricks)." if s.made and s.side_tricks[bs] > (pos.bid or 0) and pos.bid != 21 else "."))
            for i in range(len(s.change)):
                if i != bs:
                    parts.append(f"{side_name(pos, i)} took {count_words(s.side_tricks[i], 'trick')}: {s.change[i]:+d}.")
        team = "Team" if pos.players == 4 else "Seat"
        each = [f"{team} {i} " + (count_words(c, "mark") if pos.rules.scoring == "marks" else f"{c:+d}")
                for i, c in enumerate(s.change)]
        parts.append(f"In all: {join_words(each)}.")
        return " ".join(parts)

    def wrong_answers(self) -> Sequence[object]:
        pos, s = self.position, self.scored()
        right, bs = list(s.change), self.bidder_side()
        assert pos.bid is not None
        out: list[list[int]] = []

        def variant(i: int, v: int) -> None:
            w = list(right)
            w[i] = v
            if w != right and w not in out:
                out.append(w)

        for v in (s.side_tricks[bs], -right[bs], 0, right[bs] + 1, right[bs] - 1, 7, 21, -(7 - s.side_tricks[bs])):
            variant(bs, v)
        for i in range(len(right)):
            if i != bs:
                for v in (0, right[i] + 1, right[i] - 1, -right[i] if right[i] else 1, pos.bid):
                    variant(i, v)
        return out

    def features(self) -> Features:
        pos, s = self.position, self.scored()
        traps = ["made" if s.made else "set"]
        if s.made and s.side_tricks[self.bidder_side()] > (pos.bid or 0):
            traps.append("no-bonus")
        if pos.bid == 21:
            traps.append("moon")
        if pos.rules.scoring == "marks":
            traps.append("marks")
        return {"options": len(s.change), "traps": traps, "depth": 0}
