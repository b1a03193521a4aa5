"""Players for ``nardy bench bot``: anything that picks a play from the final positions of a roll.

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

from nardy.bench import gnubg, sage
from nardy.rules.cells import Cells
from nardy.rules.plays import Dice, final_cells
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON


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

    def __init__(self, variant: Variant, weights: str | Path, name: str = "net") -> None:
        from nardy.bot.evaluation.evaluator import Evaluator
        from nardy.bot.evaluation.model import Model

        model = Model.load(variant, weights)
        # the first landing's networks played without the bear-off databases
        exact = name != "reference"
        self.evaluator = Evaluator(variant, model, exact_bearoff=exact)
        self.name = name

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        choice = self.evaluator.best(cells, dice)
        return None if choice is None else choice.cells


class LevelPlayer:
    """The computer at a strength level (search depth and noise), as people meet it; its
    noise is drawn from ``seed``."""

    def __init__(
        self,
        variant: Variant,
        level: str,
        weights: str | Path | None = None,
        seed: int | str | None = None,
    ) -> None:
        import numpy as np

        from nardy.bot.agents.levels import Bot
        from nardy.bot.evaluation.model import Model

        network = Model.load(variant, weights, np.float32) if weights else None
        noise = None if seed is None else random.Random(seed).getrandbits(64)
        self.bot = Bot(variant, level, network, seed=noise)
        self.name = f"level:{level}"

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        choice = self.bot.choose(cells, dice)
        return None if choice is None else choice.cells


SPECS = (
    "net, reference, level:NAME, random, pubeval, heuristic[:STYLE], folk, gnubg:PLY, bgsage:PLY"
)
ONE_VARIANT: dict[str, Variant] = {
    "pubeval": BACKGAMMON,
    "gnubg": gnubg.VARIANT,
    "bgsage": sage.VARIANT,
}
"""The players that know one variant only."""


def make_player(spec: str, variant: Variant, seed: str, weights: str | None = None) -> Player:
    """The player a spec names: ``net`` (the variant's shipped weights, or ``weights``, at
    0 ply), ``reference`` (the first landing's network at 0 ply, a fixed yardstick),
    ``level:NAME`` (the computer at a strength level, e.g. ``level:expert``),
    ``random``, ``pubeval`` (backgammon), ``heuristic`` (or ``heuristic:STYLE``, one of
    :data:`~nardy.bot.agents.heuristic.STYLES`), ``folk`` (long nardy's rules of thumb in
    order, :mod:`~nardy.bot.agents.folk`), ``gnubg:PLY`` or ``bgsage:PLY`` (Open Sage at
    gnubg's count of plies; both backgammon only).

    >>> from nardy.variants import DUTCH
    >>> make_player("heuristic", DUTCH, "1").name
    'heuristic'
    >>> make_player("heuristic:blocker", DUTCH, "1").name
    'heuristic:blocker'
    >>> make_player("pubeval", DUTCH, "1")
    Traceback (most recent call last):
    ...
    ValueError: pubeval plays backgammon only, not dutch
    >>> make_player("folk", DUTCH, "1")
    Traceback (most recent call last):
    ...
    ValueError: the folk player knows long nardy only, not dutch
    """
    kind, _, argument = spec.partition(":")
    only = ONE_VARIANT.get(kind)
    if only is not None and only is not variant:
        raise ValueError(f"{kind} plays {only.name} only, not {variant.name}")
    if kind == "random" and not argument:
        return RandomPlayer(variant, seed)
    if kind == "heuristic":
        from nardy.bot.agents.heuristic import HeuristicPlayer

        return HeuristicPlayer(variant, argument or "balanced")
    if kind == "folk" and not argument:
        from nardy.bot.agents.folk import FolkPlayer

        return FolkPlayer(variant)
    if kind == "pubeval" and not argument:
        from nardy.bot.agents.pubeval import PubevalPlayer

        return PubevalPlayer()
    if kind == "net":
        from nardy.bot.evaluation.shipped import MissingWeightsError, weights_path

        try:
            path = Path(argument or weights or weights_path(variant))
        except MissingWeightsError as error:
            raise ValueError(f"{error} (give --weights PATH)") from None
        if not path.exists():
            raise ValueError(f"no network weights at {path} (give --weights PATH)")
        return NetPlayer(variant, path)
    if kind == "reference" and not argument:
        from nardy.bot.evaluation.shipped import weights_path

        try:
            return NetPlayer(variant, weights_path(variant, "weights/reference"), "reference")
        except LookupError as error:
            raise ValueError(str(error)) from None
    if kind == "level":
        return LevelPlayer(variant, argument, weights, seed)
    if kind == "gnubg" and argument.isdigit():
        return gnubg.GnubgPlayer(int(argument))
    if kind == "bgsage" and argument.isdigit():
        return sage.SagePlayer(int(argument))
    raise ValueError(f"unknown player {spec!r} (known: {SPECS})")
