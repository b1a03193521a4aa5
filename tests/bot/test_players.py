"""Benchmark players: pubeval against GNU Backgammon's copy, legal choices, the heuristic's
strength, the folk player's rules of thumb."""

from __future__ import annotations

import argparse
import importlib
import random
from collections.abc import Iterator

import pytest

from nardy.bench.bot import run
from nardy.bench.gnubg import board as gnubg_board
from nardy.bench.players import Player, RandomPlayer, make_player
from nardy.bot.agents.folk import FolkPlayer
from nardy.bot.agents.heuristic import STYLES, HeuristicPlayer
from nardy.bot.agents.pubeval import PubevalPlayer, is_race, score
from nardy.rules.cells import BAR, CHECKERS, OFF, OPP_BAR, OPP_OFF, POINTS, Cells
from nardy.rules.plays import Dice, final_cells
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON

try:
    gnubg_nn = importlib.import_module("gnubg_nn")
except ImportError:
    gnubg_nn = None
needs_gnubg = pytest.mark.skipif(gnubg_nn is None, reason="gnubg-nn is not installed")


def random_states(variant: Variant, count: int, seed: int) -> Iterator[tuple[Cells, Dice]]:
    """``count`` positions of random games (the roller's view) with the roll played there."""
    rng = random.Random(seed)
    flip = variant.flip
    cells = variant.start_position().cells
    for _ in range(count):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        yield cells, dice
        finals = list(final_cells(variant, cells, dice))
        after = rng.choice(finals) if finals else cells
        cells = variant.start_position().cells if after[OFF] == CHECKERS else flip(after)


@needs_gnubg
def test_pubeval_scores_equal_gnubg_pub_eval_score() -> None:
    """gnubg's ``pub_eval_score(board)`` scores the position for ``board[0]``, judging the
    race on the same board: so the mover's final position goes in with the sides swapped."""
    assert gnubg_nn is not None
    checked = races = 0
    for cells, dice in random_states(BACKGAMMON, 1500, seed=11):
        for final in list(final_cells(BACKGAMMON, cells, dice))[:3]:
            if final[OFF] == CHECKERS:
                continue
            opponent, mover = gnubg_board(final)
            theirs = gnubg_nn.pub_eval_score([mover, opponent])
            assert score(final, is_race(final)) == pytest.approx(theirs, abs=1e-4), final
            checked += 1
            races += is_race(final)
    assert checked > 3000 and races > 300


@needs_gnubg
def test_pubeval_player_chooses_as_gnubg_pub_best_move() -> None:
    """``pub_best_move`` gives gnubg's choice as flat (from, to) pairs, 0-based, 24 the bar
    and -1 off; where the roll can be played, the two choices are the same position."""
    assert gnubg_nn is not None
    player = PubevalPlayer()
    compared = 0
    for cells, dice in random_states(BACKGAMMON, 2500, seed=12):
        mine = player.choose(cells, dice)
        moves = gnubg_nn.pub_best_move(gnubg_board(cells), *dice)
        if mine is None:
            assert not moves
            continue
        after = list(cells)
        for source, target in zip(moves[::2], moves[1::2], strict=True):
            after[BAR if source == 24 else source + 1] -= 1
            if target < 0:
                after[OFF] += 1
                continue
            if after[target + 1] == -1:
                after[target + 1] = 0
                after[OPP_BAR] += 1
            after[target + 1] += 1
        assert tuple(after) == mine, (cells, dice)
        compared += 1
    assert compared > 2000


def test_pubeval_prefers_the_opening_point_with_31() -> None:
    start = BACKGAMMON.start_position().cells
    chosen = PubevalPlayer().choose(start, (3, 1))
    assert chosen is not None and chosen[5] == 2 and chosen[6] == 4


PLAYERS = [
    (BACKGAMMON, lambda: PubevalPlayer()),
    *[(v, lambda v=v: RandomPlayer(v, seed=5)) for v in (BACKGAMMON, LONG_NARDY, DUTCH)],
    *[(v, lambda v=v: HeuristicPlayer(v)) for v in (BACKGAMMON, LONG_NARDY, DUTCH, NACKGAMMON)],
    (LONG_NARDY, lambda: FolkPlayer(LONG_NARDY)),
]


@pytest.mark.parametrize(("variant", "make"), PLAYERS, ids=lambda x: getattr(x, "name", ""))
def test_players_choose_only_legal_finals(variant: Variant, make: object) -> None:
    assert callable(make)
    player: Player = make()
    for cells, dice in random_states(variant, 400, seed=21):
        finals = final_cells(variant, cells, dice)
        chosen = player.choose(cells, dice)
        if finals:
            assert chosen in finals
        else:
            assert chosen is None


def test_heuristic_finds_out_about_hitting_from_the_rules() -> None:
    assert [HeuristicPlayer(v).hits for v in (BACKGAMMON, LONG_NARDY, DUTCH)] == [True, False, True]
    assert HeuristicPlayer(LONG_NARDY).holds == 1 and HeuristicPlayer(DUTCH).holds == 2


def test_heuristic_bears_off_the_last_checkers_when_it_can() -> None:
    cells = [0] * 30
    cells[OFF], cells[3], cells[5] = 13, 1, 1
    cells[OPP_OFF], cells[20] = 12, -3
    chosen = HeuristicPlayer(BACKGAMMON).choose(tuple(cells), (5, 4))
    assert chosen is not None and chosen[OFF] == CHECKERS


@pytest.mark.parametrize(
    ("variant", "player", "games"),
    [("long-nardy", "heuristic", 24), ("dutch", "heuristic", 24), ("long-nardy", "folk", 20)],
)
def test_heuristics_beat_random_clearly(variant: str, player: str, games: int) -> None:
    args = argparse.Namespace(
        variant=variant,
        player=player,
        opponent="random",
        games=games,
        seed=3,
        weights=None,
        processes=1,
    )
    figures = run(args)
    assert figures["win_rate"] >= 0.8
    assert figures["ci95"][0] > 0.5


@pytest.mark.parametrize("variant", [LONG_NARDY, BACKGAMMON], ids=lambda v: v.name)
def test_heuristic_styles_play_legally_and_each_its_own_way(variant):
    players = {style: HeuristicPlayer(variant, style) for style in STYLES}
    assert players["balanced"].name == "heuristic"
    assert players["runner"].name == "heuristic:runner"
    differ = set()
    for cells, dice in random_states(variant, 300, seed=11):
        picks = {style: player.choose(cells, dice) for style, player in players.items()}
        finals = final_cells(variant, cells, dice)
        assert all(pick is None or pick in finals for pick in picks.values())
        differ |= {style for style, pick in picks.items() if pick != picks["balanced"]}
    assert differ == set(STYLES) - {"balanced"}
    with pytest.raises(ValueError, match="unknown heuristic style"):
        HeuristicPlayer(variant, "timid")


def pips(cells: Cells) -> int:
    """The mover's pip count on the board."""
    return sum(point * cells[point] for point in POINTS if cells[point] > 0)


def test_folk_takes_a_win_before_its_rules_of_contact() -> None:
    """With 2-1 the last two checkers go off; moving 2 to 1 first keeps a point in front of
    the opponent's stray checker, which the block rule alone would rather have."""
    cells = [0] * 30
    cells[OFF], cells[2], cells[1] = 13, 1, 1
    cells[7], cells[13] = -1, -14  # the opponent's 19 and 1: one checker still to pass
    player = FolkPlayer(LONG_NARDY)
    assert player.contact(tuple(cells))
    finals = final_cells(LONG_NARDY, tuple(cells), (2, 1))
    keeps, wins = sorted(finals, key=lambda final: final[OFF])
    assert keeps[1] == 1 and wins[OFF] == CHECKERS
    assert player.judge(keeps) > player.judge(wins)
    assert player.choose(tuple(cells), (2, 1)) == wins


def test_folk_runs_the_race_with_the_fewest_pips_left() -> None:
    """Past contact: the fewest pips, then the most checkers off, then the fewest still to
    come home."""
    player = FolkPlayer(LONG_NARDY)

    def race(cells: Cells) -> tuple[int, int, int]:
        outside = sum(cells[point] for point in range(7, 25) if cells[point] > 0)
        return pips(cells), -cells[OFF], outside

    races = wasteful = crossing = 0
    for cells, dice in random_states(LONG_NARDY, 3000, seed=31):
        finals = final_cells(LONG_NARDY, cells, dice)
        if player.contact(cells) or not finals:
            continue
        chosen = player.choose(cells, dice)
        assert chosen is not None and race(chosen) == min(race(final) for final in finals)
        races += 1
        wasteful += len({pips(final) for final in finals}) > 1
        crossing += len({race(final)[2] for final in finals}) > 1
    assert races > 200 and wasteful > 10 and crossing > 10


def test_folk_extends_a_block_in_front_of_the_opponent() -> None:
    """The opponent's fifteen on its head (the mover's 12) face the mover's 11 and 10; with
    5-2, 14 to 9 makes a row of three there, which beats a play that holds more points
    elsewhere (24 to 17) and leaves the head as well."""
    cells = [0] * 30
    cells[24], cells[14], cells[11], cells[10], cells[12] = 12, 1, 1, 1, -15
    player = FolkPlayer(LONG_NARDY)
    chosen = player.choose(tuple(cells), (5, 2))
    assert chosen is not None
    assert [chosen[p] for p in (24, 22, 14, 11, 10, 9)] == [11, 1, 0, 1, 1, 1]
    assert player.block(chosen) == 3


def test_folk_plays_long_nardy_only() -> None:
    assert make_player("folk", LONG_NARDY, "1").name == "folk"
    with pytest.raises(ValueError, match="knows long nardy only"):
        make_player("folk", BACKGAMMON, "1")
