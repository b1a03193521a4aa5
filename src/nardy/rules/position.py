"""Immutable positions of any variant, seen from the player on roll.

>>> from nardy.variants import BACKGAMMON
>>> start = BACKGAMMON.start_position()
>>> start.board[:8]
(-2, 0, 0, 0, 0, 5, 0, 3)
>>> start.pip_counts()
(167, 167)
>>> start.flipped() == start
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nardy.rules.cells import (
    BAR,
    CHECKERS,
    OFF,
    OPP_BAR,
    OPP_OFF,
    OPP_RESERVE,
    RESERVE,
    SIZE,
    Cells,
    opponent_count,
    roller_count,
)
from nardy.rules.errors import InvalidPositionError

if TYPE_CHECKING:
    from nardy.rules.variant import Variant

Pair = tuple[int, int]
"""A ``(roller, opponent)`` pair of counts."""


@dataclass(frozen=True, slots=True)
class Position:
    """A position of ``variant`` from the point of view of the roller.

    ``cells`` holds the 30 integers described in :mod:`nardy.rules.cells`. The plain
    constructor trusts its arguments (the move generator makes millions of positions);
    :meth:`build` and :meth:`validate` check them. The compiled generator
    (:mod:`nardy.rules.kernel`) fills the two slots of new instances directly, so the
    constructor must stay a plain field setter.
    """

    variant: Variant
    cells: Cells

    @classmethod
    def build(
        cls,
        variant: Variant,
        board: Sequence[int],
        bar: Pair = (0, 0),
        off: Pair = (0, 0),
        reserve: Pair = (0, 0),
    ) -> Position:
        """A checked position from its parts, as in the position JSON.

        >>> from nardy.variants import LONG_NARDY
        >>> Position.build(LONG_NARDY, [0] * 24)
        Traceback (most recent call last):
        ...
        nardy.rules.errors.InvalidPositionError: the roller has 0 checkers, not 15
        """
        if len(board) != 24:
            raise InvalidPositionError(f"a board has 24 points, not {len(board)}")
        for name, pair in (("bar", bar), ("off", off), ("reserve", reserve)):
            if len(pair) != 2 or any(not isinstance(n, int) or n < 0 for n in pair):
                raise InvalidPositionError(
                    f"{name} must be two counts of checkers [roller, opponent], got {list(pair)}"
                )
        if any(not isinstance(n, int) or isinstance(n, bool) for n in board):
            raise InvalidPositionError("every point of the board must be a whole number")
        cells = (off[0], *board, bar[0], reserve[0], off[1], bar[1], reserve[1])
        position = cls(variant, tuple(cells))
        position.validate()
        return position

    def validate(self) -> None:
        """Raise :class:`InvalidPositionError` unless this position can occur."""
        if len(self.cells) != SIZE:
            raise InvalidPositionError(f"a position has {SIZE} cells, not {len(self.cells)}")
        for side, count in (
            ("roller", roller_count(self.cells)),
            ("opponent", opponent_count(self.cells)),
        ):
            if count != CHECKERS:
                raise InvalidPositionError(f"the {side} has {count} checkers, not {CHECKERS}")
        self.variant.validate(self.cells)

    @property
    def board(self) -> tuple[int, ...]:
        """Points 1..24: positive for the roller's checkers, negative for the opponent's."""
        return self.cells[1:25]

    @property
    def bar(self) -> Pair:
        """Checkers on the bar, ``(roller, opponent)``."""
        return self.cells[BAR], self.cells[OPP_BAR]

    @property
    def off(self) -> Pair:
        """Checkers borne off, ``(roller, opponent)``."""
        return self.cells[OFF], self.cells[OPP_OFF]

    @property
    def reserve(self) -> Pair:
        """Checkers not yet entered (Dutch), ``(roller, opponent)``."""
        return self.cells[RESERVE], self.cells[OPP_RESERVE]

    def flipped(self) -> Position:
        """The same position seen from the opponent: the board turned round.

        >>> from nardy.variants import LONG_NARDY
        >>> LONG_NARDY.start_position().flipped().board[11], LONG_NARDY.start_position().board[23]
        (-15, 15)
        """
        return Position(self.variant, self.variant.flip(self.cells))

    def pip_counts(self) -> Pair:
        """Pips each side still has to travel, ``(roller, opponent)``.

        A checker on the bar or in reserve counts 25 pips.

        >>> from nardy.variants import BACKGAMMON, LONG_NARDY
        >>> BACKGAMMON.start_position().pip_counts(), LONG_NARDY.start_position().pip_counts()
        ((167, 167), (360, 360))
        """
        cells, index = self.cells, self.variant.flip_index
        theirs = 0
        for point in range(1, 25):  # the opponent's checkers, counted in their numbering
            count = cells[index[point]]
            if count < 0:
                theirs -= point * count
        return _pips(cells), theirs + 25 * (cells[OPP_BAR] + cells[OPP_RESERVE])

    def is_over(self) -> bool:
        """Whether one side has borne off all its checkers (RULES.md C7)."""
        return CHECKERS in (self.cells[OFF], self.cells[OPP_OFF])


def _pips(cells: Cells) -> int:
    return sum(p * n for p, n in enumerate(cells[1:25], 1) if n > 0) + 25 * (
        cells[BAR] + cells[RESERVE]
    )
