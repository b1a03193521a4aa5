"""Dutch backgammon (RULES.md D1–D5): every checker starts in reserve.

>>> from nardy.rules import legal_plays
>>> [p.steps for p in legal_plays(DUTCH.start_position(), (6, 5))]
[((26, 19), (26, 20)), ((26, 19), (19, 14))]
>>> [p.steps for p in legal_plays(Dutch(enter_all_first=True).start_position(), (6, 5))]
[((26, 19), (26, 20))]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from nardy.rules.cells import BAR, CHECKERS, OPP_RESERVE, RESERVE, Cells
from nardy.rules.position import Position
from nardy.rules.variant import StepResult
from nardy.variants.backgammon import Backgammon


@dataclass(frozen=True)
class Dutch(Backgammon):
    """Dutch backgammon; ``enter_all_first`` is the strict reading of D2."""

    name = "dutch"
    enter_all_first: bool = False

    def start_position(self) -> Position:
        cells = [0] * 30
        cells[RESERVE] = cells[OPP_RESERVE] = CHECKERS
        return Position(self, tuple(cells))

    def validate(self, cells: Cells) -> None:
        """Dutch positions may hold checkers in reserve; nothing else is special."""

    def may_land(self, cells: Cells, target: int) -> bool:
        """B2, and D4: a blot may be hit only while the roller has a checker at home."""
        held = cells[target]
        if held >= 0:
            return True
        return held == -1 and any(cells[p] > 0 for p in range(1, 7))

    def steps(self, cells: Cells, die: int, turn: Any) -> Iterator[StepResult]:
        if cells[BAR]:
            yield from self.entries(cells, BAR, die)  # D3: the bar comes first
            return
        if cells[RESERVE]:
            yield from self.entries(cells, RESERVE, die)  # D1: reserve enters like the bar
            if self.enter_all_first:
                return  # D2, strict reading
        yield from self.board_steps(cells, die)


DUTCH = Dutch()
