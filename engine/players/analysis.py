"""Play analysis: every legal play of a position solved in many layouts of the unseen tiles.

:func:`analyse_play` gives a :class:`PlayAnalysis` with, per tile, the expected tricks of
the seat's scoring side, the chance to make (or set) the bid, and whether the play wins
the trick for sure or can never win it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.game import PlayerView
from engine.players.facts import keep_value, scoring_side, seat_goal, seats_mask
from engine.sampling import Layout
from engine.solver import Solver, mask_of
from engine.tiles import Tile
from engine.trump import Trump

__all__ = ["PlayAnalysis", "analyse_play", "analyse_play_weighted"]


@dataclass
class PlayAnalysis:
    """The strong bot's numbers for every legal play of a position (see :func:`analyse_play`).

    Per tile: ``tricks`` (expected tricks of the scoring side at the end of the hand),
    ``goal_chance`` (chance to make, or set, the bid), ``win_trick`` (chance the play wins
    the trick whatever the others play), ``lose_always`` (it can never win the trick),
    ``draws`` (for a trump lead: average number of trumps it pulls from other hands).
    ``layouts`` is how many layouts were solved, ``possible`` how many agree with the view,
    ``exhaustive`` whether all were solved; ``trumps_out`` the trumps this seat has not seen;
    ``weighted`` whether the layouts counted by their weights (how well each fits the
    bidding), not all alike: the numbers are then weighted shares, not counts of layouts.
    """

    tiles: list[Tile]
    goal: str
    tricks: dict[Tile, float]
    goal_chance: dict[Tile, float]
    win_trick: dict[Tile, float]
    lose_always: dict[Tile, bool]
    draws: dict[Tile, float]
    layouts: int
    possible: int
    exhaustive: bool
    trumps_out: int
    weighted: bool = False

    def key(self, t: Tile) -> tuple[float, ...]:
        """The sort key the strong bot maximises: goal chance, then tricks, then the chance to
        win the trick."""
        return (round(self.goal_chance[t], 9), round(self.tricks[t], 9), round(self.win_trick[t], 9))

    def best(self, trump: Trump) -> Tile:
        """The play with the best key (the cheaper tile on a tie)."""
        return max(self.tiles, key=lambda t: (*self.key(t), -keep_value(t, trump), -t.index))


def analyse_play(
    view: PlayerView,
    layouts: Sequence[Layout],
    solver: Solver,
    possible: int,
    exhaustive: bool,
    weights: Sequence[float] | None = None,
) -> PlayAnalysis:
    """Solve every legal play of the view's seat in each layout and average the results
    (weighted by ``weights``, one per layout, when given).

    The scoring side's tricks come from one exact :meth:`Solver.move_values_masks` per
    layout; when the goal side differs (a defender with three players: the two defenders
    together set the bid) the goal is settled by one yes/no probe per play.
    """
    return analyse_play_weighted(view, layouts, solver, possible, exhaustive, weights)[0]


def analyse_play_weighted(
    view: PlayerView,
    layouts: Sequence[Layout],
    solver: Solver,
    possible: int,
    exhaustive: bool,
    weights: Sequence[float] | None,
) -> tuple[PlayAnalysis, PlayAnalysis]:
    """:func:`analyse_play` twice from one solve of each layout: averaged with ``weights``
    (each layout counts its weight; ``None``: all alike), and with every layout alike."""
    trump = view.trump
    assert trump is not None and view.leader is not None
    rules = view.rules
    n = rules.players
    me = view.seat
    tiles = [a.value for a in view.legal_actions() if isinstance(a.value, Tile)]
    goal, gside, gwon, target = seat_goal(view)
    scoring = scoring_side(rules, me)
    smask = seats_mask(scoring)
    gmask = seats_mask(gside)
    swon = sum(view.tricks_won[s] for s in scoring)
    leader = view.leader
    trick_idx = [t.index for t in view.current_trick]
    remaining = 7 - len(view.tricks)
    k_goal = target - gwon  # goal side tricks still needed from here (this trick counts)
    decided = k_goal <= 0 or k_goal > remaining
    same_side = smask == gmask
    suit = trump.suit_led(view.current_trick[0]) if view.current_trick else None
    ws = [1.0] * len(layouts) if weights is None else [float(x) for x in weights]
    if len(ws) != len(layouts) or (layouts and sum(ws) <= 0):
        raise ValueError("analyse_play: give one weight per layout, not all zero")
    # Per layout, per tile: the scoring side's tricks, the goal made (1/0), the trick held for
    # sure (1/0) and the trumps a trump lead draws.
    rec_tricks: list[dict[Tile, float]] = []
    rec_goal: list[dict[Tile, float]] = []
    rec_win: list[dict[Tile, float]] = []
    rec_draws: list[dict[Tile, float]] = []
    lose_all = dict.fromkeys(tiles, True)
    my_mask = mask_of(view.hand)
    unseen_trumps = sum(1 for u in view.unseen() if trump.is_trump(u))
    for layout in layouts:
        tricks_sum = dict.fromkeys(tiles, 0.0)
        goal_hits = dict.fromkeys(tiles, 0.0)
        win_hits = dict.fromkeys(tiles, 0.0)
        draws = dict.fromkeys(tiles, 0.0)
        hands = [my_mask if s == me else mask_of(layout[s]) for s in range(n)]
        vals = solver.move_values_masks(hands, leader, smask, trick_idx)
        for t in tiles:
            tricks_sum[t] += swon + vals[t.index]
        if same_side:
            for t in tiles:
                goal_hits[t] += swon + vals[t.index] >= target
        elif decided:
            for t in tiles:
                goal_hits[t] += k_goal <= 0
        else:
            for t in tiles:
                child, ld, tr, w = solver.after_play(hands, leader, trick_idx, t.index)
                k = k_goal - (1 if w >= 0 and gmask >> w & 1 else 0)
                left = remaining - (1 if w >= 0 else 0)
                ok = k <= 0 or (k <= left and solver.can_take_masks(child, ld, gmask, k, tr))
                goal_hits[t] += ok
        # This trick: does the play hold it for the scoring side whatever the others do?
        for t in tiles:
            s_led = suit if suit is not None else trump.suit_led(t)
            played = [*view.current_trick, t]
            powers = [trump.power(x, s_led) for x in played]
            bi = max(range(len(played)), key=lambda i: powers[i])
            bseat = (leader + bi) % n
            bp = powers[bi]
            later = [(leader + i) % n for i in range(len(played), n)]
            opp_can_beat = False
            for s in later:
                if s in scoring:
                    continue
                h = layout[s]
                follow = [x for x in h if trump.follows(x, s_led)] or list(h)
                if any(trump.power(x, s_led) > bp for x in follow):
                    opp_can_beat = True
                    break
            if bseat in scoring and not opp_can_beat:
                win_hits[t] += 1
                lose_all[t] = False
            elif bseat in scoring or any(s in scoring for s in later):
                lose_all[t] = False
            if not view.current_trick and trump.is_trump(t):
                draws[t] += sum(1 for s in range(n) if s != me and any(trump.is_trump(x) for x in layout[s]))
        rec_tricks.append(tricks_sum)
        rec_goal.append(goal_hits)
        rec_win.append(win_hits)
        rec_draws.append(draws)

    def averaged(w: Sequence[float]) -> PlayAnalysis:
        k = sum(w) or 1.0

        def mean(rec: Sequence[Mapping[Tile, float]], t: Tile) -> float:
            return sum(x * r[t] for x, r in zip(w, rec, strict=True)) / k

        return PlayAnalysis(
            tiles=tiles,
            goal=goal,
            tricks={t: mean(rec_tricks, t) for t in tiles},
            goal_chance={t: mean(rec_goal, t) for t in tiles},
            win_trick={t: mean(rec_win, t) for t in tiles},
            lose_always=lose_all,
            draws={t: mean(rec_draws, t) for t in tiles},
            layouts=len(layouts),
            possible=possible,
            exhaustive=exhaustive,
            trumps_out=unseen_trumps,
            weighted=any(abs(x - w[0]) > 1e-12 for x in w),
        )

    plain = averaged([1.0] * len(layouts))
    return (plain if weights is None else averaged(ws)), plain
