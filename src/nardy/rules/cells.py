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

from collections.abc import Callable
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


def flip_index(mirror: Callable[[int], int]) -> tuple[int, ...]:
    """What :func:`flip` reads for a variant whose board turns round by ``mirror`` (the
    opponent's number of each point): ``index[i]`` is the cell that becomes cell ``i``.

    >>> flip_index(lambda point: 25 - point)[1], flip_index(lambda point: 25 - point)[OFF]
    (24, 27)
    """
    index = list(range(SIZE))
    for point in POINTS:
        index[mirror(point)] = point
    for mine, theirs in ((OFF, OPP_OFF), (BAR, OPP_BAR), (RESERVE, OPP_RESERVE)):
        index[mine], index[theirs] = theirs, mine
    return tuple(index)


def flip(cells: Cells, index: tuple[int, ...]) -> Cells:
    """``cells`` seen from the other side: the board turned round by a variant's
    :func:`flip_index`, each side's checkers becoming the other's.

    >>> turn = flip_index(lambda point: 25 - point)
    >>> start = (0, 2) + (0,) * 22 + (-2, 0, 0, 0, 0, 0)
    >>> flip(start, turn) == start, flip((3,) + (0,) * 29, turn)[OPP_OFF]
    (True, 3)
    """
    return tuple(-cells[index[i]] if 1 <= i <= 24 else cells[index[i]] for i in range(SIZE))
