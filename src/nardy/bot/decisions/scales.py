"""What a result of the game is worth to the player on roll: points in money play
(:data:`MONEY`), a match winning chance at a match score (:class:`MatchScale`, read from a
:class:`MatchEquityTable`); and each scale's take point against a double with a fully live
cube. :mod:`nardy.bot.decisions.cube` explains the interpolation these serve.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import Protocol

from nardy.bot.decisions.chances import Probabilities, Values, outcomes

MET_FILE = "met-kazaross-xg2.json"
_EPSILON = 1e-9


class Scale(Protocol):
    """What a result is worth to the roller: points (money) or a match winning chance."""

    def win(self, points: int) -> float:
        """The roller's value after winning ``points``."""

    def lose(self, points: int) -> float:
        """The roller's value after losing ``points``."""

    def flipped(self) -> Scale:
        """The same scale for the opponent."""

    def other(self, value: float) -> float:
        """The opponent's value when the roller's is ``value``."""

    def take_point(self, probs: Probabilities, values: Values, cube: int, limit: int) -> float:
        """The roller's take point against a double from ``cube`` with a fully live cube."""


def averages(probs: Probabilities, values: Values, scale: Scale, cube: int) -> tuple[float, float]:
    """The roller's average value after a win and after a loss at ``cube``."""
    wins, losses = outcomes(probs, values)
    if probs.win > _EPSILON:
        won = sum(chance * scale.win(cube * m) for chance, m in wins) / probs.win
    else:
        won = scale.win(cube)
    if probs.win < 1.0 - _EPSILON:
        lost = sum(chance * scale.lose(cube * m) for chance, m in losses) / (1.0 - probs.win)
    else:
        lost = scale.lose(cube)
    return won, lost


@dataclass(frozen=True)
class MoneyScale:
    """Money play: a result is worth its points.

    >>> from nardy.rules.settings import CUBE_LIMIT
    >>> MONEY.take_point(Probabilities(0.5), Values(), 1, CUBE_LIMIT)
    0.2
    """

    def win(self, points: int) -> float:
        return float(points)

    def lose(self, points: int) -> float:
        return -float(points)

    def flipped(self) -> MoneyScale:
        return self

    def other(self, value: float) -> float:
        return -value

    def take_point(self, probs: Probabilities, values: Values, cube: int, limit: int) -> float:
        """Janowski's live-cube take point (L − ½)/(W + L + ½), W and L per cube."""
        won, lost = averages(probs, values, self, 1)
        return clamp((-lost - 0.5) / (won - lost + 0.5))


MONEY = MoneyScale()


@dataclass(frozen=True)
class MatchEquityTable:
    """Chances to win a match from its away scores; see :meth:`equity`."""

    name: str
    source: str
    pre_crawford: tuple[tuple[float, ...], ...]
    post_crawford: tuple[float, ...]

    @classmethod
    def load(cls, filename: str = MET_FILE) -> MatchEquityTable:
        """A table shipped in ``nardy/bot/data`` (read from the package, never the network).

        >>> met = MatchEquityTable.load()
        >>> met.name, met.equity(1, 2), met.equity(2, 1, post_crawford=True)
        ('Kazaross XG2 25 point MET', 0.67736, 0.48803)
        """
        text = (resources.files("nardy.bot") / "data" / filename).read_text(encoding="utf-8")
        data = json.loads(text)
        return cls(
            data["name"],
            data["source"],
            tuple(tuple(float(v) for v in row) for row in data["pre_crawford"]),
            tuple(float(v) for v in data["post_crawford"]),
        )

    @property
    def length(self) -> int:
        return len(self.pre_crawford)

    def equity(self, away: int, opponent_away: int, post_crawford: bool = False) -> float:
        """The chance to win the match of a player ``away`` points from winning against one
        ``opponent_away`` away. A player at 1-away is at the start of the Crawford game
        unless ``post_crawford``. Scores beyond the table are scaled down to it.

        >>> met = MatchEquityTable.load()
        >>> met.equity(0, 3), met.equity(5, -1), met.equity(3, 3)
        (1.0, 0.0, 0.5)
        """
        if away <= 0:
            return 1.0
        if opponent_away <= 0:
            return 0.0
        n = self.length
        if post_crawford and 1 in (away, opponent_away):
            if away == 1:
                return 1.0 - self.post_crawford[min(opponent_away, n) - 1]
            return self.post_crawford[min(away, n) - 1]
        longest = max(away, opponent_away)
        if longest > n:  # an approximation: the same proportions within the table
            away = max(1, round(away * n / longest))
            opponent_away = max(1, round(opponent_away * n / longest))
        return self.pre_crawford[away - 1][opponent_away - 1]


@cache
def kazaross_xg2() -> MatchEquityTable:
    """The shipped table, loaded once."""
    return MatchEquityTable.load()


@dataclass(frozen=True)
class MatchScale:
    """Match play from the roller's side: ``away`` and ``opponent_away`` points to go;
    ``post_crawford`` once a 1-away score no longer brings a Crawford game.

    >>> score = MatchScale(4, 4)
    >>> score.win(1), score.lose(2)
    (0.5715, 0.3313)
    """

    away: int
    opponent_away: int
    post_crawford: bool = False
    table: MatchEquityTable = field(default_factory=kazaross_xg2, repr=False)

    def equity(self, away: int, opponent_away: int) -> float:
        return self.table.equity(away, opponent_away, self.post_crawford)

    def win(self, points: int) -> float:
        return self.equity(self.away - points, self.opponent_away)

    def lose(self, points: int) -> float:
        return self.equity(self.away, self.opponent_away - points)

    def flipped(self) -> MatchScale:
        return MatchScale(self.opponent_away, self.away, self.post_crawford, self.table)

    def other(self, value: float) -> float:
        return 1.0 - value

    def take_point(self, probs: Probabilities, values: Values, cube: int, limit: int) -> float:
        """The lowest chance at which owning the doubled cube is worth passing's value."""
        doubled = 2 * cube
        won, lost = averages(probs, values, self, doubled)
        knots = [(0.0, lost)]
        if 2 * doubled <= limit:  # the taker may redouble where the doubler must pass
            theirs = self.flipped().take_point(probs.flipped(), values, doubled, limit)
            knots.append((1.0 - theirs, self.win(doubled)))
        knots.append((1.0, won))
        return solve(knots, self.lose(cube))


def clamp(p: float) -> float:
    return min(max(p, 0.0), 1.0)


def interpolate(p: float, knots: Sequence[tuple[float, float]]) -> float:
    """The broken line through ``knots`` (increasing abscissae) at ``p``."""
    for (x0, y0), (x1, y1) in pairwise(knots):
        if p <= x1:
            return y0 if x1 <= x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return knots[-1][1]


def solve(knots: Sequence[tuple[float, float]], target: float) -> float:
    """The lowest p where the (rising) broken line through ``knots`` reaches ``target``."""
    if knots[0][1] >= target:
        return knots[0][0]
    for (x0, y0), (x1, y1) in pairwise(knots):
        if y1 >= target:
            return x0 if y1 <= y0 else clamp(x0 + (target - y0) * (x1 - x0) / (y1 - y0))
    return 1.0
