"""SVG diagrams of positions (nardy.formats.svg): what they draw can be read back."""

from __future__ import annotations

import re

import pytest

from nardy.formats.svg import DARK, LIGHT, Arrow, W, board_svg, slot
from nardy.rules.position import Position
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY


def stacks(svg: str) -> dict[str, tuple[str, int]]:
    return {
        place: (side, int(count))
        for place, side, count in re.findall(
            r'data-place="(\w+)" data-side="(\w+)" data-count="(\d+)"', svg
        )
    }


def test_every_checker_of_the_position_is_drawn_where_it_stands():
    board = [0] * 24
    board[5], board[0], board[18] = 10, -2, -9
    position = Position.build(BACKGAMMON, board, bar=(1, 3), off=(4, 1))
    drawn = stacks(board_svg(position, name="t", title="t"))
    assert drawn == {
        "6": ("own", 10),
        "1": ("opponent", 2),
        "19": ("opponent", 9),
        "25": ("own", 1),
        "obar": ("opponent", 3),
        "0": ("own", 4),
        "ooff": ("opponent", 1),
    }


def test_reserves_the_colours_and_the_cube():
    svg = board_svg(DUTCH.start_position(), name="d", title="t", own_colour="dark", cube=(4, "own"))
    assert stacks(svg) == {"26": ("own", 15), "ores": ("opponent", 15)}
    own = svg.split('data-place="26"', 1)[1].split("</g>", 1)[0]
    assert DARK["body"] in own and LIGHT["body"] not in own
    assert 'data-cube="4" data-cube-at="own"' in svg


def test_arrows_highlights_and_labels():
    svg = board_svg(
        LONG_NARDY.start_position(),
        name="x",
        title="Head & co",
        arrows=[Arrow(24, 18), Arrow(24, 19, "forbidden")],
        highlight=[10, 9],
        labels={24: "head", 12: "their head"},
        dice=(6, 5),
    )
    assert 'data-arrow="24-18" data-kind="move"' in svg
    assert (
        'data-arrow="24-19" data-kind="forbidden"' in svg
        and 'marker-end="url(#x-forbidden)"' in svg
    )
    assert sorted(re.findall(r'data-highlight="(\d+)"', svg)) == ["10", "9"]
    assert '<title id="x-title">Head &amp; co</title>' in svg and 'data-dice="6-5"' in svg
    # labels reach into the board from the edge points, never past the frame
    assert re.search(r'x="(\d+)"[^>]*text-anchor="end" data-label="24"', svg)
    assert re.search(r'x="(\d+)"[^>]*text-anchor="start" data-label="12"', svg)


def test_slots_stay_on_the_board_and_unknown_places_are_refused():
    for place in [*range(1, 25), 25, 26, 0, "obar", "ores", "ooff"]:
        for count in (1, 5, 15):
            x, y = slot(place, count - 1, count)
            assert 0 < x < W and 0 < y < 496, (place, count)
    with pytest.raises(ValueError, match="no place"):
        slot(30, 0, 1)
