"""Following suit and winning tricks, with the reason for every answer.

>>> from engine import Tile, legal_plays, trick_winner, explain_play, parse_tiles
>>> hand = parse_tiles("5-3 6-5 2-1")
>>> [str(t) for t in legal_plays(hand, parse_tiles("5-1"), "6")]
['5-3']
>>> print(explain_play(hand, parse_tiles("5-1"), "6", Tile(6, 5)).text)
6-5 is a trump while sixes are trump, so it cannot follow fives. You must follow fives: 5-3 bears a five.
>>> trick_winner(parse_tiles("3-2 5-3 6-1"), "none")
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import IllegalAction
from engine.tiles import Tile, suit_name
from engine.trump import TRUMP, Suit, Trump, describe_suit
from engine.words import join_words

__all__ = [
    "REASON_CODES",
    "Reason",
    "check_play",
    "explain_play",
    "explain_winner",
    "legal_plays",
    "trick_winner",
]

#: Every reason code the engine gives, with what it means.
REASON_CODES: dict[str, str] = {
    "lead": "legal: the player leads, and any tile may be led",
    "follows": "legal: the tile follows the suit led",
    "trump-in": "legal: the player cannot follow and plays a trump",
    "throw-off": "legal: the player cannot follow and plays a tile that cannot win",
    "must-follow": "illegal: the tile does not follow, and the player holds a tile that does",
    "trump-cannot-follow": "illegal: the tile bears the number led but is a trump, so it does "
    "not follow, and the player holds a tile that does",
    "not-in-hand": "illegal: the tile is not in the player's hand",
    "highest-trump": "trick winner: the highest trump played",
    "only-trump": "trick winner: the only trump played",
    "highest-of-suit": "trick winner: no trump played, the highest tile of the suit led",
    "only-of-suit": "trick winner: no trump played, and nobody else followed the suit led",
}


@dataclass(frozen=True)
class Reason:
    """Why a tile may or may not be played (or why a tile wins a trick).

    ``legal`` is whether the play is allowed, ``code`` one of :data:`REASON_CODES`,
    ``text`` a sentence a learner understands, ``suit`` the suit led (or that a lead calls).
    ``followers`` lists the tiles of the hand that follow the suit led (when it matters).
    """

    legal: bool
    code: str
    text: str
    tile: Tile | None = None
    suit: Suit | None = None
    followers: tuple[Tile, ...] = ()

    def __str__(self) -> str:
        return self.text

    def __bool__(self) -> bool:
        return self.legal


def _trump(trump: Trump | str | int) -> Trump:
    return trump if isinstance(trump, Trump) else Trump.parse(trump)


def legal_plays(hand: Sequence[Tile], trick: Sequence[Tile], trump: Trump | str | int) -> list[Tile]:
    """The tiles of ``hand`` that may be played to ``trick`` (the tiles already played, in order).

    Leading, any tile may be played. Otherwise the tiles that follow the suit led, if the
    hand holds any; if it holds none, any tile.
    """
    if not trick:
        return list(hand)
    tr = _trump(trump)
    members = tr.suit_members(tr.suit_led(trick[0]))
    followers = [t for t in hand if t in members]
    return followers if followers else list(hand)


def trick_winner(trick: Sequence[Tile], trump: Trump | str | int) -> int:
    """The index, in play order, of the tile that wins ``trick`` (so far).

    The highest trump played wins; with no trump played, the highest tile of the suit led.
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    tr = _trump(trump)
    suit = tr.suit_led(trick[0])
    best, best_p = 0, tr.power(trick[0], suit)
    for i in range(1, len(trick)):
        p = tr.power(trick[i], suit)
        if p > best_p:
            best, best_p = i, p
    return best


def explain_play(
    hand: Sequence[Tile], trick: Sequence[Tile], trump: Trump | str | int, tile: Tile
) -> Reason:
    """Whether ``tile`` may be played from ``hand`` to ``trick``, and why, in words.

    The codes are listed in :data:`REASON_CODES`.
    """
    tr = _trump(trump)
    if tile not in hand:
        return Reason(False, "not-in-hand", f"{tile} is not in your hand.", tile)
    if not trick:
        suit = tr.suit_led(tile)
        if suit == TRUMP:
            calls = "it is a trump, so it leads trumps"
        elif tile.is_double:
            calls = f"a double leads its own suit, {describe_suit(suit)}"
        else:
            calls = f"its higher end calls {describe_suit(suit)}"
        return Reason(True, "lead", f"You are leading, so you may play any tile. {tile}: {calls}.", tile, suit)
    suit = tr.suit_led(trick[0])
    members = tr.suit_members(suit)
    followers = tuple(t for t in hand if t in members)
    led = describe_suit(suit)
    if tile in members:
        if not isinstance(suit, int):  # the trump suit
            text = f"{tile} is a trump, so it follows the trump lead."
        elif tile.is_double:
            text = f"{tile} follows {led}: it is the double of the suit."
        else:
            text = f"{tile} follows {led}: it bears a {suit_name(suit, False)}."
        return Reason(True, "follows", text, tile, suit, followers)
    if followers:
        if not isinstance(suit, int):  # the trump suit
            must = f"You must follow trumps: {join_words(followers)} {'are trumps' if len(followers) > 1 else 'is a trump'}."
        else:
            word = suit_name(suit, False)
            must = (
                f"You must follow {led}: {join_words(followers)} "
                f"{'bear' if len(followers) > 1 else 'bears'} a {word}."
            )
        if isinstance(suit, int) and tr.is_trump(tile) and tile.has(suit):
            text = f"{tile} is a trump {tr.while_clause()}, so it cannot follow {led}. {must}"
            return Reason(False, "trump-cannot-follow", text, tile, suit, followers)
        return Reason(False, "must-follow", f"{tile} does not follow {led}. {must}", tile, suit, followers)
    void = f"You hold no {led}, so you may play any tile:"
    if suit != TRUMP and tr.is_trump(tile):
        return Reason(True, "trump-in", f"{void} {tile} trumps in.", tile, suit)
    return Reason(True, "throw-off", f"{void} {tile} is thrown off and cannot win the trick.", tile, suit)


def check_play(hand: Sequence[Tile], trick: Sequence[Tile], trump: Trump | str | int, tile: Tile) -> Reason:
    """Like :func:`explain_play`, but raise :class:`IllegalAction` for an illegal play."""
    reason = explain_play(hand, trick, trump, tile)
    if not reason.legal:
        raise IllegalAction(reason.text, reason.code)
    return reason


def explain_winner(trick: Sequence[Tile], trump: Trump | str | int) -> Reason:
    """Which tile wins ``trick`` and why, e.g. "6-1 wins: the only trump played."."""
    tr = _trump(trump)
    i = trick_winner(trick, tr)
    win = trick[i]
    suit = tr.suit_led(trick[0])
    trumps = [t for t in trick if tr.is_trump(t)]
    if tr.is_trump(win):
        if suit == TRUMP:
            others = [t for t in trick if t is not win and tr.is_trump(t)]
            if not others:
                return Reason(True, "only-trump", f"{win} wins: trumps were led and it is the only trump played.", win, suit)
            return Reason(
                True, "highest-trump",
                f"{win} wins: the highest trump played (over {join_words(others)}).", win, suit,
            )
        if len(trumps) == 1:
            return Reason(True, "only-trump", f"{win} wins: the only trump played.", win, suit)
        others = [t for t in trumps if t is not win]
        return Reason(True, "highest-trump", f"{win} wins: the highest trump played (over {join_words(others)}).", win, suit)
    led = describe_suit(suit)
    others = [t for t in trick if t is not win and tr.follows(t, suit)]
    if not others:
        return Reason(
            True, "only-of-suit",
            f"{win} wins: no trump was played and nobody else followed {led}.", win, suit,
        )
    return Reason(
        True, "highest-of-suit",
        f"{win} wins: no trump was played and it is the highest of the {led} (over {join_words(others)}).",
        win, suit,
    )
