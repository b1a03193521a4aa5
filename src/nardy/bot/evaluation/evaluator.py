"""Zero-ply evaluation: score every legal play of a roll with the model, pick the best.

The judge is a :class:`~nardy.bot.evaluation.model.Model` (one network per class of
position), or a single :class:`~nardy.bot.evaluation.network.Network` over raw inputs, which
is read as a model of one class. Where both sides are bearing off, the exact databases of
:mod:`nardy.bot.evaluation.bearoff` answer instead of the networks (in every variant that
bears off the standard way).

>>> from nardy.variants import BACKGAMMON
>>> from nardy.bot.evaluation.network import Network
>>> from nardy.bot.evaluation.encoding import INPUTS
>>> judge = Evaluator(BACKGAMMON, Network.create(INPUTS, 8, seed=3))
>>> choice = judge.best(BACKGAMMON.start_position().cells, (3, 1))
>>> len(choice.steps), choice.outputs.shape
(2, (5,))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.bearoff import BearOff
from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.model import Model
from nardy.bot.evaluation.network import (
    OUTPUTS,
    WIN,
    WIN_BACKGAMMON,
    WIN_GAMMON,
    Network,
    equity,
    flip_outputs,
)
from nardy.rules.cells import CHECKERS, OFF, Cells
from nardy.rules.plays import Dice, Step, final_cells
from nardy.rules.settings import Settings
from nardy.rules.variant import Variant

CHUNK = 1024
"""Rows encoded and evaluated at once."""
GAMMON_KINDS = frozenset({"gammon", "mars", "backgammon"})
BACKGAMMON_KINDS = frozenset({"backgammon"})


@dataclass(frozen=True)
class Choice:
    """A chosen play: its final cells (roller's view), steps, and the mover's outputs."""

    cells: Cells
    steps: tuple[Step, ...]
    outputs: Array
    equity: float


class Evaluator:
    """Scores positions of one variant with one network."""

    def __init__(
        self,
        variant: Variant,
        judge: Model | Network,
        settings: Settings | None = None,
        *,
        exact_bearoff: bool = True,
    ):
        self.variant = variant
        self.model = judge if isinstance(judge, Model) else Model.single(variant, judge)
        self.bearoff = BearOff(variant)
        self.exact_bearoff = exact_bearoff and self.bearoff.enabled
        self.settings = settings or Settings.for_variant(variant)
        self._flip_rows = np.array(variant.flip_index)

    def flip(self, cells: Cells) -> Cells:
        """The cells seen from the other side."""
        return self.variant.flip(cells)

    def outcome(self, cells: Cells) -> Array:
        """The mover's outputs once it has borne off its last checker in ``cells``."""
        kind, _ = self.variant.win(cells, self.settings)
        y = np.zeros(OUTPUTS)
        y[WIN] = 1.0
        y[WIN_GAMMON] = kind in GAMMON_KINDS
        y[WIN_BACKGAMMON] = kind in BACKGAMMON_KINDS
        return y

    def outputs(self, cells: npt.NDArray[np.int64], flipped: bool = False) -> Array:
        """Outputs for each row of ``cells`` (seen from the opponent if ``flipped``): the
        bear-off databases' where both sides are bearing off, else the model's, a chunk at a
        time."""
        if len(cells) <= CHUNK:
            y = self.model.outputs(cells, flipped)
        else:
            y = np.empty((len(cells), OUTPUTS))
            for start in range(0, len(cells), CHUNK):
                chunk = cells[start : start + CHUNK]
                y[start : start + len(chunk)] = self.model.outputs(chunk, flipped)
        if self.exact_bearoff:
            exact = self.bearoff.applies(cells)
            if exact.any():
                rows = cells[exact]
                if flipped:
                    rows = rows[:, self._flip_rows]
                    rows[:, 1:25] *= -1
                y[exact] = self.bearoff.outputs(rows)
        return y

    def after_outputs(self, finals: list[Cells]) -> Array:
        """The mover's outputs for each final position of its play."""
        return self.after_rows(np.array(finals, dtype=np.int64))

    def after_rows(self, cells: npt.NDArray[np.int64]) -> Array:
        """:meth:`after_outputs` of final positions given as rows of an array."""
        y = flip_outputs(self.outputs(cells, flipped=True))
        for row in np.nonzero(cells[:, OFF] == CHECKERS)[0]:
            y[row] = self.outcome(tuple(cells[row].tolist()))
        return y

    def roller_outputs(self, cells: Cells) -> Array:
        """The outputs of the player on roll in ``cells``, before the roll."""
        row: Array = self.outputs(np.array([cells], dtype=np.int64))[0]
        return row

    def best(self, cells: Cells, dice: Dice) -> Choice | None:
        """The play of ``dice`` with the highest equity, or None when none is legal."""
        plays = final_cells(self.variant, cells, dice)
        if not plays:
            return None
        finals = list(plays)
        y = self.after_outputs(finals)
        eq = equity(y)
        i = int(np.argmax(eq))
        return Choice(finals[i], plays[finals[i]], y[i], float(eq[i]))
