"""gnubg Position IDs: round trips, bad IDs, positions the format cannot hold, and agreement
with GNU Backgammon itself (when ``gnubg_nn`` is installed)."""

from __future__ import annotations

import random
from base64 import b64encode

import pytest
from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy.formats.gnubg_id import position_from_id, position_id, slots_of
from nardy.rules import InvalidPositionError, Position, legal_plays
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON

START_ID = "4HPwATDgc/ABMA"
OFF, BAR, OPP_OFF, OPP_BAR = 0, 25, 27, 28


def random_game_positions(variant: Variant, count: int, seed: int) -> list[Position]:
    """Positions met in random games from ``variant``'s start, over as many games as needed."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = variant.start_position()
        while not position.is_over() and len(found) < count:
            found.append(position)
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
            if plays:
                position = rng.choice(plays).position
            position = position.flipped()
    return found


@st.composite
def backgammon_positions(draw: st.DrawFn) -> Position:
    """Any backgammon position: each side's 15 checkers anywhere on its points, bar or off,
    the two sides never sharing a point. Slot 0 is off, 25 the bar, in the roller's numbering."""
    cells = [0] * 30
    for slot in draw(st.lists(st.integers(0, 25), min_size=15, max_size=15)):
        cells[slot] += 1
    free = [0, 25] + [p for p in range(1, 25) if cells[p] == 0]
    for slot in draw(st.lists(st.sampled_from(free), min_size=15, max_size=15)):
        if slot == 0:
            cells[OPP_OFF] += 1
        elif slot == 25:
            cells[OPP_BAR] += 1
        else:
            cells[slot] -= 1
    return Position.build(
        BACKGAMMON,
        cells[1:25],
        bar=(cells[BAR], cells[OPP_BAR]),
        off=(cells[OFF], cells[OPP_OFF]),
    )


def key_from_bits(bits: list[int]) -> str:
    """A Position ID written by hand from its bits (first bit = lowest bit of byte 0)."""
    bits = bits + [0] * (80 - len(bits))
    key = bytes(sum(bits[i + j] << j for j in range(8)) for i in range(0, 80, 8))
    return b64encode(key).decode().rstrip("=")


def test_start_position_id() -> None:
    assert position_id(BACKGAMMON.start_position()) == START_ID
    assert position_from_id(START_ID) == BACKGAMMON.start_position()


def test_side_order_player_not_on_roll_first() -> None:
    # The roller: 15 checkers on its 1-point. The opponent: 15 on its 2-point, the
    # roller's 23-point. The opponent's 40 bits come first.
    board = [15] + [0] * 21 + [-15, 0]
    bits = [0, 1] + [1] * 14 + [0] * 24 + [1] * 15 + [0] * 25
    assert position_id(Position.build(BACKGAMMON, board)) == key_from_bits(bits)


@pytest.mark.parametrize("variant", [BACKGAMMON, NACKGAMMON])
def test_round_trip_random_games(variant: Variant) -> None:
    for position in random_game_positions(variant, 300, seed=7):
        assert position_from_id(position_id(position), variant) == position


@settings(deadline=None)  # no timing in unit tests: a loaded machine is slow, not wrong
@given(backgammon_positions())
def test_round_trip_any_position(position: Position) -> None:
    pid = position_id(position)
    assert len(pid) == 14
    assert position_from_id(pid) == position


def test_all_borne_off() -> None:
    position = Position.build(BACKGAMMON, [0] * 24, off=(15, 15))
    assert position_id(position) == "AAAAAAAAAAAAAA"
    assert position_from_id("AAAAAAAAAAAAAA") == position


def test_bar_is_the_25th_slot() -> None:
    board = [0] * 24
    board[5], board[18] = 14, -15
    position = Position.build(BACKGAMMON, board, bar=(1, 0))
    # Opponent: 15 on its 6-point. Roller: 14 on its 6-point, one on the bar.
    bits = [0] * 5 + [1] * 15 + [0] * 20 + [0] * 5 + [1] * 14 + [0] * 19 + [1, 0]
    assert position_id(position) == key_from_bits(bits)
    assert position_from_id(key_from_bits(bits)) == position


def test_dutch_without_reserve_fits() -> None:
    position = Position(DUTCH, BACKGAMMON.start_position().cells)
    assert position_id(position) == START_ID
    assert position_from_id(START_ID, DUTCH) == position


def test_reserve_cannot_be_expressed() -> None:
    with pytest.raises(InvalidPositionError, match="reserve"):
        position_id(DUTCH.start_position())


def test_long_nardy_cannot_be_expressed() -> None:
    with pytest.raises(InvalidPositionError, match="long-nardy"):
        position_id(LONG_NARDY.start_position())
    with pytest.raises(InvalidPositionError, match="long-nardy"):
        position_from_id(START_ID, LONG_NARDY)


@pytest.mark.parametrize(
    ("pid", "message"),
    [
        ("", "14 characters, not 0"),
        ("4HPwATDgc/ABMAA", "14 characters, not 15"),
        ("4HPwATDgc/AB*A", "not base64"),
        ("4HPwATDgc/ABM=", "not base64"),
        ("4HPwATDgc/ABMB", "stray final bits"),
        ("/////////////w", "player not on roll has more than 15 checkers"),
        (key_from_bits([0] * 25 + [1] * 16), "player on roll has more than 15 checkers"),
        (key_from_bits([0] * 50 + [1]), "bits after the last slot"),
    ],
)
def test_bad_ids(pid: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        position_from_id(pid)


def test_overlapping_checkers_rejected() -> None:
    # The opponent has a checker on its 24-point, which is the roller's 1-point; so has the
    # roller.
    pid = key_from_bits([0] * 23 + [1, 0, 0] + [1, 0])
    with pytest.raises(InvalidPositionError, match="both players have checkers on point 1"):
        position_from_id(pid)


def test_slots_of_bar_and_mirror() -> None:
    board = [0] * 24
    board[2], board[3] = 14, -2  # roller: 14 on its 3-point; opponent: 2 on its 21-point
    position = Position.build(BACKGAMMON, board, bar=(1, 3), off=(0, 10))
    roller, opponent = slots_of(position)
    assert roller[2] == 14 and roller[24] == 1
    assert opponent[20] == 2 and opponent[24] == 3


# Agreement with GNU Backgammon.


def gnubg_board(position: Position) -> list[list[int]]:
    """gnubg's ``[not on roll, on roll]`` board, written out here independently."""
    c = position.cells
    on_roll = [max(c[p], 0) for p in range(1, 25)] + [c[BAR]]
    not_on_roll = [max(-c[p], 0) for p in range(24, 0, -1)] + [c[OPP_BAR]]
    return [not_on_roll, on_roll]


def check_against_gnubg(position: Position) -> None:
    gnubg = pytest.importorskip("gnubg_nn")
    board = gnubg_board(position)
    pid = gnubg.position_id(board)
    assert position_id(position) == pid
    assert position_from_id(pid, position.variant) == position
    assert [list(side) for side in gnubg.board_from_position_id(pid)] == board


@pytest.mark.parametrize("variant", [BACKGAMMON, NACKGAMMON])
def test_agrees_with_gnubg_on_random_games(variant: Variant) -> None:
    pytest.importorskip("gnubg_nn")
    for position in random_game_positions(variant, 1000, seed=11):
        check_against_gnubg(position)


@settings(max_examples=examples(300))
@given(backgammon_positions())
def test_agrees_with_gnubg_on_any_position(position: Position) -> None:
    check_against_gnubg(position)
