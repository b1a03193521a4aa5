"""A hand-written evaluation that plays every variant passably: race, blocks, blots, progress.

It is a yardstick between the random player and the networks, mainly for long nardy and
Dutch backgammon, which have no published benchmark player. It knows no variant by name:
everything comes from the cells, the variant's :meth:`~nardy.rules.variant.Variant.mirror`
(the opponent's numbering of each point) and the legal plays from
:func:`~nardy.rules.plays.final_cells`. Whether checkers can be hit is found out once, by
asking the move generator about a small position where a hit is possible if the rules allow
it; where nothing is ever hit, a single checker holds a point.

The score of the mover's position after its play, in pips:

- the race: the opponent's pip count minus the mover's;
- points held in front of the opponent's rearmost checker (2 each), and blocks of consecutive
  held points there (half the square of each block's length);
- where hitting exists, each blot's expected loss: the chance that the opponent rolls a shot
  at it times the pips it would lose;
- checkers on the bar of the opponent (a tempo, 2 each), checkers borne off (2 each) and in
  the home board (0.25 each), and a small cost for tall stacks.

Those are the weights of the balanced :class:`Style`; the others (``heuristic:blocker``,
``heuristic:runner``, ``heuristic:bold`` as benchmark players) weigh the same terms
differently, so that labels can come from games against more than one way of playing.

>>> from nardy.variants import LONG_NARDY
>>> player = HeuristicPlayer(LONG_NARDY)
>>> player.hits, player.holds
(False, 1)
>>> start = LONG_NARDY.start_position().cells
>>> player.choose(start, (6, 5)) in final_cells(LONG_NARDY, start, (6, 5))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from nardy.rules.cells import (
    BAR,
    CHECKERS,
    OFF,
    OPP_BAR,
    OPP_RESERVE,
    RESERVE,
    Cells,
)
from nardy.rules.plays import Dice, final_cells
from nardy.rules.variant import Variant

SHOTS: Final = {
    1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3,
    15: 1, 16: 1, 18: 1, 20: 1, 24: 1,
}  # fmt: skip
"""Rolls out of 36 that move some checker exactly this far (ignoring blocked points)."""


@dataclass(frozen=True)
class Style:
    """The weights of the score's terms: a style of play.

    >>> STYLES["blocker"].held_point > STYLES["balanced"].held_point
    True
    """

    race: float = 1.0
    """Per pip of the race."""
    held_point: float = 2.0
    """Per point held in front of the opponent's rearmost checker."""
    block: float = 0.5
    """Times the square of each block's length there."""
    blot: float = 1.0
    """Per pip of a blot's expected loss."""
    hit_tempo: float = 2.0
    """Per checker of the opponent's on the bar."""
    borne_off: float = 2.0
    at_home: float = 0.25
    stack: float = 0.5
    """Per checker beyond four on a point."""


STYLES: Final = {
    "balanced": Style(),
    "blocker": Style(race=0.6, held_point=3.0, block=1.5, stack=0.25),
    "runner": Style(race=1.5, held_point=0.5, block=0.1, at_home=0.5, borne_off=3.0),
    "bold": Style(blot=0.3, hit_tempo=5.0, held_point=2.5),
}
"""Players of different priorities, so that a network meets more than one style: the
balanced default, one that builds primes before it races, one that runs for home and one
that hits and leaves blots (the last plays like the first where nothing is hit)."""

ENTRY_PIPS: Final = 25
"""Pips of a checker on the bar or in reserve."""


class HeuristicPlayer:
    """Chooses the play whose resulting position :meth:`evaluate` scores highest, with the
    weights of one of the :data:`STYLES`."""

    def __init__(self, variant: Variant, style: str = "balanced") -> None:
        if style not in STYLES:
            raise ValueError(f"unknown heuristic style {style!r} (known: {', '.join(STYLES)})")
        self.variant = variant
        self.style = STYLES[style]
        self.name = "heuristic" if style == "balanced" else f"heuristic:{style}"
        self.theirs = [0, *(variant.mirror(p) for p in range(1, 25))]
        """The opponent's number of each of the mover's points."""
        self.hits = variant.hits
        self.holds = 2 if self.hits else 1
        """Checkers that close a point to the opponent."""

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        finals = final_cells(self.variant, cells, dice)
        if not finals:
            return None
        return max(finals, key=self.evaluate)

    def evaluate(self, cells: Cells) -> float:
        """The mover's score of ``cells`` (its view, after its play); higher is better."""
        if cells[OFF] == CHECKERS:
            return float("inf")
        theirs = self.theirs
        pips = ENTRY_PIPS * (cells[BAR] + cells[RESERVE])
        their_pips = ENTRY_PIPS * (cells[OPP_BAR] + cells[OPP_RESERVE])
        their_back = ENTRY_PIPS if cells[OPP_BAR] + cells[OPP_RESERVE] else 0
        attackers: list[int] = [ENTRY_PIPS] if their_back else []
        held: list[int] = []
        blots: list[int] = []
        home = stacks = 0
        for point in range(1, 25):
            n = cells[point]
            if n > 0:
                pips += point * n
                if n >= self.holds:
                    held.append(theirs[point])
                if n == 1:
                    blots.append(point)
                if point <= 6:
                    home += n
                if n > 4:
                    stacks += n - 4
            elif n < 0:
                q = theirs[point]
                their_pips -= q * n
                their_back = max(their_back, q)
                attackers.append(q)
        style = self.style
        score = style.race * (their_pips - pips)
        score += style.borne_off * cells[OFF] + style.at_home * home - style.stack * stacks
        score += style.hit_tempo * cells[OPP_BAR]
        score += self._blocking(held, their_back)
        if self.hits and blots:
            score -= style.blot * self._exposure(blots, attackers)
        return score

    def _blocking(self, held: list[int], their_back: int) -> float:
        """Points held in front of the opponent's rearmost checker, and their blocks;
        ``held`` are the points in the opponent's numbering."""
        ahead = sorted(q for q in held if q < their_back)
        value = self.style.held_point * len(ahead)
        run = 0
        previous = -1
        for q in ahead:
            run = run + 1 if q == previous + 1 else 1
            previous = q
            if run > 1:
                value += self.style.block * (2 * run - 1)  # a block of length L adds up to L²
        return value

    def _exposure(self, blots: list[int], attackers: list[int]) -> float:
        """Expected pips lost by the mover's blots to the opponent's shots."""
        theirs = self.theirs
        loss = 0.0
        for point in blots:
            target = theirs[point]
            missed = 1.0
            for distance in {q - target for q in attackers if q > target}:
                missed *= 1.0 - SHOTS.get(distance, 0) / 36.0
            loss += (1.0 - missed) * (ENTRY_PIPS - point)
        return loss
