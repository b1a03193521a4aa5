"""Chouette (RULES.md CH1–CH8) with scripted dice, and many random sessions."""

from __future__ import annotations

import os

import pytest

from nardy.bot.agents.agent import RandomAgent, play_chouette, seeded_dice
from nardy.rules.chouette import Chouette, TeamDouble, rotate
from nardy.rules.errors import IllegalActionError
from nardy.rules.game import Double, Drop, MakePlay, OpeningRoll, Phase, Resign, Roll, Take
from nardy.variants import BACKGAMMON


def table_of(n: int, dice: tuple[int, ...] | None = None) -> Chouette:
    """A table of ``n`` whose roll-off makes participant 0 the box, 1 the captain, …"""
    table = Chouette.new([f"p{i}" for i in range(n)], BACKGAMMON)
    return table.roll_off(dice or tuple(range(6, 6 - n, -1)))


def opened(table: Chouette) -> Chouette:
    """The box wins the opening 3-1 and makes its point; the team is to roll."""
    return table.act(table.box, OpeningRoll((3, 1))).act(table.box, MakePlay(0, ((8, 5), (6, 5))))


def test_CH1_highest_is_box_second_captain_rest_in_roll_order() -> None:
    table = Chouette.new(["a", "b", "c", "d"], BACKGAMMON).roll_off((2, 6, 3, 5))
    assert table.order == (1, 3, 2, 0)
    assert (table.box, table.captain, table.team) == (1, 3, (3, 2, 0))


def test_CH1_ties_roll_again_among_themselves() -> None:
    table = Chouette.new(["a", "b", "c", "d"], BACKGAMMON).roll_off((4, 4, 1, 4))
    assert table.rolling_off() == (0, 1, 3)
    assert table.game is None
    table = table.roll_off((5, 5, 2))
    assert table.rolling_off() == (0, 1)
    table = table.roll_off((1, 3))
    assert table.order == (1, 0, 3, 2)


def test_CH1_needs_three_participants() -> None:
    with pytest.raises(IllegalActionError, match="three or more"):
        Chouette.new(["a", "b"], BACKGAMMON)


def test_CH2_only_the_captain_moves_the_team_checkers() -> None:
    table = opened(table_of(3))
    with pytest.raises(IllegalActionError, match="only the captain"):
        table.act(2, Roll(1, (6, 5)))
    table = table.act(1, Roll(1, (6, 5)))
    assert table.game is not None and table.game.phase is Phase.MOVING


def test_CH2_only_the_box_moves_the_box_checkers() -> None:
    table = table_of(3)
    table = table.act(0, OpeningRoll((3, 1)))
    with pytest.raises(IllegalActionError, match="only the box"):
        table.act(1, MakePlay(0, ((8, 5), (6, 5))))


def test_CH3_team_double_needs_every_member() -> None:
    table = opened(table_of(4))
    with pytest.raises(IllegalActionError, match="missing: 3"):
        table.act(1, TeamDouble((1, 2)))
    with pytest.raises(IllegalActionError, match="agreement"):
        table.act(1, Double(1))
    doubled = table.act(1, TeamDouble((1, 2, 3)))
    assert doubled.game is not None and doubled.game.phase is Phase.DOUBLED


def test_CH3_only_the_captain_offers_the_team_double() -> None:
    table = opened(table_of(3))
    with pytest.raises(IllegalActionError, match="captain"):
        table.act(2, TeamDouble((1, 2)))


def test_CH4_members_answer_the_box_double_alone() -> None:
    table = opened(table_of(4)).act(1, Roll(1, (2, 1)))
    table = table.act(1, MakePlay(1, ((24, 22), (22, 21))))
    table = table.act(0, Double(0))
    table = table.act(2, Drop(1))
    assert table.game is not None and table.game.phase is Phase.DOUBLED
    with pytest.raises(IllegalActionError, match="already answered"):
        table.act(2, Take(1))
    table = table.act(1, Take(1)).act(3, Take(1))
    assert table.team == (1, 3)
    assert table.paid == (1, 0, -1, 0)  # the dropper paid the stake before the double
    assert table.game is not None and table.game.cube == 2


def test_CH4_captain_who_drops_hands_the_checkers_to_the_next_taker() -> None:
    table = opened(table_of(4)).act(1, Roll(1, (2, 1)))
    table = table.act(1, MakePlay(1, ((24, 22), (22, 21))))
    table = table.act(0, Double(0)).act(1, Drop(1)).act(2, Drop(1)).act(3, Take(1))
    assert table.captain == 3
    with pytest.raises(IllegalActionError, match="only the captain"):
        table.act(1, Roll(1, (6, 5)))


def test_CH4_everybody_drops_ends_the_game() -> None:
    table = opened(table_of(3)).act(1, Roll(1, (2, 1)))
    table = table.act(1, MakePlay(1, ((24, 22), (22, 21))))
    table = table.act(0, Double(0)).act(1, Drop(1)).act(2, Drop(1))
    assert len(table.history) == 1
    assert table.history[0].payments == (2, -1, -1)
    assert table.history[0].box_won


def test_CH5_box_settles_with_each_member_still_in() -> None:
    table = opened(table_of(4)).act(1, TeamDouble((1, 2, 3))).act(0, Drop(0))
    assert table.history[0].payments == (-3, 1, 1, 1)


def test_CH6_box_stays_when_it_beats_the_captain() -> None:
    assert rotate((5, 1, 2, 3), box_won=True) == (5, 2, 3, 1)


def test_CH6_captain_becomes_box_when_it_wins() -> None:
    table = opened(table_of(4)).act(1, TeamDouble((1, 2, 3))).act(0, Drop(0))
    assert table.order == (1, 2, 3, 0)
    assert (table.box, table.captain) == (1, 2)


def test_CH6_a_captain_who_dropped_has_lost_to_the_box() -> None:
    table = opened(table_of(3)).act(1, Roll(1, (2, 1)))
    table = table.act(1, MakePlay(1, ((24, 22), (22, 21))))
    table = table.act(0, Double(0)).act(1, Drop(1)).act(2, Take(1))
    assert table.captain == 2
    table = table.act(0, Roll(0, (6, 5)))
    table = table.act(0, MakePlay(0, ((13, 7), (13, 8))))
    table = table.act(2, TeamDouble((2,))).act(0, Drop(0))
    settled = table.history[-1]
    assert settled.box_won  # the original captain dropped
    assert settled.payments == (-1, -1, 2)
    assert table.order == (0, 2, 1)


def test_CH8_a_member_who_resigns_pays_the_box_and_is_out() -> None:
    table = opened(table_of(4)).act(1, TeamDouble((1, 2, 3))).act(0, Take(0))
    table = table.act(2, Resign(1, 2))  # a gammon at a cube of 2
    assert table.team == (1, 3) and table.paid == (4, 0, -4, 0)
    assert table.game is not None and table.game.phase is Phase.ROLLING  # play goes on
    table = table.act(1, Resign(1, 1))  # the captain: the next member takes the checkers
    assert table.captain == 3 and table.paid == (6, -2, -4, 0)
    table = table.act(3, Resign(1, 1))  # the last one: the game is over, the box won
    settled = table.history[-1]
    assert settled.payments == (8, -2, -4, -2) and settled.box_won
    assert sum(table.ledger) == 0 and table.box == 0  # CH6: the box stays


def test_CH8_the_box_who_resigns_pays_every_member_still_in() -> None:
    table = opened(table_of(3)).act(1, Roll(1, (2, 1)))
    table = table.act(0, Resign(0, 1))  # while the captain is moving
    settled = table.history[-1]
    assert settled.payments == (-2, 1, 1) and not settled.box_won
    assert (table.box, table.captain) == (1, 2)  # CH6: the captain takes the box


def test_CH8_no_resignation_instead_of_an_answer_to_the_double() -> None:
    table = opened(table_of(3)).act(1, Roll(1, (2, 1)))
    table = table.act(1, MakePlay(1, ((24, 22), (22, 21)))).act(0, Double(0))
    with pytest.raises(IllegalActionError, match="take or drop"):
        table.act(2, Resign(1, 1))
    with pytest.raises(IllegalActionError, match="pending"):
        table.act(0, Resign(0, 1))
    with pytest.raises(IllegalActionError, match="level"):
        opened(table_of(3)).act(0, Resign(0, 4))


def test_CH7_ledger_sums_to_zero() -> None:
    table = opened(table_of(3)).act(1, TeamDouble((1, 2))).act(0, Drop(0))
    assert table.ledger == (-2, 1, 1)
    assert sum(table.ledger) == 0


SESSIONS = int(os.environ.get("NARDY_CHOUETTE_SESSIONS", "40"))


@pytest.mark.parametrize("size", [3, 4, 5])
def test_CH7_random_sessions_always_balance(size: int) -> None:
    for seed in range(SESSIONS // 3 + 1):
        agents = [RandomAgent(seed * 10 + i, double=0.3, take=0.6) for i in range(size)]
        table = Chouette.new([f"p{i}" for i in range(size)], BACKGAMMON)
        table = play_chouette(table, agents, seeded_dice(seed), games=4)
        assert sum(table.ledger) == 0
        assert len(table.history) == 4
        for settled, following in zip(table.history, table.history[1:], strict=False):
            assert sum(settled.payments) == 0
            assert settled.game.phase is Phase.OVER
            expected = settled.box if settled.box_won else settled.captain
            assert following.box == expected  # CH6
