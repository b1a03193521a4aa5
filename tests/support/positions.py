"""Building positions and listing what the rules allow, for the tests."""

from __future__ import annotations

from nardy.rules import Position, Variant, legal_plays
from nardy.variants import BACKGAMMON

Counts = dict[int, int]
"""Checkers per point, in the roller's numbering."""


def build(
    variant: Variant,
    own: Counts,
    opp: Counts,
    bar: tuple[int, int] = (0, 0),
    reserve: tuple[int, int] = (0, 0),
    off: tuple[int, int] | None = None,
) -> Position:
    """A checked position seen from the roller; checkers placed nowhere (not on a point,
    the bar or in reserve) are borne off unless ``off`` says otherwise."""
    board = [0] * 24
    for point, n in own.items():
        board[point - 1] += n
    for point, n in opp.items():
        board[point - 1] -= n
    if off is None:
        off = (
            15 - sum(own.values()) - bar[0] - reserve[0],
            15 - sum(opp.values()) - bar[1] - reserve[1],
        )
    return Position.build(variant, board, bar=bar, off=off, reserve=reserve)


def bg(own: Counts, opp: Counts, bar: tuple[int, int] = (0, 0)) -> Position:
    """A backgammon position; checkers not placed (nor on the bar) are borne off."""
    return build(BACKGAMMON, own, opp, bar)


def finals(position: Position, dice: tuple[int, int]) -> set[Position]:
    """The final positions of every legal play."""
    return {play.position for play in legal_plays(position, dice)}


def single_steps(
    position: Position, die: int, dice: tuple[int, int] | None = None
) -> set[tuple[int, int]]:
    """The single steps ``die`` allows at the start of a turn rolled as ``dice``."""
    variant = position.variant
    turn = variant.turn(position.cells, dice or (die, die))
    return {(s, t) for s, t, _ in variant.steps(position.cells, die, turn)}
