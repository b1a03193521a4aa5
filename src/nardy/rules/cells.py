"""The compact layout of a position: one tuple of 30 signed integers.

A position is stored from the point of view of the player on roll (the *roller*).
Index 1..24 is the point of that number; a positive count is the roller's checkers,
a negative count the opponent's. The other indices hold the checkers that are not on a
point. The layout is chosen so that a single step ``(source, target)`` is also a pair
of indices: the bar is 25, the reserve 26 and "borne off" is 0.

>>> OFF, BAR, RESERVE
(0, 25, 26)
>>> len(EMPTY)
30
"""

from __future__ import annotations

from typing import Final

Cells = tuple[int, ...]
"""The 30 integers of a position (see the module docstring)."""

OFF: Final = 0
"""The roller's borne-off checkers; also the target of a bear-off step."""
BAR: Final = 25
"""The roller's checkers on the bar; also the source of an entering step."""
RESERVE: Final = 26
"""The roller's checkers not yet entered (Dutch); also the source of a reserve entry."""
OPP_OFF: Final = 27
"""The opponent's borne-off checkers."""
OPP_BAR: Final = 28
"""The opponent's checkers on the bar."""
OPP_RESERVE: Final = 29
"""The opponent's checkers not yet entered."""

SIZE: Final = 30
POINTS: Final = range(1, 25)
HOME: Final = range(1, 7)
CHECKERS: Final = 15
"""Checkers per side (RULES.md C1)."""

EMPTY: Final[Cells] = (0,) * SIZE


def roller_count(cells: Cells) -> int:
    """All of the roller's checkers, wherever they are.

    >>> roller_count((3,) + (0,) * 24 + (12, 0, 0, 0, 0))
    15
    """
    return cells[OFF] + cells[BAR] + cells[RESERVE] + sum(n for n in cells[1:25] if n > 0)


def opponent_count(cells: Cells) -> int:
    """All of the opponent's checkers, wherever they are.

    >>> opponent_count((0,) * 5 + (-15,) + (0,) * 24)
    15
    """
    return (
        cells[OPP_OFF] + cells[OPP_BAR] + cells[OPP_RESERVE] - sum(n for n in cells[1:25] if n < 0)
    )
