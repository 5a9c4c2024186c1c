"""A player that sees every tile: a ceiling for the arena, not a player of the game.

    python -m bench.arena --games 150 --players 3 oracle basic basic

The oracle reads the whole deal (every hand and the widow) from the game itself, so it is
only for :mod:`bench.arena`; the app and the engine's players never see a hidden tile. It
bids the most tricks it is sure to take (every hand known, best play on both sides, its own
best trump and discard), a 21 when that is all seven, and passes when that is below the
lowest bid it may make; it then names that trump, discards that tile, and plays every tile
by an exact open-hands search (tricks for its side, the bidder's side or the defenders).
Since its count is what it takes against any defence, it never fails a contract.

What it shows: how often a player with perfect knowledge of the tiles wins against the
same opponents. A player that sees only its own hand can bid and play no better (the
oracle's auction is simple, so a cleverer bidder with the same knowledge could do a little
better still); a goal above the oracle's figure cannot be reached by a fair player.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Game
from engine.actions import Action
from engine.contract import MOON, TRICKS_PER_HAND, side_seats
from engine.game import Phase
from engine.solver import can_take, move_values, solve
from engine.tiles import Tile
from engine.trump import Trump


class OracleBot:
    """Bids and plays with every hand in view (see the module docstring)."""

    sees_all = True

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._plan: dict[tuple[object, ...], tuple[int, Trump | None, Tile | None]] = {}

    def __repr__(self) -> str:
        return "OracleBot()"

    # --- contract -------------------------------------------------------------------
    def best_contract(
        self, game: Game, seat: int, trump: Trump | None = None
    ) -> tuple[int, Trump | None, Tile | None]:
        """The most tricks ``seat``'s side is sure to take as the bidder, with the trump and
        discard that give them (``trump`` fixed when it is already named). Cached per hand."""
        rules = game.rules
        hands = [list(h) for h in game.hands]
        key = (game.hand_number, game.seed, seat, trump, tuple(map(tuple, hands)), game.widow_taken)
        if key in self._plan:
            return self._plan[key]
        side = side_seats(rules, seat)
        trumps: Sequence[Trump] = (trump,) if trump is not None else rules.trumps
        best: tuple[int, Trump | None, Tile | None] = (-1, None, None)
        if rules.has_widow and not game.widow_taken:
            pool = hands[seat] + list(game.widow)
            discards: list[Tile | None] = list(pool)
        elif rules.has_widow and game.discard is None and len(hands[seat]) > TRICKS_PER_HAND:
            pool = hands[seat]
            discards = list(pool)
        else:
            pool = hands[seat]
            discards = [None]
        for tr in trumps:
            for d in discards:
                mine = [t for t in pool if t != d] if d is not None else pool
                hs = [list(h) for h in hands]
                hs[seat] = mine
                # Only a count above the best so far matters: a yes/no search first.
                if best[0] >= 0 and not can_take(hs, tr, seat, side, best[0] + 1):
                    continue
                v = solve(hs, tr, seat, side)
                if v > best[0]:
                    best = (v, tr, d)
                if best[0] == TRICKS_PER_HAND:
                    break
            if best[0] == TRICKS_PER_HAND:
                break
        self._plan[key] = best
        return best

    # --- deciding -------------------------------------------------------------------
    def decide_game(self, game: Game) -> Action:
        """The oracle's action for the seat to act in ``game`` (it reads the whole deal)."""
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        phase = game.phase
        if phase == Phase.BIDDING:
            tricks, _, _ = self.best_contract(game, seat)
            bids = [a for a in legal if a.kind == "bid"]
            want = MOON if tricks == TRICKS_PER_HAND else tricks
            for a in bids:
                if a.value == want:
                    return a
            # A 21 the rules do not offer: the highest bid it is sure to make.
            sure = [a for a in bids if isinstance(a.value, int) and a.value != MOON and a.value <= tricks]
            if sure:
                return max(sure, key=lambda a: int(a.value))  # type: ignore[arg-type]
            passes = [a for a in legal if a.kind == "pass"]
            return passes[0] if passes else min(bids, key=lambda a: int(a.value))  # type: ignore[arg-type]
        if phase == Phase.DISCARD:
            _, _, d = self.best_contract(game, seat, game.trump)
            for a in legal:
                if a.value == d:
                    return a
            return legal[0]
        if phase == Phase.TRUMP:
            _, tr, _ = self.best_contract(game, seat)
            for a in legal:
                if a.value == tr:
                    return a
            return legal[0]
        # Playing: exact values for each legal tile, for this seat's side in the contract.
        bidder = game.bidder
        assert bidder is not None and game.trump is not None and game.leader is not None
        bid_side = side_seats(game.rules, bidder)
        side = bid_side if seat in bid_side else tuple(s for s in range(game.rules.players) if s not in bid_side)
        values = move_values([list(h) for h in game.hands], game.trump, game.leader, side, game.current_trick)
        plays = [a for a in legal if a.kind == "play"]
        return max(plays, key=lambda a: values.get(a.value, -1))  # type: ignore[arg-type]
