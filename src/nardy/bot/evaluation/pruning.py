"""A small network that ranks the plays of a roll so that the model need judge only the best few.

Looking two rolls ahead, most of the work is choosing each roll's play at 0 ply: every
play of every roll of every position goes through the model's networks, of which only the
best is kept. A *pruner* (GNU Backgammon keeps small "pruning" networks for the same
purpose) is a network a few dozen times cheaper, over the raw inputs alone, fitted to the
model's own equities (:func:`nardy.bot.training.pruning.distil`); only the ``keep`` plays
it ranks highest in each roll are then judged by the model (:func:`top_in_groups`). The
choice is the model's own whenever its best play is among those.

>>> from nardy.variants import BACKGAMMON
>>> model = Model.create(BACKGAMMON, {"contact": 6, "race": 4}, seed=1)
>>> pruner = Pruner.create(model, hidden=4, seed=1)
>>> start = np.array([BACKGAMMON.start_position().cells] * 3)
>>> pruner.equity(model, start).shape
(3,)
>>> top_in_groups(np.array([0.1, 0.5, 0.3, 0.9, 0.2]), np.array([3, 5]), keep=1).tolist()
[False, True, False, True, False]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.model import CLASSES, Model
from nardy.bot.evaluation.network import first_layer, sigmoid

RAW = next(kind for kind in CLASSES if not kind.features)
"""The class whose inputs are the raw encoding alone: the pruner reads those."""


@dataclass
class Pruner:
    """A sigmoid hidden layer over a model's raw inputs and one linear output: the mover's
    cubeless equity after a play (the opponent to roll)."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array

    @classmethod
    def create(cls, model: Model, hidden: int = 32, seed: int = 0) -> Pruner:
        """Random weights for ``model``'s raw inputs, in its precision."""
        rng = np.random.default_rng(seed)
        inputs = model.inputs(RAW, np.zeros((0, 30), dtype=np.int64)).shape[1]
        dtype = model.dtype
        return cls(
            rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)).astype(dtype),
            np.zeros(hidden, dtype),
            rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, 1)).astype(dtype),
            np.zeros(1, dtype),
        )

    @property
    def parameters(self) -> list[Array]:
        return [self.w1, self.b1, self.w2, self.b2]

    def equity(self, model: Model, finals: npt.NDArray[np.int64]) -> Array:
        """The estimated equity of the mover in each final position (rows of cells)."""
        x = model.inputs(RAW, finals, flipped=True)
        hidden = sigmoid(first_layer(x, self.w1, self.b1, model.affine))
        result: Array = (hidden @ self.w2 + self.b2)[:, 0]
        return result


def top_in_groups(scores: Array, ends: npt.NDArray[np.int64], keep: int) -> npt.NDArray[np.bool_]:
    """Which rows are among the ``keep`` highest ``scores`` of their group (the first on a
    tie); the groups are consecutive, each ending just before its entry of ``ends``."""
    sizes = np.diff(np.concatenate([[0], ends]))
    group = np.repeat(np.arange(len(ends)), sizes)
    order = np.lexsort((np.arange(len(scores)), -scores, group))
    starts = np.concatenate([[0], ends[:-1]])
    rank = np.empty(len(scores), dtype=np.int64)
    rank[order] = np.arange(len(scores)) - np.repeat(starts, sizes)
    kept: npt.NDArray[np.bool_] = rank < keep
    return kept
