"""``nardy bench bot``: how strong a player is, in cubeless games against an opponent.

Games start from the variant's start position and are played to the end with seeded dice and
no cube; each is scored by the variant's :meth:`~nardy.rules.variant.Variant.win` (single,
gammon, backgammon; oin or mars) under its default settings.

Variance reduction by **duplicate dice**: the games come in pairs that share their dice. Each
side of the board has its own dice stream, and in the second game of a pair the two players
swap sides, so each plays once as first mover and once second, with exactly the rolls the
other had. Luck that the two games share cancels in the pair's mean; the pairs are
independent, so the 95 % confidence interval of the points per game is computed over pairs
(normal approximation, ``mean ± 1.96 · sd / √pairs``). A requested odd number of games is
rounded up to whole pairs.

How much the pairing gains depends on how long the two games of a pair stay alike. Between
players that differ in their first plays the games part after a few moves, and the gain
is small: in backgammon matches of pubeval against the heuristic and against an early
network (1000 games each) the interval over pairs was no narrower than the one that treats
the games as independent (variance ratio 1.03 and 1.07, within noise). The interval over
pairs is honest either way; it is the one reported.

Milliseconds per move time each call of a player's ``choose``, forced and unplayable rolls
included, so the median is the cost of a typical decision, the mean is pulled up by the
rolls with many plays, and the slowest is the worst a player waits. They are CPU time of the
deciding process (``time.process_time``, every thread of it), so other work on a busy machine
does not inflate them; on an idle machine they are the wall-clock times.

In backgammon the first roll is never a double (B5: the opening roll-off dice are the first
roll); in the other variants the starter rolls freely.

Players are named by specs (see :func:`nardy.bench.players.make_player`); ``--processes``
splits the pairs over worker processes. The result does not depend on the number of
processes: pairs are dealt in fixed chunks and every chunk seeds its own players.

>>> summary([(1, -1), (2, 0), (0, -2)])["points_per_game"]
0.0
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from nardy.bench.players import SPECS, Player, make_player
from nardy.rules.cells import CHECKERS, OFF, Cells
from nardy.rules.plays import Dice
from nardy.rules.settings import Settings
from nardy.rules.variant import Variant
from nardy.variants import VARIANTS

CHUNK = 10
"""Pairs per unit of work (and per seeding of the players)."""
Z95 = 1.959964
MAX_MOVES = 10_000
"""A game still running after this many moves is a bug (random play ends far sooner)."""


@dataclass
class Tally:
    """What one chunk of pairs produced."""

    pairs: list[tuple[int, int]] = field(default_factory=list)
    """Per pair: the player's points in the game it started and in the one it did not."""
    kinds: dict[str, dict[str, int]] = field(default_factory=lambda: {"player": {}, "opponent": {}})
    """Wins of each side by kind (single, gammon, ...)."""
    ms: dict[str, list[float]] = field(default_factory=lambda: {"player": [], "opponent": []})
    """Milliseconds each side took per decision."""
    moves: int = 0


def dice_stream(seed: int, pair: int, side: int, first_roll_distinct: bool) -> Iterator[Dice]:
    """The rolls of one side of the board in one pair of games (``side`` 0 moves first)."""
    rng = random.Random(f"bench/{seed}/{pair}/{side}")
    first = True
    while True:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if first and side == 0 and first_roll_distinct:
            while dice[0] == dice[1]:
                dice = (rng.randint(1, 6), rng.randint(1, 6))
        first = False
        yield dice


def play_game(
    variant: Variant,
    players: tuple[Player, Player],
    dice: tuple[Iterator[Dice], Iterator[Dice]],
    flip: Callable[[Cells], Cells],
    ms: tuple[list[float], list[float]],
) -> tuple[int, str, int, int]:
    """One cubeless game; ``players[0]`` moves first. Returns the winner (0 or 1), the kind
    of win, its points and the number of moves."""
    cells = variant.start_position().cells
    settings = Settings.for_variant(variant)
    mover = 0
    for moves in range(1, MAX_MOVES):
        roll = next(dice[mover])
        began = time.process_time()
        chosen = players[mover].choose(cells, roll)
        ms[mover].append((time.process_time() - began) * 1000.0)
        after = cells if chosen is None else chosen
        if after[OFF] == CHECKERS:
            kind, points = variant.win(after, settings)
            return mover, kind, points, moves
        cells = flip(after)
        mover = 1 - mover
    raise RuntimeError(f"a game of {variant.name} lasted {MAX_MOVES} moves")


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play a chunk of pairs (picklable)."""

    variant: str
    player: str
    opponent: str
    seed: int
    weights: str | None
    first: int
    count: int


def play_chunk(job: Job) -> Tally:
    """Play the pairs ``job.first .. job.first + job.count - 1``."""
    variant = VARIANTS[job.variant]
    ours = make_player(job.player, variant, f"{job.seed}/player/{job.first}", job.weights)
    theirs = make_player(job.opponent, variant, f"{job.seed}/opponent/{job.first}", job.weights)
    flip = variant.flip
    distinct = variant.opening_is_first_roll
    tally = Tally()
    for pair in range(job.first, job.first + job.count):
        points = []
        for ours_first in (True, False):
            streams = (
                dice_stream(job.seed, pair, 0, distinct),
                dice_stream(job.seed, pair, 1, distinct),
            )
            seats = (ours, theirs) if ours_first else (theirs, ours)
            times = (
                (tally.ms["player"], tally.ms["opponent"])
                if ours_first
                else (tally.ms["opponent"], tally.ms["player"])
            )
            winner, kind, value, moves = play_game(variant, seats, streams, flip, times)
            tally.moves += moves
            we_won = (winner == 0) == ours_first
            side = tally.kinds["player" if we_won else "opponent"]
            side[kind] = side.get(kind, 0) + 1
            points.append(value if we_won else -value)
        tally.pairs.append((points[0], points[1]))
    return tally


def summary(pairs: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """Points per game of the player with its 95 % interval, computed over pairs.

    >>> s = summary([(1, 1), (2, -1), (-1, 1), (1, 0)])
    >>> s["games"], s["points_per_game"], s["win_rate"]
    (8, 0.5, 0.625)
    >>> s["ci95"]
    [0.0999, 0.9001]
    """
    means = [(a + b) / 2 for a, b in pairs]
    n = len(means)
    mean = statistics.fmean(means) if means else 0.0
    sd = statistics.stdev(means) if n > 1 else math.inf
    half = Z95 * sd / math.sqrt(n) if n > 1 else math.inf
    wins = sum((a > 0) + (b > 0) for a, b in pairs)
    return {
        "games": 2 * n,
        "pairs": n,
        "points_per_game": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "half_width": round(half, 4),
        "win_rate": round(wins / (2 * n), 4) if n else 0.0,
    }


def timing(ms: list[float]) -> dict[str, float]:
    """Median, mean and slowest milliseconds per move."""
    if not ms:
        return {"median": 0.0, "mean": 0.0, "max": 0.0, "moves": 0}
    return {
        "median": round(statistics.median(ms), 4),
        "mean": round(statistics.fmean(ms), 4),
        "max": round(max(ms), 4),
        "moves": len(ms),
    }


def jobs(args: argparse.Namespace) -> list[Job]:
    """The chunks of work for ``args.games`` games (rounded up to pairs)."""
    pairs = (args.games + 1) // 2
    return [
        Job(
            args.variant,
            args.player,
            args.opponent,
            args.seed,
            args.weights,
            first,
            min(CHUNK, pairs - first),
        )
        for first in range(0, pairs, CHUNK)
    ]


def run(
    args: argparse.Namespace, on_chunk: Callable[[Tally], None] | None = None
) -> dict[str, Any]:
    """Play the bench described by ``args`` and return its figures (as in the JSON)."""
    work = jobs(args)
    total = Tally()
    began = time.perf_counter()

    def merge(tally: Tally) -> None:
        total.pairs.extend(tally.pairs)
        total.moves += tally.moves
        for side in ("player", "opponent"):
            total.ms[side].extend(tally.ms[side])
            for kind, count in tally.kinds[side].items():
                total.kinds[side][kind] = total.kinds[side].get(kind, 0) + count
        if on_chunk:
            on_chunk(tally)

    if args.processes > 1 and len(work) > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.processes) as pool:
            for tally in pool.imap(play_chunk, work):
                merge(tally)
    else:
        for job in work:
            merge(play_chunk(job))
    figures = {
        "variant": args.variant,
        "player": args.player,
        "opponent": args.opponent,
        "seed": args.seed,
        "duplicate_dice": True,
        **summary(total.pairs),
        "wins": total.kinds,
        "ms_per_move": {side: timing(total.ms[side]) for side in ("player", "opponent")},
        "moves_per_game": round(total.moves / max(1, 2 * len(total.pairs)), 2),
        "seconds": round(time.perf_counter() - began, 2),
    }
    if args.weights:
        figures["weights"] = args.weights
    return figures


def report(figures: dict[str, Any]) -> Any:
    """The figures as a rich table."""
    from rich.table import Table

    low, high = figures["ci95"]
    table = Table(
        title=(
            f"{figures['player']} vs {figures['opponent']}, {figures['variant']}: "
            f"{figures['games']} cubeless games ({figures['pairs']} duplicate-dice pairs)"
        )
    )
    table.add_column("")
    table.add_column(figures["player"], justify="right")
    table.add_column(figures["opponent"], justify="right")
    ppg = figures["points_per_game"]
    table.add_row(
        "points per game (95 % CI)", f"{ppg:+.3f} ({low:+.3f} … {high:+.3f})", f"{-ppg:+.3f}"
    )
    rate = figures["win_rate"]
    table.add_row("wins", f"{rate:.1%}", f"{1 - rate:.1%}")
    for kind in sorted({k for side in figures["wins"].values() for k in side}):
        table.add_row(
            f"  {kind}",
            str(figures["wins"]["player"].get(kind, 0)),
            str(figures["wins"]["opponent"].get(kind, 0)),
        )
    ms = figures["ms_per_move"]
    table.add_row(
        "ms per move (median / mean / slowest)",
        f"{ms['player']['median']:.3f} / {ms['player']['mean']:.3f} / {ms['player']['max']:.1f}",
        f"{ms['opponent']['median']:.3f} / {ms['opponent']['mean']:.3f}"
        f" / {ms['opponent']['max']:.1f}",
    )
    return table


def main(args: argparse.Namespace | Sequence[str]) -> int:
    """Run the bench with parsed ``args`` or with a list of command-line words."""
    if not isinstance(args, argparse.Namespace):
        parser = argparse.ArgumentParser(prog="nardy bench bot")
        add_arguments(parser)
        args = parser.parse_args(args)
    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=True)
    if args.variant not in VARIANTS:
        console.print(f"nardy bench bot: unknown variant {args.variant!r}")
        return 2
    if args.games < 1 or args.processes < 1:
        console.print("nardy bench bot: --games and --processes must be positive")
        return 2
    if args.positions is None and args.opponent is None:
        console.print("nardy bench bot: give --opponent (or --positions N to time decisions)")
        return 2
    try:
        for spec in (args.player, args.opponent):
            if spec is not None:
                make_player(spec, VARIANTS[args.variant], "check", args.weights)
    except (ValueError, ImportError) as error:
        console.print(f"nardy bench bot: {error}")
        return 2
    if args.positions is not None:
        return _decisions(args, console)
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(
            f"{args.player} vs {args.opponent}", total=2 * ((args.games + 1) // 2)
        )
        figures = run(args, lambda tally: progress.advance(task, 2 * len(tally.pairs)))
    Console().print(report(figures))
    if args.json:
        print(json.dumps(figures, separators=(",", ":")), flush=True)
    return 0


def _decisions(args: argparse.Namespace, console: Any) -> int:
    """``--positions N``: the player's thinking time over N fixed positions."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from nardy.bench.decisions import measure

    if args.positions < 1:
        console.print("nardy bench bot: --positions must be positive")
        return 2
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{args.player} thinking", total=args.positions)
        figures = measure(
            VARIANTS[args.variant],
            args.player,
            args.positions,
            args.seed,
            args.weights,
            lambda: progress.advance(task),
        )
    ms = figures["ms_per_decision"]
    table = Table(title=f"{args.player}, {args.variant}: {figures['positions']} positions")
    for name in ("median", "mean", "max"):
        table.add_row(f"ms per decision, {'slowest' if name == 'max' else name}", f"{ms[name]:.2f}")
    Console().print(table)
    if args.json:
        print(json.dumps(figures, separators=(",", ":")), flush=True)
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``nardy bench bot``."""
    parser.add_argument("--variant", required=True, help="backgammon, long-nardy, dutch, ...")
    parser.add_argument("--player", default="net", help=f"the player measured ({SPECS})")
    parser.add_argument("--opponent", help=f"its opponent ({SPECS})")
    parser.add_argument("--games", type=int, default=1000, help="games (rounded up to pairs)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice")
    parser.add_argument("--weights", help="network weights for net (default: shipped ones)")
    parser.add_argument("--processes", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--positions",
        type=int,
        help="instead of games, time the player's decisions on this many fixed positions "
        "(see nardy.bench.decisions)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON last")
