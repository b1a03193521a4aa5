"""Glicko-2 ratings, after Mark E. Glickman, "Example of the Glicko-2 system" (2022 revision).

A rating is three numbers: the rating r (1500 for a newcomer), the rating deviation RD (how
unsure the rating is: 350 for a newcomer, falling as games are played) and the volatility σ
(how erratic the player's results are). :func:`rate` plays one rating period: the player's
results against opponents rated before the period. :func:`idle` widens the deviation for
periods without games.

Why not a package from PyPI: the one most used (``glicko2`` 2.1.0) puts μ² where the
volatility step needs φ² (its ``_f``), which goes unnoticed in the paper's example only
because that player's μ is 0; it also keeps τ in a class attribute. This module is small,
typed and checked against every figure of the paper (``tests/ratings``).

The paper's worked example: a 1500 player with RD 200 beats a 1400 (RD 30) and loses to a
1550 (RD 100) and a 1700 (RD 300).

>>> after = rate(Rating(1500, 200), [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
...                                  (Rating(1700, 300), 0)])
>>> round(after.rating, 1), round(after.deviation, 2), round(after.volatility, 6)
(1464.1, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's internal scale: μ = (r − 1500) / SCALE, φ = RD / SCALE."""
START = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.5
"""The system constant that limits how fast the volatility changes (the paper suggests
0.3 to 1.2; a game of dice gets the middle of the lower range)."""
EPSILON = 0.000001
"""Convergence tolerance of the volatility iteration (the paper's value)."""


@dataclass(frozen=True)
class Rating:
    """A player's rating before or after a rating period."""

    rating: float = START
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - START) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE


Result = tuple[Rating, float]
"""An opponent as rated before the period, and the score against them (1 win, 0 loss,
0.5 draw)."""


@dataclass(frozen=True)
class Period:
    """One rating period worked out step by step, with the paper's quantities."""

    before: Rating
    v: float
    """The estimated variance of the rating from the game outcomes alone (step 3)."""
    delta: float
    """The estimated improvement in rating (step 4), Δ."""
    volatility: float
    """The new volatility σ′ (step 5)."""
    phi_star: float
    """The deviation grown by the new volatility, φ* (step 6)."""
    after: Rating


def g(phi: float) -> float:
    """How much a result counts given the opponent's deviation φ (the paper's g)."""
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def expected(mu: float, mu_opponent: float, phi_opponent: float) -> float:
    """The expected score against an opponent (the paper's E)."""
    return 1 / (1 + math.exp(-g(phi_opponent) * (mu - mu_opponent)))


def period(player: Rating, results: Sequence[Result], tau: float = TAU) -> Period:
    """Steps 2 to 8 of the paper for a player who played ``results`` in the period."""
    if not results:
        raise ValueError("a rating period with games needs at least one result")
    for _, score in results:
        if not 0 <= score <= 1:
            raise ValueError(f"a score is between 0 and 1, not {score}")
    mu, phi, sigma = player.mu, player.phi, player.volatility
    weights = [(g(o.phi), expected(mu, o.mu, o.phi), score) for o, score in results]
    v = 1 / sum(gj * gj * ej * (1 - ej) for gj, ej, _ in weights)
    delta = v * sum(gj * (score - ej) for gj, ej, score in weights)
    volatility = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + volatility * volatility)
    phi_after = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_after = mu + phi_after * phi_after * sum(gj * (score - ej) for gj, ej, score in weights)
    after = Rating(START + SCALE * mu_after, SCALE * phi_after, volatility)
    return Period(player, v, delta, volatility, phi_star, after)


def rate(player: Rating, results: Sequence[Result], tau: float = TAU) -> Rating:
    """The player's rating after a period with ``results``; a period without any is
    :func:`idle`."""
    return period(player, results, tau).after if results else idle(player)


def idle(player: Rating, periods: int = 1) -> Rating:
    """The rating after ``periods`` periods without a game: the deviation grows by the
    volatility each period (the paper's step 6), never beyond a newcomer's.

    >>> round(idle(Rating(1500, 50), 10).deviation, 1)
    59.9
    """
    if periods <= 0:
        return player
    phi = math.sqrt(player.phi**2 + periods * player.volatility**2)
    return Rating(player.rating, min(START_DEVIATION, SCALE * phi), player.volatility)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois variant of regula falsi."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a  # the paper's A and B bracket the root of f
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)
