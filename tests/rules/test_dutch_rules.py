"""Dutch backgammon rules D1–D5 (RULES.md), each test named after its rule."""

from __future__ import annotations

from positions import Counts, build, finals, single_steps

from nardy.rules import Position, legal_plays
from nardy.rules.variant import Variant
from nardy.variants import DUTCH, Dutch

STRICT = Dutch(enter_all_first=True)


def dutch(
    own: Counts,
    opp: Counts,
    bar: tuple[int, int] = (0, 0),
    reserve: tuple[int, int] = (0, 0),
    variant: Variant = DUTCH,
) -> Position:
    """A Dutch position; checkers not placed, on the bar or in reserve are borne off."""
    return build(variant, own, opp, bar, reserve)


def test_D1_start_in_reserve() -> None:
    start = DUTCH.start_position()
    assert start.reserve == (15, 15)
    assert start.board == (0,) * 24
    assert start.bar == start.off == (0, 0)
    assert start.flipped() == start
    assert STRICT.start_position().reserve == (15, 15)


def test_D1_reserve_enters_like_the_bar() -> None:
    start = DUTCH.start_position()
    for die in range(1, 7):
        assert single_steps(start, die) == {(26, 25 - die)}
    assert finals(start, (3, 3)) >= {dutch({22: 4}, {}, reserve=(11, 15))}


def test_D1_two_opponent_checkers_block_as_in_backgammon() -> None:
    # Even with a checker at home (D4 satisfied), a point of two is closed (B2).
    position = dutch({3: 1, 13: 1}, {20: 2, 10: 2}, reserve=(13, 11))
    assert single_steps(position, 5) == {(13, 8)}  # entering on 20 is blocked
    assert single_steps(position, 3) == {(26, 22)}  # 13 → 10 is blocked


def test_D2_default_entering_is_optional_and_mixes_with_moving() -> None:
    start = DUTCH.start_position()
    assert finals(start, (6, 5)) == {
        dutch({19: 1, 20: 1}, {}, reserve=(13, 15)),
        dutch({14: 1}, {}, reserve=(14, 15)),
    }
    # With checkers on the board, a play may move them without entering any.
    position = dutch({18: 1}, {}, reserve=(14, 15))
    assert dutch({15: 1}, {}, reserve=(14, 15)) in finals(position, (2, 1))
    assert dutch({17: 1, 23: 1}, {}, reserve=(13, 15)) in finals(position, (2, 1))


def test_D2_enter_all_first_forbids_moving_while_reserve_holds_checkers() -> None:
    start = STRICT.start_position()
    assert finals(start, (6, 5)) == {dutch({19: 1, 20: 1}, {}, reserve=(13, 15), variant=STRICT)}
    position = dutch({18: 1}, {}, reserve=(14, 15), variant=STRICT)
    assert finals(position, (2, 1)) == {
        dutch({18: 1, 23: 1, 24: 1}, {}, reserve=(12, 15), variant=STRICT)
    }


def test_D2_enter_all_first_moves_once_the_last_checker_is_in() -> None:
    position = dutch({18: 14}, {}, reserve=(1, 15), variant=STRICT)
    assert finals(position, (2, 1)) == {
        dutch({18: 14, 22: 1}, {}, reserve=(0, 15), variant=STRICT),
        dutch({18: 13, 17: 1, 23: 1}, {}, reserve=(0, 15), variant=STRICT),
        dutch({18: 13, 16: 1, 24: 1}, {}, reserve=(0, 15), variant=STRICT),
    }


def test_D2_enter_all_first_blocked_entry_means_no_play() -> None:
    closed = {19: 2, 20: 2}
    position = dutch({10: 1}, closed, reserve=(14, 11), variant=STRICT)
    assert legal_plays(position, (6, 5)) == ()
    default = dutch({10: 1}, closed, reserve=(14, 11))
    # By default the 10 may move; only one die can be played, so the larger.
    assert finals(default, (6, 5)) == {dutch({4: 1}, closed, reserve=(14, 11))}


def test_D3_bar_before_reserve_and_board() -> None:
    position = dutch({13: 1}, {1: 2}, bar=(1, 0), reserve=(13, 13))
    for die in range(1, 7):
        assert single_steps(position, die) == {(25, 25 - die)}
    for play in legal_plays(position, (6, 5)):
        assert play.steps[0][0] == 25


def test_D3_second_checker_on_bar_keeps_the_reserve_and_board_waiting() -> None:
    # One bar checker enters with the 5; the other cannot enter with the 6 (19 blocked), so
    # the 6 is lost although 13 → 7 and reserve entries would otherwise be possible.
    opp = {19: 2}
    position = dutch({13: 1, 5: 1}, opp, bar=(2, 0), reserve=(11, 13))
    assert finals(position, (6, 5)) == {
        dutch({20: 1, 13: 1, 5: 1}, opp, bar=(1, 0), reserve=(11, 13))
    }


def test_D3_hit_checker_goes_to_bar_not_reserve() -> None:
    position = dutch({13: 1, 3: 1}, {10: 1}, reserve=(13, 14))
    [after] = [a for s, t, a in DUTCH.steps(position.cells, 3, None) if (s, t) == (13, 10)]
    hit = Position(DUTCH, after)
    assert hit.bar == (0, 1) and hit.reserve == (13, 14) and hit.board[9] == 1


def test_D4_no_hitting_before_home_on_the_board() -> None:
    opp = {10: 1}
    position = dutch({13: 1, 20: 1}, opp, reserve=(13, 14))
    assert (13, 10) not in single_steps(position, 3)
    home = dutch({13: 1, 6: 1}, opp, reserve=(13, 14))
    assert (13, 10) in single_steps(home, 3)


def test_D4_no_hitting_before_home_entering_from_reserve() -> None:
    opp = {20: 1}
    position = dutch({13: 1}, opp, reserve=(14, 14))
    assert (26, 20) not in single_steps(position, 5)
    home = dutch({2: 1}, opp, reserve=(14, 14))
    assert (26, 20) in single_steps(home, 5)


def test_D4_no_hitting_before_home_entering_from_bar() -> None:
    opp = {20: 1}
    position = dutch({13: 1}, opp, bar=(1, 0), reserve=(13, 14))
    assert single_steps(position, 5) == set()
    assert legal_plays(position, (5, 5)) == ()
    home = dutch({2: 1}, opp, bar=(1, 0), reserve=(13, 14))
    assert single_steps(home, 5) == {(25, 20)}


def test_D4_home_reached_earlier_in_the_same_play_allows_hitting() -> None:
    # 8 → 4 puts a checker at home; the 5 may then enter and hit on 20. Entering with the 5
    # first would not be a hit: 20 is closed while nothing is at home.
    opp = {20: 1}
    position = dutch({8: 1}, opp, reserve=(14, 14))
    assert dutch({4: 1, 20: 1}, {}, bar=(0, 1), reserve=(13, 14)) in finals(position, (4, 5))
    # With 5-1 the 1 cannot bring a checker home (8 → 7), so the 5 never hits.
    assert all(p.bar == (0, 0) for p in finals(position, (5, 1)))


def test_D5_bear_off_needs_reserve_and_bar_empty() -> None:
    opp = {20: 2}
    with_reserve = dutch({6: 14}, opp, reserve=(1, 13))
    assert single_steps(with_reserve, 6) == {(26, 19)}
    assert single_steps(with_reserve, 1) == {(26, 24), (6, 5)}
    with_bar = dutch({6: 14}, opp, bar=(1, 0), reserve=(0, 13))
    assert single_steps(with_bar, 6) == {(25, 19)}
    all_home = dutch({6: 14, 1: 1}, opp, reserve=(0, 13))
    assert single_steps(all_home, 6) == {(6, 0)}
    assert single_steps(all_home, 1) == {(6, 5), (1, 0)}
