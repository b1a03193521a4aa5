"""Labels that look further than one ply for the price of one: variance-reduced returns.

A 1-ply label (:func:`nardy.bot.training.label.before_roll`) averages the evaluator's
opinion after each of the 21 rolls; fitted to its own 1-ply labels a network soon stops
improving, as the labels only repeat its opinion one roll later. The true value of a
position under the engine's own play is what the game's end says — noisy, because the dice
decide much of it. The luck of each roll is known, though: the value after the best play of
the roll that came, less the average over all 21 rolls (the 1-ply label). Taking the luck
out of a game's result leaves a target with the same expectation and far less spread — the
variance reduction of rollouts, applied to a single self-play game per position.

With ``L(s)`` a position's 1-ply label and ``V(s)`` the evaluator's own opinion of it, the
return of position ``t`` looking ``h`` turns ahead is (each term in the roller of ``t``'s
view)

    G_h(t) = L(t) + sum over k = t+1 .. t+h-1 of (L(k) − V(k)),

stopping at the game's last turn: ``G_1`` is the 1-ply label, and a horizon past the end
of the game is the luck-adjusted result itself. Each ``L(k) − V(k)`` is the evaluator's
own one-roll correction of itself further down the game, so the errors it cannot see at
``t`` are added back. The games are played greedily at 0 ply (the policy whose value the
returns estimate); all 21 rolls of a turn are judged in one batch, so a position costs
about what a 1-ply label costs.

>>> from nardy.variants import BACKGAMMON
>>> from nardy.bot.evaluation.model import Model
>>> judge = Evaluator(BACKGAMMON, Model.create(BACKGAMMON, {"contact": 4, "race": 4}, seed=1))
>>> games = play_games(judge, 30, seed=3)
>>> bool((returns(games, 1) == games.label[games.kept]).all())
True
>>> returns(games, 8).shape
(30, 5)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.lookahead.search import one_ply
from nardy.rules.cells import CHECKERS, OFF, Cells

Progress = Callable[[int], None]


@dataclass(frozen=True)
class Games:
    """The turns of self-play games, in order: each turn's position (the roller's view,
    before its roll), its 1-ply label, the evaluator's opinion, its game's number, and
    whether it is kept as a training position (bear-offs, which the databases answer,
    are played through but not kept)."""

    cells: npt.NDArray[np.int64]
    label: Array
    opinion: Array
    game: npt.NDArray[np.int64]
    kept: npt.NDArray[np.bool_]


def _turn(evaluator: Evaluator, cells: Cells) -> tuple[Array, dict[tuple[int, int], Cells]]:
    """The 1-ply label of ``cells`` and the best 0-ply play of each roll that has one."""
    labels, best = one_ply(evaluator, [cells])
    return labels[0], best[0]


def play_games(
    evaluator: Evaluator, count: int, seed: int, progress: Progress | None = None
) -> Games:
    """Self-play games at 0 ply until ``count`` turns are kept (the last game is played
    to its end, its extra turns not kept)."""
    rng = random.Random(seed)
    rows: list[Cells] = []
    labels: list[Array] = []
    opinions: list[Array] = []
    games: list[int] = []
    kept: list[bool] = []
    number, taken = 0, 0
    while taken < count:
        cells = evaluator.variant.start_position().cells
        while True:
            label, best = _turn(evaluator, cells)
            keep = not (
                evaluator.exact_bearoff
                and evaluator.bearoff.applies(np.array([cells], dtype=np.int64))[0]
            )
            keep = keep and taken < count
            taken += keep
            rows.append(cells)
            labels.append(label)
            opinions.append(evaluator.roller_outputs(cells))
            games.append(number)
            kept.append(keep)
            if progress and keep:
                progress(1)
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            play = best.get((min(a, b), max(a, b)))
            if play is None:
                cells = evaluator.flip(cells)
                continue
            if play[OFF] == CHECKERS:
                break
            cells = evaluator.flip(play)
        number += 1
    return Games(
        np.array(rows, dtype=np.int64),
        np.array(labels),
        np.array(opinions),
        np.array(games, dtype=np.int64),
        np.array(kept, dtype=np.bool_),
    )


def returns(games: Games, horizon: int, decay: float = 1.0) -> Array:
    """``G_horizon`` (module docstring) of every kept turn, clipped to [0, 1]; with
    ``decay`` below 1 the correction ``k`` turns ahead counts ``decay ** k`` (the
    λ-return of TD(λ): less spread, more of the evaluator's own bias)."""
    return np.clip(every_return(games, horizon, decay)[games.kept], 0.0, 1.0)


def every_return(games: Games, horizon: int, decay: float = 1.0) -> Array:
    """``G_horizon`` of every turn, kept or not, unclipped (``decay`` as in :func:`returns`)."""
    if horizon < 1:
        raise ValueError("the horizon is at least one turn")
    correction = games.label - games.opinion
    result = games.label.copy()
    n = len(games.cells)
    for step in range(1, horizon):
        later = np.arange(step, n + step)
        inside = later < n
        same = np.zeros(n, dtype=np.bool_)
        same[inside] = games.game[later[inside]] == games.game[np.nonzero(inside)[0]]
        if not same.any():
            break
        rows = np.nonzero(same)[0]
        term = correction[rows + step]
        if step % 2:  # the other side's roll: its correction seen from this side
            term = term[:, [0, 3, 4, 1, 2]]
            term[:, 0] *= -1.0
        result[rows] += decay**step * term
    return result


@dataclass(frozen=True)
class _Job:
    weights: str
    variant: str
    count: int
    seed: int


def _games_job(job: _Job) -> Games:
    from nardy.bot.training.label import worker_evaluator

    return play_games(worker_evaluator(job.weights, job.variant), job.count, job.seed)


def games_in_processes(
    weights: str,
    variant_name: str,
    count: int,
    seed: int,
    processes: int,
    progress: Progress | None = None,
    chunk: int = 500,
) -> Games:
    """:func:`play_games` spread over ``processes`` worker processes (fork), ``chunk`` kept
    turns a job, each job with a seed of its own drawn from ``seed``."""
    import multiprocessing

    seeds = np.random.default_rng(seed).integers(0, 2**31, size=(count + chunk - 1) // chunk)
    jobs = [
        _Job(weights, variant_name, min(chunk, count - i * chunk), int(s))
        for i, s in enumerate(seeds)
    ]
    parts: list[Games] = []
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        for part in pool.imap(_games_job, jobs):
            parts.append(part)
            if progress:
                progress(int(part.kept.sum()))
    offsets = np.cumsum([0] + [int(p.game.max()) + 1 for p in parts[:-1]])
    return Games(
        np.concatenate([p.cells for p in parts]),
        np.concatenate([p.label for p in parts]),
        np.concatenate([p.opinion for p in parts]),
        np.concatenate([p.game + o for p, o in zip(parts, offsets, strict=True)]),
        np.concatenate([p.kept for p in parts]),
    )
