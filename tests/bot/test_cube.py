"""Cube decisions: money play (Janowski), the match equity table and match take points."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from itertools import pairwise

import pytest

from nardy.bot.decisions.chances import Probabilities, Values
from nardy.bot.decisions.cube import CubeContext, Owner, cubeful, decide
from nardy.bot.decisions.scales import MONEY, MatchEquityTable, MatchScale, kazaross_xg2
from nardy.rules.game import Double, Game, MakePlay, OpeningRoll, Take
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON

Chances = Callable[[float], Probabilities]


def no_gammons(p: float) -> Probabilities:
    return Probabilities(p)


def pass_point(context: CubeContext, chances: Chances = no_gammons) -> float:
    """The roller's win chance above which the opponent should pass (bisection)."""
    low, high = 0.0, 1.0
    for _ in range(60):
        middle = (low + high) / 2
        if decide(chances(middle), context).take:
            low = middle
        else:
            high = middle
    return low


# ----------------------------------------------------------------------------- money


def test_huge_favourite_doubles_and_the_opponent_passes() -> None:
    decision = decide(Probabilities(0.88), CubeContext())
    assert decision.double and not decision.take and not decision.too_good
    assert decision.double_pass < decision.double_take


def test_big_underdog_does_not_double() -> None:
    for p in (0.1, 0.3, 0.45):
        decision = decide(Probabilities(p, 0.05, 0.0, 0.1, 0.01), CubeContext())
        assert not decision.double and decision.take


def test_near_certain_gammon_is_too_good() -> None:
    decision = decide(Probabilities(0.97, 0.92, 0.02, 0.0, 0.0), CubeContext())
    assert decision.too_good and not decision.double and not decision.take
    assert decision.no_double > decision.double_pass


def test_gammons_count_only_after_a_take_with_the_jacoby_rule() -> None:
    sure_gammon = Probabilities(0.97, 0.92, 0.02, 0.0, 0.0)
    decision = decide(sure_gammon, CubeContext(jacoby=True))
    assert decision.double and not decision.take  # playing on wins a single game only
    assert decision.no_double < 1.0


@pytest.mark.parametrize("efficiency", [0.0, 0.5, 0.68, 1.0])
def test_money_take_point_without_gammons(efficiency: float) -> None:
    # Janowski's take point (L − ½)/(W + L + ½x) with W = L = 1: 25 % for a dead cube
    expected = 0.5 / (2.0 + 0.5 * efficiency)
    context = CubeContext(efficiency=efficiency)
    assert 1.0 - pass_point(context) == pytest.approx(expected, abs=1e-9)
    assert decide(Probabilities(1.0 - expected + 0.002), context).take is False
    assert decide(Probabilities(1.0 - expected - 0.002), context).take is True


def test_dead_cube_take_point_is_25_percent() -> None:
    context = CubeContext(efficiency=0.0)
    assert decide(Probabilities(0.749), context).take
    assert not decide(Probabilities(0.751), context).take


def test_gammons_move_the_take_point() -> None:
    # the roller wins a gammon in a third of its wins: the taker needs more
    def gammonish(p: float) -> Probabilities:
        return Probabilities(p, p / 3)

    context = CubeContext(efficiency=0.0)
    won, lost = 1 + 1 / 3, 1.0  # W and L of the roller; the taker's are swapped
    expected = (won - 0.5) / (won + lost)  # the taker's dead-cube take point
    assert 1.0 - pass_point(context, gammonish) == pytest.approx(expected, abs=1e-9)


def test_owned_cube_is_worth_more_than_a_centred_one_is_worth_more_than_none() -> None:
    probs = Probabilities(0.6, 0.1, 0.0, 0.05, 0.0)
    context = CubeContext()
    owned = cubeful(probs, context, owner=Owner.ROLLER)
    centred = cubeful(probs, context, owner=Owner.CENTRED)
    theirs = cubeful(probs, context, owner=Owner.OPPONENT)
    assert owned > centred > theirs


def test_cubeful_value_scales_with_the_cube_in_money_play() -> None:
    probs = Probabilities(0.6, 0.1, 0.0, 0.05, 0.0)
    assert cubeful(probs, CubeContext(cube=4)) == pytest.approx(4 * cubeful(probs, CubeContext()))


def test_no_double_when_the_cube_is_the_opponents_or_out_of_use() -> None:
    winning = Probabilities(0.85)
    assert not decide(winning, CubeContext(owner=Owner.OPPONENT)).double
    assert not decide(winning, CubeContext(in_use=False)).double
    assert not decide(winning, CubeContext(cube=64)).double
    assert decide(winning, CubeContext(owner=Owner.ROLLER, cube=2)).double


def test_janowski_is_the_limit_of_the_cube_level_recursion() -> None:
    class Linear(MatchScale):
        """Money values, but take points from the match recursion."""

        def win(self, points: int) -> float:
            return float(points)

        def lose(self, points: int) -> float:
            return -float(points)

        def flipped(self) -> Linear:
            return self

    probs = Probabilities(0.5, 0.2, 0.01, 0.1, 0.0)
    recursion = Linear(1, 1).take_point(probs, Values(), 1, 2**40)
    assert recursion == pytest.approx(MONEY.take_point(probs, Values(), 1, 64), abs=1e-9)


def test_gammon_values_come_from_the_variant() -> None:
    assert Values.of(BACKGAMMON, Settings()) == Values(2, 3)
    assert Values.of(NACKGAMMON, Settings(backgammon_value=2)) == Values(2, 2)
    assert Values.of(DUTCH, Settings()) == Values(2, 2)
    assert Values.of(LONG_NARDY, Settings(scoring="mars")) == Values(2, 2)
    assert Values.of(LONG_NARDY, Settings(scoring="oin")) == Values(1, 1)


def test_context_of_a_game() -> None:
    settings = Settings.for_variant(BACKGAMMON, {"jacoby": True})
    game = Game.new(BACKGAMMON, settings).apply(OpeningRoll((3, 1)))
    game = game.apply(MakePlay(0, ((8, 5), (6, 5))))
    context = CubeContext.for_game(game)
    assert (context.cube, context.owner, context.jacoby) == (1, Owner.CENTRED, True)
    game = game.apply(Double(1)).apply(Take(0))
    assert CubeContext.for_game(game, 1).owner is Owner.OPPONENT
    assert CubeContext.for_game(game, 0).owner is Owner.ROLLER
    assert (CubeContext.for_game(game, 1).cube, CubeContext.for_game(game, 1).jacoby) == (2, False)


# ----------------------------------------------------------------------------- the table


def test_table_loads_from_package_data_with_its_source() -> None:
    raw = json.loads((resources.files("nardy.bot") / "data" / "met-kazaross-xg2.json").read_text())
    assert "GNU Backgammon" in raw["source"] and "Kazaross-XG2.xml" in raw["source"]
    table = MatchEquityTable.load()
    assert table.length == 25 and len(table.post_crawford) == 25
    assert all(len(row) == 25 for row in table.pre_crawford)
    assert table.equity(1, 2) == 0.67736 and table.equity(25, 25) == 0.5


def test_table_is_symmetric() -> None:
    table = kazaross_xg2()
    for a in range(1, 26):
        for b in range(1, 26):
            assert table.equity(a, b) + table.equity(b, a) == pytest.approx(1.0, abs=1e-5)
            pc = table.equity(a, b, post_crawford=True) + table.equity(b, a, post_crawford=True)
            assert pc == pytest.approx(1.0, abs=1e-5)


def test_table_is_monotone() -> None:
    table = kazaross_xg2()
    for a in range(1, 26):
        for b in range(1, 25):
            assert table.equity(a, b + 1) > table.equity(a, b)  # the opponent further away
            assert table.equity(b + 1, a) < table.equity(b, a)  # oneself further away
    post = [table.equity(a, 1, post_crawford=True) for a in range(1, 26)]
    assert all(x >= y for x, y in pairwise(post))


def test_table_beyond_its_length_and_at_the_end() -> None:
    table = kazaross_xg2()
    assert table.equity(0, 5) == 1.0 and table.equity(5, 0) == 0.0
    assert table.equity(40, 40) == 0.5
    assert 0.5 < table.equity(30, 40) < 1.0


# ----------------------------------------------------------------------------- match play


def test_dead_cube_match_take_point_at_4_away_4_away() -> None:
    # taker passes: 4-away v 3-away; takes and loses: 4 v 2; takes and wins: 2 v 4
    table = kazaross_xg2()
    risk = table.equity(4, 3) - table.equity(4, 2)
    gain = table.equity(2, 4) - table.equity(4, 3)
    assert (risk, gain) == pytest.approx((0.42850 - 0.33130, 0.66870 - 0.42850))
    context = CubeContext(scale=MatchScale(4, 4), efficiency=0.0)
    assert 1.0 - pass_point(context) == pytest.approx(risk / (risk + gain), abs=1e-9)
    live = CubeContext(scale=MatchScale(4, 4))
    assert 1.0 - pass_point(live) < risk / (risk + gain)  # owning the cube is worth something


def test_match_take_point_at_2_away_2_away_is_the_crawford_equity() -> None:
    # any win or loss at cube 2 ends the match: the take point is ME(2-away, 1-away Crawford)
    for efficiency in (0.0, 0.68):
        for gammons in (0.0, 0.3):
            context = CubeContext(scale=MatchScale(2, 2), efficiency=efficiency)

            def chances(p: float, g: float = gammons) -> Probabilities:
                return Probabilities(p, p * g, 0.0, (1 - p) * g, 0.0)

            assert 1.0 - pass_point(context, chances) == pytest.approx(0.32264, abs=1e-9)


def test_post_crawford_take_points() -> None:
    # trailer 2-away v leader 1-away: passing leaves 1-away v 1-away, a free drop at 50 %
    context = CubeContext(scale=MatchScale(2, 1, post_crawford=True))
    assert 1.0 - pass_point(context) == pytest.approx(0.5, abs=1e-9)
    # trailer 3-away: passing leaves the trailer 2-away (0.48803); losing at 2 is 1-away v 1
    expected = (1.0 - 0.48803 - 0.5) / (1.0 - 0.5)
    context = CubeContext(scale=MatchScale(3, 1, post_crawford=True))
    assert 1.0 - pass_point(context) == pytest.approx(expected, abs=1e-9)


def test_match_doubles() -> None:
    # the trailer doubles at once after the Crawford game; the leader never doubles
    even = Probabilities(0.5, 0.1, 0.0, 0.1, 0.0)
    assert decide(even, CubeContext(scale=MatchScale(2, 1, post_crawford=True))).double
    assert not decide(Probabilities(0.9), CubeContext(scale=MatchScale(1, 4, True))).double
    # at 2-away 2-away a 75 % favourite doubles and the opponent passes (take point 32 %)
    decision = decide(Probabilities(0.75), CubeContext(scale=MatchScale(2, 2)))
    assert decision.double and not decision.take
    assert decide(Probabilities(0.66), CubeContext(scale=MatchScale(2, 2))).take


def test_context_of_a_match_game() -> None:
    settings = Settings.for_variant(BACKGAMMON, {"match_to": 5})
    match = Match.new(BACKGAMMON, settings).apply(OpeningRoll((6, 1)))
    match = match.apply(MakePlay(0, ((13, 7), (8, 7)))).apply(Double(1)).apply(Take(0))
    game = match.game
    scale = CubeContext.for_game(game, 1, match).scale
    assert scale == MatchScale(5, 5, post_crawford=False)
    assert CubeContext.for_game(game, 1, match).cube == 2
