"""``nardy fit``: fit a model to labelled positions (see ``nardy label``), by Adam."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

NAME = "fit"
HELP = "train a model on labelled positions (supervised), reporting held-out error"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help="backgammon, long-nardy, dutch, ...")
    start = parser.add_mutually_exclusive_group()
    start.add_argument("--weights", default=None, help="model to start from (default shipped)")
    start.add_argument("--fresh", action="store_true", help="start from new random class networks")
    start.add_argument(
        "--warm", default=None, help="start new class networks from this single network"
    )
    parser.add_argument(
        "--hidden",
        default="128,64",
        metavar="CONTACT,RACE",
        help="hidden units of new class networks (--fresh, --warm, --widen), e.g. 128,64",
    )
    parser.add_argument(
        "--widen",
        action="store_true",
        help="grow the starting model's networks to --hidden units; the new units start silent",
    )
    parser.add_argument(
        "--extended",
        action="store_true",
        help="give the contact network the extended features (new inputs start at zero weight)",
    )
    parser.add_argument("--data", required=True, nargs="+", help="data sets (.npz)")
    parser.add_argument("--epochs", type=int, default=20, help="passes over the data")
    parser.add_argument("--rate", type=float, default=0.002, help="Adam's first step size")
    parser.add_argument("--batch", type=int, default=128, help="rows per mini-batch")
    parser.add_argument(
        "--pairwise",
        type=float,
        default=0.0,
        metavar="WEIGHT",
        help="weight of the loss on the differences between the plays of one decision, for "
        "data sets of `nardy label --plays` (nardy.bot.training.fitting); 0: none",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of new weights and shuffles")
    parser.add_argument("--out", required=True, help="model to write (.npz)")


def _hidden(text: str) -> dict[str, int]:
    """``"128,64"`` as hidden units per class.

    >>> _hidden("256,64")
    {'contact': 256, 'race': 64}
    """
    try:
        contact, race = (int(part) for part in text.split(","))
    except ValueError:
        raise SystemExit(
            f"--hidden wants two numbers, CONTACT,RACE (e.g. 128,64), not {text!r}"
        ) from None
    return {"contact": contact, "race": race}


def run(args: argparse.Namespace) -> int:
    import numpy as np
    from rich.console import Console
    from rich.progress import Progress

    from nardy.bot.evaluation.model import Model
    from nardy.bot.evaluation.network import Network
    from nardy.bot.evaluation.shipped import weights_path
    from nardy.bot.training.fitting import fit
    from nardy.bot.training.label import load_data
    from nardy.bot.training.train import warm_model
    from nardy.variants import variant_named

    variant = variant_named(args.variant)
    if args.fresh:
        model = Model.create(variant, _hidden(args.hidden), seed=args.seed, extended=args.extended)
    elif args.warm:
        model = warm_model(variant, Network.load(args.warm), _hidden(args.hidden), args.seed)
    else:
        model = Model.load(variant, Path(args.weights) if args.weights else weights_path(variant))
    if args.widen:
        try:
            model = model.widened(_hidden(args.hidden), args.seed)
        except ValueError as error:
            raise SystemExit(f"--widen: {error}") from None
    if args.extended:
        model = model.extended()
    sets = [load_data(Path(path)) for path in args.data]
    cells = np.concatenate([s[0] for s in sets])
    targets = np.concatenate([s[1] for s in sets])
    groups = _groups([(len(s[0]), s[2]) for s in sets])
    console = Console(stderr=True)
    with Progress(console=console) as bar:
        task = bar.add_task(f"fitting {variant.name} to {len(cells)} positions", total=args.epochs)

        def epoch(done: int, error: float) -> None:
            bar.update(task, completed=done, description=f"held-out MSE {error:.5f}")

        figures = fit(
            model,
            cells,
            targets,
            args.epochs,
            args.rate,
            args.batch,
            seed=args.seed,
            progress=epoch,
            groups=groups,
            pairwise=args.pairwise,
        )
    model.meta["variant"] = variant.name
    model.meta.setdefault("fitted", []).append({"data": args.data, **figures})
    model.save(Path(args.out))
    if "decision_error_after" in figures:
        console.print(
            f"held-out decision error {figures['decision_error_before']:.4f} -> "
            f"{figures['decision_error_after']:.4f}"
        )
    console.print(
        f"held-out MSE {figures['mse_before']:.5f} -> {figures['mse_after']:.5f}: {args.out}"
    )
    return 0


def _groups(sets: list[tuple[int, dict[str, Any]]]) -> npt.NDArray[np.int64]:
    """A decision's number for each row of the data sets (their sizes and metadata) put
    together: the plays of a decision of a `--plays K` set share one, K rows in a row; every
    other row has its own.

    >>> _groups([(2, {}), (4, {"plays": 2})]).tolist()
    [0, 1, 2, 2, 3, 3]
    """
    import numpy as np

    numbers, first = [], 0
    for size, meta in sets:
        plays = int(meta.get("plays", 1))
        numbers.append(first + np.arange(size) // plays)
        first += -(-size // plays)
    return np.concatenate(numbers) if numbers else np.zeros(0, dtype=np.int64)
