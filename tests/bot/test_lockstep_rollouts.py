"""Labels by truncated rollouts played in lockstep (nardy.bot.lookahead.lockstep)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.model import Model
from nardy.bot.evaluation.network import equity
from nardy.bot.lookahead.lockstep import rollout_outputs
from nardy.bot.lookahead.rollout import Options, rollout
from nardy.bot.training.label import collect, label, load_data, outputs_before_roll
from nardy.bot.training.pruning import distil
from nardy.cli import main
from nardy.rules.cells import BAR
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY


def judge(variant: Variant) -> Evaluator:
    return Evaluator(variant, Model.create(variant, {"contact": 6, "race": 4}, seed=5))


@pytest.mark.parametrize("variant", [BACKGAMMON, LONG_NARDY, DUTCH], ids=lambda v: v.name)
def test_thirty_six_games_of_two_plies_are_the_two_ply_label(variant: Variant) -> None:
    evaluator = judge(variant)
    cells = collect(evaluator, 12, seed=3)
    two = rollout_outputs(evaluator, cells, games=36, truncate=2, seed=9)
    assert np.allclose(two, outputs_before_roll(evaluator, cells, 2), atol=1e-9)


def test_a_position_where_no_roll_can_be_played_is_rolled_out_too() -> None:
    """B3, C4: closed out, the roller dances on every roll and its opponent rolls next; a
    batch of such positions has no play at all to judge (it crashed the review)."""
    cells = [0] * 30
    cells[BAR], cells[1] = 1, 14  # on the bar against a closed board
    for point in range(19, 25):
        cells[point] = -2
    cells[18] = -3
    BACKGAMMON.validate(tuple(cells))
    evaluator = judge(BACKGAMMON)
    rows = np.array([cells])
    two = rollout_outputs(evaluator, rows, games=36, truncate=2)
    assert np.allclose(two, outputs_before_roll(evaluator, rows, 2), atol=1e-9)
    assert rollout_outputs(evaluator, rows, games=36, truncate=5).shape == (1, 5)


@pytest.mark.slow
def test_with_a_pruner_they_are_the_pruned_two_ply_label() -> None:
    evaluator = judge(BACKGAMMON)
    pruner, _ = distil(evaluator, positions=300, epochs=2, seed=1)
    cells = collect(evaluator, 8, seed=4)
    pruned = rollout_outputs(evaluator, cells, 36, 2, pruning=(pruner, 3))
    assert np.allclose(pruned, outputs_before_roll(evaluator, cells, 2, (pruner, 3)))


@pytest.mark.slow
def test_a_deeper_truncation_agrees_with_the_game_by_game_rollout() -> None:
    """The same games as nardy.bot.lookahead.rollout plays one by one (the first two rolls
    dealt alike, the later drawn otherwise): the two means agree within their errors."""
    evaluator = judge(BACKGAMMON)
    cells = collect(evaluator, 2, seed=6)
    lockstep = equity(rollout_outputs(evaluator, cells, games=72, truncate=4, seed=2))
    options = Options(games=72, truncate=4, seed=2)
    one_by_one = rollout(evaluator, [(tuple(c), None) for c in cells.tolist()], options)
    for mine, theirs in zip(lockstep, one_by_one, strict=True):
        # the game-by-game rollout takes the 0-ply value at the cut, this one the 1-ply
        assert abs(mine - theirs.equity) < 4 * theirs.equity_error + 0.02, (mine, theirs)


def test_the_later_rolls_come_from_the_seed() -> None:
    evaluator = judge(BACKGAMMON)
    cells = collect(evaluator, 2, seed=7)
    first = rollout_outputs(evaluator, cells, 36, 4, seed=1)
    assert np.array_equal(first, rollout_outputs(evaluator, cells, 36, 4, seed=1))
    assert not np.array_equal(first, rollout_outputs(evaluator, cells, 36, 4, seed=2))
    assert ((first >= 0) & (first <= 1)).all()
    with pytest.raises(ValueError, match="at least one game"):
        rollout_outputs(evaluator, cells, 0, 4)


def test_label_rolls_out_in_batches_as_one_call_would() -> None:
    evaluator = judge(LONG_NARDY)
    cells = collect(evaluator, 20, seed=8)
    batched = label(evaluator, cells, ply=2, rollout=36)
    assert np.allclose(batched, outputs_before_roll(evaluator, cells, 2))


def test_nardy_label_by_rollouts_records_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = tmp_path / "start.npz"
    Model.create(DUTCH, {"contact": 6, "race": 4}, seed=2).save(start)
    data = tmp_path / "data.npz"
    args = ["label", "--variant", "dutch", "--weights", str(start), "--positions", "8"]
    assert (
        main([*args, "--ply", "3", "--rollout", "36", "--processes", "1", "--out", str(data)]) == 0
    )
    _, targets, meta = load_data(data)
    assert targets.shape == (8, 5) and meta["rollout"] == 36 and meta["ply"] == 3
    assert "36 games of 3 plies" in capsys.readouterr().err
    assert main([*args, "--rollout", "36", "--horizon", "3", "--out", str(data)]) == 2
