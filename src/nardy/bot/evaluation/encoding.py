"""Positions as network inputs, for any variant, many at once.

Each side is described in its own numbering (the opponent's through the variant's
:meth:`~nardy.rules.variant.Variant.mirror`), so one encoding serves every variant and
turning the board round just swaps the two halves.

Per side: for each of its 24 points four units (at least 1, 2 and 3 checkers, and half
of any beyond 3), then the bar, the reserve and the borne-off counts, and the pip count.

>>> from nardy.variants import BACKGAMMON
>>> encoder = Encoder(BACKGAMMON)
>>> start = np.array([BACKGAMMON.start_position().cells])
>>> x = encoder.encode(start)
>>> x.shape, bool((x[:, :SIDE] == x[:, SIDE:]).all())
((1, 200), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from nardy.rules.cells import BAR, OFF, OPP_BAR, OPP_OFF, OPP_RESERVE, RESERVE, Cells
from nardy.rules.variant import Variant

SIDE = 24 * 4 + 4
"""Inputs describing one side."""
INPUTS = 2 * SIDE

Array = npt.NDArray[np.float64]


def _units(sign: int) -> npt.NDArray[np.float64]:
    """``_units(sign)[v + 15]``: the four point units for ``sign * v`` checkers of a side."""
    table = np.zeros((31, 4))
    for value in range(-15, 16):
        n = max(sign * value, 0)
        table[value + 15] = (n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2.0)
    return table


MINE, THEIRS = _units(1), _units(-1)


class Encoder:
    """Turns cells into network inputs for one variant."""

    def __init__(self, variant: Variant, dtype: type[np.floating[Any]] = np.float64) -> None:
        mirror = [variant.mirror(p) for p in range(1, 25)]
        # column j of the opponent's own board is the roller's point whose mirror is j + 1
        self.opponent_points = np.array([mirror.index(q) + 1 for q in range(1, 25)])
        self.points = np.arange(1, 25)
        self.weights = np.arange(1, 25, dtype=np.float64)
        self.dtype = dtype
        self.mine = MINE.astype(dtype)
        self.theirs = THEIRS.astype(dtype)

    def encode(
        self, cells: npt.NDArray[np.int64], flipped: bool = False, out: Array | None = None
    ) -> Array:
        """Inputs for each row of ``cells`` (shape N×30); with ``flipped``, for the same
        positions seen from the opponent (the board turned round). ``out`` may be a
        reused buffer of at least N rows (fresh memory is slow to touch on some hosts)."""
        n = len(cells)
        out = np.empty((n, INPUTS), dtype=self.dtype) if out is None else out[:n]
        first, second = (SIDE, 0) if flipped else (0, SIDE)
        board = cells[:, self.points] + 15
        out[:, first : first + 96] = self.mine[board].reshape(n, 96)
        theirs = cells[:, self.opponent_points] + 15
        out[:, second : second + 96] = self.theirs[theirs].reshape(n, 96)
        own = np.maximum(cells[:, self.points], 0)
        other = np.maximum(-cells[:, self.opponent_points], 0)
        for start, index, pips in (
            (first, (BAR, RESERVE, OFF), own),
            (second, (OPP_BAR, OPP_RESERVE, OPP_OFF), other),
        ):
            bar, reserve, off = (cells[:, i] for i in index)
            out[:, start + 96] = bar / 2.0
            out[:, start + 97] = reserve / 15.0
            out[:, start + 98] = off / 15.0
            out[:, start + 99] = (pips @ self.weights + 25 * (bar + reserve)) / 200.0
        return out

    def encode_cells(self, cells: Sequence[Cells], flipped: bool = False) -> Array:
        """:meth:`encode` for a sequence of cell tuples."""
        return self.encode(np.array(cells, dtype=np.int64).reshape(-1, 30), flipped)
