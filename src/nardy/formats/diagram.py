"""A plain-text picture of a position, for terminals, logs and bug reports.

The board is drawn from the roller's view, as gnubg draws it: points 13..24 along the top,
12..1 along the bottom, the roller's home board bottom right. ``X`` is the roller, ``O`` the
opponent. A stack shows up to five checkers; a taller one shows its count in the fifth place.
Checkers on the bar sit in the middle column, each side's on the half it enters (X above,
O below). Beside the board: each side's pip count, borne-off checkers, and (Dutch) reserve.
In long nardy the two heads are marked.

>>> from nardy.variants import BACKGAMMON
>>> print(diagram(BACKGAMMON.start_position()))
 +13-14-15-16-17-18------19-20-21-22-23-24-+   O: pips 167, off 0
 | X           O    |   | O              X |
 | X           O    |   | O              X |
 | X           O    |   | O                |
 | X                |   | O                |
 | X                |   | O                |
 |                  |BAR|                  |
 | O                |   | X                |
 | O                |   | X                |
 | O           X    |   | X                |
 | O           X    |   | X              O |
 | O           X    |   | X              O |
 +12-11-10--9--8--7-------6--5--4--3--2--1-+   X: pips 167, off 0 (on roll)
"""

from __future__ import annotations

from nardy.rules.plays import Dice
from nardy.rules.position import Position

HEIGHT = 5
"""Rows per half of the board; a taller stack shows its count in the last one."""

TOP = tuple(range(13, 25))
BOTTOM = tuple(range(12, 0, -1))


def diagram(position: Position, dice: Dice | None = None) -> str:
    """The board of ``position`` as monospace text (see the module docstring).

    ``dice``, when given, are shown with the roller's line.

    >>> from nardy.variants import LONG_NARDY
    >>> print(diagram(LONG_NARDY.start_position(), dice=(6, 5)))
                                             v X head
     +13-14-15-16-17-18------19-20-21-22-23-24-+   O: pips 360, off 0
     |                  |   |                X |
     |                  |   |                X |
     |                  |   |                X |
     |                  |   |                X |
     |                  |   |               15 |
     |                  |   |                  |
     |15                |   |                  |
     | O                |   |                  |
     | O                |   |                  |
     | O                |   |                  |
     | O                |   |                  |
     +12-11-10--9--8--7-------6--5--4--3--2--1-+   X: pips 360, off 0 (on roll, 6-5)
       ^ O head
    """
    board = position.board
    bar_own, bar_opp = position.bar
    top_border = _border(TOP)
    bottom_border = _border(BOTTOM)
    rows: list[str] = []
    for row in range(HEIGHT):  # the top half, from the edge inwards
        rows.append(_row(board, TOP, row, _stack(bar_own, HEIGHT - 1 - row, "X")))
    rows.append(_row(board, TOP, None, "BAR" if position.variant.has_bar else ""))
    for row in range(HEIGHT):  # the bottom half, from the middle outwards
        height = HEIGHT - 1 - row
        rows.append(_row(board, BOTTOM, height, _stack(bar_opp, row, "O")))
    own_pips, opp_pips = position.pip_counts()
    opp_info = _info(position, "O", opp_pips, 1)
    own_info = _info(position, "X", own_pips, 0)
    on_roll = "on roll" if dice is None else f"on roll, {dice[0]}-{dice[1]}"
    lines = [
        f"{top_border}   {opp_info}",
        *rows,
        f"{bottom_border}   {own_info} ({on_roll})",
    ]
    heads = position.variant.heads
    if heads is not None:
        own_head, opponent_head = heads
        lines.insert(0, " " * (top_border.index(str(own_head)) + 1) + "v X head")
        lines.append(" " * (bottom_border.index(str(opponent_head)) + 1) + "^ O head")
    return "\n".join(line.rstrip() for line in lines)


def _border(points: tuple[int, ...]) -> str:
    left = "".join(f"{p:->2}-" for p in points[:6])
    right = "".join(f"{p:->2}-" for p in points[6:])
    return f" +{left}-----{right}+"


def _row(board: tuple[int, ...], points: tuple[int, ...], height: int | None, bar: str) -> str:
    """One row of a half board; ``height`` counts from that half's edge (None: the middle)."""
    cells = ["   " if height is None else _cell(board[p - 1], height) for p in points]
    return f" |{''.join(cells[:6])}|{bar:^3}|{''.join(cells[6:])}|"


def _cell(count: int, height: int) -> str:
    """What a point with ``count`` checkers (negative: the opponent's) shows at ``height``."""
    mark = "X" if count > 0 else "O"
    return f"{_stack(abs(count), height, mark):>2} " if count else "   "


def _stack(count: int, height: int, mark: str) -> str:
    """A stack of ``count`` checkers seen at ``height`` (0 is the stack's foot)."""
    if count <= height:
        return ""
    if height == HEIGHT - 1 and count > HEIGHT:
        return str(count)
    return mark


def _info(position: Position, side: str, pips: int, index: int) -> str:
    parts = [f"{side}: pips {pips}", f"off {position.off[index]}"]
    if position.bar[index]:
        parts.append(f"bar {position.bar[index]}")
    if position.variant.has_reserve or position.reserve[index]:
        parts.append(f"reserve {position.reserve[index]}")
    return ", ".join(parts)
