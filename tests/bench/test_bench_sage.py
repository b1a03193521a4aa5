"""``bgsage:PLY`` in ``nardy bench bot``: Open Sage as a cubeless benchmark opponent."""

from __future__ import annotations

import json

import pytest

from nardy.bench.decisions import positions
from nardy.bench.players import make_player
from nardy.bench.sage import SagePlayer, sage_board
from nardy.cli import main
from nardy.rules.cells import OPP_BAR
from nardy.rules.plays import final_cells
from nardy.variants import BACKGAMMON, DUTCH

bgsage = pytest.importorskip("bgsage", reason="the bgsage extra is not installed")


def test_sages_choice_is_its_best_cubeless_play_among_the_rules_plays() -> None:
    """B2-B4: for 150 positions of self-play, the play chosen is one of the rules' final
    positions and the one Sage's cubeless money ranking puts first; hits (a checker sent to
    the other side's bar) are read back the same way."""
    player = SagePlayer(0)
    ranker = bgsage.BgBotAnalyzer(eval_level="1ply", cubeful=False, parallel_threads=1)
    hits = 0
    for cells, dice in positions(BACKGAMMON, 150, seed=11):
        finals = final_cells(BACKGAMMON, cells, dice)
        chosen = player.choose(cells, dice)
        assert chosen in finals
        ranked = ranker.checker_play(sage_board(cells), max(dice), min(dice), jacoby=False).moves
        assert sage_board(chosen) == list(ranked[0].board)
        hits += chosen[OPP_BAR] != cells[OPP_BAR]
    assert hits >= 3


def test_sage_plays_backgammon_only() -> None:
    with pytest.raises(ValueError, match="backgammon only"):
        make_player("bgsage:0", DUTCH, "1")
    assert make_player("bgsage:1", BACKGAMMON, "1").name == "bgsage:1"


def test_sage_beats_pubeval_in_a_benchmark_duel(capsys: pytest.CaptureFixture[str]) -> None:
    """Sage's network is far stronger than pubeval (about +0.6 a game): over 200 games on
    duplicate dice its lower bound stays above zero, which a play read back wrongly (the
    mover's and the opponent's boards swapped) would not reach."""
    argv = ["bench", "bot", "--variant", "backgammon", "--player", "bgsage:0"]
    assert main([*argv, "--opponent", "pubeval", "--games", "200", "--seed", "5", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["player"] == "bgsage:0" and figures["games"] == 200
    assert figures["ci95"][0] > 0
