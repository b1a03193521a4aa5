"""``nardy analyze FILE [--ply N] [--rollouts SECONDS] [--json]``: the review of a game
record or ``.mat`` file (INTERFACES.md §5).

Without ``--json`` it prints each game's marked decisions and a summary per player; with
``--json`` one JSON document (:meth:`nardy.analysis.review.Review.to_json`). A progress
bar goes to standard error while it works. With ``--rollouts`` the close decisions are
settled by truncated rollouts within that many CPU seconds (:mod:`nardy.analysis.settle`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

NAME = "analyze"
HELP = "review a game record, .mat or .sgf file: errors, luck and a rating per player"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from nardy.analysis import DEFAULT_PLY

    parser.add_argument("file", help="a nardy-record/1 JSON, Jellyfish .mat or gnubg .sgf file")
    parser.add_argument(
        "--ply",
        type=int,
        default=DEFAULT_PLY,
        help=f"how many rolls ahead each decision is judged (default {DEFAULT_PLY})",
    )
    parser.add_argument(
        "--rollouts",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="CPU seconds for settling the close decisions by rollouts (default 0: none)",
    )
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument(
        "--all", action="store_true", help="list every decision, not only the marked ones"
    )


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from nardy.analysis.loading import LoadError, load_match
    from nardy.analysis.review import analyse

    if not 0 <= args.ply <= 3:
        print("nardy analyze: --ply must be from 0 to 3", file=sys.stderr)
        return 2
    if args.rollouts < 0:
        print("nardy analyze: --rollouts must be 0 or more seconds", file=sys.stderr)
        return 2
    try:
        match, players = load_match(args.file)
    except LoadError as error:
        print(f"nardy analyze: {error}", file=sys.stderr)
        return 1
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(f"analysing at {args.ply} ply", total=None)
        review = analyse(
            match,
            players,
            args.ply,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
            rollout_seconds=args.rollouts,
        )
    doc = review.to_json()
    if args.json:
        json.dump(doc, sys.stdout)
        sys.stdout.write("\n")
    else:
        report(doc, sys.stdout, every=args.all)
    return 0


def report(doc: dict[str, Any], out: TextIO, every: bool = False) -> None:
    """The review written for a person: marked decisions per game, then the summary."""
    from rich.console import Console
    from rich.table import Table

    from nardy.rules.forfeit import LOST

    console = Console(file=out, highlight=False, width=100)
    players = doc["players"]
    money = doc["unit"] == "money"
    console.print(
        f"{players[0]} – {players[1]} · {doc['variant']} · analysed at {doc['ply']} ply"
        " · errors in equity per game at a cube of 1"
    )
    for number, game in enumerate(doc["games"], 1):
        before = game["score_before"]
        result = game["result"]
        ended = ""
        if result is not None:
            winner = "draw" if result["winner"] is None else players[result["winner"]]
            kind = result["kind"]
            if result.get("reason") in LOST and result["winner"] is not None:
                kind = f"{players[1 - result['winner']]} {LOST[result['reason']]}"
            ended = f" · {winner} +{result['points']} ({kind})"
        console.print(f"\nGame {number} · {before[0]}–{before[1]}{ended}")
        for d in game["decisions"]:
            if not every and d["mark"] is None:
                continue
            best = "" if d["played"] == d["best"] else f"  best {d['best']}"
            mark = f"  {d['mark']}" if d["mark"] else ""
            if "rollout" in d:
                mark += f"  (rolled out, {d['rollout']['games']} games)"
            console.print(
                f"  {d['action']:>4}  {players[d['player']]:<14} {d['kind']:<6}"
                f" {d['played']:<22} −{d['error']:.3f}{mark}{best}"
            )
    table = Table(title="Summary")
    table.add_column("")
    for name in players:
        table.add_column(name, justify="right")
    rows: list[tuple[str, str]] = [
        ("decisions", "{decisions}"),
        ("checker plays", "{moves}"),
        ("cube decisions", "{cube_decisions}"),
        ("error total", "{error_total:.3f}"),
        ("error rate (×1000)", "{error_rate:.1f}"),
        ("checker-play error rate", "{move_error_rate:.1f}"),
        ("PR", "{pr:.2f}"),
        ("rating", "{rating}"),
        ("doubtful / bad / very bad", "{doubtful} / {bad} / {very_bad}"),
        ("luck", "{luck_total:+.3f}"),
    ]
    unit = "points" if money else "match winning chance"
    rows += [("result", "{result_text}"), ("luck-adjusted result", "{adjusted_text}")]
    cells = []
    for s in doc["summary"]:
        marks = s["marks"]
        values = {
            **s,
            "doubtful": marks["doubtful"],
            "bad": marks["bad"],
            "very_bad": marks["very bad"],
            "result_text": _result(s["result"], money),
            "adjusted_text": _result(s["luck_adjusted"], money),
        }
        cells.append(values)
    for label, pattern in rows:
        table.add_row(label, *(pattern.format(**values) for values in cells))
    console.print()
    console.print(table)
    console.print(f"results in {unit}")


def _result(value: float, money: bool) -> str:
    return f"{value:+.2f}" if money else f"{100 * value:+.1f}%"
