"""``nardy rollout``: settle a position by playing it out many times
(:mod:`nardy.bot.lookahead.rollout`).

The position is a position JSON (INTERFACES.md §1: as text, a file name, or ``-`` for
standard input) or a gnubg Position ID. Without dice the player on roll rolls first; with
them (``--dice`` or the JSON's ``dice``) that roll is played first.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nardy.rules.errors import NardyError

if TYPE_CHECKING:
    from nardy.bot.lookahead.rollout import Result
    from nardy.rules.plays import Dice
    from nardy.rules.position import Position

NAME = "rollout"
HELP = "cubeless equity and chances of a position by rollout, with standard errors"

LABELS = ("win", "win gammon", "win backgammon", "lose gammon", "lose backgammon")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "position", help="position JSON, a file holding one, '-' for standard input, or a gnubg ID"
    )
    parser.add_argument("--variant", default="backgammon", help="the variant of a gnubg ID")
    parser.add_argument("--dice", default=None, help="the roll to play first, e.g. 3-1")
    parser.add_argument("--games", type=int, default=1296, help="games to play (default 1296)")
    parser.add_argument("--ply", type=int, default=0, help="search depth of every play")
    parser.add_argument(
        "--truncate", type=int, default=0, help="plies before the evaluation decides (0: none)"
    )
    parser.add_argument(
        "--no-luck", action="store_true", help="no luck-adjusted variance reduction"
    )
    parser.add_argument(
        "--no-rotate", action="store_true", help="draw the first two rolls instead of rotating"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice")
    parser.add_argument(
        "--processes", type=int, default=os.cpu_count() or 1, help="worker processes"
    )
    parser.add_argument(
        "--ray", default=None, metavar="ADDRESS", help="run on Ray: a cluster address or 'local'"
    )
    parser.add_argument(
        "--weights", default=None, help="a weights file (model or network) instead of the shipped"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON last")


def read_position(text: str, variant_name: str) -> tuple[Position, Dice | None]:
    """The position (and dice) that ``text`` gives: JSON, a file of it, ``-``, or an ID."""
    from nardy.formats.gnubg_id import ID_LENGTH, position_from_id
    from nardy.formats.position_json import position_from_json
    from nardy.variants import variant_named

    if text == "-":
        text = sys.stdin.read()
    elif not text.lstrip().startswith("{") and len(text) != ID_LENGTH:
        try:
            text = Path(text).read_text(encoding="utf-8")
        except OSError as error:
            raise NardyError(f"cannot read {text}: {error.strerror}") from None
    if text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as error:
            raise NardyError(f"not valid JSON: {error.msg} at column {error.colno}") from None
        return position_from_json(doc)
    return position_from_id(text.strip(), variant_named(variant_name)), None


def parse_dice(text: str) -> Dice:
    """``"3-1"``, ``"3,1"`` or ``"31"`` as a roll.

    >>> parse_dice("6-5"), parse_dice("44")
    ((6, 5), (4, 4))
    """
    digits = [c for c in text if c.isdigit()]
    if len(digits) != 2 or not all("1" <= d <= "6" for d in digits):
        raise NardyError(f"dice must be two numbers from 1 to 6, like 3-1, not {text!r}")
    return int(digits[0]), int(digits[1])


def run(args: argparse.Namespace) -> int:
    import numpy as np
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from nardy.bot.agents.levels import Bot
    from nardy.bot.evaluation.model import Model
    from nardy.bot.evaluation.shipped import MissingWeightsError
    from nardy.bot.lookahead.rollout import Options, Played, rollout

    console = Console()
    try:
        position, dice = read_position(args.position, args.variant)
        if args.dice:
            dice = parse_dice(args.dice)
        options = Options(
            games=args.games,
            ply=args.ply,
            truncate=args.truncate,
            luck=not args.no_luck,
            rotate=not args.no_rotate,
            seed=args.seed,
        )
        model = Model.load(position.variant, args.weights, np.float32) if args.weights else None
        evaluator = Bot(position.variant, "advanced", network=model).evaluator
    except (NardyError, ValueError, MissingWeightsError, OSError) as error:
        console.print(f"nardy rollout: {error}")
        return 2
    if position.is_over():
        console.print("nardy rollout: the game is already over in this position")
        return 2
    totals = [0.0, 0.0, 0]
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), console=console
    ) as progress:
        task = progress.add_task("rolling out", total=options.games)

        def advance(part: Played) -> None:
            from nardy.bot.evaluation.network import equity

            eq = equity(part.adjusted)
            totals[0] += float(eq.sum())
            totals[1] += float((eq**2).sum())
            totals[2] += len(eq)
            mean = totals[0] / totals[2]
            spread = max(totals[1] / totals[2] - mean**2, 0.0) ** 0.5 / totals[2] ** 0.5
            progress.update(
                task,
                advance=len(eq),
                description=f"equity {mean:+.3f} ± {spread:.3f}",
            )

        try:
            result = rollout(
                evaluator,
                [(position.cells, dice)],
                options,
                processes=args.processes,
                ray_address=args.ray,
                progress=advance,
            )[0]
        except ImportError as error:
            console.print(f"nardy rollout: {error}")
            return 2
    console.print(report(result, options))
    if args.json:
        print(json.dumps(figures(result, options)))
    return 0


def figures(result: Result, options: Any) -> dict[str, Any]:
    """The rollout's figures, as the JSON line gives them."""
    return {
        "games": result.games,
        "equity": round(result.equity, 5),
        "equity_error": round(result.equity_error, 5),
        "chances": dict(zip(LABELS, (round(float(v), 5) for v in result.outputs), strict=True)),
        "errors": dict(zip(LABELS, (round(float(v), 5) for v in result.errors), strict=True)),
        "plain_equity": round(result.plain_equity, 5),
        "plain_equity_error": round(result.plain_equity_error, 5),
        "variance_reduction": round(result.variance_reduction, 2),
        "cpu_seconds": round(result.cpu_seconds, 2),
        "options": {
            "ply": options.ply,
            "truncate": options.truncate,
            "luck": options.luck,
            "rotate": options.rotate,
            "seed": options.seed,
        },
    }


def report(result: Result, options: Any) -> Any:
    """The rollout as a rich table."""
    from rich.table import Table

    how = f"{result.games} games, {options.ply}-ply"
    if options.truncate:
        how += f", truncated after {options.truncate} plies"
    table = Table(title=f"rollout: {how}")
    table.add_column("")
    table.add_column("chance", justify="right")
    table.add_column("± standard error", justify="right")
    for label, value, error in zip(LABELS, result.outputs, result.errors, strict=True):
        table.add_row(label, f"{value:.4f}", f"{error:.4f}")
    table.add_row("cubeless equity", f"{result.equity:+.4f}", f"{result.equity_error:.4f}")
    if options.luck:
        table.add_row(
            "  without luck adjustment",
            f"{result.plain_equity:+.4f}",
            f"{result.plain_equity_error:.4f}",
        )
        table.add_row("  variance reduction", f"×{result.variance_reduction:.1f}", "")
    rate = result.games / result.cpu_seconds if result.cpu_seconds else float("inf")
    table.caption = f"{rate:.1f} games per CPU second"
    return table
