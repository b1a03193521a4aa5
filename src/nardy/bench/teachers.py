"""``nardy bench teachers``: how near each way of labelling training positions comes to a
stronger judge, and what a label costs.

A network fitted to labels can only be as good as they are, so before a round of labelling
(docs/TRAINING.md) the teachers are compared on the same backgammon positions, met in the
shipped network's self-play, against GNU Backgammon's evaluation of them at ``--judge-ply``
(gnubg is a yardstick here, never a teacher). Each teacher is one of

* ``ply:N`` — the look-ahead label at N ply (:func:`~nardy.bot.training.label.
  outputs_before_roll`);
* ``rollout:GxT`` — G luck-adjusted games truncated after T plies
  (:mod:`nardy.bot.lookahead.lockstep`);

with ``:pK`` for the pruner's K best plays of each roll (its fit is not counted in the
cost). For each: the CPU milliseconds a position, and the mean absolute difference of its
cubeless equity from the judge's, over all positions and over the contact ones.

>>> parse("rollout:36x6:p5")
Teacher(name='rollout:36x6:p5', ply=6, games=36, prune=5)
>>> parse("ply:2")
Teacher(name='ply:2', ply=2, games=0, prune=0)
"""

from __future__ import annotations

import argparse
import json
import re
import time
from dataclasses import dataclass
from typing import Any

from nardy.bench import gnubg
from nardy.rules.cells import BAR

SPEC = re.compile(r"^(?:ply:(?P<ply>\d+)|rollout:(?P<games>\d+)x(?P<plies>\d+))(?::p(?P<k>\d+))?$")
DEFAULT = ["ply:0", "ply:1", "ply:2:p5", "ply:2", "rollout:36x4:p5", "rollout:36x6:p5"]


@dataclass(frozen=True)
class Teacher:
    """One way of labelling: the look's depth, rollout games (0: a search) and pruning."""

    name: str
    ply: int
    games: int
    prune: int


def parse(spec: str) -> Teacher:
    """The teacher ``spec`` names (the module's text); ValueError when it names none."""
    found = SPEC.match(spec)
    if found is None:
        raise ValueError(f"unknown teacher {spec!r}: use ply:N or rollout:GxT, with :pK")
    games = int(found["games"] or 0)
    ply = int(found["plies"] if games else found["ply"])
    if games and ply < 1:
        raise ValueError(f"{spec!r}: a rollout needs at least one ply")
    return Teacher(spec, ply, games, int(found["k"] or 0))


def judged(
    count: int, judge_ply: int, seed: int, on_bar: bool = False, weights: str | None = None
) -> tuple[Any, Any, Any, Any]:
    """The evaluator of ``weights`` (default the shipped network), ``count`` of its
    self-play positions (``on_bar``: only those with the roller on the bar), gnubg's equity
    of each and which are contact positions (gnubg's contact or crashed classes)."""
    import numpy as np

    from nardy.bot.evaluation.network import equity
    from nardy.bot.evaluation.shipped import weights_path
    from nardy.bot.training.label import collect, worker_evaluator

    module = gnubg.require()
    evaluator = worker_evaluator(weights or str(weights_path(gnubg.VARIANT)), gnubg.VARIANT.name)
    if on_bar:  # about one position in four: drawn from many games, as the others are
        met = collect(evaluator, count * 40, seed=seed)
        cells = met[met[:, BAR] > 0][:count]
    else:
        cells = collect(evaluator, count * 3, seed=seed)[::3][:count]  # spread over more games
    boards = [gnubg.board(tuple(row)) for row in cells.tolist()]
    truth = equity(np.array([module.probabilities(b, judge_ply) for b in boards]))
    contact = np.array([module.classify(b) >= module.c_crashed for b in boards])
    return evaluator, cells, truth, contact


def measure(
    teacher: Teacher, evaluator: Any, cells: Any, truth: Any, contact: Any
) -> dict[str, Any]:
    """One teacher's figures on the judged positions."""
    import numpy as np

    from nardy.bot.evaluation.network import equity
    from nardy.bot.training.label import label
    from nardy.bot.training.pruning import distil

    pruning = (distil(evaluator, seed=1)[0], teacher.prune) if teacher.prune else None
    began = time.process_time()
    labels = label(evaluator, cells, teacher.ply, None, pruning, teacher.games, seed=5)
    cost = (time.process_time() - began) / len(cells)
    differences = equity(labels) - truth
    hit = cells[:, BAR] > 0
    return {
        "teacher": teacher.name,
        "ms_per_position": round(1000 * cost, 1),
        "mean_abs_difference": round(float(np.abs(differences).mean()), 4),
        "contact": round(float(np.abs(differences[contact]).mean()), 4),
        "mean_difference": round(float(differences.mean()), 4),
        "on_bar": round(float(differences[hit].mean()), 4) if hit.any() else None,
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--positions", type=int, default=300, help="positions to label")
    parser.add_argument("--judge-ply", type=int, default=2, help="gnubg's depth as judge")
    parser.add_argument("--seed", type=int, default=901, help="seed of the self-play")
    parser.add_argument("--weights", default=None, help="network to label with (default shipped)")
    parser.add_argument(
        "--on-bar", action="store_true", help="judge only positions with the roller on the bar"
    )
    parser.add_argument(
        "--teacher",
        action="append",
        default=None,
        help=f"ply:N or rollout:GxT, with :pK to prune (again for more; {' '.join(DEFAULT)})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON line a teacher")


def main(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    try:
        teachers = [parse(spec) for spec in args.teacher or DEFAULT]
        gnubg.require()
    except (ValueError, ImportError) as error:
        raise SystemExit(f"nardy bench teachers: {error}") from None
    console = Console(stderr=True)
    with console.status(f"gnubg {args.judge_ply}-ply judges {args.positions} positions"):
        evaluator, cells, truth, contact = judged(
            args.positions, args.judge_ply, args.seed, args.on_bar, args.weights
        )
    table = Table(title=f"teachers against gnubg {args.judge_ply}-ply, {len(cells)} positions")
    columns = ("teacher", "ms a position", "mean |Δ equity|", "contact", "mean Δ", "on bar Δ")
    for column in columns:
        table.add_column(column, justify="left" if column == "teacher" else "right")
    for teacher in teachers:
        with console.status(f"labelling by {teacher.name}"):
            row = measure(teacher, evaluator, cells, truth, contact)
        if args.json:
            print(json.dumps(row), flush=True)
        table.add_row(*(str(value) for value in row.values()))
    if not args.json:
        Console().print(table)
    return 0
