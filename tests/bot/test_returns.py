"""Variance-reduced returns as training labels (nardy.bot.training.returns)."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.model import Model
from nardy.bot.training.label import before_roll
from nardy.bot.training.returns import Games, every_return, play_games, returns
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY


def other_side(d: np.ndarray) -> np.ndarray:
    """A difference of outputs seen by the other player: its win is our loss, its gammons
    are ours lost."""
    return np.array([-d[0], d[3], d[4], d[1], d[2]])


@pytest.fixture(scope="module", params=[BACKGAMMON, LONG_NARDY, DUTCH], ids=lambda v: v.name)
def games(request: pytest.FixtureRequest) -> tuple[Evaluator, Games]:
    variant = request.param
    judge = Evaluator(variant, Model.create(variant, {"contact": 6, "race": 4}, seed=2))
    return judge, play_games(judge, 120, seed=9)


def test_each_turn_carries_the_one_ply_label_of_its_position(games) -> None:  # type: ignore[no-untyped-def]
    judge, g = games
    for i in range(0, len(g.cells), 17):
        want = before_roll(judge, tuple(g.cells[i].tolist()), 1)
        assert np.allclose(g.label[i], want)
        assert np.allclose(g.opinion[i], judge.roller_outputs(tuple(g.cells[i].tolist())))


def test_games_alternate_sides_and_end_with_a_bear_off(games) -> None:  # type: ignore[no-untyped-def]
    judge, g = games
    assert g.kept.sum() == 120
    for number in np.unique(g.game):
        turns = g.cells[g.game == number]
        start = np.array(judge.variant.start_position().cells)
        assert np.array_equal(turns[0], start)
        # the turn after each is the board seen by the other side: its own checkers were
        # the opponent's, so the other side's borne-off count never falls
        off_mine, off_theirs = turns[:, 0], turns[:, 27]
        assert (off_theirs[1:] >= off_mine[:-1]).all()


def test_one_turn_ahead_is_the_one_ply_label(games) -> None:  # type: ignore[no-untyped-def]
    _, g = games
    assert np.array_equal(every_return(g, 1), g.label)


def test_a_longer_horizon_adds_the_next_turns_return_less_its_opinion(games) -> None:  # type: ignore[no-untyped-def]
    _, g = games
    for horizon in (2, 3, 6):
        longer, shorter = every_return(g, horizon), every_return(g, horizon - 1)
        for t in range(len(g.cells) - 1):
            if g.game[t + 1] != g.game[t]:  # the game's last turn: nothing comes after it
                assert np.allclose(longer[t], g.label[t])
                continue
            ahead = other_side(shorter[t + 1] - g.opinion[t + 1])
            assert np.allclose(longer[t], g.label[t] + ahead)


def test_returns_are_probabilities_of_the_kept_turns(games) -> None:  # type: ignore[no-untyped-def]
    _, g = games
    r = returns(g, 1000)
    assert r.shape == (120, 5) and ((r >= 0) & (r <= 1)).all()
    with pytest.raises(ValueError, match="at least one"):
        returns(g, 0)


def test_a_decay_weighs_each_later_correction_less(games) -> None:  # type: ignore[no-untyped-def]
    _, g = games
    assert np.array_equal(every_return(g, 50, decay=0.0), g.label)
    assert np.allclose(every_return(g, 50, decay=1.0), every_return(g, 50))
    half, two = every_return(g, 2, decay=0.5), every_return(g, 2)
    assert np.allclose(half - g.label, 0.5 * (two - g.label))


def test_games_spread_over_processes_keep_their_count_and_own_numbers(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from nardy.bot.training.returns import games_in_processes

    path = tmp_path / "tiny.npz"
    Model.create(DUTCH, {"contact": 4, "race": 4}, seed=3).save(path)
    g = games_in_processes(str(path), DUTCH.name, 40, seed=5, processes=2, chunk=20)
    assert g.kept.sum() == 40
    # each job's games are numbered after the last job's: a game's turns are contiguous
    starts = np.nonzero(np.diff(g.game))[0]
    assert (np.diff(g.game)[starts] == 1).all() and g.game[0] == 0
    assert np.array_equal(every_return(g, 1), g.label)
