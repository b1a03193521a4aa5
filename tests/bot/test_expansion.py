"""Every roll of many positions at once (nardy.bot.lookahead.expansion): the compiled
expansion gives the finals of the pure-Python generator, roll by roll and in its order, and
its first-best choice is the play the evaluator picks one roll at a time."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.model import Model
from nardy.bot.evaluation.network import equity
from nardy.bot.lookahead.expansion import ROLLS, Expansion, expand, flip_rows
from nardy.bot.lookahead.search import one_ply
from nardy.bot.training.label import collect
from nardy.rules import kernel
from nardy.rules.cells import BAR
from nardy.rules.plays import python_final_cells
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON

VARIANTS = [BACKGAMMON, NACKGAMMON, DUTCH, LONG_NARDY]


def judge(variant):  # type: ignore[no-untyped-def]
    return Evaluator(variant, Model.create(variant, {"contact": 6, "race": 4}, seed=7))


def closed_board() -> tuple[int, ...]:
    """A backgammon checker on the bar against a five-point board: most rolls dance."""
    cells = [0] * 30
    cells[BAR], cells[1] = 1, 14
    for point in (19, 20, 21, 22, 23):
        cells[point] = -2
    cells[18] = -5
    return tuple(cells)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@pytest.mark.parametrize("compiled", [True, False], ids=["kernel", "python"])
def test_the_finals_of_every_roll_are_the_generators_in_its_order(variant, compiled) -> None:  # type: ignore[no-untyped-def]
    if compiled and kernel.MODULE is None:
        pytest.skip("the compiled kernel is not built or is switched off")
    rows = collect(judge(variant), 60, seed=3)
    if variant is BACKGAMMON:
        rows = np.vstack([rows, [closed_board()]])
    if compiled:
        spread = expand(variant, rows)
    else:
        with kernel.pure_python():
            spread = expand(variant, rows)
    assert spread.ends.shape == (len(rows), 21)
    start = 0
    for index, cells in enumerate(rows.tolist()):
        for roll, (dice, _) in enumerate(ROLLS):
            end = int(spread.ends[index, roll])
            want = list(python_final_cells(variant, tuple(cells), dice))
            assert [tuple(r) for r in spread.finals[start:end].tolist()] == want
            start = end
    assert start == len(spread.finals)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_best_of_each_roll_is_the_evaluators_choice(variant) -> None:  # type: ignore[no-untyped-def]
    evaluator = judge(variant)
    rows = collect(evaluator, 20, seed=4)
    spread = expand(variant, rows)
    chosen = spread.best(equity(evaluator.after_rows(spread.finals)))
    for index, cells in enumerate(rows.tolist()):
        for roll, (dice, _) in enumerate(ROLLS):
            choice = evaluator.best(tuple(cells), dice)
            if choice is None:
                assert chosen[index, roll] == -1
            else:
                assert tuple(spread.finals[chosen[index, roll]].tolist()) == choice.cells


def test_ties_go_to_the_first_final_and_unplayable_rolls_to_none() -> None:
    spread = expand(BACKGAMMON, np.array([closed_board()]))
    counts = spread.count(0)
    assert counts[ROLLS.index(((1, 1), 1 / 36))] > 0  # a 1 enters on the open point
    assert counts[ROLLS.index(((6, 6), 1 / 36))] == 0
    chosen = spread.best(np.zeros(len(spread.finals)))
    starts = np.concatenate([[0], spread.ends.reshape(-1)[:-1]])
    assert chosen.reshape(-1).tolist() == [
        int(s) if n else -1 for s, n in zip(starts, counts, strict=True)
    ]


def test_each_rolls_best_is_its_first_final_at_the_maximum() -> None:
    rng = np.random.default_rng(5)
    for _ in range(200):
        counts = rng.integers(0, 5, (int(rng.integers(1, 6)), len(ROLLS)))
        counts[rng.random(counts.shape) < 0.3] = 0  # rolls that cannot be played
        ends = np.cumsum(counts.reshape(-1)).reshape(counts.shape)
        values = rng.integers(0, 3, int(ends[-1, -1])).astype(float)  # many ties
        spread = Expansion(np.zeros((len(values), 30), dtype=np.int64), ends)
        starts = np.concatenate([[0], ends.reshape(-1)[:-1]])
        expected = [
            start + int(np.argmax(values[start:end])) if end > start else -1
            for start, end in zip(starts, ends.reshape(-1), strict=True)
        ]
        assert spread.best(values).reshape(-1).tolist() == expected


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_rows_flip_as_positions_do(variant) -> None:  # type: ignore[no-untyped-def]
    rows = collect(judge(variant), 30, seed=5)
    want = [variant.flip(tuple(r)) for r in rows.tolist()]
    assert [tuple(r) for r in flip_rows(variant, rows).tolist()] == want


def test_one_ply_with_a_position_whose_every_roll_dances() -> None:
    """No finals at all: every roll passes the turn, so the outputs are the opponent's own."""
    cells = [0] * 30
    cells[BAR], cells[1] = 1, 14
    for point in (19, 20, 21, 22, 23, 24):
        cells[point] = -2
    cells[18] = -3
    evaluator = judge(BACKGAMMON)
    outputs, best = one_ply(evaluator, [tuple(cells)])
    turned = np.array([BACKGAMMON.flip(tuple(cells))])
    theirs = evaluator.outputs(turned)[0]
    assert best == [{}]
    assert np.allclose(outputs[0][0], 1.0 - theirs[0])


def test_the_kernel_refuses_rows_that_are_not_whole() -> None:
    compiled = kernel.compiled(BACKGAMMON)
    if compiled is None:
        pytest.skip("the compiled kernel is not built or is switched off")
    with pytest.raises(TypeError, match="30-byte rows"):
        compiled.expand(b"\x00" * 29)
    with pytest.raises(TypeError, match="30-byte rows"):
        compiled.expand([0] * 30)  # type: ignore[arg-type]
    finals, ends = compiled.expand(b"")
    assert finals == b"" and ends == b""
