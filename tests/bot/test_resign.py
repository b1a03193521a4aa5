"""Resignations: accepting exactly at the expected win (B9), offering only when hopeless,
and long nardy's immediate resignation (LN9)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from nardy.bot.agents.agent import next_event
from nardy.bot.agents.bot_agent import BotAgent
from nardy.bot.decisions.chances import Probabilities
from nardy.bot.decisions.cube import CubeContext, Owner, cubeful
from nardy.bot.decisions.resignation import HOPELESS, MARGIN, accepts, expected, offer_level
from nardy.bot.decisions.scales import MatchScale
from nardy.bot.evaluation.encoding import INPUTS
from nardy.bot.evaluation.network import Network
from nardy.rules.cells import Cells
from nardy.rules.game import (
    Decline,
    Double,
    Game,
    MakePlay,
    OpeningRoll,
    Phase,
    Resign,
    Roll,
    Take,
)
from nardy.rules.settings import Settings
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY

NET = Network.create(INPUTS, 8, seed=7)
LEVELS = {1: 1, 2: 2, 3: 3}


# ----------------------------------------------------------------------------- accepting


def test_accepts_exactly_at_the_expected_win() -> None:
    context = CubeContext()
    single = Probabilities(1.0)  # a sure single win: expects exactly 1
    assert expected(single, context) == 1.0
    assert accepts(single, context, 1)
    assert not accepts(Probabilities(1.0, 0.001), context, 1)  # expects a hair more
    sure_gammon = Probabilities(1.0, 1.0)  # expects exactly 2
    assert expected(sure_gammon, context) == 2.0
    assert accepts(sure_gammon, context, 2) and not accepts(sure_gammon, context, 1)
    assert not accepts(Probabilities(1.0, 1.0, 0.01), context, 2)
    assert accepts(Probabilities(1.0, 1.0, 1.0), context, 3)


def test_acceptance_threshold_matches_the_cubeful_value() -> None:
    probs = Probabilities(0.9, 0.5, 0.05, 0.02, 0.0)
    for owner in Owner:
        for cube in (1, 2, 4):
            context = CubeContext(cube=cube, owner=owner)
            value = cubeful(probs, context)
            for points in range(1, 13):
                assert accepts(probs, context, points) == (points >= value)


def test_the_answerer_need_not_be_on_roll() -> None:
    context = CubeContext()
    losing = Probabilities(0.0, 0.0, 0.0, 0.5, 0.0)  # the roller loses 1.5 on average
    assert expected(losing, context, on_roll=False) == pytest.approx(1.5)
    assert accepts(losing, context, 2, on_roll=False)
    assert not accepts(losing, context, 1, on_roll=False)


def test_match_play_compares_match_winning_chances() -> None:
    # double match point: any win wins the match, so a single resignation is enough
    context = CubeContext(scale=MatchScale(1, 1, post_crawford=True))
    assert accepts(Probabilities(1.0, 1.0, 1.0), context, 1)
    # 4-away 4-away: a sure gammon is worth more than a single
    context = CubeContext(scale=MatchScale(4, 4))
    assert not accepts(Probabilities(1.0, 1.0), context, 1)
    assert accepts(Probabilities(1.0, 1.0), context, 2)


# ----------------------------------------------------------------------------- offering


def test_offers_only_when_hopeless() -> None:
    context = CubeContext()
    assert offer_level(Probabilities(0.0), context, LEVELS) == 1
    assert offer_level(Probabilities(HOPELESS / 2), context, LEVELS) == 1
    assert offer_level(Probabilities(HOPELESS * 2), context, LEVELS) is None
    assert offer_level(Probabilities(0.2), context, LEVELS) is None


def test_the_level_covers_the_gammon_and_backgammon_risk() -> None:
    context = CubeContext()
    assert offer_level(Probabilities(0.0, 0.0, 0.0, 0.999, 0.0), context, LEVELS) == 2
    assert offer_level(Probabilities(0.0, 0.0, 0.0, 1.0, 0.999), context, LEVELS) == 3
    # a 40 % gammon risk: a single is not enough, a gammon too much
    assert offer_level(Probabilities(0.0, 0.0, 0.0, 0.4, 0.0), context, LEVELS) is None
    # a level above the expected loss by less than the margin is offered
    risk = MARGIN / 2
    assert offer_level(Probabilities(0.0, 0.0, 0.0, 1.0, 1.0 - risk), context, LEVELS) == 3
    assert offer_level(Probabilities(0.0, 0.0, 0.0, 1.0 - risk, 0.0), context, LEVELS) == 2
    # ... but not a level below it, nor one far above it
    assert offer_level(Probabilities(0.0, 0.0, 0.0, risk, 0.0), context, LEVELS) is None
    assert offer_level(Probabilities(0.0, 0.0, 0.0, 1.0, 1.0), context, {1: 1, 2: 2}) is None


def test_offer_is_what_the_other_side_accepts() -> None:
    context = CubeContext(cube=2)
    for lose_gammon in (0.0, 0.9999):
        probs = Probabilities(0.0, 0.0, 0.0, lose_gammon, 0.0)
        level = offer_level(probs, context, {k: 2 * v for k, v in LEVELS.items()})
        assert level is not None
        assert accepts(probs.flipped(), context.flipped(), 2 * level)


# ----------------------------------------------------------------------------- agents


def agent_with(variant: Variant, outputs: Sequence[float]) -> BotAgent:
    def chances(game: Game, cells: Cells) -> Sequence[float]:
        return outputs

    return BotAgent(variant, "advanced", network=NET, chances=chances)


def started_backgammon(settings: Settings | None = None) -> Game:
    game = Game.new(BACKGAMMON, settings).apply(OpeningRoll((3, 1)))
    return game.apply(MakePlay(0, ((8, 5), (6, 5))))  # player 1 to roll


def test_agent_accepts_by_the_game_points() -> None:
    game = started_backgammon().apply(Double(1)).apply(Take(0))  # cube 2, player 0 owns
    offer = game.apply(Resign(1, 1))  # player 1 offers a single: 2 points
    sure_single = agent_with(BACKGAMMON, [0.0, 0.0, 0.0, 0.0, 0.0])  # roller 1 cannot win
    assert sure_single.accepts(offer, 0, 1)
    gammonish = agent_with(BACKGAMMON, [0.0, 0.0, 0.0, 0.2, 0.0])  # 0 expects 2 × 1.2
    assert not gammonish.accepts(offer, 0, 1)
    assert gammonish.accepts(game.apply(Resign(1, 2)), 0, 2)


def test_agent_under_jacoby_counts_a_gammon_resignation_single() -> None:
    settings = Settings.for_variant(BACKGAMMON, {"jacoby": True})
    game = started_backgammon(settings)
    agent = agent_with(BACKGAMMON, [0.0, 0.0, 0.0, 0.999, 0.0])
    # gammons do not count yet: the hopeless roller's expected loss is a single game
    assert agent.resigns(game, 1) == 1
    assert agent.accepts(game.apply(Resign(1, 2)), 0, 2)


def test_agent_resigns_in_dutch_at_its_levels() -> None:
    game = Game.new(DUTCH).apply(OpeningRoll((5, 2)))
    assert game.phase is Phase.ROLLING and game.turn == 0
    assert agent_with(DUTCH, [0.0, 0.0, 0.0, 1.0, 1.0]).resigns(game, 0) == 2
    assert agent_with(DUTCH, [0.0, 0.0, 0.0, 0.0, 0.0]).resigns(game, 0) == 1
    assert agent_with(DUTCH, [0.3, 0.0, 0.0, 0.0, 0.0]).resigns(game, 0) is None
    assert agent_with(DUTCH, [0.0, 0.0, 0.0, 0.0, 0.0]).resigns(game, 1) is None  # not on turn


@pytest.mark.parametrize(
    ("scoring", "lose_gammon", "resigns"),
    [("mars", 0.9995, True), ("mars", 0.3, False), ("oin", 0.3, True), ("oin", 0.0, True)],
)
def test_long_nardy_resigns_only_when_hopeless(
    scoring: str, lose_gammon: float, resigns: bool
) -> None:
    settings = Settings.for_variant(LONG_NARDY, {"scoring": scoring})
    game = Game.new(LONG_NARDY, settings, starter=0)  # nothing borne off: a mars if "mars"
    agent = agent_with(LONG_NARDY, [0.0, 0.0, 0.0, lose_gammon, 0.0])
    level = agent.resigns(game, 0)
    assert (level is not None) is resigns
    if level is not None:
        over = game.apply(Resign(0, level))
        assert over.phase is Phase.OVER and over.result is not None
        assert over.result.winner == 1
    assert agent_with(LONG_NARDY, [0.01, 0.0, 0.0, 0.0, 0.0]).resigns(game, 0) is None


def test_B9_a_declined_offer_is_not_made_again_on_the_same_turn() -> None:
    game = started_backgammon()
    gammoned = agent_with(BACKGAMMON, [0.0, 0.0, 0.0, 0.999, 0.0])  # roller 1 is gammoned
    assert gammoned.resigns(game, 1) == 2
    declined = game.apply(Resign(1, 2)).apply(Decline(0))
    assert declined.phase is Phase.ROLLING and declined.turn == 1
    assert gammoned.resigns(declined, 1) is None  # a backgammon level gives far too much
    backgammoned = agent_with(BACKGAMMON, [0.0, 0.0, 0.0, 0.999, 0.999])
    assert backgammoned.resigns(declined, 1) == 3  # a higher level may still be offered
    rolled = declined.apply(Roll(1, (6, 5)))
    assert rolled.phase is Phase.MOVING


def test_B9_two_computers_that_disagree_about_a_resignation_play_on() -> None:
    """The roller thinks a gammon covers its loss; its opponent expects a backgammon and
    declines. Before, the roller offered again at once, for ever."""
    game = started_backgammon()
    roller = agent_with(BACKGAMMON, [0.0, 0.0, 0.0, 0.999, 0.0])
    other = agent_with(BACKGAMMON, [0.0, 0.0, 0.0, 1.0, 0.5])  # expects 2.5 points
    agents = (other, roller)
    events = []
    for _ in range(6):  # at most six events until the roll (before: never)
        if game.phase is Phase.MOVING:
            break
        event = next_event(game, agents, lambda: (6, 5))
        events.append(type(event).__name__)
        game = game.apply(event)
    assert events == ["Resign", "Decline", "Roll"]
