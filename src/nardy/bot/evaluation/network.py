"""A small neural network: inputs, one sigmoid hidden layer, five sigmoid outputs.

The outputs are probabilities for the player on roll: win, win a gammon, win a
backgammon, lose a gammon, lose a backgammon (a mars counts as a gammon). Weights are
plain numpy arrays saved in one ``.npz`` file with a little metadata.

>>> net = Network.create(inputs=4, hidden=3, seed=1)
>>> y = net.evaluate(np.zeros((2, 4)))
>>> y.shape
(2, 5)
>>> flip_outputs(np.array([[0.75, 0.25, 0.0, 0.125, 0.0]])).tolist()
[[0.25, 0.125, 0.0, 0.25, 0.0]]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]


class Affine(Protocol):
    """``affine(x, n, w, b, out)``: writes ``x @ w + b`` for ``n`` rows into ``out``."""

    def __call__(self, x: Any, n: int, w: Any, b: Any, out: Any, /) -> None: ...


OUTPUTS = 5
WIN, WIN_GAMMON, WIN_BACKGAMMON, LOSE_GAMMON, LOSE_BACKGAMMON = range(OUTPUTS)


def sigmoid(z: Array) -> Array:
    """The logistic function, computed in place on ``z``."""
    np.clip(z, -40.0, 40.0, out=z)
    np.negative(z, out=z)
    np.exp(z, out=z)
    z += 1.0
    return np.reciprocal(z, out=z)


def first_layer(x: Array, w1: Array, b1: Array, affine: Affine | None = None) -> Array:
    """``x @ w1 + b1``: by ``affine`` (the compiled one, over the non-zero inputs of each
    row) when it is given and everything is ``float32``, else by numpy's product.

    >>> x, w1, b1 = np.eye(2), np.array([[1.0, 2.0], [3.0, 4.0]]), np.ones(2)
    >>> first_layer(x, w1, b1).tolist()
    [[2.0, 3.0], [4.0, 5.0]]
    """
    if affine is None or x.dtype != np.float32 or w1.dtype != np.float32:
        result: Array = x @ w1 + b1
        return result
    z = np.empty((len(x), w1.shape[1]), dtype=x.dtype)
    affine(np.ascontiguousarray(x), len(x), np.ascontiguousarray(w1), b1, z)
    return z


def flip_outputs(y: Array) -> Array:
    """The same estimates from the other player's side."""
    flipped = np.empty_like(y)
    flipped[:, WIN] = 1.0 - y[:, WIN]
    flipped[:, WIN_GAMMON] = y[:, LOSE_GAMMON]
    flipped[:, WIN_BACKGAMMON] = y[:, LOSE_BACKGAMMON]
    flipped[:, LOSE_GAMMON] = y[:, WIN_GAMMON]
    flipped[:, LOSE_BACKGAMMON] = y[:, WIN_BACKGAMMON]
    return flipped


def equity(y: Array, gammon: float = 1.0, backgammon: float = 1.0) -> Array:
    """Cubeless equity of each row of outputs: +1 a single win, +2 a gammon, +3 a backgammon
    (``gammon`` and ``backgammon`` are the extra points each adds)."""
    return (
        2.0 * y[:, WIN]
        - 1.0
        + gammon * (y[:, WIN_GAMMON] - y[:, LOSE_GAMMON])
        + backgammon * (y[:, WIN_BACKGAMMON] - y[:, LOSE_BACKGAMMON])
    )


@dataclass
class Network:
    """Weights of the network and what is known about how they were made."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def create(cls, inputs: int, hidden: int, seed: int = 0) -> Network:
        rng = np.random.default_rng(seed)
        return cls(
            w1=rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)),
            b1=np.zeros(hidden),
            w2=rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, OUTPUTS)),
            b2=np.zeros(OUTPUTS),
        )

    def widened(self, hidden: int, seed: int = 0) -> Network:
        """This network with ``hidden`` hidden units: the new units read random weights of the
        inputs but have no say in the outputs yet (their output weights are zero), so the
        outputs are unchanged and a fit can give them one.

        >>> net = Network.create(6, 3, seed=1)
        >>> wide = net.widened(5)
        >>> wide.w1.shape, wide.w2.shape
        ((6, 5), (5, 5))
        >>> x = np.random.default_rng(2).random((4, 6))
        >>> bool(np.allclose(wide.evaluate(x), net.evaluate(x)))
        True
        """
        inputs, old = self.w1.shape
        if hidden < old:
            raise ValueError(f"a network of {old} hidden units cannot shrink to {hidden}")
        rng = np.random.default_rng(seed)
        fresh = rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden - old))
        dtype = self.w1.dtype
        return Network(
            w1=np.concatenate([self.w1, fresh.astype(dtype)], axis=1),
            b1=np.concatenate([self.b1, np.zeros(hidden - old, dtype)]),
            w2=np.concatenate([self.w2, np.zeros((hidden - old, self.w2.shape[1]), dtype)]),
            b2=self.b2.copy(),
            meta=dict(self.meta),
        )

    def evaluate(self, x: Array, affine: Affine | None = None) -> Array:
        """Outputs for each row of inputs. ``affine`` is the compiled first layer
        (``nardy._evaluation.affine``, which skips the zero inputs of a row), used when the
        inputs and weights are ``float32``; numpy's product otherwise."""
        return sigmoid(sigmoid(first_layer(x, self.w1, self.b1, affine)) @ self.w2 + self.b2)

    def learn(self, x: Array, target: Array, rate: float) -> Array:
        """One gradient step moving the outputs for the rows of ``x`` towards ``target``
        (squared error); returns the outputs before the step."""
        hidden = sigmoid(x @ self.w1 + self.b1)
        y = sigmoid(hidden @ self.w2 + self.b2)
        delta2 = (target - y) * y * (1.0 - y)
        delta1 = (delta2 @ self.w2.T) * hidden * (1.0 - hidden)
        self.w2 += rate * hidden.T @ delta2
        self.b2 += rate * delta2.sum(axis=0)
        self.w1 += rate * x.T @ delta1
        self.b1 += rate * delta1.sum(axis=0)
        return y

    @property
    def parameters(self) -> list[Array]:
        """The weight arrays, in the order :meth:`directions` answers for them."""
        return [self.w1, self.b1, self.w2, self.b2]

    def directions(
        self, x: Array, target: Array, more: Callable[[Array], Array] | None = None
    ) -> tuple[list[Array], Array]:
        """The steepest-descent direction of the cross-entropy between the outputs for the
        rows of ``x`` and the ``target`` probabilities, summed over the rows, one array per
        entry of :attr:`parameters`; and the outputs. (With sigmoid outputs the
        cross-entropy's output error is just ``target - y``: no flat spots when an output
        is confidently wrong, as squared error has.) ``more``, given the outputs, adds
        another loss's descent direction at the output units' sums to that error.

        >>> net = Network.create(inputs=2, hidden=2, seed=3)
        >>> x, t = np.array([[1.0, 0.0]]), np.full((1, 5), 0.5)
        >>> [d.shape for d in net.directions(x, t)[0]]
        [(2, 2), (2,), (2, 5), (5,)]
        """
        hidden = sigmoid(x @ self.w1 + self.b1)
        y = sigmoid(hidden @ self.w2 + self.b2)
        delta2 = target - y if more is None else target - y + more(y)
        delta1 = (delta2 @ self.w2.T) * hidden * (1.0 - hidden)
        return [x.T @ delta1, delta1.sum(axis=0), hidden.T @ delta2, delta2.sum(axis=0)], y

    def save(self, path: str | Path) -> None:
        np.savez_compressed(
            path,
            w1=self.w1.astype(np.float32),
            b1=self.b1.astype(np.float32),
            w2=self.w2.astype(np.float32),
            b2=self.b2.astype(np.float32),
            meta=np.array(json.dumps(self.meta)),
        )

    @classmethod
    def load(cls, path: str | Path, dtype: type[np.floating[Any]] = np.float64) -> Network:
        """Weights from ``path``; ``float32`` is faster for play, ``float64`` for training."""
        with np.load(path) as data:
            return cls(
                w1=data["w1"].astype(dtype),
                b1=data["b1"].astype(dtype),
                w2=data["w2"].astype(dtype),
                b2=data["b2"].astype(dtype),
                meta=json.loads(str(data["meta"])),
            )
