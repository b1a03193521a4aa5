"""A variant's judgement: one network per class of position, each with its own inputs.

Positions fall into classes that call for different knowledge (:func:`classify`): while the
two sides still have to pass each other there is *contact*; once every checker of each side
is past every checker of the other there is only a *race* left. Each class has a network and
an input encoding of its own: the contact network sees the raw point counts and the
hand-made features of :mod:`nardy.bot.evaluation.features`, the race network the raw counts alone.
A model whose metadata says ``"features": "extended"`` gives its contact network the extended
feature set; :meth:`Model.extended` grows a model's contact network to read it.

A model file is one ``.npz`` with each network's arrays under ``CLASS/NAME`` and the
metadata under ``meta``; a file of the first landing (a single network over raw inputs) is
read as a model with one class, ``any``, so old weights stay playable (the benchmarks keep
them as a reference player).

>>> from nardy.variants import BACKGAMMON
>>> model = Model.create(BACKGAMMON, hidden={"contact": 8, "race": 4}, seed=1)
>>> start = np.array([BACKGAMMON.start_position().cells])
>>> model.outputs(start).shape, [c.name for c in model.classes]
((1, 5), ['contact', 'race'])
>>> classify(model.geometry, start).tolist()
[0]
"""

from __future__ import annotations

import importlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.encoding import INPUTS, Array, Encoder
from nardy.bot.evaluation.features import EXTENDED, NAMES, Features, foremost, rearmost
from nardy.bot.evaluation.network import OUTPUTS, Affine, Network
from nardy.rules.cells import BAR, OPP_BAR, OPP_RESERVE, RESERVE
from nardy.rules.variant import Variant

CONTACT, RACE = 0, 1


def compiled() -> ModuleType | None:
    """The compiled encoder ``nardy._evaluation``, or None when it is not built or
    ``NARDY_PURE_PYTHON`` is set; it computes exactly what the numpy code here does."""
    if os.environ.get("NARDY_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        return importlib.import_module("nardy._evaluation")
    except ImportError:
        return None


@dataclass(frozen=True)
class Geometry:
    """How the two sides' numberings meet, for :func:`classify`."""

    points: npt.NDArray[np.int64]
    """Column j: the roller's point j + 1."""
    opponent_points: npt.NDArray[np.int64]
    """Column j: the roller's point that the opponent numbers j + 1."""

    @classmethod
    def of(cls, variant: Variant) -> Geometry:
        mirror = [variant.mirror(p) for p in range(1, 25)]
        return cls(np.arange(1, 25), np.array([mirror.index(q) + 1 for q in range(1, 25)]))


def classify(geometry: Geometry, cells: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """:data:`CONTACT` or :data:`RACE` for each row of ``cells`` (N×30, roller's view).

    There is contact while some checker still has an opponent's checker ahead of it on its
    own way home: a roller's checker behind an opponent's point, or the reverse, each side
    judged in its own numbering (so it holds for opposite directions, as in backgammon, and
    for one direction round the board, as in long nardy).

    >>> from nardy.variants import BACKGAMMON
    >>> g = Geometry.of(BACKGAMMON)
    >>> race = [0] * 30; race[3] = 15; race[20] = -15   # roller's 3, opponent's 5
    >>> contact = list(race); contact[3] = 14; contact[22] = 1
    >>> classify(g, np.array([race, contact])).tolist()
    [1, 0]
    """
    own = np.maximum(cells[:, geometry.points], 0)
    theirs_here = np.maximum(-cells[:, geometry.points], 0)
    theirs = np.maximum(-cells[:, geometry.opponent_points], 0)
    own_there = np.maximum(cells[:, geometry.opponent_points], 0)
    mine_out = cells[:, BAR] + cells[:, RESERVE]
    their_out = cells[:, OPP_BAR] + cells[:, OPP_RESERVE]
    blocked_me = rearmost(own, mine_out) > foremost(theirs_here)
    blocked_them = rearmost(theirs, their_out) > foremost(own_there)
    return np.where(blocked_me | blocked_them, CONTACT, RACE).astype(np.int64)


@dataclass(frozen=True)
class PositionClass:
    """One class of positions: its name, its index, and whether its inputs include the
    hand-made features."""

    name: str
    index: int
    features: bool


CLASSES = (PositionClass("contact", CONTACT, True), PositionClass("race", RACE, False))
ANY = PositionClass("any", -1, False)
"""The single class of a first-landing weights file: every position, raw inputs."""


@dataclass
class Model:
    """The networks of one variant, one per position class."""

    variant: Variant
    classes: tuple[PositionClass, ...]
    networks: dict[str, Network]
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        dtype = next(iter(self.networks.values())).w1.dtype.type
        self.encoder = Encoder(self.variant, dtype)
        self.features = Features(self.variant, extended=self.meta.get("features") == "extended")
        self.geometry = Geometry.of(self.variant)
        self._by_index = {c.index: c for c in self.classes}
        self._kernel = compiled()
        self.affine: Affine | None = self._kernel.affine if self._kernel is not None else None
        """The compiled first layer (:meth:`Network.evaluate`); None for numpy's product."""
        self._opponent_points = np.ascontiguousarray(self.geometry.opponent_points, np.int64)

    @classmethod
    def create(
        cls,
        variant: Variant,
        hidden: dict[str, int] | None = None,
        seed: int = 0,
        extended: bool = False,
    ) -> Model:
        """A model with fresh random networks (``hidden`` units per class), its contact
        network reading the extended features if asked."""
        hidden = hidden or {"contact": 128, "race": 64}
        networks = {
            c.name: Network.create(inputs_of(c, extended), hidden[c.name], seed + c.index + 1)
            for c in CLASSES
        }
        return cls(variant, CLASSES, networks, {"features": "extended"} if extended else {})

    def extended(self) -> Model:
        """This model with its contact network reading the extended features: the inputs
        it did not have start with zero weights, so its outputs are unchanged.

        >>> from nardy.variants import BACKGAMMON
        >>> model = Model.create(BACKGAMMON, hidden={"contact": 8, "race": 4}, seed=1)
        >>> cells = np.array([BACKGAMMON.start_position().cells])
        >>> wider = model.extended()
        >>> wider.networks["contact"].w1.shape[0] - model.networks["contact"].w1.shape[0]
        12
        >>> bool(np.allclose(wider.outputs(cells), model.outputs(cells)))
        True
        """
        if self.features.extended:
            return self
        old, new = Features(self.variant), Features(self.variant, extended=True)
        networks = dict(self.networks)
        for kind in self.classes:
            if not kind.features:
                continue
            net = self.networks[kind.name]
            w1 = np.zeros((INPUTS + new.size, net.w1.shape[1]), dtype=net.w1.dtype)
            w1[:INPUTS] = net.w1[:INPUTS]
            for side in range(2):
                start, was = INPUTS + side * new.per_side, INPUTS + side * old.per_side
                w1[start : start + old.per_side] = net.w1[was : was + old.per_side]
            networks[kind.name] = Network(w1, net.b1.copy(), net.w2.copy(), net.b2.copy(), net.meta)
        return Model(self.variant, self.classes, networks, {**self.meta, "features": "extended"})

    def widened(self, hidden: dict[str, int], seed: int = 0) -> Model:
        """This model with ``hidden`` units in the networks of the classes named there, the
        new units silent at first (:meth:`Network.widened`): the same outputs, more room.

        >>> from nardy.variants import BACKGAMMON
        >>> model = Model.create(BACKGAMMON, hidden={"contact": 8, "race": 4}, seed=1)
        >>> cells = np.array([BACKGAMMON.start_position().cells])
        >>> wide = model.widened({"contact": 12})
        >>> wide.networks["contact"].w1.shape[1], wide.networks["race"].w1.shape[1]
        (12, 4)
        >>> bool(np.allclose(wide.outputs(cells), model.outputs(cells)))
        True
        """
        networks = {
            name: net.widened(hidden[name], seed) if name in hidden else net
            for name, net in self.networks.items()
        }
        return Model(self.variant, self.classes, networks, dict(self.meta))

    @classmethod
    def single(cls, variant: Variant, network: Network) -> Model:
        """A model of one network over raw inputs for every position."""
        return cls(variant, (ANY,), {ANY.name: network}, dict(network.meta))

    def classes_of(self, cells: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The class index of each row (always :data:`ANY`'s for a single network)."""
        if len(self.classes) == 1:
            return np.full(len(cells), self.classes[0].index, dtype=np.int64)
        if self._kernel is None:
            return classify(self.geometry, cells)
        cells = np.ascontiguousarray(cells, dtype=np.int64)
        kinds = np.empty(len(cells), dtype=np.int64)
        self._kernel.classify(cells, len(cells), self._opponent_points, kinds)
        return kinds

    def inputs(
        self, kind: PositionClass, cells: npt.NDArray[np.int64], flipped: bool = False
    ) -> Array:
        """The inputs of class ``kind``'s network for rows of ``cells``."""
        if self._kernel is not None:
            cells = np.ascontiguousarray(cells, dtype=np.int64)
            x = np.empty((len(cells), inputs_of(kind, self.features.extended)), dtype=self.dtype)
            features = self.features
            self._kernel.inputs(
                cells,
                len(cells),
                self._opponent_points,
                features.hits,
                kind.features,
                flipped,
                x,
                features.extended,
            )
            return x
        raw = self.encoder.encode(cells, flipped)
        if not kind.features:
            return raw
        extra = self.features.compute(cells, flipped).astype(raw.dtype, copy=False)
        return np.concatenate([raw, extra], axis=1)

    def outputs(self, cells: npt.NDArray[np.int64], flipped: bool = False) -> Array:
        """The five outputs for each row of ``cells`` (the roller's, or with ``flipped``
        the opponent's, as if the opponent were on roll)."""
        y = np.empty((len(cells), OUTPUTS))
        if len(cells) == 0:
            return y
        kinds = self.classes_of(cells)
        for index in np.unique(kinds):
            kind = self._by_index[int(index)]
            rows = np.nonzero(kinds == index)[0]
            part = cells if len(rows) == len(cells) else cells[rows]
            x = self.inputs(kind, part, flipped)
            y[rows] = self.networks[kind.name].evaluate(x, self.affine)
        return y

    def learn(self, cells: npt.NDArray[np.int64], target: Array, rate: float) -> None:
        """One gradient step for each row of ``cells`` towards ``target`` (the roller's
        outputs), each row through its own class's network."""
        kinds = self.classes_of(cells)
        for index in np.unique(kinds):
            kind = self._by_index[int(index)]
            rows = np.nonzero(kinds == index)[0]
            self.networks[kind.name].learn(self.inputs(kind, cells[rows]), target[rows], rate)

    @property
    def dtype(self) -> Any:
        return next(iter(self.networks.values())).w1.dtype.type

    def save(self, path: str | Path) -> None:
        arrays: dict[str, Any] = {}
        for name, net in self.networks.items():
            for key in ("w1", "b1", "w2", "b2"):
                arrays[f"{name}/{key}"] = getattr(net, key).astype(np.float32)
        meta = {**self.meta, "classes": [c.name for c in self.classes]}
        np.savez_compressed(path, meta=np.array(json.dumps(meta)), **arrays)

    @classmethod
    def load(
        cls, variant: Variant, path: str | Path, dtype: type[np.floating[Any]] = np.float64
    ) -> Model:
        """The model in ``path`` (a first-landing single network is read as one class)."""
        with np.load(path) as data:
            meta = json.loads(str(data["meta"]))
            if "w1" in data:
                return cls.single(variant, Network.load(path, dtype))
            by_name = {c.name: c for c in CLASSES}
            classes = tuple(by_name[name] for name in meta["classes"])
            networks = {
                c.name: Network(
                    *(data[f"{c.name}/{key}"].astype(dtype) for key in ("w1", "b1", "w2", "b2"))
                )
                for c in classes
            }
        return cls(variant, classes, networks, meta)


def inputs_of(kind: PositionClass, extended: bool = False) -> int:
    """How many inputs class ``kind``'s network takes (with the extended features or not)."""
    if not kind.features:
        return INPUTS
    return INPUTS + 2 * len(EXTENDED if extended else NAMES)
