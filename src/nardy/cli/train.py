"""``nardy train``: train a variant's network by self-play, with checkpoints; each
checkpoint logs a benchmark line (see :mod:`nardy.bot.training.train` for the training itself)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nardy.rules.variant import Variant

NAME = "train"
HELP = "train a variant's model (a network per position class) by self-play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help="backgammon, long-nardy, dutch, ...")
    parser.add_argument("--games", type=int, default=200_000, help="games to train up to")
    parser.add_argument(
        "--hidden", type=int, default=128, help="hidden units of a new contact network"
    )
    parser.add_argument(
        "--race-hidden", type=int, default=64, help="hidden units of a new race network"
    )
    parser.add_argument("--warm", default=None, help="start a new run from this single network")
    parser.add_argument("--rate", type=float, default=0.1, help="learning rate at the start")
    parser.add_argument("--rate-end", type=float, default=0.01, help="learning rate in the end")
    parser.add_argument(
        "--rate-half-life", type=int, default=100_000, help="games to move half way to the end"
    )
    parser.add_argument(
        "--bench-opponent", default="heuristic", help="opponent of each checkpoint's benchmark"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of dice and first weights")
    parser.add_argument("--out", default=None, help="run folder (default train/VARIANT)")
    parser.add_argument("--checkpoint-every", type=int, default=5000, help="games per checkpoint")
    parser.add_argument(
        "--bench-games", type=int, default=200, help="games of each checkpoint bench"
    )


def checkpoint_bench(
    variant: Variant, games: int = 200, opponent: str = "heuristic"
) -> Callable[[Path], str]:
    """A checkpoint's benchmark line: the model at 0 ply against ``opponent`` (a bench
    player spec), cubeless, duplicate dice (see :mod:`nardy.bench.bot`)."""

    def bench(weights: Path) -> str:
        from nardy.bench.bot import run as play_bench

        figures = play_bench(
            argparse.Namespace(
                variant=variant.name,
                player="net",
                opponent=opponent,
                games=games,
                seed=7,
                weights=str(weights),
                processes=1,
            )
        )
        low, high = figures["ci95"]
        return (
            f"{figures['points_per_game']:+.3f} ppg ({low:+.2f}..{high:+.2f}), "
            f"{figures['win_rate']:.1%} wins against {opponent} ({games} games)"
        )

    return bench


def run(args: argparse.Namespace) -> int:
    """Train with a progress bar; each checkpoint logs a benchmark line."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from nardy.bot.training.train import Schedule, train
    from nardy.variants import variant_named

    variant = variant_named(args.variant)
    out = Path(args.out or f"train/{variant.name}")
    console = Console()
    bench = checkpoint_bench(variant, args.bench_games, args.bench_opponent)

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
            hidden={"contact": args.hidden, "race": args.race_hidden},
            seed=args.seed,
            checkpoint_every=args.checkpoint_every,
            warm=Path(args.warm) if args.warm else None,
            schedule=Schedule(args.rate, args.rate_end, args.rate_half_life),
            on_checkpoint=checkpoint,
            progress=lambda done, total: bar.update(task, completed=done),
        )
    console.print(f"weights: {out / 'checkpoint.npz'}")
    return 0
