"""The analysis and the bot's choice are one search: the analysis looks deeper at the plays
the bot's filters keep, and values each as the bot's search does at the same ply."""

from __future__ import annotations

import random

import numpy as np
import pytest

from nardy.analysis.engine import Engine, Stakes
from nardy.bot.evaluation.network import equity
from nardy.bot.lookahead.search import Search
from nardy.rules.cells import CHECKERS, OFF, Cells
from nardy.rules.plays import Dice, final_cells
from nardy.rules.settings import Settings
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON


def rolled_positions(variant: Variant, count: int, seed: int) -> list[tuple[Cells, Dice]]:
    """Positions of random games, each with a roll that has at least two plays."""
    rng = random.Random(seed)
    start = variant.start_position().cells
    cells, found = start, []
    while len(found) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = list(final_cells(variant, cells, dice))
        if len(plays) >= 2 and rng.random() < 0.3:
            found.append((cells, dice))
        cells = rng.choice(plays) if plays else cells
        cells = start if cells[OFF] == CHECKERS else variant.flip(cells)
    return found


@pytest.mark.parametrize("variant", [BACKGAMMON, LONG_NARDY, DUTCH, NACKGAMMON])
@pytest.mark.parametrize("ply", [1, 2])
def test_the_analysis_looks_deeper_at_the_bots_plays_and_values_them_alike(
    variant: Variant, ply: int
) -> None:
    engine = Engine(variant, Settings.for_variant(variant))
    bot = Search(engine.evaluator)  # the filters the bot ships
    for cells, dice in rolled_positions(variant, 4 if ply == 1 else 2, seed=ply):
        ranked = engine.rank(cells, dice, ply, Stakes.money())
        deepest = {c.cells: c for c in ranked if c.ply == ply}
        finals = list(final_cells(variant, cells, dice))
        kept = bot.look(finals, ply).survivors
        assert set(deepest) == {finals[i] for i in kept}
        for final, candidate in deepest.items():
            alone = bot.values([final], ply)[0]
            assert equity(candidate.outputs[None, :])[0] == pytest.approx(alone, abs=1e-6)
        choice = bot.best(cells, dice, ply)
        assert choice is not None
        if len(deepest) > 1:  # one survivor: the bot takes it without the deeper look
            mine = deepest[choice.cells].outputs
            assert equity(mine[None, :])[0] == pytest.approx(choice.equity, abs=1e-6)


def test_the_cube_decision_rests_on_the_searchs_chances_before_the_roll() -> None:
    engine = Engine(BACKGAMMON, Settings.for_variant(BACKGAMMON))
    bot = Search(engine.evaluator)
    for cells, _ in rolled_positions(BACKGAMMON, 3, seed=5):
        for ply in (0, 1):
            assert np.allclose(engine.before(cells, ply), bot.on_roll(cells, ply), atol=1e-9)
            theirs = bot.on_roll(engine.flip(cells), ply)
            assert np.allclose(
                equity(engine.passed(cells, ply)[None, :]), -equity(theirs[None, :]), atol=1e-9
            )
