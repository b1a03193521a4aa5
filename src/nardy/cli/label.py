"""``nardy label``: positions from self-play, labelled by a deeper look (supervised data)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

NAME = "label"
HELP = "collect self-play positions and label them at a chosen depth (training data)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help="backgammon, long-nardy, dutch, ...")
    parser.add_argument("--weights", default=None, help="model to play and label with")
    parser.add_argument("--positions", type=int, default=10_000, help="positions to label")
    parser.add_argument(
        "--ply", type=int, default=1, help="depth of the labels (1 or 2; a rollout's plies)"
    )
    parser.add_argument(
        "--rollout",
        type=int,
        default=0,
        metavar="GAMES",
        help="label by the mean of GAMES luck-adjusted games truncated after --ply plies "
        "(nardy.bot.training.rollout_labels; 36 games of 2 plies are the 2-ply label)",
    )
    parser.add_argument(
        "--horizon",
        type=int,
        default=0,
        help="label by variance-reduced returns this many turns ahead in self-play games "
        "(nardy.bot.training.returns) instead of a search at --ply; 1 is the 1-ply label",
    )
    parser.add_argument(
        "--prune",
        type=int,
        default=0,
        metavar="K",
        help="choose each roll's play in the look-ahead among the K best by a small network "
        "fitted to the model first (nardy.bot.evaluation.pruning); 0: judge every play",
    )
    parser.add_argument(
        "--against",
        default=None,
        metavar="PLAYER",
        help="collect the positions of games against this player (a `nardy bench bot` "
        "player: heuristic, random, pubeval, level:NAME, net:FILE) instead of self-play",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the self-play")
    parser.add_argument("--processes", type=int, default=2, help="worker processes")
    parser.add_argument("--out", required=True, help="data set to write (.npz)")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress

    from nardy.bot.evaluation.shipped import weights_path
    from nardy.bot.training.label import (
        collect,
        label_in_processes,
        save_data,
        worker_evaluator,
    )
    from nardy.variants import variant_named

    variant = variant_named(args.variant)
    weights = Path(args.weights) if args.weights else weights_path(variant)
    evaluator = worker_evaluator(str(weights), variant.name)
    console = Console(stderr=True)
    if args.rollout < 0 or (args.rollout and args.horizon):
        console.print("nardy label: --rollout is a number of games, and not with --horizon")
        return 2
    if args.horizon and args.against:
        console.print("nardy label: --against collects positions for --ply labels, not --horizon")
        return 2
    if args.horizon:
        return _by_returns(args, variant.name, weights, console)
    against = None
    if args.against:
        from nardy.bench.players import make_player

        try:
            against = make_player(args.against, variant, str(args.seed)).choose
        except (ValueError, ImportError) as refusal:
            console.print(f"nardy label: --against: {refusal}")
            return 2
    cells = collect(evaluator, args.positions, args.seed, against=against)
    pruning = None
    meta: dict[str, Any] = {}
    if args.prune > 0:
        from nardy.bot.training.pruning import distil

        with console.status("fitting the pruner to the model"):
            pruner, error = distil(evaluator, seed=args.seed)
        console.print(f"pruner: mean absolute equity error {error:.3f}; keeps {args.prune} plays")
        pruning = (pruner, args.prune)
        meta = {"prune": args.prune, "pruner_error": round(error, 4)}
    with Progress(console=console) as bar:
        how = f"{args.rollout} games of {args.ply} plies" if args.rollout else f"{args.ply} ply"
        task = bar.add_task(f"labelling {variant.name} by {how}", total=len(cells))
        targets = label_in_processes(
            weights,
            variant.name,
            cells,
            args.ply,
            args.processes,
            lambda n: bar.advance(task, n),
            pruning=pruning,
            rollout=args.rollout,
            seed=args.seed,
        )
    meta |= {"variant": variant.name, "ply": args.ply, "weights": str(weights), "seed": args.seed}
    if args.rollout:
        meta["rollout"] = args.rollout
    if args.against:
        meta["against"] = args.against
    save_data(Path(args.out), cells, targets, meta)
    console.print(f"{len(cells)} positions labelled by {how}: {args.out}")
    return 0


def _by_returns(args: argparse.Namespace, variant: str, weights: Path, console: Any) -> int:
    from rich.progress import Progress

    from nardy.bot.training.label import save_data
    from nardy.bot.training.returns import games_in_processes, returns

    with Progress(console=console) as bar:
        task = bar.add_task(
            f"self-play for {args.horizon}-turn returns in {variant}", total=args.positions
        )
        games = games_in_processes(
            str(weights),
            variant,
            args.positions,
            args.seed,
            args.processes,
            lambda n: bar.advance(task, n),
        )
    meta = {"variant": variant, "horizon": args.horizon, "weights": str(weights), "seed": args.seed}
    cells = games.cells[games.kept]
    save_data(Path(args.out), cells, returns(games, args.horizon), meta)
    console.print(f"{len(cells)} positions labelled by {args.horizon}-turn returns: {args.out}")
    return 0
