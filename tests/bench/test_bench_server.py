"""``nardy bench server``: a tiny run on loopback measures round trips and ends by itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import nardy
from nardy.bench.server_processes import serve_options
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


def test_a_reference_run_loads_a_server_from_another_tree_first_and_gives_ratios(
    capsys: pytest.CaptureFixture[str],
) -> None:
    source = str(Path(nardy.__file__).parent.parent)  # this tree stands in for an older one
    command = ["bench", "server", "--games", "2", "--seconds", "1.5", "--json"]
    assert main([*command, "--reference-path", source]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["reference"]["moves"] > 0 and figures["moves"] > 0
    ratio = figures["ratios"]["moves_per_second"]
    assert ratio == round(figures["moves_per_second"] / figures["reference"]["moves_per_second"], 2)


def test_the_bench_passes_a_server_only_the_options_its_serve_lists() -> None:
    options = serve_options(None)
    assert {"--database", "--bot-delay", "--entropy-wait", "--trust"} <= options
    assert "--no-such-option" not in options
