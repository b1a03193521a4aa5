"""GNU Backgammon's move generator, for comparison only: the optional ``gnubg-nn`` package.

nardy never needs it; :func:`load` returns ``None`` when it is not installed.

>>> board = gnubg_board(tuple([0] * 6 + [5] + [0] * 23))
>>> board[1][5], sum(board[0])
(5, 0)
"""

from __future__ import annotations

import importlib
from typing import Any

from nardy.rules.cells import BAR, OPP_BAR, Cells

VARIANT = "backgammon"
"""The variant whose move lists gnubg makes."""

Board = list[list[int]]
"""gnubg's board: the opponent's 25 counts, then the roller's, each from its own side
(index i is point i + 1, index 24 the bar)."""


def load() -> Any:
    """The ``gnubg_nn`` module, or ``None`` when it is not installed."""
    try:
        return importlib.import_module("gnubg_nn")
    except ImportError:
        return None


def gnubg_board(cells: Cells) -> Board:
    """A backgammon position (roller on roll) as gnubg's board."""
    roller = [0] * 25
    opponent = [0] * 25
    for point in range(1, 25):
        count = cells[point]
        if count > 0:
            roller[point - 1] = count
        elif count < 0:
            opponent[24 - point] = -count
    roller[24], opponent[24] = cells[BAR], cells[OPP_BAR]
    return [opponent, roller]
