"""S5: a play is built step by step, can be undone step by step until it is confirmed, and
the opponent cannot roll before that. Illegal events are refused with a reason and leave
the game as it was."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nardy.rules.errors import IllegalActionError
from nardy.rules.game import (
    Confirm,
    Double,
    Game,
    MakePlay,
    OpeningRoll,
    Phase,
    Roll,
    StepEvent,
    Undo,
)
from nardy.rules.position import Position
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY


def opened() -> Game:
    """Backgammon after the opening 3-1: player 0 is building its play."""
    return Game.new(BACKGAMMON).apply(OpeningRoll((3, 1)))


def refused(game: Game, event: object, message: str) -> None:
    """``event`` raises IllegalActionError matching ``message`` and ``game`` is untouched."""
    before = (game.phase, game.turn, game.current, game.actions, game.moving)
    with pytest.raises(IllegalActionError, match=message):
        game.apply(event)  # type: ignore[arg-type]
    assert (game.phase, game.turn, game.current, game.actions, game.moving) == before


def test_S5_steps_build_the_play_and_undo_takes_them_back_one_by_one() -> None:
    game = opened()
    start = game.position
    game = game.apply(StepEvent(0, (8, 5)))
    assert game.moving is not None and game.moving.remaining == (1,)
    assert game.current != start and game.position == start  # nothing is final yet
    game = game.apply(StepEvent(0, (6, 5)))
    assert game.moving is not None and game.moving.is_complete()
    assert game.phase is Phase.MOVING  # complete, but not confirmed
    game = game.apply(Undo(0)).apply(Undo(0))
    assert game.current == start and game.moving is not None and game.moving.remaining == (3, 1)
    refused(game, Undo(0), "no step to undo")
    game = game.apply(StepEvent(0, (24, 21))).apply(StepEvent(0, (21, 20)))
    game = game.apply(Confirm(0))
    assert game.phase is Phase.ROLLING and game.turn == 1
    assert game.actions[-1].steps == ((24, 21), (21, 20))
    assert game.view(0).board[19] == 1 and game.view(0).board[23] == 1


def test_S5_no_roll_before_the_opponents_play_is_confirmed() -> None:
    game = opened().apply(StepEvent(0, (8, 5))).apply(StepEvent(0, (6, 5)))
    refused(game, Roll(1, (6, 6)), "player 0's turn, not player 1's")
    refused(game, Double(1), "only on your own turn")
    game = game.apply(Confirm(0))
    assert game.apply(Roll(1, (6, 6))).phase is Phase.MOVING


def test_S5_a_confirmed_play_cannot_be_undone() -> None:
    game = opened().apply(MakePlay(0, ((8, 5), (6, 5))))
    refused(game, Undo(0), "player 1's turn, not player 0's")
    refused(game, Undo(1), "cannot undo now: the game is rolling")


def test_S5_an_incomplete_play_cannot_be_confirmed() -> None:
    game = opened().apply(StepEvent(0, (8, 5)))
    refused(game, Confirm(0), "not complete")
    refused(game, MakePlay(0, ((13, 10),)), "dice unplayed")


def test_S5_illegal_steps_are_impossible() -> None:
    game = opened()
    refused(game, StepEvent(0, (24, 20)), "24/20 is not a legal step")  # four pips with 3-1
    refused(game, StepEvent(0, (19, 16)), "19/16 is not a legal step")  # not the mover's checker
    refused(game, StepEvent(1, (8, 5)), "player 0's turn")
    refused(game, MakePlay(0, ((8, 5), (6, 5)), (4, 2)), r"the roll is \[3, 1\]")
    refused(game, MakePlay(0, ((8, 5), (8, 5))), "8/5 is not a legal step")
    complete = game.apply(StepEvent(0, (8, 5))).apply(StepEvent(0, (6, 5)))
    refused(complete, StepEvent(0, (13, 12)), "the play is complete")


def test_S5_only_steps_that_lead_to_a_legal_play_are_offered() -> None:
    # Long nardy 6-5 at the start: one checker leaves the head (LN3) and must play both dice.
    game = Game.new(LONG_NARDY).apply(OpeningRoll((1, 2))).apply(Roll(1, (6, 5)))
    assert game.moving is not None
    assert set(game.moving.legal_steps()) == {(24, 18), (24, 19)}
    refused(game, StepEvent(1, (18, 13)), "18/13 is not a legal step")
    game = game.apply(StepEvent(1, (24, 18)))
    assert game.moving is not None and game.moving.legal_steps() == ((18, 13),)
    refused(game, StepEvent(1, (24, 19)), "24/19 is not a legal step")  # the head rule
    game = game.apply(StepEvent(1, (18, 13))).apply(Confirm(1))
    assert game.turn == 0 and game.phase is Phase.ROLLING


def test_S5_a_roll_that_cannot_be_played_is_confirmed_empty() -> None:
    # Player 0 is on the bar against a closed board: it rolls, cannot enter, confirms.
    board = [0] * 24
    for point in range(19, 25):
        board[point - 1] = -2
    board[0] = 14
    board[5] = -3
    position = Position.build(BACKGAMMON, board, bar=(1, 0))
    game = replace(Game.new(BACKGAMMON), position=position, phase=Phase.ROLLING, turn=0, starter=0)
    game = game.apply(Roll(0, (6, 5)))
    assert game.moving is not None and not game.moving.can_move()
    assert game.moving.legal_steps() == ()
    refused(game, StepEvent(0, (25, 19)), "not a legal step")
    game = game.apply(Confirm(0))
    assert game.turn == 1 and game.actions[-1].steps == ()


def test_S5_dutch_entries_step_by_step() -> None:
    game = Game.new(DUTCH).apply(OpeningRoll((6, 2))).apply(Roll(0, (6, 5)))
    game = game.apply(StepEvent(0, (26, 19)))
    assert game.current.reserve == (14, 15)
    game = game.apply(Undo(0)).apply(StepEvent(0, (26, 20))).apply(StepEvent(0, (26, 19)))
    game = game.apply(Confirm(0))
    assert game.view(0).reserve == (13, 15)
    assert game.actions[-1].steps == ((26, 20), (26, 19))


def test_S5_bad_dice_and_unknown_players_are_refused() -> None:
    game = Game.new(BACKGAMMON)
    refused(game, OpeningRoll((7, 1)), "dice must be two numbers from 1 to 6")
    game = opened().apply(MakePlay(0, ((8, 5), (6, 5))))
    refused(game, Roll(1, (0, 3)), "dice must be two numbers")
    refused(game, Roll(2, (3, 3)), "there is no player 2")
    refused(game, OpeningRoll((3, 1)), "roll-off is over")
