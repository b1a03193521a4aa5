"""Hand-made inputs that describe a position the way a player sees it, many rows at once.

The raw encoding (:mod:`nardy.bot.evaluation.encoding`) says where the checkers are; these
features say what that means: how many blots a side leaves and how many rolls hit them, how
many points it holds at home and far from home, its longest run of held points (a prime, or
in long nardy a block), how freely its rearmost checker escapes past the other side's
points, how much of it is still back, and how long the blockade in front of that checker is.
The *extended* set (:data:`EXTENDED`) adds six more, after the ideas behind the inputs of
strong backgammon networks: how often a checker coming in from the bar would dance, how many
pips a hit costs the other side on average, how far forward its best anchor is, how many pips
it must still move to leave the other side behind, how many single-die moves it has, and how
well the other side contains a checker in its outfield or home.

Every feature is computed for each side in its own numbering (the opponent's through the
variant's :meth:`~nardy.rules.variant.Variant.mirror`), on bit masks of the 25 points
(bit p for point p, bit 25 for the bar and the reserve), so a batch of N positions costs a
few dozen numpy operations whatever N is.

A point *holds* (blocks the other side) with two checkers in the variants with hitting and
with one in long nardy, which has none: that is the variant's ``hits`` fact.

>>> from nardy.variants import BACKGAMMON
>>> features = Features(BACKGAMMON)
>>> start = np.array([BACKGAMMON.start_position().cells])
>>> f = features.compute(start)
>>> f.shape == (1, 2 * PER_SIDE), bool((f[:, :PER_SIDE] == f[:, PER_SIDE:]).all())
(True, True)
>>> dict(zip(NAMES, f[0, :PER_SIDE].round(3).tolist()))["home_held"]
0.167
"""

from __future__ import annotations

from itertools import product
from typing import Any

import numpy as np
import numpy.typing as npt

from nardy.rules.cells import BAR, OPP_BAR, OPP_RESERVE, RESERVE
from nardy.rules.variant import Variant

NAMES = (
    "blots",
    "shots",
    "home_held",
    "far_held",
    "prime",
    "escape",
    "back",
    "blockade",
)
"""The features of one side, in input order."""
PER_SIDE = len(NAMES)
EXTENDED = (*NAMES, "dance", "pip_loss", "anchor", "break_contact", "mobility", "contain")
"""The extended set of one side's features, in input order: :data:`NAMES` first."""

Bits = npt.NDArray[np.int64]

_HOME_BITS = sum(1 << p for p in range(1, 7))
_FAR_BITS = sum(1 << p for p in range(19, 25))
_BACK_POINTS = np.arange(19, 25)

# The 15 rolls with two different dice, counted twice, and the 6 doubles.
_A, _B = (
    np.array(d) for d in zip(*((a, b) for a in range(1, 7) for b in range(a + 1, 7)), strict=True)
)
_D = np.arange(1, 7)


def _escape_table() -> npt.NDArray[np.float64]:
    """``table[window]``: the share of the 36 rolls that carry a checker past every blocked
    point among the 12 in front of it. Bit j of ``window`` is the point 12 − j pips ahead.

    >>> table = _escape_table()
    >>> float(table[0]), float(table[0b111111 << 6])  # nothing in front; a full prime 1-6 ahead
    (1.0, 0.0)
    """
    table = np.zeros(1 << 12)
    for window in range(1 << 12):
        blocked = {12 - j for j in range(12) if window >> j & 1}
        if not blocked:
            table[window] = 1.0
            continue
        last = max(blocked)
        escapes = 0
        for a, b in product(range(1, 7), repeat=2):
            if a == b:
                reach, d = 0, 0
                for _ in range(4):
                    d += a
                    if d in blocked:
                        break
                    reach = d
            else:
                reach = max(
                    [d for d in (a, b) if d not in blocked]
                    + (
                        [a + b]
                        if a + b not in blocked and (a not in blocked or b not in blocked)
                        else []
                    )
                    + [0]
                )
            escapes += reach > last
        table[window] = escapes / 36
    return table


ESCAPES = _escape_table()


def popcount(bits: Bits) -> Bits:
    """Set bits of each element.

    >>> popcount(np.array([0, 1, 0b1011])).tolist()
    [0, 1, 3]
    """
    return np.bitwise_count(bits).astype(np.int64)


def _run_tables() -> tuple[Bits, Bits, Bits]:
    """For every 12-bit value: its longest run of set bits, the run at its low end and the
    run at its high end."""
    longest, low, high = (np.zeros(1 << 12, dtype=np.int64) for _ in range(3))
    for value in range(1 << 12):
        text = format(value, "012b")  # bit 11 first
        longest[value] = max(len(run) for run in text.split("0"))
        high[value] = len(text) - len(text.lstrip("1"))
        low[value] = len(text) - len(text.rstrip("1"))
    return longest, low, high


_LONGEST, _LOW_RUN, _HIGH_RUN = _run_tables()


def longest_run(bits: Bits) -> Bits:
    """Length of the longest run of consecutive set bits 1..24 of each element.

    >>> longest_run(np.array([0, 0b10, 0b1110110, 0b1111111110, 0b11 << 12])).tolist()
    [0, 1, 3, 9, 2]
    """
    low = (bits >> 1) & 0xFFF
    high = (bits >> 13) & 0xFFF
    run: Bits = np.maximum(
        np.maximum(_LONGEST[low], _LONGEST[high]), _HIGH_RUN[low] + _LOW_RUN[high]
    )
    return run


_WEIGHTS = np.ldexp(1.0, np.arange(1, 25))


def rearmost(counts: npt.NDArray[np.int64], out: npt.NDArray[np.int64]) -> Bits:
    """The highest point (own numbering) holding a checker of each row of ``counts`` (N×24,
    points 1..24), 25 where ``out`` has checkers on the bar or in the reserve, 0 when none
    is on the board.

    >>> rearmost(np.array([[0] * 24, [1] + [0] * 23, [0] * 23 + [2]]), np.array([0, 0, 1])).tolist()
    [0, 1, 25]
    """
    occupied = counts > 0
    highest = np.where(occupied.any(axis=1), 24 - np.argmax(occupied[:, ::-1], axis=1), 0)
    return np.where(out > 0, 25, highest)


def foremost(counts: npt.NDArray[np.int64]) -> Bits:
    """The lowest point (own numbering) holding a checker of each row of ``counts`` (N×24),
    25 when none does.

    >>> foremost(np.array([[0] * 24, [0, 0, 3] + [0] * 21])).tolist()
    [25, 3]
    """
    occupied = counts > 0
    lowest: Bits = np.where(occupied.any(axis=1), 1 + np.argmax(occupied, axis=1), 25)
    return lowest


def _masks(counts: npt.NDArray[np.int64], at_least: int) -> Bits:
    """Bit p set where ``counts[:, p - 1] >= at_least`` (points 1..24)."""
    return ((counts >= at_least) @ _WEIGHTS).astype(np.int64)


def _hits(
    hitters: Bits, blots: Bits, open_: Bits
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For each of the 15 rolls of two different dice and the 6 doubles, the points in
    ``blots`` a checker in ``hitters`` lands on (moving down the numbering, every stop on
    an open point): two N×15 and N×6 arrays of bit masks."""
    h = hitters[:, None]
    bl = blots[:, None]
    op = open_[:, None]
    ha, hb = h >> _A, h >> _B
    mixed = ((ha | hb) & bl) | ((((ha & op) >> _B) | ((hb & op) >> _A)) & bl)
    h1 = h >> _D
    h2 = (h1 & op) >> _D
    h3 = (h2 & op) >> _D
    h4 = (h3 & op) >> _D
    doubles = (h1 | h2 | h3 | h4) & bl
    return mixed, doubles


def _shots(hitters: Bits, blots: Bits, open_: Bits) -> npt.NDArray[np.float64]:
    """Share of the 36 rolls with which a checker in ``hitters`` lands on a point in ``blots``."""
    mixed, doubles = _hits(hitters, blots, open_)
    result: npt.NDArray[np.float64] = (
        2 * (mixed != 0).sum(axis=1) + (doubles != 0).sum(axis=1)
    ) / 36.0
    return result


def highest_bit(bits: Bits) -> Bits:
    """Index of the highest set bit of each element, 0 where none is set.

    >>> highest_bit(np.array([0, 1, 2, 0b1011, 1 << 24])).tolist()
    [0, 0, 1, 3, 24]
    """
    safe = np.maximum(bits, 1).astype(np.float64)
    return np.floor(np.log2(safe)).astype(np.int64)


def _pip_loss(hitters: Bits, blots: Bits, open_: Bits) -> npt.NDArray[np.float64]:
    """The pips the other side loses to the costliest hit of each roll, averaged over the 36
    rolls, in 24ths: a blot hit on the hitter's point q had 25 − q pips to go and has 25."""
    mixed, doubles = _hits(hitters, blots, open_)
    total = 2 * highest_bit(mixed).sum(axis=1) + highest_bit(doubles).sum(axis=1)
    result: npt.NDArray[np.float64] = total / 864.0
    return result


_CONTAIN_FROM = np.arange(15, 25)


class Features:
    """The hand-made features of one variant's positions: :data:`NAMES` per side, or with
    ``extended`` the larger set :data:`EXTENDED`."""

    def __init__(self, variant: Variant, extended: bool = False) -> None:
        self.hits = variant.hits
        self.hold = 2 if self.hits else 1
        self.extended = extended
        self.names = EXTENDED if extended else NAMES
        self.per_side = len(self.names)
        self.size = 2 * self.per_side
        mirror = [variant.mirror(p) for p in range(1, 25)]
        self.points = np.arange(1, 25)
        self.opponent_points = np.array([mirror.index(q) + 1 for q in range(1, 25)])

    def compute(
        self, cells: npt.NDArray[np.int64], flipped: bool = False, out: Any = None
    ) -> npt.NDArray[np.float64]:
        """Features of each row of ``cells`` (N×30): the roller's, then the opponent's;
        with ``flipped``, the same positions seen from the opponent (halves swapped)."""
        n, per = len(cells), self.per_side
        result = np.empty((n, self.size)) if out is None else out
        own = np.maximum(cells[:, self.points], 0)
        theirs = np.maximum(-cells[:, self.opponent_points], 0)
        # the other side's checkers in each side's own numbering
        against_own = np.maximum(-cells[:, self.points], 0)
        against_theirs = np.maximum(cells[:, self.opponent_points], 0)
        mine_out = cells[:, BAR] + cells[:, RESERVE]
        their_out = cells[:, OPP_BAR] + cells[:, OPP_RESERVE]
        first, second = (per, 0) if flipped else (0, per)
        self._side(own, against_own, mine_out, their_out, result[:, first : first + per])
        self._side(theirs, against_theirs, their_out, mine_out, result[:, second : second + per])
        return result

    def _side(
        self,
        own: npt.NDArray[np.int64],
        other: npt.NDArray[np.int64],
        out: npt.NDArray[np.int64],
        other_out: npt.NDArray[np.int64],
        into: npt.NDArray[np.float64],
    ) -> None:
        """One side's features from its checkers ``own`` and the other side's ``other`` on
        its points 1..24 (its numbering), and the checkers ``out`` and ``other_out`` of each
        on the bar or in the reserve."""
        held = _masks(own, self.hold)
        blocked = _masks(other, self.hold)
        present = _masks(own, 1) | ((out > 0).astype(np.int64) << 25)
        their_blots = _masks(other, 1) & ~_masks(other, 2)
        into[:, 0] = (own == 1).sum(axis=1) / 6.0
        if self.hits:
            into[:, 1] = _shots(present, their_blots, ~blocked)
        else:
            into[:, 1] = 0.0
        into[:, 2] = popcount(held & _HOME_BITS) / 6.0
        into[:, 3] = popcount(held & _FAR_BITS) / 6.0
        into[:, 4] = longest_run(held) / 6.0
        back = rearmost(own, out)
        window = ((blocked << 12) >> back) & 0xFFF
        into[:, 5] = ESCAPES[window]
        into[:, 6] = (own[:, _BACK_POINTS - 1].sum(axis=1) + out) / 15.0
        ahead = blocked & ((np.int64(1) << back) - 1)
        into[:, 7] = longest_run(ahead) / 6.0
        if not self.extended:
            return
        closed = popcount(blocked & _FAR_BITS)
        into[:, 8] = closed * closed / 36.0
        if self.hits:
            into[:, 9] = _pip_loss(present, their_blots, ~blocked)
        else:
            into[:, 9] = 0.0
        far = held & _FAR_BITS
        lowest = highest_bit(far & -far)  # the most advanced anchor, 0 without one
        into[:, 10] = np.where(far != 0, 25 - lowest, 0) / 6.0
        theirs_last = np.where(other_out > 0, 0, foremost(other))
        to_go = np.maximum(self.points[None, :] - theirs_last[:, None], 0)
        behind = (own * to_go).sum(axis=1) + out * np.maximum(25 - theirs_last, 0)
        into[:, 11] = behind / 152.0
        moves = np.zeros(len(own), dtype=np.int64)
        for d in range(1, 7):
            moves += popcount(present & ~(blocked << d) & ~((np.int64(1) << (d + 1)) - 1))
        into[:, 12] = moves / 60.0
        windows = ((blocked[:, None] << 12) >> _CONTAIN_FROM[None, :]) & 0xFFF
        into[:, 13] = 1.0 - ESCAPES[windows].min(axis=1)
