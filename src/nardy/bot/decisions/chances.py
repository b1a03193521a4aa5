"""The cubeless chances the cube and resignation decisions start from, and what each kind
of win is worth.

The network says how often the player on roll wins, wins a gammon or a backgammon, and
loses a gammon or a backgammon, as if the cube did not exist (:class:`Probabilities`);
:func:`outputs_before_roll` asks it before the roll, at 0 or 1 ply. The gammon and
backgammon values come from the variant's own scoring (a long-nardy mars is the gammon,
Dutch and "backgammon counts as gammon" have no extra backgammon): :class:`Values`.

>>> wins, losses = outcomes(Probabilities(0.5, 0.25), Values())
>>> wins, losses
([(0.25, 1), (0.25, 2), (0.0, 3)], [(0.5, 1), (0.0, 2), (0.0, 3)])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.network import OUTPUTS
from nardy.bot.lookahead.search import one_ply_outputs
from nardy.rules.settings import Settings

if TYPE_CHECKING:
    from nardy.bot.evaluation.evaluator import Evaluator
    from nardy.rules.cells import Cells
    from nardy.rules.variant import Variant


@dataclass(frozen=True)
class Probabilities:
    """Cubeless chances of the player on roll; gammons include backgammons."""

    win: float
    win_gammon: float = 0.0
    win_backgammon: float = 0.0
    lose_gammon: float = 0.0
    lose_backgammon: float = 0.0

    @classmethod
    def of(cls, outputs: Sequence[float] | Array) -> Probabilities:
        """Network outputs made consistent (a gammon is never likelier than a win).

        >>> p = Probabilities.of([0.5, 0.7, 0.1, 0.2, 0.3])
        >>> p.win_gammon, p.lose_backgammon
        (0.5, 0.2)
        """
        win, wg, wb, lg, lb = (min(max(float(v), 0.0), 1.0) for v in list(outputs)[:OUTPUTS])
        wg = min(wg, win)
        lg = min(lg, 1.0 - win)
        return cls(win, wg, min(wb, wg), lg, min(lb, lg))

    def flipped(self) -> Probabilities:
        """The same chances from the opponent's side."""
        return Probabilities(
            1.0 - self.win,
            self.lose_gammon,
            self.lose_backgammon,
            self.win_gammon,
            self.win_backgammon,
        )


@dataclass(frozen=True)
class Values:
    """What a gammon and a backgammon are worth, in multiples of the cube."""

    gammon: int = 2
    backgammon: int = 3

    @classmethod
    def of(cls, variant: Variant, settings: Settings) -> Values:
        """The values ``variant`` scores under ``settings``: its second and third kinds of
        win (a kind it does not have is worth the one below).

        >>> from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY
        >>> Values.of(BACKGAMMON, Settings()), Values.of(DUTCH, Settings())
        (Values(gammon=2, backgammon=3), Values(gammon=2, backgammon=2))
        >>> Values.of(LONG_NARDY, Settings(scoring="oin"))
        Values(gammon=1, backgammon=1)
        """
        values = [points for _, points in variant.result_values(settings)]
        g = values[min(1, len(values) - 1)]
        b = values[min(2, len(values) - 1)]
        return cls(g, max(b, g))


SINGLE_ONLY = Values(1, 1)
"""Values when gammons do not count (the Jacoby rule before a double is taken)."""


def outcomes(probs: Probabilities, values: Values) -> tuple[list[tuple[float, int]], ...]:
    """The roller's wins and losses: (chance, multiple of the cube) each."""
    wins = [
        (probs.win - probs.win_gammon, 1),
        (probs.win_gammon - probs.win_backgammon, values.gammon),
        (probs.win_backgammon, values.backgammon),
    ]
    losses = [
        (1.0 - probs.win - probs.lose_gammon, 1),
        (probs.lose_gammon - probs.lose_backgammon, values.gammon),
        (probs.lose_backgammon, values.backgammon),
    ]
    return wins, losses


def outputs_before_roll(evaluator: Evaluator, cells: Cells, ply: int = 0) -> Array:
    """The roller's cubeless outputs before rolling: the network's at 0 ply; at 1 ply the
    average over the 21 rolls of the outputs after the best play of each."""
    if ply <= 0:
        return evaluator.roller_outputs(cells)
    row: Array = one_ply_outputs(evaluator, [cells])[0]
    return row
