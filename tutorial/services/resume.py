"""The learner's unfinished Play game, kept to be continued on Play or Home ("Continue your
game"), also in another browser opened with the personal link.

The game is kept as its Play query (:func:`tutorial.services.urlstate.encode`: deal, players,
rules, seat, level and the moves so far); the store keeps one per learner
(:mod:`store.saved_games`). This module decides when a game is worth saving, checks a saved
query before it is used (it is read from a database: anything may be there) and describes
it in a line.

>>> from engine import RuleSet
>>> from tutorial.services.urlstate import PlaySetup, encode
>>> game = reopen(encode(PlaySetup(RuleSet(players=4), deal=42), [["pass"]]))
>>> game.description
'4 players (two teams) · game 42, hand 1, bidding · scores: your team 0, their team 0 (game to 21 points) · computer: basic'
>>> reopen({"deal": "42", "players": "5"})
Traceback (most recent call last):
...
tutorial.services.urlstate.LinkError: The link asks for '5' players: Moon is played by 3 or 4.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine import Game
from tutorial.services.describe import seat_name
from tutorial.services.urlstate import LinkError, PlayLink, decode, encode, replay

__all__ = ["Resumable", "continues", "describe", "learner_moved", "reopen", "save_point"]


@dataclass(frozen=True)
class Resumable:
    """A saved game that opens: its query (written afresh, only the Play parameters), the
    decoded link, the game after its moves and a line describing it."""

    query: dict[str, str]
    request: PlayLink
    game: Game
    description: str


def learner_moved(game: Game, seat: int) -> bool:
    """Whether the learner (``seat``) has made a move in this game yet."""
    return game.hand_number > 1 or any(s == seat for s, _ in game.history)


def _flat(moves: list[list[str]]) -> list[str]:
    out: list[str] = []
    for i, hand in enumerate(moves):
        out += (["|"] if i else []) + hand
    return out


def continues(a: PlayLink, b: PlayLink) -> bool:
    """Whether ``a`` and ``b`` are one game at two moments: the same setup, and the moves of
    one the start of the other's (a link to an earlier or a later move of the game). A link
    to the same deal whose moves part from the game's is another game.

    >>> from tutorial.services.urlstate import PlaySetup
    >>> game = PlayLink(PlaySetup(deal=7), [["pass", "bid 5", "pass"], ["bid 4"]])
    >>> continues(game, PlayLink(PlaySetup(deal=7), [["pass", "bid 5"]]))
    True
    >>> continues(PlayLink(PlaySetup(deal=7), [["pass", "bid 5", "pass"], ["bid 4", "pass"]]), game)
    True
    >>> continues(game, PlayLink(PlaySetup(deal=7), [["pass", "bid 6"]]))
    False
    >>> continues(game, PlayLink(PlaySetup(deal=8), [["pass"]]))
    False
    """
    if a.setup != b.setup:
        return False
    x, y = _flat(a.moves), _flat(b.moves)
    n = min(len(x), len(y))
    return x[:n] == y[:n]


def save_point(game: Game, seat: int) -> bool:
    """Whether the game as it stands is one to save: not over, and either waiting for the
    learner (their turn, or the next hand to deal) or just after the learner's own move (so a
    learner who leaves while the computer thinks keeps that move; the computer's moves in
    between are not saved one by one)."""
    if game.phase == "game_over":
        return False
    if game.to_act == seat or game.hand_finished:
        return True
    return bool(game.history) and game.history[-1][0] == seat


def _sides(game: Game, seat: int) -> list[str]:
    if game.rules.players == 4:
        mine = game.rules.side_of(seat)
        return ["your team" if side == mine else "their team" for side in (0, 1)]
    return [seat_name(s, seat, 3) for s in range(3)]


def describe(game: Game, seat: int, level: str) -> str:
    """One line: players, the game (by its deal number, as Play's table names it: "game 42,
    hand 2"), where the hand stands (a hand played to its end is said finished, with the next
    one to deal), the scores and the computer."""
    players = "4 players (two teams)" if game.rules.players == 4 else "3 players"
    n = game.hand_number
    stage = {"bidding": "bidding", "discard": "the widow", "trump": "naming trump",
             "playing": f"trick {len(game.tricks) + 1}"}.get(str(game.phase))
    hand = f"game {game.seed}, hand {n}, {stage}" if stage else f"game {game.seed}, hand {n} finished, hand {n + 1} next"
    unit = "marks" if game.rules.scoring == "marks" else "points"
    scores = ", ".join(f"{name} {score}" for name, score in zip(_sides(game, seat), game.scores, strict=True))
    return f"{players} · {hand} · scores: {scores} (game to {game.rules.target} {unit}) · computer: {level}"


def reopen(query: Mapping[str, str]) -> Resumable:
    """The saved game ``query`` checked and rebuilt: :class:`~tutorial.services.urlstate.LinkError`
    (saying what is wrong) when it does not describe a game, when its moves do not fit its
    deal, or when the game is already over."""
    request = decode(query)
    game = replay(request.setup, request.moves)
    if game.phase == "game_over":
        raise LinkError("That game is already over.")
    return Resumable(encode(request.setup, request.moves), request, game,
                     describe(game, request.setup.seat, request.setup.level))
