"""GNU Backgammon Position IDs: 14 characters for a backgammon position.

The format, as published in the GNU Backgammon manual ("A technical description of the
Position ID"): each side's checkers are written as 25 runs of bits, one per slot in that
side's own numbering (its points 1..24, then its bar). A slot holding n checkers is written
as n one-bits followed by a zero-bit. The player *not* on roll comes first, then the player
on roll (checked against gnubg itself). The at most 80 bits are padded with zeros, packed
into 10 bytes with the first bit in the lowest bit of the first byte, and written in base64
without the ``=`` padding. Checkers not on the board or the bar are borne off.

Only positions with backgammon's geometry fit: no reserve, and players moving in opposite
directions. The variants say whether theirs do (``GNUBG_POSITION_ID`` in their ``formats``:
backgammon, nackgammon, and Dutch once every checker has entered).

>>> from nardy.variants import BACKGAMMON, NACKGAMMON
>>> position_id(BACKGAMMON.start_position())
'4HPwATDgc/ABMA'
>>> position_from_id('4HPwATDgc/ABMA') == BACKGAMMON.start_position()
True
>>> position_from_id(position_id(NACKGAMMON.start_position()), NACKGAMMON).board[21:]
(0, 2, 2)
>>> position_from_id('4HPwATDgc/AB')
Traceback (most recent call last):
...
nardy.rules.errors.InvalidPositionError: a gnubg Position ID has 14 characters, not 12
"""

from __future__ import annotations

import binascii
from base64 import b64decode, b64encode
from typing import Final

from nardy.rules.cells import (
    BAR,
    CHECKERS,
    OFF,
    OPP_BAR,
    OPP_OFF,
    OPP_RESERVE,
    RESERVE,
    SIZE,
    Cells,
)
from nardy.rules.errors import InvalidPositionError
from nardy.rules.position import Position
from nardy.rules.variant import GNUBG_POSITION_ID, Variant
from nardy.variants import BACKGAMMON

ID_LENGTH: Final = 14
"""Characters in a Position ID."""
KEY_BITS: Final = 80
"""Bits in the key the ID encodes (10 bytes)."""
SLOTS: Final = 25
"""Slots per side: 24 points and the bar."""

Slots = list[int]
"""One side's checkers by slot, in that side's numbering: index i is point i + 1, 24 the bar."""


def position_id(position: Position) -> str:
    """The gnubg Position ID of ``position`` (the roller is the player on roll).

    >>> from nardy.variants import LONG_NARDY
    >>> position_id(LONG_NARDY.start_position())
    Traceback (most recent call last):
    ...
    nardy.rules.errors.InvalidPositionError: a gnubg Position ID holds only backgammon \
positions, not long-nardy
    """
    _check_variant(position.variant)
    cells = position.cells
    if cells[RESERVE] or cells[OPP_RESERVE]:
        raise InvalidPositionError(
            "a gnubg Position ID cannot hold checkers in reserve (not yet entered)"
        )
    roller, opponent = slots_of(position)
    bits: list[int] = []
    for side in (opponent, roller):
        for count in side:
            bits.extend([1] * count)
            bits.append(0)
    bits.extend([0] * (KEY_BITS - len(bits)))
    key = bytes(
        sum(bit << shift for shift, bit in enumerate(bits[start : start + 8]))
        for start in range(0, KEY_BITS, 8)
    )
    return b64encode(key).decode("ascii").rstrip("=")


def position_from_id(pid: str, variant: Variant = BACKGAMMON) -> Position:
    """The position a gnubg Position ID stands for, as a ``variant`` position.

    Checkers missing from a side are borne off.

    >>> position_from_id('4HPwATDgc/ABMA', variant=BACKGAMMON).off
    (0, 0)
    >>> position_from_id('/////////////w')
    Traceback (most recent call last):
    ...
    nardy.rules.errors.InvalidPositionError: not a gnubg Position ID: \
the player not on roll has more than 15 checkers
    >>> position_from_id('4HPw!TDgc/ABMA')
    Traceback (most recent call last):
    ...
    nardy.rules.errors.InvalidPositionError: not a gnubg Position ID: \
'4HPw!TDgc/ABMA' is not base64
    """
    _check_variant(variant)
    if not isinstance(pid, str):
        raise InvalidPositionError("a gnubg Position ID must be a string")
    if len(pid) != ID_LENGTH:
        raise InvalidPositionError(
            f"a gnubg Position ID has {ID_LENGTH} characters, not {len(pid)}"
        )
    try:
        key = b64decode(pid + "==", validate=True)
    except (binascii.Error, ValueError):
        raise InvalidPositionError(f"not a gnubg Position ID: {pid!r} is not base64") from None
    if b64encode(key).decode("ascii").rstrip("=") != pid:
        raise InvalidPositionError(f"not a gnubg Position ID: {pid!r} has stray final bits")
    bits = [(byte >> shift) & 1 for byte in key for shift in range(8)]
    opponent, at = _read_side(bits, 0, "the player not on roll")
    roller, at = _read_side(bits, at, "the player on roll")
    if any(bits[at:]):
        raise InvalidPositionError("not a gnubg Position ID: it has bits after the last slot")
    cells = [0] * SIZE
    for index in range(24):
        own, theirs = roller[index], opponent[23 - index]
        if own and theirs:
            raise InvalidPositionError(
                f"not a gnubg Position ID: both players have checkers on point {index + 1}"
            )
        cells[index + 1] = own - theirs
    cells[BAR], cells[OPP_BAR] = roller[24], opponent[24]
    cells[OFF], cells[OPP_OFF] = CHECKERS - sum(roller), CHECKERS - sum(opponent)
    position = Position(variant, tuple(cells))
    position.validate()
    return position


def slots_of(position: Position) -> tuple[Slots, Slots]:
    """Each side's checkers by slot in its own numbering, ``(roller, opponent)``: the
    board layout gnubg uses (index i is point i + 1, index 24 the bar).

    >>> from nardy.variants import BACKGAMMON
    >>> roller, opponent = slots_of(BACKGAMMON.start_position())
    >>> roller == opponent, roller[5], roller[23], roller[24]
    (True, 5, 2, 0)
    """
    return cell_slots(position.cells)


def cell_slots(cells: Cells) -> tuple[Slots, Slots]:
    """:func:`slots_of` for the bare cells of a backgammon-shaped position: the one place
    nardy's cells turn into gnubg's board (the benchmarks and the tests use it too).

    >>> roller, opponent = cell_slots((0,) * 6 + (5,) + (0,) * 18 + (1, 0, 0, 0, 0))
    >>> roller[5], roller[24], sum(opponent)
    (5, 1, 0)
    """
    roller = [max(cells[p], 0) for p in range(1, 25)] + [cells[BAR]]
    # the opponent's point p is the roller's point 25 - p
    opponent = [max(-cells[25 - p], 0) for p in range(1, 25)] + [cells[OPP_BAR]]
    return roller, opponent


def _check_variant(variant: Variant) -> None:
    if GNUBG_POSITION_ID not in variant.formats:
        raise InvalidPositionError(
            f"a gnubg Position ID holds only backgammon positions, not {variant.name}"
        )


def _read_side(bits: list[int], at: int, who: str) -> tuple[Slots, int]:
    """The 25 slot counts of one side starting at bit ``at``, and the bit after them."""
    slots: Slots = []
    run = total = 0
    while len(slots) < SLOTS:
        if at >= len(bits):
            raise InvalidPositionError(f"not a gnubg Position ID: {who} runs past the end")
        if bits[at]:
            run += 1
            total += 1
            if total > CHECKERS:
                raise InvalidPositionError(
                    f"not a gnubg Position ID: {who} has more than {CHECKERS} checkers"
                )
        else:
            slots.append(run)
            run = 0
        at += 1
    return slots, at
