"""Backgammon game flow, each test named after the rule of RULES.md it pins down:
B5 opening and automatic doubles, B6 the cube, B7 scoring, B8 matches and Crawford,
B9 resignation offers."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from positions import Counts, build

from nardy.rules.errors import IllegalActionError, SettingsError
from nardy.rules.game import (
    Accept,
    Confirm,
    Decline,
    Double,
    Drop,
    Event,
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
from nardy.variants import BACKGAMMON, NACKGAMMON


def settings(**values: Any) -> Settings:
    return Settings.for_variant(BACKGAMMON, values)


def position(
    own: Counts, opp: Counts, bar: tuple[int, int] = (0, 0), off: tuple[int, int] | None = None
) -> Position:
    """A backgammon position seen from the roller; checkers not placed are borne off."""
    return build(BACKGAMMON, own, opp, bar, off=off)


def at(pos: Position, values: Settings | None = None, *, turn: int = 0, **state: Any) -> Game:
    """A game waiting for ``turn`` to roll in ``pos`` (seen from ``turn``)."""
    game = Game.new(BACKGAMMON, values or settings())
    return replace(game, position=pos, phase=Phase.ROLLING, turn=turn, starter=0, **state)


def opened(values: Settings | None = None) -> Game:
    """After the opening 3-1 played 8/5 6/5: player 1 is to roll."""
    game = Game.new(BACKGAMMON, values or settings()).apply(OpeningRoll((3, 1)))
    return game.apply(MakePlay(0, ((8, 5), (6, 5))))


def refused(game: Game, event: Event, message: str) -> None:
    before = (game.phase, game.turn, game.cube, game.owner, game.actions)
    with pytest.raises(IllegalActionError, match=message):
        game.apply(event)
    assert (game.phase, game.turn, game.cube, game.owner, game.actions) == before


LAST_CHECKER = {1: 1}
"""The roller's last checker, borne off with any roll."""


def bear_off_last(game: Game, player: int = 0) -> Game:
    return game.apply(Roll(player, (6, 5))).apply(MakePlay(player, ((1, 0),)))


# ----------------------------------------------------------------------------- B5


def test_B5_opening_ties_are_rolled_again() -> None:
    game = Game.new(BACKGAMMON).apply(OpeningRoll((4, 4)))
    assert game.phase is Phase.OPENING and game.turn is None
    game = game.apply(OpeningRoll((2, 2))).apply(OpeningRoll((2, 5)))
    assert game.turn == game.starter == 1 and game.phase is Phase.MOVING
    assert game.cube == 1  # no automatic doubles by default
    opening = game.actions[0]
    assert opening.type == "opening" and opening.attempts == ((4, 4), (2, 2), (2, 5))
    assert len(game.actions) == 1


def test_B5_the_opening_dice_are_the_first_roll() -> None:
    game = Game.new(BACKGAMMON).apply(OpeningRoll((6, 1)))
    assert game.turn == 0 and game.dice == (6, 1) and game.phase is Phase.MOVING
    refused(game, Roll(0, (3, 3)), "cannot roll now")
    game = game.apply(MakePlay(0, ((13, 7), (8, 7))))
    assert game.turn == 1 and game.phase is Phase.ROLLING


def test_B5_automatic_doubles_up_to_the_limit_with_the_cube_centred() -> None:
    game = Game.new(BACKGAMMON, settings(auto_doubles=2))
    for tie, cube in (((3, 3), 2), ((5, 5), 4), ((1, 1), 4), ((6, 6), 4)):
        game = game.apply(OpeningRoll(tie))
        assert (game.cube, game.owner, game.phase) == (cube, None, Phase.OPENING)
    game = game.apply(OpeningRoll((2, 4)))
    assert (game.cube, game.owner, game.auto_doubles, game.cube_taken) == (4, None, 2, False)
    game = game.apply(MakePlay(1, ((13, 11), (24, 20))))
    assert game.can_double(0)  # centred: either player may double on their turn
    game = game.apply(Double(0)).apply(Take(1))
    assert (game.cube, game.owner) == (8, 1)


def test_B5_one_automatic_double_when_the_limit_is_one() -> None:
    game = Game.new(BACKGAMMON, settings(auto_doubles=1))
    game = game.apply(OpeningRoll((3, 3))).apply(OpeningRoll((3, 3))).apply(OpeningRoll((4, 1)))
    assert game.cube == 2 and game.owner is None


def test_B5_no_automatic_doubles_with_the_cube_off_or_in_a_match() -> None:
    off = Game.new(BACKGAMMON, settings(auto_doubles=3, cube=False))
    assert off.apply(OpeningRoll((3, 3))).cube == 1
    with pytest.raises(SettingsError, match="money play only"):
        settings(match_to=5, auto_doubles=1)
    # Even settings built around the check do not double the cube of a match game.
    sneaky = replace(Settings(), match_to=5, auto_doubles=2)
    assert Game.new(BACKGAMMON, sneaky).apply(OpeningRoll((3, 3))).cube == 1


def test_B5_automatic_doubles_do_not_count_for_jacoby() -> None:
    pos = position(LAST_CHECKER, {20: 15})
    game = Game.new(BACKGAMMON, settings(auto_doubles=1, jacoby=True)).apply(OpeningRoll((2, 2)))
    game = replace(game, position=pos, phase=Phase.ROLLING, turn=0, starter=0)
    result = bear_off_last(game).result
    assert result is not None and (result.points, result.kind) == (2, "gammon")  # 2 × 1


# ----------------------------------------------------------------------------- B6


def test_B6_nobody_doubles_before_the_first_move() -> None:
    game = Game.new(BACKGAMMON)
    refused(game, Double(0), "only on your own turn")
    game = game.apply(OpeningRoll((5, 2)))
    refused(game, Double(1), "only on your own turn")
    refused(game, Double(0), "only on your own turn")


def test_B6_the_first_double_comes_after_the_opening_play() -> None:
    game = Game.new(BACKGAMMON).apply(OpeningRoll((2, 5)))
    assert not game.can_double(0) and not game.can_double(1)
    game = game.apply(MakePlay(1, ((13, 8), (13, 11))))
    assert game.can_double(0) and not game.can_double(1)
    assert game.apply(Double(0)).phase is Phase.DOUBLED


def test_B6_taking_gives_the_cube_to_the_taker() -> None:
    game = opened().apply(Double(1))
    refused(game, Take(1), "cannot answer their own offer")
    refused(game, Roll(1, (3, 2)), "cannot roll now")
    game = game.apply(Take(0))
    assert (game.cube, game.owner, game.cube_taken, game.turn) == (2, 0, True, 1)
    assert game.phase is Phase.ROLLING  # the doubler now rolls
    refused(game, Double(1), "the opponent owns the cube")
    game = game.apply(Roll(1, (3, 2))).apply(MakePlay(1, ((13, 10), (13, 11))))
    game = game.apply(Double(0))  # the owner redoubles
    game = game.apply(Take(1))
    assert (game.cube, game.owner) == (4, 1)
    game = game.apply(Roll(0, (1, 2))).apply(MakePlay(0, ((24, 23), (24, 22))))
    assert game.can_double(1) and not game.can_double(0)


def test_B6_the_cube_stops_at_64() -> None:
    pos = position({6: 15}, {19: 15})
    game = at(pos, cube=32, owner=0)
    game = game.apply(Double(0)).apply(Take(1))
    assert (game.cube, game.owner) == (64, 1)
    at64 = at(pos, turn=0, cube=64, owner=0)
    assert not at64.can_double(0)
    refused(at64, Double(0), "cannot go above 64")
    centred = at(pos, cube=64)
    refused(centred, Double(0), "cannot go above 64")


def test_B6_a_player_with_no_legal_move_may_double() -> None:
    closed = {p: 2 for p in range(19, 25)}
    pos = position({1: 13}, {**closed, 6: 3}, bar=(1, 0), off=(1, 0))
    game = at(pos)
    game = game.apply(Double(0)).apply(Take(1))
    game = game.apply(Roll(0, (4, 4)))
    assert game.moving is not None and not game.moving.can_move()
    game = game.apply(MakePlay(0, ()))
    assert game.turn == 1 and game.cube == 2


def test_B6_a_drop_scores_the_value_before_the_double() -> None:
    pos = position({6: 15}, {19: 15})
    game = at(pos, cube=4, owner=0).apply(Double(0))
    refused(game, Drop(0), "cannot answer their own offer")
    game = game.apply(Drop(1))
    assert game.phase is Phase.OVER and game.result is not None
    assert (game.result.winner, game.result.points, game.result.kind) == (0, 4, "drop")
    refused(game, Roll(1, (1, 1)), "the game is over")


def test_B6_answers_without_a_double_are_refused() -> None:
    game = opened()
    refused(game, Take(0), "there is no double to answer")
    refused(game, Drop(1), "there is no double to answer")
    refused(game.apply(Roll(1, (2, 1))), Double(1), "only on your own turn, before rolling")


# ----------------------------------------------------------------------------- B7


@pytest.mark.parametrize(
    ("opp", "bar", "values", "kind", "points"),
    [
        ({20: 14}, (0, 0), {}, "single", 1),
        ({20: 15}, (0, 0), {}, "gammon", 2),
        ({20: 14, 3: 1}, (0, 0), {}, "backgammon", 3),
        ({20: 14}, (0, 1), {}, "backgammon", 3),
        ({20: 14, 3: 1}, (0, 0), {"backgammon_value": 2}, "backgammon", 2),
        ({20: 12, 7: 3}, (0, 0), {}, "gammon", 2),
    ],
)
def test_B7_single_gammon_backgammon(
    opp: Counts, bar: tuple[int, int], values: dict[str, Any], kind: str, points: int
) -> None:
    result = bear_off_last(at(position(LAST_CHECKER, opp, bar), settings(**values))).result
    assert result is not None
    assert (result.winner, result.kind, result.points) == (0, kind, points)


def test_B7_the_cube_multiplies_the_score() -> None:
    pos = position(LAST_CHECKER, {20: 14, 3: 1})
    result = bear_off_last(at(pos, cube=4, owner=0)).result
    assert result is not None and (result.points, result.kind) == (12, "backgammon")


def test_B7_the_winner_is_the_player_who_bears_off() -> None:
    pos = position(LAST_CHECKER, {20: 15})
    result = bear_off_last(at(pos, turn=1), 1).result
    assert result is not None and result.winner == 1


def test_B7_jacoby_gammons_count_single_until_a_double_is_taken() -> None:
    pos = position(LAST_CHECKER, {20: 15})
    jacoby = settings(jacoby=True)
    result = bear_off_last(at(pos, jacoby)).result
    assert result is not None and (result.points, result.kind) == (1, "gammon")
    result = bear_off_last(at(pos, jacoby).apply(Double(0)).apply(Take(1))).result
    assert result is not None and result.points == 4
    result = bear_off_last(at(pos, settings())).result
    assert result is not None and result.points == 2  # without Jacoby


# ----------------------------------------------------------------------------- B8


def start_game(match: Match) -> Match:
    """Get the game in play past its roll-off: player 0 is building its opening play."""
    return match.apply(OpeningRoll((3, 1))) if match.game.phase is Phase.OPENING else match


def give(match: Match, winner: int, level: int = 1) -> Match:
    """End the game in play: the loser resigns at ``level`` and the winner accepts."""
    match = start_game(match)
    return match.apply(Resign(1 - winner, level)).apply(Accept(winner))


def test_B8_crawford_game_has_no_cube() -> None:
    match = Match.new(BACKGAMMON, settings(match_to=3))
    match = give(match, 0)
    assert match.score == (1, 0) and match.game.cube_enabled
    match = give(match, 0)
    assert match.score == (2, 0)
    crawford = start_game(match).apply(MakePlay(0, ((8, 5), (6, 5))))
    assert not crawford.game.cube_enabled
    with pytest.raises(IllegalActionError, match="cube is not in use"):
        crawford.apply(Double(1))
    match = give(crawford, 1)
    assert match.score == (2, 1) and match.game.cube_enabled  # the cube returns
    match = give(match, 1)
    assert match.score == (2, 2) and match.game.cube_enabled  # no second Crawford game
    match = give(match, 1)
    assert match.is_over() and match.winner == 1
    assert [g.cube_enabled for g in match.games] == [True, True, False, True, True]


def test_B8_crawford_game_when_a_score_jumps_to_n_minus_1() -> None:
    match = Match.new(BACKGAMMON, settings(match_to=5))
    match = give(match, 1, level=3)
    match = give(match, 1)
    assert match.score == (0, 4) and not match.game.cube_enabled
    match = give(match, 0, level=3)
    assert match.score == (3, 4) and match.game.cube_enabled
    match = give(match, 0)
    assert match.score == (4, 4) and match.game.cube_enabled


def test_B8_crawford_game_exactly_once_also_for_the_trailer() -> None:
    match = Match.new(BACKGAMMON, settings(match_to=2))
    match = give(match, 1)
    assert not match.game.cube_enabled and match.crawford_played
    match = give(match, 0)
    assert match.score == (1, 1) and match.game.cube_enabled


def test_B8_no_crawford_game_when_switched_off_or_without_cube() -> None:
    match = give(Match.new(BACKGAMMON, settings(match_to=3, crawford=False)), 0, level=2)
    assert match.score == (2, 0) and match.game.cube_enabled
    match = give(Match.new(BACKGAMMON, settings(match_to=3, cube=False)), 0, level=2)
    assert not match.game.cube_enabled and not match.crawford_played
    match = give(match, 1)
    assert not match.game.cube_enabled


def test_B8_no_crawford_game_in_a_one_point_match() -> None:
    match = Match.new(BACKGAMMON, settings(match_to=1))
    assert match.game.cube_enabled
    match = give(match, 1)
    assert match.is_over() and match.score == (0, 1) and len(match.games) == 1
    assert not match.crawford_played


def test_B8_the_score_reaching_n_ends_the_match() -> None:
    match = Match.new(BACKGAMMON, settings(match_to=3))
    match = give(match, 0)
    assert not match.is_over() and match.winner is None
    match = give(match, 1, level=3)  # 1 + 3 = 4 > 3
    assert match.is_over() and match.winner == 1 and match.score == (1, 3)
    assert len(match.games) == 2  # no game after the end
    with pytest.raises(IllegalActionError, match="the match is over"):
        match.apply(OpeningRoll((3, 1)))


def test_B8_a_drop_in_a_match_scores_and_ends_it() -> None:
    match = Match.new(BACKGAMMON, settings(match_to=1))
    match = start_game(match).apply(MakePlay(0, ((8, 5), (6, 5))))
    match = match.apply(Double(1)).apply(Drop(0))
    assert match.is_over() and match.score == (0, 1)


def test_B8_money_play_never_ends() -> None:
    match = Match.new(BACKGAMMON, settings())
    for _ in range(3):
        match = give(match, 0, level=3)
    assert not match.is_over() and match.score == (9, 0) and len(match.games) == 4
    assert all(g.cube_enabled for g in match.games)


def test_B8_nackgammon_matches_follow_the_same_rules() -> None:
    values = Settings.for_variant(NACKGAMMON, {"match_to": 2})
    match = give(Match.new(NACKGAMMON, values), 0)
    assert match.score == (1, 0) and not match.game.cube_enabled


# ----------------------------------------------------------------------------- B9


@pytest.mark.parametrize(("level", "points"), [(1, 2), (2, 4), (3, 6)])
def test_B9_resignation_offers_at_three_levels(level: int, points: int) -> None:
    game = opened().apply(Double(1)).apply(Take(0))
    game = game.apply(Resign(0, level))
    assert game.phase is Phase.RESIGNING and game.offer == (0, level)
    refused(game, Accept(0), "cannot answer their own offer")
    refused(game, Roll(1, (2, 2)), "cannot roll now")
    refused(game, Double(1), "only on your own turn, before rolling")
    game = game.apply(Accept(1))
    assert game.result is not None
    assert (game.result.winner, game.result.points, game.result.kind) == (1, points, "resign")


def test_B9_backgammon_counts_as_gammon_in_a_resignation() -> None:
    game = opened(settings(backgammon_value=2)).apply(Resign(1, 3)).apply(Accept(0))
    assert game.result is not None and game.result.points == 2


def test_B9_levels_outside_1_to_3_are_refused() -> None:
    game = opened()
    refused(game, Resign(0, 4), "level 1, 2, 3, not 4")
    refused(game, Resign(0, 0), "not 0")
    refused(Game.new(BACKGAMMON), Resign(0, 1), "has not started")
    doubled = game.apply(Double(1))
    refused(doubled, Resign(0, 1), "while doubled is pending")


def test_B9_a_declined_offer_lets_play_continue_where_it_was() -> None:
    game = Game.new(BACKGAMMON).apply(OpeningRoll((3, 1))).apply(StepEvent(0, (8, 5)))
    offered = game.apply(Resign(0, 2))
    refused(offered, StepEvent(0, (6, 5)), "cannot move now")
    declined = offered.apply(Decline(1))
    assert declined.phase is Phase.MOVING and declined.moving == game.moving
    assert declined.offer is None
    declined = declined.apply(StepEvent(0, (6, 5))).apply(Confirm(0))
    assert declined.turn == 1 and declined.actions[-1].steps == ((8, 5), (6, 5))


def test_B9_a_declined_offer_before_rolling_returns_to_rolling() -> None:
    game = opened().apply(Resign(1, 1)).apply(Decline(0))
    assert game.phase is Phase.ROLLING and game.turn == 1
    assert [a.type for a in game.actions[-2:]] == ["resign", "decline"]
    assert game.apply(Roll(1, (4, 2))).phase is Phase.MOVING
