"""Backgammon (RULES.md B1–B4): opposite directions, hitting blots, the bar first.

>>> from nardy.rules import legal_plays
>>> [len(legal_plays(BACKGAMMON.start_position(), (d, d))) for d in range(1, 7)]
[42, 75, 73, 52, 4, 11]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from nardy.rules.cells import BAR, HOME, OFF, OPP_BAR, OPP_OFF, OPP_RESERVE, RESERVE, Cells
from nardy.rules.errors import InvalidPositionError
from nardy.rules.kernel import KernelRules
from nardy.rules.position import Position
from nardy.rules.settings import Settings
from nardy.rules.steps import all_home, bear_off_source, move
from nardy.rules.variant import (
    GNUBG_MATCH_ID,
    GNUBG_POSITION_ID,
    MAT,
    ResultValues,
    StepResult,
    Variant,
)

START = {24: 2, 13: 5, 8: 3, 6: 5}
"""The roller's checkers at the start (B1); the opponent's are the mirror image."""


def mirrored_start(variant: Variant, own: dict[int, int]) -> Position:
    """A start position with ``own`` checkers for the roller and the same for the opponent."""
    cells = [0] * 30
    for point, count in own.items():
        cells[point] = count
        cells[variant.mirror(point)] = -count
    return Position(variant, tuple(cells))


@dataclass(frozen=True)
class Backgammon(Variant):
    """Classic backgammon."""

    name = "backgammon"
    title = "Backgammon"
    setting_names = Variant.setting_names | {"jacoby", "auto_doubles", "backgammon_value"}
    opening_is_first_roll = True
    chouette = True
    standard_bearoff = True  # C6, from points 1..6; the opponent's home is 19..24
    resign_levels: ClassVar[tuple[int, ...]] = (1, 2, 3)
    generation_hooks = (*Variant.generation_hooks, "may_land", "entries", "board_steps")
    formats: ClassVar[frozenset[str]] = frozenset({GNUBG_POSITION_ID, GNUBG_MATCH_ID, MAT})

    def start_position(self) -> Position:
        return mirrored_start(self, START)

    def mirror(self, point: int) -> int:
        """Players move in opposite directions: point p is the opponent's 25 − p (B1)."""
        return 25 - point

    def validate(self, cells: Cells) -> None:
        if cells[RESERVE] or cells[OPP_RESERVE]:
            raise InvalidPositionError(
                f"{self.name} has no reserve: every checker starts on the board"
            )

    def result_values(self, settings: Settings) -> ResultValues:
        """B7: single 1, gammon 2, backgammon 3 (or 2 when it counts as a gammon).

        >>> from nardy.rules.settings import Settings
        >>> lost = (15,) + (-1,) + (0,) * 23 + (0, 0, 0, 14, 0)
        >>> BACKGAMMON.win(lost, Settings()), BACKGAMMON.win(lost, Settings(backgammon_value=2))
        (('backgammon', 3), ('backgammon', 2))
        """
        return ("single", 1), ("gammon", 2), ("backgammon", settings.backgammon_value)

    def loss_depth(self, cells: Cells) -> int:
        """B7: a gammon when the loser bore off nothing, a backgammon when it also still
        has a checker on the bar or in the winner's home board."""
        if cells[OPP_OFF]:
            return 0
        return 2 if cells[OPP_BAR] or any(cells[p] < 0 for p in HOME) else 1

    def kernel_rules(self) -> KernelRules | None:
        """Backgammon is the kernel's default: hitting blots (B2), the bar first (B3)."""
        return KernelRules()

    def why_not(self, cells: Cells, source: int, target: int, turn: Any) -> str | None:
        held = -cells[target] if 1 <= target <= 24 else 0
        if held >= 2:
            return f"point {target} is blocked: the opponent has {held} checkers there (B2)"
        return None

    def may_land(self, cells: Cells, target: int) -> bool:
        """B2: a point is open unless it holds two or more opponent checkers."""
        return cells[target] >= -1

    def steps(self, cells: Cells, die: int, turn: Any) -> Iterator[StepResult]:
        if cells[BAR]:
            yield from self.entries(cells, BAR, die)  # B3: the bar comes first
            return
        yield from self.board_steps(cells, die)

    def entries(self, cells: Cells, source: int, die: int) -> Iterator[StepResult]:
        """Entering from the bar or the reserve: die d lands on point 25 − d."""
        target = 25 - die
        if self.may_land(cells, target):
            yield source, target, move(cells, source, target)

    def board_steps(self, cells: Cells, die: int) -> Iterator[StepResult]:
        """Steps of checkers already on the points, bearing off included (C6)."""
        for source in range(24, die, -1):
            if cells[source] > 0 and self.may_land(cells, source - die):
                yield source, source - die, move(cells, source, source - die)
        if all_home(cells):
            source = bear_off_source(cells, die)
            if source:
                yield source, OFF, move(cells, source, OFF)


BACKGAMMON = Backgammon()
