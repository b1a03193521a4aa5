"""``nardy bench server`` over two processes on PostgreSQL + Redis, one of them killed with
SIGKILL mid-run: per-target figures, and the clients reconnect with no command lost."""

from __future__ import annotations

import json

import pytest

from nardy.cli import main


def test_a_load_run_over_two_processes_survives_a_kill(
    postgres_url: str, redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["bench", "server", "--games", "4", "--seconds", "12", "--think", "0.05"]
    arguments += ["--processes", "2", "--database", postgres_url, "--broker", redis_url]
    arguments += ["--kill-after", "3", "--json"]
    assert main(arguments) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["connections"] == 8
    assert [row["killed"] for row in figures["targets"]] == [True, False]
    assert all(row["moves"] > 0 for row in figures["targets"])  # both served, before the kill
    assert figures["reconnects"] >= 1  # the clients of the killed process came back
    assert 0 < figures["resync_max_ms"] < 10_000
    assert 0 < figures["resume_max_ms"] < 10_000  # every table went on within 10 s
    assert figures["commands_lost"] == 0
    assert figures["errors"] <= figures["reconnects"] + figures["unanswered"] + 4
