"""The computer at a table: whole games of every variant, matches, and a chouette."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from nardy.bot.agents.agent import (
    next_chouette_move,
    next_event,
    play_chouette,
    play_match,
    seeded_dice,
)
from nardy.bot.agents.bot_agent import BotAgent, play_observed_match
from nardy.bot.agents.levels import Bot
from nardy.bot.evaluation.encoding import INPUTS
from nardy.bot.evaluation.network import Network
from nardy.rules.cells import Cells
from nardy.rules.chouette import Chouette, TeamDouble
from nardy.rules.game import (
    Double,
    Drop,
    Game,
    MakePlay,
    OpeningRoll,
    Phase,
    Roll,
    Take,
)
from nardy.rules.match import Match
from nardy.rules.plays import legal_plays
from nardy.rules.settings import Settings
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON

SMALL = Network.create(INPUTS, 16, seed=11)
"""A random network for variants whose trained weights may be missing."""


def pair(variant: Variant, network: Network | None = SMALL) -> tuple[BotAgent, BotAgent]:
    return (
        BotAgent(variant, "advanced", network=network, seed=1),
        BotAgent(variant, "advanced", network=network, seed=2),
    )


def scripted(variant: Variant, win: float, gammon: float = 0.0) -> BotAgent:
    """An agent that believes the roller wins ``win`` of the time, whatever the position."""

    def chances(game: Game, cells: Cells) -> Sequence[float]:
        return [win, gammon, 0.0, 0.0, 0.0]

    return BotAgent(variant, "advanced", network=SMALL, chances=chances)


def started_backgammon(settings: Settings | None = None) -> Game:
    game = Game.new(BACKGAMMON, settings).apply(OpeningRoll((3, 1)))
    return game.apply(MakePlay(0, ((8, 5), (6, 5))))  # player 1 to roll


# ----------------------------------------------------------------------------- whole games


@pytest.mark.parametrize(
    ("variant", "values", "network"),
    [
        (BACKGAMMON, {"jacoby": True}, None),  # the shipped weights
        (NACKGAMMON, {}, None),
        (LONG_NARDY, {"cube": True, "scoring": "mars"}, SMALL),
        (LONG_NARDY, {"last_roll": True}, SMALL),
        (DUTCH, {"cube": True}, SMALL),
        (DUTCH, {"enter_all_first": True}, SMALL),
    ],
)
def test_a_whole_money_game_of_each_variant(
    variant: Variant, values: dict[str, object], network: Network | None
) -> None:
    match = Match.new(variant, Settings.for_variant(variant, values))
    match = play_match(match, pair(variant, network), seeded_dice(21))
    game = match.games[0]
    assert game.phase is Phase.OVER and game.result is not None
    if game.result.winner is not None:  # a long-nardy draw scores nothing (LN10)
        assert sum(match.score) == game.result.points > 0


@pytest.mark.parametrize("variant", [BACKGAMMON, LONG_NARDY, DUTCH])
def test_a_whole_match_knowing_the_score(variant: Variant) -> None:
    settings = Settings.for_variant(variant, {"match_to": 5, "cube": True})
    network = None if variant is BACKGAMMON else SMALL
    match = play_observed_match(
        Match.new(variant, settings), pair(variant, network), seeded_dice(4)
    )
    assert match.is_over() and max(match.score) >= 5
    for game, score in zip(match.games, match.scores_before(), strict=True):
        if not game.cube_enabled:  # the Crawford game: nobody doubled
            assert 4 in score and not any(a.type == "double" for a in game.actions)


def test_plays_are_the_bots_choice_among_the_legal_plays() -> None:
    agent = BotAgent(BACKGAMMON, "advanced", network=SMALL)
    game = started_backgammon().apply(Roll(1, (6, 5)))
    plays = legal_plays(game.position, (6, 5))
    chosen = agent.play(game, plays)
    assert chosen in plays
    expected = Bot(BACKGAMMON, "advanced", SMALL).play(game.position, (6, 5))
    assert expected is not None and chosen.position == expected.position


# ----------------------------------------------------------------------------- the cube


def test_a_huge_favourite_doubles_and_the_opponent_passes() -> None:
    game = started_backgammon()
    agents = (scripted(BACKGAMMON, 0.88), scripted(BACKGAMMON, 0.88))
    game = game.apply(next_event(game, agents, seeded_dice(1)))
    assert game.phase is Phase.DOUBLED
    event = next_event(game, agents, seeded_dice(1))
    assert event == Drop(0)


def test_an_underdog_rolls_and_a_fair_double_is_taken() -> None:
    game = started_backgammon()
    assert isinstance(next_event(game, (scripted(BACKGAMMON, 0.3),) * 2, seeded_dice(1)), Roll)
    assert scripted(BACKGAMMON, 0.72).takes(game.apply(Double(1)), 0)


def test_too_good_to_double_plays_on() -> None:
    agent = scripted(BACKGAMMON, 0.97, gammon=0.9)
    game = started_backgammon()
    assert agent.cube_decision(game, 1).too_good
    assert not agent.doubles(game, 1)


def test_the_bot_only_doubles_when_the_game_allows_it() -> None:
    favourite = scripted(BACKGAMMON, 0.88)
    game = started_backgammon().apply(Double(1)).apply(Take(0))  # player 0 owns the cube
    game = game.apply(Roll(1, (6, 5)))
    game = game.apply(MakePlay(1, legal_plays(game.position, (6, 5))[0].steps))
    assert game.turn == 0 and favourite.doubles(game, 0)
    assert not favourite.doubles(game, 1)  # not on turn
    no_cube = started_backgammon(Settings.for_variant(BACKGAMMON, {"cube": False}))
    assert not favourite.doubles(no_cube, 1)
    dutch = Game.new(DUTCH).apply(OpeningRoll((5, 2)))  # the cube is off by default
    assert not scripted(DUTCH, 0.95).doubles(dutch, 0)


def test_the_match_score_changes_the_decision() -> None:
    # post-Crawford, trailer (player 0) 3-away v leader 1-away: passing leaves the trailer
    # 2-away (leader 51.2 %), losing at 2 leaves 1-away v 1-away (50 %): the leader takes
    # even against a 95 % favourite, where at 3-away 3-away (no score known) it passes
    settings = Settings.for_variant(BACKGAMMON, {"match_to": 3})
    game = started_backgammon(settings).apply(Roll(1, (2, 1)))
    game = game.apply(MakePlay(1, legal_plays(game.position, (2, 1))[0].steps))
    match = Match(BACKGAMMON, settings, (game,), score=(0, 2), crawford_played=True)
    doubled = game.apply(Double(0))
    leader = scripted(BACKGAMMON, 0.95)
    leader.observe(match)
    assert leader.takes(doubled, 1)
    assert not scripted(BACKGAMMON, 0.95).takes(doubled, 1)


# ----------------------------------------------------------------------------- chouette


def chouette_to_box_turn() -> Chouette:
    table = Chouette.new(("Ala", "Bea", "Cyl"), BACKGAMMON).roll_off((6, 4, 2))
    table = table.act(0, OpeningRoll((2, 5)))  # the team starts
    return table.act(1, MakePlay(1, ((13, 8), (13, 11))))


def test_chouette_members_answer_the_box_alone() -> None:
    table = chouette_to_box_turn()
    agents = [scripted(BACKGAMMON, 0.75), scripted(BACKGAMMON, 0.9), scripted(BACKGAMMON, 0.7)]
    move = next_chouette_move(table, agents, seeded_dice(2))
    assert move == (0, Double(0))
    table = table.act(*move)
    answers = []
    while table.game is not None and table.game.phase is Phase.DOUBLED:
        move = next_chouette_move(table, agents, seeded_dice(2))
        assert move is not None
        answers.append(move)
        table = table.act(*move)
    assert answers == [(1, Drop(1)), (2, Take(1))]
    assert table.team == (2,) and table.ledger == (0, 0, 0) and table.paid == (1, -1, 0)


def test_chouette_team_doubles_only_when_every_member_would() -> None:
    table = Chouette.new(("Ala", "Bea", "Cyl"), BACKGAMMON).roll_off((6, 4, 2))
    table = table.act(0, OpeningRoll((5, 2))).act(0, MakePlay(0, ((13, 8), (6, 4))))
    split = [scripted(BACKGAMMON, 0.5), scripted(BACKGAMMON, 0.75), scripted(BACKGAMMON, 0.4)]
    move = next_chouette_move(table, split, seeded_dice(2))
    assert move is not None and isinstance(move[1], Roll)
    agreed = [scripted(BACKGAMMON, 0.5), scripted(BACKGAMMON, 0.75), scripted(BACKGAMMON, 0.75)]
    assert next_chouette_move(table, agreed, seeded_dice(2)) == (1, TeamDouble((1, 2)))


def test_a_chouette_session_of_bots() -> None:
    table = Chouette.new(("Ala", "Bea", "Cyl", "Dan"), BACKGAMMON)
    agents = [BotAgent(BACKGAMMON, "advanced", seed=n) for n in range(4)]
    table = play_chouette(table, agents, seeded_dice(8), games=3)
    assert len(table.history) == 3 and sum(table.ledger) == 0
