"""Positions: start positions (RULES.md table), flipping, pip counts, checks, position JSON."""

from __future__ import annotations

import json

import pytest

from nardy.formats.position_json import position_from_json, position_to_json
from nardy.rules import InvalidPositionError, Position
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, Dutch

ALL = [BACKGAMMON, LONG_NARDY, DUTCH, Dutch(enter_all_first=True), NACKGAMMON]


def board_of(own: dict[int, int], opp: dict[int, int]) -> list[int]:
    board = [0] * 24
    for point, n in own.items():
        board[point - 1] += n
    for point, n in opp.items():
        board[point - 1] -= n
    return board


def samples(variant: Variant) -> list[Position]:
    """The start and a few hand-made positions of ``variant``, with every kind of cell used."""
    found = [variant.start_position()]
    if variant.name == "long-nardy":
        found.append(
            Position.build(variant, board_of({24: 10, 1: 2, 13: 1}, {12: 9, 3: 4}), off=(2, 2))
        )
    elif variant.name == "dutch":
        found.append(
            Position.build(
                variant,
                board_of({20: 2, 4: 1}, {7: 1, 2: 2}),
                bar=(1, 2),
                off=(3, 0),
                reserve=(8, 10),
            )
        )
    else:
        found.append(
            Position.build(
                variant, board_of({24: 1, 13: 5, 1: 2}, {2: 2, 19: 4}), bar=(1, 2), off=(6, 7)
            )
        )
    return found


def test_start_positions_match_rules_table() -> None:
    assert BACKGAMMON.start_position() == Position.build(
        BACKGAMMON, board_of({24: 2, 13: 5, 8: 3, 6: 5}, {1: 2, 12: 5, 17: 3, 19: 5})
    )
    assert LONG_NARDY.start_position() == Position.build(LONG_NARDY, board_of({24: 15}, {12: 15}))
    assert DUTCH.start_position() == Position.build(DUTCH, [0] * 24, reserve=(15, 15))
    assert NACKGAMMON.start_position().board == tuple(
        board_of({24: 2, 23: 2, 13: 4, 8: 3, 6: 4}, {1: 2, 2: 2, 12: 4, 17: 3, 19: 4})
    )


@pytest.mark.parametrize("variant", ALL, ids=str)
def test_flipped_twice_is_identity(variant: Variant) -> None:
    for position in samples(variant):
        flipped = position.flipped()
        flipped.validate()
        assert flipped.flipped() == position
        assert flipped.bar == position.bar[::-1]
        assert flipped.off == position.off[::-1]
        assert flipped.reserve == position.reserve[::-1]
        assert flipped.pip_counts() == position.pip_counts()[::-1]


@pytest.mark.parametrize("variant", ALL, ids=str)
def test_flipping_puts_each_checker_on_the_opponents_number_of_its_point(
    variant: Variant,
) -> None:
    """One flip (rules/cells.py) serves positions, the bot and the benchmarks."""
    for position in samples(variant):
        cells, turned = position.cells, variant.flip(position.cells)
        assert turned == position.flipped().cells
        for point in range(1, 25):
            assert turned[variant.mirror(point)] == -cells[point]


def test_start_positions_are_symmetric() -> None:
    for variant in ALL:
        start = variant.start_position()
        assert start.flipped() == start, variant


def test_pip_counts() -> None:
    assert BACKGAMMON.start_position().pip_counts() == (167, 167)
    assert NACKGAMMON.start_position().pip_counts() == (194, 194)
    assert LONG_NARDY.start_position().pip_counts() == (360, 360)
    assert DUTCH.start_position().pip_counts() == (375, 375)
    position = Position.build(
        BACKGAMMON, board_of({6: 2, 1: 1}, {24: 3, 20: 1}), bar=(1, 0), off=(11, 11)
    )
    # Roller: 12 + 1 + 25 (bar). Opponent: its points 1 (×3) and 5.
    assert position.pip_counts() == (38, 8)
    nardy = Position.build(LONG_NARDY, board_of({24: 1, 3: 2}, {12: 1, 13: 1, 1: 1}), off=(12, 12))
    # Opponent in its numbering: 24 (head), 1, 13.
    assert nardy.pip_counts() == (30, 38)


@pytest.mark.parametrize(
    ("variant", "kwargs", "message"),
    [
        (BACKGAMMON, {"board": [0] * 23}, "24 points, not 23"),
        (BACKGAMMON, {"board": board_of({6: 15}, {19: 14})}, "opponent has 14 checkers"),
        (BACKGAMMON, {"board": board_of({6: 16}, {19: 15})}, "roller has 16 checkers"),
        (
            BACKGAMMON,
            {"board": board_of({6: 14}, {19: 15}), "bar": (-1, 0), "off": (2, 0)},
            "bar must be two counts",
        ),
        (BACKGAMMON, {"board": board_of({6: 14}, {19: 15}), "off": (1,)}, "off must be two"),
        (BACKGAMMON, {"board": [1.5] + [0] * 23}, "whole number"),
        (BACKGAMMON, {"board": board_of({6: 14}, {19: 15}), "reserve": (1, 0)}, "no reserve"),
        (LONG_NARDY, {"board": board_of({6: 14}, {19: 15}), "bar": (1, 0)}, "no bar"),
        (LONG_NARDY, {"board": board_of({6: 14}, {19: 15}), "reserve": (1, 0)}, "no reserve"),
        (DUTCH, {"board": [0] * 24, "reserve": (15, 14)}, "opponent has 14 checkers"),
    ],
)
def test_build_rejects_bad_input(variant: Variant, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Position.build(variant, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ALL, ids=str)
def test_position_json_round_trip(variant: Variant) -> None:
    for position in samples(variant):
        for dice in (None, (6, 1), (4, 4)):
            doc = json.loads(json.dumps(position_to_json(position, dice=dice)))
            assert doc["variant"] == variant.name
            back, back_dice = position_from_json(doc)
            assert back == position
            assert back.variant == variant
            assert back_dice == dice
