"""The two-sided bear-off database: the exact chance to win when both sides bear off.

For every pair of one-sided positions of at most ``checkers`` checkers each (numbered as in
:mod:`~nardy.bot.evaluation.bearoff.index`), ``wins[x, y]`` is the chance that the player on roll,
with position x, bears off before the opponent with position y, both playing every roll
to win as often as possible. No gammon is possible (both sides have borne off checkers),
so the cubeless equity is ``2 * wins - 1``.

It is solved by dynamic programming over the pairs in order of total pip count: with a
roll, the mover picks the final position x' that leaves the opponent (now on roll in
``(y, x')``) the smallest chance, and that pair has fewer pips in all.

>>> table = solve(2)
>>> one_on_one, one_on_six = 1, 6
>>> round(float(table.wins[one_on_six, one_on_one] * 36), 9), float(table.wins[one_on_one, 6])
(27.0, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.bearoff.index import (
    MISSING,
    ROLLS,
    WAYS,
    Ints,
    pips,
    positions_up_to,
    steps,
)

Array = npt.NDArray[np.float64]


@dataclass(frozen=True)
class TwoSided:
    """Winning chances for the player on roll, both sides with at most ``checkers``."""

    checkers: int
    wins: Array
    """``wins[x, y]``: the roller's chance with position x against position y."""

    @property
    def size(self) -> int:
        """Positions per side."""
        return len(self.wins)


@cache
def finals(checkers: int) -> tuple[Ints, ...]:
    """For each of the 21 rolls, the final positions of its plays from each position of
    at most ``checkers`` checkers: a row per position, padded with :data:`MISSING`.

    A die can always be played while a checker is left (C6), so the finals are the ends
    of every order of the steps (all four with a double), each kept once.

    >>> [len(set(row) - {MISSING}) for row in finals(2)[0][[1, 7]]]  # 1-1: one or two on the 1
    [1, 1]
    """
    count = positions_up_to(checkers)
    step = steps()[:, :count]
    result = []
    for a, b in ROLLS:
        if a == b:
            frontier = np.arange(count)[:, None]
            for _ in range(4):
                frontier = _unique_rows(_advance(step[a - 1], frontier))
        else:
            start = np.arange(count)[:, None]
            both = np.hstack(
                [
                    _advance(step[b - 1], _advance(step[a - 1], start)),
                    _advance(step[a - 1], _advance(step[b - 1], start)),
                ]
            )
            frontier = _unique_rows(both)
        result.append(frontier)
    return tuple(result)


def _advance(step: Ints, frontier: Ints) -> Ints:
    """Every position one step of a die away from those in ``frontier`` (row by row)."""
    padded = np.vstack([step, np.full((1, step.shape[1]), MISSING)])
    return padded[np.minimum(frontier, len(step))].reshape(len(frontier), -1)


def _unique_rows(rows: Ints) -> Ints:
    """Each row's distinct values first, then :data:`MISSING` padding, trimmed."""
    ordered = np.sort(rows, axis=1)
    repeat = np.zeros_like(ordered, dtype=bool)
    repeat[:, 1:] = ordered[:, 1:] == ordered[:, :-1]
    ordered[repeat] = MISSING
    ordered.sort(axis=1)
    width = int((ordered != MISSING).sum(axis=1).max())
    return ordered[:, :width]


def solve(checkers: int) -> TwoSided:
    """Build the database for sides of at most ``checkers`` checkers (6 takes about a
    second and a half here, 7 five seconds, 8 fifteen)."""
    count = positions_up_to(checkers)
    rolls = finals(checkers)
    moves = np.hstack([np.where(f == MISSING, count, f) for f in rolls])
    starts = np.cumsum([0] + [f.shape[1] for f in rolls[:-1]])
    pip = pips()[:count]
    by_pips = [np.nonzero(pip == p)[0] for p in range(int(pip.max()) + 1)]
    top = len(by_pips) - 1
    # wins[x, y], with a last column of ones that no final ever picks
    wins = np.ones((count, count + 1))
    wins[:, 0] = 0.0  # the opponent has borne off: the roller has lost
    for total in range(1, 2 * top + 1):
        for own in range(max(1, total - top), min(total - 1, top) + 1):
            xs, ys = by_pips[own], by_pips[total - own]
            if len(xs) and len(ys):
                replies = wins[ys].take(moves[xs], axis=1)  # y, x, every final of every roll
                best = np.minimum.reduceat(replies, starts, axis=2)  # y, x, roll
                wins[np.ix_(xs, ys)] = ((1.0 - best) @ WAYS).T / 36.0
    return TwoSided(checkers, wins[:, :count])


__all__ = ["TwoSided", "finals", "solve"]
