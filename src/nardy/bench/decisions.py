"""``nardy bench bot --positions N``: how long a player thinks, over fixed positions.

The positions are the same for every player and every run with the same seed: every
fourth *unforced* roll (one with more than one distinct final position) of seeded
self-play games of the shipped network at 0 ply, from the variant's start position, until
``N`` are found. Each is handed to the player once; the time of its ``choose`` is CPU time
of this process (``time.process_time``), so other work on a busy machine does not inflate
it. The first decision pays for what a player builds on first use (the bear-off
databases, caches); one warm-up decision on a position outside the set is made first.

>>> from nardy.variants import DUTCH
>>> found = positions(DUTCH, 3, seed=1)
>>> len(found), all(len(final_cells(DUTCH, cells, dice)) > 1 for cells, dice in found)
(3, True)
>>> found == positions(DUTCH, 3, seed=1)
True
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from nardy.bench.players import Player, make_player
from nardy.rules.cells import CHECKERS, OFF, Cells
from nardy.rules.plays import Dice, final_cells
from nardy.rules.variant import Variant

EVERY = 4
"""One unforced roll in this many is kept, so the positions spread over whole games."""
MAX_MOVES = 10_000


def positions(variant: Variant, count: int, seed: int) -> list[tuple[Cells, Dice]]:
    """``count`` positions with their rolls (the mover's view), from seeded self-play of
    the variant's shipped network at 0 ply."""
    chooser = make_player("net", variant, f"positions/{seed}")
    rng = random.Random(f"bench-positions/{seed}")
    found: list[tuple[Cells, Dice]] = []
    unforced = 0
    while len(found) < count:
        cells = variant.start_position().cells
        for _ in range(MAX_MOVES):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if len(final_cells(variant, cells, dice)) > 1:
                unforced += 1
                if unforced % EVERY == 0:
                    found.append((cells, dice))
                    if len(found) == count:
                        break
            after = chooser.choose(cells, dice)
            after = cells if after is None else after
            if after[OFF] == CHECKERS:
                break
            cells = variant.flip(after)
    return found


def time_decisions(
    player: Player,
    found: list[tuple[Cells, Dice]],
    progress: Callable[[], None] | None = None,
) -> list[float]:
    """CPU milliseconds of ``player``'s decision on each position."""
    ms = []
    for cells, dice in found:
        began = time.process_time()
        player.choose(cells, dice)
        ms.append((time.process_time() - began) * 1000.0)
        if progress:
            progress()
    return ms


def measure(
    variant: Variant,
    spec: str,
    count: int,
    seed: int,
    weights: str | None = None,
    progress: Callable[[], None] | None = None,
) -> dict[str, Any]:
    """The figures of ``nardy bench bot --positions``: median, mean and slowest decision,
    and the position of the slowest (so it can be looked at)."""
    found = positions(variant, count + 1, seed)
    player = make_player(spec, variant, f"positions/{seed}/player", weights)
    warm, found = found[-1], found[:-1]
    player.choose(*warm)
    ms = time_decisions(player, found, progress)
    slowest = max(range(len(ms)), key=ms.__getitem__)
    cells, dice = found[slowest]
    return {
        "variant": variant.name,
        "player": spec,
        "seed": seed,
        "positions": len(ms),
        "ms_per_decision": {
            "median": round(statistics.median(ms), 3),
            "mean": round(statistics.fmean(ms), 3),
            "max": round(max(ms), 3),
        },
        "slowest": {"cells": list(cells), "dice": list(dice)},
        **({"weights": weights} if weights else {}),
    }
