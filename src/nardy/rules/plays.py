"""Legal plays: every way to use a roll, each final position once (RULES.md C2–C5).

The generator is shared by all variants. It walks the dice one step at a time, asking the
position's variant for the legal single steps, keeps each intermediate position once, and
applies the maximum-dice rule (C3) over every order of the dice.

This Python generator is the readable reference. When the compiled kernel
(:mod:`nardy.rules.kernel`) is built and the variant describes itself to it, the same search
runs in C and gives the same plays, in the same order, with the same steps.

>>> from nardy.variants import BACKGAMMON
>>> plays = legal_plays(BACKGAMMON.start_position(), (3, 1))
>>> len(plays)
16
>>> any(p.steps in {((8, 5), (6, 5)), ((6, 5), (8, 5))} for p in plays)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nardy.rules import kernel
from nardy.rules.cells import Cells
from nardy.rules.errors import IllegalPlayError
from nardy.rules.position import Position
from nardy.rules.variant import Variant

Step = tuple[int, int]
"""One die's move ``(source, target)``: 25 is the bar, 26 the reserve, 0 borne off."""

Dice = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Play:
    """A legal play: one way of stepping (``steps``) and the position it leads to.

    ``position`` is still seen from the roller; call ``flipped()`` to hand it over.
    Like :class:`Position`, the compiled generator fills its slots directly.
    """

    steps: tuple[Step, ...]
    position: Position


if kernel.MODULE is not None:
    kernel.MODULE.bind(Position, Play)


def legal_plays(position: Position, dice: Dice) -> tuple[Play, ...]:
    """Every legal play of ``dice`` in ``position``; empty when the roller cannot move (C4)."""
    variant = position.variant
    compiled = kernel.compiled(variant)
    if compiled is not None:
        plays: tuple[Play, ...] | None = compiled.plays(variant, position.cells, dice)
        if plays is not None:
            return plays
    check_dice(dice)
    return tuple(
        Play(steps, Position(variant, cells))
        for cells, steps in python_final_cells(variant, position.cells, dice).items()
    )


def final_cells(variant: Variant, start: Cells, dice: Dice) -> dict[Cells, tuple[Step, ...]]:
    """The final cells of every legal play, each with one sequence of steps reaching it.

    Runs the compiled kernel when it can, else :func:`python_final_cells`.
    """
    compiled = kernel.compiled(variant)
    if compiled is not None:
        result: dict[Cells, tuple[Step, ...]] | None = compiled.final_cells(start, dice)
        if result is not None:
            return result
    return python_final_cells(variant, start, dice)


def python_final_cells(variant: Variant, start: Cells, dice: Dice) -> dict[Cells, tuple[Step, ...]]:
    """:func:`final_cells` in pure Python: the reference the kernel is tested against."""
    turn = variant.turn(start, dice)
    low, high = sorted(dice)
    if low == high:
        frontier: dict[Cells, tuple[Step, ...]] = {start: ()}
        for _ in range(4):
            following = _advance(variant, frontier, low, turn)
            if not following:
                break
            frontier = following
        return {} if start in frontier else frontier
    after_high = _advance(variant, {start: ()}, high, turn)
    after_low = _advance(variant, {start: ()}, low, turn)
    both = _advance(variant, after_high, low, turn)
    for cells, steps in _advance(variant, after_low, high, turn).items():
        both.setdefault(cells, steps)
    return both or after_high or after_low


def _advance(
    variant: Variant, frontier: dict[Cells, tuple[Step, ...]], die: int, turn: Any
) -> dict[Cells, tuple[Step, ...]]:
    following: dict[Cells, tuple[Step, ...]] = {}
    for cells, steps in frontier.items():
        for source, target, after in variant.steps(cells, die, turn):
            if after not in following:
                following[after] = (*steps, (source, target))
    return following


def check_dice(dice: Dice) -> None:
    """Raise :class:`IllegalPlayError` unless ``dice`` are two values 1..6.

    >>> check_dice((7, 1))
    Traceback (most recent call last):
    ...
    nardy.rules.errors.IllegalPlayError: dice must be two numbers from 1 to 6, got (7, 1)
    """
    if len(dice) != 2 or any(
        isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice
    ):
        raise IllegalPlayError(f"dice must be two numbers from 1 to 6, got {dice}")
