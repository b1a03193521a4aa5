"""Truncated rollouts with the games of many positions played in lockstep: training labels
(``nardy label --rollout``) and the review's close decisions (:mod:`nardy.analysis.settle`).

A 2-ply label looks two rolls ahead and stops; a rollout looks further by playing the
position out, many times, with the engine on both sides. Played one game at a time in
Python a 36-game rollout truncated at 4 plies costs half a second a position (docs/
TRAINING.md); here every game of every position takes its turn together: the plays of all
21 rolls of each game's position are generated at once by the compiled move generator and
judged in one batch (:func:`~nardy.bot.lookahead.search.best_of_every_roll`), the rolled
dice pick each game's play, and the next turn starts from all the new positions. Games in
the same position are judged once: all games of a position at the first turn, and the 36
games of its 21 first rolls at the second.

Judging all 21 rolls is what the luck adjustment needs anyway. With ``L(t)`` the mover's
1-ply value of a game's position at turn ``t`` (the average over the rolls of the value
after each roll's best play) and ``v(t)`` the value after the play of the roll that came,
the roll's luck is ``v(t) − L(t)``. A game stopped at turn ``T − 1`` is worth
``L(T − 1)`` less the luck of the turns before it (a game that ends sooner is worth its
outcome less its luck): the same expectation as playing on, far less spread (each luck
term averages zero whatever the evaluator's errors). The first two rolls are dealt, not
drawn — game ``i`` opens with roll ``i mod 36`` of the 36 and its second roll runs through
all 36 too (as :func:`nardy.bot.lookahead.rollout.play_game` deals them) — so a rollout of
36 games truncated at two plies *is* the 2-ply label, exactly, and deeper truncations look
further at the price of sampling the later rolls. Those are drawn from ``seed`` for each
game number and turn, whatever the position: game ``i`` of every position rolled out
together, or with the same seed, meets the same dice (common random numbers, so the
difference between two candidate plays' rollouts is less noisy than either), and a
position's outputs do not depend on the others beside it:

>>> from nardy.variants import BACKGAMMON
>>> from nardy.bot.evaluation.model import Model
>>> from nardy.bot.training.label import collect, outputs_before_roll
>>> judge = Evaluator(BACKGAMMON, Model.create(BACKGAMMON, {"contact": 8, "race": 8}, seed=1))
>>> cells = collect(judge, 3, seed=4)
>>> two = rollout_outputs(judge, cells, games=36, truncate=2)
>>> bool(np.allclose(two, outputs_before_roll(judge, cells, 2)))
True
>>> bool(np.allclose(rollout_outputs(judge, cells, games=36, truncate=1),
...                  outputs_before_roll(judge, cells, 1)))
True
>>> together = rollout_outputs(judge, cells, games=72, truncate=6, seed=2)
>>> together.shape
(3, 5)
>>> bool(np.allclose(together[1], rollout_outputs(judge, cells[1:2], games=72, truncate=6, seed=2)))
True

Every play in the games is the evaluator's best at 0 ply (among the pruner's best with
``pruning``, as the 2-ply labels choose them).
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.network import OUTPUTS, flip_outputs
from nardy.bot.lookahead.expansion import CHANCES, flip_rows
from nardy.bot.lookahead.rollout import ORDERED, ROLL_OF
from nardy.bot.lookahead.search import Pruning, best_of_every_roll, gather
from nardy.rules.cells import CHECKERS, OFF, SIZE

DEALT: Final = np.array([ROLL_OF[dice] for dice in ORDERED])
"""The distinct roll (its index in the 21) each of the 36 ordered rolls is."""


def rollout_outputs(
    evaluator: Evaluator,
    positions: npt.NDArray[np.int64],
    games: int = 36,
    truncate: int = 4,
    seed: int = 1,
    pruning: Pruning | None = None,
) -> Array:
    """The roller's five outputs before its roll in each row of ``positions``: the mean of
    ``games`` luck-adjusted games truncated after ``truncate`` plies (the module's text)."""
    if games < 1 or truncate < 1:
        raise ValueError("a rollout needs at least one game of at least one ply")
    starts = np.asarray(positions, dtype=np.int64).reshape(-1, SIZE)
    rows = np.repeat(starts, games, axis=0)
    game = np.tile(np.arange(games), len(starts))
    value = np.zeros((len(rows), OUTPUTS))  # each game's worth, in the root roller's view
    live = np.arange(len(rows))
    root = np.ones(len(rows), dtype=bool)  # whether the root roller is on roll
    drawn = np.random.default_rng(seed).integers(0, 36, (games, truncate))  # later rolls
    for turn in range(truncate):
        if not len(live):
            break
        here = rows[live]
        distinct, same = np.unique(here, axis=0, return_inverse=True)  # games that met
        outputs, chosen, spread = best_of_every_roll(evaluator, distinct, pruning)
        after = _after_each_roll(evaluator, distinct, outputs, chosen)[same.reshape(-1)]
        chosen = chosen[same.reshape(-1)]
        mean = np.einsum("r,mro->mo", CHANCES, after)  # the 1-ply value L(t)
        if turn == truncate - 1:
            value[live] += _to_root(mean, root[live])
            break
        roll = _rolls(turn, game[live], drawn)
        came = after[np.arange(len(live)), roll]
        value[live] -= _to_root(came, root[live]) - _to_root(mean, root[live])  # the luck
        pick = chosen[np.arange(len(live)), roll]
        moved = pick >= 0  # a game whose roll cannot be played stays where it is
        finals = here.copy()
        finals[moved] = spread.finals[pick[moved]]
        ended = moved & (finals[:, OFF] == CHECKERS)
        value[live[ended]] += _to_root(came[ended], root[live[ended]])
        going = live[~ended]
        rows[going] = flip_rows(evaluator.variant, finals[~ended])
        root[going] = ~root[going]
        live = going
    means: Array = np.clip(value.reshape(len(starts), games, OUTPUTS).mean(axis=1), 0.0, 1.0)
    return means


def _after_each_roll(
    evaluator: Evaluator,
    here: npt.NDArray[np.int64],
    outputs: Array,
    chosen: npt.NDArray[np.int64],
) -> Array:
    """The mover's outputs after its best play of each roll (m×21×5); for a roll it cannot
    play, the opponent's outputs on roll in the same position, seen from the mover."""
    after = gather(outputs, chosen)
    stuck = chosen < 0
    blocked = np.nonzero(stuck.any(axis=1))[0]
    if len(blocked):
        theirs = flip_outputs(evaluator.outputs(here[blocked], flipped=True))
        after[blocked] = np.where(stuck[blocked][..., None], theirs[:, None, :], after[blocked])
    return after


def _rolls(
    turn: int, game: npt.NDArray[np.int64], drawn: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """The distinct roll each game rolls at ``turn``: dealt for the first two turns (as
    :func:`nardy.bot.lookahead.rollout.play_game` deals them), after them the game's own
    roll of that turn in ``drawn`` (games × turns, each one of the 36)."""
    if turn == 0:
        dealt: npt.NDArray[np.int64] = DEALT[game % 36]
    elif turn == 1:
        dealt = DEALT[(game // 36 + 7 * game) % 36]
    else:
        dealt = DEALT[drawn[game, turn]]
    return dealt


def _to_root(outputs: Array, root: npt.NDArray[np.bool_]) -> Array:
    """Rows of outputs seen by the mover, turned to the root roller's view where the root
    roller is not the mover.

    >>> _to_root(np.array([[0.6, 0.2, 0.0, 0.1, 0.0]]), np.array([False])).round(2).tolist()
    [[0.4, 0.1, 0.0, 0.2, 0.0]]
    """
    return np.where(root[:, None], outputs, flip_outputs(outputs))
