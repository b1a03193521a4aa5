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


STRONGEST_BUDGET = 200_000
"""Positions one decision of ``strongest`` may evaluate: under a second of CPU here (some
250,000 positions a second on an idle core, half that beside other work). Over 150
positions per variant (``nardy bench bot --positions 150``) backgammon's decisions needed
55,600 at most and long nardy's 195,500; in Dutch, whose spread checkers have the most
plays, 4 of 150 decisions rest on the 1-ply look instead."""

LEVELS = {
    level.name: level
    for level in (
        Level("beginner", 0, 0.3),
        Level("casual", 0, 0.12),
        Level("intermediate", 0, 0.04),
        Level("advanced", 0, 0.0),
        Level("expert", 1, 0.0),
        Level("strongest", 2, 0.0, (FILTERS[0], Filter(2, 0.02)), STRONGEST_BUDGET),
    )
}
"""``strongest`` looks 2 ply deep at no more than the two plays its 1-ply look rates
within 0.02 of each other, so where one stands out it answers at 1-ply cost. Measured on
150 long-nardy positions (README, "Strength"): the wider default filter (3 plays within
0.06) took up to 3.5 s of CPU time on a busy machine, this one 1.6 s, for about 1
milli-point a decision lost by the 2-ply judge's own reckoning."""
DEFAULT_LEVEL = "strongest"
"""The strongest level that answers within about a second and a half on a small machine
(README, "Strength")."""


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
