"""The one-sided bear-off database: how many rolls one side needs, for every position.

For each of the 54,264 positions of :mod:`~nardy.bot.evaluation.bearoff.index` it holds the
chance of bearing off the last checker on exactly the n-th roll (n = 0..31), playing every
roll to make the expected number of rolls as small as possible, and, for the positions of
all 15 checkers, the same for bearing off the *first* checker (playing for that instead),
which is what decides a gammon.

It is solved by dynamic programming over the positions in order of pip count (every
step lowers it). The best play of a roll is found without listing the plays: since a
die can always be played while a checker is left (C6), the finals of a roll are just the
ends of its step paths, so the best final after "die a, then die b" is the best, over the
steps of die a, of the best step of die b from there — a table per die (and, for doubles,
per number of dice still to play) filled in the same pass.

>>> table = solve()
>>> one_on_six = int(index(np.array([[0, 0, 0, 0, 0, 1]]))[0])
>>> round(float(table.rolls[one_on_six, 1] * 36), 9)  # 11 rolls with a 6, 16 reach it
27.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.bearoff.index import (
    COUNT,
    MISSING,
    MOST,
    ROLLS,
    WAYS,
    Ints,
    checkers,
    index,
    pips,
    steps,
)

Array = npt.NDArray[np.float64]

LENGTH: Final = 32
"""Rolls counted: 0..31 (no position needs more than 30)."""


@dataclass(frozen=True)
class OneSided:
    """The two distributions, one row per position number."""

    rolls: Array
    """``rolls[i, n]``: the chance that position i needs exactly n rolls to bear off."""
    first: Array
    """``first[i, n]``: the chance that position i bears off its first checker on the
    n-th roll (playing for that); 1 at n = 0 when a checker is already off."""

    def mean(self) -> Array:
        """The expected number of rolls to bear off, per position."""
        return self.rolls @ np.arange(LENGTH)


def solve() -> OneSided:
    """Build the database (under a second on a quiet machine)."""
    return OneSided(_distribution(checkers() == 0), _distribution(checkers() < MOST))


def _distribution(done: npt.NDArray[np.bool_]) -> Array:
    """The distribution of rolls until a position in ``done`` is reached, playing each
    roll to make the expected number of rolls smallest."""
    step = steps()
    pip = pips()
    order = np.argsort(pip, kind="stable")
    bounds = np.searchsorted(pip[order], np.arange(pip.max() + 2))
    # value[k][d - 1]: least expected rolls after k more steps of die d; final: where to
    expected = np.full(COUNT + 1, np.inf)
    expected[:COUNT][done] = 0.0
    value = np.full((4, 6, COUNT + 1), np.inf)
    final = np.zeros((4, 6, COUNT + 1), dtype=np.int64)
    chosen = np.zeros((COUNT, len(ROLLS)), dtype=np.int64)
    rolls = np.zeros((COUNT, LENGTH))
    rolls[done, 0] = 1.0
    for level in range(len(bounds) - 1):
        group = order[bounds[level] : bounds[level + 1]]
        todo = group[~done[group]]
        if len(todo):
            total = np.zeros(len(todo))
            for r, (a, b) in enumerate(ROLLS):
                if a == b:
                    after = step[a - 1, todo]
                    candidates = value[2, a - 1][after]
                    finals = final[2, a - 1][after]
                else:
                    first, second = step[a - 1, todo], step[b - 1, todo]
                    candidates = np.hstack([value[0, b - 1][first], value[0, a - 1][second]])
                    finals = np.hstack([final[0, b - 1][first], final[0, a - 1][second]])
                best = np.argmin(candidates, axis=1)
                total += WAYS[r] * candidates[np.arange(len(todo)), best]
                chosen[todo, r] = finals[np.arange(len(todo)), best]
            expected[todo] = 1.0 + total / 36.0
            rolls[todo, 1:] = np.einsum("r,prn->pn", WAYS, rolls[chosen[todo], :-1]) / 36.0
        _extend(value, final, expected, step, group, done[group])
    return rolls


def _extend(
    value: Array,
    final: Ints,
    expected: Array,
    step: Ints,
    group: Ints,
    done: npt.NDArray[np.bool_],
) -> None:
    """Fill the per-die tables for the positions of one pip level: the best value after
    one, two or three more steps of a die, and the final reached."""
    rows = np.arange(len(group))
    for d in range(6):
        after = step[d, group]
        previous = expected
        for k in range(3):
            candidates = previous[after]
            best = np.argmin(candidates, axis=1)
            landed = after[rows, best]
            value[k, d, group] = candidates[rows, best]
            final[k, d, group] = landed if k == 0 else final[k - 1, d][landed]
            previous = value[k, d]
        value[:, d, group[done]] = expected[group[done]]
        final[:, d, group[done]] = group[done]


__all__ = ["LENGTH", "MISSING", "OneSided", "index", "solve"]
