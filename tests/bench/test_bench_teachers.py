"""``nardy bench teachers``: labels compared with gnubg's judgement of the same positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nardy.bench import gnubg, teachers
from nardy.bot.evaluation.model import Model
from nardy.cli import main

pytestmark = pytest.mark.skipif(gnubg.load() is None, reason="needs gnubg-nn")


def test_a_judge_agrees_with_itself_and_the_teachers_are_measured(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["bench", "teachers", "--positions", "10", "--judge-ply", "0", "--json"]
    specs = ["ply:0", "ply:1", "rollout:36x2"]
    assert main([*args, *(f"--teacher={spec}" for spec in specs)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.strip().splitlines()]
    assert [row["teacher"] for row in rows] == specs
    zero, one, rolled = rows
    # nardy's network is not gnubg's: they differ, but by far less than a point
    assert 0.0 < zero["mean_abs_difference"] < 0.3
    assert rolled["ms_per_position"] > one["ms_per_position"]


def test_positions_with_the_roller_on_the_bar_are_judged_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["bench", "teachers", "--positions", "6", "--judge-ply", "0", "--on-bar", "--json"]
    assert main([*args, "--teacher=ply:0"]) == 0
    row = json.loads(capsys.readouterr().out)
    # every position has the roller on the bar: its signed difference is the mean's
    assert row["on_bar"] == row["mean_difference"] and row["mean_abs_difference"] > 0


def test_another_network_labels_when_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    untrained = tmp_path / "untrained.npz"
    Model.create(gnubg.VARIANT, {"contact": 4, "race": 4}, seed=3).save(untrained)
    args = ["bench", "teachers", "--positions", "8", "--judge-ply", "0", "--json"]
    assert main([*args, "--teacher=ply:0"]) == 0
    assert main([*args, "--teacher=ply:0", "--weights", str(untrained)]) == 0
    shipped, other = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert other["mean_abs_difference"] > 2 * shipped["mean_abs_difference"]


def test_teachers_are_read_from_their_names() -> None:
    assert teachers.parse("ply:2:p5") == teachers.Teacher("ply:2:p5", 2, 0, 5)
    assert teachers.parse("rollout:72x8") == teachers.Teacher("rollout:72x8", 8, 72, 0)
    for wrong in ("rollout:36", "ply:x", "rollout:36x0", "net"):
        with pytest.raises(ValueError):
            teachers.parse(wrong)
