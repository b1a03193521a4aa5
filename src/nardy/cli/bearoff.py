"""``nardy bearoff build``: make the exact bear-off databases ahead of their first use.

nardy builds them by itself the first time an evaluation needs them and keeps them in the
cache folder (:func:`nardy.bot.evaluation.bearoff.cache_folder`); this command does it at a time of
your choosing, for example when a server is installed, and says where they went.
"""

from __future__ import annotations

import argparse
import time

NAME = "bearoff"
HELP = "build the exact bear-off databases into the cache (done on first use otherwise)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    build = actions.add_parser("build", help="build the databases now")
    build.add_argument("--force", action="store_true", help="rebuild even if they are cached")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from nardy.bot.evaluation import bearoff

    console = Console()
    folder = bearoff.cache_folder()
    if args.force:
        for old in folder.glob("*.npy"):
            old.unlink()
    began = time.perf_counter()
    with console.status("building the bear-off databases"):
        bearoff.tables()
    files = sorted(folder.glob("*.npy"))
    if not files:
        console.print(f"nardy bearoff: could not write to {folder}; built in memory only")
        return 1
    console.print(f"bear-off databases ready in {folder} ({time.perf_counter() - began:.1f} s)")
    for path in files:
        console.print(f"  {path.name}: {path.stat().st_size / 1e6:.1f} MB")
    return 0
