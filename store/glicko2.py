"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012), as Lichess rates
its puzzles: each attempt is a game between the learner and the puzzle, won by whoever "wins"
it (the learner if right first time without a hint).

The paper's worked example: a 1500 player (RD 200, volatility 0.06) beats a 1400 (RD 30), then
loses to a 1550 (RD 100) and a 1700 (RD 300)::

>>> r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                                     (Rating(1700, 300), 0.0)])
>>> round(r.rating, 2), round(r.rd, 2), round(r.vol, 6)
(1464.05, 151.52, 0.059996)

(The paper prints 1464.06 and 0.05999: it rounds its intermediate steps.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["PROVISIONAL_RD", "TAU", "Rating", "expected", "provisional", "update", "update_pair"]

#: The system constant: how much the volatility may change (0.3-1.2; the paper uses 0.5).
TAU = 0.5
#: A rating whose deviation is above this is provisional (Lichess's threshold): a new learner
#: starts at 350 and needs about fifteen rated puzzles to come under it. Until then one result
#: moves it by hundreds (a first loss to a 1000 puzzle takes 1500 to 1049), as Glicko-2 means it
#: to, so it is not shown as a settled figure.
PROVISIONAL_RD = 110.0
_SCALE = 173.7178
_EPS = 1e-6


@dataclass(frozen=True)
class Rating:
    """A rating, its deviation (RD) and its volatility, on the Glicko scale (1500 = average)."""

    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06


def provisional(rd: float) -> bool:
    """Whether a rating with deviation ``rd`` is still provisional.

    >>> provisional(350.0), provisional(90.0)
    (True, False)
    """
    return not rd <= PROVISIONAL_RD


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(a: Rating, b: Rating) -> float:
    """The chance (0-1) that ``a`` beats ``b``.

    >>> round(expected(Rating(1500, 50), Rating(1500, 50)), 3)
    0.5
    """
    return _e((a.rating - 1500) / _SCALE, (b.rating - 1500) / _SCALE, b.rd / _SCALE)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period of ``games`` (opponent, score 1/0.5/0)."""
    mu, phi, sigma = (player.rating - 1500) / _SCALE, player.rd / _SCALE, player.vol
    if not games:
        return Rating(player.rating, min(350.0, math.sqrt(phi * phi + sigma * sigma) * _SCALE), sigma)
    v_inv = 0.0
    total = 0.0
    for opp, score in games:
        mu_j, phi_j = (opp.rating - 1500) / _SCALE, opp.rd / _SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1.0 / v_inv
    delta = v * total
    # The new volatility: the Illinois algorithm of step 5.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPS:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = c, f_c
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Rating(1500 + _SCALE * new_mu, _SCALE * new_phi, new_sigma)


def update_pair(learner: Rating, puzzle: Rating, learner_won: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt (each rated against the other's rating before it).

    >>> lr, pz = update_pair(Rating(1500, 350), Rating(1500, 200), True)
    >>> lr.rating > 1500 > pz.rating
    True
    """
    s = 1.0 if learner_won else 0.0
    return update(learner, [(puzzle, s)]), update(puzzle, [(learner, 1.0 - s)])
