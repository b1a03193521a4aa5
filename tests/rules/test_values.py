"""evolve (nardy.rules.values): the same values dataclasses.replace makes, for the
rules' games, matches and turns, and a refusal for classes it cannot copy."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from nardy.rules.game import MakePlay, OpeningRoll, Phase, Roll, StepEvent
from nardy.rules.match import Match
from nardy.rules.values import evolve
from nardy.variants import BACKGAMMON


def test_evolve_makes_what_replace_makes_of_games_matches_and_turns() -> None:
    match = Match.new(BACKGAMMON).apply(OpeningRoll((3, 1)))
    game = match.game
    assert game.moving is not None
    turn = game.moving
    assert evolve(game, cube=2, owner=1) == replace(game, cube=2, owner=1)
    assert evolve(match, score=(1, 0)) == replace(match, score=(1, 0))
    stepped = evolve(turn, steps=((8, 5),), used=(3,))
    assert stepped == replace(turn, steps=((8, 5),), used=(3,))
    assert stepped._memo is turn._memo  # the turn's memo is shared, as replace shares it
    assert evolve(game, cube=2).cube == 2 and game.cube == 1  # the original is unchanged


def test_a_turn_evolved_works_out_its_own_legal_steps() -> None:
    turn = Match.new(BACKGAMMON).apply(OpeningRoll((3, 1))).game.moving
    assert turn is not None
    first = turn.legal_steps()  # cached on this turn, not copied to the next one
    after = turn.step((8, 5))
    assert after.legal_steps() != first and (6, 5) in after.legal_steps()


def test_a_game_played_through_evolve_reaches_the_expected_state() -> None:
    match = Match.new(BACKGAMMON).apply(OpeningRoll((3, 1)))
    match = match.apply(StepEvent(0, (8, 5))).apply(StepEvent(0, (6, 5)))
    game = match.game
    assert game.moving is not None and game.moving.is_complete()
    match = Match.new(BACKGAMMON).apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
    assert match.game.phase is Phase.ROLLING and match.game.turn == 1
    match = match.apply(Roll(1, (6, 6)))
    assert match.game.phase is Phase.MOVING and match.game.dice == (6, 6)


def test_evolve_refuses_unknown_fields_and_classes_it_cannot_copy() -> None:
    game = Match.new(BACKGAMMON).game
    with pytest.raises(TypeError, match="no field 'colour'"):
        evolve(game, colour="red")

    @dataclass(frozen=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            assert self.value >= 0

    with pytest.raises(TypeError, match="not a plain frozen dataclass"):
        evolve(Checked(1), value=2)
    with pytest.raises(TypeError, match="not a plain frozen dataclass"):
        start = BACKGAMMON.start_position()
        evolve(start, cells=start.flipped().cells)  # slots
