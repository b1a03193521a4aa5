"""``nardy bench rollout``: a tiny run prints its table and, with --json, the figures last."""

from __future__ import annotations

import json

import pytest

from nardy.bench import rollout


def test_a_tiny_run_reports_speed_and_both_reductions(capsys: pytest.CaptureFixture[str]):
    # two luck games can end alike at every turn (they do with the network of 2026-12-07)
    args = ["--games", "2", "--repeats", "2", "--luck-games", "4", "--json"]
    assert rollout.main(args) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert len(figures["rows"]) == len(rollout.TURNS)
    for row in figures["rows"]:
        assert row["random"]["games_per_cpu_second"] > 0
        luck = row["luck"]
        # a few games can all end alike, leaving the plain error (and so the reduction) 0
        assert (luck["reduction"] > 0) == (luck["plain_error"] > 0)
        if luck["error"] > 0.01:  # (both errors are rounded to 4 places)
            ratio = (luck["plain_error"] / luck["error"]) ** 2
            assert luck["reduction"] == pytest.approx(ratio, rel=0.02)
        assert luck["gain"] >= 0 and row["rotation_reduction"] >= 0
    assert any(row["luck"]["reduction"] > 0 for row in figures["rows"])


def test_the_positions_are_fixed_by_the_seed():
    one = rollout.sample_positions("long-nardy", 3)
    assert (
        one
        == rollout.sample_positions("long-nardy", 3)
        != rollout.sample_positions("long-nardy", 4)
    )


def test_too_few_repeats_is_refused(capsys: pytest.CaptureFixture[str]):
    assert rollout.main(["--repeats", "1"]) == 2
    assert "repeats" in capsys.readouterr().out
