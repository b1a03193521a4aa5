"""``nardy strength``: how strong each computer level was measured to be, as Markdown.

``nardy strength > docs/STRENGTH.md`` writes that page in full from the figures shipped
beside each network; ``--summary`` prints the short table of the README.
"""

from __future__ import annotations

import argparse
import sys

NAME = "strength"
HELP = "print each computer level's measured strength as Markdown (docs/STRENGTH.md)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--summary",
        action="store_true",
        help="only the README's table: one line a variant, points a game per level",
    )


def run(args: argparse.Namespace) -> int:
    from nardy.bot.agents.strength_report import report, summary

    sys.stdout.write(summary() if args.summary else report())
    return 0
