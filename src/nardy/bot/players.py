"""Players for benchmarks: anything that picks a play from the final positions of a roll.

A :class:`Player` sees the cells from the mover's side and the dice, and answers with the
final cells of its play (still from the mover's side), or None when no play is legal. It
has no cube and no resignations: that is all a cubeless benchmark needs.

>>> from nardy.variants import LONG_NARDY
>>> player = RandomPlayer(LONG_NARDY, seed=3)
>>> start = LONG_NARDY.start_position().cells
>>> player.choose(start, (6, 5)) in final_cells(LONG_NARDY, start, (6, 5))
True
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Protocol

from nardy.rules.cells import Cells
from nardy.rules.plays import Dice, final_cells
from nardy.rules.variant import Variant


class Player(Protocol):
    """Chooses plays; ``name`` says who it is in reports."""

    name: str

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        """The final cells of the chosen play of ``dice`` (the mover's view), or None when
        the roll cannot be played."""
        ...


class RandomPlayer:
    """A uniformly random legal play (each final position equally likely), from its seed."""

    name = "random"

    def __init__(self, variant: Variant, seed: int | str | None = None) -> None:
        self.variant = variant
        self.random = random.Random(seed)

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        finals = list(final_cells(self.variant, cells, dice))
        return self.random.choice(finals) if finals else None


class NetPlayer:
    """The network player at 0 ply: the play with the highest cubeless equity."""

    name = "net"

    def __init__(self, variant: Variant, weights: str | Path) -> None:
        from nardy.bot.evaluator import Evaluator
        from nardy.bot.network import Network

        self.evaluator = Evaluator(variant, Network.load(weights))

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        choice = self.evaluator.best(cells, dice)
        return None if choice is None else choice.cells


class LevelPlayer:
    """The computer at a strength level (search depth and noise), as people meet it."""

    def __init__(self, variant: Variant, level: str, weights: str | Path | None = None) -> None:
        import numpy as np

        from nardy.bot.levels import Bot
        from nardy.bot.network import Network

        network = Network.load(weights, np.float32) if weights else None
        self.bot = Bot(variant, level, network)
        self.name = f"level:{level}"

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        choice = self.bot.choose(cells, dice)
        return None if choice is None else choice.cells


def shipped_weights(variant: Variant) -> Path:
    """Where the network weights shipped for ``variant`` live."""
    return Path(__file__).parent / "weights" / f"{variant.name}.npz"
