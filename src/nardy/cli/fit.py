"""``nardy fit``: move a model towards labelled positions (see ``nardy label``)."""

from __future__ import annotations

import argparse
from pathlib import Path

NAME = "fit"
HELP = "train a model on labelled positions (supervised), reporting held-out error"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help="backgammon, long-nardy, dutch, ...")
    parser.add_argument("--weights", default=None, help="model to start from (default shipped)")
    parser.add_argument("--data", required=True, nargs="+", help="data sets (.npz)")
    parser.add_argument("--epochs", type=int, default=10, help="passes over the data")
    parser.add_argument("--rate", type=float, default=0.5, help="step per mini-batch")
    parser.add_argument("--batch", type=int, default=64, help="rows per mini-batch")
    parser.add_argument("--out", required=True, help="model to write (.npz)")


def run(args: argparse.Namespace) -> int:
    import numpy as np
    from rich.console import Console
    from rich.progress import Progress

    from nardy.bot.evaluator import Evaluator
    from nardy.bot.label import fit, load_data
    from nardy.bot.levels import weights_path
    from nardy.bot.model import Model
    from nardy.variants import variant_named

    variant = variant_named(args.variant)
    weights = Path(args.weights) if args.weights else weights_path(variant)
    model = Model.load(variant, weights)
    sets = [load_data(Path(path)) for path in args.data]
    cells = np.concatenate([s[0] for s in sets])
    targets = np.concatenate([s[1] for s in sets])
    console = Console(stderr=True)
    with Progress(console=console) as bar:
        task = bar.add_task(f"fitting {variant.name} to {len(cells)} positions", total=args.epochs)

        def epoch(done: int, error: float) -> None:
            bar.update(task, completed=done, description=f"held-out MSE {error:.5f}")

        figures = fit(
            Evaluator(variant, model),
            cells,
            targets,
            args.epochs,
            args.rate,
            args.batch,
            progress=epoch,
        )
    model.meta.setdefault("fitted", []).append({"data": args.data, **figures})
    model.save(Path(args.out))
    console.print(
        f"held-out MSE {figures['mse_before']:.5f} -> {figures['mse_after']:.5f}: {args.out}"
    )
    return 0
