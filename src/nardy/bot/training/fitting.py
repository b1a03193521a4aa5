"""Supervised fitting of a model's class networks to labelled positions, by Adam.

The labels (:mod:`nardy.bot.training.label`) are the roller's five probabilities; each position
teaches the network of its own class. The loss is the cross-entropy of each output
against its target probability, and the steps are Adam's (Kingma and Ba 2015): a step per
weight scaled by running averages of its gradient and squared gradient, so that the rarely
moved inputs (a feature that is seldom non-zero) learn as fast as the busy ones. Plain
gradient steps, as TD training takes them, need many more passes over the same data.

The inputs of every row are computed once, in ``float32``, and the held-out rows (a fixed
share, drawn by the seed) measure the mean squared error of the outputs before and after.

>>> from nardy.variants import DUTCH
>>> from nardy.bot.evaluation.model import Model
>>> model = Model.create(DUTCH, {"contact": 4, "race": 4}, seed=1)
>>> cells = np.array([DUTCH.start_position().cells] * 40)
>>> targets = np.tile([0.7, 0.2, 0.01, 0.1, 0.01], (40, 1))
>>> figures = fit(model, cells, targets, epochs=30, rate=0.05, held_out=0.25)
>>> figures["mse_after"] < figures["mse_before"]
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.model import Model
from nardy.bot.evaluation.network import Network


class Adam:
    """Adam's update of a list of arrays in place, given descent directions."""

    def __init__(
        self, arrays: list[Array], rate: float, beta1: float = 0.9, beta2: float = 0.999
    ) -> None:
        self.arrays = arrays
        self.rate = rate
        self.beta1, self.beta2 = beta1, beta2
        self.first = [np.zeros_like(a) for a in arrays]
        self.second = [np.zeros_like(a) for a in arrays]
        self.steps = 0

    def step(self, directions: list[Array]) -> None:
        """Move every array along its direction (already averaged over the batch)."""
        self.steps += 1
        b1, b2 = self.beta1, self.beta2
        scale = self.rate * np.sqrt(1.0 - b2**self.steps) / (1.0 - b1**self.steps)
        for array, d, m, v in zip(self.arrays, directions, self.first, self.second, strict=True):
            m *= b1
            m += (1.0 - b1) * d
            v *= b2
            v += (1.0 - b2) * d * d
            array += scale * m / (np.sqrt(v) + 1e-8)


def fit(
    model: Model,
    cells: npt.NDArray[np.int64],
    targets: Array,
    epochs: int = 20,
    rate: float = 0.002,
    batch: int = 128,
    held_out: float = 0.05,
    seed: int = 1,
    progress: Callable[[int, float], None] | None = None,
) -> dict[str, Any]:
    """Fit ``model``'s networks to ``targets`` (the roller's outputs for each row of
    ``cells``); the rate falls linearly to a tenth over the epochs. Returns the held-out
    mean squared error before and after, and the rows each class had."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(cells))
    cut = int(len(cells) * held_out)
    test, train = order[:cut], order[cut:]

    def error() -> float:
        if len(test) == 0:
            return 0.0
        return float(((model.outputs(cells[test]) - targets[test]) ** 2).mean())

    before = error()
    kinds = model.classes_of(cells[train])
    work: list[tuple[Network, npt.NDArray[np.float32], npt.NDArray[np.float32], Adam]] = []
    sizes: dict[str, int] = {}
    for kind in model.classes:
        rows = train[kinds == kind.index]
        sizes[kind.name] = len(rows)
        if len(rows) == 0:
            continue
        net = model.networks[kind.name]
        x = model.inputs(kind, cells[rows]).astype(np.float32)
        work.append((net, x, targets[rows].astype(np.float32), Adam(net.parameters, rate)))
    for epoch in range(epochs):
        for net, x, y, adam in work:
            adam.rate = rate * (1.0 - 0.9 * epoch / max(epochs - 1, 1))
            shuffled = rng.permutation(len(x))
            for start in range(0, len(x), batch):
                rows = shuffled[start : start + batch]
                directions, _ = net.directions(
                    x[rows].astype(net.w1.dtype), y[rows].astype(net.w1.dtype)
                )
                adam.step([d / len(rows) for d in directions])
        if progress:
            progress(epoch + 1, error())
    return {"held_out": cut, "rows": sizes, "mse_before": before, "mse_after": error()}
