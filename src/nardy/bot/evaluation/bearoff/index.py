"""One side's bear-off positions, numbered, and the single steps between them.

A one-sided position is the number of checkers on each of the six home points, at most
:data:`MOST` in all (the rest are borne off). Its number is given by the combinatorial
number system: write the position as a row of 21 slots — ``c6`` checkers (those on the
6-point), a bar, ``c5`` checkers, a bar, …, ``c1`` checkers, a bar, then the borne-off
checkers — so the six bars stand in slots ``b_k = c6 + … + c(7−k) + k − 1`` (k = 1..6),
and the number is ``C(b_1, 1) + C(b_2, 2) + … + C(b_6, 6)``. Every position gets a number
from 0 (no checker left) to ``C(21, 6) − 1 = 54263``; one checker on the 1-point is 1, on
the 2-point 2, two on the 1-point 7 (GNU Backgammon numbers its bear-off positions the same
way). The positions of at most n checkers are exactly the numbers below ``C(n + 6, 6)``,
so a smaller database is the first part of a larger one.

>>> index(np.array([[0] * 6, [1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]]))
array([0, 1, 2, 7])
>>> COUNT, positions_up_to(6)
(54264, 924)
>>> bool((index(positions()) == np.arange(COUNT)).all())
True
"""

from __future__ import annotations

from functools import cache
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]

POINTS: Final = 6
"""Home points 1..6 (RULES.md C6 and every variant's bear-off)."""
MOST: Final = 15
"""Checkers per side (C1)."""
COUNT: Final = comb(MOST + POINTS, POINTS)
"""One-sided positions of up to 15 checkers."""

_BINOMIAL: Final = np.array(
    [[comb(n, k) for k in range(POINTS + 1)] for n in range(MOST + POINTS + 1)], dtype=np.int64
)


def positions_up_to(checkers: int) -> int:
    """How many one-sided positions have at most ``checkers`` checkers (also the first
    number of a position with more)."""
    return comb(checkers + POINTS, POINTS)


def index(counts: Ints) -> Ints:
    """The number of each row of ``counts`` (checkers on points 1..6, N×6)."""
    bars = np.cumsum(counts[:, ::-1], axis=1) + np.arange(POINTS)
    return _BINOMIAL[bars, np.arange(1, POINTS + 1)].sum(axis=1)  # type: ignore[no-any-return]


@cache
def positions() -> Ints:
    """``positions()[i]``: the checkers on points 1..6 of position number i."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for _ in range(POINTS):  # add a point: every count the checkers left allow
        room = MOST - rows.sum(axis=1)
        parent = np.repeat(np.arange(len(rows)), room + 1)
        first = np.repeat(np.cumsum(room + 1) - (room + 1), room + 1)
        rows = np.column_stack([rows[parent], np.arange(len(parent)) - first])
    table = np.empty_like(rows)
    table[index(rows)] = rows
    table.flags.writeable = False
    return table


@cache
def pips() -> Ints:
    """The pip count of each position."""
    return positions() @ np.arange(1, POINTS + 1)


@cache
def checkers() -> Ints:
    """How many checkers are left in each position."""
    return positions().sum(axis=1)  # type: ignore[no-any-return]


MISSING: Final = COUNT
"""Marks an illegal step in :func:`steps` (one past the last position, so that a value
table with one extra entry can give it a value of its own)."""


@cache
def steps() -> Ints:
    """``steps()[die - 1, i, p - 1]``: the position after one checker leaves point p of
    position i with ``die``, or :data:`MISSING` where that step is not legal (RULES.md C6).

    A checker on p > die moves to p − die, one on p = die is borne off, and one below the
    die only from the highest occupied point. The empty position stays empty (a die
    left over once every checker is off is not played).

    >>> one_on_three = int(index(np.array([[0, 0, 1, 0, 0, 0]]))[0])
    >>> steps()[5, one_on_three].tolist() == [MISSING, MISSING, 0, MISSING, MISSING, MISSING]
    True
    """
    table = positions()
    result = np.full((6, COUNT, POINTS), MISSING, dtype=np.int64)
    highest = np.where(table > 0, np.arange(1, POINTS + 1), 0).max(axis=1)
    for die in range(1, 7):
        for point in range(1, POINTS + 1):
            column = point - 1
            legal = table[:, column] > 0
            if point < die:
                legal &= highest == point
            after = table[legal].copy()
            after[:, column] -= 1
            if point > die:
                after[:, point - die - 1] += 1
            result[die - 1, legal, column] = index(after)
        result[die - 1, 0] = MISSING
        result[die - 1, 0, 0] = 0
    result.flags.writeable = False
    return result


ROLLS: Final = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct rolls."""
WAYS: Final = np.array([1.0 if a == b else 2.0 for a, b in ROLLS])
"""In how many of the 36 ways each falls (sums weighted by these and then divided by 36
are exact where the chances are)."""
