"""The ``nardy`` command line as a package: one module per subcommand."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from nardy.cli import COMMANDS, main, parser


def test_every_subcommand_module_names_itself_and_has_options_and_work() -> None:
    names = [module.NAME for module in COMMANDS]
    assert len(set(names)) == len(names)
    for module in COMMANDS:
        assert module.HELP and callable(module.add_arguments) and callable(module.run)
        assert module.__name__ == "nardy.cli." + module.NAME.replace("-", "_")


def test_each_subcommand_runs_its_own_module() -> None:
    args = parser().parse_args(["replay", "some.json"])
    assert args.run.__module__ == "nardy.cli.replay" and args.file == "some.json"
    args = parser().parse_args(["bench", "movegen", "--positions", "5"])
    assert args.run.__module__ == "nardy.cli.bench" and args.positions == 5


def test_a_missing_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([])
    assert exit_.value.code == 2
    assert "COMMAND" in capsys.readouterr().err


def test_starting_the_command_line_loads_neither_the_network_nor_the_server() -> None:
    code = (
        "import sys, nardy.cli; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('numpy', 'fastapi', 'sqlalchemy', 'uvicorn')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_python_dash_m_runs_the_same_command_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "nardy.cli", "bench", "bot", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--opponent" in out.stdout


def test_replay_of_a_missing_file_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/nonexistent/record.json"]) == 1
    assert "cannot read /nonexistent/record.json" in capsys.readouterr().out


def test_parsed_options_reach_run() -> None:
    args = parser().parse_args(["serve", "--port", "9", "--secure-cookies"])
    assert isinstance(args, argparse.Namespace)
    assert (args.port, args.secure_cookies, args.grace) == (9, True, 60.0)


def test_the_bot_takes_its_token_from_the_environment_or_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("NARDY_BOT_TOKEN", raising=False)
    with pytest.raises(SystemExit):  # no token anywhere
        parser().parse_args(["bot", "--server", "http://127.0.0.1:1"])
    assert "--token" in capsys.readouterr().err
    given = parser().parse_args(["bot", "--server", "http://s", "--token=-starts-with-dash"])
    assert given.token == "-starts-with-dash"
    monkeypatch.setenv("NARDY_BOT_TOKEN", "nardy_secret")
    assert parser().parse_args(["bot", "--server", "http://s"]).token == "nardy_secret"
