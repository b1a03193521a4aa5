"""The ``nardy`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``nardy`` command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="nardy", description="Backgammon, long nardy and Dutch backgammon."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser(
        "moves",
        help="legal plays for position JSON lines on standard input",
    )
    bench = commands.add_parser("bench", help="measure speed")
    bench_kinds = bench.add_subparsers(dest="bench", required=True, metavar="WHAT")
    movegen = bench_kinds.add_parser("movegen", help="move generation speed per variant")
    movegen.add_argument("--positions", type=int, default=2000, help="positions per variant")
    movegen.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    movegen.add_argument("--seed", type=int, default=1, help="seed of the position set")
    movegen.add_argument("--json", action="store_true", help="print the figures as JSON last")

    args = parser.parse_args(argv)
    if args.command == "moves":
        from nardy.moves_command import run

        return run(sys.stdin, sys.stdout)
    if args.command == "bench" and args.bench == "movegen":
        from nardy.bench.movegen import main as bench_movegen

        return bench_movegen(args)
    parser.error("unknown command")
    return 2


if __name__ == "__main__":
    sys.exit(main())
