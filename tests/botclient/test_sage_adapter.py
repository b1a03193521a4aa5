"""Open Sage as a bot's engine (``nardy bot --engine bgsage:PLY``, INTERFACES.md §9): nardy's
board and Sage's name the same positions, so Sage's choice is always one of the rules' plays."""

from __future__ import annotations

import pytest

from nardy.bench.decisions import positions
from nardy.bench.sage import sage_board
from nardy.botclient.bgsage import SageAgent
from nardy.rules.cells import BAR, OPP_BAR
from nardy.rules.plays import final_cells
from nardy.variants import BACKGAMMON

bgsage = pytest.importorskip("bgsage", reason="the bgsage extra is not installed")


def test_sage_and_the_rules_list_the_same_plays_of_every_roll() -> None:
    """B2-B4 and C3 read through Sage's board: for 300 positions of self-play, the final positions
    Sage's move generator lists are exactly nardy's, checkers on either bar included."""
    sample = positions(BACKGAMMON, 300, seed=7)
    on_bar = 0
    for cells, dice in sample:
        ours = sorted(sage_board(final) for final in final_cells(BACKGAMMON, cells, dice))
        theirs = sorted(bgsage.possible_moves(sage_board(cells), *dice))
        assert ours == theirs, (cells, dice)
        on_bar += bool(cells[BAR] or cells[OPP_BAR])
    assert on_bar >= 5  # the bars' places in Sage's board were tried


def test_sage_chooses_one_of_the_legal_plays() -> None:
    agent = SageAgent("backgammon", 0)
    for cells, dice in positions(BACKGAMMON, 20, seed=8):
        finals = set(final_cells(BACKGAMMON, cells, dice))
        best = agent.sage.checker_play(sage_board(cells), max(dice), min(dice)).moves[0]
        assert any(sage_board(final) == list(best.board) for final in finals)
