"""``nardy bench movegen``: how many legal-play lists per second, per variant.

Each variant gets a fixed set of positions from seeded random play, each with a roll. The
bench times, on the same set:

- ``legal_plays`` — the public API, returning ``Play`` objects (move lists/s, and final
  positions/s: plays listed per second);
- ``final_cells`` — the generator below it, returning cells and steps only;
- ``python`` — the pure-Python reference generator (``python_final_cells``);
- for backgammon, GNU Backgammon's ``moves()`` from the optional ``gnubg-nn`` package, and
  the ratio nardy / gnubg.

Times are the process's CPU time, so that other work on the machine disturbs them less.

>>> sample = positions(VARIANTS["long-nardy"], 3, seed=1)
>>> [dice for _, dice in sample] == [dice for _, dice in positions(VARIANTS["long-nardy"], 3, 1)]
True
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from nardy.bench import gnubg
from nardy.rules import kernel
from nardy.rules.plays import Dice, final_cells, legal_plays, python_final_cells
from nardy.rules.position import Position
from nardy.rules.variant import Variant
from nardy.variants import VARIANTS

Sample = list[tuple[Position, Dice]]


def positions(variant: Variant, count: int, seed: int) -> Sample:
    """``count`` positions of seeded random play, each with the roll that was played there."""
    rng = random.Random(f"{variant.name}/{seed}")
    position = variant.start_position()
    sample: Sample = []
    while len(sample) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        sample.append((position, dice))
        plays = legal_plays(position, dice)
        if plays:
            position = rng.choice(plays).position
        position = variant.start_position() if position.is_over() else position.flipped()
    return sample


def rate(run: Callable[[], int], items: int, seconds: float) -> tuple[float, float]:
    """Passes of ``run`` (which returns how many positions it listed) for about ``seconds``
    of CPU time: ``(lists per second, final positions per second)``."""
    passes = listed = 0
    used = 0.0
    while used < seconds or passes == 0:
        began = time.process_time()
        listed += run()
        used += time.process_time() - began
        passes += 1
    used = max(used, 1e-9)
    return passes * items / used, listed / used


def nardy_runs(variant: Variant, sample: Sample) -> dict[str, Callable[[], int]]:
    """The measured loops over ``sample``, by name."""
    cells = [(position.cells, dice) for position, dice in sample]

    def public() -> int:
        return sum(len(legal_plays(position, dice)) for position, dice in sample)

    def generator() -> int:
        return sum(len(final_cells(variant, start, dice)) for start, dice in cells)

    def python() -> int:
        return sum(len(python_final_cells(variant, start, dice)) for start, dice in cells)

    return {"legal_plays": public, "final_cells": generator, "python": python}


def gnubg_run(module: Any, sample: Sample) -> tuple[Callable[[], int], int]:
    """gnubg's loop over the same positions, and how many of its lists differ in length
    from nardy's (0 when the two agree)."""
    moves = module.moves
    boards = [(gnubg.board(p.cells), d1, d2) for p, (d1, d2) in sample]

    def run() -> int:
        return sum(len(moves(board, d1, d2, 0)) for board, d1, d2 in boards)

    differ = sum(
        len(moves(board, d1, d2, 0)) != len(legal_plays(position, dice))
        for (board, d1, d2), (position, dice) in zip(boards, sample, strict=True)
    )
    return run, differ


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``nardy bench movegen``."""
    parser.add_argument("--positions", type=int, default=2000, help="positions per variant")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1, help="seed of the position set")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON last")


def measure(args: argparse.Namespace, console: Console) -> dict[str, Any]:
    """Every figure of the bench, as in its JSON."""
    module = gnubg.load()
    figures: dict[str, Any] = {
        "kernel": kernel.MODULE is not None,
        "positions": args.positions,
        "seed": args.seed,
        "seconds": args.seconds,
        "variants": {},
        "gnubg": None,
    }
    steps = len(VARIANTS) * 3 + (module is not None)
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("measuring", total=steps)
        for name, variant in VARIANTS.items():
            progress.update(task, description=f"{name}: positions")
            sample = positions(variant, args.positions, args.seed)
            row: dict[str, Any] = {}
            for label, run in nardy_runs(variant, sample).items():
                progress.update(task, description=f"{name}: {label}")
                # the pure-Python reference is slow: a tenth of the time is plenty
                seconds = args.seconds / 10 if label == "python" else args.seconds
                lists, finals = rate(run, len(sample), seconds)
                row[label] = {"lists_per_s": round(lists), "positions_per_s": round(finals)}
                progress.advance(task)
            figures["variants"][name] = row
            if module is not None and variant is gnubg.VARIANT:
                progress.update(task, description=f"{name}: gnubg")
                run, differ = gnubg_run(module, sample)
                lists, finals = rate(run, len(sample), args.seconds)
                figures["gnubg"] = {
                    "variant": name,
                    "lists_per_s": round(lists),
                    "positions_per_s": round(finals),
                    "ratio": round(row["legal_plays"]["lists_per_s"] / lists, 3),
                    "lists_that_differ": differ,
                }
                progress.advance(task)
    return figures


def table(figures: dict[str, Any]) -> Table:
    """The figures as a table, one row per variant."""
    generator = "compiled kernel" if figures["kernel"] else "pure Python (no kernel)"
    result = Table(
        title=f"Move generation, {figures['positions']} positions per variant ({generator})"
    )
    result.add_column("variant")
    for heading in ("legal_plays lists/s", "positions/s", "final_cells lists/s", "python lists/s"):
        result.add_column(heading, justify="right")
    for name, row in figures["variants"].items():
        result.add_row(
            name,
            f"{row['legal_plays']['lists_per_s']:,}",
            f"{row['legal_plays']['positions_per_s']:,}",
            f"{row['final_cells']['lists_per_s']:,}",
            f"{row['python']['lists_per_s']:,}",
        )
    gnubg = figures["gnubg"]
    if gnubg is not None:
        result.add_section()
        result.add_row(
            f"gnubg moves() ({gnubg['variant']})",
            f"{gnubg['lists_per_s']:,}",
            f"{gnubg['positions_per_s']:,}",
            "",
            f"nardy/gnubg {gnubg['ratio']:.2f}",
        )
    return result


def main(args: argparse.Namespace | Sequence[str]) -> int:
    """Run the bench with parsed ``args`` (``positions``, ``seconds``, ``seed``, ``json``)
    or with a list of command-line words; returns the exit status."""
    if not isinstance(args, argparse.Namespace):
        parser = argparse.ArgumentParser(prog="nardy bench movegen")
        add_arguments(parser)
        args = parser.parse_args(args)
    if args.positions < 1 or args.seconds <= 0:
        raise SystemExit("nardy bench movegen: --positions and --seconds must be positive")
    console = Console(stderr=True)
    figures = measure(args, console)
    Console().print(table(figures))
    gnubg = figures["gnubg"]
    if gnubg is None:
        console.print("gnubg-nn is not installed: no comparison with GNU Backgammon.")
    elif gnubg["lists_that_differ"]:
        console.print(f"[red]{gnubg['lists_that_differ']} lists differ in length from gnubg's")
    if args.json:
        print(json.dumps(figures, separators=(",", ":")), flush=True)
    return 0
