"""Pruning the plays of each roll before the model judges them (nardy.bot.evaluation.pruning)."""

from __future__ import annotations

import numpy as np

from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.model import Model
from nardy.bot.evaluation.network import equity
from nardy.bot.evaluation.pruning import Pruner, top_in_groups
from nardy.bot.lookahead.search import best_of_every_roll, one_ply_outputs
from nardy.bot.training.label import collect, label
from nardy.bot.training.pruning import distil
from nardy.variants import BACKGAMMON


def judge() -> Evaluator:
    return Evaluator(BACKGAMMON, Model.create(BACKGAMMON, {"contact": 8, "race": 4}, seed=3))


def test_each_group_keeps_its_best_few_and_the_first_of_a_tie() -> None:
    scores = np.array([0.2, 0.2, 0.1, 0.5, 0.9, 0.9, 0.9])
    kept = top_in_groups(scores, np.array([3, 3, 4, 7]), keep=2)
    assert kept.tolist() == [True, True, False, True, True, True, False]


def test_a_pruner_that_keeps_every_play_changes_nothing() -> None:
    evaluator = judge()
    pruner = Pruner.create(evaluator.model, hidden=4, seed=2)
    rows = collect(evaluator, 12, seed=6)
    _, full, _ = best_of_every_roll(evaluator, rows)
    _, pruned, _ = best_of_every_roll(evaluator, rows, (pruner, 1_000))
    assert np.array_equal(full, pruned)
    assert np.allclose(
        label(evaluator, rows[:3], 2), label(evaluator, rows[:3], 2, pruning=(pruner, 1_000))
    )


def test_the_choice_is_among_the_plays_the_pruner_keeps() -> None:
    evaluator = judge()
    pruner = Pruner.create(evaluator.model, hidden=4, seed=2)
    rows = collect(evaluator, 12, seed=6)
    _, chosen, spread = best_of_every_roll(evaluator, rows, (pruner, 1))
    ranks = pruner.equity(evaluator.model, spread.finals)
    starts = np.concatenate([[0], spread.ends.reshape(-1)[:-1]])
    for start, end, pick in zip(starts, spread.ends.reshape(-1), chosen.reshape(-1), strict=True):
        if end > start:  # with one play kept, the pruner's favourite is the choice
            assert pick == start + int(np.argmax(ranks[start:end]))
        else:
            assert pick == -1


def test_a_distilled_pruner_learns_the_models_equities() -> None:
    evaluator = judge()
    rows = collect(evaluator, 10, seed=9)
    untrained = Pruner.create(evaluator.model, hidden=8, seed=1)
    pruner, error = distil(evaluator, positions=60, hidden=8, epochs=8, seed=1)
    spread_rows = best_of_every_roll(evaluator, rows)[2].finals
    truth = equity(evaluator.after_rows(spread_rows))
    before = np.abs(untrained.equity(evaluator.model, spread_rows) - truth).mean()
    after = np.abs(pruner.equity(evaluator.model, spread_rows) - truth).mean()
    assert after < before and 0 <= error < before
    kept = one_ply_outputs(evaluator, rows, (pruner, 6))
    assert np.abs(kept - one_ply_outputs(evaluator, rows)).max() < 0.2
