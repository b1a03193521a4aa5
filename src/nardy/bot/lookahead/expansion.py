"""Every roll of many positions at once: the final positions of all their legal plays in
one array, for look-aheads that judge them in one batch.

The compiled move generator (``Rules.expand`` of :mod:`nardy._movegen`) writes the finals
of all 21 rolls of each position straight into bytes that numpy reads without a copy; the
fallback asks :func:`~nardy.rules.plays.final_cells` roll by roll. Both give the finals of
each roll in :func:`~nardy.rules.plays.final_cells`' order, so a first-best choice among
them is the same play as :meth:`~nardy.bot.evaluation.evaluator.Evaluator.best` makes.

>>> from nardy.variants import BACKGAMMON
>>> start = np.array([BACKGAMMON.start_position().cells])
>>> spread = expand(BACKGAMMON, start)
>>> spread.ends.shape, int(spread.count(0)[ROLLS.index(((1, 3), 1 / 18))])
((1, 21), 16)
>>> flip_rows(BACKGAMMON, start).tolist() == start.tolist()
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nardy.rules import kernel
from nardy.rules.cells import SIZE
from nardy.rules.plays import Dice, final_cells
from nardy.rules.variant import Variant

Rows = npt.NDArray[np.int64]

ROLLS: tuple[tuple[Dice, float], ...] = tuple(
    ((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)
)
"""The 21 distinct rolls with their chances, in the order the compiled kernel expands them."""

CHANCES = np.array([chance for _, chance in ROLLS])
"""The chance of each of :data:`ROLLS`."""


@dataclass(frozen=True)
class Expansion:
    """The finals of every roll of ``n`` positions: ``finals`` (F×30, position by position
    and roll by roll) and ``ends`` (n×21), the index in ``finals`` just past each roll's."""

    finals: Rows
    ends: Rows

    def count(self, position: int) -> Rows:
        """How many finals each roll of one position has (0: it cannot be played)."""
        flat = self.ends.reshape(-1)
        start = flat[position * len(ROLLS) - 1] if position else 0
        ends = self.ends[position]
        return np.diff(np.concatenate([[start], ends]))

    def best(self, values: npt.NDArray[np.float64]) -> Rows:
        """The index in ``finals`` of the first final with the highest of ``values`` for each
        (position, roll), n×21; -1 where the roll cannot be played."""
        flat_ends = self.ends.reshape(-1)
        starts = np.concatenate([[0], flat_ends[:-1]])
        chosen = np.full(len(flat_ends), -1, dtype=np.int64)
        played = flat_ends > starts
        if played.any():
            # each roll's finals lie together, so a roll's best is the first of its finals
            # at its maximum (one pass; a sort by roll and value cost 70 times as much)
            first = starts[played]
            top = np.maximum.reduceat(values, first)
            hits = np.flatnonzero(values == np.repeat(top, (flat_ends - starts)[played]))
            chosen[played] = hits[np.searchsorted(hits, first)]
        return chosen.reshape(self.ends.shape)


def expand(variant: Variant, positions: Rows) -> Expansion:
    """The finals of all 21 rolls of each row of ``positions`` (the roller's view)."""
    positions = np.asarray(positions, dtype=np.int64).reshape(-1, SIZE)
    compiled = kernel.compiled(variant)
    if compiled is not None:
        data, ends = compiled.expand(positions.astype(np.int8).tobytes())
        finals = np.frombuffer(data, dtype=np.int8).reshape(-1, SIZE).astype(np.int64)
        bounds = np.frombuffer(ends, dtype=np.int32).astype(np.int64)
        return Expansion(finals, bounds.reshape(len(positions), len(ROLLS)))
    found: list[tuple[int, ...]] = []
    bounds_list: list[int] = []
    for cells in positions.tolist():
        for dice, _ in ROLLS:
            found.extend(final_cells(variant, tuple(cells), dice))
            bounds_list.append(len(found))
    finals = np.array(found, dtype=np.int64).reshape(-1, SIZE)
    return Expansion(finals, np.array(bounds_list, dtype=np.int64).reshape(-1, len(ROLLS)))


def flip_rows(variant: Variant, rows: Rows) -> Rows:
    """Each row seen from the other side, as :meth:`~nardy.rules.variant.Variant.flip`
    turns one position."""
    turned = rows[:, list(variant.flip_index)]
    turned[:, 1:25] *= -1
    return turned
