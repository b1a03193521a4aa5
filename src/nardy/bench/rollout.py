"""``nardy bench rollout``: rollout speed, and what each kind of variance reduction buys.

The positions come from one seeded game of the variant's shipped evaluation against
itself, at a few fixed turns (an opening, a middle game, a late one). For each:

- **speed**: games per CPU second of plain rollouts (to the end, at ``ply``) and of
  luck-adjusted ones;
- **rotated dice**: the equity is rolled out ``repeats`` times with different seeds, with
  random and with rotated first rolls; the spread of the estimates over the repeats gives
  each one's variance, and their ratio the reduction (only repeats show it: the standard
  error of one rollout treats its games as independent);
- **luck adjustment**: one rollout of ``luck_games`` games gives, on the same games, the
  standard error with and without the adjustment; the ratio of their squares is the
  reduction, and divided by the extra cost per game it is the gain in games per CPU
  second for the same error.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Sequence
from typing import Any

TURNS = (4, 12, 24)
"""Turns of the seeded game whose positions are rolled out."""


def sample_positions(variant_name: str, seed: int, turns: Sequence[int] = TURNS) -> list[Any]:
    """Positions (roller's cells) at ``turns`` of a seeded game of the shipped evaluation."""
    import numpy as np

    from nardy.bot.agents.levels import Bot
    from nardy.variants import VARIANTS

    variant = VARIANTS[variant_name]
    bot = Bot(variant, "advanced")
    rng = np.random.default_rng(seed)
    cells = variant.start_position().cells
    found = []
    for turn in range(max(turns) + 1):
        if turn in turns:
            found.append(cells)
        choice = bot.choose(cells, (int(rng.integers(1, 7)), int(rng.integers(1, 7))))
        after = cells if choice is None else choice.cells
        if after[0] == 15:
            break
        cells = bot.evaluator.flip(after)
    return found


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """The figures for every sampled position."""
    from nardy.bot.agents.levels import Bot
    from nardy.bot.lookahead.rollout import Options, rollout
    from nardy.variants import VARIANTS

    evaluator = Bot(VARIANTS[args.variant], "advanced").evaluator
    rows = []
    for cells in sample_positions(args.variant, args.seed):
        row: dict[str, Any] = {}
        for name, rotate in (("random", False), ("rotated", True)):
            runs = rollout(
                evaluator,
                [(cells, None)] * args.repeats,
                Options(args.games, args.ply, luck=False, rotate=rotate, seed=args.seed),
                processes=args.processes,
            )
            # each repeat is a start of its own, with dice of its own
            row[name] = {
                "equity": round(statistics.fmean(r.equity for r in runs), 4),
                "spread": statistics.stdev(r.equity for r in runs),
                "games_per_cpu_second": sum(r.games for r in runs)
                / sum(r.cpu_seconds for r in runs),
            }
        lucky = rollout(
            evaluator,
            [(cells, None)],
            Options(args.luck_games, args.ply, luck=True, seed=args.seed + 1),
            processes=args.processes,
        )[0]
        speed = lucky.games / lucky.cpu_seconds
        row["luck"] = {
            "equity": round(lucky.equity, 4),
            "error": round(lucky.equity_error, 4),
            "plain_error": round(lucky.plain_equity_error, 4),
            "reduction": round(lucky.variance_reduction, 2),
            "games_per_cpu_second": round(speed, 2),
            "gain": round(
                lucky.variance_reduction * speed / row["rotated"]["games_per_cpu_second"], 2
            ),
        }
        row["rotation_reduction"] = round(
            (row["random"]["spread"] / max(row["rotated"]["spread"], 1e-12)) ** 2, 2
        )
        for name in ("random", "rotated"):
            row[name]["spread"] = round(row[name]["spread"], 4)
            row[name]["games_per_cpu_second"] = round(row[name]["games_per_cpu_second"], 2)
        rows.append(row)
    return {"variant": args.variant, "games": args.games, "repeats": args.repeats, "rows": rows}


def main(args: argparse.Namespace | Sequence[str]) -> int:
    if not isinstance(args, argparse.Namespace):
        parser = argparse.ArgumentParser(prog="nardy bench rollout")
        add_arguments(parser)
        args = parser.parse_args(list(args))
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if min(args.games, args.repeats - 1, args.luck_games - 1, args.processes) < 1:
        console.print("nardy bench rollout: games, processes ≥ 1; repeats, luck games ≥ 2")
        return 2
    with console.status(f"rolling out {args.variant} positions"):
        figures = measure(args)
    table = Table(title=f"{args.variant} rollouts, {args.ply}-ply, to the end (turns {TURNS})")
    for column in (
        "turn",
        "games/CPU s",
        "rotation: variance ÷",
        "luck: games/CPU s",
        "luck: variance ÷",
        "luck: net gain",
    ):
        table.add_column(column, justify="right")
    for turn, row in zip(TURNS, figures["rows"], strict=False):
        table.add_row(
            str(turn),
            f"{row['rotated']['games_per_cpu_second']:.1f}",
            f"{row['rotation_reduction']:.2f}",
            f"{row['luck']['games_per_cpu_second']:.1f}",
            f"{row['luck']['reduction']:.2f}",
            f"×{row['luck']['gain']:.2f}",
        )
    console.print(table)
    if args.json:
        print(json.dumps(figures))
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="backgammon", help="the variant to roll out")
    parser.add_argument("--games", type=int, default=36, help="games per repeated rollout")
    parser.add_argument("--repeats", type=int, default=30, help="rollouts per kind of dice")
    parser.add_argument("--luck-games", type=int, default=360, help="games of the luck rollout")
    parser.add_argument("--ply", type=int, default=0, help="search depth of the plays")
    parser.add_argument("--processes", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="seed of the game and the dice")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON last")
