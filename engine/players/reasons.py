"""The plain reasons of the computer players: one sentence a good player would say at the table.

A reason states the principle behind a decision, in words a beginner understands: no
percentages, no decimals, no counts of layouts or deals (those stay in the explanation's
details). Every reason is true of the position it explains:

- "we", "our" and "my partner" only with four players (three-player Moon has no partners);
- a tile is said to win or take a trick only if it can: it leads, or it follows suit or
  trumps and beats the tile winning the trick so far;
- the strong player's reason is read off the same numbers as its choice, the basic
  player's reason is its rule of thumb.

Chances and trumps are put into words by :mod:`engine.words` (``chance_clause``,
``as_trump``), as everywhere else. A bid, trump or discard reason says the plain chance of
making the bid (the share of simulated deals where it is made, the number its details show
first) in the words of its band (:func:`engine.words.chance_band`): "should" from 80%,
"is likely to" from 60%, "has about an even chance to" from 40%, "might" from 25%, "has only
an outside chance to" under that.

>>> from engine import parse_tiles
>>> hand_features(parse_tiles("6-6 6-4 6-1 5-5 3-2"), Trump.parse("6"))
'three sixes including 6-6 and one other double'
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.contract import MOON, tricks_needed
from engine.game import PlayerView
from engine.players.analysis import PlayAnalysis
from engine.players.facts import keep_value, unseen_beats
from engine.tiles import Tile
from engine.trump import TRUMP, Suit, Trump, describe_suit
from engine.words import (
    as_trump,
    chance_band,
    chance_clause,
    chance_noun,
    fall_short_clause,
    join_words,
    number_word,
    shows_none,
)

__all__ = [
    "LATER",
    "can_win",
    "hand_features",
    "moon_stakes",
    "play_reason",
    "table_play_reason",
]

def _suit_word(suit: Suit) -> str:
    """``"six"`` / ``"trump"`` (singular suit word)."""
    if suit == TRUMP:
        return "trump"
    return describe_suit(suit, plural=False)


def suit_tile(suit: Suit, det: str) -> str:
    """One tile of ``suit`` after ``det`` (``"a"``, ``"the top"``, ``"the last"``, ``"the
    only"``), as a reason names it: ``"a six"``, ``"the top trump"``, ``"the only five"``.
    "The last" says the suit in full (``"the last of the sixes"``: "the last six" reads as
    six tiles), and so does every tile of the ones, whose name is also a number ("the last
    one" reads as the last tile): ``"one of the ones"``, ``"the top of the ones"``, ``"the
    only one of the ones"``.

    >>> suit_tile(6, "a"), suit_tile(6, "the last"), suit_tile(TRUMP, "the last"), suit_tile(0, "the top")
    ('a six', 'the last of the sixes', 'the last trump', 'the top blank')
    >>> suit_tile(1, "a"), suit_tile(1, "the top"), suit_tile(1, "the last"), suit_tile(1, "the only")
    ('one of the ones', 'the top of the ones', 'the last of the ones', 'the only one of the ones')
    """
    if suit == TRUMP:
        return f"{det} trump"
    plural = describe_suit(suit)
    if suit == 1:
        return {"a": "one", "the only": "the only one"}.get(det, det) + f" of the {plural}"
    if det == "the last":
        return f"the last of the {plural}"
    return f"{det} {_suit_word(suit)}"


def hand_features(hand: Sequence[Tile], tr: Trump) -> str:
    """What in a hand counts with ``tr`` as trump: ``"four sixes with 6-6 and two other
    doubles"``, ``"five doubles"``, ``"three doubles"``.

    >>> from engine.tiles import parse_tiles
    >>> hand_features(parse_tiles("6-6 6-5 6-4 6-1 5-5 4-4 3-1"), Trump.parse("6"))
    'four sixes including 6-6 and two other doubles'
    >>> hand_features(parse_tiles("6-6 5-5 4-4 3-3 2-2 6-1 3-1"), Trump.parse("doubles"))
    'five doubles'
    >>> hand_features(parse_tiles("5-4 5-3 5-1 3-3 6-2 4-1 2-0"), Trump.parse("5"))
    'three fives and one double'
    """
    trumps = [t for t in hand if tr.is_trump(t)]
    doubles = [t for t in hand if t.is_double and not tr.is_trump(t)]
    if tr.kind == "doubles":
        return f"{number_word(len(trumps))} double{'s' if len(trumps) != 1 else ''}"
    if tr.kind == "none":
        return f"{number_word(len(doubles))} double{'s' if len(doubles) != 1 else ''}"
    top = next((t for t in trumps if t.is_double), None)
    assert tr.value is not None  # a number trump: doubles and none are said above
    one = "one of the ones" if tr.value == 1 else f"one {describe_suit(tr.value, plural=False)}"
    head = f"{number_word(len(trumps))} {tr.name}" if len(trumps) != 1 else one
    if top is not None:
        head += f" including {top}" if len(trumps) > 1 else f", {top}"
    if doubles:
        other = " other" if top is not None else ""
        head += f" and {number_word(len(doubles))}{other} double{'s' if len(doubles) != 1 else ''}"
    return head


def lone_top_trump(hand: Sequence[Tile], tr: Trump) -> Tile | None:
    """The one trump of ``hand`` when it holds exactly one and it is the top trump (say 0-0
    with blanks trump): such a trump plays like no trump with one sure trick."""
    if tr.kind != "number":
        return None
    trumps = [t for t in hand if tr.is_trump(t)]
    if len(trumps) == 1 and trumps[0].is_double:
        return trumps[0]
    return None


def can_win(view: PlayerView, tile: Tile) -> bool:
    """Whether ``tile`` can still win the current trick if the seat plays it: it leads, or it
    follows suit (or trumps) and beats the tile winning so far. A tile that neither follows
    nor trumps never wins."""
    trump = view.trump
    assert trump is not None
    trick = view.current_trick
    if not trick:
        return True
    suit = trump.suit_led(trick[0])
    if not (trump.follows(tile, suit) or trump.is_trump(tile)):
        return False
    return trump.power(tile, suit) > max(trump.power(t, suit) for t in trick)


def _winning_seat(view: PlayerView) -> int | None:
    trump = view.trump
    trick = view.current_trick
    if trump is None or not trick or view.leader is None:
        return None
    suit = trump.suit_led(trick[0])
    i = max(range(len(trick)), key=lambda j: trump.power(trick[j], suit))
    return (view.leader + i) % view.rules.players


def partner_winning(view: PlayerView) -> bool:
    """With four players: the partner's tile is winning the trick so far."""
    if view.rules.players != 4:
        return False
    return _winning_seat(view) == (view.seat + 2) % 4


def last_to_play(view: PlayerView) -> bool:
    """Whether the seat plays the last tile of the current trick (nobody plays after it)."""
    return len(view.current_trick) == view.rules.players - 1


def _ruffs(view: PlayerView, tile: Tile) -> bool:
    """Whether ``tile`` is a trump played to a trick led in another suit."""
    trump = view.trump
    assert trump is not None
    trick = view.current_trick
    if not trick:
        return False
    suit = trump.suit_led(trick[0])
    return trump.is_trump(tile) and not trump.follows(tile, suit)


def _takes_last(view: PlayerView, tile: Tile) -> str:
    """The last seat's winning play, without the full stop: ``"I play last, so 3-1 takes
    this trick"`` (``"I trump in last with 3-1, so it takes this trick"`` for a ruff)."""
    if _ruffs(view, tile):
        return f"I trump in last with {tile}, so it takes this trick"
    return f"I play last, so {tile} takes this trick"


def _only_play(view: PlayerView, tile: Tile) -> str:
    """The reason of a play that was the seat's only legal one, as the table heard it during
    the hand (:func:`table_play_reason`), made fuller: the last tile is said the same
    (``"6-5 is my last tile."``); a forced follow keeps the table's words and adds why it was
    forced (``"I follow sixes with 6-5, the only six I hold."``), so the reason read after the
    hand is the one read during it."""
    trump = view.trump
    assert trump is not None
    said = table_play_reason(view, tile)
    if len(view.hand) == 1:
        return said
    trick = view.current_trick
    if trick:
        suit = trump.suit_led(trick[0])
        head = f"I follow {describe_suit(suit)} with {tile}"
        if trump.follows(tile, suit) and said.startswith(head):
            rest = said[len(head):]
            only = f"{head}, {suit_tile(suit, 'the only')} I hold"
            if rest.startswith(";"):  # another tile wins: the table saw which
                return f"{only}."
            return f"{only},{rest}" if rest.startswith(" and ") else f"{only}{rest}"
    return f"{tile} is my only legal play."


def _trick_suit(view: PlayerView, tile: Tile) -> Suit:
    """The suit of this trick: the led tile's, or ``tile``'s when it leads."""
    trump = view.trump
    assert trump is not None
    trick = view.current_trick
    return trump.suit_led(trick[0]) if trick else trump.suit_led(tile)


def _sure_by_sight(view: PlayerView, tile: Tile) -> bool:
    """Nothing unseen can beat ``tile`` in this trick (so it wins whoever holds what): it
    beats the tiles on the table, and no trump nor higher tile of the suit can still come."""
    return can_win(view, tile) and not unseen_beats(view, tile, _trick_suit(view, tile))


def sure_at_table(view: PlayerView, tile: Tile) -> bool:
    """Whether the table can see that ``tile`` takes this trick: it beats the tiles on the
    table and no tile still to be played (unseen by the seat, or in the seat's own hand)
    beats it. When only the seat's own unplayed tiles beat it, the trick is the seat's for
    sure, but saying so during the hand would tell the table those tiles."""
    trump = view.trump
    assert trump is not None
    if not can_win(view, tile):
        return False
    suit = _trick_suit(view, tile)
    p = trump.power(tile, suit)
    return not any(trump.power(u, suit) > p for u in (*view.unseen(), *(t for t in view.hand if t is not tile)))


def _top_of_suit(view: PlayerView, tile: Tile) -> str:
    """``"the highest of the sixes left"`` / ``"the highest trump left"`` when no tile of its suit
    still out (unseen, or in the seat's own hand) beats it (``"the only six left"`` when no
    other tile of its suit is out), else ``""``."""
    trump = view.trump
    assert trump is not None
    trick = view.current_trick
    if trump.is_trump(tile):
        suit: Suit = TRUMP
    else:
        suit = trump.suit_led(trick[0]) if trick else trump.suit_led(tile)
    left = [u for u in (*view.unseen(), *(t for t in view.hand if t is not tile)) if trump.follows(u, suit)]
    if any(trump.power(u, suit) > trump.power(tile, suit) for u in left):
        return ""
    if not left:
        return f"{suit_tile(suit, 'the only')} left"
    if suit == TRUMP:
        return "the highest trump left"
    return f"the highest of the {describe_suit(suit)} left"


def _cheapest(tiles: Sequence[Tile], trump: Trump) -> Tile:
    return min(tiles, key=lambda t: (keep_value(t, trump), t.index))


def _least(tile: Tile) -> str:
    """The tile a seat gives up as the one it needs least: ``"my cheapest, 3-1"``, or for a
    double (the top of its suit, never called cheap) ``"4-4, a double I need less than my
    other tiles"``."""
    return f"{tile}, a double I need less than my other tiles" if tile.is_double else f"my cheapest, {tile}"


def _side(view: PlayerView) -> str:
    """``"us"`` with a partner, else ``"me"``."""
    return "us" if view.rules.players == 4 else "me"


def _sure_after_all(view: PlayerView, tile: Tile) -> str:
    """Why ``tile`` surely takes this trick when the table cannot see it, said once the hand
    is over (the table heard :func:`table_play_reason`): only the seat's own tiles beat it
    (``"Only my own 1-1 and 6-1 can beat 5-1, so it takes this trick for sure."``), or the
    tiles that could beat it cannot be played to it however the tiles still out lie (every
    layout still possible was worked out)."""
    trump = view.trump
    assert trump is not None
    suit = _trick_suit(view, tile)
    p = trump.power(tile, suit)
    if not any(trump.power(u, suit) > p for u in view.unseen()):
        own = [t for t in view.hand if t is not tile and trump.power(t, suit) > p]
        return f"Only my own {join_words(own)} can beat {tile}, so it takes this trick for sure."
    return f"However the tiles still out lie, nobody still to play can beat {tile}, so it takes this trick for sure."


def _what_it_does(view: PlayerView, an: PlayAnalysis, tile: Tile) -> str:
    """What playing ``tile`` does in this trick, without the full stop, read off the position
    and the analysis ``an`` (said once the hand is over, before what it is for): a trump lead
    draws the trumps still out; a lead that holds the trick in most layouts should take it;
    another lead keeps the stronger tiles the seat holds; a follow beats the tiles played so
    far, or trumps in, or leaves the trick to the partner, or gives up a tile that cannot win."""
    trump = view.trump
    assert trump is not None
    trick = view.current_trick
    stronger = [t for t in view.hand if t is not tile and keep_value(t, trump) > keep_value(tile, trump)]
    if not trick:
        if trump.is_trump(tile) and an.trumps_out and an.draws[tile] > 0:
            return f"I lead {tile} to draw the trumps still out"
        if an.win_trick[tile] >= 0.5:
            return f"I lead {tile}, which should take this trick{' for us' if view.rules.players == 4 else ''}"
        if stronger:
            return f"I lead {tile} and keep my stronger tiles for later"
        return f"I lead {tile}, the strongest tile I hold"
    if can_win(view, tile):
        if _ruffs(view, tile):
            return f"I trump in with {tile} to beat the tiles played so far"
        return f"I play {tile} to beat the tiles played so far"
    if partner_winning(view):
        return f"My partner is winning this trick, so I play {tile}"
    if tile is _cheapest(an.tiles, trump):
        return f"{tile} cannot win this trick, so I give up {_least(tile)}"
    return f"{tile} cannot win this trick, so I give it up and keep the tiles I need later"


def play_reason(view: PlayerView, an: PlayAnalysis, tile: Tile) -> str:
    """The strong player's reason for playing ``tile``, read off its analysis ``an``."""
    trump = view.trump
    assert trump is not None
    tiles = an.tiles
    if len(tiles) == 1:
        return _only_play(view, tile)
    trick = view.current_trick
    goal_verb = "make" if an.goal == "make" else "set"
    others = [t for t in tiles if t is not tile]
    runner = max(others, key=lambda t: (*an.key(t), -keep_value(t, trump), -t.index))
    g, g2 = an.goal_chance[tile], an.goal_chance[runner]
    tr, tr2 = an.tricks[tile], an.tricks[runner]
    mine = can_win(view, tile)
    sure = an.win_trick[tile] == 1.0
    last = last_to_play(view)
    # 1. A sure winner of its own.
    if sure and mine:
        if last:
            return f"{_takes_last(view, tile)}."
        top = _top_of_suit(view, tile)
        certain = an.exhaustive or _sure_by_sight(view, tile)
        if sure_at_table(view, tile):
            if top:
                return f"{tile} is {top}, so it takes this trick for sure."
            return f"Nobody still to play can beat {tile}, so it takes this trick for sure."
        if certain:
            return _sure_after_all(view, tile)
        return f"Nobody still to play should be able to beat {tile}, so it should take this trick."
    # 2. The partner holds the trick: keep the good tiles.
    if sure and partner_winning(view):
        keep = "my trumps" if any(trump.is_trump(t) for t in others) and not trump.is_trump(tile) else "my better tiles"
        return f"My partner is already winning this trick, so I keep {keep} and play {tile}."
    # 3. Nothing can win this trick.
    if trick and not any(can_win(view, t) for t in tiles):
        if tile is _cheapest(tiles, trump):
            return f"None of my tiles can win this trick, so I give up {_least(tile)}."
        return f"None of my tiles can win this trick, so I let {tile} go and keep the tiles I need later."
    # 4. The contract decides: what the tile does, then what it is for.
    if g > g2:
        sure_goal = g == 1.0 and an.exhaustive
        what = "a sure way" if sure_goal else "the best chance"
        # With three players the two defenders set the bid together: not "me".
        whom = "" if an.goal == "set" and view.rules.players == 3 else f" {_side(view)}"
        return f"{_what_it_does(view, an, tile)}: that gives{whom} {what} to {goal_verb} the bid."
    # 5. Drawing trump with a trump lead.
    if not trick and trump.is_trump(tile) and an.trumps_out and an.draws[tile] > 0:
        return f"I lead {tile} to draw the trumps still out, so nobody can trump my good tiles later."
    # 6. More tricks.
    if tr > tr2 + 1e-9:
        side = "our side" if view.rules.players == 4 else "me"
        return f"{_what_it_does(view, an, tile)}: that should bring {side} the most tricks from here."
    # 7. A tile that may win the trick when the others cannot do better.
    if mine and an.win_trick[tile] > an.win_trick[runner]:
        return f"{tile} has the best chance of taking this trick, and no other play does better later."
    if mine and not trick:
        return f"I lead {tile}: no other lead does better, and it keeps my stronger tiles for later."
    if mine:
        # The tile beats what is on the table: it is not given up.
        if last:
            return f"{_takes_last(view, tile)}, and no other play does better."
        if _ruffs(view, tile):
            return f"I trump in with {tile} to beat the tiles played so far, and no other play does better."
        return f"{tile} beats the tiles played so far, and no other play does better."
    return f"No other play does better than {tile}, so I give up the tile I need least."


# -- a play as the table hears it during the hand ---------------------------------------------


#: What a lead's table reason says in place of its purpose, which would tell the table what
#: else the seat holds: the full reason comes once the hand is over.
LATER = "I say why once the hand is over"


def _out(view: PlayerView, tile: Tile) -> list[Tile]:
    """The tiles not yet played but ``tile``, as every seat at the table sees them (the
    seat's own hand, the others' and any face-down tile alike)."""
    played = view.played()
    return [t for t in view.rules.tiles if t not in played and t is not tile]


def _top_at_table(view: PlayerView, tile: Tile, suit: Suit) -> bool:
    """Whether no tile still to be played, as the table sees it, beats ``tile`` in a trick
    of ``suit`` (a trump included)."""
    trump = view.trump
    assert trump is not None
    p = trump.power(tile, suit)
    return not any(trump.power(u, suit) > p for u in _out(view, tile))


def _kind_of(view: PlayerView, tile: Tile) -> str:
    """``tile`` as its suit at the table: ``"the top trump left"``, ``"a trump"``, ``"the top
    five left"``, ``"a five"``, ``"the last of the fives"`` (the top of a suit seen from the
    tiles played so far; :func:`suit_tile`). "The last" only when the suit's other tiles in
    play have all been played; a tile with no other of its suit in the set is ``"the only
    trump"`` / ``"the only blank"`` (0-0 with three players, where the other blanks are out)."""
    trump = view.trump
    assert trump is not None
    if trump.is_trump(tile):
        suit: Suit = TRUMP
    else:
        suit = trump.suit_led(tile)

    def of_suit(u: Tile) -> bool:
        return trump.is_trump(u) if suit == TRUMP else trump.follows(u, suit)

    left = [u for u in _out(view, tile) if of_suit(u)]
    if not any(trump.power(u, suit) > trump.power(tile, suit) for u in left):
        if left:
            return f"{suit_tile(suit, 'the top')} left"
        alone = not any(of_suit(u) for u in view.rules.tiles if u != tile)
        return suit_tile(suit, "the only" if alone else "the last")
    return suit_tile(suit, "a")


def _plays_low(view: PlayerView, tile: Tile, suit: Suit) -> bool:
    """Whether following ``suit`` with ``tile`` is playing low: the seat had a choice (another
    tile of its hand follows ``suit``) and ``tile`` is the lowest of them. A forced follow, or
    a follow that keeps a lower tile of the suit, is not "low"."""
    trump = view.trump
    assert trump is not None
    others = [t for t in view.hand if t != tile and trump.follows(t, suit)]
    return bool(others) and all(trump.power(t, suit) > trump.power(tile, suit) for t in others)


def table_play_reason(view: PlayerView, tile: Tile) -> str:
    """The reason for playing ``tile`` as the table may hear it during the hand: what the
    tile does, from what every seat sees (the tiles on the table and those played before),
    without numbers and never naming another tile of the seat's hand. A follow says how it
    plays to the trick: ``"I follow fives low with 5-1; 5-4 is winning so far."`` ("low"
    only when the seat kept a higher five and no lower one; ``"I follow fives with 5-4; 5-5
    takes the trick."`` for a forced follow, never saying it was the seat's only five). The
    tile winning the trick "takes" it only when nobody plays after the seat or no tile still
    out (in any hand, the seat's own included, as the table sees it) beats it; a lead
    says what it is, and its purpose only when the table can see it (nothing left can beat
    it), else :data:`LATER`: ``"I lead 5-4, a five; I say why once the hand is over."``
    The full reason (:func:`play_reason`) comes once the hand is over."""
    trump = view.trump
    assert trump is not None
    trick = view.current_trick
    if len(view.hand) == 1:
        return f"{tile} is my last tile."
    if not trick:
        kind = _kind_of(view, tile)
        suit = trump.suit_led(tile)
        if _top_at_table(view, tile, suit):
            return f"I lead {tile}, {kind}, so it takes this trick."
        return f"I lead {tile}, {kind}; {LATER}."
    suit = trump.suit_led(trick[0])
    suits = describe_suit(suit)
    last = last_to_play(view)
    power = [trump.power(t, suit) for t in trick]
    best_i = max(range(len(trick)), key=lambda i: power[i])
    best = trick[best_i]
    n = view.rules.players
    partners = n == 4 and ((view.leader or 0) + best_i) % n == (view.seat + 2) % n
    holder = f"my partner's {best}" if partners else str(best)
    # Said before the trick is complete only when the table sees no tile still out that beats it.
    stays = f"{holder} takes the trick" if last or _top_at_table(view, best, suit) else f"{holder} is winning so far"
    follows = trump.follows(tile, suit)
    if can_win(view, tile):
        how = f"I follow {suits} with {tile}" if follows else f"I trump in with {tile}"
        if last:
            return f"{how} and take the trick."
        if _top_at_table(view, tile, suit):
            return f"{how}, {suit_tile(TRUMP if trump.is_trump(tile) else suit, 'the top')} left, so it takes this trick."
        return f"{how}, which beats {best} so far."
    if follows:
        low = " low" if trump.follows(best, suit) and _plays_low(view, tile, suit) else ""
        return f"I follow {suits}{low} with {tile}; {stays}."
    if trump.is_trump(tile):
        return f"I cannot follow {suits}, so I play the trump {tile}; {stays}."
    return f"I cannot follow {suits}, so I throw off {tile}; {stays}."


# -- the basic player's rules of thumb --------------------------------------------------------


def basic_lead_reason(view: PlayerView, tile: Tile, rule: str) -> str:
    """The basic player's reason for leading ``tile`` by ``rule`` (``"draw"``, ``"boss"``,
    ``"double"`` or ``"cheap"``)."""
    trump = view.trump
    assert trump is not None
    if rule == "draw":
        return f"{tile} is the highest trump left, so I lead it to draw the other trumps."
    if rule == "boss":
        if sure_at_table(view, tile):
            return f"No tile still out can beat {tile}, so it takes this trick for sure."
        # Only the seat's own tiles beat it: the reason does not tell the table so.
        return f"I lead {tile}, as it should take this trick."
    if rule == "double":
        return f"{tile} is the top tile of {describe_suit(tile.high)}, so I lead it hoping it takes the trick."
    if tile.is_double:
        return f"I lead {_least(tile)}, to give up the lead without wasting a good one."
    return f"I lead my cheapest tile, {tile}, to give up the lead without wasting a good one."


def _overtakes_partner(view: PlayerView, tile: Tile, partners: Tile) -> str:
    """The cheapest tile, played while the partner wins the trick with ``partners``, when every
    tile the seat may play beats it: ``"I hold only trumps, so I play 5-1, my cheapest, though
    it beats my partner's 6-6."``"""
    trump = view.trump
    assert trump is not None
    cheapest = f"{tile}, a double I need less than my other tiles" if tile.is_double else f"{tile}, my cheapest"
    if _ruffs(view, tile) and all(trump.is_trump(t) for t in view.hand):
        return f"I hold only trumps, so I play {cheapest}, though it beats my partner's {partners}."
    return f"Every tile I may play beats my partner's {partners}, so I play {cheapest}."


def basic_follow_reason(view: PlayerView, tile: Tile, rule: str, best: Tile) -> str:
    """The basic player's reason for playing ``tile`` to a trick now won by ``best``
    (``rule``: ``"only"``, ``"partner"``, ``"beat"`` or ``"none"``)."""
    if rule == "only":
        return _only_play(view, tile)
    if rule == "partner":
        if can_win(view, tile):  # every tile it may play beats the partner's
            return _overtakes_partner(view, tile, best)
        if tile.is_double:
            return f"My partner is already winning this trick, so I play {_least(tile)}."
        return f"My partner is already winning this trick, so I play my cheapest tile, {tile}."
    if rule == "beat":
        return f"{tile} is my cheapest tile that beats {best}, so I play it to try to win the trick."
    return f"None of my tiles can beat {best}, so I give up {_least(tile)}."


def basic_bid_reason(view: PlayerView, choice_kind: str, value: int | None, est: float, tr: Trump,
                     *, fair: bool = False) -> str:
    """The basic player's reason for a bid or a pass: what it counts in its hand (``fair``:
    said at the table, what the hand is worth without what is in it, and no trump: at a
    Moon table a bid is a number, the suit is named only by the winner of the auction)."""
    feats = hand_features(view.hand, tr)
    n = max(0, min(7, round(est)))
    tricks = f"about {number_word(n)} tricks" if n > 1 else ("about one trick" if n == 1 else "hardly any tricks")
    if choice_kind == "bid" and value is not None:
        if _must_bid(view) and value == min(view.rules.bid_values):
            if fair:
                return f"Everyone else passed, so I must bid: I take the lowest bid, {value}."
            return f"Everyone else passed, so I must bid: I take the lowest bid, {value}, with {as_trump(tr)}."
        if fair:
            return f"I bid {value}: my hand should take {tricks}."
        return f"I bid {value}: with {feats}, {as_trump(tr)} should take {tricks}."
    high = max((b for _, b in view.bids), default=0)
    short = f"not enough to bid over {high}" if high else f"short of the {view.rules.min_bid} I need"
    if fair:
        return FAIR_PASS if not high else f"I pass: my hand is not worth a bid over {high}."
    return f"I pass: with {feats}, my hand is worth {tricks} with {as_trump(tr)}, {short}."


def _must_bid(view: PlayerView) -> bool:
    """True when the seat may not pass (everyone else passed and the rules force a bid)."""
    return all(a.kind != "pass" for a in view.legal_actions())


#: A pass said at the table: no trump named, nothing of what is in the hand.
FAIR_PASS = "I pass: my hand is not worth a bid."

#: A discard said at the table: the tile is face down.
FAIR_DISCARD = "I lay one tile aside face down: the tile I need least."


def basic_discard_reason(view: PlayerView, tile: Tile, tr: Trump) -> str:
    """The basic player's reason for discarding ``tile`` (said at the table:
    :data:`FAIR_DISCARD`)."""
    if tr.is_trump(tile):
        return f"I discard {tile}: every tile I hold is worth keeping, and this trump is the least of them."
    return f"I discard {tile}: with {as_trump(tr)} it is the tile I need least."


def widow_changed(view: PlayerView, tr: Trump, bid_trump: Trump | None, *, fair: bool = False) -> str:
    """The start of a trump reason when the trump named after the widow differs from
    ``bid_trump``, the trump the seat's bid was worked out with (and its bid reason named):
    ``"The widow brought 4-4 and 4-2: I name fours instead of sixes"``, or said at the table,
    where the widow is hidden, ``"The widow changed my plan: I name fours instead of
    sixes"``. With no widow taken (four players, or trump named before the widow) the change
    comes from a closer count of the same hand: ``"On a closer count I name fours instead of
    sixes"``. Empty when the trump is the bid's.

    >>> from engine import Game
    >>> widow_changed(Game.new(seed=1).view(0), Trump.parse("4"), Trump.parse("6"))  # no widow taken
    'On a closer count I name fours instead of sixes'
    >>> widow_changed(Game.new(seed=1).view(0), Trump.parse("6"), Trump.parse("6"))
    ''
    """
    if bid_trump is None or bid_trump == tr:
        return ""
    now, then = _trump_noun(tr), _trump_noun(bid_trump)
    if not view.widow:
        return f"On a closer count I name {now} instead of {then}"
    brought = [t for t in view.widow if tr.is_trump(t) and t in view.hand]
    if fair or not brought:
        return f"The widow changed my plan: I name {now} instead of {then}"
    return f"The widow brought {join_words(brought)}: I name {now} instead of {then}"


def _trump_noun(tr: Trump) -> str:
    """``"sixes"``, ``"doubles"``, ``"no trump"``."""
    return tr.name


#: What the "good" comparison of a trump or discard adds: another choice looked better at
#: first, on a few simulated deals, and this one is best once every deal is counted.
CLOSER_LOOK = "on a closer look"


def _single_trump(view: PlayerView, tr: Trump) -> Tile | None:
    """The one tile of a number trump whose suit has a single tile in the set (blanks with
    three players: only 0-0 is a blank, ``docs/rules.md`` §2.1), else ``None``.

    >>> from engine import Game, RuleSet
    >>> str(_single_trump(Game.new(RuleSet(), seed=1).view(0), Trump.parse("0")))
    '0-0'
    >>> _single_trump(Game.new(RuleSet(players=4), seed=1).view(0), Trump.parse("0")) is None
    True
    """
    if tr.kind != "number":
        return None
    tiles = [t for t in view.rules.tiles if tr.is_trump(t)]
    return tiles[0] if len(tiles) == 1 else None


def trump_reason(view: PlayerView, tr: Trump, why: str, chance: float | None = None, *, fair: bool = False,
                 bid_trump: Trump | None = None, first: str = "", other: Trump | None = None,
                 bid_chance: float | None = None, auction: bool = False) -> str:
    """The reason for naming ``tr``: what in the hand makes it (``why``: ``"best"``, ``"most"``
    or ``"even"``, how it compares with the other trumps; ``fair``: said at the table, what
    the trump gives the hand without what is in it). ``bid_trump``: the trump the seat's bid
    was worked out with; when the widow made another trump better, the reason says so
    (:func:`widow_changed`) instead of naming a new trump as if the bid had not named one;
    said at the table, where the bid named no trump, it names the trump alone. ``chance``:
    the plain chance of making the bid with ``tr`` (the strong player's), said after the
    comparison in its band's words (:func:`odds_tail`); the basic player, which counts
    tricks by rule of thumb, gives none. ``first``: the comparison is of the trumps looked
    at closely, said before it (:data:`CLOSELY`; ``other``: the dropped trump that looked
    better on its first look). ``bid_chance``: the chance the seat's bid was said with, when the widow was
    seen since and no discard line has said how the chance moved, or when no widow was taken
    (four players: then "a closer count" moved it, :func:`chance_cause`; :func:`odds_tail`). ``auction``:
    reading the bids changed the trump (:func:`with_auction`, counted in the 35 words).

    The shortest wordings say how it compares in fewer words (:func:`none_better`), and the
    last one says only the trump (and, when it is not the bid's, the change) and the chance:

    >>> from engine import Game
    >>> view = Game.new(seed=1).view(0)
    >>> trump_reason(view, Trump.parse("1"), "even", 0.0, bid_trump=Trump.parse("5"), first="left")
    'On a closer count I name ones instead of fives, as no other trump I looked at closely does better, but even so I expect to fall short of my bid unless the others slip.'
    """
    goal = f"my {view.bid}" if view.bid is not None else "my bid"
    # Said at the table the bid named no trump, so there is no plan to say was changed.
    changed = "" if fair else widow_changed(view, tr, bid_trump)
    # After "On a closer count I name ...", the count is "that": said once.
    cause = "that" if changed.startswith("On a closer count") else chance_cause(view)
    options = []
    for compare, said, lead in _trump_compares(why, first, other):
        if chance is not None:
            compare += odds_tail(chance, "it" if said else "my bid", goal, before=bid_chance, cause=cause)
        options += _trump_wordings(view, tr, compare, chance, fair=fair, bid_trump=bid_trump, before=bid_chance,
                                   lead=lead)
    tail = odds_tail(chance, goal=goal, before=bid_chance, cause=cause) if chance is not None else ""
    seen = ("another" if other is None else other.name) if first == "higher" else ""
    # With no comparison left, "but even so" would have nothing to go against.
    bare = tail.replace(", but even so ", "; ", 1)
    for fewest in dict.fromkeys((none_better("trump", why, first, seen), none_better("trump", why, first))):
        options.append(f"{changed}, as {fewest}{tail}." if changed else f"I name {tr.name}: {fewest}{tail}.")
    options.append(f"{changed}{bare}." if changed else f"I name {tr.name}{bare}.")
    if auction:
        options = [with_auction(o) for o in options]
    return _short(*dict.fromkeys(options))


def none_better(kind: str, how: str, first: str, other: str = "") -> str:
    """A trump's or discard's comparison in few words (``kind``: ``"trump"`` or ``"discard"``;
    ``how``: how it compares, as for :func:`trump_reason` or :func:`contract_reason_discard`;
    ``first``: as for :func:`first_look_words`): said of the choices looked at closely when
    some were dropped after a first look, so never as better than one dropped there that
    showed more; ``"good"`` (best once every deal is counted, :data:`CLOSER_LOOK`) of the
    closer look, which only the choices looked at closely had. ``other``: the one dropped
    that showed more on its first look (``first`` is ``"higher"``), said with the closer look.

    >>> none_better("trump", "even", "left"), none_better("discard", "best", "")
    ('no other trump I looked at closely does better', 'no other discard does better')
    >>> none_better("discard", "good", "higher")
    'no other discard does better on a closer look'
    >>> none_better("discard", "best", "higher", "5-3")
    'no other discard does better on a closer look (5-3 only looked better at first)'
    """
    if how == "good" or (first == "higher" and other):
        said = "takes more tricks" if how == "most" else "does better"
        return f"no other {kind} {said} {CLOSER_LOOK}" + (f" ({other} only looked better at first)" if other else "")
    closely = " I looked at closely" if first else ""
    if how in ("count", "most"):
        return f"no other {kind}{closely} takes more tricks{', by my count' if how == 'count' else ''}"
    return f"no other {kind}{closely} does better"


def _trump_compares(why: str, first: str, other: Trump | None) -> list[tuple[str, bool, str]]:
    """How a named trump compares with the others (:func:`trump_reason`), longest first, each
    with whether it says "to make my bid" (then the chance after it says "it") and the words
    the reason starts its comparison with. With ``first``, the comparison is of the trumps
    looked at closely (:data:`CLOSELY`: said first, "of the trumps I looked at closely, they
    give my hand the best chance to make my bid", or after a short comparison, "the best
    chance of the trumps I looked at closely"), or, when a dropped one (``other``) looked
    better on its first look, of the closer look, which says so.

    >>> _trump_compares("best", "left", None)
    [('the best chance to make my bid', True, 'of the trumps I looked at closely, '), ('the best chance of the trumps I looked at closely', False, '')]
    >>> _trump_compares("best", "higher", Trump.parse("none"))[0][0]
    'the best chance to make my bid on a closer look (no trump only looked better at first)'
    """
    base, short = {
        "best": ("the best chance to make my bid", "the best chance"),
        "most": ("the most tricks for my bid", "the most tricks"),
        "even": ("as good a chance as any other trump", "as good a chance as any other trump"),
        "count": ("more tricks than any other trump, by my count", "more tricks than any other trump, by my count"),
        "good": (f"the best chance to make my bid {CLOSER_LOOK}", f"the best chance {CLOSER_LOOK}"),
    }[why]
    says = why in ("best", "good")
    if not first or why == "count":
        return [(base, says, "")]
    if first == "higher":
        name = "another" if other is None else other.name
        look = "" if why == "good" else f" {CLOSER_LOOK}"
        note = f" ({name} only looked better at first)"
        return [(f"{base}{look}{note}", says, ""), (f"{short}{look}{note}", False, ""), (f"{short}{look}", False, "")]
    if why == "even":
        return [(base + first_look_words("trumps", first, even=True), says, ""),
                ("as good a chance as any I looked at closely", False, "")]
    return [(base, says, f"{CLOSELY.format(kind='trumps')}, "), (short + first_look_words("trumps", first), False, "")]


def _trump_wordings(view: PlayerView, tr: Trump, compare: str, chance: float | None, *, fair: bool,
                    bid_trump: Trump | None, before: float | None = None, lead: str = "") -> list[str]:
    """The wordings of :func:`trump_reason` with one comparison (and the chance after it),
    longest first. ``lead``: the words the comparison starts with (:func:`_trump_compares`),
    said right after "I name ...:", what the hand holds in brackets before it."""
    hand = list(view.hand)
    lone = lone_top_trump(hand, tr)
    goal = f"my {view.bid}" if view.bid is not None else ""
    # Said at the table the bid named no trump, so there is no plan to say was changed.
    changed = "" if fair else widow_changed(view, tr, bid_trump)
    single = _single_trump(view, tr)
    gives = "it gives" if tr.kind == "none" else "they give"
    if lead:
        # The comparison first, so that "of the trumps ..." is never read as "my bid of the trumps".
        if changed or (single is not None and not fair and single in hand):
            return []  # said with the comparison after it (the next of _trump_compares)
        n = sum(1 for t in hand if t.is_double) if tr.kind in ("doubles", "none") else sum(
            1 for t in hand if tr.is_trump(t))
        first = f"I name {tr.name}: {lead}{gives} my hand {compare}."
        if fair or single is not None or (tr.kind == "none" and not n):
            return [first]
        top = next((t for t in hand if t.is_double and tr.is_trump(t)), None) if tr.kind == "number" else None
        held = {"doubles": f"I hold {number_word(n)} of them",
                "none": f"I hold {number_word(n)} double{'s' if n != 1 else ''}"}.get(
            tr.kind, f"I hold {number_word(n)} of them, {top} included" if top is not None and n > 1
            else f"I hold {number_word(n)} of them")
        return [f"I name {tr.name} ({held}): {lead}{gives} my hand {compare}.", first]
    if changed:
        if single is not None and tr.value is not None:
            gives = f"{single}, the only {describe_suit(tr.value, plural=False)}, gives"
        return [f"{changed}, as {gives} my hand {compare}."]
    if single is not None:
        # A suit of one tile in the set (blanks with three players: 0-0 alone): one trump.
        if not fair and single in hand:
            odds = odds_tail(chance, goal=goal, before=before, cause=chance_cause(view)) if chance is not None else ""
            return [f"I name {tr.name}: only {single} is a trump then, and it is mine: one sure trick, and the "
                    f"rest plays like no trump{odds}."]
        return [f"I name {tr.name}: with {single} the only trump, my hand plays almost like no trump and has "
                f"{compare}.", f"I name {tr.name}: only {single} is a trump then, which gives my hand {compare}."]
    if fair:
        if tr.kind == "none":
            return [f"I name no trump: it gives my hand {compare}."]
        return [f"I name {tr.name}: they give my hand {compare}."]
    if lone is not None and tr.value is not None:  # a lone trump: only a number trump has one
        odds = odds_tail(chance, goal=goal, before=before, cause=chance_cause(view)) if chance is not None else ""
        return [f"I name {tr.name}: {lone} is {suit_tile(tr.value, 'the only')} I hold, "
                f"so it plays like no trump with one sure trick{odds}."]
    if tr.kind == "doubles":
        n = sum(1 for t in hand if t.is_double)
        return [f"I name doubles: I hold {number_word(n)} of them, which gives {compare}."]
    if tr.kind == "none":
        n = sum(1 for t in hand if t.is_double)
        if n:
            return [f"I name no trump: my {number_word(n)} double{'s' if n != 1 else ''} and high tiles give {compare}."]
        return [f"I name no trump: no suit is long enough to be worth naming, and it gives {compare}."]
    n = sum(1 for t in hand if tr.is_trump(t))
    top = next((t for t in hand if t.is_double and tr.is_trump(t)), None)
    held = f"{number_word(n)} of them, {top} included" if top is not None and n > 1 else f"{number_word(n)} of them"
    if n == 0:
        held = "none of them"
    return [f"I name {tr.name}: I hold {held}, which gives {compare}.", f"I name {tr.name}: they give my hand {compare}."]


#: The words a reason gains when reading the auction changed the decision.
AUCTION_WORDS = "going by how the others have bid"

#: What a play reason adds when reading the bidding (and the trump another seat named)
#: changed the play.
PLAY_READ_WORDS = "going by the bidding"

#: The note a play summary adds in the same case.
PLAY_READ_NOTE = (
    "layouts weighted by how the others bid and the trump named; "
    "without the weights another tile would have scored best"
)


def score_words(view: PlayerView, short: bool = False) -> str:
    """The words a bid reason gains when playing for the game changed the decision (the
    player bids to win the game, :class:`engine.players.odds.GameOdds`, not for the most
    points in the hand), in words rather than numbers: ``"as I am close to winning"``,
    ``"as another player is close to winning"`` (``"as I am well behind another player close
    to winning"``: then a set costs little, as only a big score can still win), ``"as I am
    behind"``... or, when the
    score says nothing special, ``"playing for the game, not just this hand's points"``
    (``short``: ``"playing for the game"``, and "close to winning" without "well behind"); at
    the start of the game, every score 0, ``"with the whole game still to play, not just this hand's
    points"``: said as a player would, with no score there is not yet and no target to puzzle over.

    "Close" is within a good hand of the target (7 points or 2 marks); "behind" or "ahead"
    is a good hand or more from the best other side, "well" behind or ahead two good hands
    or more (14 points or 4 marks: at -3 to 7 a player is behind, not well behind)."""
    rules = view.rules
    scores = list(view.scores)
    mine = scores.pop(rules.side_of(view.seat))
    four = rules.players == 4
    gap = 2 if rules.scoring == "marks" else 7
    near = rules.target - gap
    me = "we are" if four else "I am"
    top = max(scores)
    close = [s for s in scores if s >= near]
    if close and top >= mine:
        if mine <= top - 2 * gap and not short:  # then a set costs little: only a big score can win
            them = "the other team," if four else ("the others, both" if len(close) > 1 else "another player")
            return f"as {me} well behind {them} close to winning"
        them = "the other team is" if four else ("the others are" if len(close) > 1 else "another player is")
        return f"as {them} close to winning"
    if mine >= near:
        return f"as {me} close to winning"
    if mine <= top - gap:
        return f"as {me} {'well ' if mine <= top - 2 * gap else ''}behind"
    if mine >= top + gap:
        return f"as {me} {'well ' if mine >= top + 2 * gap else ''}ahead"
    if short:
        return "playing for the game"
    if not any(view.scores):
        # At the start of the game there is no score to speak of: said as a player would.
        return "with the whole game still to play, not just this hand's points"
    return "playing for the game, not just this hand's points"


def with_auction(reason: str, play: bool = False) -> str:
    """``reason`` with :data:`AUCTION_WORDS` (or, for a play, :data:`PLAY_READ_WORDS`) added
    before its final full stop (a reason whose decision changed once the simulated deals
    were weighted by the others' bids)."""
    return f"{reason.rstrip('.')}, {PLAY_READ_WORDS if play else AUCTION_WORDS}."


def _short(*options: str) -> str:
    """The first of ``options`` that keeps to 35 words (the last one otherwise)."""
    for text in options:
        if len(text.split()) <= 35:
            return text
    return options[-1]


def score_bid_reason(
    view: PlayerView,
    value: int | None,
    tr: Trump,
    chance: float,
    *,
    forced: bool = False,
    partner_holds: bool = False,
    high: int = 0,
    reads_auction: bool = False,
    for_game: bool = False,
    fair: bool = False,
) -> str:
    """The strong player's reason for a bid (``value``) or a pass (``value=None``) chosen by
    expected score, read off the chance of making it with its best trump ``tr`` (for a
    pass: the chance of making the lowest bid open to it). With ``reads_auction`` the
    decision changed once the deals were weighted by the others' bids, and with
    ``for_game`` once the score of the game was taken into account (:func:`score_words`);
    the reason says so. It keeps to 35 words: the first of its wordings that does, the
    score said shortly (:func:`score_words` with ``short``) only when no wording fits
    otherwise. ``fair``: said at the table, without what is in the hand (no "with three
    fives and 6-6") and without a trump (a bid is a number at the table: "my hand should
    take five tricks").
    """
    tails = []
    for short in (False, True):
        tail = f", {AUCTION_WORDS}" if reads_auction else ""
        if for_game:
            tail += f", {score_words(view, short=short)}"
        if tail not in tails:
            tails.append(tail)
    per_tail = [_score_bid_options(view, value, tr, chance, tail, forced=forced, partner_holds=partner_holds,
                                   high=high, fair=fair) for tail in tails]
    if value == MOON or (value is None and not partner_holds and max(view.rules.min_bid, high + 1) > 7):
        # The moon's stakes (what a made moon brings, what a set costs) matter more than
        # saying the score at length: each wording is tried with the short score first.
        options = [text for rank in zip(*per_tail, strict=True) for text in rank]
    else:
        options = [text for texts in per_tail for text in texts]
    return _short(*options)


def _score_bid_options(
    view: PlayerView,
    value: int | None,
    tr: Trump,
    chance: float,
    tail: str,
    *,
    forced: bool,
    partner_holds: bool,
    high: int,
    fair: bool = False,
) -> list[str]:
    """The wordings of :func:`score_bid_reason` ending in ``tail``, longest first (``fair``:
    only those that say nothing of what is in the hand)."""
    # Said at the table, a reason keeps what is in the hand to itself, and names no trump:
    # a bid is a number, the suit is named only by the winner after the auction.
    feats = "" if fair else f"with {hand_features(view.hand, tr)}, "
    if value is not None and fair:
        return _fair_bid_options(view, value, chance, tail, forced=forced)
    if value is not None:
        if forced:
            return [f"Everyone else passed, so I must bid: {value} with {as_trump(tr)} is my best chance{tail}."]
        if value == MOON:
            return _moon_options(view, chance, tail, f"{feats}{as_trump(tr)}", as_trump(tr))
        return [_bid_words(value, chance, f"{feats}{as_trump(tr)}", tail),
                _bid_words(value, chance, as_trump(tr), tail),
                _bid_words(value, chance, as_trump(tr), tail, short=True)]
    if partner_holds:
        return ["I pass: my partner holds the bid, and raising it would only make our contract harder."]
    floor = max(view.rules.min_bid, high + 1)
    if fair:
        # Said at the table, a pass names no trump: "even with ones as trump" gives away the
        # seat's best suit.
        if floor > 7:
            return _moon_pass_options(view, chance, tail, "my hand")
        over = f" over {high}" if high else ""
        return [f"I pass: my hand is not worth a bid{over}{tail}."]
    if floor > 7:
        return _moon_pass_options(view, chance, tail, f"even with {as_trump(tr)}, my hand", "my hand")
    trump_words = "with no trump" if tr.kind == "none" else f"with {as_trump(tr)}"
    if chance_band(chance) in ("should", "likely") and floor <= 7:
        # Why a bid the seat should make is passed, in the scoring's plain words: a made bid
        # scores its number, and the defenders score each trick they take at no risk.
        made = chance_clause(chance, "I", f"make a bid of {floor} {trump_words}")
        if view.rules.scoring != "points":
            return [f"I pass: {made}, but a made bid gains too little for the risk of a set{tail}.",
                    f"I pass: {made}, but it gains too little for the risk{tail}."]
        if view.rules.players == 4:
            full, brief = "as defenders our team still scores a point for each trick it takes", "as defenders we still score a point per trick"
        else:
            full, brief = "as a defender I still score a point for each trick I take", "as a defender I still score a point per trick"
        return [f"I pass: {made}, but it would score only {floor}, and {full}, at no risk{tail}.",
                f"I pass: {made}, but it would score only {floor}; {brief} at no risk{tail}.",
                f"I pass: a made {floor} would score only {floor}; {brief} at no risk{tail}.",
                f"I pass: {brief} at no risk{tail}."]
    # The trump the seat's hand is best with, and its chance with it: too small to bid.
    enough = f"take enough tricks for a bid of {floor}"
    return [
        f"I pass: my hand is best {trump_words}, and then it {_chance_words(chance, enough)}: "
        f"not enough to risk a bid{tail}.",
        f"I pass: {trump_words}, {chance_clause(chance, 'my hand', enough)}{tail}.",
        f"I pass: {chance_clause(chance, 'my hand', f'make a bid of {floor}')}{tail}.",
    ]


def _chance_words(chance: float, verb: str) -> str:
    """:func:`engine.words.chance_clause` without its subject: ``"has about an even chance
    to take five tricks"``.

    >>> _chance_words(0.5, "take five tricks")
    'has about an even chance to take five tricks'
    """
    return chance_clause(chance, "it", verb).removeprefix("it ")


def _bid_words(value: int, chance: float, subject: str, tail: str, *, short: bool = False) -> str:
    """A bid below seven in the words of its plain chance's band, what takes the tricks
    being ``subject``: ``"I bid 5: my hand should take five tricks."``, ``"... is likely to
    take five tricks, and the points are worth the risk."``, ``"... has only an outside
    chance to take five tricks, but the points are worth the risk."`` (``short``: ``"worth
    the risk"``)."""
    band = chance_band(chance)
    said = chance_clause(chance, subject, f"take {number_word(tricks_needed(value))} tricks")
    if band == "should":
        return f"I bid {value}: {said}{tail}."
    worth = "worth the risk" if short else "the points are worth the risk"
    return f"I bid {value}: {said}{', but' if band == 'outside' else ', and'} {worth}{tail}."


def moon_stakes(view: PlayerView) -> tuple[str, str]:
    """What a 21 brings when made and what it costs when set, in words, under the view's
    rules: ``("a made moon wins the game", "a set costs me 21 points")``; with marks a set
    gives the other sides a mark, without ``moon_wins_game`` a made moon scores like a bid."""
    rules = view.rules
    four = rules.players == 4
    if rules.moon_wins_game:
        made = "a made moon wins the game"
    elif rules.scoring == "points":
        made = f"a made moon scores {MOON} points"
    else:
        made = "a made moon scores a mark"
    if rules.scoring == "points":
        cost = f"a set costs {'us' if four else 'me'} {MOON} points"
    else:
        cost = "a set gives the other team a mark" if four else "a set gives each of the others a mark"
    return made, cost


def _moon_options(view: PlayerView, chance: float, tail: str, *subjects: str) -> list[str]:
    """The wordings of shooting the moon, longest first: the plain chance of all seven
    tricks in its band's words (``subjects``: what takes them, ``"sixes as trump"``, ``"my
    hand"``), what a made moon brings and what a set costs: ``"I shoot the moon: sixes as
    trump is likely to take all seven tricks; a made moon wins the game, and a set costs me
    21 points."`` A chance under even is said as the gamble it is (``", but a made moon
    ..."``)."""
    made, cost = moon_stakes(view)
    sep = "; " if chance_band(chance) in ("should", "likely") else ", but "
    seven = "take all seven tricks"
    out = [f"I shoot the moon{tail}: {chance_clause(chance, who, seven)}{sep}{made}, and {cost}."
           for who in dict.fromkeys((*subjects, "my hand"))]
    out.append(f"I shoot the moon{tail}: {chance_noun(chance)} at all seven{sep}{made}, and {cost}.")
    out.append(f"I shoot the moon{tail}: {chance_noun(chance)} at all seven{sep}{made}.")
    return out


def _moon_pass_options(view: PlayerView, chance: float, tail: str, *subjects: str) -> list[str]:
    """The wordings of a pass when only the moon is left to bid, longest first: how likely
    all seven tricks are, what a made moon would bring and what a set would cost (``"I pass:
    even with sixes as trump, my hand has only an outside chance to take all seven tricks; a
    made moon would win the game, but a set would cost me 21 points."``)."""
    made, cost = moon_stakes(view)
    made = made.replace(" wins ", " would win ").replace(" scores ", " would score ")
    cost = cost.replace(" costs ", " would cost ").replace(" gives ", " would give ")
    seven = "take all seven tricks"
    out = [f"I pass{tail}: {chance_clause(chance, who, seven)}; {made}, but {cost}." for who in subjects]
    sep = ", but " if chance_band(chance) in ("should", "likely") else ", and "
    out += [f"I pass{tail}: {chance_clause(chance, who, seven)}{sep}{cost}." for who in subjects]
    out.append(f"I pass{tail}: {chance_noun(chance)} at all seven{sep}{cost}.")
    out.append(f"I pass{tail}: {chance_clause(chance, 'my hand', seven)}.")
    out.append(f"I pass{tail}: only {chance_noun(chance)} at all seven.")
    return out


def _fair_bid_options(view: PlayerView, value: int, chance: float, tail: str, *, forced: bool) -> list[str]:
    """The wordings of a bid said at the table: what the hand should take, not in which suit
    (``"I bid 5: my hand should take five tricks."``)."""
    if forced:
        return [f"Everyone else passed, so I must bid: {value} is my best chance{tail}."]
    if value == MOON:
        return _moon_options(view, chance, tail, "my hand")
    return [_bid_words(value, chance, "my hand", tail), _bid_words(value, chance, "my hand", tail, short=True)]


def chance_cause(view: PlayerView) -> str:
    """What moved a bidder's chance since its bid, as its trump line says it: ``"the
    widow"`` once it took one, else (four players) ``"a closer count"`` of the same hand."""
    return "the widow" if view.widow else "a closer count"


def odds_tail(chance: float, bid: str = "my bid", goal: str = "", before: float | None = None,
              cause: str = "the widow", *, joined: bool = False) -> str:
    """What a trump or discard reason adds after its comparison: the plain chance of making
    the ``bid`` (``"it"`` when the comparison has just said it) in its band's words
    (:func:`engine.words.chance_clause`), so that "the best chance" is never read as a good
    one when it is not: ``"; I should make my bid"``, ``"; I might make it"``, ``", but even
    so I have only an outside chance to make my 21"``. A chance that shows as 0%
    (:func:`engine.words.shows_none`: the bid made on none of the deals, after the widow as
    at the bid) is said as the failure it is, of ``goal`` (the bid as a noun, ``"my 21"``;
    ``bid`` when not given): ``", but even so I expect to fall short of my 21 unless the
    others slip"``.

    >>> odds_tail(0.9, "it"), odds_tail(0.1, "my 21")
    ('; I should make it', ', but even so I have only an outside chance to make my 21')
    >>> odds_tail(0.0, "it", "my 21")
    ', but even so I expect to fall short of my 21 unless the others slip'

    ``before``: the plain chance the seat's bid was said with, before the widow. When the
    chance after the widow is in another band, the tail says so and why, so that a bid "likely
    to take all seven tricks" and a discard with "about an even chance" a moment later do not
    read as a contradiction:

    >>> odds_tail(0.56, "it", "my 21", before=0.67)
    '; the widow lowered my chance: I have about an even chance to make it'
    >>> odds_tail(0.9, "it", before=0.67), odds_tail(0.62, "it", before=0.67)
    ('; the widow raised my chance: I should make it', '; I am likely to make it')

    ``cause``: what moved it, with no widow taken (four players) ``"a closer count"``:

    >>> odds_tail(0.5, "it", before=0.81, cause="a closer count")
    '; a closer count lowered my chance: I have about an even chance to make it'

    ``joined``: the widow's change said as the reason for the chance, in one thought, not
    glued on before it with a colon:

    >>> odds_tail(0.62, "my 5", before=0.9, joined=True), odds_tail(0.9, "my 5", before=0.62, joined=True)
    ('; though the widow lowered my chance, I am likely to make my 5', '; now that the widow raised my chance, I should make my 5')
    >>> odds_tail(0.0, "my 21", before=0.62, joined=True)
    '; the widow lowered my chance, and I expect to fall short of my 21 unless the others slip'
    """
    band = chance_band(chance)
    changed = ""
    if joined and before is not None and chance_band(before) != band:
        said = fall_short_clause(goal or bid) if shows_none(chance) else chance_clause(chance, "I", f"make {bid}")
        if chance > before:
            return f"; now that {cause} raised my chance, {said}"
        if band == "outside" or shows_none(chance):
            return f"; {cause} lowered my chance, and {said}"
        return f"; though {cause} lowered my chance, {said}"
    if before is not None and chance_band(before) != band:
        # In another band, so the chance moved that way.
        changed = f"{cause} {'lowered' if chance < before else 'raised'} my chance: "
    if shows_none(chance):
        return f", but even so {fall_short_clause(goal or bid)}" if not changed else f"; {changed}{fall_short_clause(goal or bid)}"
    said = chance_clause(chance, "I", f"make {bid}")
    if changed:
        return f"; {changed}{said}"
    return f", but even so {said}" if band == "outside" else f"; {said}"


#: The choices a trump or discard reason compares when some were dropped after a first look
#: (a yes/no probe on a few deals): said at the start of the comparison ("of the trumps I
#: looked at closely, they give my hand the best chance to make my bid"), so that it is never
#: read as "my bid of the trumps".
CLOSELY = "of the {kind} I looked at closely"


def first_look_words(kind: str, first: str, other: str = "", *, even: bool = False) -> str:
    """What a trump or discard reason adds to its comparison when some choices were dropped
    after a first look (a yes/no probe on a few deals) and only the others were looked at
    closely (``first``: ``"left"``, or ``"higher"`` when one dropped, ``other``, showed a
    higher chance on that first look; ``""``: nothing was dropped). ``kind``: the choices,
    ``"trumps"`` or ``"discards"``; ``even``: after "as good a chance as any other trump".
    The comparison is then said of the choices left, never as if a figure from a few deals
    stood on an equal footing with one from many.

    >>> first_look_words("trumps", ""), first_look_words("trumps", "left")
    ('', ' of the trumps I looked at closely')
    >>> first_look_words("trumps", "higher", "no trump")
    ' of the trumps I looked at closely (no trump looked better only on fewer deals)'
    >>> first_look_words("trumps", "left", even=True)
    ' I looked at closely'
    """
    if not first:
        return ""
    said = " I looked at closely" if even else f" {CLOSELY.format(kind=kind)}"
    if first == "higher":
        said += f" ({other or 'another'} looked better only on fewer deals)"
    return said


def contract_reason_discard(view: PlayerView, tile: Tile, tr: Trump, how: str, chance: float, *,
                            fair: bool = False, first: str = "", other: Tile | None = None,
                            bid_chance: float | None = None) -> str:
    """The strong player's reason for discarding ``tile`` (``how``: ``"best"``, ``"most"``,
    ``"good"`` or ``"least"``: best chance to make the bid, most tricks, best once every
    deal is counted (:data:`CLOSER_LOOK`), or no discard does better; ``chance``: the plain
    chance of making the bid with the tiles kept, said in its band's words,
    :func:`odds_tail`; ``fair``: said at the table, where the tile is face down and the trump
    not named yet; ``first``: the comparison is of the discards looked at closely (:data:`CLOSELY`),
    :func:`first_look_words`, ``other`` the dropped tile that looked better there, never named
    at the table; ``bid_chance``: the chance the seat's bid was said with, before the widow,
    :func:`odds_tail`)."""
    bid = view.bid
    goal = f"my {bid}"
    compared = how in ("best", "most", "good")
    # Some discards were dropped after a first look: the comparison is of those left, or, when
    # a dropped one looked better there, of the closer look, which says so.
    left = f"{CLOSELY.format(kind='discards')}, " if first == "left" and compared else ""
    note = ""
    if first == "higher":
        # At the table the dropped tile is not named, and "another only looked better at
        # first" says nothing: the reason stops at the closer look. After the hand it names it.
        note = ("" if how == "good" else f" {CLOSER_LOOK}") + ("" if fair or other is None else
                                                                f" ({other} only looked better at first)")
    other_left = " I looked at closely" if first == "left" and not compared else ""
    odd = ""
    if tr.is_trump(tile):
        odd = " even though it is a trump"
    elif tile.is_double:
        odd = " even though it is a double"
    with_trump = "" if view.trump is not None else f" with {as_trump(tr)}"
    keeps = {
        "best": [(f"the tiles I keep give me the best chance to make my {bid}", "it"),
                 ("the tiles I keep give me the best chance", goal)],
        "most": [("the tiles I keep take the most tricks", goal)],
        "good": [(f"the tiles I keep give me the best chance to make my {bid} {CLOSER_LOOK}", "it"),
                 (f"the tiles I keep give me the best chance {CLOSER_LOOK}", goal)],
    }.get(how, [("it is the tile I need least", goal)])
    options = []
    for keep, bid_said in keeps:
        tail = odds_tail(chance, bid_said, goal, before=bid_chance, joined=True)
        if fair:
            options.append(f"I lay one tile aside face down: {left}{keep}{note if compared else ''}{tail}.")
            continue
        for oddity in dict.fromkeys((odd, "")):
            if compared:
                options.append(f"I discard {tile}{oddity}: {left}{keep}{with_trump}{note}{tail}.")
            else:
                options.append(f"I discard {tile}: no other discard{other_left} does better{with_trump}{note}, and it "
                               f"is the tile I need least{tail}.")
    # The fewest words (without the trump and which discards were compared): a reason that
    # says how the widow moved the chance can run past the others' length.
    keep, bid_said = keeps[-1]
    tail = odds_tail(chance, bid_said, goal, before=bid_chance, joined=True)
    options.append(f"I lay one tile aside face down: {keep}{note}{tail}." if fair
                   else f"I discard {tile}: {keep}{note}{tail}.")
    # Fewer still: the comparison as "no other discard does better" (:func:`none_better`).
    tail = odds_tail(chance, goal, goal, before=bid_chance, joined=True)
    seen = "" if fair or other is None or first != "higher" else str(other)
    for fewest in dict.fromkeys((none_better("discard", how, first, seen), none_better("discard", how, first))):
        options.append(f"I lay one tile aside face down: {fewest}{tail}." if fair else f"I discard {tile}: {fewest}{tail}.")
    return _short(*dict.fromkeys(options))


def random_reason(only: bool) -> str:
    """The random player's reason."""
    if only:
        return "It is my only legal move."
    return "I am the random player: I pick one of my legal moves at random."
