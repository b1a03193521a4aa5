"""``nardy serve`` and :class:`~nardy.server.app.ServerConfig` share one set of defaults."""

from __future__ import annotations

import argparse

from nardy.cli import serve
from nardy.server.app import ServerConfig


def test_serve_and_the_server_config_have_one_computer_delay_and_grace() -> None:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    args = parser.parse_args([])
    config = ServerConfig()
    assert args.bot_delay == config.bot_delay > 0
    assert args.grace == config.grace
    assert f"default {config.bot_delay:g}" in parser.format_help()


def test_an_operator_s_server_settles_reviews_by_rollouts_and_a_coded_one_does_not() -> None:
    from nardy.server import defaults

    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    assert parser.parse_args([]).review_rollout_seconds == defaults.REVIEW_ROLLOUT_SECONDS > 0
    args = parser.parse_args(["--review-rollout-seconds", "0"])
    assert args.review_rollout_seconds == 0
    assert ServerConfig().review_rollout_seconds == 0
    assert "--review-rollout-seconds" in parser.format_help()
