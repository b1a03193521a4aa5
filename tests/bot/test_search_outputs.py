"""The search's outputs: the chances themselves, averaged over the rolls at each ply, of
which its cubeless equities are the value."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.bot.evaluation.encoding import INPUTS
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.network import Network, equity, flip_outputs
from nardy.bot.lookahead.expansion import ROLLS
from nardy.bot.lookahead.search import Search, one_ply_outputs
from nardy.rules.cells import OPP_BAR
from nardy.rules.plays import final_cells
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, LONG_NARDY

START = BACKGAMMON.start_position().cells


def closed_board() -> tuple[int, ...]:
    """The opponent has two checkers on the bar against a closed board: every roll of
    theirs is blocked."""
    cells = [0] * len(START)
    for point in range(1, 7):
        cells[point] = 2
    cells[13], cells[20], cells[OPP_BAR] = 3, -13, 2
    return tuple(cells)


@pytest.mark.parametrize("variant", [BACKGAMMON, LONG_NARDY])
def test_one_ply_before_the_roll_is_the_batched_one_ply_label(variant: Variant) -> None:
    evaluator = Evaluator(variant, Network.create(INPUTS, 8, seed=4))
    search = Search(evaluator)
    positions = [variant.start_position().cells]
    if variant is BACKGAMMON:
        positions.append(evaluator.flip(closed_board()))  # every roll blocked
    for position in positions:
        expected = one_ply_outputs(evaluator, [position])[0]
        assert np.allclose(search.on_roll(position, 1), expected, atol=1e-9)


def test_outputs_average_the_replies_chances_and_their_equity_is_the_value() -> None:
    evaluator = Evaluator(BACKGAMMON, Network.create(INPUTS, 8, seed=4))
    search = Search(evaluator)
    finals = [*list(final_cells(BACKGAMMON, START, (4, 2)))[:3], closed_board()]
    expected = np.zeros((len(finals), 5))
    for row, final in enumerate(finals):
        turned = evaluator.flip(final)
        for dice, chance in ROLLS:
            reply = evaluator.best(turned, dice)
            if reply is None:  # the mover rolls again
                expected[row] += chance * evaluator.roller_outputs(final)
            else:
                expected[row] += chance * flip_outputs(reply.outputs[None, :])[0]
    found = search.outputs(finals, 1)
    assert np.allclose(found, expected, atol=1e-7)
    for ply in (1, 2):
        assert np.allclose(equity(search.outputs(finals, ply)), search.values(finals, ply))
