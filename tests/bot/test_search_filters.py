"""The move filters of the search: which plays are looked at deeper, and the level's own.

Strength and speed are measured by ``nardy bench bot``, not here.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from nardy.bot.agents.levels import LEVELS, Bot
from nardy.bot.evaluation.encoding import INPUTS
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.network import Network, equity
from nardy.bot.lookahead.search import FILTERS, Filter, Search
from nardy.rules.cells import OPP_BAR
from nardy.rules.plays import final_cells
from nardy.variants import BACKGAMMON, LONG_NARDY

START = BACKGAMMON.start_position().cells


class Spy(Search):
    """A search that records how many plays each deeper look was asked for."""

    def __init__(self, evaluator: Evaluator, filters: tuple[Filter, ...]) -> None:
        super().__init__(evaluator, filters)
        self.asked: list[tuple[int, int]] = []

    def outputs(self, finals: Any, ply: int, allowance: Any = None) -> Any:
        if len(self.asked) < 100:  # the root's looks come first
            self.asked.append((ply, len(finals)))
        return super().outputs(finals, ply, allowance)


def root_looks(search: Spy, dice: tuple[int, int]) -> list[tuple[int, int]]:
    search.asked.clear()
    search.best(START, dice, ply=2)
    return [look for look in search.asked if look[0] in (1, 2)][:2]


def evaluator() -> Evaluator:
    return Evaluator(BACKGAMMON, Network.create(INPUTS, 8, seed=3))


def test_each_deeper_look_keeps_at_most_the_filters_count_within_its_margin() -> None:
    search = Spy(evaluator(), (Filter(4, 10.0), Filter(2, 10.0)))
    first, second = root_looks(search, (6, 5))
    assert first == (1, 4) and second == (2, 2)
    finals = list(final_cells(BACKGAMMON, START, (6, 5)))
    values = np.sort(equity(evaluator().after_outputs(finals)))
    best, second, third = values[::-1][:3]
    margin = best - (second + third) / 2  # the best two are within it, the third is not
    narrow = Spy(evaluator(), (Filter(4, float(margin)), Filter(2, 10.0)))
    assert root_looks(narrow, (6, 5)) == [(1, 2), (2, 2)]


def test_one_play_left_by_a_filter_is_chosen_without_looking_deeper() -> None:
    search = Spy(evaluator(), (Filter(1, 10.0), Filter(1, 10.0)))
    choice = search.best(START, (3, 1), ply=2)
    assert search.asked == []
    plain = evaluator().best(START, (3, 1))
    assert choice is not None and plain is not None and choice.cells == plain.cells
    two = Spy(evaluator(), (Filter(3, 10.0), Filter(1, 10.0)))
    two.best(START, (3, 1), ply=2)
    assert [ply for ply, _ in two.asked] == [1]  # the 1-ply look, and no 2-ply one


def test_skipping_the_useless_look_changes_no_choice() -> None:
    """A filter of one play at 2 ply picks what the 1-ply search picks from the same
    survivors."""
    judge = Evaluator(LONG_NARDY, Network.create(INPUTS, 8, seed=4))
    start = LONG_NARDY.start_position().cells
    for dice in ((6, 5), (4, 2), (3, 3)):
        one = Search(judge, (Filter(5, 0.2),)).best(start, dice, ply=1)
        two = Search(judge, (Filter(5, 0.2), Filter(1, 0.0))).best(start, dice, ply=2)
        assert one is not None and two is not None and one.cells == two.cells


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_the_bot_searches_with_its_levels_filters(name: str) -> None:
    bot = Bot(BACKGAMMON, name, Network.create(INPUTS, 8, seed=3))
    assert bot.search.filters == LEVELS[name].filters
    assert all(rule.keep >= 1 and rule.margin >= 0 for rule in bot.search.filters)


def test_the_strongest_level_filters_no_wider_than_the_default_search() -> None:
    tight = LEVELS["strongest"].filters
    assert len(tight) >= LEVELS["strongest"].ply
    for rule, default in zip(tight, FILTERS, strict=False):
        assert rule.keep <= default.keep and rule.margin <= default.margin


def test_a_two_ply_choice_is_a_legal_play_and_the_best_of_the_looks() -> None:
    judge = evaluator()
    search = Search(judge, LEVELS["strongest"].filters)
    finals = list(final_cells(BACKGAMMON, START, (6, 4)))
    choice = search.best(START, (6, 4), ply=2)
    assert choice is not None and choice.cells in finals
    ranked = np.argsort(-equity(judge.after_outputs(finals)))
    first = LEVELS["strongest"].filters[0]
    assert finals.index(choice.cells) in ranked[: first.keep].tolist()


def counted(judge: Evaluator) -> list[int]:
    """Make ``judge`` count the positions it evaluates after plays; the count is returned."""
    count = [0]
    plain = judge.after_rows  # after_outputs asks it too

    def after_rows(finals: Any) -> Any:
        count[0] += len(finals)
        return plain(finals)

    judge.after_rows = after_rows  # type: ignore[method-assign, assignment]
    return count


def test_a_look_past_the_budget_is_not_taken_and_the_shallower_look_decides() -> None:
    judge = evaluator()
    count = counted(judge)
    filters = (Filter(4, 10.0), Filter(2, 10.0))
    one = Search(judge, filters).best(START, (6, 5), ply=1)
    to_one = count[0]  # the root's plays and the 1-ply look
    two = Search(judge, filters).best(START, (6, 5), ply=2)
    to_two = count[0] - to_one
    root = len(final_cells(BACKGAMMON, START, (6, 5)))
    assert root < to_one < to_two
    assert one is not None and two is not None
    for budget, expected in ((to_two, two), (to_two - 1, one), (to_one, one)):
        count[0] = 0
        choice = Search(judge, filters, budget).best(START, (6, 5), ply=2)
        assert choice is not None and choice.cells == expected.cells
        assert choice.equity == pytest.approx(expected.equity)
        assert count[0] <= budget  # never evaluated past the budget


def test_a_budget_counts_the_looks_where_the_opponent_cannot_move() -> None:
    """The opponent has two checkers on the bar against a closed board: where the mover
    keeps it closed, each of the opponent's rolls is a roll of the mover's again, and
    those plays count against the budget too."""
    cells = [0] * len(START)
    for point in range(1, 7):
        cells[point] = 2
    cells[13], cells[20], cells[OPP_BAR] = 3, -13, 2
    closed = tuple(cells)
    judge = evaluator()
    count = counted(judge)
    filters = (Filter(4, 10.0), Filter(2, 10.0))
    one = Search(judge, filters).best(closed, (6, 5), ply=1)
    to_one = count[0]
    Search(judge, filters).best(closed, (6, 5), ply=2)
    to_two = count[0] - to_one
    count[0] = 0
    choice = Search(judge, filters, to_two - 1).best(closed, (6, 5), ply=2)
    assert one is not None and choice is not None and choice.cells == one.cells
    assert count[0] <= to_two - 1


def test_the_strongest_level_looks_within_its_budget() -> None:
    assert LEVELS["strongest"].budget is not None
    bot = Bot(BACKGAMMON, "strongest", Network.create(INPUTS, 8, seed=3))
    assert bot.search.budget == LEVELS["strongest"].budget
    assert LEVELS["advanced"].budget is None
