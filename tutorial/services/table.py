"""What the Play table shows, in words (no Streamlit): where each seat sits, the tricks each
side has taken and still needs, and the feed of the computer's moves.

>>> from engine import Game, RuleSet
>>> seats_around(0, 3)
{'bottom': 0, 'left': 1, 'right': 2}
>>> seats_around(1, 4)
{'bottom': 1, 'left': 2, 'top': 3, 'right': 0}
>>> tricks_line(taken=3, bid=5, name="You", bidding=True)
'You: 3 of 5 — 2 more to make your bid'
>>> tricks_line(taken=5, bid=5, name="Seat 1", bidding=True)
'Seat 1: 5 of 5 — bid made'
>>> tricks_line(taken=2, bid=None, name="Seat 2", bidding=False)
'Seat 2: 2 tricks'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import Action, PlayerView, tricks_needed
from tutorial.services import describe as words

if TYPE_CHECKING:
    from tutorial.services.players import Choice

__all__ = ["FeedLine", "auction_lines", "bid_is_set", "feed_lines", "moon_note", "moon_silenced", "reason_of",
           "seats_around", "side_tricks", "trick_badges", "tricks_line"]


def seats_around(you: int, players: int) -> dict[str, int]:
    """Where each seat sits seen from ``you`` at the bottom: play goes clockwise, so the next
    seat is on your left; with four players your partner sits opposite (at the top)."""
    if players == 4:
        return {"bottom": you, "left": (you + 1) % 4, "top": (you + 2) % 4, "right": (you + 3) % 4}
    return {"bottom": you, "left": (you + 1) % 3, "right": (you + 2) % 3}


def trick_badges(place: int, best: int, *, done: bool, leads_next: bool, you: bool) -> list[tuple[str, str]]:
    """The badges beside a seat's name in the trick area, as (kind, words): ``"led"`` for the
    tile at ``place`` 0, and for the tile winning (``best``) ``"winning"`` while the trick is
    played, ``"took it"`` once it is ``done``, said with who leads next in the same badge
    (``leads_next``: the hand goes on), so a seat that led and took a trick carries two badges,
    never "led", "took it" and "lead" side by side.

    >>> trick_badges(0, 0, done=True, leads_next=True, you=True)
    [('led', 'led'), ('best', 'took it, lead next')]
    >>> trick_badges(2, 2, done=True, leads_next=True, you=False)
    [('best', 'took it, leads next')]
    >>> trick_badges(1, 2, done=False, leads_next=False, you=False), trick_badges(1, 1, done=False, leads_next=False, you=False)
    ([], [('best', 'winning')])
    """
    out = [("led", "led")] if place == 0 else []
    if place == best:
        if not done:
            out.append(("best", "winning"))
        else:
            out.append(("best", f"took it, {'lead' if you else 'leads'} next" if leads_next else "took it"))
    return out


def auction_lines(view: PlayerView, you: int) -> list[str]:
    """The auction as the table shows it while it lasts and until the first lead: who bids
    first this hand (Rules §4.1: drawn for the first hand, then one seat on each hand; the
    rules name no dealer), the calls so far in order (none before the first), and after a 21 that closes the auction
    (Rules §4.5, unless the house rule lets others shoot over it, §9.9) the seats that
    never call, with the reason.

    >>> from engine import Game, RuleSet
    >>> g = Game.new(RuleSet(), 4)
    >>> g.first_bidder
    2
    >>> auction_lines(g.view(0), 0)
    ['Seat 2 bids first']
    >>> g.apply("bid 4"); g.apply("bid 21")
    >>> auction_lines(g.view(0), 0)
    ['Seat 2 bid first', 'Seat 2: 4, You (Seat 0): 21 (moon)', 'Seat 1 does not bid: a 21 ends the bidding']
    """
    n = view.rules.players
    first = words.seat_name(view.first_bidder, you, n)
    verb = ("bid" if first == "You" else "bids") if view.phase == "bidding" and len(view.bids) < n else "bid"
    lines = [f"{first} {verb} first"]
    if view.bids:
        lines.append(", ".join(f"{words.seat_label(s, you, n)}: {words.bid_label(b)}" for s, b in view.bids))
    left = moon_silenced(view, you)
    if left:
        lines.append(f"{' and '.join(left)} {_do_not_bid(left)}: a 21 ends the bidding")
    return lines


def _do_not_bid(names: list[str]) -> str:
    return "does not bid" if len(names) == 1 and names[0] != "You" else "do not bid"


def moon_silenced(view: PlayerView, you: int) -> list[str]:
    """The seats (as :func:`describe.seat_name` says them, in the auction's order) that never
    call this hand because a 21 closed the auction before their turn (Rules §4.5); none when
    the house rule lets others shoot over a moon (§9.9), or no 21 was bid."""
    if not view.bids or view.bids[-1][1] != 21 or view.rules.moon_overcall:
        return []
    n = view.rules.players
    called = {s for s, _ in view.bids}
    return [words.seat_name((view.first_bidder + k) % n, you, n) for k in range(n)
            if (view.first_bidder + k) % n not in called]


def moon_note(view: PlayerView, you: int) -> str | None:
    """After a 21 that closed the auction (Rules §4.5), who shot the moon and who never bids
    because of it, said once the bidding is over (the table's trick 1 and the feed say it, as
    the learner's turn to bid never comes); ``None`` when every seat called (the 21 was the
    last call, or the house rule of §9.9 let the others bid on).

    >>> from engine import Game, RuleSet
    >>> g = Game.new(RuleSet(), 3)
    >>> g.first_bidder
    0
    >>> g.apply("bid 21")
    >>> moon_note(g.view(1), 1)
    'Seat 0 shot the moon: a 21 ends the bidding, so you and Seat 2 do not bid this hand.'
    >>> moon_note(g.view(2), 2)
    'Seat 0 shot the moon: a 21 ends the bidding, so Seat 1 and you do not bid this hand.'
    >>> g = Game.new(RuleSet(players=4), 1)
    >>> g.apply("bid 4"); g.apply("bid 5"); g.apply("bid 21")
    >>> moon_note(g.view(3), 3)
    'Seat 2 shot the moon: a 21 ends the bidding, so you do not bid this hand.'
    >>> moon_note(g.view(2), 2)
    'You shot the moon: a 21 ends the bidding, so Seat 3 does not bid this hand.'
    >>> moon_note(g.view(1), 1)
    'Seat 2 shot the moon: a 21 ends the bidding, so Seat 3 (partner) does not bid this hand.'
    >>> g = Game.new(RuleSet(moon_overcall=True), 3)
    >>> g.apply("bid 21")
    >>> moon_note(g.view(0), 0) is None
    True
    """
    left = moon_silenced(view, you)
    if not left:
        return None
    n = view.rules.players
    mooner = words.seat_name(view.bids[-1][0], you, n)
    names = " and ".join("you" if name == "You" else name for name in left)
    return f"{mooner} shot the moon: a 21 ends the bidding, so {names} {_do_not_bid(left)} this hand."


def tricks_line(*, taken: int, bid: int | None, name: str, bidding: bool, over: bool = False,
                left: int | None = None, bid_set: bool = False, partner_bid: bool = False) -> str:
    """One side's tricks: ``"You: 3 of 5 — 2 more to make your bid"`` for the bidding side
    (``"bid made"`` as soon as it has the tricks it needs, ``"bid set"`` as soon as the
    ``left`` tricks still to play cannot bring them, or when the hand is ``over``),
    ``"Seat 2: 2 tricks"`` for the others. The bid's outcome is said on the bidding side only;
    a defending side that set it (``bid_set``: pass it for the one defending side, the team
    with four players; with three the two defenders share the set, so neither is tagged)
    says so as a result, not a goal: ``"— they set the bid"`` (``"— you set the bid"`` for the
    learner's side), from then to the end of the hand. With four players, when the learner's
    partner bid (``partner_bid``), the bid is theirs: ``"your partner's bid"``.

    >>> tricks_line(taken=3, bid=4, name="You", bidding=True, over=True)
    'You: 3 of 4 — bid set'
    >>> tricks_line(taken=3, bid=6, name="You", bidding=True, left=2)
    'You: 3 of 6 — bid set'
    >>> tricks_line(taken=2, bid=6, name="Their team", bidding=False, bid_set=True)
    'Their team: 2 tricks — they set the bid'
    >>> tricks_line(taken=3, bid=21, name="Your team", bidding=False, bid_set=True, over=True)
    'Your team: 3 tricks — you set the bid'
    >>> tricks_line(taken=2, bid=6, name="Seat 1", bidding=False)
    'Seat 1: 2 tricks'
    >>> tricks_line(taken=7, bid=6, name="You", bidding=True, over=True)
    'You: 7 tricks, 6 needed — bid made'
    >>> tricks_line(taken=1, bid=21, name="Your team", bidding=True, partner_bid=True)
    "Your team: 1 of 7 — 6 more to make your partner's bid"
    """
    if not bidding or bid is None:
        who = "you" if name.startswith("You") else "they"
        done = f" — {who} set the bid" if bid_set and bid is not None and taken > 0 else ""
        return f"{name}: {taken} trick{'' if taken == 1 else 's'}{done}"
    need = tricks_needed(bid)
    if taken > need:
        return f"{name}: {taken} tricks, {need} needed — bid made"
    if taken == need:
        return f"{name}: {taken} of {need} — bid made"
    if over or (left is not None and taken + left < need):
        return f"{name}: {taken} of {need} — bid set"
    if partner_bid:
        whose = "your partner's"
    else:
        whose = "your" if name.startswith("You") else ("their" if name.endswith("team") else "the")
    return f"{name}: {taken} of {need} — {need - taken} more to make {whose} bid"


def bid_is_set(*, taken: int, bid: int | None, left: int) -> bool:
    """Whether a bid of ``bid`` is set already: the bidding side has ``taken`` tricks, and the
    ``left`` tricks still to play cannot bring it the tricks it needs.

    >>> bid_is_set(taken=3, bid=6, left=2)
    True
    >>> bid_is_set(taken=3, bid=6, left=3)
    False
    """
    return bid is not None and taken + left < tricks_needed(bid)


def side_tricks(view: PlayerView) -> tuple[int, ...]:
    """Tricks taken this hand by each side (each seat with three players, each team with four)."""
    if view.rules.players == 4:
        return (view.tricks_won[0] + view.tricks_won[2], view.tricks_won[1] + view.tricks_won[3])
    return tuple(view.tricks_won)


def reason_of(decision: Choice | None) -> str:
    """The one-sentence reason of a computer decision: ``explanation.reason`` when the player
    gives one, else the explanation's summary ("" when there is none)."""
    exp = getattr(decision, "explanation", None)
    if exp is None:
        return ""
    reason = getattr(exp, "reason", None)
    if reason:
        return str(reason)
    return str(getattr(exp, "summary", "") or "")


@dataclass(frozen=True)
class FeedLine:
    """One computer move in the feed: where it is in the hand's log, who made it, what it was,
    and which trick it belongs to (0 for the bidding, widow and trump)."""

    hand: int
    index: int
    seat: int
    action: Action | None
    trick: int


def feed_lines(actions: Sequence[tuple[int, Action | None]], you: int, hand: int, players: int,
               whole: bool = False) -> list[FeedLine]:
    """The computer moves of the current and the previous trick, oldest first (during the
    first trick, the bidding, discard and trump count as the previous "trick"); with
    ``whole``, every computer move of ``actions`` (bids, discard, trump, each trick)."""
    lines: list[FeedLine] = []
    trick = 0
    plays = 0
    for i, (seat, action) in enumerate(actions):
        if action is not None and action.kind == "play":
            if plays % players == 0:
                trick += 1
            plays += 1
        if seat != you:
            lines.append(FeedLine(hand, i, seat, action, trick if action is not None and action.kind == "play" else 0))
    if whole:
        return lines
    current = max(1, (plays + players - 1) // players) if plays else 0
    if plays and plays % players == 0:
        # The last trick is complete: it is the "previous" one until the next tile is led.
        current += 1
    keep = {current, current - 1}
    return [ln for ln in lines if ln.trick in keep]
