"""The principles of "Play better": what each one teaches, when it applies, the tile its rule
picks, and what each other tile gives up, in words tied to the principle.

A principle is checked, not assumed: a generated position is tagged with a principle only
when the principle's situation holds, its rule picks exactly one tile, and that tile is the
fair answer (:func:`engine.strategy.fair_answer`) by the margin of the course.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.game import PlayerView
from engine.play import legal_plays, trick_winner
from engine.players.facts import beaters, keep_value, seat_goal, unseen_trumps, walkers
from engine.sampling import PILE, Constraints
from engine.strategy import FairAnswer
from engine.tiles import Tile
from engine.trump import describe_suit
from engine.words import tricks_average

__all__ = ["PRINCIPLES", "Principle", "beaters", "counted_winners", "draw_branch", "mate_seat", "opponents_who_can_beat",
           "principle", "sure_reason", "trump_in_leads", "unseen_trumps", "walkers"]


def _legal(view: PlayerView) -> list[Tile]:
    assert view.trump is not None
    return legal_plays(view.hand, view.current_trick, view.trump)


def _outcome(fa: FairAnswer, tile: Tile, *, short: bool = False, plural: bool = False) -> str:
    """What ``tile`` gives the side's contract, in words when it is sure: "always makes the
    bid", "can never set the bid" (every layout solved), "makes the bid in every layout
    tried" (a sample), else "makes the bid in 92% of the layouts". ``short``: "it" for "the
    bid", and no "of the layouts"; ``plural``: the verb for "you" ("always make the bid"). A
    bid already made (or set) is said so: no tile changes it."""
    make = fa.goal == "make"
    if fa.need <= 0:
        return "the bid is made already" if make else "the bid is set already"
    bid = "it" if short else "the bid"
    verb = ("make" if make else "set") if plural else ("makes" if make else "sets")
    chance = fa.chance[tile]
    if chance >= 100.0:
        if fa.exhaustive:
            return f"always {verb} {bid}"
        return f"{verb} {bid} in every layout tried"
    if chance <= 0.0:
        if fa.exhaustive:
            return f"can never {'make' if make else 'set'} {bid}"
        return f"{verb} {bid} in none of the layouts tried"
    pct = f"{chance:.0f}"
    pct = "over 99" if pct == "100" else "under 1" if pct == "0" else pct
    return f"{verb} {bid} in {pct}%" + ("" if short else " of the layouts")


def _side_words(view: PlayerView, fa: FairAnswer) -> tuple[str, str, str]:
    """Who takes the side's tricks, by the number of players: ``("you", "take", "you
    have")`` alone, ``("your team", "takes", "it has")`` with a partner, ``("you and Seat 2
    together", "take", "you have")`` for the two defenders of three players (no partners,
    but they set the bid together)."""
    if len(fa.side) == 1:
        return "you", "take", "you have"
    if view.rules.players == 4:
        return "your team", "takes", "it has"
    other = next(s for s in fa.side if s != view.seat)
    return f"you and Seat {other} together", "take", "you have"


def _figures(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    """``tile``'s figures: the tricks the side takes from here on (the trick in progress and
    those after it; the tricks it has taken are said apart) and what that gives the bid, in
    the words of the table (:func:`_side_words`: "you" with no partner, never "your side")."""
    taken = sum(view.tricks_won[s] for s in fa.side)
    who, take, have = _side_words(view, fa)
    already = f" (besides the {taken} trick{'s' if taken != 1 else ''} {have} taken)" if taken else ""
    outcome = _outcome(fa, tile, plural=take == "take")
    joint = ", and " if fa.need <= 0 else " and "
    return f"With {tile} {who} {take} {_tricks(fa.tricks[tile])} on average from here on{already}{joint}{outcome}"


def _tricks(n: float) -> str:
    """An average of tricks in plain words (:func:`engine.words.tricks_average`): ``"2.1
    tricks"``, a whole one plainly (``"1 trick"``)."""
    return tricks_average(n)


def _against_best(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    """A worse tile's figures beside the best tile's (no final stop)."""
    if fa.need <= 0:  # the bid is settled: the tricks are all that differ
        return f"{_figures(view, fa, tile)}; {fa.best} gives {_tricks(fa.tricks[fa.best])}"
    return (f"{_figures(view, fa, tile)}; {fa.best} gives {_tricks(fa.tricks[fa.best])} and "
            f"{_outcome(fa, fa.best, short=True)}")


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
    #: the cases of the principle's rule (a position's case by its view), each given an equal
    #: share of the stage, so that no one simple rule answers every level
    branch: Callable[[PlayerView], str] | None = None
    #: positions only while the contract is open: the learner's side still needs tricks and
    #: can still get them, so the tile chosen matters for the bid, not only for the points
    open_contract: bool = False

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


def _top_trump(view: PlayerView) -> Tile:
    """The highest trump of the hand."""
    assert view.trump is not None
    tr = view.trump
    return max((t for t in view.hand if tr.is_trump(t)), key=lambda t: tr.power(t, tr.suit_led(t)))


def draw_branch(view: PlayerView) -> str:
    """Which case of drawing trumps a position is: ``"draw"`` when no trump the bidder has not
    seen can beat its top trump (leading it draws and keeps the lead), ``"hold"`` when one can
    (a trump lead may hand the lead to a defender holding it)."""
    return "hold" if beaters(view, _top_trump(view)) else "draw"


def _side_doubles(view: PlayerView) -> list[Tile]:
    """The doubles of the hand that are not trumps, highest first: each the top of its suit."""
    assert view.trump is not None
    return sorted((t for t in view.hand if t.is_double and not view.trump.is_trump(t)), key=lambda t: -t.pips)


def _draw_rule(view: PlayerView) -> Tile | None:
    """The top trump when no unseen trump beats it; else (a defender may hold a higher trump)
    no trump lead: the highest double of a side suit, if the hand has one."""
    if draw_branch(view) == "draw":
        return _top_trump(view)
    doubles = _side_doubles(view)
    return doubles[0] if doubles else None


def _draw_wrong(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    assert view.trump is not None
    out = unseen_trumps(view)
    higher = beaters(view, tile)
    if draw_branch(view) == "hold":
        of_suit = [t for t in higher if not view.trump.is_trump(t)]
        if view.trump.is_trump(tile):
            text = (f"{tile} is a trump, but {_names(higher)} can still beat it: a defender who holds "
                    f"{higher[0] if len(higher) == 1 else 'one'} wins the trick with it and takes the lead.")
        elif tile.is_double:
            text = (f"{tile} is the top of its suit too, but a lower double: keep it, it can take a trick of its "
                    "suit later.")
        elif of_suit:
            text = (f"{tile} is not the top of {describe_suit(view.trump.suit_led(tile))}: {_names(of_suit)} can "
                    "still beat it, and so can a trump: a defender who takes the trick has the lead.")
        else:
            text = f"{tile} can still be trumped, and a defender who trumps it has the lead."
    elif view.trump.is_trump(tile):
        if higher:
            text = (f"{tile} is a trump, but not your top one: {_names(higher)} can still beat it, "
                    "so leading it can hand the lead to a defender while your top trump waits.")
        else:
            text = f"{tile} is a trump too, but it spends a trump you need later without drawing more."
    else:
        text = (f"{tile} leaves {len(out)} trump{'s' if len(out) != 1 else ''} you have not seen in play: a "
                f"defender who cannot follow {describe_suit(view.trump.suit_led(tile))} can trump it.")
    return f"{text} {_against_best(view, fa, tile)}."


def _draw_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    assert view.trump is not None
    if draw_branch(view) == "hold":
        top = _top_trump(view)
        return (f"Not a trump this time: {_names(beaters(view, top))} can still beat your top trump, {top}, so a "
                f"trump lead can hand the lead to a defender. {tile} is the top of "
                f"{describe_suit(view.trump.suit_led(tile))}: lead it, and keep your trumps to trump in later. "
                f"{_figures(view, fa, tile)}.")
    return (f"{tile} is your top trump: leading it draws the defenders' trumps, so your other winners are "
            f"not trumped later. {_figures(view, fa, tile)}.")


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
    """What a tile other than the side-suit walker gives up. A tile that can be beaten names
    every unseen tile that beats it. A tile that cannot is a trump (the rule picks the one
    walker of a side suit), and then no trump is unseen at all (a side-suit walker has no
    unseen beater), so the side-suit walker is safe: the trump is the tile to keep, as it can
    also win a trick of a suit the hand lacks. Neither names the answer (the first wrong
    try's hint is this text without its figures)."""
    b = beaters(view, tile)
    if b:
        text = (f"{tile} can be beaten: {_names(b)} {'is' if len(b) == 1 else 'are'} not seen yet, so "
                "you may lose the lead before your sure trick is taken.")
    else:
        assert not unseen_trumps(view)
        text = (f"{tile} wins too, but a trump can also take a trick of a suit you hold none of: keep {tile} to "
                "win the lead back later. No trump you have not seen is left, so your sure trick of a side suit "
                "cannot be trumped: take that one now.")
    return f"{text} {_against_best(view, fa, tile)}."


def _cash_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    return f"{sure_reason(view, tile)} It is a sure trick, so take it now. {_figures(view, fa, tile)}."


def sure_reason(view: PlayerView, tile: Tile) -> str:
    """Why no unseen tile beats ``tile`` led now, where the learner can check it: every tile
    that could beat it is played, in the learner's hand, or the tile the learner laid aside
    (the bidder's discard, which the position's intro names).

    The tiles that beat a lead are those :func:`engine.play.trick_winner` lets take it, so a
    trump beats a side-suit tile."""
    assert view.trump is not None
    could = [u for u in view.rules.tiles if u != tile and trick_winner((tile, u), view.trump) == 1]
    if not could:
        return f"No tile can beat {tile}."
    played = view.played()
    held = [u for u in could if u in view.hand]
    aside = [u for u in could if u == view.discard]
    assert not [u for u in could if u not in played and u not in held and u not in aside], "an unseen beater"
    places = (["played"] if any(u in played for u in could) else []) + (
        [f"in your hand ({_names(held)})"] if held else []) + ([f"the tile you laid aside ({aside[0]})"] if aside else [])
    where = places[0] if len(places) == 1 else ", ".join(places[:-1]) + " or " + places[-1]
    return f"No tile you have not seen can beat {tile}: every tile that could is {where}."


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
    who = _side_words(view, fa)[0].removesuffix(" together")
    return (f"{tile} does not take this trick either, and it is worth more later: giving it up costs {who} "
            f"{_tricks(d)} on average. {_against_best(view, fa, tile)}.")


def _cheap_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    return (f"None of your tiles can take this trick, so give up the one you need least: {tile}. "
            f"{_figures(view, fa, tile)}.")


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
        who, take, _have = _side_words(view, fa)
        text = (f"{tile} takes the trick from {_mate(view)} (Seat {holder}), who already had it: {who} "
                f"{'wins' if take == 'takes' else 'win'} this trick either way, and you spend a tile that could "
                "take a trick of its own later.")
    else:
        text = (f"{tile} lets {_mate(view)} keep the trick too, but it ranks higher than the tile you need "
                "least: keep it, it may take a trick later.")
    return f"{text} {_against_best(view, fa, tile)}."


def _side_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    side = "your team" if view.rules.players == 4 else "the defenders"
    return (f"Seat {_holder(view)} is winning the trick for {side} and nobody against you plays after you: "
            f"leave it there and give up {tile}, the tile you need least. {_figures(view, fa, tile)}.")


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
    return f"{why} {_figures(view, fa, tile)}."


# -- counting what is out --------------------------------------------------------------------
def opponents_who_can_beat(view: PlayerView, tile: Tile) -> list[int]:
    """The seats against the learner's side that may still hold a tile beating ``tile`` if it
    were led now, by the count: the unseen tiles, less those a seat has shown it holds none of
    (a seat that did not follow a suit holds none of it)."""
    side = set(seat_goal(view).seats)
    cons = Constraints.from_view(view)
    beat = set(beaters(view, tile))
    seats = {h for t, ok in zip(cons.tiles, cons.allowed, strict=True) if t in beat for h in ok}
    return sorted(s for s in seats if s != PILE and s not in side)


def counted_winners(view: PlayerView) -> list[Tile]:
    """The tiles of the hand that an unseen tile could beat, yet no seat against the learner
    can: every tile that beats them is face down, with the learner's side, or in a suit its
    possible holders have shown they lack."""
    return [t for t in view.hand if beaters(view, t) and not opponents_who_can_beat(view, t)]


def _count_applies(view: PlayerView) -> bool:
    if view.current_trick:
        return False
    return bool(counted_winners(view)) and not walkers(view)


def _count_rule(view: PlayerView) -> Tile | None:
    won = counted_winners(view)
    return won[0] if len(won) == 1 and not walkers(view) else None


def _shown(view: PlayerView, tile: Tile) -> str:
    """Why no seat against the learner holds a tile beating ``tile``, in words."""
    assert view.trump is not None
    side = set(seat_goal(view).seats)
    voids = view.voids()
    beat = beaters(view, tile)
    shown: dict[str, list[int]] = {}
    for s in sorted(voids):
        lacks = sorted((x for x in voids[s] if any(view.trump.follows(b, x) for b in beat)), key=str)
        if s not in side and lacks:
            shown.setdefault(" and no ".join(describe_suit(x) for x in lacks), []).append(s)
    parts = [f"Seat {seats[0]} has shown it holds no {what}" if len(seats) == 1 else
             f"Seats {_names(seats)} have shown they hold no {what}" for what, seats in shown.items()]
    said = "; ".join(parts) if parts else "no seat against you can hold one"
    cons = Constraints.from_view(view)
    holders = {h for t, ok in zip(cons.tiles, cons.allowed, strict=True) if t in beat for h in ok}
    where = ["face down"] if PILE in holders else []
    if holders - {PILE}:
        where.append(f"with {_mate(view)}")
    return (f"{_names(beat)} could beat {tile}, but {said}, so {'it' if len(beat) == 1 else 'each'} can only be "
            f"{' or '.join(where)}")


def _count_wrong(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    seats = opponents_who_can_beat(view, tile)
    if seats:
        who = f"Seat {seats[0]}" if len(seats) == 1 else f"Seats {_names(seats)}"
        text = (f"{tile} can still be beaten: by the count, {who} may hold a tile that beats it, so you may "
                "lose the lead before your sure trick is taken.")
    else:
        text = f"{tile} wins too, but it leaves your other sure trick waiting, where it can still be trumped later."
    return f"{text} {_against_best(view, fa, tile)}."


def _count_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    return (f"{_shown(view, tile)}: {tile} is a sure trick by the count, so take it now. "
            f"{_figures(view, fa, tile)}.")


# -- keeping the tiles that matter later ------------------------------------------------------
def _keep_applies(view: PlayerView) -> bool:
    """None of the learner's tiles takes this trick, and the one a static ranking would throw
    (the least by :func:`keep_value`) is a sure trick later: no unseen tile beats it."""
    if not _cheap_applies(view):
        return False
    assert view.trump is not None
    tr = view.trump
    legal = sorted(_legal(view), key=lambda t: keep_value(t, tr))
    return not beaters(view, legal[0]) and any(beaters(view, t) for t in legal)


def _keep_rule(view: PlayerView) -> Tile | None:
    assert view.trump is not None
    tr = view.trump
    rest = sorted((t for t in _legal(view) if beaters(view, t)), key=lambda t: keep_value(t, tr))
    if not rest or (len(rest) >= 2 and keep_value(rest[0], tr) == keep_value(rest[1], tr)):
        return None
    return rest[0]


def _keep_wrong(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    assert view.trump is not None
    tr = view.trump
    if not beaters(view, tile):
        small = min(_legal(view), key=lambda t: keep_value(t, tr)) == tile
        text = (f"{tile} is a sure trick later{', however small it looks' if small else ''}: no tile you have not "
                "seen can beat it when you lead it. Giving it up now gives that trick away.")
    else:
        text = (f"{tile} does not take this trick either, and it ranks higher than the tile you need least: "
                "keep it, it may still take a trick later.")
    return f"{text} {_against_best(view, fa, tile)}."


def _keep_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    keep = [t for t in _legal(view) if not beaters(view, t)]
    one = len(keep) == 1
    others = len(_legal(view)) - len(keep)
    least = "the one that can still be beaten" if others == 1 else "the least of the tiles that can still be beaten"
    names = ", ".join(str(t) for t in keep[:-1]) + (" or " if len(keep) > 1 else "") + str(keep[-1])
    return (f"None of your tiles can take this trick. No tile you have not seen can beat {names}: "
            f"{'it is a sure trick' if one else 'they are sure tricks'} when you lead later, so keep "
            f"{'it' if one else 'them'} and give up {tile}, {least}. {_figures(view, fa, tile)}.")


# -- leading to the seat that can trump in ---------------------------------------------------------
def mate_seat(view: PlayerView) -> int | None:
    """The learner's partner (four players) or, with three, the other defender when the
    learner defends (``None`` for the bidder with three players)."""
    n = view.rules.players
    if n == 4:
        return (view.seat + 2) % 4
    side = seat_goal(view).seats
    if view.seat == view.bidder or len(side) < 2:
        return None
    return next(s for s in side if s != view.seat)


def _mate_may_trump(view: PlayerView, mate: int) -> bool:
    """True when a trump the learner has not seen may be in ``mate``'s hand."""
    assert view.trump is not None
    cons = Constraints.from_view(view)
    return any(view.trump.is_trump(t) and mate in ok for t, ok in zip(cons.tiles, cons.allowed, strict=True))


def trump_in_leads(view: PlayerView) -> list[Tile]:
    """The learner's side-suit tiles (not trumps) of the suits its partner, or the other
    defender, has shown it lacks (it did not follow them), while that seat may still hold a
    trump: led, that seat can trump them in."""
    assert view.trump is not None
    mate = mate_seat(view)
    if mate is None or view.trump.kind == "none" or not _mate_may_trump(view, mate):
        return []
    lacks = view.voids().get(mate, frozenset())
    tr = view.trump
    return [t for t in view.hand if not tr.is_trump(t) and tr.suit_led(t) in lacks]


def _through_applies(view: PlayerView) -> bool:
    """Three players: a defender on lead, the bidder next and the other defender last, and
    the learner holds a tile of a suit the other defender lacks while it may still trump."""
    if view.current_trick or view.rules.players != 3 or view.bidder is None:
        return False
    return (seat_goal(view).goal == "set" and (view.seat + 1) % 3 == view.bidder
            and bool(trump_in_leads(view)))


def _partner_lead_applies(view: PlayerView) -> bool:
    """Four players, on lead, holding a tile of a suit the partner lacks while the partner may
    still trump."""
    if view.current_trick or view.rules.players != 4:
        return False
    return bool(trump_in_leads(view))


def _trump_in_rule(view: PlayerView) -> Tile | None:
    """The least of the tiles the other seat of the learner's side can trump in."""
    assert view.trump is not None
    tr = view.trump
    cands = sorted(trump_in_leads(view), key=lambda t: keep_value(t, tr))
    if not cands or (len(cands) >= 2 and keep_value(cands[0], tr) == keep_value(cands[1], tr)):
        return None
    return cands[0]


def _lacks_text(view: PlayerView, tile: Tile) -> str:
    assert view.trump is not None
    return describe_suit(view.trump.suit_led(tile))


def _trump_in_wrong(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    assert view.trump is not None
    tr = view.trump
    mate = mate_seat(view)
    who = _mate(view)
    pick = _trump_in_rule(view)
    if tile in trump_in_leads(view):
        text = (f"{tile} leads {_lacks_text(view, tile)}, which {who} lacks too, but it spends a tile worth more "
                f"than {pick}: {who} trumps either, so keep the better tile.")
    elif tr.is_trump(tile):
        text = (f"{tile} leads trumps: it pulls a trump from {who} (Seat {mate}), the trump it could have "
                "used to take a trick of a suit it lacks.")
    else:
        suit = _lacks_text(view, tile)
        text = (f"{tile} leads {suit}: {who} (Seat {mate}) has not shown it lacks {suit}, so it may have to "
                "follow suit instead of trumping in")
        text += (" over the bidder." if view.rules.players == 3 else
                 ", and the trick goes to whoever holds the top of the suit.")
    return f"{text} {_against_best(view, fa, tile)}."


def _through_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    mate = mate_seat(view)
    suit = _lacks_text(view, tile)
    return (f"The bidder, Seat {view.bidder}, plays right after you and the other defender, Seat {mate}, last. "
            f"Seat {mate} has shown it holds no {suit} and may still hold a trump: lead {tile} through the "
            f"bidder, who must play first, and Seat {mate} can trump in over it. {_figures(view, fa, tile)}.")


def _partner_lead_right(view: PlayerView, fa: FairAnswer, tile: Tile) -> str:
    mate = mate_seat(view)
    suit = _lacks_text(view, tile)
    return (f"Your partner, Seat {mate}, has shown it holds no {suit} and may still hold a trump: lead {tile} "
            f"to your partner, who can trump in and take the trick for your team. {_figures(view, fa, tile)}.")


def _is_trump(view: PlayerView, tile: Tile) -> bool:
    assert view.trump is not None
    return view.trump.is_trump(tile)


def _is_double(view: PlayerView, tile: Tile) -> bool:
    return tile.is_double


def _names(tiles: Sequence[object]) -> str:
    s = [str(t) for t in tiles]
    return s[0] if len(s) == 1 else ", ".join(s[:-1]) + " and " + s[-1]


PRINCIPLES: tuple[Principle, ...] = (
    Principle(
        id="draw-trumps",
        title="Drawing trumps",
        summary=(
            "As the bidder, draw the defenders' trumps before you play your other winners: every trump they "
            "play to your trump leads is one they cannot use to trump your doubles and high tiles. Example: "
            "fours are trump and you hold 4-4, 4-2 and 3-3; while a defender still holds a four, 3-3 can be "
            "trumped, so draw the trumps first, and 3-3 can then take its trick. Draw with a trump that wins: "
            "if a trump you have not seen can beat the trump you lead, the defender who holds it takes the "
            "trick and the lead. When a trump you have not seen can beat every trump you hold, lead the "
            "highest double of another suit instead (the top of its suit), and keep your trumps to trump in "
            "later."
        ),
        question="{role}, and you lead. Which tile do you lead?",
        hint="Count the trumps you have not seen. Can one of them beat your top trump? What happens to your "
             "winners if a defender still holds one?",
        applies=_draw_applies, rule=_draw_rule, wrong=_draw_wrong, right=_draw_right, named=_is_trump,
        branch=draw_branch, open_contract=True,
    ),
    Principle(
        id="cash-walkers",
        title="Cashing sure tricks",
        summary=(
            "A walker is a tile nobody can beat: the double of a suit, or the top tile left in it, once the "
            "trumps that could ruff it are gone. Take those tricks while you have the lead. Example: blanks "
            "are trump and every blank is played; with 2-2 in your hand, no tile can beat it when you lead it."
        ),
        question="{role}, and you lead. Which tile do you lead?",
        hint="Which of your tiles can no unseen tile beat?",
        applies=_cash_applies, rule=_cash_rule, wrong=_cash_wrong, right=_cash_right, min_tiles=3,
        named=_is_double, open_contract=True,
    ),
    Principle(
        id="give-up-cheaply",
        title="Giving up a trick cheaply",
        summary=(
            "When none of your tiles can take the trick, play the one you need least and keep the tiles that "
            "can win later. Example: sixes are trump, 6-6 is led and you hold no six but 5-5 and 2-1: throw "
            "2-1 and keep 5-5, which can still take a trick of fives."
        ),
        question="{role}; none of your tiles can take this trick. Which tile do you play?",
        hint="Which of your tiles could still take a trick later, and which never will?",
        applies=_cheap_applies, rule=_cheap_rule, wrong=_cheap_wrong, right=_cheap_right,
    ),
    Principle(
        id="defend-together",
        title="Defending together (3 players)",
        summary=(
            "With three players the two defenders set the bid together: a trick the other defender wins "
            "counts against the bidder as much as your own. When the other defender is winning the trick "
            "and the bidder has already played, do not overtake: keep your winners for the tricks the two of you "
            "still need. Example: fives are trump, the bidder leads 6-2, the other defender plays 6-3 and "
            "you play last with 6-6 and 6-1 in your hand: 6-3 already wins, so play 6-1 and keep 6-6."
        ),
        question="{role}; the other defender is winning this trick. Which tile do you play?",
        hint="Who is winning the trick now, and who still plays after you?",
        applies=_side_applies, rule=_side_rule, wrong=_side_wrong, right=_side_right, players=(3,),
    ),
    Principle(
        id="partners",
        title="Partners (4 players)",
        summary=(
            "With four players your partner's tricks are your tricks. When your partner is winning the "
            "trick and nobody against you plays after you, do not overtake: play the tile you need least and "
            "keep your winners for tricks your team could lose. Example: fours are trump, your partner's "
            "5-5 is winning a trick of fives and you play last with 5-3 and 4-4: play 5-3 and keep your "
            "trump."
        ),
        question="{role}; your partner is winning this trick. Which tile do you play?",
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
        question="{role}, and you lead. Which tile do you lead?",
        hint="Which tiles are trumps in this hand, and which of your tiles can no unseen tile beat?",
        applies=_kind_applies, rule=_cash_rule, wrong=_cash_wrong, right=_kind_right, min_tiles=3,
        named=_is_double, trumps=("none", "doubles"),
    ),
    Principle(
        id="count-out",
        title="Counting what is out",
        summary=(
            "Count the tiles played, and note who could not follow suit: a seat that did not follow a suit "
            "holds none of it. A tile that some tile you have not seen could beat is still a sure trick when "
            "no seat against you can hold such a tile: each one is face down, with your own side, or of a "
            "suit every seat against you has shown it lacks. Example: fours are trump and, on a lead of 4-4, "
            "every seat against you played a tile without a four, so none of them holds a trump: your 2-2 "
            "cannot be trumped, even with 4-2 not seen yet."
        ),
        question="{role}, and you lead. Which tile do you lead?",
        hint="Who has shown, by not following suit, that they hold none of a suit? Which of your tiles can no "
             "seat against you beat?",
        applies=_count_applies, rule=_count_rule, wrong=_count_wrong, right=_count_right, min_tiles=3,
        named=_is_double,
    ),
    Principle(
        id="keep-later",
        title="Keeping the tiles that matter later",
        summary=(
            "When none of your tiles can take the trick, the tile to give up is not always the one that looks "
            "smallest: count what is played. A small tile that no tile you have not seen can beat is a sure "
            "trick when you lead it later; keep it, and give up the least of the tiles that can still be "
            "beaten. Example: sixes are trump and every six is played, and so are 5-5, 5-4 and 5-3: your 5-2 "
            "is now the top five, a sure trick, though it looks smaller than your 4-3, which 4-4 can still "
            "beat. Give up 4-3 and keep 5-2."
        ),
        question="{role}; none of your tiles can take this trick. Which tile do you give up?",
        hint="Count what is played: which of your tiles can no unseen tile beat any more, however small it looks?",
        applies=_keep_applies, rule=_keep_rule, wrong=_keep_wrong, right=_keep_right, min_tiles=3,
    ),
    Principle(
        id="lead-through",
        title="Leading through the bidder (3 players)",
        summary=(
            "With three players the seat that plays last to a trick sees the two tiles before it. When you "
            "defend and lead with the bidder to play right after you, the other defender plays last, over the "
            "bidder. Watch what the other defender could not follow: a suit it has shown it holds none of, "
            "while it may still hold a trump, is the suit to lead through the bidder. The bidder must play "
            "first, and the other defender then trumps in over the bidder's tile. Lead the least tile of that "
            "suit. When the bidder plays last the same lead goes up to the bidder, who can trump over the "
            "other defender. Example: fives are trump, the other defender played 5-2 on a lead of 3-3, and you "
            "lead with 3-1 in your hand and the bidder next: lead 3-1 through the bidder."
        ),
        question="You defend, and you lead; the bidder plays right after you. Which tile do you lead?",
        hint="Who plays after the bidder? Which suit has that seat shown, by not following, that it holds none of?",
        applies=_through_applies, rule=_trump_in_rule, wrong=_trump_in_wrong, right=_through_right, min_tiles=3,
        players=(3,),
    ),
    Principle(
        id="lead-to-partner",
        title="Leading to your partner (4 players)",
        summary=(
            "With four players your partner plays third to your lead. Watch what your partner could not "
            "follow: a partner who has shown it holds none of a suit, and may still hold a trump, can trump a "
            "lead of that suit and take the trick for your team. Lead your least tile of that suit to your "
            "partner rather than a tile the opponents can take. Example: sixes are trump, your partner played "
            "6-0 on a lead of 4-4, and you lead with 4-1 in your hand: lead 4-1 to your partner, who can trump "
            "it."
        ),
        question="You lead, and your partner plays third. Which tile do you lead?",
        hint="Which suit has your partner shown, by not following, that it holds none of? Can it still trump?",
        applies=_partner_lead_applies, rule=_trump_in_rule, wrong=_trump_in_wrong, right=_partner_lead_right,
        min_tiles=3, players=(4,),
    ),
)


def principle(pid: str) -> Principle:
    """The principle with id ``pid`` (``KeyError`` if none)."""
    for p in PRINCIPLES:
        if p.id == pid:
            return p
    raise KeyError(pid)
