"""``nardy train``: train a variant's network by self-play, with checkpoints."""

from __future__ import annotations

import argparse

NAME = "train"
HELP = "train a variant's network by self-play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help="backgammon, long-nardy, dutch, ...")
    parser.add_argument("--games", type=int, default=200_000, help="games to train up to")
    parser.add_argument("--hidden", type=int, default=96, help="hidden units of a new network")
    parser.add_argument("--seed", type=int, default=1, help="seed of dice and first weights")
    parser.add_argument("--out", default=None, help="run folder (default train/VARIANT)")
    parser.add_argument("--checkpoint-every", type=int, default=5000, help="games per checkpoint")
    parser.add_argument(
        "--bench-games", type=int, default=200, help="games of each checkpoint bench"
    )


def run(args: argparse.Namespace) -> int:
    from nardy.bot.train import main

    return main(args)
