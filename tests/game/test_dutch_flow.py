"""Dutch backgammon game flow, each test named after the rule of RULES.md it pins down:
D6 opening, D7 scoring, the cube off by default and, when on, B6–B8; B9 offers at two levels."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from positions import Counts, build

from nardy.rules.errors import IllegalActionError, SettingsError
from nardy.rules.game import (
    Accept,
    Decline,
    Double,
    Drop,
    Game,
    MakePlay,
    OpeningRoll,
    Phase,
    Resign,
    Roll,
    Take,
)
from nardy.rules.match import Match
from nardy.rules.position import Position
from nardy.rules.settings import Settings
from nardy.variants import DUTCH


def settings(**values: Any) -> Settings:
    return Settings.for_variant(DUTCH, values)


def dutch(
    own: Counts, opp: Counts, bar: tuple[int, int] = (0, 0), reserve: tuple[int, int] = (0, 0)
) -> Position:
    """A Dutch position seen from the roller; checkers not placed are borne off."""
    return build(DUTCH, own, opp, bar, reserve)


def at(pos: Position, values: Settings | None = None, **state: Any) -> Game:
    game = Game.new(DUTCH, values or settings())
    return replace(game, position=pos, phase=Phase.ROLLING, turn=0, starter=0, **state)


def bear_off_last(game: Game) -> Game:
    return game.apply(Roll(0, (6, 5))).apply(MakePlay(0, ((1, 0),)))


def test_D6_opening_ties_rerolled_and_the_winner_rolls_two_dice_again() -> None:
    game = Game.new(DUTCH).apply(OpeningRoll((4, 4))).apply(OpeningRoll((1, 4)))
    assert game.phase is Phase.ROLLING and game.turn == game.starter == 1 and game.dice is None
    with pytest.raises(IllegalActionError, match="cannot move now"):
        game.apply(MakePlay(1, ((26, 24), (26, 21))))
    game = game.apply(Roll(1, (6, 5))).apply(MakePlay(1, ((26, 19), (26, 20))))
    assert game.turn == 0 and game.view(1).reserve == (13, 15)
    assert [a.type for a in game.actions] == ["opening", "roll", "play"]


@pytest.mark.parametrize(
    ("opp", "bar", "reserve", "kind", "points"),
    [
        ({20: 14}, (0, 0), (0, 0), "single", 1),
        ({20: 15}, (0, 0), (0, 0), "gammon", 2),
        ({20: 14, 3: 1}, (0, 0), (0, 0), "gammon", 2),  # would be a backgammon (B7)
        ({20: 14}, (0, 1), (0, 0), "gammon", 2),
        ({20: 10}, (0, 0), (0, 5), "gammon", 2),
    ],
)
def test_D7_one_or_two_points_and_no_backgammon(
    opp: Counts, bar: tuple[int, int], reserve: tuple[int, int], kind: str, points: int
) -> None:
    game = bear_off_last(at(dutch({1: 1}, opp, bar, reserve)))
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points) == (0, kind, points)


def test_D7_the_cube_is_off_by_default() -> None:
    assert settings().cube is False
    game = Game.new(DUTCH).apply(OpeningRoll((6, 2)))
    assert not game.can_double(0)
    with pytest.raises(IllegalActionError, match="cube is not in use"):
        game.apply(Double(0))
    assert not Match.new(DUTCH, settings(match_to=3)).game.cube_enabled


def test_D7_backgammon_options_are_not_dutch_settings() -> None:
    for key, value in (("jacoby", True), ("auto_doubles", 1), ("backgammon_value", 2)):
        with pytest.raises(SettingsError, match=f"dutch has no setting '{key}'"):
            settings(**{key: value})


def test_D7_with_the_cube_the_starter_may_double_before_the_first_roll() -> None:
    game = Game.new(DUTCH, settings(cube=True)).apply(OpeningRoll((6, 2)))
    assert game.can_double(0) and not game.can_double(1)
    game = game.apply(Double(0)).apply(Take(1))
    assert (game.cube, game.owner, game.turn) == (2, 1, 0)
    dropped = Game.new(DUTCH, settings(cube=True)).apply(OpeningRoll((6, 2)))
    dropped = dropped.apply(Double(0)).apply(Drop(1))
    assert dropped.result is not None and (dropped.result.winner, dropped.result.points) == (0, 1)


def test_D7_the_cube_multiplies_a_dutch_gammon() -> None:
    game = at(dutch({1: 1}, {20: 14, 3: 1}), settings(cube=True), cube=2, owner=0)
    game = bear_off_last(game.apply(Double(0)).apply(Take(1)))
    assert game.result is not None and (game.result.points, game.result.kind) == (8, "gammon")


def test_D7_crawford_game_with_the_cube_on() -> None:
    match = Match.new(DUTCH, settings(cube=True, match_to=2))
    match = match.apply(OpeningRoll((6, 2))).apply(Resign(1, 1)).apply(Accept(0))
    assert match.score == (1, 0) and not match.game.cube_enabled
    match = match.apply(OpeningRoll((2, 6))).apply(Resign(0, 1)).apply(Accept(1))
    assert match.score == (1, 1) and match.game.cube_enabled


@pytest.mark.parametrize(("level", "points"), [(1, 1), (2, 2)])
def test_D7_resignation_offers_at_levels_1_and_2(level: int, points: int) -> None:
    game = Game.new(DUTCH).apply(OpeningRoll((6, 2))).apply(Resign(1, level))
    assert game.phase is Phase.RESIGNING
    game = game.apply(Accept(0))
    assert game.result is not None
    assert (game.result.winner, game.result.points, game.result.kind) == (0, points, "resign")


def test_D7_no_backgammon_resignation() -> None:
    game = Game.new(DUTCH).apply(OpeningRoll((6, 2)))
    with pytest.raises(IllegalActionError, match="level 1, 2, not 3"):
        game.apply(Resign(1, 3))
    declined = game.apply(Resign(1, 2)).apply(Decline(0))
    assert declined.phase is Phase.ROLLING and declined.turn == 0


def test_D7_the_cube_multiplies_a_resignation() -> None:
    game = Game.new(DUTCH, settings(cube=True)).apply(OpeningRoll((6, 2)))
    game = game.apply(Double(0)).apply(Take(1)).apply(Resign(1, 2)).apply(Accept(0))
    assert game.result is not None and game.result.points == 4
