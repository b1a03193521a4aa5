"""Long nardy game flow, each test named after the rule of RULES.md it pins down:
LN7 opening, LN8 Oin/Mars, LN9 immediate resignation, LN10 last roll, LN11 series starters,
and the cube when it is switched on (B6)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from positions import Counts, build

from nardy.rules.errors import IllegalActionError, SettingsError
from nardy.rules.game import (
    Double,
    Game,
    MakePlay,
    OpeningRoll,
    Phase,
    Resign,
    Roll,
    StepEvent,
    Take,
)
from nardy.rules.match import Match
from nardy.rules.position import Position
from nardy.rules.settings import Settings
from nardy.variants import LONG_NARDY


def settings(**values: Any) -> Settings:
    return Settings.for_variant(LONG_NARDY, values)


def nardy(own: Counts, opp: Counts) -> Position:
    """A long-nardy position seen from the roller; checkers not placed are borne off.
    The opponent's home board is the roller's points 13..18."""
    return build(LONG_NARDY, own, opp)


def at(pos: Position, values: Settings | None = None, *, turn: int = 0, starter: int = 0) -> Game:
    """A game waiting for ``turn`` to roll in ``pos`` (seen from ``turn``)."""
    game = Game.new(LONG_NARDY, values or settings())
    return replace(game, position=pos, phase=Phase.ROLLING, turn=turn, starter=starter)


def bear_off_last(game: Game, player: int) -> Game:
    """``player`` bears off its last checker, on its point 1."""
    return game.apply(Roll(player, (6, 5))).apply(MakePlay(player, ((1, 0),)))


# ----------------------------------------------------------------------------- LN7


def test_LN7_opening_ties_rerolled_and_the_winner_rolls_again() -> None:
    game = Game.new(LONG_NARDY).apply(OpeningRoll((3, 3))).apply(OpeningRoll((2, 5)))
    assert game.phase is Phase.ROLLING and game.turn == game.starter == 1
    assert game.dice is None  # the opening dice are not the first roll
    assert game.actions[0].attempts == ((3, 3), (2, 5))
    with pytest.raises(IllegalActionError, match="cannot move now"):
        game.apply(MakePlay(1, ((24, 19), (19, 17))))
    with pytest.raises(IllegalActionError, match="player 1's turn"):
        game.apply(Roll(0, (6, 5)))
    game = game.apply(Roll(1, (6, 5))).apply(MakePlay(1, ((24, 18), (18, 13))))
    assert game.turn == 0 and game.phase is Phase.ROLLING
    assert [a.type for a in game.actions] == ["opening", "roll", "play"]


def test_LN7_no_double_before_the_first_roll_without_the_cube() -> None:
    game = Game.new(LONG_NARDY).apply(OpeningRoll((6, 1)))
    with pytest.raises(IllegalActionError, match="cube is not in use"):
        game.apply(Double(0))


def test_LN7_with_the_cube_the_starter_may_double_before_the_first_roll() -> None:
    game = Game.new(LONG_NARDY, settings(cube=True)).apply(OpeningRoll((6, 1)))
    assert game.can_double(0) and not game.can_double(1)
    game = game.apply(Double(0)).apply(Take(1))
    assert (game.cube, game.owner, game.turn, game.phase) == (2, 1, 0, Phase.ROLLING)


# ----------------------------------------------------------------------------- LN8


@pytest.mark.parametrize(
    ("scoring", "opp", "kind", "points"),
    [
        ("mars", {13: 15}, "mars", 2),
        ("mars", {13: 14}, "oin", 1),
        ("mars", {20: 5, 13: 10}, "mars", 2),
        ("oin", {13: 15}, "oin", 1),
        ("oin", {13: 3}, "oin", 1),
    ],
)
def test_LN8_oin_and_mars(scoring: str, opp: Counts, kind: str, points: int) -> None:
    game = bear_off_last(at(nardy({1: 1}, opp), settings(scoring=scoring)), 0)
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points) == (0, kind, points)


def test_LN8_mars_is_the_default_and_the_cube_multiplies() -> None:
    assert settings().scoring == "mars"
    game = at(nardy({1: 1}, {13: 15}), settings(cube=True)).apply(Double(0)).apply(Take(1))
    game = bear_off_last(game, 0)
    assert game.result is not None and game.result.points == 4


# ----------------------------------------------------------------------------- LN9


def test_LN9_resignation_is_immediate_on_your_own_turn() -> None:
    game = Game.new(LONG_NARDY).apply(OpeningRoll((4, 1))).apply(Resign(0))
    assert game.phase is Phase.OVER and game.result is not None
    assert (game.result.winner, game.result.points, game.result.kind) == (1, 2, "resign")


def test_LN9_resignation_during_the_opponents_turn() -> None:
    game = Game.new(LONG_NARDY).apply(OpeningRoll((4, 1))).apply(Roll(0, (6, 5)))
    game = game.apply(StepEvent(0, (24, 18))).apply(Resign(1))
    assert game.result is not None and (game.result.winner, game.result.points) == (0, 2)


@pytest.mark.parametrize(
    ("scoring", "loser", "points"),
    [("mars", {13: 15}, 2), ("mars", {13: 10}, 1), ("oin", {13: 15}, 1)],
)
def test_LN9_resignation_is_scored_on_the_position(
    scoring: str, loser: Counts, points: int
) -> None:
    pos = nardy({2: 3, 20: 2}, loser)
    for resigner, turn in ((1, 0), (1, 1)):
        seen = pos if turn == 0 else pos.flipped()
        game = at(seen, settings(scoring=scoring), turn=turn).apply(Resign(resigner))
        assert game.result is not None
        assert (game.result.winner, game.result.points) == (0, points)
        assert game.actions[-1].type == "resign"


def test_LN9_resignation_ignores_levels_and_needs_a_started_game() -> None:
    game = Game.new(LONG_NARDY).apply(OpeningRoll((4, 1))).apply(Resign(1, 3))
    assert game.result is not None and game.result.points == 2
    with pytest.raises(IllegalActionError, match="has not started"):
        Game.new(LONG_NARDY).apply(Resign(0))


def test_LN9_no_resignation_while_a_double_is_pending() -> None:
    game = Game.new(LONG_NARDY, settings(cube=True)).apply(OpeningRoll((4, 1)))
    game = game.apply(Double(0))
    with pytest.raises(IllegalActionError, match="pending"):
        game.apply(Resign(1))


# ----------------------------------------------------------------------------- LN10

LAST_ROLL = settings(last_roll=True)


def test_LN10_black_draws_with_last_roll() -> None:
    game = bear_off_last(at(nardy({1: 1}, {13: 1, 14: 1}), LAST_ROLL), 0)
    assert game.phase is Phase.ROLLING and game.turn == 1 and game.final_roll
    assert game.result is None
    game = game.apply(Roll(1, (2, 1))).apply(MakePlay(1, ((2, 0), (1, 0))))
    assert game.result is not None
    assert (game.result.winner, game.result.points, game.result.kind) == (None, 0, "draw")


def test_LN10_white_wins_when_black_does_not_finish() -> None:
    game = bear_off_last(at(nardy({1: 1}, {13: 1, 18: 1}), LAST_ROLL), 0)
    game = game.apply(Roll(1, (2, 1))).apply(MakePlay(1, ((1, 0), (6, 4))))
    assert game.result is not None
    assert (game.result.winner, game.result.points, game.result.kind) == (0, 1, "oin")


def test_LN10_a_checker_borne_off_with_the_final_roll_turns_a_mars_into_an_oin() -> None:
    black = {13: 5, 14: 5, 15: 5}  # black has borne off nothing yet
    game = bear_off_last(at(nardy({1: 1}, black), LAST_ROLL), 0)
    game = game.apply(Roll(1, (2, 1))).apply(MakePlay(1, ((2, 0), (1, 0))))
    assert game.result is not None
    assert (game.result.winner, game.result.points, game.result.kind) == (0, 1, "oin")
    # Without the last roll the same bear-off is a mars.
    game = bear_off_last(at(nardy({1: 1}, black)), 0)
    assert game.result is not None and (game.result.points, game.result.kind) == (2, "mars")


def test_LN10_the_final_roll_is_played_even_when_no_draw_is_possible() -> None:
    black = {13: 5, 14: 5, 20: 5}  # five checkers outside black's home board
    game = bear_off_last(at(nardy({1: 1}, black), LAST_ROLL), 0)
    assert game.phase is Phase.ROLLING and game.turn == 1
    game = game.apply(Roll(1, (2, 1))).apply(MakePlay(1, ((8, 6), (6, 5))))
    assert game.result is not None
    assert (game.result.winner, game.result.points, game.result.kind) == (0, 2, "mars")


def test_LN10_only_the_starter_gives_a_last_roll() -> None:
    # Black (player 1, not the starter) bears off first: it wins at once.
    game = bear_off_last(at(nardy({1: 1}, {13: 15}), LAST_ROLL, turn=1, starter=0), 1)
    assert game.result is not None and (game.result.winner, game.result.points) == (1, 2)


def test_LN10_no_double_on_the_final_roll() -> None:
    values = settings(last_roll=True, cube=True)
    game = bear_off_last(at(nardy({1: 1}, {13: 1, 14: 1}), values), 0)
    assert not game.can_double(1)
    with pytest.raises(IllegalActionError, match="no double on the last roll"):
        game.apply(Double(1))


# ----------------------------------------------------------------------------- LN11


def resign_game(match: Match, loser: int) -> Match:
    """End the game in play by the immediate resignation of ``loser``."""
    if match.game.phase is Phase.OPENING:
        match = match.apply(OpeningRoll((5, 2)))
    return match.apply(Resign(loser))


def starters(match: Match) -> list[int | None]:
    return [game.starter for game in match.games]


def test_LN11_the_loser_starts_the_next_game() -> None:
    match = Match.new(LONG_NARDY)
    match = resign_game(match, 0)
    game = match.game
    assert game.phase is Phase.ROLLING and game.turn == game.starter == 0
    with pytest.raises(IllegalActionError, match="roll-off is over"):
        match.apply(OpeningRoll((1, 2)))
    match = resign_game(match, 0)
    match = resign_game(match, 1)
    assert starters(match) == [0, 0, 0, 1]
    assert match.score == (2, 4)


def test_LN11_alternate_starters() -> None:
    match = Match.new(LONG_NARDY, settings(first_move="alternate"))
    match = resign_game(match, 1)
    match = resign_game(match, 1)
    match = resign_game(match, 0)
    assert starters(match) == [0, 1, 0, 1]


def drawn(starter: int, values: Settings) -> Match:
    """A series whose first game is one roll from a draw by the last-roll right (LN10)."""
    pos = nardy({1: 1}, {13: 1, 14: 1})
    game = bear_off_last(at(pos, values, turn=starter, starter=starter), starter)
    match = replace(Match.new(LONG_NARDY, values), games=(game,))
    black = 1 - starter
    return match.apply(Roll(black, (2, 1))).apply(MakePlay(black, ((2, 0), (1, 0))))


@pytest.mark.parametrize("first_move", ["loser", "alternate"])
@pytest.mark.parametrize("starter", [0, 1])
def test_LN11_after_a_draw_the_other_player_starts(first_move: str, starter: int) -> None:
    values = settings(last_roll=True, first_move=first_move, match_to=3)
    match = drawn(starter, values)
    assert match.games[0].result is not None and match.games[0].result.kind == "draw"
    assert match.score == (0, 0) and not match.is_over()
    assert match.game.starter == match.game.turn == 1 - starter


def test_LN11_the_series_ends_when_a_player_reaches_n() -> None:
    match = Match.new(LONG_NARDY, settings(match_to=3))
    match = resign_game(match, 1)
    assert match.score == (2, 0) and not match.is_over()
    match = resign_game(match, 1)
    assert match.is_over() and match.winner == 0 and match.score == (4, 0)
    with pytest.raises(IllegalActionError, match="the match is over"):
        match.apply(Roll(1, (1, 2)))


def test_LN11_long_nardy_settings_are_checked() -> None:
    with pytest.raises(SettingsError, match="'first_move' must be 'loser' or 'alternate'"):
        settings(first_move="winner")
    with pytest.raises(SettingsError, match="'scoring' must be 'oin' or 'mars'"):
        settings(scoring="double")


def test_B8_no_crawford_game_after_a_draw_in_a_one_point_series() -> None:
    # With the cube on, a drawn first game leaves the score at 0 = N − 1: still no Crawford.
    match = drawn(0, settings(last_roll=True, match_to=1, cube=True))
    assert match.score == (0, 0) and match.game.cube_enabled and not match.crawford_played


def test_B8_crawford_game_in_a_series_with_the_cube() -> None:
    match = Match.new(LONG_NARDY, settings(match_to=3, cube=True))
    match = match.apply(OpeningRoll((5, 2))).apply(Double(0)).apply(Take(1))
    match = match.apply(Resign(0))  # 2 × mars
    assert match.score == (0, 4) and match.is_over()
    match = Match.new(LONG_NARDY, settings(match_to=3, cube=True, scoring="oin"))
    match = resign_game(match, 0)
    match = resign_game(match, 0)
    assert match.score == (0, 2) and not match.game.cube_enabled
    match = resign_game(match, 1)
    assert match.score == (1, 2) and match.game.cube_enabled
