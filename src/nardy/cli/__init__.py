"""The ``nardy`` command: one module per subcommand, each with ``add_arguments`` and ``run``.

A subcommand module names itself (``NAME``), says what it does (``HELP``), declares its
options in ``add_arguments(parser)`` and does its work in ``run(args)``, which returns the
exit status. Modules import what their work needs inside ``run``, so that ``nardy moves``
does not load the server or the network.

>>> [module.NAME for module in COMMANDS]  # doctest: +NORMALIZE_WHITESPACE
['moves', 'selfplay', 'bestmove', 'train', 'label', 'fit', 'serve', 'export', 'verify-dice',
 'replay', 'analyze', 'bench', 'bearoff', 'rollout', 'strength', 'convert', 'position', 'bot']
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from types import ModuleType

from nardy import __version__
from nardy.cli import (
    analyze,
    bearoff,
    bench,
    bestmove,
    bot,
    convert,
    export,
    fit,
    label,
    moves,
    position,
    replay,
    rollout,
    selfplay,
    serve,
    strength,
    train,
    verify_dice,
)

COMMANDS: tuple[ModuleType, ...] = (
    moves,
    selfplay,
    bestmove,
    train,
    label,
    fit,
    serve,
    export,
    verify_dice,
    replay,
    analyze,
    bench,
    bearoff,
    rollout,
    strength,
    convert,
    position,
    bot,
)
"""The subcommands, in the order ``nardy --help`` lists them."""


def parser() -> argparse.ArgumentParser:
    """The parser of the whole command line."""
    top = argparse.ArgumentParser(
        prog="nardy", description="Backgammon, long nardy and Dutch backgammon."
    )
    top.add_argument("--version", action="version", version=f"nardy {__version__}")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        sub = commands.add_parser(module.NAME, help=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``nardy`` command line; returns the exit status."""
    args = parser().parse_args(argv)
    status: int = args.run(args)
    return status
