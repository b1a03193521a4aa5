"""Backgammon rules B1–B4 (RULES.md), each test named after its rule. B5 (opening) is game flow."""

from __future__ import annotations

import pytest
from positions import bg, finals, single_steps

from nardy.rules import InvalidPositionError, Position, legal_plays
from nardy.rules.cells import OPP_BAR
from nardy.variants import BACKGAMMON, NACKGAMMON


def test_B1_start_position() -> None:
    start = BACKGAMMON.start_position()
    assert start == bg({24: 2, 13: 5, 8: 3, 6: 5}, {1: 2, 12: 5, 17: 3, 19: 5})
    assert start.flipped() == start
    assert start.bar == start.off == start.reserve == (0, 0)


def test_B1_opposite_directions() -> None:
    # The roller's point p is the opponent's 25 − p.
    position = bg({24: 1, 3: 14}, {20: 1, 1: 14})
    assert position.flipped() == bg({5: 1, 24: 14}, {1: 1, 22: 14})


def test_B1_nackgammon_start() -> None:
    start = NACKGAMMON.start_position()
    own = {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
    opp = {25 - p: n for p, n in own.items()}
    board = [0] * 24
    for p, n in own.items():
        board[p - 1] = n
    for p, n in opp.items():
        board[p - 1] = -n
    assert start == Position.build(NACKGAMMON, board)


def test_B1_no_reserve_in_backgammon() -> None:
    board = [0] * 24
    board[5], board[18] = 14, -15
    with pytest.raises(InvalidPositionError, match="no reserve"):
        Position.build(BACKGAMMON, board, reserve=(1, 0))


def test_B2_landing_empty_own_blot_not_blocked() -> None:
    position = bg({13: 1, 9: 1, 1: 13}, {10: 1, 11: 2, 7: 2})
    assert single_steps(position, 4) == {(13, 9), (9, 5)}  # own point, empty point
    assert single_steps(position, 3) == {(13, 10), (9, 6)}  # a blot, empty point
    assert single_steps(position, 2) == set()  # 11 and 7 are blocked


def test_B2_hit_blot_goes_to_opponent_bar() -> None:
    position = bg({13: 1, 1: 14}, {10: 1, 20: 2})
    [(source, target, after)] = list(BACKGAMMON.steps(position.cells, 3, None))
    assert (source, target) == (13, 10)
    assert after[10] == 1 and after[OPP_BAR] == 1
    # 13 → 10* → 9 hits on the way; 13 → 12 → 9 does not: two different final positions.
    assert finals(position, (3, 1)) == {
        bg({9: 1, 1: 14}, {20: 2}, bar=(0, 1)),
        bg({9: 1, 1: 14}, {10: 1, 20: 2}),
    }


def test_B2_three_opponent_checkers_block_too() -> None:
    position = bg({13: 1, 1: 14}, {10: 3, 20: 2})
    assert single_steps(position, 3) == set()


def test_B2_intermediate_landing_blocked() -> None:
    # 13 → 7 and 13 → 8 are both blocked, so 13 cannot reach 2 with 6-5; 24 moves instead.
    opp = {7: 2, 8: 2}
    position = bg({13: 1, 24: 1, 1: 13}, opp)
    result = finals(position, (6, 5))
    assert result == {bg({13: 2, 1: 13}, opp)}


def test_B2_passing_over_blocked_points() -> None:
    # 8..12 are all blocked; 13 → 7 jumps over them.
    opp = {12: 2, 11: 2, 10: 2, 9: 2, 8: 2}
    position = bg({13: 1, 1: 14}, opp)
    assert single_steps(position, 6) == {(13, 7)}


def test_B3_bar_first_with_two_on_the_bar() -> None:
    # Both dice must enter; the checkers on the board may not move, although they could.
    position = bg({13: 3, 6: 10}, {1: 2}, bar=(2, 0))
    plays = legal_plays(position, (6, 5))
    assert {p.position for p in plays} == {bg({19: 1, 20: 1, 13: 3, 6: 10}, {1: 2})}
    assert all(set(p.steps) == {(25, 19), (25, 20)} for p in plays)


def test_B3_two_on_bar_one_entry_blocked() -> None:
    # Only the 5 enters (19 is blocked); the other checker stays on the bar, so the 6 is lost.
    opp = {19: 2}
    position = bg({13: 3, 6: 10}, opp, bar=(2, 0))
    assert finals(position, (6, 5)) == {bg({20: 1, 13: 3, 6: 10}, opp, bar=(1, 0))}


def test_B3_double_enters_then_moves() -> None:
    # 3-3 with two on the bar: both enter on 22, then the two other threes are free.
    position = bg({6: 13}, {1: 2}, bar=(2, 0))
    result = finals(position, (3, 3))
    assert bg({22: 2, 6: 11, 3: 2}, {1: 2}) in result
    assert bg({19: 2, 6: 13}, {1: 2}) in result
    assert bg({22: 1, 16: 1, 6: 13}, {1: 2}) in result
    assert all(p.bar == (0, 0) for p in result)


def test_B3_remaining_die_by_any_checker() -> None:
    opp = {1: 2}
    position = bg({13: 4, 6: 10}, opp, bar=(1, 0))
    assert finals(position, (6, 5)) == {
        bg({19: 1, 13: 3, 8: 1, 6: 10}, opp),  # enter with the 6, then 13 → 8
        bg({14: 1, 13: 4, 6: 10}, opp),  # enter with the 6, then 19 → 14
        bg({20: 1, 13: 3, 7: 1, 6: 10}, opp),  # enter with the 5, then 13 → 7
    }


def test_B3_bar_entry_blocked_means_no_play() -> None:
    opp = {19: 2, 20: 2}
    position = bg({13: 4, 6: 10}, opp, bar=(1, 0))
    assert legal_plays(position, (6, 5)) == ()


def test_B4_hitting_not_compulsory() -> None:
    opp = {20: 2, 9: 1}
    position = bg({13: 1, 6: 14}, opp)
    result = finals(position, (4, 1))
    assert bg({9: 1, 6: 13, 5: 1}, {20: 2}, bar=(0, 1)) in result  # hit
    assert bg({13: 1, 6: 12, 5: 1, 2: 1}, opp) in result  # no hit
    assert bg({8: 1, 6: 14}, opp) in result  # 13 → 12 → 8 passes the blot by
