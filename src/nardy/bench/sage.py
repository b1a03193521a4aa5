"""The one bridge to Open Sage: the optional ``bgsage`` package (MPL-2.0, ``pip install
'nardy[bgsage]'``), an outside yardstick for benchmarks and for bots, never a teacher.

:class:`SagePlayer` is the ``bgsage:PLY`` opponent of ``nardy bench bot``: Sage's cubeless
money play at ``PLY`` plies counted as gnubg counts them, so ``bgsage:0`` is Sage's network
alone (what Sage itself calls 1-ply) and sits beside ``gnubg:0``. The bot client's Sage
engine (:mod:`nardy.botclient.bgsage`) reads the board through :func:`sage_board` too.

Sage's board is 26 counts from the side on roll: index 1–24 its points (the opponent's
checkers negative), 25 its bar, 0 the opponent's bar.

>>> board = sage_board((0,) * 6 + (5,) + (0,) * 18 + (1, 0, 0, 0, 0))
>>> board[6], board[25]
(5, 1)
"""

from __future__ import annotations

import importlib
from typing import Any

from nardy.rules.cells import BAR, OPP_BAR, Cells
from nardy.rules.plays import Dice, final_cells
from nardy.variants import BACKGAMMON

VARIANT = BACKGAMMON
"""The variant Sage plays."""

MONEY = {"cube_value": 1, "cube_owner": "centered", "jacoby": False, "beaver": False}
"""Sage's cube arguments for a cubeless money game."""


def sage_board(cells: Cells) -> list[int]:
    """Sage's board for backgammon ``cells`` (the view of the side on roll)."""
    return [cells[OPP_BAR], *cells[1:25], cells[BAR]]


def require() -> Any:
    """The ``bgsage`` module; an ``ImportError`` with advice when it is missing."""
    try:
        return importlib.import_module("bgsage")
    except ImportError:
        raise ImportError(
            "Open Sage needs the bgsage package (pip install 'nardy[bgsage]')"
        ) from None


def analyzer(ply: int, cubeful: bool = True, threads: int = 1) -> Any:
    """Sage's analyzer at ``ply`` plies in gnubg's counting (0: the network alone), on
    ``threads`` threads (one, as a benchmark's other player is; 0 lets Sage choose)."""
    if ply < 0:
        raise ValueError(f"Sage's ply must be 0 or more, got {ply}")
    return require().BgBotAnalyzer(
        eval_level=f"{ply + 1}ply", cubeful=cubeful, parallel_threads=threads
    )


class SagePlayer:
    """Open Sage's cubeless money play at ``ply`` plies (gnubg's counting)."""

    def __init__(self, ply: int = 0) -> None:
        self.sage = analyzer(ply, cubeful=False)
        self.name = f"bgsage:{ply}"
        self.variant = VARIANT

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        finals = final_cells(self.variant, cells, dice)
        if len(finals) <= 1:
            return next(iter(finals), None)
        high, low = max(dice), min(dice)
        best = self.sage.checker_play(sage_board(cells), high, low, **MONEY).moves[0]
        wanted = list(best.board)
        for final in finals:
            if sage_board(final) == wanted:
                return final
        raise RuntimeError(f"Sage chose a play nardy does not know: {wanted} for {dice}")
