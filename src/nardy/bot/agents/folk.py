"""A long-nardy player that follows a teacher's rules of thumb, in order of importance.

It is a second yardstick for long nardy, built on another principle than
:mod:`~nardy.bot.agents.heuristic`: nothing is weighed against anything else. Each legal
final position (:func:`~nardy.rules.plays.final_cells`) is judged by a tuple of rules, and
the tuples are compared as they stand, so a later rule only breaks the ties of the earlier
ones. A player that the networks never met in training shows how they cope with
unfamiliar play.

The rules, first to last:

- a play that bears off the last checker wins;
- once the sides have passed each other (no contact before the play), run: fewest pips
  left, most checkers off, fewest checkers outside the home board, fewest gaps in it;
- in contact, block: the longest row of held points (at most six) that begins within a
  die's throw in front of one of the opponent's checkers;
- take checkers off the head, one a turn;
- hold many points in the second and third quarters (13–18 and 7–12 in the mover's
  numbering), and pile up no stacks of four or more away from the head and the home board;
- the lowest pip count.

Ties left after all of them go to the largest cells tuple, so the player is reproducible.

>>> from nardy.variants import BACKGAMMON, LONG_NARDY
>>> player = FolkPlayer(LONG_NARDY)
>>> start = LONG_NARDY.start_position().cells
>>> player.choose(start, (6, 3)) in final_cells(LONG_NARDY, start, (6, 3))
True
>>> FolkPlayer(BACKGAMMON)
Traceback (most recent call last):
...
ValueError: the folk player knows long nardy only, not backgammon
"""

from __future__ import annotations

from typing import Final

import numpy as np

from nardy.bot.evaluation.model import CONTACT, Geometry, classify
from nardy.rules.cells import CHECKERS, OFF, Cells
from nardy.rules.plays import Dice, final_cells
from nardy.rules.variant import Variant
from nardy.variants.long_nardy import HEAD, PRIME, LongNardy

Judgement = tuple[int, ...]

REACH: Final = 6
"""How far in front of an opponent's checker a row of held points may begin and still
count as blocking it: one die."""
STACK: Final = 4
"""Checkers on one point that make a stack the teacher frowns on."""
BUILDING: Final = range(7, 19)
"""The mover's second and third quarters, where a position is built."""


class FolkPlayer:
    """Chooses the play whose :meth:`judge` tuple is highest."""

    name = "folk"

    def __init__(self, variant: Variant) -> None:
        if not isinstance(variant, LongNardy):
            raise ValueError(f"the folk player knows long nardy only, not {variant.name}")
        self.variant = variant
        self.theirs = [0, *(variant.mirror(p) for p in range(1, 25))]
        """The opponent's number of each of the mover's points."""
        self.geometry = Geometry.of(variant)

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        finals = final_cells(self.variant, cells, dice)
        if not finals:
            return None
        judge = self.race if not self.contact(cells) else self.judge
        return max(finals, key=lambda final: (final[OFF] == CHECKERS, judge(final), final))

    def contact(self, cells: Cells) -> bool:
        """Whether a checker of either side still has one of the other's ahead of it (the
        networks' own test, :func:`~nardy.bot.evaluation.model.classify`)."""
        return bool(classify(self.geometry, np.array([cells], dtype=np.int64))[0] == CONTACT)

    def race(self, cells: Cells) -> Judgement:
        """The race's rules: pips, checkers off, checkers still to come home, gaps."""
        pips = outside = gaps = 0
        top = 0
        for point in range(1, 25):
            n = cells[point]
            if n > 0:
                pips += point * n
                if point > 6:
                    outside += n
                else:
                    top = point
        for point in range(1, top):
            gaps += cells[point] <= 0
        return -pips, cells[OFF], -outside, -gaps

    def judge(self, cells: Cells) -> Judgement:
        """The rules of play in contact, most important first (see the module docstring)."""
        pips = built = stacks = 0
        for point in range(1, 25):
            n = cells[point]
            if n > 0:
                pips += point * n
                if point in BUILDING:
                    built += 1
                if n >= STACK and 6 < point < HEAD:
                    stacks += 1
        return self.block(cells), -cells[HEAD], built, -stacks, -pips

    def block(self, cells: Cells) -> int:
        """The longest row of the mover's points, capped at
        :data:`~nardy.variants.long_nardy.PRIME`, that begins at most :data:`REACH` pips in
        front of one of the opponent's checkers (counted in the opponent's numbering)."""
        theirs = self.theirs
        held = [False] * 26
        for point in range(1, 25):
            if cells[point] > 0:
                held[theirs[point]] = True
        longest = 0
        for point in range(1, 25):
            if cells[point] >= 0:
                continue
            where = theirs[point]
            for start in range(where - 1, max(0, where - 1 - REACH), -1):
                length = 0
                while start - length >= 1 and held[start - length] and length < PRIME:
                    length += 1
                longest = max(longest, length)
        return longest
