"""Strength levels, and the computer player that plays at one of them.

A level is a search depth and an amount of noise: the weaker levels add random errors to
their judgement, so they play plausible but imperfect moves.

>>> [level.name for level in LEVELS.values()]
['beginner', 'casual', 'intermediate', 'advanced', 'expert', 'strongest']
>>> LEVELS["strongest"].ply, LEVELS["beginner"].noise
(2, 0.3)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nardy.bot.evaluation.evaluator import Choice, Evaluator
from nardy.bot.evaluation.model import Model
from nardy.bot.evaluation.network import Network
from nardy.bot.evaluation.shipped import shipped_model
from nardy.bot.lookahead.search import FILTERS, Filter, Search
from nardy.rules.cells import Cells
from nardy.rules.plays import Dice, Play
from nardy.rules.position import Position
from nardy.rules.variant import Variant


@dataclass(frozen=True)
class Level:
    """How deep the player looks, how much noise blurs its judgement (in equity), which
    plays survive to each deeper look (:class:`~nardy.bot.lookahead.search.Filter`, one per
    extra ply), and the most positions a deeper look may evaluate (``budget``; a look
    that would need more is not taken)."""

    name: str
    ply: int
    noise: float
    filters: tuple[Filter, ...] = FILTERS
    budget: int | None = None


STRONGEST_BUDGET = 300_000
"""Positions one decision of ``strongest`` may evaluate: about a second of CPU here at most
(the batched look-ahead judges some 400,000 positions a second on an idle core). Over 150
positions per variant (``nardy bench bot --positions 150 --seed 1``) no backgammon or long
nardy decision needs more; in Dutch, whose spread checkers have the most plays, 10 of 150
decisions rest on the 1-ply look instead (24 with a budget of 200,000)."""

LEVELS = {
    level.name: level
    for level in (
        Level("beginner", 0, 0.3),
        Level("casual", 0, 0.12),
        Level("intermediate", 0, 0.04),
        Level("advanced", 0, 0.0),
        Level("expert", 1, 0.0),
        Level("strongest", 2, 0.0, (FILTERS[0], Filter(3, 0.06)), STRONGEST_BUDGET),
    )
}
"""``strongest`` looks 2 ply deep at no more than the three plays its 1-ply look rates within
0.06 of the best. It looked at two within 0.02 while the look-ahead ran a Python loop per
roll (1.6 s of CPU for the slowest long-nardy decision on a busy machine); batched, the
wider look takes at most 0.21 s in backgammon, 0.49 s in long nardy and 0.83 s in Dutch
(``nardy bench bot --positions 150 --seed 1``, CPU time)."""
DEFAULT_LEVEL = "strongest"
"""The strongest level that answers within about a second and a half on a small machine
(docs/ENGINE.md, "Levels and search")."""


class Bot:
    """The computer player for one variant at one level."""

    def __init__(
        self,
        variant: Variant,
        level: str = DEFAULT_LEVEL,
        network: Model | Network | None = None,
        seed: int | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.variant = variant
        self.level = LEVELS[level]
        self.evaluator = Evaluator(variant, network or shipped_model(variant))
        self.search = Search(self.evaluator, self.level.filters, self.level.budget)
        self.rng = np.random.default_rng(seed)

    def choose(self, cells: Cells, dice: Dice) -> Choice | None:
        """The chosen play's final cells and steps, or None when no play is legal."""
        return self.search.best(
            cells, dice, ply=self.level.ply, noise=self.level.noise, rng=self.rng
        )

    def play(self, position: Position, dice: Dice) -> Play | None:
        """The chosen legal play of ``dice`` in ``position``, or None when there is none."""
        choice = self.choose(position.cells, dice)
        if choice is None:
            return None
        return Play(choice.steps, Position(position.variant, choice.cells))
