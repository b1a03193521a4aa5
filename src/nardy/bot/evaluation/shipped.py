"""The trained networks shipped with the package, in ``nardy/bot/weights/``.

>>> from nardy.variants import NACKGAMMON
>>> weights_path(NACKGAMMON).name  # nackgammon plays with backgammon's network
'backgammon.npz'
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from nardy.bot.evaluation.model import Model
from nardy.rules.variant import Variant


class MissingWeightsError(LookupError):
    """No trained network is shipped for a variant."""


def weights_path(variant: Variant, folder_name: str = "weights") -> Path:
    """The shipped weights for ``variant``: its own, or those of the variant it extends
    (nackgammon plays with backgammon's network). ``folder_name="weights/reference"`` gives
    the first landing's single networks, kept as a fixed opponent for the benchmarks."""
    folder = resources.files("nardy.bot").joinpath(*folder_name.split("/"))
    for kind in type(variant).__mro__:
        name = getattr(kind, "name", None)
        if isinstance(name, str):
            candidate = folder / f"{name}.npz"
            if candidate.is_file():
                return Path(str(candidate))
    raise MissingWeightsError(f"no trained network is shipped for {variant.name}")


@cache
def shipped_model(variant: Variant) -> Model:
    """The shipped model for ``variant``, loaded once, in single precision for speed."""
    return Model.load(variant, weights_path(variant), np.float32)
