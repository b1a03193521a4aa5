"""GNU Backgammon as a benchmark opponent: ``gnubg:PLY`` in ``nardy bench bot``.

It uses the optional ``gnubg-nn`` package, loaded with :mod:`importlib` only when a bench
asks for it; nothing else in nardy imports this module. gnubg's boards are two lists of 25
counts, ``[player not on roll, player on roll]``, each in its owner's numbering (index i is
point i + 1, index 24 the bar). ``best_move(..., b=1)`` also returns the key of the chosen
final position, written with the sides swapped (the mover's checkers first), so the chosen
play is found among nardy's own final positions by that key.

>>> board(tuple([0] * 6 + [5] + [0] * 18 + [1, 0, 0, 0, 0]))
[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]]
"""  # noqa: E501

from __future__ import annotations

import importlib
from typing import Any

from nardy.rules.cells import BAR, OPP_BAR, Cells
from nardy.rules.plays import Dice, final_cells
from nardy.variants import BACKGAMMON


def load_gnubg() -> Any:
    """The ``gnubg_nn`` module; raises ``ImportError`` with advice when it is missing."""
    try:
        return importlib.import_module("gnubg_nn")
    except ImportError as error:
        raise ImportError(
            "the gnubg opponent needs the gnubg-nn package (pip install gnubg-nn)"
        ) from error


def board(cells: Cells) -> list[list[int]]:
    """gnubg's ``[opponent, roller]`` board for backgammon ``cells`` (the roller's view)."""
    roller = [max(cells[p], 0) for p in range(1, 25)] + [cells[BAR]]
    opponent = [max(-cells[25 - p], 0) for p in range(1, 25)] + [cells[OPP_BAR]]
    return [opponent, roller]


class GnubgPlayer:
    """gnubg's neural-network player searching ``ply`` plies (0 is its fastest)."""

    def __init__(self, ply: int = 0) -> None:
        if ply < 0:
            raise ValueError(f"gnubg's ply must be 0 or more, got {ply}")
        self.gnubg = load_gnubg()
        self.ply = ply
        self.name = f"gnubg:{ply}"
        self.variant = BACKGAMMON

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        finals = final_cells(self.variant, cells, dice)
        if not finals:
            return None
        if len(finals) == 1:
            return next(iter(finals))
        _, key = self.gnubg.best_move(board(cells), dice[0], dice[1], self.ply, b=1)
        key_of_board = self.gnubg.key_of_board
        for final in finals:
            opponent, mover = board(final)
            if key_of_board([mover, opponent]) == key:
                return final
        raise RuntimeError(f"gnubg chose a play nardy does not know: {key} for {dice}")
