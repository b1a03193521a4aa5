"""Supervised fitting of a model's class networks to labelled positions, by Adam.

The labels (:mod:`nardy.bot.training.label`) are the roller's five probabilities; each position
teaches the network of its own class. The loss is the cross-entropy of each output
against its target probability, and the steps are Adam's (Kingma and Ba 2015): a step per
weight scaled by running averages of its gradient and squared gradient, so that the rarely
moved inputs (a feature that is seldom non-zero) learn as fast as the busy ones. Plain
gradient steps, as TD training takes them, need many more passes over the same data.

The inputs of every row are computed once, in ``float32``, and the held-out rows (a fixed
share, drawn by the seed) measure the mean squared error of the outputs before and after.

Rows may come in *groups*, the plays of one decision labelled side by side (``nardy label
--plays``). A decision is settled by the differences between its plays' equities, and the
labels of one group share their rollout's dice, so their differences are sharper than the
labels themselves. With a ``pairwise`` weight the loss adds, for each group met in a batch,
that weight times half the sum of squares of each play's equity less the group's mean, net
of the labels' own (:func:`pairwise_direction`); whole groups are shuffled and held out
together, and the held-out *decision error* (the mean absolute such difference) is measured
before and after as well.

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
from typing import Any, Final

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


EQUITY: Final = np.array([2.0, 1.0, 1.0, -1.0, -1.0])
"""Cubeless equity is ``outputs @ EQUITY - 1`` (:func:`nardy.bot.evaluation.network.equity`)."""


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
    groups: npt.NDArray[np.int64] | None = None,
    pairwise: float = 0.0,
) -> dict[str, Any]:
    """Fit ``model``'s networks to ``targets`` (the roller's outputs for each row of
    ``cells``); the rate falls linearly to a tenth over the epochs. Returns the held-out
    mean squared error before and after, and the rows each class had. With ``groups`` (a
    decision's number for each row) and a ``pairwise`` weight above 0, the loss has the
    module's pairwise term too, and the figures the held-out decision error."""
    rng = np.random.default_rng(seed)
    paired = groups is not None and pairwise > 0
    if paired:
        assert groups is not None
        group_order = rng.permutation(int(groups.max()) + 1)[groups]  # each group's place
        order = np.lexsort((np.arange(len(cells)), group_order))
        cut = int(np.searchsorted(group_order[order], int(group_order.max() * held_out)))
    else:
        order = rng.permutation(len(cells))
        cut = int(len(cells) * held_out)
    test, train = order[:cut], order[cut:]

    def error() -> float:
        if len(test) == 0:
            return 0.0
        return float(((model.outputs(cells[test]) - targets[test]) ** 2).mean())

    def decision_error() -> float:
        assert groups is not None
        return decision_difference(model.outputs(cells[test]), targets[test], groups[test])

    before = error()
    figures: dict[str, Any] = {"decision_error_before": decision_error()} if paired else {}
    kinds = model.classes_of(cells[train])
    work: list[tuple[Network, npt.NDArray[np.float32], npt.NDArray[np.float32], Adam, Any]] = []
    sizes: dict[str, int] = {}
    for kind in model.classes:
        rows = train[kinds == kind.index]
        sizes[kind.name] = len(rows)
        if len(rows) == 0:
            continue
        net = model.networks[kind.name]
        x = model.inputs(kind, cells[rows]).astype(np.float32)
        mine = groups[rows] if paired and groups is not None else None
        work.append((net, x, targets[rows].astype(np.float32), Adam(net.parameters, rate), mine))
    for epoch in range(epochs):
        for net, x, y, adam, mine in work:
            adam.rate = rate * (1.0 - 0.9 * epoch / max(epochs - 1, 1))
            shuffled = rng.permutation(len(x)) if mine is None else _by_group(mine, rng)
            for start in range(0, len(x), batch):
                rows = shuffled[start : start + batch]
                wanted = y[rows].astype(net.w1.dtype)
                more = None
                if mine is not None:
                    more = pairwise_direction(wanted, mine[rows], pairwise)
                directions, _ = net.directions(x[rows].astype(net.w1.dtype), wanted, more)
                adam.step([d / len(rows) for d in directions])
        if progress:
            progress(epoch + 1, error())
    if paired:
        figures["decision_error_after"] = decision_error()
    return {"held_out": cut, "rows": sizes, "mse_before": before, "mse_after": error()} | figures


def _by_group(groups: npt.NDArray[np.int64], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """The rows in a random order that keeps each group's rows together."""
    place = rng.permutation(int(groups.max()) + 1)[groups]
    shuffled: npt.NDArray[np.int64] = np.argsort(place, kind="stable")
    return shuffled


def _centred(values: Array, groups: npt.NDArray[np.int64]) -> Array:
    """Each value less the mean of its group's."""
    _, inverse, counts = np.unique(groups, return_inverse=True, return_counts=True)
    means = np.bincount(inverse, values) / counts
    centred: Array = values - means[inverse]
    return centred


def pairwise_direction(
    targets: Array, groups: npt.NDArray[np.int64], weight: float
) -> Callable[[Array], Array]:
    """The descent direction, at the output units' sums, of ``weight`` times half the sum
    over rows of (the row's equity less its group's mean, less the same of the targets)²:
    what :meth:`Network.directions` adds to the cross-entropy's. A group of one row adds
    nothing.

    >>> t = np.array([[0.6, 0.1, 0.0, 0.1, 0.0], [0.4, 0.1, 0.0, 0.1, 0.0], [0.5] * 5])
    >>> y = np.array([[0.5, 0.1, 0.0, 0.1, 0.0], [0.5, 0.1, 0.0, 0.1, 0.0], [0.3] * 5])
    >>> more = pairwise_direction(t, np.array([7, 7, 8]), 1.0)(y)
    >>> (more[:, 0] > 0).tolist(), (more[:, 0] < 0).tolist(), bool((more[2] == 0).all())
    ([True, False, False], [False, True, False], True)
    """
    wanted = _centred(targets @ EQUITY, groups)

    def more(y: Array) -> Array:
        off = _centred(y @ EQUITY, groups) - wanted
        direction: Array = -weight * off[:, None] * EQUITY[None, :] * y * (1.0 - y)
        return direction

    return more


def decision_difference(outputs: Array, targets: Array, groups: npt.NDArray[np.int64]) -> float:
    """The mean absolute difference between a row's equity less its group's mean in
    ``outputs`` and the same in ``targets``, over the rows of groups of more than one."""
    _, inverse, counts = np.unique(groups, return_inverse=True, return_counts=True)
    shared = counts[inverse] > 1
    if not shared.any():
        return 0.0
    off = _centred(outputs @ EQUITY, groups) - _centred(targets @ EQUITY, groups)
    return float(np.abs(off[shared]).mean())
