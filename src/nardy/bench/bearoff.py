"""``nardy bench bearoff``: the bear-off databases' cost, and the networks' error against them.

Generation is timed in the process's CPU time, from nothing (not from the cache). Sizes are
those of the arrays the lookups keep (single precision) and, compressed as ``.npz``, what
shipping them would cost.

The error of a variant's shipped evaluation is measured on positions drawn uniformly from
the two-sided database (both sides with 1..7 checkers on their home points, the rest
borne off), with the database's exact cubeless equity ``2·P(win) − 1`` as the truth, and
on positions drawn uniformly from all one-sided positions (up to 15 checkers a side, so
gammons are possible) against the one-sided estimate, which is close to exact but not
exact. The evaluation is :meth:`~nardy.bot.evaluation.evaluator.Evaluator.outputs` of a fresh
evaluator with the variant's shipped network.
"""

from __future__ import annotations

import argparse
import io
import json
import time
from collections.abc import Sequence
from typing import Any


def generation(two_sided: Sequence[int]) -> list[dict[str, Any]]:
    """CPU seconds and sizes of building each database from nothing."""
    import numpy as np

    from nardy.bot.evaluation.bearoff import FULL
    from nardy.bot.evaluation.bearoff import one_sided as one
    from nardy.bot.evaluation.bearoff import two_sided as two
    from nardy.bot.evaluation.bearoff.index import steps

    began = time.process_time()
    steps()
    table = one.solve()
    rows: list[dict[str, Any]] = [
        _row(
            "one-sided (54,264 positions, 15 checkers)",
            time.process_time() - began,
            [table.rolls.astype(np.float32), table.first[FULL:].astype(np.float32)],
        )
    ]
    for checkers in two_sided:
        began = time.process_time()
        wins = two.solve(checkers).wins
        rows.append(
            _row(
                f"two-sided, {checkers} checkers ({len(wins):,}² positions)",
                time.process_time() - began,
                [wins.astype(np.float32)],
            )
        )
    return rows


def _row(name: str, seconds: float, arrays: list[Any]) -> dict[str, Any]:
    import numpy as np

    packed = io.BytesIO()
    np.savez_compressed(packed, *arrays)
    return {
        "database": name,
        "cpu_seconds": round(seconds, 2),
        "megabytes": round(sum(a.nbytes for a in arrays) / 1e6, 2),
        "compressed_megabytes": round(len(packed.getvalue()) / 1e6, 2),
    }


def network_error(variant_name: str, positions: int, seed: int) -> dict[str, Any]:
    """Mean and largest equity error of a variant's shipped networks on bear-offs (the
    networks alone: the evaluator itself answers bear-offs from the databases)."""
    import numpy as np

    from nardy.bot.evaluation.bearoff import BearOff, tables
    from nardy.bot.evaluation.bearoff.index import COUNT
    from nardy.bot.evaluation.bearoff.index import positions as home_positions
    from nardy.bot.evaluation.network import equity
    from nardy.bot.evaluation.shipped import shipped_model
    from nardy.rules.cells import OFF, OPP_OFF
    from nardy.variants import VARIANTS

    variant = VARIANTS[variant_name]
    model = shipped_model(variant)
    bearoff = BearOff(variant)
    rng = np.random.default_rng(seed)
    figures: dict[str, Any] = {"variant": variant_name, "positions": positions}
    for name, size in (("two_sided", len(tables().wins)), ("one_sided", COUNT)):
        pairs = rng.integers(1, size, (positions, 2))
        cells = np.zeros((positions, 30), dtype=np.int64)
        own, theirs = home_positions()[pairs[:, 0]], home_positions()[pairs[:, 1]]
        for point in range(1, 7):
            cells[:, point] = own[:, point - 1]
            cells[:, variant.mirror(point)] = -theirs[:, point - 1]
        cells[:, OFF], cells[:, OPP_OFF] = 15 - own.sum(axis=1), 15 - theirs.sum(axis=1)
        error = np.abs(equity(model.outputs(cells)) - equity(bearoff.outputs(cells)))
        figures[name] = {
            "mean_abs_equity_error": round(float(error.mean()), 4),
            "max_abs_equity_error": round(float(error.max()), 4),
            "share_over_0.05": round(float((error > 0.05).mean()), 4),
        }
    return figures


def main(args: argparse.Namespace | Sequence[str]) -> int:
    if not isinstance(args, argparse.Namespace):
        parser = argparse.ArgumentParser(prog="nardy bench bearoff")
        add_arguments(parser)
        args = parser.parse_args(list(args))
    from rich.console import Console
    from rich.table import Table

    from nardy.bot.evaluation.shipped import MissingWeightsError
    from nardy.variants import VARIANTS

    console = Console()
    sizes = [int(n) for n in args.two_sided.split(",") if n.strip()]
    with console.status("building the databases from nothing"):
        built = generation(sizes)
    table = Table(title="bear-off databases, built from nothing")
    for column in ("database", "CPU s", "MB in memory", "MB compressed"):
        table.add_column(column, justify="left" if column == "database" else "right")
    for row in built:
        table.add_row(*(str(v) for v in row.values()))
    console.print(table)
    errors = []
    names = args.variant or [v.name for v in VARIANTS.values() if v.standard_bearoff]
    for name in names:
        with console.status(f"{name}: the shipped network on {args.positions} positions"):
            try:
                errors.append(network_error(name, args.positions, args.seed))
            except MissingWeightsError as error:
                console.print(f"{name}: {error}")
    table = Table(title="shipped evaluation against the databases (cubeless equity)")
    for column in ("variant", "two-sided: mean |error|", "max", "one-sided: mean |error|", "max"):
        table.add_column(column, justify="left" if column == "variant" else "right")
    for row in errors:
        two, one = row["two_sided"], row["one_sided"]
        table.add_row(
            row["variant"],
            f"{two['mean_abs_equity_error']:.4f}",
            f"{two['max_abs_equity_error']:.3f}",
            f"{one['mean_abs_equity_error']:.4f}",
            f"{one['max_abs_equity_error']:.3f}",
        )
    console.print(table)
    if args.json:
        print(json.dumps({"databases": built, "network_error": errors}))
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--two-sided", default="7", help="two-sided sizes to build, comma-separated (default 7)"
    )
    parser.add_argument(
        "--variant", action="append", help="a variant to measure (repeatable; default all)"
    )
    parser.add_argument("--positions", type=int, default=20_000, help="positions per measure")
    parser.add_argument("--seed", type=int, default=1, help="seed of the position sample")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON last")
