"""``nardy bench WHAT``: the benchmarks of :mod:`nardy.bench` (and the bots' duels of
:mod:`nardy.botclient.duels`), one sub-subcommand each.

Each benchmark module keeps its own ``add_arguments`` and ``main``; their imports at the top
are light (the players and the server load only when a bench runs).
"""

from __future__ import annotations

import argparse
from types import ModuleType

from nardy.bench import (
    analysis,
    bearoff,
    bot,
    errors,
    evaluation,
    flood,
    movegen,
    review,
    rollout,
    server_load,
    teachers,
    tournament,
)
from nardy.botclient import duels

NAME = "bench"
HELP = "measure speed"

BENCHES: dict[str, tuple[ModuleType, str]] = {
    "movegen": (movegen, "move generation speed per variant"),
    "bot": (bot, "a player's strength in cubeless games"),
    "evaluation": (evaluation, "the networks' compiled first layer against numpy's product"),
    "errors": (errors, "where a backgammon player loses equity, by gnubg's judgement"),
    "server": (server_load, "many games at once against a local server: round-trip times"),
    "analysis": (analysis, "nardy's review of matches against GNU Backgammon's analysis"),
    "review": (review, "the analysis of a level's own games: error rates and luck"),
    "bearoff": (bearoff, "bear-off databases: build cost, size, the networks' error on them"),
    "rollout": (rollout, "rollout speed and the variance reduction of rotated dice and luck"),
    "teachers": (teachers, "training labels' cost and distance from gnubg's judgement"),
    "flood": (flood, "an honest game's round trips while another client floods the server"),
    "tournament": (tournament, "a Swiss of scripted players to the end: wall and pairing time"),
    "adapters": (duels, "other engines as bots through the Bot API against the house levels"),
}
"""Each benchmark's module and what it measures."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    kinds = parser.add_subparsers(dest="bench", required=True, metavar="WHAT")
    for name, (module, help_text) in BENCHES.items():
        module.add_arguments(kinds.add_parser(name, help=help_text))


def run(args: argparse.Namespace) -> int:
    status: int = BENCHES[args.bench][0].main(args)
    return status
