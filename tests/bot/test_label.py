"""Supervised data: positions from self-play, labels from a deeper look, and the fit."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from nardy.bot.agents.heuristic import HeuristicPlayer
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.model import Model
from nardy.bot.evaluation.network import equity, flip_outputs
from nardy.bot.evaluation.shipped import weights_path
from nardy.bot.lookahead.expansion import ROLLS
from nardy.bot.training.fitting import fit, pairwise_direction
from nardy.bot.training.label import (
    before_roll,
    close_decisions,
    collect,
    label,
    load_data,
    outputs_before_roll,
    save_data,
    worker_evaluator,
)
from nardy.cli import main
from nardy.rules.cells import BAR
from nardy.rules.plays import final_cells
from nardy.variants import BACKGAMMON, LONG_NARDY


def judge(variant):  # type: ignore[no-untyped-def]
    return Evaluator(variant, Model.create(variant, {"contact": 6, "race": 4}, seed=5))


def test_a_one_ply_label_is_the_average_over_the_rolls_of_the_best_plays_outputs() -> None:
    evaluator = judge(BACKGAMMON)
    cells = BACKGAMMON.start_position().cells
    want = sum(chance * evaluator.best(cells, dice).outputs for dice, chance in ROLLS)  # type: ignore[union-attr]
    assert np.allclose(before_roll(evaluator, cells, 1), want)
    assert np.allclose(before_roll(evaluator, cells, 0), evaluator.roller_outputs(cells))


def test_one_ply_labels_judged_together_are_each_positions_own_average() -> None:
    evaluator = judge(BACKGAMMON)
    cells = collect(evaluator, 40, seed=11)
    # A checker on the bar against a five-point board: most rolls cannot be played.
    closed = [0] * 30
    closed[BAR], closed[1] = 1, 14
    for point in (19, 20, 21, 22, 23):
        closed[point] = -2
    closed[18] = -5
    BACKGAMMON.validate(tuple(closed))
    rows = np.vstack([cells, [closed]])
    want = []
    for row in rows.tolist():
        total = np.zeros(5)
        for dice, chance in ROLLS:
            choice = evaluator.best(tuple(row), dice)
            if choice is None:
                theirs = evaluator.roller_outputs(evaluator.flip(tuple(row)))
                total += chance * flip_outputs(theirs[None, :])[0]
            else:
                total += chance * choice.outputs
        want.append(total)
    assert np.allclose(label(evaluator, rows, 1), want)


def test_a_two_ply_label_judges_each_rolls_zero_ply_choice_at_one_ply() -> None:
    evaluator = judge(LONG_NARDY)
    cells = LONG_NARDY.start_position().cells
    want = np.zeros(5)
    for dice, chance in ROLLS:
        choice = evaluator.best(cells, dice)
        assert choice is not None
        theirs = before_roll(evaluator, evaluator.flip(choice.cells), 1)
        want += chance * flip_outputs(theirs[None, :])[0]
    assert np.allclose(before_roll(evaluator, cells, 2), want)


def test_deeper_labels_of_several_positions_are_each_positions_own() -> None:
    evaluator = judge(BACKGAMMON)
    rows = [tuple(row) for row in collect(evaluator, 3, seed=8).tolist()]
    together = outputs_before_roll(evaluator, rows, 2)
    for row, outputs in zip(rows, together, strict=True):
        assert np.allclose(before_roll(evaluator, row, 2), outputs)


def test_workers_label_in_float32_as_float64_labels(tmp_path: Path) -> None:
    model = Model.create(BACKGAMMON, {"contact": 6, "race": 4}, seed=5)
    model.save(tmp_path / "m.npz")
    exact = Evaluator(BACKGAMMON, Model.load(BACKGAMMON, tmp_path / "m.npz"))
    worker = worker_evaluator(str(tmp_path / "m.npz"), BACKGAMMON.name)
    assert worker.model.dtype == np.float32
    cells = collect(exact, 4, seed=3)
    for ply in (1, 2):
        assert np.abs(label(worker, cells, ply) - label(exact, cells, ply)).max() < 1e-5


def test_collected_positions_are_legal_and_leave_out_bear_offs() -> None:
    evaluator = judge(BACKGAMMON)
    cells = collect(evaluator, 300, seed=3)
    assert cells.shape == (300, 30)
    assert not evaluator.bearoff.applies(cells).any()
    for row in cells[:50].tolist():
        BACKGAMMON.validate(tuple(row))
        assert sum(n for n in row[1:25] if n > 0) + row[0] + row[25] + row[26] == 15


def test_positions_against_another_player_are_those_both_sides_meet() -> None:
    evaluator = judge(LONG_NARDY)
    asked: list[tuple[int, ...]] = []

    def heuristic(cells, dice):  # type: ignore[no-untyped-def]
        asked.append(cells)
        return HeuristicPlayer(LONG_NARDY).choose(cells, dice)

    cells = collect(evaluator, 400, seed=7, against=heuristic)
    rows = [tuple(row) for row in cells.tolist()]
    # the other player moves on every other turn, from positions that are collected too
    # (but for bear-offs, which the databases answer)
    assert 150 <= len(asked) <= 250
    judged = [row for row in asked if not evaluator.bearoff.applies(np.array([row]))[0]]
    assert len(judged) >= 100 and set(judged) <= set(rows)
    # it moves first in every other game: a game that is not self-play
    assert LONG_NARDY.start_position().cells in asked
    assert not np.array_equal(cells, collect(evaluator, 400, seed=7))


def test_nardy_label_against_a_player_records_it_and_refuses_one_of_another_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = tmp_path / "start.npz"
    Model.create(LONG_NARDY, {"contact": 6, "race": 4}, seed=2).save(start)
    data = tmp_path / "data.npz"
    args = ["label", "--variant", "long-nardy", "--weights", str(start), "--positions", "30"]
    assert main([*args, "--processes", "1", "--against", "heuristic", "--out", str(data)]) == 0
    assert load_data(data)[2]["against"] == "heuristic"
    assert main([*args, "--against", "pubeval", "--out", str(data)]) == 2
    assert "pubeval plays backgammon only" in capsys.readouterr().err
    assert main([*args, "--against", "heuristic", "--horizon", "3", "--out", str(data)]) == 2
    assert "not --horizon" in capsys.readouterr().err


def test_a_close_decision_gives_its_best_plays_side_by_side_best_first() -> None:
    evaluator = Evaluator(BACKGAMMON, Model.load(BACKGAMMON, weights_path(BACKGAMMON)))
    cells = collect(evaluator, 200, seed=8)
    rows = close_decisions(evaluator, cells, plays=4, within=0.05, seed=3)
    assert 40 <= len(rows) <= 4 * 150 and len(rows) % 4 == 0
    starts = {tuple(row) for row in cells.tolist()}
    for group in rows.reshape(-1, 4, 30)[:10]:
        # turned back, the four are final positions of one roll from one collected position
        finals = [BACKGAMMON.flip(tuple(row)) for row in group.tolist()]
        assert len(set(finals)) == 4
        origin = [
            (start, dice)
            for start in starts
            for dice in {(a, b) for a in range(1, 7) for b in range(a, 7)}
            if set(finals) <= set(final_cells(BACKGAMMON, start, dice))
        ]
        mine = equity(evaluator.after_outputs(finals))
        best = [
            np.sort(equity(evaluator.after_outputs(list(final_cells(BACKGAMMON, *o)))))[::-1][:4]
            for o in origin
        ]
        assert any(np.allclose(mine, four) for four in best)  # the four best, best first
        assert mine[0] - mine[-1] <= 0.05
    assert not evaluator.bearoff.applies(rows).any()
    # a wider margin keeps more decisions, and a decision needs as many plays as asked
    assert len(close_decisions(evaluator, cells, 4, 0.5, seed=3)) > len(rows)
    assert len(close_decisions(evaluator, cells, 8, 0.05, seed=3)) < 2 * len(rows)


def test_nardy_label_plays_labels_whole_decisions_and_refuses_other_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = tmp_path / "start.npz"
    Model.create(BACKGAMMON, {"contact": 6, "race": 4}, seed=2).save(start)
    data = tmp_path / "data.npz"
    args = ["label", "--variant", "backgammon", "--weights", str(start), "--positions", "30"]
    rolled = ["--ply", "2", "--rollout", "4", "--processes", "1"]
    assert main([*args, *rolled, "--plays", "4", "--out", str(data)]) == 0
    cells, targets, meta = load_data(data)
    assert cells.shape == (28, 30) and targets.shape == (28, 5)  # whole decisions only
    assert meta["plays"] == 4 and meta["within"] == 0.1 and meta["rollout"] == 4
    assert "close decisions in" in capsys.readouterr().err
    for wrong in (["--plays", "3"], ["--plays", "4", "--within", "0"]):
        assert main([*args, *wrong, "--out", str(data)]) == 2
        assert "--plays is 2, 4 or 8" in capsys.readouterr().err


def test_nardy_label_on_bar_labels_only_positions_just_hit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "hit.npz"
    args = ["label", "--variant", "backgammon", "--positions", "12", "--on-bar", "--seed", "4"]
    rolled = ["--ply", "300", "--rollout", "2", "--processes", "1", "--out", str(data)]
    assert main([*args, *rolled]) == 0
    cells, targets, meta = load_data(data)
    assert len(cells) == 12 and (cells[:, BAR] > 0).all() and meta["on_bar"] is True
    assert np.isfinite(targets).all()
    assert "with the roller on the bar in" in capsys.readouterr().err
    assert main([*args, "--plays", "4", "--out", str(data)]) == 2
    assert "--on-bar keeps positions met in play" in capsys.readouterr().err


def test_fitting_moves_the_networks_towards_the_labels() -> None:
    evaluator = judge(BACKGAMMON)
    cells = collect(evaluator, 200, seed=4)
    targets = label(evaluator, cells, ply=1)
    figures = fit(evaluator.model, cells, targets, epochs=15, rate=0.01, batch=16, held_out=0.2)
    assert figures["mse_after"] < figures["mse_before"]
    assert sum(figures["rows"].values()) == 160


def test_nardy_label_and_fit_write_a_data_set_and_a_model(tmp_path: Path) -> None:
    start = tmp_path / "start.npz"
    Model.create(LONG_NARDY, {"contact": 6, "race": 4}, seed=2).save(start)
    data = tmp_path / "data.npz"
    args = ["label", "--variant", "long-nardy", "--weights", str(start), "--positions", "40"]
    assert main([*args, "--processes", "2", "--out", str(data)]) == 0
    cells, targets, meta = load_data(data)
    assert cells.shape == (40, 30) and targets.shape == (40, 5) and meta["ply"] == 1
    again = tmp_path / "again.npz"
    save_data(again, cells, targets, meta)
    assert np.array_equal(load_data(again)[0], cells)
    out = tmp_path / "fitted.npz"
    args = ["fit", "--variant", "long-nardy", "--weights", str(start), "--data", str(data)]
    assert main([*args, "--epochs", "2", "--out", str(out)]) == 0
    fitted = Model.load(LONG_NARDY, out)
    assert fitted.meta["fitted"][0]["mse_after"] <= fitted.meta["fitted"][0]["mse_before"] * 1.5


def test_nardy_fit_widen_grows_the_networks_and_refuses_to_shrink_them(tmp_path: Path) -> None:
    """``--widen``: a fit from the model grown to more hidden units (the new ones silent at
    first, Model.widened's doctest); a smaller size is refused."""
    start = tmp_path / "start.npz"
    model = Model.create(LONG_NARDY, {"contact": 6, "race": 4}, seed=2)
    model.save(start)
    cells = collect(Evaluator(LONG_NARDY, model), 60, seed=3)
    data = tmp_path / "data.npz"
    save_data(data, cells, label(Evaluator(LONG_NARDY, model), cells, ply=1), {"ply": 1})
    out = tmp_path / "wide.npz"
    args = ["fit", "--variant", "long-nardy", "--weights", str(start), "--data", str(data)]
    assert main([*args, "--widen", "--hidden", "9,4", "--epochs", "1", "--out", str(out)]) == 0
    wide = Model.load(LONG_NARDY, out)
    assert wide.networks["contact"].w1.shape[1] == 9 and wide.networks["race"].w1.shape[1] == 4
    with pytest.raises(SystemExit, match="cannot shrink"):
        main([*args, "--widen", "--hidden", "3,4", "--out", str(out)])


def test_the_pairwise_direction_is_the_descent_of_the_pairwise_loss() -> None:
    rng = np.random.default_rng(4)
    z = rng.normal(size=(6, 5))
    targets = rng.random((6, 5))
    groups = np.array([3, 3, 3, 9, 9, 1])
    weights = np.array([2.0, 1.0, 1.0, -1.0, -1.0])

    def loss(sums: np.ndarray) -> float:
        y = 1.0 / (1.0 + np.exp(-sums))
        total = 0.0
        for g in set(groups.tolist()):
            mine = groups == g
            e, t = y[mine] @ weights, targets[mine] @ weights
            total += 0.5 * float((((e - e.mean()) - (t - t.mean())) ** 2).sum())
        return 1.5 * total

    y = 1.0 / (1.0 + np.exp(-z))
    direction = pairwise_direction(targets, groups, 1.5)(y)
    numeric = np.zeros_like(z)
    for i in range(6):
        for o in range(5):
            step = np.zeros_like(z)
            step[i, o] = 1e-6
            numeric[i, o] = -(loss(z + step) - loss(z - step)) / 2e-6
    assert np.allclose(direction, numeric, atol=1e-7)
    assert (direction[5] == 0).all()  # a decision of one play has nothing to compare


def test_a_pairwise_fit_learns_the_differences_between_a_decisions_plays(tmp_path: Path) -> None:
    evaluator = judge(BACKGAMMON)
    teacher = Evaluator(BACKGAMMON, Model.create(BACKGAMMON, {"contact": 6, "race": 4}, seed=9))
    cells = close_decisions(evaluator, collect(evaluator, 600, seed=2), 4, 1.0, seed=2)
    targets = teacher.model.outputs(cells)
    groups = np.arange(len(cells)) // 4

    def fitted(**how):  # type: ignore[no-untyped-def]
        model = Model.create(BACKGAMMON, {"contact": 6, "race": 4}, seed=5)
        return fit(model, cells, targets, epochs=8, rate=0.01, batch=32, held_out=0.2, **how)

    paired = fitted(groups=groups, pairwise=4.0)
    assert paired["decision_error_after"] < 0.8 * paired["decision_error_before"]
    assert paired["held_out"] % 4 == 0  # whole decisions held out
    # without the weight the groups change nothing: the same fit as without them
    assert fitted(groups=groups) == fitted()
    # nardy fit reads the decisions from the data set's metadata
    start, data, out = tmp_path / "start.npz", tmp_path / "data.npz", tmp_path / "out.npz"
    evaluator.model.save(start)
    save_data(data, cells, targets, {"variant": "backgammon", "ply": 0, "plays": 4})
    args = ["fit", "--variant", "backgammon", "--weights", str(start), "--data", str(data)]
    assert main([*args, "--epochs", "1", "--pairwise", "2", "--out", str(out)]) == 0
    assert "decision_error_after" in Model.load(BACKGAMMON, out).meta["fitted"][0]
