"""``nardy bench server``: a tiny run on loopback measures round trips and ends by itself."""

from __future__ import annotations

import json

import pytest

from nardy.cli import main


def test_a_tiny_load_run_reports_round_trips(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "server", "--games", "3", "--seconds", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["games"] == 3
    assert figures["connections"] == 6
    assert figures["moves"] > 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["errors"] == 0
    assert figures["failed_connections"] == 0
