"""A variant that changes how its steps are made but not its description for the compiled
generator is played in pure Python by itself, instead of by its parent's kernel rules."""

from __future__ import annotations

from dataclasses import dataclass

from positions import bg

from nardy.rules import kernel
from nardy.rules.cells import OPP_BAR, Cells
from nardy.rules.kernel import KernelRules
from nardy.rules.plays import final_cells, python_final_cells
from nardy.variants import BACKGAMMON, NACKGAMMON, Backgammon


@dataclass(frozen=True)
class Timid(Backgammon):
    """Backgammon in which no checker is ever hit: one changed step helper."""

    name = "timid"
    title = "Timid"

    def may_land(self, cells: Cells, target: int) -> bool:
        return cells[target] >= 0


@dataclass(frozen=True)
class DescribedTimid(Timid):
    """The same rules, described to the kernel as well."""

    name = "described-timid"

    def kernel_rules(self) -> KernelRules | None:
        return KernelRules(hits=False)


def blot_in_reach() -> Cells:
    """The roller on 24 and 13, an opponent blot on 18: a 6 hits it in backgammon."""
    return bg({24: 2, 13: 13}, {18: 1, 1: 14}).cells


def test_a_changed_step_helper_falls_back_to_python() -> None:
    timid = Timid()
    assert timid.compiled_rules() is None and kernel.compiled(timid) is None
    start = blot_in_reach()
    hits = [cells for cells in final_cells(BACKGAMMON, start, (6, 5)) if cells[OPP_BAR]]
    assert hits
    assert not any(cells[OPP_BAR] for cells in final_cells(timid, start, (6, 5)))
    assert final_cells(timid, start, (6, 5)) == python_final_cells(timid, start, (6, 5))


def test_a_subclass_that_describes_itself_again_keeps_the_kernel() -> None:
    described = DescribedTimid()
    assert described.compiled_rules() == KernelRules(hits=False)
    assert NACKGAMMON.compiled_rules() == BACKGAMMON.kernel_rules()
    start = blot_in_reach()
    assert final_cells(described, start, (6, 5)) == python_final_cells(Timid(), start, (6, 5))
