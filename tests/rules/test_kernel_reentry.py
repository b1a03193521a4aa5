"""The compiled move generator answers right when it is called again while it builds an
answer: its search works in memory shared by every call, and building the answer's Python
objects may run Python code — garbage collection runs finalizers, and the interpreter may
then hand the GIL to another thread (a computer thinking, a table rebuilt in a worker) whose
own search overwrites that memory. A server whose live table took another position's plays
for its own accepted a step that the stored events cannot replay.

Here a finalizer calls the kernel from inside the allocation that triggers a collection:
the same interleaving a thread switch makes, but every time.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from nardy.rules import kernel
from nardy.rules.plays import python_final_cells
from nardy.rules.position import Position
from nardy.variants import BACKGAMMON, LONG_NARDY

pytestmark = pytest.mark.skipif(
    kernel.MODULE is None, reason="the compiled kernel is not built or is switched off"
)


class Meddler:
    """Cyclic garbage whose finalizer calls ``meddle`` once."""

    def __init__(self, meddle: Callable[[], Any], calls: list[int]) -> None:
        self.itself = self
        self.meddle = meddle
        self.calls = calls

    def __del__(self) -> None:
        self.calls.append(1)
        self.meddle()


@contextmanager
def collection_at_next_allocation(meddle: Callable[[], Any], calls: list[int]) -> Iterator[None]:
    """Within the block, the first container the kernel allocates starts a collection of
    the youngest generation, which finds garbage whose finalizer calls ``meddle``."""
    threshold = gc.get_threshold()
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        Meddler(meddle, calls)
        gc.set_threshold(1)
        gc.enable()
        yield
    finally:
        gc.disable()
        gc.set_threshold(*threshold)
        gc.collect()
        if enabled:
            gc.enable()


def busy_position() -> tuple[int, ...]:
    """A position with many plays of 1-1 (so the meddling search fills more nodes)."""
    cells = [0] * 30
    for point in (3, 5, 7, 9, 11, 13, 15, 17):
        cells[point] = 2
    cells[24] = -1
    cells[1] = -14
    return tuple(cells)


@pytest.mark.parametrize("variant", [BACKGAMMON, LONG_NARDY], ids=lambda v: v.name)
def test_final_cells_survive_a_collection_that_calls_the_kernel(variant: Any) -> None:
    """C3/C4: the final positions of a roll are its own, whatever runs while they are built."""
    compiled = kernel.compiled(variant)
    assert compiled is not None
    start = variant.start_position().cells
    other = busy_position() if variant is BACKGAMMON else Position(variant, start).flipped().cells
    calls: list[int] = []
    with collection_at_next_allocation(lambda: compiled.final_cells(other, (1, 1)), calls):
        answer = compiled.final_cells(start, (6, 5))
    assert calls, "the collection ran inside the kernel's call"
    assert answer == python_final_cells(variant, start, (6, 5))


def test_plays_survive_a_collection_that_calls_the_kernel() -> None:
    """The plays of a roll are its own, whatever runs while they are built."""
    compiled = kernel.compiled(BACKGAMMON)
    assert compiled is not None
    start = BACKGAMMON.start_position()
    calls: list[int] = []
    meddle = lambda: compiled.plays(BACKGAMMON, busy_position(), (1, 1))  # noqa: E731
    with collection_at_next_allocation(meddle, calls):
        plays = compiled.plays(BACKGAMMON, start.cells, (4, 2))
    assert calls, "the collection ran inside the kernel's call"
    assert plays is not None
    reference = python_final_cells(BACKGAMMON, start.cells, (4, 2))
    assert [(p.position.cells, p.steps) for p in plays] == list(reference.items())
