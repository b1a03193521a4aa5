"""``nardy bench errors``: gnubg judging a player's decisions, class by class."""

from __future__ import annotations

import json

import pytest

from nardy.bench import errors, gnubg
from nardy.bench.players import make_player
from nardy.cli import main

pytestmark = pytest.mark.skipif(gnubg.load() is None, reason="needs gnubg-nn")


def test_gnubg_judging_its_own_zero_ply_play_finds_no_cost() -> None:
    games = errors.play(make_player("gnubg:0", gnubg.VARIANT, "1"), games=2, seed=4)
    decisions = [d for game in games for d in game]
    assert len(decisions) > 20
    assert max(d.cost for d in decisions) < 1e-6


def test_a_random_player_costs_much_and_every_decision_is_classed() -> None:
    games = errors.play(make_player("random", gnubg.VARIANT, "1"), games=2, seed=4)
    figures = errors.summary(games, top=3)
    assert figures["all"]["millipoints_per_decision"] > 50
    assert set(figures["classes"]) <= {"contact", "crashed", "race", "bearoff"}
    assert (
        sum(row["decisions"] for row in figures["classes"].values()) == figures["all"]["decisions"]
    )
    costs = [d["cost"] for d in figures["costliest"]]
    assert len(costs) == 3 and costs == sorted(costs, reverse=True)


def test_nardy_bench_errors_prints_its_figures_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "errors", "--player", "pubeval", "--games", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["games"] == 2 and figures["judge_ply"] == 0
    low, high = figures["all"]["interval"]
    assert low <= figures["all"]["cost_per_game"] <= high
