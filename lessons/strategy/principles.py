"""The principles of "Play better": what each one teaches, when it applies, the tile its rule
picks, and what each other tile gives up, in words tied to the principle.

A principle is checked, not assumed: a generated position is tagged with a principle only
when the principle's situation holds, its rule picks exactly one tile, and that tile is the
fair answer (:func:`engine.strategy.fair_answer`) by the margin of the course.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.game import PlayerView
from engine.play import legal_plays, trick_winner
from engine.players.facts import keep_value, seat_goal
from engine.strategy import FairAnswer
from engine.tiles import Tile
from engine.trump import describe_suit

__all__ = ["PRINCIPLES", "Principle", "beaters", "principle", "unseen_trumps", "walkers"]


def unseen_trumps(view: PlayerView) -> list[Tile]:
    """The trumps the seat has not seen (in other hands, or face down)."""
    assert view.trump is not None
    return sorted(t for t in view.unseen() if view.trump.is_trump(t))


def beaters(view: PlayerView, tile: Tile) -> list[Tile]:
    """The unseen tiles that would beat ``tile`` if it were led now."""
    assert view.trump is not None
    return sorted(u for u in view.unseen() if trick_winner((tile, u), view.trump) == 1)


def walkers(view: PlayerView) -> list[Tile]:
    """The tiles of the hand that no unseen tile can beat when led."""
    return [t for t in view.hand if not beaters(view, t)]


def _legal(view: PlayerView) -> list[Tile]:
    assert view.trump is not None
    return legal_plays(view.hand, view.current_trick, view.trump)


def _figures(fa: FairAnswer, tile: Tile) -> str:
    goal = "makes the bid" if fa.goal == "make" else "sets the bid"
    return (f"With {tile} your side takes {fa.tricks[tile]:.2f} tricks on average and {goal} in "
            f"{fa.chance[tile]:.0f}% of the layouts")


@dataclass(frozen=True)
class Principle:
    """One stage of Play better. ``applies(view)`` says whether a decision is this principle's
    kind of decision; ``rule(view)`` is the tile the principle picks (``None`` when it picks no
    single tile); ``wrong(view, fa, tile)`` says what another tile gives up."""

    id: str
    title: str
    summary: str
    question: str
    hint: str
    applies: Callable[[PlayerView], bool]
    rule: Callable[[PlayerView], Tile | None]
    wrong: Callable[[PlayerView, FairAnswer, Tile], str]
    right: Callable[[PlayerView, FairAnswer, Tile], str]
    #: the fewest tiles in the learner's hand at the decision
    min_tiles: int = 4
    #: the class of tiles the principle names (trumps, doubles), if any: an answer in that
    #: class is never the only tile of it in the hand, or the class alone would give it away
    named: Callable[[PlayerView, Tile], bool] | None = None
    #: the numbers of players whose deals the principle is taught with
    players: tuple[int, ...] = (3, 4)
    #: the trump kinds the generating deals are played with ("doubles", "none"), named by the
    #: generator for the bidder (the basic players never name them); empty: the bidder's choice
    trumps: tuple[str, ...] = ()

    def gives_away(self, view: PlayerView, tile: Tile) -> bool:
        """True when ``tile`` is the only tile of the hand in the class the principle names."""
        named = self.named
        if named is None or not named(view, tile):
            return False
        return sum(1 for t in view.hand if named(view, t)) == 1


# -- drawing trumps ---------------------------------------------------------------------------
def _draw_applies(view: PlayerView) -> bool:
    assert view.trump is not None
    # Two trumps at least: the question is which to lead (from the top), so the only trump in
    # a hand, marked as one, is never the answer by elimination.
    return (not view.current_trick and seat_goal(view).goal == "make"
            and sum(1 for t in view.hand if view.trump.is_trump(t)) >= 2 and bool(unseen_trumps(view)))


def _draw_rule(view: PlayerView) -> Tile | None:
    assert view.trump is not None
    trumps = [t for t in view.hand if view.trump.is_trump(t)]
    return max(trumps, key=lambda t: view.trump.power(t, view.trump.suit_led(t))) if trumps else None  # type: ignore[union-attr]


def _draw_wrong(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    assert view.trump is not None
    out = unseen_trumps(view)
    if view.trump.is_trump(tile):
        higher = beaters(view, tile)
        if higher:
            text = (f"{tile} is a trump, but not your top one: {_names(higher)} can still beat it, "
                    "so leading it can hand the lead to a defender while your top trump waits.")
        else:
            text = f"{tile} is a trump too, but it spends a trump you need later without drawing more."
    else:
        text = (f"{tile} leaves {len(out)} trump{'s' if len(out) != 1 else ''} you have not seen in play: a "
                f"defender who cannot follow {describe_suit(view.trump.suit_led(tile))} can trump it.")
    return f"{text} {_figures(fa, tile)}; {fa.best} gives {fa.tricks[fa.best]:.2f} and {fa.chance[fa.best]:.0f}%."


def _draw_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    return (f"{tile} is your top trump: leading it draws the defenders' trumps, so your other winners are "
            f"not trumped later. {_figures(fa, tile)}.")


# -- cashing walkers ----------------------------------------------------------------------------
def _cash_applies(view: PlayerView) -> bool:
    assert view.trump is not None
    if view.current_trick:
        return False
    w = walkers(view)
    return any(not view.trump.is_trump(t) for t in w) and len(w) < len(view.hand)


def _cash_rule(view: PlayerView) -> Tile | None:
    assert view.trump is not None
    side = [t for t in walkers(view) if not view.trump.is_trump(t)]
    return side[0] if len(side) == 1 else None


def _cash_wrong(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    b = beaters(view, tile)
    if b:
        text = (f"{tile} can be beaten: {_names(b[-3:])} {'is' if len(b) == 1 else 'are'} not seen yet, so "
                "you may lose the lead before your sure trick is taken.")
    else:
        text = f"{tile} wins too, but it keeps the side-suit winner waiting, where it can still be trumped later."
    return f"{text} {_figures(fa, tile)}; {fa.best} gives {fa.tricks[fa.best]:.2f} and {fa.chance[fa.best]:.0f}%."


def _cash_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    return (f"No tile you have not seen can beat {tile}: it is a sure trick, so take it now. "
            f"{_figures(fa, tile)}.")


# -- giving up a trick cheaply --------------------------------------------------------------------
def _cheap_applies(view: PlayerView) -> bool:
    assert view.trump is not None
    trick = view.current_trick
    if not trick:
        return False
    legal = _legal(view)
    return len(legal) >= 2 and not any(_takes(view, t) for t in legal)


def _takes(view: PlayerView, tile: Tile) -> bool:
    assert view.trump is not None
    after = (*view.current_trick, tile)
    return trick_winner(after, view.trump) == len(after) - 1


def _cheap_rule(view: PlayerView) -> Tile | None:
    assert view.trump is not None
    tr = view.trump
    legal = _legal(view)
    ranked = sorted(legal, key=lambda t: keep_value(t, tr))
    if len(ranked) >= 2 and keep_value(ranked[0], tr) == keep_value(ranked[1], tr):
        return None
    return ranked[0]


def _cheap_wrong(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    d = fa.tricks[fa.best] - fa.tricks[tile]
    return (f"{tile} does not take this trick either, and it is worth more later: giving it up costs your side "
            f"{d:.2f} tricks on average. {_figures(fa, tile)}; {fa.best} gives {fa.tricks[fa.best]:.2f} and "
            f"{fa.chance[fa.best]:.0f}%.")


def _cheap_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    return (f"None of your tiles can take this trick, so give up the one you need least: {tile}. "
            f"{_figures(fa, tile)}.")


# -- not overtaking your own side ----------------------------------------------------------------
def _holder(view: PlayerView) -> int:
    """The seat winning the trick in progress so far."""
    assert view.trump is not None and view.leader is not None
    return (view.leader + trick_winner(view.current_trick, view.trump)) % view.rules.players


def _still_to_play(view: PlayerView) -> list[int]:
    """The seats that play to this trick after the seat to act."""
    assert view.leader is not None
    n = view.rules.players
    return [(view.seat + k) % n for k in range(1, n - len(view.current_trick))]


def _side_applies(view: PlayerView) -> bool:
    """Another seat of the learner's side is winning the trick, no opponent plays after the
    learner, and the learner could both overtake and not overtake."""
    if not view.current_trick:
        return False
    side = set(seat_goal(view).seats)
    holder = _holder(view)
    if holder == view.seat or holder not in side or any(s not in side for s in _still_to_play(view)):
        return False
    legal = _legal(view)
    return any(_takes(view, t) for t in legal) and not all(_takes(view, t) for t in legal)


def _side_rule(view: PlayerView) -> Tile | None:
    assert view.trump is not None
    tr = view.trump
    under = sorted((t for t in _legal(view) if not _takes(view, t)), key=lambda t: keep_value(t, tr))
    if not under or (len(under) >= 2 and keep_value(under[0], tr) == keep_value(under[1], tr)):
        return None
    return under[0]


def _mate(view: PlayerView) -> str:
    return "your partner" if view.rules.players == 4 else "the other defender"


def _side_wrong(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    holder = _holder(view)
    if _takes(view, tile):
        text = (f"{tile} takes the trick from {_mate(view)} (seat {holder}), who already had it: your side wins "
                "this trick either way, and you spend a tile that could take a trick of its own later.")
    else:
        text = (f"{tile} lets {_mate(view)} keep the trick too, but it ranks higher than the tile you need "
                "least: keep it, it may take a trick later.")
    return f"{text} {_figures(fa, tile)}; {fa.best} gives {fa.tricks[fa.best]:.2f} and {fa.chance[fa.best]:.0f}%."


def _side_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    return (f"Seat {_holder(view)} is winning the trick for your side and nobody against you plays after you: "
            f"leave it there and give up {tile}, the tile you need least. {_figures(fa, tile)}.")


# -- no trump and doubles as trump --------------------------------------------------------------
def _kind_applies(view: PlayerView) -> bool:
    assert view.trump is not None
    return view.trump.kind != "number" and _cash_applies(view)


def _kind_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    assert view.trump is not None
    if view.trump.kind == "none":
        why = (f"With no trump nothing can be trumped, and no tile you have not seen can beat {tile} in its "
               "suit: it is a sure trick, so take it now.")
    else:
        why = (f"With doubles as trump the top of a suit is its highest non-double, and no tile you have not "
               f"seen can beat {tile}: it is a sure trick, so take it now.")
    return f"{why} {_figures(fa, tile)}."


def _is_trump(view: PlayerView, tile: Tile) -> bool:
    assert view.trump is not None
    return view.trump.is_trump(tile)


def _is_double(view: PlayerView, tile: Tile) -> bool:
    return tile.is_double


def _names(tiles: list[Tile]) -> str:
    s = [str(t) for t in tiles]
    return s[0] if len(s) == 1 else ", ".join(s[:-1]) + " and " + s[-1]


PRINCIPLES: tuple[Principle, ...] = (
    Principle(
        id="draw-trumps",
        title="Drawing trumps",
        summary=(
            "As the bidder, lead your trumps from the top before your other winners: every trump you draw "
            "is one a defender cannot use to trump your doubles and high tiles. Example: fours are trump, "
            "you hold 4-4 4-2 and 3-3; leading 4-4 first pulls a trump from each defender who has one, and "
            "3-3 can then take its trick."
        ),
        question="You are seat {seat}, on the bidder's side, and you lead. Which tile do you lead?",
        hint="Count the trumps you have not seen. What happens to your winners if a defender still holds one?",
        applies=_draw_applies, rule=_draw_rule, wrong=_draw_wrong, right=_draw_right, named=_is_trump,
    ),
    Principle(
        id="cash-walkers",
        title="Cashing sure tricks",
        summary=(
            "A walker is a tile nobody can beat: the double of a suit, or the top tile left in it, once the "
            "trumps that could ruff it are gone. Take those tricks while you have the lead. Example: blanks "
            "are trump and every blank is played; with 2-2 in your hand, no tile can beat it when you lead it."
        ),
        question="You are seat {seat} and you lead. Which tile do you lead?",
        hint="Which of your tiles can no unseen tile beat?",
        applies=_cash_applies, rule=_cash_rule, wrong=_cash_wrong, right=_cash_right, min_tiles=3,
        named=_is_double,
    ),
    Principle(
        id="give-up-cheaply",
        title="Giving up a trick cheaply",
        summary=(
            "When none of your tiles can take the trick, play the one you need least and keep the tiles that "
            "can win later. Example: sixes are trump, 6-6 is led and you hold no six but 5-5 and 2-0: throw "
            "2-0 and keep 5-5, which can still take a trick of fives."
        ),
        question="You are seat {seat}; none of your tiles can take this trick. Which tile do you play?",
        hint="Which of your tiles could still take a trick later, and which never will?",
        applies=_cheap_applies, rule=_cheap_rule, wrong=_cheap_wrong, right=_cheap_right,
    ),
    Principle(
        id="defend-together",
        title="Defending together (3 players)",
        summary=(
            "With three players the two defenders set the bid together: a trick the other defender wins "
            "counts against the bidder as much as your own. When the other defender is winning the trick "
            "and the bidder has already played, do not overtake: keep your winners for the tricks your side "
            "still needs. Example: fives are trump, the bidder leads 6-2, the other defender plays 6-3 and "
            "you play last with 6-6 and 6-1 in your hand: 6-3 already wins, so play 6-1 and keep 6-6."
        ),
        question="You are seat {seat}, a defender, and the other defender is winning this trick. Which tile do you play?",
        hint="Who is winning the trick now, and who still plays after you?",
        applies=_side_applies, rule=_side_rule, wrong=_side_wrong, right=_side_right, players=(3,),
    ),
    Principle(
        id="partners",
        title="Partners (4 players)",
        summary=(
            "With four players your partner's tricks are your tricks. When your partner is winning the "
            "trick and nobody against you plays after you, do not overtake: play the tile you need least and "
            "keep your winners for tricks your side could lose. Example: fours are trump, your partner's "
            "5-5 is winning a trick of fives and you play last with 5-3 and 4-4: play 5-3 and keep your "
            "trump."
        ),
        question="You are seat {seat}; your partner is winning this trick. Which tile do you play?",
        hint="Who is winning the trick now, and does anyone against you still play after you?",
        applies=_side_applies, rule=_side_rule, wrong=_side_wrong, right=_side_right, players=(4,),
    ),
    Principle(
        id="no-trump-doubles",
        title="No trump and doubles as trump",
        summary=(
            "When the bidder names no trump (\"follow me\"), the suit led wins and nothing can be trumped: "
            "once the higher tiles of a suit are out, your top tile in it is a sure trick. When doubles are "
            "trump, every double is a trump and leaves its suit, so the top of a suit is its highest "
            "non-double. Count what is out and cash those tricks while you have the lead. Example: doubles "
            "are trump; 6-5 is the top of the sixes and of the fives, yet a double you have not seen can "
            "still trump it."
        ),
        question="You are seat {seat} and you lead. Which tile do you lead?",
        hint="Which tiles are trumps in this hand, and which of your tiles can no unseen tile beat?",
        applies=_kind_applies, rule=_cash_rule, wrong=_cash_wrong, right=_kind_right, min_tiles=3,
        named=_is_double, trumps=("none", "doubles"),
    ),
)


def principle(pid: str) -> Principle:
    """The principle with id ``pid`` (``KeyError`` if none)."""
    for p in PRINCIPLES:
        if p.id == pid:
            return p
    raise KeyError(pid)
