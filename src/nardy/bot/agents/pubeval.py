"""Tesauro's "pubeval": a linear backgammon evaluation, the classic benchmark opponent.

Gerald Tesauro published it in 1993 (``pubeval.c``, IBM Research) as a public yardstick for
backgammon programs. It scores the position *after* a play, seen from the mover, as a dot
product of 122 weights with 122 inputs; one weight vector serves contact positions, another
the race. The mover picks the play whose position scores highest.

The inputs, in the published encoding, walk the mover's points from 24 down to 1, five per
point, for a point holding ``n`` checkers (positive: the mover's, negative: the opponent's):
``n == -1`` (an opponent blot), ``n == 1``, ``n >= 2``, ``n == 3``, and ``(n - 3) / 2`` when
``n >= 4``. Input 120 is half the opponent's checkers on the bar, input 121 the mover's
checkers borne off divided by 15. The mover's own bar is not an input. "Race" is judged on
the position *before* the play, as in the original.

Here the dot product is folded into a table per point: the score is 24 lookups and two
products.

>>> start = BACKGAMMON.start_position().cells
>>> round(score(start, race=False), 4)
6.8405
>>> PubevalPlayer().choose(start, (3, 1))[5:9]  # points 5..8 after 8/5 6/5
(2, 4, 0, 2)
"""

from __future__ import annotations

from typing import Final

from nardy.rules.cells import BAR, CHECKERS, OFF, OPP_BAR, Cells
from nardy.rules.plays import Dice, final_cells
from nardy.variants import BACKGAMMON

# The published weights, copied as data from Gerald Tesauro's pubeval.c (1993): first the
# race vector ``wr``, then the contact vector ``wc``, 122 numbers each.
RACE_WEIGHTS: Final = (
    0.00000, -0.17160, 0.27010, 0.29906, -0.08471, 0.00000, -1.40375,
    -1.05121, 0.07217, -0.01351, 0.00000, -1.29506, -2.16183, 0.13246,
    -1.03508, 0.00000, -2.29847, -2.34631, 0.17253, 0.08302, 0.00000,
    -1.27266, -2.87401, -0.07456, -0.34240, 0.00000, -1.34640, -2.46556,
    -0.13022, -0.01591, 0.00000, 0.27448, 0.60015, 0.48302, 0.25236, 0.00000,
    0.39521, 0.68178, 0.05281, 0.09266, 0.00000, 0.24855, -0.06844, -0.37646,
    0.05685, 0.00000, 0.17405, 0.00430, 0.74427, 0.00576, 0.00000, 0.12392,
    0.31202, -0.91035, -0.16270, 0.00000, 0.01418, -0.10839, -0.02781, -0.88035,
    0.00000, 1.07274, 2.00366, 1.16242, 0.22520, 0.00000, 0.85631, 1.06349,
    1.49549, 0.18966, 0.00000, 0.37183, -0.50352, -0.14818, 0.12039, 0.00000,
    0.13681, 0.13978, 1.11245, -0.12707, 0.00000, -0.22082, 0.20178, -0.06285,
    -0.52728, 0.00000, -0.13597, -0.19412, -0.09308, -1.26062, 0.00000, 3.05454,
    5.16874, 1.50680, 5.35000, 0.00000, 2.19605, 3.85390, 0.88296, 2.30052,
    0.00000, 0.92321, 1.08744, -0.11696, -0.78560, 0.00000, -0.09795, -0.83050,
    -1.09167, -4.94251, 0.00000, -1.00316, -3.66465, -2.56906, -9.67677,
    0.00000, -2.77982, -7.26713, -3.40177, -12.32252, 0.00000, 3.42040,
)  # fmt: skip
CONTACT_WEIGHTS: Final = (
    0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725,
    -1.06654, -0.92830, -1.99558, -1.10388, -0.80802, 0.09856, -0.62086,
    -1.27999, -0.59220, -0.73667, 0.89032, -0.38933, -1.59847, -1.50197,
    -0.60966, 1.56166, -0.47389, -1.80390, -0.83425, -0.97741, -1.41371,
    0.24500, 0.10970, -1.36476, -1.05572, 1.15420, 0.11069, -0.38319, -0.74816,
    -0.59244, 0.81116, -0.39511, 0.11424, -0.73169, -0.56074, 1.09792, 0.15977,
    0.13786, -1.18435, -0.43363, 1.06169, -0.21329, 0.04798, -0.94373, -0.22982,
    1.22737, -0.13099, -0.06295, -0.75882, -0.13658, 1.78389, 0.30416, 0.36797,
    -0.69851, 0.13003, 1.23070, 0.40868, -0.21081, -0.64073, 0.31061, 1.59554,
    0.65718, 0.25429, -0.80789, 0.08240, 1.78964, 0.54304, 0.41174, -1.06161,
    0.07851, 2.01451, 0.49786, 0.91936, -0.90750, 0.05941, 1.83120, 0.58722,
    1.28777, -0.83711, -0.33248, 2.64983, 0.52698, 0.82132, -0.58897, -1.18223,
    3.35809, 0.62017, 0.57353, -0.07276, -0.36214, 4.37655, 0.45481, 0.21746,
    0.10504, -0.61977, 3.54001, 0.04612, -0.18108, 0.63211, -0.87046, 2.47673,
    -0.48016, -1.27157, 0.86505, -1.11342, 1.24612, -0.82385, -2.77082,
    1.23606, -1.59529, 0.10438, -1.30206, -4.11520, 5.62596, -2.75800,
)  # fmt: skip

INPUTS: Final = 122
BAR_INPUT: Final = 120
OFF_INPUT: Final = 121
WON: Final = 99999999.0
"""The score of a play that bears off the last checker (the original's choice)."""


def point_inputs(n: int) -> tuple[float, float, float, float, float]:
    """The five inputs of a point holding ``n`` checkers (negative: the opponent's).

    >>> point_inputs(-1), point_inputs(3), point_inputs(6)
    ((1.0, 0.0, 0.0, 0.0, 0.0), (0.0, 0.0, 1.0, 1.0, 0.0), (0.0, 0.0, 1.0, 0.0, 1.5))
    """
    return (
        float(n == -1),
        float(n == 1),
        float(n >= 2),
        float(n == 3),
        (n - 3) / 2.0 if n >= 4 else 0.0,
    )


def inputs(cells: Cells) -> list[float]:
    """The 122 inputs of ``cells`` (the mover's view, after its play)."""
    x = [0.0] * INPUTS
    for point in range(1, 25):
        block = 5 * (24 - point)
        x[block : block + 5] = point_inputs(cells[point])
    x[BAR_INPUT] = cells[OPP_BAR] / 2.0
    x[OFF_INPUT] = cells[OFF] / 15.0
    return x


def _tables(weights: tuple[float, ...]) -> list[list[float]]:
    """``tables[point][n + 15]``: the weighted sum of the point's five inputs."""
    tables = [[0.0] * 31]
    for point in range(1, 25):
        block = weights[5 * (24 - point) : 5 * (24 - point) + 5]
        tables.append(
            [
                sum(w * x for w, x in zip(block, point_inputs(n), strict=True))
                for n in range(-15, 16)
            ]
        )
    return tables


_RACE_TABLES: Final = _tables(RACE_WEIGHTS)
_CONTACT_TABLES: Final = _tables(CONTACT_WEIGHTS)


def is_race(cells: Cells) -> bool:
    """Whether the two sides have passed each other (no contact is left).

    >>> is_race(BACKGAMMON.start_position().cells)
    False
    """
    mine = [p for p in range(1, 25) if cells[p] > 0]
    theirs = [p for p in range(1, 25) if cells[p] < 0]
    back = 25 if cells[BAR] else max(mine, default=0)
    their_back = 0 if cells[OPP_BAR] else min(theirs, default=25)
    return back < their_back


def score(cells: Cells, race: bool) -> float:
    """pubeval's score of ``cells`` (the mover's view after its play); higher is better.

    ``race`` is :func:`is_race` of the position *before* the play.
    """
    if cells[OFF] == CHECKERS:
        return WON
    tables = _RACE_TABLES if race else _CONTACT_TABLES
    weights = RACE_WEIGHTS if race else CONTACT_WEIGHTS
    total = sum(tables[p][cells[p] + 15] for p in range(1, 25))
    return (
        total + weights[BAR_INPUT] * cells[OPP_BAR] / 2.0 + weights[OFF_INPUT] * cells[OFF] / 15.0
    )


class PubevalPlayer:
    """Plays backgammon by pubeval: the play whose position scores highest.

    Ties go to the first play in the generator's order.
    """

    name = "pubeval"

    def __init__(self) -> None:
        self.variant = BACKGAMMON

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        """The final cells of the chosen play, or None when no play is legal."""
        finals = final_cells(self.variant, cells, dice)
        if not finals:
            return None
        race = is_race(cells)
        return max(finals, key=lambda final: score(final, race))
