"""``nardy bench bot``: duplicate dice, the interval arithmetic, the command line."""

from __future__ import annotations

import argparse
import json
import math
import statistics
from itertools import islice

import pytest

from nardy.bench.bot import Tally, dice_stream, jobs, play_chunk, summary, timing
from nardy.bench.decisions import positions, time_decisions
from nardy.cli import main
from nardy.rules.cells import Cells
from nardy.rules.plays import Dice, final_cells
from nardy.variants import BACKGAMMON


def test_dice_streams_are_seeded_per_pair_and_side() -> None:
    first = list(islice(dice_stream(1, 0, 0, False), 20))
    assert first == list(islice(dice_stream(1, 0, 0, False), 20))
    assert first != list(islice(dice_stream(1, 0, 1, False), 20))
    assert first != list(islice(dice_stream(1, 1, 0, False), 20))
    assert first != list(islice(dice_stream(2, 0, 0, False), 20))


def test_backgammon_first_roll_is_not_a_double() -> None:
    openings = [next(dice_stream(7, pair, 0, True)) for pair in range(200)]
    assert all(a != b for a, b in openings)
    assert any(a == b for a, b in (next(dice_stream(7, p, 0, False)) for p in range(200)))


def test_duplicate_pairs_swap_seats_and_share_dice() -> None:
    """Two copies of the same deterministic player: each pair's games are mirror images,
    so the player wins exactly one of them, with the same score."""
    args = argparse.Namespace(
        variant="backgammon", player="pubeval", opponent="pubeval", games=12, seed=4,
        weights=None, processes=1,
    )  # fmt: skip
    tally = play_chunk(jobs(args)[0])
    assert len(tally.pairs) == 6
    assert all(a == -b and a != 0 for a, b in tally.pairs)
    assert summary(tally.pairs)["points_per_game"] == 0.0
    assert summary(tally.pairs)["win_rate"] == 0.5


def test_chunks_cover_the_games_rounded_up_to_pairs() -> None:
    args = argparse.Namespace(
        variant="dutch", player="random", opponent="heuristic", games=45, seed=1,
        weights=None, processes=1,
    )  # fmt: skip
    work = jobs(args)
    assert [job.first for job in work] == [0, 10, 20]
    assert sum(job.count for job in work) == 23


def test_interval_is_computed_over_pair_means() -> None:
    pairs = [(1, -1), (2, 1), (-1, -1), (3, 1), (1, 0)]
    means = [0.0, 1.5, -1.0, 2.0, 0.5]
    half = 1.959964 * statistics.stdev(means) / math.sqrt(5)
    s = summary(pairs)
    assert s["games"] == 10 and s["pairs"] == 5
    assert s["points_per_game"] == pytest.approx(0.6)
    assert s["half_width"] == pytest.approx(half, abs=1e-4)
    assert s["ci95"] == pytest.approx([0.6 - half, 0.6 + half], abs=1e-4)
    assert s["win_rate"] == 0.6  # 6 of the 10 games have a positive score


def test_a_single_pair_has_no_finite_interval() -> None:
    assert summary([(1, 2)])["half_width"] == math.inf


def test_timing() -> None:
    assert timing([1.0, 2.0, 6.0]) == {"median": 2.0, "mean": 3.0, "max": 6.0, "moves": 3}


def test_tally_defaults_are_separate() -> None:
    a, b = Tally(), Tally()
    a.ms["player"].append(1.0)
    assert b.ms["player"] == []


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "bot", "--variant", "long-nardy", "--player", "heuristic"]
    assert main([*argv, "--opponent", "random", "--games", "6", "--seed", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["games"] == 6 and figures["pairs"] == 3
    assert figures["player"] == "heuristic" and figures["duplicate_dice"] is True
    low, high = figures["ci95"]
    assert low <= figures["points_per_game"] <= high
    assert set(figures["ms_per_move"]) == {"player", "opponent"}
    assert figures["ms_per_move"]["player"]["moves"] > 0


def test_cli_two_processes_give_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "bot", "--variant", "dutch", "--player", "random", "--opponent", "random"]
    results = []
    for processes in ("1", "2"):
        assert main([*argv, "--games", "44", "--processes", processes, "--json"]) == 0
        results.append(json.loads(capsys.readouterr().out.strip().splitlines()[-1]))
    keys = ("points_per_game", "ci95", "wins", "moves_per_game")
    assert [r[k] for k in keys for r in results[:1]] == [results[1][k] for k in keys]


def test_cli_refuses_pubeval_outside_backgammon(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "bot", "--variant", "dutch", "--player", "pubeval", "--opponent", "random"]
    assert main(argv) == 2
    assert "backgammon only" in capsys.readouterr().err


def test_cli_net_needs_weights(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "bot", "--variant", "dutch", "--player", "net", "--opponent", "random"]
    argv += ["--weights", "/nonexistent/net.npz"]
    assert main(argv) == 2
    assert "no network weights" in capsys.readouterr().err


def test_a_noisy_level_plays_the_same_games_from_the_same_seed() -> None:
    """Every chunk seeds its players, the computer's noise included."""
    args = argparse.Namespace(
        variant="dutch", player="level:beginner", opponent="random", games=4, seed=3,
        weights=None, processes=1,
    )  # fmt: skip
    assert play_chunk(jobs(args)[0]).pairs == play_chunk(jobs(args)[0]).pairs


def test_cli_positions_times_decisions_over_fixed_positions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--positions N`` needs no opponent: it times N decisions and names the slowest."""
    argv = ["bench", "bot", "--variant", "backgammon", "--player", "heuristic"]
    assert main([*argv, "--positions", "12", "--seed", "5", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["positions"] == 12 and figures["player"] == "heuristic"
    ms = figures["ms_per_decision"]
    assert 0 <= ms["median"] <= ms["max"] and ms["mean"] <= ms["max"]
    cells, dice = figures["slowest"]["cells"], figures["slowest"]["dice"]
    assert (tuple(cells), tuple(dice)) in positions(BACKGAMMON, 13, 5)


def test_bench_positions_are_unforced_rolls_of_seeded_self_play() -> None:
    found = positions(BACKGAMMON, 30, 2)
    assert found == positions(BACKGAMMON, 30, 2) != positions(BACKGAMMON, 30, 3)
    assert all(len(final_cells(BACKGAMMON, cells, dice)) > 1 for cells, dice in found)
    assert len(set(found)) > 25  # spread over games, not one position again and again


def test_time_decisions_times_each_position_once() -> None:
    seen = []

    class Counting:
        name = "counting"

        def choose(self, cells: Cells, dice: Dice) -> Cells | None:
            seen.append((cells, dice))
            return None

    found = positions(BACKGAMMON, 5, 1)
    assert len(time_decisions(Counting(), found)) == 5 and seen == found


def test_cli_wants_an_opponent_or_positions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "bot", "--variant", "dutch", "--player", "random"]) == 2
    assert "--opponent" in capsys.readouterr().err
