"""Long nardy rules LN1–LN6 (RULES.md), each test named after the rule it pins down."""

from __future__ import annotations

import pytest
from positions import Counts, build, finals, single_steps

from nardy.rules import InvalidPositionError, Position, legal_plays
from nardy.variants import LONG_NARDY


def nardy(own: Counts, opp: Counts, off: tuple[int, int] | None = None) -> Position:
    """A long-nardy position; checkers not placed are borne off unless ``off`` is given."""
    return build(LONG_NARDY, own, opp, off=off)


START = LONG_NARDY.start_position()


def test_LN1_start_position_and_same_direction() -> None:
    assert nardy({24: 15}, {12: 15}) == START
    assert START.flipped() == START
    assert START.bar == START.reserve == (0, 0)
    # Both travel the same way: the roller's point p is the opponent's p ± 12.
    lone = nardy({24: 14, 3: 1}, {12: 14, 20: 1})
    assert lone.flipped() == nardy({24: 14, 8: 1}, {12: 14, 15: 1})


def test_LN1_no_bar_and_no_reserve() -> None:
    board = [0] * 24
    board[23], board[11] = 14, -15
    with pytest.raises(InvalidPositionError, match="no bar"):
        Position.build(LONG_NARDY, board, bar=(1, 0))
    with pytest.raises(InvalidPositionError, match="no reserve"):
        Position.build(LONG_NARDY, board, reserve=(1, 0))


def test_LN2_single_opponent_checker_closes_a_point() -> None:
    position = nardy({24: 14, 18: 1}, {12: 14, 14: 1})
    assert single_steps(position, 4, (4, 1)) == {(24, 20)}  # 18 → 14 is closed, no hit
    assert single_steps(position, 2, (2, 1)) == {(24, 22), (18, 16)}


def test_LN2_intermediate_landing_closed_but_passing_allowed() -> None:
    position = nardy({24: 14, 18: 1}, {12: 13, 15: 1, 14: 1})
    # 18 with 3-1: 18 → 15 closed, 18 → 17 → 14 closed; so 18 cannot go to 14 via any order.
    result = finals(position, (3, 1))
    assert all(p.board[13] <= 0 for p in result)
    # Passing over the closed 15 and 14 is fine: 18 → 13 with a 5.
    assert (18, 13) in single_steps(position, 5, (5, 2))


def test_LN2_own_stacks_unlimited() -> None:
    position = nardy({24: 1, 18: 14}, {12: 15})
    assert (24, 18) in single_steps(position, 6, (6, 1))


def test_LN3_one_checker_from_head_per_turn() -> None:
    position = nardy({24: 14, 10: 1}, {12: 14, 8: 1})
    for play in legal_plays(position, (2, 2)):
        assert play.position.board[23] == 13
    assert finals(position, (6, 5)) >= {nardy({24: 13, 13: 1, 10: 1}, {12: 14, 8: 1})}
    assert all(p.board[23] == 13 for p in finals(position, (6, 5)))


def test_LN3_no_exception_for_ordinary_first_rolls() -> None:
    for dice in ((5, 5), (2, 2), (1, 1), (6, 5)):
        assert all(p.board[23] == 14 for p in finals(START, dice)), dice


def test_LN3_head_exception_66() -> None:
    assert finals(START, (6, 6)) == {nardy({24: 13, 18: 2}, {12: 15})}


def test_LN3_head_exception_44() -> None:
    assert finals(START, (4, 4)) == {nardy({24: 13, 16: 2}, {12: 15})}


def test_LN3_head_exception_33() -> None:
    assert finals(START, (3, 3)) == {
        nardy({24: 13, 18: 2}, {12: 15}),
        nardy({24: 13, 21: 1, 15: 1}, {12: 15}),
    }


def test_LN3_head_exception_only_on_first_turn() -> None:
    position = nardy({24: 14, 23: 1}, {12: 15})
    assert all(p.board[23] == 13 for p in finals(position, (6, 6)))


def test_LN3_head_exception_to_exception_55_then_44() -> None:
    # The opponent opened with 5-5: 14 on its head, one checker 20 pips on (its path index 21,
    # the roller's point 16). The roller's 4-4 may take only one checker from the head, and
    # 24 → 20 → 16 runs into that checker.
    position = nardy({24: 15}, {12: 14, 16: 1})
    assert finals(position, (4, 4)) == {nardy({24: 14, 20: 1}, {12: 14, 16: 1})}


def test_LN3_exception_to_exception_applies_to_44_only() -> None:
    position = nardy({24: 15}, {12: 14, 16: 1})
    assert finals(position, (6, 6)) == {nardy({24: 13, 18: 2}, {12: 14, 16: 1})}
    assert all(p.board[23] == 13 for p in finals(position, (3, 3)))


def test_LN3_exception_to_exception_needs_the_55_position() -> None:
    # One opponent checker 18 pips from its head (not 20): the 4-4 exception holds.
    position = nardy({24: 15}, {12: 14, 18: 1})
    assert finals(position, (4, 4)) == {nardy({24: 13, 16: 2}, {12: 14, 18: 1})}


def test_LN4_six_prime_forbidden_with_no_opponent_ahead() -> None:
    # Roller holds 20..16 (opponent path 17..21); a checker on 21 would close six in a row.
    opp = {12: 15}
    position = nardy({24: 10, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1}, opp)
    assert (24, 21) not in single_steps(position, 3, (3, 1))
    assert (20, 15) in single_steps(position, 5, (5, 1))  # moves the block, does not extend it


def test_LN4_six_prime_allowed_with_opponent_checker_ahead() -> None:
    # An opponent checker on the roller's 14 (path index 23) is ahead of 16..21.
    position = nardy({24: 10, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1}, {12: 14, 14: 1})
    assert (24, 21) in single_steps(position, 3, (3, 1))


def test_LN4_six_prime_not_allowed_with_opponent_checker_at_block_end() -> None:
    # Opponent on the roller's 15 (index 22) is right after the block 21..16 (16..21): ahead.
    # Opponent on the roller's 22 (index 15) is behind it: the block is forbidden.
    ahead = nardy({24: 10, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1}, {12: 14, 15: 1})
    behind = nardy({24: 10, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1}, {12: 14, 22: 1})
    assert (24, 21) in single_steps(ahead, 3, (3, 1))
    assert (24, 21) not in single_steps(behind, 3, (3, 1))


def test_LN4_six_prime_allowed_once_opponent_has_borne_off() -> None:
    position = nardy({24: 10, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1}, {12: 14}, off=(0, 1))
    assert (24, 21) in single_steps(position, 3, (3, 1))


def test_LN4_six_prime_across_points_1_and_24() -> None:
    # Roller's 3, 2, 1, 24, 23 hold opponent path 10..14; a checker on 22 (15) closes six.
    own = {24: 9, 23: 1, 3: 1, 2: 1, 1: 1, 7: 2}
    behind = nardy(own, {12: 15})
    assert (24, 22) not in single_steps(behind, 2, (2, 1))
    ahead = nardy(own, {12: 14, 21: 1})  # index 16, past the block
    assert (24, 22) in single_steps(ahead, 2, (2, 1))
    # Closing the same block from the other end, onto the roller's 4 (index 9).
    assert (7, 4) not in single_steps(behind, 3, (3, 1))
    assert (7, 4) in single_steps(ahead, 3, (3, 1))


def test_LN4_no_wrap_between_points_13_and_12() -> None:
    # The roller's 13 (index 24) and 12 (index 1) are the two ends of the opponent's path.
    own = {24: 10, 16: 1, 15: 1, 14: 1, 13: 1, 11: 1}
    position = nardy(own, {22: 15})
    assert nardy(own, {22: 15}).board[11] == 0
    assert (13, 12) in single_steps(position, 1, (1, 2))


def test_LN4_six_prime_checked_after_every_step() -> None:
    # The checker on 23 (index 14) can go on only via 21 (index 16), which closes 21..16 with
    # nobody ahead, or 22 (an opponent checker). 23 → 21 → 20 would end with just five points
    # held, but its first step is illegal, so that final position is not a legal play.
    opp = {12: 14, 22: 1}
    position = nardy({24: 9, 23: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1}, opp)
    assert (23, 21) not in single_steps(position, 2, (2, 1))
    through_prime = nardy({24: 9, 20: 2, 19: 1, 18: 1, 17: 1, 16: 1}, opp)
    result = finals(position, (2, 1))
    assert through_prime not in result
    # Breaking the block first makes 23 → 21 legal.
    assert nardy({24: 9, 21: 1, 19: 2, 18: 1, 17: 1, 16: 1}, opp) in result


def test_LN4_block_may_move_when_its_last_checker_leaves() -> None:
    # 20..16 held by single checkers: 20 → 15 makes 19..15, five points, which is legal.
    position = nardy({24: 10, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1}, {12: 15})
    moved = nardy({24: 9, 23: 1, 19: 1, 18: 1, 17: 1, 16: 1, 15: 1}, {12: 15})
    assert moved in finals(position, (5, 1))


def test_LN5_max_dice_over_plays_obeying_head_rule() -> None:
    # 24 → 18 then 18 → 13 is closed, and a second checker may not leave the head, so only
    # one die can be played: the larger (the 6), although 24 → 19 is open.
    position = nardy({24: 14, 1: 1}, {12: 14, 13: 1})
    assert finals(position, (6, 5)) == {nardy({24: 13, 18: 1, 1: 1}, {12: 14, 13: 1})}


def test_LN6_bear_off_only_when_all_home() -> None:
    home = nardy({6: 1, 3: 1}, {13: 15})
    assert single_steps(home, 3, (3, 1)) == {(6, 3), (3, 0)}
    assert single_steps(home, 5, (5, 1)) == {(6, 1)}
    assert single_steps(home, 6, (6, 1)) == {(6, 0)}
    outside = nardy({7: 1, 3: 1}, {13: 15})
    assert single_steps(outside, 3, (3, 1)) == {(7, 4)}
    assert single_steps(outside, 6, (6, 1)) == {(7, 1)}


def test_LN6_step_home_then_bear_off() -> None:
    position = nardy({8: 1, 1: 2}, {13: 15})
    assert finals(position, (6, 2)) == {nardy({1: 2}, {13: 15})}
