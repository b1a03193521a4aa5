"""``nardy bench bearoff`` and ``nardy bearoff build``: small runs print their figures."""

from __future__ import annotations

import json

import pytest

from nardy.bench import bearoff
from nardy.bot.evaluation.bearoff import cache_folder, tables
from nardy.cli import main


def test_bench_reports_build_cost_and_the_networks_error(capsys: pytest.CaptureFixture[str]):
    args = ["--two-sided", "2", "--positions", "50", "--variant", "backgammon", "--json"]
    assert bearoff.main(args) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    one, two = figures["databases"]
    assert one["megabytes"] > 8 and "2 checkers" in two["database"]
    (error,) = figures["network_error"]
    assert error["variant"] == "backgammon"
    for kind in ("two_sided", "one_sided"):
        assert 0 < error[kind]["mean_abs_equity_error"] <= error[kind]["max_abs_equity_error"]


def test_bearoff_build_says_where_the_databases_are(capsys: pytest.CaptureFixture[str]):
    tables()
    assert main(["bearoff", "build"]) == 0
    out = capsys.readouterr().out
    assert str(cache_folder()) in out and "two-sided-7.npy" in out
