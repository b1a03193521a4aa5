"""Single steps shared by the variants: moving, hitting and bearing off (RULES.md C2, C6).

The helpers take and return cells (see :mod:`nardy.rules.cells`); the variants decide
which of them apply.
"""

from __future__ import annotations

from nardy.rules.cells import BAR, OFF, OPP_BAR, RESERVE, Cells


def move(cells: Cells, source: int, target: int) -> Cells:
    """The cells after one checker goes from ``source`` to ``target``.

    A lone opponent checker on the target is hit and put on the opponent's bar; the
    caller has already decided that the step is legal.

    >>> from nardy.variants import BACKGAMMON
    >>> after = move(BACKGAMMON.start_position().cells, 6, 1)
    >>> after[1], after[6]
    (-1, 4)
    """
    c = list(cells)
    c[source] -= 1
    if c[target] == -1 and target != OFF:
        c[target] = 1
        c[OPP_BAR] += 1
    else:
        c[target] += 1
    return tuple(c)


def highest_point(cells: Cells) -> int:
    """The highest point holding a checker of the roller's (0 when there is none).

    >>> highest_point((0,) * 3 + (2,) + (0,) * 26)
    3
    """
    for point in range(24, 0, -1):
        if cells[point] > 0:
            return point
    return 0


def all_home(cells: Cells) -> bool:
    """Whether all the roller's checkers are in the home board or off (C6)."""
    return cells[BAR] == 0 and cells[RESERVE] == 0 and highest_point(cells) <= 6


def bear_off_source(cells: Cells, die: int) -> int:
    """The point a checker may be borne off from with ``die``, or 0 for none (C6).

    Call only when :func:`all_home` holds. A checker on point ``die`` may go off; with
    no checker on that point or higher, the checker on the highest point goes off.

    >>> cells = (0, 2, 0, 1) + (0,) * 26
    >>> bear_off_source(cells, 3), bear_off_source(cells, 5), bear_off_source(cells, 2)
    (3, 3, 0)
    """
    if cells[die] > 0:
        return die
    top = highest_point(cells)
    return top if top < die else 0
