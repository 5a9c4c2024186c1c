"""``ending``: take N of the last K tricks, open hands (checked by the solver)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import ILLEGAL_PLAY_CODES, Features, Feedback, PlayTask, names, register
from content.errors import FieldError
from engine import Tile, explain_play, legal_plays, trick_winner
from engine.solver import move_values
from engine.words import count_words


@register
class Ending(PlayTask):
    kind = "ending"
    title = "Take N of the last K tricks"
    short_title = "Endings"
    asks_trump = True
    mode = "one"
    tile_choices = True
    hint = (
        "Count the tricks you can be sure of, and ask what the others will keep for the end. The "
        "biggest tile is not always the right one first."
    )
    default_question = "All hands are open. Which tile do you play to take the tricks you need?"
    answer_format = 'the one first play that takes `need` tricks: "6-4"'
    needs = "solver"
    params: ClassVar[dict[str, str]] = {
        "need": "N, the tricks the side of the seat to play must take from here (the current "
        "trick counts); it must be the most it can take, and only one first play may get it",
    }
    codes: ClassVar[dict[str, str]] = {
        **ILLEGAL_PLAY_CODES,
        "loses-a-trick": "a legal play after which best defence holds the side below N",
    }

    def setup(self) -> None:
        pos = self.position
        self.trump()
        self.seat, self.hand = self.own_hand()
        if pos.leader is None:
            raise FieldError("position.leader", "an ending needs the leader")
        for s in range(pos.players):
            if not pos.has_hand(s):
                raise FieldError(f"position.hands.{s}", "an open-hands ending gives every hand")
        if pos.shown != frozenset(range(pos.players)):
            raise FieldError("position.show", f"an open-hands ending shows every hand: show = {list(range(pos.players))}")
        need = self.param("need", required=True)
        if type(need) is not int or not 1 <= need <= len(self.hand):
            raise FieldError("need", f"need is 1 to {len(self.hand)} tricks, not {need!r}")
        self.need_n = need
        self.side = pos.side_of(self.seat)
        values = self.values()
        best = max(values.values())
        if best != need:
            raise FieldError("need", f"with best play this side takes {best} tricks, not {need}")
        good = sorted(t for t, v in values.items() if v >= need)
        if len(values) < 2:
            raise FieldError("position.hands", "only one tile is legal: there is nothing to choose")
        if len(good) != 1:
            raise FieldError("need", f"{len(good)} first plays take {need} tricks ({names(good)}); an ending needs exactly one")
        self._good = good[0]

    def _hands(self) -> list[list[Tile]]:
        return [list(self.position.hand(s)) for s in range(self.position.players)]

    def values(self, hands: Sequence[Sequence[Tile]] | None = None, leader: int | None = None,
               trick: Sequence[Tile] | None = None) -> dict[Tile, int]:
        pos = self.position
        lead = pos.leader if leader is None else leader
        assert lead is not None, "an ending is built with its leader (see build)"
        mv: dict[Tile, int] = move_values(
            hands if hands is not None else self._hands(), self.trump(),
            lead, set(self.side),
            tuple(pos.trick) if trick is None else tuple(trick),
        )
        return mv

    def compute(self) -> Tile:
        return self._good

    def line(self, first: Tile, tricks: int = 1) -> list[tuple[int, Tile]]:
        """Best play after ``first``: (seat, tile) for the rest of the current trick and
        ``tricks - 1`` more; the side keeps its best, the others their best against it."""
        pos = self.position
        n = pos.players
        hands = self._hands()
        leader = pos.leader
        assert leader is not None
        trick = list(pos.trick)
        out: list[tuple[int, Tile]] = []
        seat = self.seat
        tile = first
        done = 0
        while True:
            hands[seat].remove(tile)
            trick.append(tile)
            out.append((seat, tile))
            if len(trick) == n:
                w = (leader + trick_winner(trick, self.trump())) % n
                done += 1
                leader, trick = w, []
                if done >= tricks or not hands[w]:
                    return out
            seat = (leader + len(trick)) % n
            mv = self.values(hands, leader, trick)
            pick = max if seat in self.side else min
            best = pick(mv.values())
            tile = min(t for t, v in mv.items() if v == best)

    def _say(self, moves: list[tuple[int, Tile]]) -> str:
        """"seat 0 6-6, seat 1 6-5, seat 2 6-4 (seat 0 wins); seat 0 5-2, ..." by trick."""
        n = self.position.players
        first = n - len(self.position.trick)
        groups: list[list[tuple[int, Tile]]] = [moves[:first]]
        rest = moves[first:]
        while rest:
            groups.append(rest[:n])
            rest = rest[n:]
        out = []
        trick = list(self.position.trick)
        leader = self.position.leader or 0
        for g in groups:
            words = ", ".join(f"Seat {s} {t}" for s, t in g)
            full = [*trick, *(t for _, t in g)]
            if len(full) == n:
                w = (leader + trick_winner(full, self.trump())) % n
                words += f" (Seat {w} wins)"
                leader = w
            out.append(words)
            trick = []
        return "; ".join(out)

    def judge(self, value: Tile) -> Feedback:
        r = explain_play(self.hand, self.position.trick, self.trump(), value)
        if not r.legal:
            return Feedback(False, r.code, r.text, (r.code,))
        v = self.values()[value]
        k = len(self.hand)
        # The whole line to the end, so the trick that is lost is in it.
        moves = self.line(value, k)
        return Feedback(
            False, "loses-a-trick",
            f"After {value} the others can hold you to {count_words(v, 'trick')} of the last {k}, "
            f"and you need {self.need_n}. One way it goes: {self._say(moves)}.",
            (r.code,),
        )

    def explain(self) -> str:
        k = len(self.hand)
        t = self.answer()
        moves = self.line(t, k)
        return (f"{t} is the only first play that takes {self.need_n} of the last {k} tricks against "
                f"any defence. One way it goes: {self._say(moves)}.")

    def wrong_answers(self) -> Sequence[object]:
        return [str(t) for t in self.hand if t is not self.answer()]

    def features(self) -> Features:
        tr, trick = self.trump(), self.position.trick
        legal = legal_plays(self.hand, trick, tr)
        ans = self.answer()
        traps = ["endgame"]
        if trick:
            suit = tr.suit_led(trick[0])
            if trick_winner((*trick, ans), tr) != len(trick):
                traps.append("duck")
            best = max(legal, key=lambda t: tr.power(t, suit))
            if best is not ans:
                traps.append("not-the-biggest")
        else:
            highest = max(legal, key=lambda t: tr.power(t, tr.suit_led(t)) + (200 if tr.is_trump(t) else 0))
            if highest is not ans:
                traps.append("not-the-biggest")
        values = self.values()
        return {"options": len(legal), "traps": traps, "depth": len(self.hand),
                "losing": sum(1 for v in values.values() if v < self.need_n)}
