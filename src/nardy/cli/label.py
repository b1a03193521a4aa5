"""``nardy label``: positions from self-play, games against another player or played
matches, labelled by a deeper look (supervised data)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from rich.console import Console

    from nardy.bot.evaluation.evaluator import Evaluator

NAME = "label"
HELP = "collect positions (self-play, other players, played matches) and label them (training data)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help="backgammon, long-nardy, dutch, ...")
    parser.add_argument("--weights", default=None, help="model to play and label with")
    parser.add_argument("--positions", type=int, default=10_000, help="positions to label")
    parser.add_argument(
        "--ply",
        type=int,
        default=1,
        help="depth of the labels (0: the model's own outputs, as anchors that hold a fit "
        "near the model; 1 or 2; a rollout's plies)",
    )
    parser.add_argument(
        "--rollout",
        type=int,
        default=0,
        metavar="GAMES",
        help="label by the mean of GAMES luck-adjusted games truncated after --ply plies "
        "(nardy.bot.lookahead.lockstep; 36 games of 2 plies are the 2-ply label)",
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
    parser.add_argument(
        "--from",
        dest="sources",
        nargs="+",
        default=None,
        metavar="PATH",
        help="take the positions before each roll of played matches instead of self-play: "
        "records, .mat and .sgf files, or folders searched for them (at most --positions, "
        "drawn by --seed)",
    )
    parser.add_argument(
        "--plays",
        type=int,
        default=0,
        metavar="K",
        help="label, instead of the positions met, the positions the K best plays of a close "
        "decision leave (2, 4 or 8; nardy.bot.training.label.close_decisions), side by side "
        "so that a rollout meets them with the same dice; --positions counts these",
    )
    parser.add_argument(
        "--on-bar",
        action="store_true",
        help="keep only the positions met whose roller has a checker on the bar (just hit), "
        "from a longer collection; --positions counts these",
    )
    parser.add_argument(
        "--within",
        type=float,
        default=0.1,
        metavar="EQUITY",
        help="with --plays, a decision is close when its K best plays lie within this of the "
        "best at 0 ply",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the self-play")
    parser.add_argument("--processes", type=int, default=2, help="worker processes")
    parser.add_argument("--out", required=True, help="data set to write (.npz)")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress

    from nardy.bot.evaluation.shipped import weights_path
    from nardy.bot.training.label import label_in_processes, save_data, worker_evaluator
    from nardy.variants import variant_named

    variant = variant_named(args.variant)
    weights = Path(args.weights) if args.weights else weights_path(variant)
    evaluator = worker_evaluator(str(weights), variant.name)
    console = Console(stderr=True)
    refusal = _refusal(args)
    if refusal:
        console.print(f"nardy label: {refusal}")
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
    cells = _positions(args, evaluator, against, console)
    if cells is None:
        return 2
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
            chunk=48 if args.plays else 50,  # a decision's plays in one batch of 16
        )
    meta |= {"variant": variant.name, "ply": args.ply, "weights": str(weights), "seed": args.seed}
    if args.rollout:
        meta["rollout"] = args.rollout
    if args.against:
        meta["against"] = args.against
    if args.sources:
        meta["from"] = [str(source) for source in args.sources]
    if args.plays:
        meta |= {"plays": args.plays, "within": args.within}
    if args.on_bar:
        meta["on_bar"] = True
    save_data(Path(args.out), cells, targets, meta)
    console.print(f"{len(cells)} positions labelled by {how}: {args.out}")
    return 0


def _refusal(args: argparse.Namespace) -> str | None:
    """Why the options given cannot go together, or None."""
    if args.rollout < 0 or (args.rollout and args.horizon):
        return "--rollout is a number of games, and not with --horizon"
    if args.horizon and (args.against or args.sources):
        return "--against and --from give positions to --ply labels, not --horizon"
    if args.plays and (args.plays not in PLAYS or args.horizon or args.within <= 0):
        return "--plays is 2, 4 or 8, with a --within above 0, and not with --horizon"
    if args.against and args.sources:
        return "positions come from --against's games or --from's, not both"
    if args.on_bar and (args.sources or args.plays or args.horizon):
        return "--on-bar keeps positions met in play: not with --from, --plays or --horizon"
    return None


PLAYS = (2, 4, 8)
"""The numbers of plays a close decision may be labelled with: each divides the 16 positions
a rollout batch plays together, so every decision's plays meet the same dice."""


def _positions(
    args: argparse.Namespace, evaluator: Evaluator, against: Any, console: Console
) -> npt.NDArray[np.int64] | None:
    """The positions to label: of played matches (``--from``), with the roller on the bar
    (``--on-bar``) or met in play, then the plays of their close decisions (``--plays``);
    None when the matches cannot be read."""
    from nardy.bot.training.label import collect

    if args.sources:
        cells = _played(args, evaluator, console)
        if cells is None:
            return None
    elif args.on_bar:
        cells = _hit(args, evaluator, against, console)
    else:
        cells = collect(evaluator, args.positions, args.seed, against=against)
    if args.plays:
        cells = _decided(args, evaluator, cells, against, console)
    return cells


def _hit(
    args: argparse.Namespace, evaluator: Evaluator, against: Any, console: Console
) -> npt.NDArray[np.int64]:
    """``--positions`` positions whose roller is on the bar, met in self-play (or in games
    against ``--against``) from the seed, collected for longer until there are enough."""
    from nardy.bot.training.label import collect
    from nardy.rules.cells import BAR

    met = 8 * args.positions
    while True:
        cells = collect(evaluator, met, args.seed, against=against)
        hit = cells[cells[:, BAR] > 0]
        if len(hit) >= args.positions or met >= 256 * args.positions:
            break
        met *= 2  # a longer collection from the same seed begins with the same positions
    console.print(f"{len(hit)} positions with the roller on the bar in {met} met")
    return hit[: args.positions]


def _decided(
    args: argparse.Namespace,
    evaluator: Evaluator,
    cells: npt.NDArray[np.int64],
    against: Any,
    console: Console,
) -> npt.NDArray[np.int64]:
    """``--positions`` rows of the plays of close decisions met in ``cells`` and, when they
    run short, in more self-play (or games against ``--against``) from the same seed."""
    from nardy.bot.training.label import close_decisions, collect

    met = len(cells)
    rows = close_decisions(evaluator, cells, args.plays, args.within, args.seed)
    while len(rows) < args.positions and not args.sources and met < 64 * args.positions:
        met *= 2  # a longer collection from the same seed begins with the same positions
        more = collect(evaluator, met, args.seed, against=against)
        rows = close_decisions(evaluator, more, args.plays, args.within, args.seed)
    whole = min(len(rows), args.positions) // args.plays * args.plays
    console.print(
        f"{len(rows) // args.plays} close decisions in {met} positions; "
        f"labelling {whole // args.plays} of them, {args.plays} plays each"
    )
    return rows[:whole]


def _played(
    args: argparse.Namespace, evaluator: Evaluator, console: Console
) -> npt.NDArray[np.int64] | None:
    """The positions of ``--from``'s matches to label (bear-offs left to the databases), or
    None, having said why, when there are none."""
    from nardy.bot.training.played import match_files, played_positions, sample
    from nardy.formats.match_files import MatchFileError

    try:
        files = match_files(args.sources)
    except MatchFileError as error:
        console.print(f"nardy label: --from: {error}")
        return None
    played = played_positions(evaluator.variant, files)
    for reason in played.skipped[:5]:
        console.print(f"left out {reason}")
    if len(played.skipped) > 5:
        console.print(f"... and {len(played.skipped) - 5} more files left out")
    cells = played.cells
    if evaluator.exact_bearoff and len(cells):
        cells = cells[~evaluator.bearoff.applies(cells)]
    if not len(cells):
        console.print(f"nardy label: --from: no {evaluator.variant.name} positions to label")
        return None
    console.print(f"{len(cells)} positions before a roll in {played.matches} matches")
    return sample(cells, args.positions, args.seed)


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
