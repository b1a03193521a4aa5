"""Looking ahead: plays judged at 0, 1 or 2 ply over the 21 rolls, with move filtering.

``outputs(finals, ply)`` gives the mover's five outputs (win, gammon and backgammon chances
of both sides) after each final position, the opponent to roll. At 0 ply they are the
network's. At n ply they are the average, over the opponent's 21 rolls weighted by their
chances, of the mover's outputs after the opponent's reply, where the reply is the one the
network likes best at 0 ply and is then judged at n − 1 ply. ``on_roll(cells, ply)`` gives
the roller's outputs before its roll the same way, and ``values`` the cubeless equity of
``outputs`` (cubeless equity is linear in the outputs, so averaging either is the same).

Before each deeper look, :meth:`Search.look` keeps only the best few candidates by the
shallower value (:data:`FILTERS`): the one pruning policy of both the bot's choice
(:meth:`Search.best`) and the analysis, which ranks by its own scale of equity.

>>> from nardy.variants import BACKGAMMON
>>> from nardy.bot.evaluation.network import Network
>>> from nardy.bot.evaluation.encoding import INPUTS
>>> search = Search(Evaluator(BACKGAMMON, Network.create(INPUTS, 8, seed=3)))
>>> start = BACKGAMMON.start_position().cells
>>> search.best(start, (6, 5), ply=1).steps == search.best(start, (6, 5), ply=0).steps
True
>>> after = search.outputs([search.best(start, (6, 5)).cells], ply=1)
>>> bool(np.allclose(equity(after), search.values([search.best(start, (6, 5)).cells], 1)))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.evaluator import Choice, Evaluator
from nardy.bot.evaluation.network import OUTPUTS, equity, flip_outputs
from nardy.bot.evaluation.pruning import Pruner, top_in_groups
from nardy.bot.lookahead.expansion import CHANCES, ROLLS, Expansion, expand, flip_rows
from nardy.rules.cells import CHECKERS, OFF, SIZE, Cells
from nardy.rules.plays import Dice, final_cells

Pruning = tuple[Pruner, int]
"""A pruner and how many plays of each roll it lets the model judge."""

Indices = npt.NDArray[np.int64]

Score = Callable[[Array], Array]
"""What a caller ranks candidates by: a value for each row of the mover's outputs."""


@dataclass(frozen=True)
class Filter:
    """How many candidates survive to the next ply: at most ``keep``, and only those within
    ``margin`` equity of the best."""

    keep: int = 6
    margin: float = 0.12

    def apply(self, values: Array, among: Indices, kept: Iterable[int] = ()) -> Indices:
        """The indices in ``among`` it lets through by ``values``, best first, then those of
        ``kept`` (always let through) that it would not.

        >>> Filter(2, 0.5).apply(np.array([0.1, 0.9, 0.5, 0.3]), np.arange(4), [0]).tolist()
        [1, 2, 0]
        """
        order = among[np.argsort(-values[among])]
        top = values[order[0]]
        chosen = [int(i) for i in order[: self.keep] if values[i] >= top - self.margin]
        chosen += sorted(set(kept) - set(chosen))
        return np.array(chosen, dtype=np.int64)


FILTERS = (Filter(), Filter(3, 0.06))
"""The filters of a search that is given none: before the first and the second extra ply."""


@dataclass(frozen=True)
class Look:
    """The candidates of one roll after :meth:`Search.look`: per final, the mover's outputs
    at 0 ply and from its deepest look, their value by the caller's score and that look's
    ply; and the survivors of the last filter (best first by the shallower value)."""

    first: Array
    outputs: Array
    values: Array
    depth: Indices
    survivors: Indices


class _OverBudget(Exception):
    """A deeper look would evaluate more positions than the search's budget allows."""


class _Allowance:
    """The positions one deeper look may still evaluate (None: no limit)."""

    def __init__(self, left: int | None) -> None:
        self.left = left

    def spend(self, positions: int) -> None:
        if self.left is not None:
            self.left -= positions
            if self.left < 0:
                raise _OverBudget


class Search:
    """0/1/2-ply play choice for one evaluator."""

    def __init__(
        self,
        evaluator: Evaluator,
        filters: tuple[Filter, ...] = FILTERS,
        budget: int | None = None,
    ):
        """``budget``, when given, is the most positions one decision of :meth:`best` may
        evaluate, its looks together: a deeper look that would take it past the budget is
        not taken, and the choice rests on the shallower look already made. It bounds the
        slowest decision."""
        self.evaluator = evaluator
        self.filters = filters
        self.budget = budget

    def best(
        self,
        cells: Cells,
        dice: Dice,
        ply: int = 0,
        noise: float = 0.0,
        rng: np.random.Generator | None = None,
    ) -> Choice | None:
        """The chosen play of ``dice``; ``noise`` (a standard deviation in equity) makes the
        choice weaker on purpose for lower strength levels.

        When a filter leaves one play, it is chosen without the deeper look (which could
        not change the choice), and its equity is the one of the last look taken."""
        plays = final_cells(self.evaluator.variant, cells, dice)
        if not plays:
            return None
        finals = list(plays)
        budget = None if self.budget is None else self.budget - len(finals)
        found = self.look(finals, ply, settle=not noise, allowance=_Allowance(budget))
        values, candidates = found.values, found.survivors
        if noise:
            rng = rng or np.random.default_rng()
            values = values + rng.normal(0.0, noise, len(values))
            candidates = np.arange(len(finals))
        i = int(candidates[np.argmax(values[candidates])])
        return Choice(finals[i], plays[finals[i]], found.first[i], float(values[i]))

    def look(
        self,
        finals: Sequence[Cells],
        ply: int,
        score: Score = equity,
        kept: Iterable[int] = (),
        settle: bool = False,
        allowance: _Allowance | None = None,
    ) -> Look:
        """The plays of one roll (their ``finals``) judged at 0 ply, then before each deeper
        look up to ``ply`` filtered by :attr:`filters` on ``score`` (cubeless equity unless
        told) and looked at again one ply deeper. The plays at indices ``kept`` always go
        along. With ``settle`` (choosing a play), a filter that leaves one play ends the
        search; with an allowance, so does a look that would overspend it."""
        rows = np.array(finals, dtype=np.int64).reshape(-1, SIZE)
        first = self.evaluator.after_rows(rows)
        outputs = first.copy()
        values = score(outputs)
        depth = np.zeros(len(finals), dtype=np.int64)
        survivors = np.arange(len(finals))
        for level in range(1, ply + 1):
            rule = self.filters[min(level, len(self.filters)) - 1]
            survivors = rule.apply(values, survivors, kept)
            if settle and len(survivors) == 1:
                break  # a look deeper at one play cannot change the choice
            try:
                deeper = self.outputs(rows[survivors], level, allowance)
            except _OverBudget:
                break
            outputs[survivors] = deeper
            values[survivors] = score(deeper)
            depth[survivors] = level
        return Look(first, outputs, values, depth, survivors)

    def values(self, finals: Sequence[Cells] | Indices, ply: int) -> Array:
        """The mover's cubeless equity after each final position, ``ply`` rolls ahead."""
        return equity(self.outputs(finals, ply))

    def outputs(
        self,
        finals: Sequence[Cells] | Indices,
        ply: int,
        allowance: _Allowance | None = None,
    ) -> Array:
        """The mover's outputs after each final position (the opponent to roll), looking
        ``ply`` rolls ahead.

        All replies of one level are generated (:func:`~nardy.bot.lookahead.expansion.
        expand`) and evaluated in one batch. With an ``allowance``, raises
        :class:`_OverBudget` before evaluating past it.
        """
        allowance = allowance or _Allowance(None)
        evaluator = self.evaluator
        rows = np.asarray(finals, dtype=np.int64).reshape(-1, SIZE)
        if ply <= 0:
            allowance.spend(len(rows))
            return evaluator.after_rows(rows)
        result = np.zeros((len(rows), OUTPUTS))
        over = rows[:, OFF] == CHECKERS
        for index in np.nonzero(over)[0]:
            result[index] = evaluator.outcome(tuple(rows[index].tolist()))
        live = np.nonzero(~over)[0]
        if len(live) == 0:
            return result
        spread = expand(evaluator.variant, flip_rows(evaluator.variant, rows[live]))
        for at, roll in zip(*np.nonzero(_counts(spread) == 0), strict=True):
            # the opponent cannot move: the mover rolls again
            cells = tuple(rows[live[at]].tolist())
            result[live[at]] += ROLLS[roll][1] * self.on_roll(cells, ply - 1, allowance)
        if len(spread.finals) == 0:
            return result
        allowance.spend(len(spread.finals))
        quick = evaluator.after_rows(spread.finals)
        chosen = spread.best(equity(quick))
        played = chosen >= 0
        if ply == 1:
            theirs = quick[chosen[played]]
        else:
            theirs = self.outputs(spread.finals[chosen[played]], ply - 1, allowance)
        weights = np.broadcast_to(CHANCES, chosen.shape)[played]
        np.add.at(result, live[np.nonzero(played)[0]], weights[:, None] * flip_outputs(theirs))
        return result

    def on_roll(self, cells: Cells, ply: int, allowance: _Allowance | None = None) -> Array:
        """The outputs of the player on roll in ``cells`` before rolling, ``ply`` rolls
        deep: the network's at 0 ply, else the average over the 21 rolls of the outputs
        after the play the network likes best at 0 ply, judged ``ply`` − 1 deep (where a
        roll cannot be played, the opponent's on roll in the same position)."""
        allowance = allowance or _Allowance(None)
        evaluator = self.evaluator
        if ply <= 0:
            return evaluator.roller_outputs(cells)
        spread = expand(evaluator.variant, np.array([cells], dtype=np.int64))
        total = np.zeros(OUTPUTS)
        for roll in np.nonzero(_counts(spread)[0] == 0)[0]:
            theirs = self.on_roll(evaluator.flip(cells), ply - 1, allowance)
            total += ROLLS[roll][1] * flip_outputs(theirs[None, :])[0]
        if len(spread.finals) == 0:
            return total
        allowance.spend(len(spread.finals))
        chosen = spread.best(equity(evaluator.after_rows(spread.finals)))[0]
        played = chosen >= 0
        after = self.outputs(spread.finals[chosen[played]], ply - 1, allowance)
        total += CHANCES[played] @ after
        return total


def _counts(spread: Expansion) -> Indices:
    """How many finals each roll of each position has (n×21; 0: it cannot be played)."""
    ends = spread.ends
    return np.diff(np.concatenate([[0], ends.reshape(-1)])).reshape(ends.shape)


def one_ply(
    evaluator: Evaluator,
    positions: Sequence[Cells] | npt.NDArray[np.int64],
    with_best: bool = True,
    pruning: Pruning | None = None,
) -> tuple[Array, list[dict[Dice, Cells]]]:
    """The roller's five outputs before its roll in each of ``positions``, one roll ahead,
    and (``with_best``) the play the evaluator likes best of each roll that has one. The
    outputs are the average over the 21 rolls of the outputs after that play (where a roll
    cannot be played, the opponent's own outputs on roll in the same position). The plays
    of every roll of every position are generated together (:mod:`~nardy.bot.lookahead.
    expansion`) and judged in one batch, which makes a 1-ply label cost about a third of
    21 separate looks.

    >>> from nardy.variants import BACKGAMMON
    >>> from nardy.bot.evaluation.network import Network
    >>> from nardy.bot.evaluation.encoding import INPUTS
    >>> evaluator = Evaluator(BACKGAMMON, Network.create(INPUTS, 8, seed=3))
    >>> start = BACKGAMMON.start_position().cells
    >>> by_roll = sum(c * evaluator.best(start, d).outputs for d, c in ROLLS)
    >>> outputs, best = one_ply(evaluator, [start])
    >>> bool(np.allclose(outputs[0], by_roll))
    True
    >>> best[0][(5, 6)] == evaluator.best(start, (5, 6)).cells
    True
    """
    rows = np.asarray(positions, dtype=np.int64).reshape(-1, SIZE)
    outputs, chosen, spread = best_of_every_roll(evaluator, rows, pruning)
    played = chosen >= 0
    total = np.einsum("r,nro->no", CHANCES, gather(outputs, chosen))
    stuck = ~played
    if stuck.any():
        blocked = np.nonzero(stuck.any(axis=1))[0]
        theirs = flip_outputs(evaluator.outputs(rows[blocked], flipped=True))
        total[blocked] += (stuck[blocked] @ CHANCES)[:, None] * theirs
    best: list[dict[Dice, Cells]] = [{} for _ in positions]
    if with_best:
        for index, roll in zip(*np.nonzero(played), strict=True):
            best[index][ROLLS[roll][0]] = tuple(spread.finals[chosen[index, roll]].tolist())
    return total, best


def best_of_every_roll(
    evaluator: Evaluator, rows: npt.NDArray[np.int64], pruning: Pruning | None = None
) -> tuple[Array, npt.NDArray[np.int64], Expansion]:
    """The mover's outputs after every final of every roll of each row, the index of the
    best final of each (position, roll) (-1: none), and the expansion itself. With
    ``pruning`` (a pruner and how many plays it keeps), only the plays the pruner ranks
    highest in each roll are judged and chosen from; the others' outputs are zeros."""
    spread = expand(evaluator.variant, rows)
    finals = spread.finals
    if len(finals) == 0:
        return np.zeros((0, OUTPUTS)), spread.best(np.zeros(0)), spread
    if pruning is None:
        outputs = evaluator.after_rows(finals)
        return outputs, spread.best(equity(outputs)), spread
    pruner, keep = pruning
    ranks = pruner.equity(evaluator.model, finals)
    kept = top_in_groups(ranks, spread.ends.reshape(-1), keep)
    outputs = np.zeros((len(finals), OUTPUTS))
    outputs[kept] = evaluator.after_rows(finals[kept])
    values = np.full(len(finals), -np.inf)
    values[kept] = equity(outputs[kept])
    return outputs, spread.best(values), spread


def gather(outputs: Array, chosen: npt.NDArray[np.int64]) -> Array:
    """``outputs`` of each chosen row (n×21×5), zeros where none was chosen (-1)."""
    gathered = np.zeros((*chosen.shape, OUTPUTS))
    played = chosen >= 0
    gathered[played] = outputs[chosen[played]]
    return gathered


def one_ply_outputs(
    evaluator: Evaluator,
    positions: Sequence[Cells] | npt.NDArray[np.int64],
    pruning: Pruning | None = None,
) -> Array:
    """The outputs of :func:`one_ply` alone."""
    return one_ply(evaluator, positions, with_best=False, pruning=pruning)[0]
