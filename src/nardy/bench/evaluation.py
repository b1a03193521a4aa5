"""``nardy bench evaluation``: what the compiled first layer of the networks buys, per variant.

Most of a network's raw inputs are zero (a point holds no checkers of a side, or fewer than
the units that count them), and ``nardy._evaluation.affine`` sums only the others into the
hidden layer, where numpy's product multiplies them all. The bench loads each variant's
shipped model in ``float32``, as play and labelling do, and times on the same positions,
once with the compiled first layer and once with numpy's product (``Model.affine`` set to
None), in the same run:

- **outputs**: positions judged per CPU second by ``Model.outputs``, over every play of the
  positions of seeded games of ``advanced`` against itself (the finals a decision judges);
- **labels**: CPU milliseconds a position of a rollout label as ``nardy label --rollout 36
  --ply 4`` makes them (:func:`~nardy.bot.lookahead.lockstep.rollout_outputs`), and the
  largest difference between the two ways' labels.

Times are the process's CPU time, so that other work on the machine disturbs them less.

>>> turns = game_positions(VARIANTS["dutch"], 5, seed=1)
>>> len(turns), len(turns[0]) == 30
(5, True)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from nardy.rules.cells import CHECKERS, OFF, Cells
from nardy.rules.plays import final_cells
from nardy.rules.variant import Variant
from nardy.variants import VARIANTS

if TYPE_CHECKING:
    from nardy.bot.evaluation.network import Affine


def game_positions(variant: Variant, count: int, seed: int) -> list[Cells]:
    """``count`` positions before a roll (the roller's cells) of seeded games of
    ``advanced`` against itself, a new game whenever one ends."""
    import numpy as np

    from nardy.bot.agents.levels import Bot

    bot = Bot(variant, "advanced")
    rng = np.random.default_rng(seed)
    cells = variant.start_position().cells
    found: list[Cells] = []
    while len(found) < count:
        found.append(cells)
        dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
        choice = bot.choose(cells, dice)
        after = cells if choice is None else choice.cells
        ended = after[OFF] == CHECKERS
        cells = variant.start_position().cells if ended else bot.evaluator.flip(after)
    return found


def paired_cpu_seconds(runs: dict[str, Callable[[], object]], seconds: float) -> dict[str, float]:
    """The median CPU time of one pass of each of ``runs``, their passes taken in turn (so a
    change of load falls on all of them alike) after one pass each to warm up (the first
    large arrays a process makes cost page faults), for at least ``seconds`` in all.

    >>> sorted(paired_cpu_seconds({"a": lambda: None, "b": lambda: None}, 0.0))
    ['a', 'b']
    """
    for run in runs.values():
        run()
    times: dict[str, list[float]] = {name: [] for name in runs}
    used = 0.0
    while used < seconds or not times[next(iter(runs))]:
        for name, run in runs.items():
            began = time.process_time()
            run()
            took = time.process_time() - began
            times[name].append(took)
            used += took
    return {name: statistics.median(passes) for name, passes in times.items()}


def measure_variant(
    variant: Variant, positions: int, label_positions: int, seconds: float, seed: int
) -> dict[str, Any]:
    """One variant's figures (the module's text)."""
    import numpy as np

    from nardy.bot.evaluation.evaluator import Evaluator
    from nardy.bot.evaluation.model import Model
    from nardy.bot.evaluation.shipped import weights_path
    from nardy.bot.lookahead.lockstep import rollout_outputs

    model = Model.load(variant, weights_path(variant), np.float32)
    compiled = model.affine
    turns = game_positions(variant, max(positions, label_positions), seed)
    rng = np.random.default_rng(seed)
    judged = turns[:positions]
    rolls = [(int(rng.integers(1, 7)), int(rng.integers(1, 7))) for _ in judged]
    every = [final_cells(variant, cells, dice) for cells, dice in zip(judged, rolls, strict=True)]
    finals = np.array([final for plays in every for final in plays], dtype=np.int64)
    starts = np.array(turns[:label_positions], dtype=np.int64)
    evaluator = Evaluator(variant, model)

    ways: dict[str, Affine | None] = {"numpy": None}
    if compiled is not None:
        ways["compiled"] = compiled
    labels: dict[str, Any] = {}

    def way(name: str, run: Callable[[], Any]) -> Callable[[], object]:
        def timed() -> object:
            model.affine = ways[name]
            labels[name] = run()  # the last pass's answer is kept
            return labels[name]

        return timed

    outputs = paired_cpu_seconds(
        {name: way(name, lambda: model.outputs(finals)) for name in ways}, seconds
    )
    labelled = paired_cpu_seconds(
        {name: way(name, lambda: rollout_outputs(evaluator, starts, 36, 4)) for name in ways},
        seconds,
    )
    model.affine = compiled
    row: dict[str, Any] = {
        "finals": len(finals),
        "label_positions": len(starts),
        "numpy_positions_per_s": round(len(finals) / outputs["numpy"]),
        "numpy_label_ms": round(labelled["numpy"] / len(starts) * 1000, 2),
    }
    if compiled is None:  # nothing compiled: numpy's product is all there is
        return {**row, "compiled_positions_per_s": None, "compiled_label_ms": None}
    return {
        **row,
        "compiled_positions_per_s": round(len(finals) / outputs["compiled"]),
        "compiled_label_ms": round(labelled["compiled"] / len(starts) * 1000, 2),
        "outputs_ratio": round(outputs["numpy"] / outputs["compiled"], 2),
        "label_ratio": round(labelled["numpy"] / labelled["compiled"], 2),
        "label_difference": float(np.abs(labels["compiled"] - labels["numpy"]).max()),
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``nardy bench evaluation``."""
    parser.add_argument(
        "--positions", type=int, default=200, help="game positions whose plays are judged"
    )
    parser.add_argument("--labels", type=int, default=32, help="positions rolled out as labels")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time per measurement")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games")
    parser.add_argument(
        "--variant", action="append", help="a variant (default: the three with networks)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON last")


def table(figures: dict[str, Any]) -> Table:
    """The figures as a table, one row per variant."""
    result = Table(title="The networks' first layer: compiled (zeros skipped) or numpy's product")
    for heading in (
        "variant",
        "positions/s compiled",
        "numpy",
        "×",
        "label ms compiled",
        "numpy",
        "×",
    ):
        result.add_column(heading, justify="left" if heading == "variant" else "right")
    for name, row in figures["variants"].items():
        if row["compiled_label_ms"] is None:
            result.add_row(name, "not built", f"{row['numpy_positions_per_s']:,}", "", "", "", "")
            continue
        result.add_row(
            name,
            f"{row['compiled_positions_per_s']:,}",
            f"{row['numpy_positions_per_s']:,}",
            f"{row['outputs_ratio']:.2f}",
            f"{row['compiled_label_ms']:.1f}",
            f"{row['numpy_label_ms']:.1f}",
            f"{row['label_ratio']:.2f}",
        )
    return result


def main(args: argparse.Namespace | Sequence[str]) -> int:
    """Run the bench with parsed ``args`` or a list of command-line words; the exit status."""
    if not isinstance(args, argparse.Namespace):
        parser = argparse.ArgumentParser(prog="nardy bench evaluation")
        add_arguments(parser)
        args = parser.parse_args(args)
    if args.positions < 1 or args.labels < 1 or args.seconds <= 0:
        raise SystemExit(
            "nardy bench evaluation: --positions, --labels and --seconds must be positive"
        )
    names = args.variant or ["backgammon", "long-nardy", "dutch"]
    unknown = [name for name in names if name not in VARIANTS]
    if unknown:
        raise SystemExit(f"nardy bench evaluation: no variant {', '.join(unknown)}")
    console = Console(stderr=True)
    figures: dict[str, Any] = {"seed": args.seed, "seconds": args.seconds, "variants": {}}
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("measuring", total=len(names))
        for name in names:
            progress.update(task, description=name)
            figures["variants"][name] = measure_variant(
                VARIANTS[name], args.positions, args.labels, args.seconds, args.seed
            )
            progress.advance(task)
    Console().print(table(figures))
    if args.json:
        print(json.dumps(figures))
    return 0
