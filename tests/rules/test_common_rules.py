"""Rules common to every variant, C1–C6 (RULES.md), each test named after its rule."""

from __future__ import annotations

import pytest
from positions import Counts, bg, finals, single_steps

from nardy.rules import IllegalPlayError, InvalidPositionError, Position, legal_plays
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, Dutch


def far(own: Counts) -> Position:
    """The roller's ``own`` checkers, with the opponent out of the way (2 on its bar)."""
    return bg(own, {}, bar=(0, 2))


def test_C1_fifteen_checkers_a_side_in_every_start() -> None:
    for variant in (BACKGAMMON, LONG_NARDY, DUTCH, NACKGAMMON, Dutch(enter_all_first=True)):
        start = variant.start_position()
        start.validate()
        board = start.board
        assert len(board) == 24
        own = sum(n for n in board if n > 0) + start.bar[0] + start.reserve[0] + start.off[0]
        opp = -sum(n for n in board if n < 0) + start.bar[1] + start.reserve[1] + start.off[1]
        assert own == opp == 15, variant


def test_C1_wrong_checker_count_rejected() -> None:
    board = [0] * 24
    board[5], board[18] = 14, -15
    with pytest.raises(InvalidPositionError, match="roller has 14 checkers"):
        Position.build(BACKGAMMON, board)


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (3, 3, 3), (1,), (2.0, 1), (True, 2)])
def test_C1_dice_are_two_six_sided_dice(dice: tuple[int, int]) -> None:
    with pytest.raises(IllegalPlayError, match="dice"):
        legal_plays(BACKGAMMON.start_position(), dice)


def test_C2_dice_are_never_summed() -> None:
    # 13 with 6-5: both 7 and 8 are blocked, so the checker cannot reach the open 2.
    position = bg({13: 1, 1: 14}, {7: 2, 8: 2})
    assert finals(position, (6, 5)) == set()


def test_C2_one_checker_both_dice_or_two_checkers() -> None:
    position = far({24: 1, 20: 1, 1: 13})
    assert finals(position, (3, 1)) == {
        far({20: 2, 1: 13}),
        far({24: 1, 16: 1, 1: 13}),
        far({21: 1, 19: 1, 1: 13}),
        far({23: 1, 17: 1, 1: 13}),
    }
    for play in legal_plays(position, (3, 1)):
        assert sorted(s - t for s, t in play.steps) == [1, 3]


def test_C2_double_gives_four_steps() -> None:
    plays = legal_plays(BACKGAMMON.start_position(), (2, 2))
    assert plays
    for play in plays:
        assert len(play.steps) == 4
        assert all(s - t == 2 for s, t in play.steps)
    lone = far({24: 1, 1: 14})
    assert finals(lone, (2, 2)) == {far({16: 1, 1: 14})}


def test_C3_larger_die_when_only_one_playable() -> None:
    # 10 → 4 (6) or 10 → 5 (5), but never both; the 24s are blocked (18, 19 held).
    position = bg({24: 2, 10: 1, 1: 12}, {18: 2, 19: 2})
    assert finals(position, (6, 5)) == {bg({24: 2, 4: 1, 1: 12}, {18: 2, 19: 2})}


def test_C3_smaller_die_when_larger_not_playable() -> None:
    position = bg({24: 2, 10: 1, 1: 12}, {18: 2, 19: 2, 4: 2})
    assert finals(position, (6, 5)) == {bg({24: 2, 5: 1, 1: 12}, {18: 2, 19: 2, 4: 2})}


def test_C3_small_die_first_enables_the_large() -> None:
    # 13 → 7 is blocked; 13 → 12 → 6 plays both dice, so a lone 1 is not a legal play.
    opp = {7: 2, 19: 2}
    position = bg({13: 1, 1: 14}, opp)
    plays = legal_plays(position, (6, 1))
    assert {p.position for p in plays} == {bg({6: 1, 1: 14}, opp)}
    assert [p.steps for p in plays] == [((13, 12), (12, 6))]


def test_C3_large_die_first_enables_the_small() -> None:
    # 13 → 12 is blocked; 13 → 7 → 6 plays both dice.
    opp = {12: 2, 19: 2}
    position = bg({13: 1, 1: 14}, opp)
    assert finals(position, (6, 1)) == {bg({6: 1, 1: 14}, opp)}


def test_C3_both_dice_required_even_if_single_die_plays_exist() -> None:
    # 24 → 19 alone is a play of one die; 24 → 19 → 13 plays both, so only it is legal.
    position = bg({24: 2, 1: 13}, {18: 2})
    plays = legal_plays(position, (6, 5))
    assert [p.steps for p in plays] == [((24, 19), (19, 13))]


def test_C3_double_partially_playable() -> None:
    # 24 → 20 → 16, then 12 is blocked: only two of the four fours can be played.
    opp = {12: 2, 19: 1}
    position = bg({24: 1, 1: 14}, opp)
    plays = legal_plays(position, (4, 4))
    assert [len(p.steps) for p in plays] == [2]
    assert {p.position for p in plays} == {bg({16: 1, 1: 14}, opp)}


def test_C3_double_maximum_over_checkers() -> None:
    # Three fours at most: two with the 24 (12 blocked) and one with the 9.
    opp = {12: 2, 1: 2}
    position = bg({24: 1, 9: 1, 2: 13}, opp)
    assert finals(position, (4, 4)) == {bg({16: 1, 5: 1, 2: 13}, opp)}


def test_C4_no_legal_step_passes() -> None:
    closed = {p: 2 for p in range(19, 25)}
    position = bg({6: 13}, closed, bar=(2, 0))
    assert legal_plays(position, (6, 5)) == ()
    assert legal_plays(position, (3, 3)) == ()


def test_C5_each_final_position_once() -> None:
    lone = far({24: 1, 1: 14})
    plays = legal_plays(lone, (2, 1))
    assert len(plays) == 1
    assert plays[0].position == far({21: 1, 1: 14})
    for variant in (BACKGAMMON, LONG_NARDY, DUTCH):
        for dice in ((3, 1), (4, 4), (6, 5), (1, 1)):
            plays = legal_plays(variant.start_position(), dice)
            assert len({p.position for p in plays}) == len(plays)


def test_C6_bear_off_from_exact_point_or_move() -> None:
    position = far({6: 1, 3: 1})
    # Bearing off is never forced while an ordinary move with the die exists.
    assert single_steps(position, 3) == {(6, 3), (3, 0)}
    assert single_steps(position, 6) == {(6, 0)}


def test_C6_higher_die_bears_off_from_highest_only() -> None:
    position = far({4: 1, 2: 1})
    assert single_steps(position, 6) == {(4, 0)}
    assert single_steps(position, 5) == {(4, 0)}


def test_C6_must_move_when_a_higher_checker_exists() -> None:
    position = far({4: 1, 2: 1})
    assert single_steps(position, 3) == {(4, 1)}
    blocked = bg({4: 1, 2: 1}, {1: 2})
    assert single_steps(blocked, 3) == set()  # cannot bear off the 2 either


def test_C6_not_while_a_checker_is_outside_home() -> None:
    position = far({7: 1, 5: 1, 1: 13})
    assert single_steps(position, 5) == {(7, 2)}
    assert single_steps(position, 6) == {(7, 1)}


def test_C6_not_while_a_checker_is_on_the_bar() -> None:
    position = bg({5: 14}, {}, bar=(1, 2))
    assert single_steps(position, 5) == {(25, 20)}


def test_C6_step_home_then_bear_off() -> None:
    # 8 → 2 brings the last checker home, so the 2 may then be borne off (or 8 → 6, 6 off).
    position = far({8: 1, 1: 14})
    assert finals(position, (6, 2)) == {far({1: 14})}


def test_C6_bear_off_is_a_choice_subject_to_C3() -> None:
    # 4-2 from 6, 6, 2: bear off (6 → 2 → off, 6 → 4 → off, 2 off and 6 → 2) or move only.
    position = far({6: 2, 2: 1})
    assert finals(position, (4, 2)) == {far({6: 1, 2: 1}), far({4: 1, 2: 2})}
