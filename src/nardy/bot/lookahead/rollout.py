"""Rollouts: settle a position by playing it out many times with the engine on both sides.

A rollout plays ``games`` games from a position (the player on roll moves first, with the
given dice if any), each side choosing its plays with the same evaluator at ``ply``, and
averages the five outcomes of the player on roll (win, win a gammon, win a backgammon,
lose a gammon, lose a backgammon) into chances with standard errors, and their cubeless
equity. A truncated rollout stops after ``truncate`` plies and takes the evaluator's
estimate of the position reached instead of playing on.

Two kinds of variance reduction:

- **Rotated dice.** The first two random rolls are not drawn but dealt: game i opens with
  roll ``i mod 36`` of the 36, and its second roll runs through all 36 as well, so every
  1,296 games hold each pair of opening rolls exactly once. Later rolls are random, from a
  seed of the game's own, so results do not depend on how the games are split up.
- **Luck adjustment.** Before each random roll the evaluator's value of every roll is
  known (the best play of each at 0 ply); the roll's *luck* is its value minus the average
  over all 36. A game's result minus the sum of its luck (seen from the player on roll at
  the root) has the same expectation, as each luck term averages zero whatever the
  estimates, but far less spread when the estimates are good. It costs the evaluation of
  every roll's plays at every turn.

The standard errors treat the games as independent (they are not quite, with rotated
dice, which makes them a little larger than the truth). The unadjusted results of the
same games are kept alongside, so the reduction can be measured.

Work is split into chunks of games, run in this process, in worker processes (fork), or
on a Ray cluster (``pip install 'nardy[ray]'``); the evaluator is any object with the
interface of :class:`~nardy.bot.evaluation.evaluator.Evaluator` — a candidate network's as well.

>>> from nardy.bot.evaluation.network import Network
>>> from nardy.bot.evaluation.encoding import INPUTS
>>> from nardy.variants import BACKGAMMON
>>> judge = Evaluator(BACKGAMMON, Network.create(INPUTS, 8, seed=3))
>>> cells = BACKGAMMON.start_position().cells
>>> result = rollout(judge, [(cells, (3, 1))], Options(games=4, seed=2))[0]
>>> result.games, result.outputs.shape, bool(result.errors[0] > 0)
(4, (5,), True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.network import OUTPUTS, equity, flip_outputs
from nardy.bot.lookahead.search import Search
from nardy.rules.cells import CHECKERS, OFF, Cells
from nardy.rules.plays import Dice, final_cells

ORDERED: Final = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
"""The 36 rolls, in the order the rotation deals them."""
ROLLS: Final = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct rolls."""
WAYS: Final = np.array([1.0 if a == b else 2.0 for a, b in ROLLS])
"""How many of the 36 rolls each distinct roll stands for."""
ROLL_OF: Final = {(a, b): ROLLS.index((min(a, b), max(a, b))) for a, b in ORDERED}
"""The distinct roll each of the 36 is."""
MAX_TURNS: Final = 5000
"""A game still going after this many turns is a bug."""
SWAP: Final = np.array([0, 3, 4, 1, 2])
"""Output order seen from the other side (win, win gammon, … → its lose gammon, …)."""


@dataclass(frozen=True)
class Options:
    """How to roll out."""

    games: int = 1296
    ply: int = 0
    """Search depth of every play (0: the evaluation alone)."""
    truncate: int = 0
    """Plies to play before taking the evaluator's estimate; 0 plays every game out."""
    luck: bool = True
    """Luck-adjusted variance reduction."""
    rotate: bool = True
    """Deal the first two random rolls through all 36 (quasi-random dice)."""
    seed: int = 1
    chunk: int = 36
    """Games per unit of work."""

    def __post_init__(self) -> None:
        if self.games < 1 or self.chunk < 1 or self.ply < 0 or self.truncate < 0:
            raise ValueError("games and chunk must be positive, ply and truncate not negative")


@dataclass(frozen=True)
class Result:
    """A position's rollout: the player on roll's chances and equity, with standard errors."""

    games: int
    outputs: Array
    """Win, win gammon, win backgammon, lose gammon, lose backgammon (luck-adjusted when
    the luck adjustment is on)."""
    errors: Array
    equity: float
    equity_error: float
    plain_outputs: Array
    """The same games without the luck adjustment."""
    plain_errors: Array
    plain_equity: float
    plain_equity_error: float
    cpu_seconds: float
    """Time the games took, summed over the workers."""

    @property
    def variance_reduction(self) -> float:
        """How many times fewer games the adjusted equity needs for the same error."""
        if self.equity_error == 0.0:
            return float("inf") if self.plain_equity_error else 1.0
        return (self.plain_equity_error / self.equity_error) ** 2


@dataclass(frozen=True)
class Chunk:
    """Games ``first``..``last - 1`` of start position ``start``."""

    start: int
    first: int
    last: int


@dataclass(frozen=True)
class Played:
    """What a chunk of games gave: raw and luck-adjusted outcomes, a row per game."""

    chunk: Chunk
    raw: Array
    adjusted: Array
    cpu_seconds: float


Start = tuple[Cells, Dice | None]
"""A position (the roller's view) and the roll it starts with, if fixed."""
Progress = Callable[[Played], None]


def play_game(
    evaluator: Evaluator, start: Start, game: int, options: Options, stream: int = 0
) -> tuple[Array, Array]:
    """Game number ``game`` of a rollout: its outcome for the root roller, and the summed
    luck. Its random rolls come from the options' seed, ``stream`` (the start position's
    place in a rollout of several) and ``game``."""
    search = Search(evaluator)
    cells, first_dice = start
    rng = np.random.default_rng((options.seed, stream, game))
    luck = np.zeros(OUTPUTS)
    root = True
    for turn in range(MAX_TURNS):
        if options.truncate and turn >= options.truncate:
            outcome = evaluator.roller_outputs(cells)
            break
        drawn = turn - (first_dice is not None)
        dice = first_dice if first_dice and drawn < 0 else _dice(game, drawn, rng, options.rotate)
        final: Cells | None = None
        if options.luck and drawn >= 0:
            value, best = _roll_values(evaluator, cells)
            swing = value[ROLL_OF[dice]] - WAYS @ value / 36.0
            luck += swing if root else other_side(swing)
            final = best[ROLL_OF[dice]] if options.ply == 0 else None
        if final is None:
            choice = search.best(cells, dice, ply=options.ply)
            final = cells if choice is None else choice.cells
        if final[OFF] == CHECKERS:
            outcome = evaluator.outcome(final)
            break
        cells, root = evaluator.flip(final), not root
    else:
        raise RuntimeError(f"a rollout game went past {MAX_TURNS} turns")
    if not root:
        outcome = flip_outputs(outcome[None, :])[0]
    return outcome, luck


def other_side(change: Array) -> Array:
    """A change of one side's outputs as a change of the other side's: its win chance
    moves the other way, and gammons won become gammons lost.

    >>> other_side(np.array([0.1, 0.02, 0.0, -0.03, 0.0])).tolist()
    [-0.1, -0.03, 0.0, 0.02, 0.0]
    """
    turned: Array = change[SWAP]
    turned[0] = -turned[0]
    return turned


def _dice(game: int, drawn: int, rng: np.random.Generator, rotate: bool) -> Dice:
    """The ``drawn``-th random roll of ``game``: dealt for the first two when rotating."""
    if rotate and drawn == 0:
        return ORDERED[game % 36]
    if rotate and drawn == 1:
        return ORDERED[(game // 36 + 7 * game) % 36]
    a, b = rng.integers(1, 7, 2)
    return int(a), int(b)


def _roll_values(evaluator: Evaluator, cells: Cells) -> tuple[Array, list[Cells]]:
    """For each of the 21 rolls, the mover's outputs after its best play at 0 ply, and
    that play's final position (``cells`` itself when the roll cannot be played)."""
    finals: list[Cells] = []
    groups: list[tuple[int, int]] = []
    for dice in ROLLS:
        plays = list(final_cells(evaluator.variant, cells, dice)) or [cells]
        groups.append((len(finals), len(finals) + len(plays)))
        finals.extend(plays)
    outputs = evaluator.after_outputs(finals)
    values = equity(outputs)
    best = [first + int(np.argmax(values[first:end])) for first, end in groups]
    return outputs[best], [finals[i] for i in best]


def play_chunk(
    evaluator: Evaluator, starts: Sequence[Start], chunk: Chunk, options: Options
) -> Played:
    """Play one chunk of games."""
    began = time.process_time()
    raw = np.empty((chunk.last - chunk.first, OUTPUTS))
    luck = np.empty_like(raw)
    for row, game in enumerate(range(chunk.first, chunk.last)):
        start = starts[chunk.start]
        raw[row], luck[row] = play_game(evaluator, start, game, options, chunk.start)
    return Played(chunk, raw, raw - luck, time.process_time() - began)


def chunks(count: int, options: Options) -> list[Chunk]:
    """The units of work for ``count`` start positions."""
    return [
        Chunk(start, first, min(first + options.chunk, options.games))
        for start in range(count)
        for first in range(0, options.games, options.chunk)
    ]


def summarise(raw: Array, adjusted: Array, cpu_seconds: float) -> Result:
    """Means and standard errors of one position's games."""
    n = len(raw)

    def stats(rows: Array) -> tuple[Array, Array, float, float]:
        eq = equity(rows)
        spread = rows.std(axis=0, ddof=1) if n > 1 else np.zeros(OUTPUTS)
        eq_spread = float(eq.std(ddof=1)) if n > 1 else 0.0
        return rows.mean(axis=0), spread / np.sqrt(n), float(eq.mean()), eq_spread / np.sqrt(n)

    mean, error, eq, eq_error = stats(adjusted)
    plain, plain_error, plain_eq, plain_eq_error = stats(raw)
    return Result(
        n, mean, error, eq, eq_error, plain, plain_error, plain_eq, plain_eq_error, cpu_seconds
    )


def rollout(
    evaluator: Evaluator,
    starts: Sequence[Start],
    options: Options | None = None,
    processes: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> list[Result]:
    """Roll out every start position; ``processes`` > 1 forks workers, and
    ``ray_address`` (``"local"`` for a Ray instance of this machine's own) uses Ray."""
    options = options or Options()
    work = chunks(len(starts), options)
    if ray_address is not None:
        from nardy.bot.lookahead.rollout_ray import run_on_ray

        played: Iterator[Played] = run_on_ray(
            evaluator, starts, work, options, ray_address, play_chunk
        )
    elif processes > 1 and len(work) > 1:
        played = _run_forked(evaluator, starts, work, options, processes)
    else:
        played = (play_chunk(evaluator, starts, chunk, options) for chunk in work)
    raw = [np.empty((options.games, OUTPUTS)) for _ in starts]
    adjusted = [np.empty((options.games, OUTPUTS)) for _ in starts]
    seconds = [0.0 for _ in starts]
    for part in played:
        c = part.chunk
        raw[c.start][c.first : c.last] = part.raw
        adjusted[c.start][c.first : c.last] = part.adjusted
        seconds[c.start] += part.cpu_seconds
        if progress:
            progress(part)
    return [summarise(r, a, s) for r, a, s in zip(raw, adjusted, seconds, strict=True)]


_WORK: dict[str, Any] = {}
"""What forked workers inherit: the evaluator, the starts and the options."""


def _forked_chunk(chunk: Chunk) -> Played:
    return play_chunk(_WORK["evaluator"], _WORK["starts"], chunk, _WORK["options"])


def _run_forked(
    evaluator: Evaluator,
    starts: Sequence[Start],
    work: list[Chunk],
    options: Options,
    processes: int,
) -> Iterator[Played]:
    import multiprocessing

    _WORK.update(evaluator=evaluator, starts=starts, options=options)
    try:
        with multiprocessing.get_context("fork").Pool(min(processes, len(work))) as pool:
            yield from pool.imap_unordered(_forked_chunk, work)
    finally:
        _WORK.clear()
