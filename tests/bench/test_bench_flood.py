"""``nardy bench flood``: a tiny run measures an honest game with and without a flood."""

from __future__ import annotations

import json

import pytest

from nardy.cli import main


def test_a_tiny_flood_run_reports_both_phases(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "flood", "--quiet", "2", "--flood", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["quiet_commands"] > 0 and figures["flood_commands"] > 0
    assert 0 < figures["flood_p50_ms"] <= figures["flood_p99_ms"] <= figures["flood_max_ms"]
    assert figures["pings_sent"] > 0 and figures["flood_connections"] >= 1
    assert figures["errors"] == 0
