"""``nardy bot``: nardy's engine (or an adapter's) playing at a nardy site through its Bot
API (INTERFACES.md §9), every table its account is seated at."""

from __future__ import annotations

import argparse
import logging
import os

TOKEN_VARIABLE = "NARDY_BOT_TOKEN"
"""The environment variable ``--token`` defaults to."""
NAME = "bot"
HELP = "play at a nardy site as a bot account, through its Bot API"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", required=True, help="the site, e.g. https://nardy.example")
    token = os.environ.get(TOKEN_VARIABLE)
    parser.add_argument(
        "--token",
        required=token is None,
        default=token,
        help=f"a token of the bot account (or the environment's {TOKEN_VARIABLE}, which "
        "other users of the machine cannot read in its process list)",
    )
    parser.add_argument(
        "--level",
        default="expert",
        help="nardy's level: beginner, casual, intermediate, advanced, expert, strongest",
    )
    parser.add_argument(
        "--engine",
        default=None,
        help="another engine instead: gnubg:PLY (gnubg-nn) or bgsage:PLY (bgsage)",
    )


def run(args: argparse.Namespace) -> int:
    from nardy.botclient.client import serve_forever

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # not a line per request
    return serve_forever(args.server, args.token, args.engine or args.level)
