"""``nardy bench errors``: where a backgammon player loses equity, by GNU Backgammon's judgement.

A duel (``nardy bench bot``) says how strong a player is; this says where it is weak. The
player plays cubeless games against gnubg at 0 ply with seeded dice. At each of its
decisions with more than one play, gnubg values every play (at ``--judge-ply``), and the
decision's *cost* is the best play's equity less the chosen play's. Costs are grouped by
gnubg's class of the position the roll was played from (contact, crashed, race, bear-off)
and reported per class: decisions, how many cost anything, the mean cost in millipoints
(1000 × equity) a decision, and the cost a game with its 95 % interval over games (the
games are independent); the costliest decisions are listed with their gnubg Position ID
and dice, to look at.

The judge is not the truth: a player stronger than gnubg at 0 ply pays for every
disagreement too. The figure ranks players of about the same strength, or one player's
classes, cheaply: 300 games of a 0-ply player take about two minutes here, where a duel
needs 2,000 games for an interval of ±0.05 points a game.

>>> games = [[Decision("contact", 0.0, "", (1, 2))], [Decision("race", 0.012, "", (6, 6))]]
>>> figures = summary(games)
>>> figures["classes"]["race"]["millipoints_per_decision"], figures["all"]["costly"]
(12.0, 1)
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from nardy.bench import gnubg
from nardy.bench.bot import Z95, play_game
from nardy.bench.players import SPECS, Player, make_player
from nardy.formats.gnubg_id import position_id
from nardy.rules.cells import Cells
from nardy.rules.plays import Dice, final_cells
from nardy.rules.position import Position


@dataclass(frozen=True)
class Decision:
    """One decision of the player: gnubg's class of the position, its cost, where it was."""

    kind: str
    cost: float
    position: str
    dice: Dice


def play(
    player: Player,
    games: int,
    seed: int,
    judge_ply: int = 0,
    progress: Callable[[], None] | None = None,
) -> list[list[Decision]]:
    """``games`` games of ``player`` against gnubg at 0 ply, each side first in turn (the
    rolls of a game are one seeded stream in the order they are played); each game's list
    of the player's valued decisions."""
    variant = gnubg.VARIANT
    opponent = gnubg.GnubgPlayer(0)
    found: list[list[Decision]] = []
    for game in range(games):
        rng = random.Random(f"errors/{seed}/{game}")
        rolls = _rolls(rng)
        judged = Judged(player, judge_ply)
        sides = (judged, opponent) if game % 2 == 0 else (opponent, judged)
        play_game(variant, sides, (rolls, rolls), variant.flip, ([], []))
        found.append(judged.decisions)
        if progress:
            progress()
    return found


def _rolls(rng: random.Random) -> Iterator[Dice]:
    while True:
        yield (rng.randint(1, 6), rng.randint(1, 6))


class Judged:
    """``player``, with gnubg valuing each of its decisions as it makes them."""

    def __init__(self, player: Player, ply: int) -> None:
        self.player, self.ply, self.name = player, ply, player.name
        self.decisions: list[Decision] = []

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        chosen = self.player.choose(cells, dice)
        decision = judge(cells, dice, chosen, self.ply)
        if decision is not None:
            self.decisions.append(decision)
        return chosen


def judge(cells: Cells, dice: Dice, chosen: Cells | None, ply: int) -> Decision | None:
    """gnubg's view of the play ``chosen`` for ``dice`` (None when there was no choice)."""
    finals = list(final_cells(gnubg.VARIANT, cells, dice))
    if len(finals) < 2 or chosen is None:
        return None
    values = [gnubg.equity_after(final, ply) for final in finals]
    cost = max(values) - values[finals.index(chosen)]
    where = position_id(Position(gnubg.VARIANT, cells))
    return Decision(gnubg.position_class(cells), max(cost, 0.0), where, dice)


def summary(games: list[list[Decision]], top: int = 20) -> dict[str, Any]:
    """Per class and over all: decisions, how many cost anything, millipoints a decision,
    and the cost a game with its 95 % interval; the ``top`` costliest decisions."""
    kinds = sorted({d.kind for game in games for d in game})
    classes = {kind: _figures(games, kind) for kind in kinds}
    every = [d for game in games for d in game]
    costliest = sorted(every, key=lambda d: -d.cost)[:top]
    return {
        "games": len(games),
        "classes": classes,
        "all": _figures(games, None),
        "costliest": [
            {"cost": round(d.cost, 4), "class": d.kind, "position": d.position, "dice": d.dice}
            for d in costliest
        ],
    }


def _figures(games: list[list[Decision]], kind: str | None) -> dict[str, Any]:
    """The figures of the decisions of class ``kind`` (of every class if None)."""
    mine = [[d for d in game if kind is None or d.kind == kind] for game in games]
    per_game = [sum(d.cost for d in game) for game in mine]
    chosen = [d for game in mine for d in game]
    spread = statistics.stdev(per_game) if len(per_game) > 1 else 0.0
    half = Z95 * spread / math.sqrt(len(per_game)) if per_game else 0.0
    mean = statistics.fmean(per_game) if per_game else 0.0
    return {
        "decisions": len(chosen),
        "costly": sum(d.cost > 1e-9 for d in chosen),
        "millipoints_per_decision": round(1000 * sum(d.cost for d in chosen) / len(chosen), 2)
        if chosen
        else 0.0,
        "cost_per_game": round(mean, 4),
        "interval": [round(mean - half, 4), round(mean + half, 4)],
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--player", default="net", help=f"the player to judge ({SPECS})")
    parser.add_argument("--weights", default=None, help="weights of a net or level player")
    parser.add_argument("--games", type=int, default=300, help="games against gnubg 0-ply")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice")
    parser.add_argument("--judge-ply", type=int, default=0, help="gnubg's depth as judge")
    parser.add_argument("--top", type=int, default=20, help="costliest decisions to list")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def main(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    try:
        gnubg.require()
    except ImportError as error:
        raise SystemExit(str(error)) from None
    player = make_player(args.player, gnubg.VARIANT, f"{args.seed}/player", args.weights)
    console = Console(stderr=True)
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task(f"{player.name} against gnubg:0", total=args.games)
        games = play(player, args.games, args.seed, args.judge_ply, lambda: bar.advance(task))
    figures = {"player": args.player, "judge_ply": args.judge_ply, **summary(games, args.top)}
    if args.json:
        print(json.dumps(figures))
        return 0
    table = Table(title=f"{player.name}: cost by gnubg {args.judge_ply}-ply, {args.games} games")
    for column in ("class", "decisions", "costly", "mEq/decision", "cost/game", "95 %"):
        table.add_column(column, justify="left" if column == "class" else "right")
    for kind, row in [*figures["classes"].items(), ("all", figures["all"])]:
        low, high = row["interval"]
        table.add_row(
            kind,
            str(row["decisions"]),
            str(row["costly"]),
            f"{row['millipoints_per_decision']:.1f}",
            f"{row['cost_per_game']:.3f}",
            f"{low:.3f}…{high:.3f}",
        )
    Console().print(table)
    for d in figures["costliest"][:10]:
        print(f"{d['cost']:.3f}  {d['class']:8} {d['position']}  {d['dice'][0]}-{d['dice'][1]}")
    return 0
