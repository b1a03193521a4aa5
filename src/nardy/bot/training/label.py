"""Supervised training: positions labelled by a deeper look than the networks', and a fit.

Self-play by temporal differences teaches a network its own opinion one move later. A
stronger teacher is the same evaluator looking further: the average over the 21 rolls of
the outputs after the best play of each (1 ply), or deeper (each roll's best play judged one
ply less deep: :func:`outputs_before_roll`), or truncated rollouts
(:mod:`nardy.bot.lookahead.lockstep`). This module

* collects positions met in self-play at 0 ply with a little noise, so that the positions
  the networks must judge are the positions their own play reaches, or in games against
  another player, whose style leads them elsewhere (:func:`collect`), or the positions the
  plays of a close decision leave (:func:`close_decisions`);
* labels each, the player on roll to move, at a chosen depth, spread over worker processes
  (:func:`label`): targets are the roller's five outputs before its roll;
and :mod:`nardy.bot.training.fitting` fits the class networks to the labels.

A data set is one ``.npz`` file: ``cells`` (N×30, int8) and ``targets`` (N×5, float32),
with the variant, the depth and the model it was labelled with in ``meta``.

>>> from nardy.variants import DUTCH
>>> from nardy.bot.evaluation.model import Model
>>> judge = Evaluator(DUTCH, Model.create(DUTCH, {"contact": 4, "race": 4}, seed=1))
>>> cells = collect(judge, 6, seed=2)
>>> targets = label(judge, cells, ply=1)
>>> cells.shape, targets.shape, bool(((targets >= 0) & (targets <= 1)).all())
((6, 30), (6, 5), True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.network import OUTPUTS, equity, flip_outputs
from nardy.bot.lookahead.expansion import CHANCES, flip_rows
from nardy.bot.lookahead.lockstep import rollout_outputs
from nardy.bot.lookahead.search import Pruning, best_of_every_roll, gather, one_ply_outputs
from nardy.rules.cells import CHECKERS, OFF, SIZE, Cells
from nardy.rules.plays import Dice, final_cells

Progress = Callable[[int], None]

BATCH = 16
"""Positions labelled together at 1 ply."""


Chooser = Callable[[Cells, Dice], Cells | None]
"""Another player's choice: the final cells of its play of the dice (mover's view), or None."""


def collect(
    evaluator: Evaluator,
    count: int,
    seed: int,
    noise: float = 0.05,
    skip_bearoff: bool = True,
    against: Chooser | None = None,
) -> npt.NDArray[np.int64]:
    """``count`` positions (the roller's view, before its roll) met in self-play at 0 ply,
    each play chosen with ``noise`` (a standard deviation in equity) added for variety.
    Bear-offs, which the databases answer exactly, are left out unless asked for.

    With ``against``, the games are the evaluator's against that player instead (it moves
    first in every other game), and the positions are those both sides meet: a network
    must also judge the positions a player of another style leads it into."""
    rng = random.Random(seed)
    noise_rng = np.random.default_rng(seed)

    def own(cells: Cells, dice: Dice) -> Cells | None:
        return _own_choice(evaluator, cells, dice, noise, noise_rng)

    other = against or own
    found: list[Cells] = []
    games = 0
    while len(found) < count:
        seats = (own, other) if games % 2 == 0 else (other, own)
        games += 1
        cells = evaluator.variant.start_position().cells
        turn = 0
        while len(found) < count:
            row = np.array([cells], dtype=np.int64)
            if not (skip_bearoff and evaluator.exact_bearoff and evaluator.bearoff.applies(row)[0]):
                found.append(cells)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            chosen = seats[turn % 2](cells, dice)
            turn += 1
            if chosen is None:
                cells = evaluator.flip(cells)
                continue
            if chosen[OFF] == CHECKERS:
                break
            cells = evaluator.flip(chosen)
    return np.array(found, dtype=np.int64)


def _own_choice(
    evaluator: Evaluator, cells: Cells, dice: Dice, noise: float, rng: np.random.Generator
) -> Cells | None:
    """The evaluator's 0-ply choice with ``noise`` added to each play's equity."""
    finals = list(final_cells(evaluator.variant, cells, dice))
    if not finals:
        return None
    values = equity(evaluator.after_outputs(finals))
    values += rng.normal(0.0, noise, len(values))
    return finals[int(np.argmax(values))]


def close_decisions(
    evaluator: Evaluator,
    cells: npt.NDArray[np.int64],
    plays: int,
    within: float,
    seed: int,
) -> npt.NDArray[np.int64]:
    """The positions a close decision chooses among, ``plays`` rows for each decision.

    Each row of ``cells`` (the roller before its roll) meets a roll drawn from ``seed``; when
    its ``plays`` best plays at 0 ply lie within ``within`` of the best in equity, the
    positions they leave, the opponent on roll, follow one another in the result, best
    first. Clear and forced decisions, plays that win at once and positions the bear-off
    databases answer are left out: labels are spent where the evaluator's choice is close,
    and the plays of one decision are labelled side by side (a rollout of them meets the
    same dice, so their difference is sharper than each label).

    >>> from nardy.variants import BACKGAMMON
    >>> from nardy.bot.evaluation.model import Model
    >>> judge = Evaluator(BACKGAMMON, Model.create(BACKGAMMON, {"contact": 8, "race": 8}, seed=1))
    >>> rows = close_decisions(judge, collect(judge, 30, seed=4), plays=4, within=1.0, seed=1)
    >>> rows.shape[1], len(rows) % 4
    (30, 0)
    """
    rng = random.Random(seed)
    variant = evaluator.variant
    found: list[Cells] = []
    for row in np.asarray(cells, dtype=np.int64).tolist():
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        finals = list(final_cells(variant, tuple(row), dice))
        if len(finals) < plays:
            continue
        values = equity(evaluator.after_outputs(finals))
        best = np.argsort(-values, kind="stable")[:plays]
        if values[best[0]] - values[best[-1]] > within:
            continue
        if any(finals[i][OFF] == CHECKERS for i in best):
            continue
        turned = flip_rows(variant, np.array([finals[i] for i in best], dtype=np.int64))
        if evaluator.exact_bearoff and evaluator.bearoff.applies(turned).any():
            continue
        found.extend(tuple(r) for r in turned.tolist())
    return np.array(found, dtype=np.int64).reshape(-1, SIZE)


def before_roll(evaluator: Evaluator, cells: Cells, ply: int) -> Array:
    """The roller's five outputs before its roll in ``cells``, ``ply`` plies deep
    (:func:`outputs_before_roll` of one position)."""
    row: Array = outputs_before_roll(evaluator, [cells], ply)[0]
    return row


def outputs_before_roll(
    evaluator: Evaluator,
    positions: Sequence[Cells] | npt.NDArray[np.int64],
    ply: int,
    pruning: Pruning | None = None,
) -> Array:
    """The roller's five outputs before its roll in each of ``positions``, ``ply`` plies deep.

    At 0 ply the evaluator's own; at 1 ply the average over the 21 rolls of the outputs after
    the play the evaluator likes best (:func:`one_ply`); deeper, the average over the 21 rolls
    of the outputs after that same 0-ply choice, each judged ``ply - 1`` deep from the
    opponent's side. Choosing each roll's play at 0 ply and judging only the chosen play
    deeper is how GNU Backgammon evaluates a position n plies deep; a 2-ply label costs
    about a third of one whose plays are chosen at 1 ply, and their equities differ by
    0.002 on average (backgammon's shipped network). Every level's positions are judged in
    one batch. With ``pruning``, each roll's play is chosen among those its pruner ranks
    highest (:func:`~nardy.bot.lookahead.search.best_of_every_roll`).
    """
    rows = np.asarray(positions, dtype=np.int64).reshape(-1, SIZE)
    if ply <= 0:
        return evaluator.outputs(rows)
    if ply == 1:
        return one_ply_outputs(evaluator, rows, pruning)
    outputs, chosen, spread = best_of_every_roll(evaluator, rows, pruning)
    played = chosen >= 0
    ended = np.zeros_like(played)
    ended[played] = spread.finals[chosen[played], OFF] == CHECKERS
    chances = np.broadcast_to(CHANCES, chosen.shape)
    total: Array = np.einsum("nr,nro->no", np.where(ended, chances, 0.0), gather(outputs, chosen))
    going, stuck = played & ~ended, ~played
    variant = evaluator.variant
    following = np.concatenate(
        [
            flip_rows(variant, spread.finals[chosen[going]]),
            flip_rows(variant, rows[np.nonzero(stuck)[0]]),
        ]
    )
    if len(following):
        owners = np.concatenate([np.nonzero(going)[0], np.nonzero(stuck)[0]])
        weights = np.concatenate([chances[going], chances[stuck]])
        theirs = flip_outputs(outputs_before_roll(evaluator, following, ply - 1, pruning))
        np.add.at(total, owners, weights[:, None] * theirs)
    return total


def label(
    evaluator: Evaluator,
    cells: npt.NDArray[np.int64],
    ply: int = 1,
    progress: Progress | None = None,
    pruning: Pruning | None = None,
    rollout: int = 0,
    seed: int = 1,
) -> Array:
    """The roller's outputs before its roll for each row of ``cells``, ``ply`` deep
    (:func:`outputs_before_roll`, with ``pruning`` if given), :data:`BATCH` rows at a time
    (one at 2 ply or deeper); with ``rollout``, the mean of that many games truncated after
    ``ply`` plies (:func:`~nardy.bot.lookahead.lockstep.rollout_outputs`, its later
    rolls drawn from ``seed`` and the row's place)."""
    targets = np.empty((len(cells), OUTPUTS))
    batch = BATCH if ply <= 1 or rollout else 1
    for start in range(0, len(cells), batch):
        rows = cells[start : start + batch]
        if rollout:
            done = rollout_outputs(evaluator, rows, rollout, ply, seed * 1_000_003 + start, pruning)
        else:
            done = outputs_before_roll(evaluator, [tuple(r) for r in rows.tolist()], ply, pruning)
        targets[start : start + len(rows)] = done
        if progress:
            progress(len(rows))
    return targets


@dataclass(frozen=True)
class _Job:
    weights: str
    variant: str
    cells: npt.NDArray[np.int64]
    ply: int
    pruning: Pruning | None = None
    rollout: int = 0
    seed: int = 1


def worker_evaluator(weights: str, variant_name: str) -> Evaluator:
    """The evaluator a worker process builds from a weights file and a variant's name, in
    ``float32``: labels need no more precision (they agree with ``float64``'s to 1e-7) and a
    2-ply label takes 0.57 of the time."""
    from nardy.bot.evaluation.model import Model
    from nardy.variants import VARIANTS

    variant = VARIANTS[variant_name]
    return Evaluator(variant, Model.load(variant, weights, np.float32))


def _label_job(job: _Job) -> Array:
    evaluator = worker_evaluator(job.weights, job.variant)
    return label(evaluator, job.cells, job.ply, None, job.pruning, job.rollout, job.seed)


def label_in_processes(
    weights: Path,
    variant_name: str,
    cells: npt.NDArray[np.int64],
    ply: int,
    processes: int,
    progress: Progress | None = None,
    chunk: int = 50,
    pruning: Pruning | None = None,
    rollout: int = 0,
    seed: int = 1,
) -> Array:
    """:func:`label` spread over ``processes`` worker processes (fork), ``chunk`` rows a job
    (a rollout's later rolls drawn from ``seed`` and the job's first row)."""
    jobs = [
        _Job(
            str(weights),
            variant_name,
            cells[start : start + chunk],
            ply,
            pruning,
            rollout,
            seed * 1_000_003 + start,
        )
        for start in range(0, len(cells), chunk)
    ]
    import multiprocessing

    parts: list[Array] = []
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        for part in pool.imap(_label_job, jobs):
            parts.append(part)
            if progress:
                progress(len(part))
    return np.concatenate(parts) if parts else np.empty((0, OUTPUTS))


def save_data(
    path: Path, cells: npt.NDArray[np.int64], targets: Array, meta: dict[str, Any]
) -> None:
    """Write a data set (see the module docstring)."""
    np.savez_compressed(
        path,
        cells=cells.astype(np.int8),
        targets=targets.astype(np.float32),
        meta=np.array(json.dumps(meta)),
    )


def load_data(path: Path) -> tuple[npt.NDArray[np.int64], Array, dict[str, Any]]:
    """Read a data set written by :func:`save_data`."""
    with np.load(path) as data:
        meta = json.loads(str(data["meta"]))
        return data["cells"].astype(np.int64), data["targets"].astype(np.float64), meta
