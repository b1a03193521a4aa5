"""``nardy train``: train a variant's network by self-play, with checkpoints; each
checkpoint logs a benchmark line (see :mod:`nardy.bot.train` for the training itself)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nardy.rules.variant import Variant

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


def checkpoint_bench(variant: Variant, games: int = 200) -> Callable[[Path], str]:
    """A checkpoint's benchmark line: the network at 0 ply against the heuristic player,
    cubeless, duplicate dice (see :mod:`nardy.bench.bot`)."""

    def bench(weights: Path) -> str:
        from nardy.bench.bot import run as play_bench

        figures = play_bench(
            argparse.Namespace(
                variant=variant.name,
                player="net",
                opponent="heuristic",
                games=games,
                seed=7,
                weights=str(weights),
                processes=1,
            )
        )
        low, high = figures["ci95"]
        return (
            f"{figures['points_per_game']:+.3f} ppg ({low:+.2f}..{high:+.2f}), "
            f"{figures['win_rate']:.1%} wins against the heuristic player ({games} games)"
        )

    return bench


def run(args: argparse.Namespace) -> int:
    """Train with a progress bar; each checkpoint logs a benchmark line."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from nardy.bot.train import train
    from nardy.variants import variant_named

    variant = variant_named(args.variant)
    out = Path(args.out or f"train/{variant.name}")
    console = Console()
    bench = checkpoint_bench(variant, args.bench_games)

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
    ) as bar:
        task = bar.add_task(f"training {variant.name}", total=args.games)

        def checkpoint(weights: Path, done: int) -> str:
            line = bench(weights)
            bar.console.print(f"{done:>8} games: {line}")
            return line

        train(
            variant,
            out,
            args.games,
            hidden=args.hidden,
            seed=args.seed,
            checkpoint_every=args.checkpoint_every,
            on_checkpoint=checkpoint,
            progress=lambda done, total: bar.update(task, completed=done),
        )
    console.print(f"weights: {out / 'checkpoint.npz'}")
    return 0
