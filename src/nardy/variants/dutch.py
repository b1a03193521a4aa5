"""Dutch backgammon (RULES.md D1–D5): every checker starts in reserve.

>>> from nardy.rules import legal_plays
>>> [p.steps for p in legal_plays(DUTCH.start_position(), (6, 5))]
[((26, 19), (26, 20)), ((26, 19), (19, 14))]
>>> [p.steps for p in legal_plays(Dutch(enter_all_first=True).start_position(), (6, 5))]
[((26, 19), (26, 20))]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from nardy.rules.cells import BAR, CHECKERS, OPP_RESERVE, RESERVE, Cells
from nardy.rules.kernel import KernelRules
from nardy.rules.position import Position
from nardy.rules.settings import Settings
from nardy.rules.variant import GNUBG_POSITION_ID, ResultValues, StepResult, Variant
from nardy.variants.backgammon import Backgammon


@dataclass(frozen=True)
class Dutch(Backgammon):
    """Dutch backgammon; ``enter_all_first`` is the strict reading of D2."""

    name = "dutch"
    title = "Dutch backgammon"
    setting_names = Variant.setting_names | {"enter_all_first"}
    setting_defaults: ClassVar[Mapping[str, Any]] = {"cube": False}
    opening_is_first_roll = False
    chouette = False
    has_reserve = True
    resign_levels: ClassVar[tuple[int, ...]] = (1, 2)
    series = True
    formats: ClassVar[frozenset[str]] = frozenset({GNUBG_POSITION_ID})
    """Once every checker has entered, a Dutch position has backgammon's board; its games
    (no cube by default, the starter rolls again) are not gnubg's or Jellyfish's."""
    enter_all_first: bool = False

    def for_settings(self, settings: Settings) -> Dutch:
        return Dutch(enter_all_first=settings.enter_all_first)

    def result_values(self, settings: Settings) -> ResultValues:
        """D7: 1 for a win, 2 when the loser bore off nothing; no backgammon."""
        return ("single", 1), ("gammon", 2)

    def start_position(self) -> Position:
        cells = [0] * 30
        cells[RESERVE] = cells[OPP_RESERVE] = CHECKERS
        return Position(self, tuple(cells))

    def validate(self, cells: Cells) -> None:
        """Dutch positions may hold checkers in reserve; nothing else is special."""

    def kernel_rules(self) -> KernelRules | None:
        """D1–D4: reserve entries after the bar, hitting only with a checker at home."""
        return KernelRules(hit_needs_home=True, reserve=True, enter_all_first=self.enter_all_first)

    def why_not(self, cells: Cells, source: int, target: int, turn: Any) -> str | None:
        if self.enter_all_first and cells[RESERVE] and source != RESERVE:
            return "with 'enter all first', every checker must enter before any checker moves (D2)"
        if 1 <= target <= 24 and cells[target] == -1 and not self.may_land(cells, target):
            return f"you may not hit on {target} before you have a checker in your home board (D4)"
        return super().why_not(cells, source, target, turn)

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
