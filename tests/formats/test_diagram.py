"""Text diagrams: every checker is drawn where it is, for every variant."""

from __future__ import annotations

import random

import pytest

from nardy.formats.diagram import diagram
from nardy.rules import Position, legal_plays
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON

TOP = list(range(13, 25))
BOTTOM = list(range(12, 0, -1))


def column(index: int) -> int:
    """The text column of the checkers of the ``index``-th point of a row (0..11)."""
    return 3 + 3 * index + (5 if index >= 6 else 0)


def read_board(text: str) -> list[int]:
    """The 24 point counts read back from a diagram (X positive, O negative)."""
    lines = [line for line in text.splitlines() if line.startswith(" |")]
    assert len(lines) == 11
    halves = ((TOP, lines[:5]), (BOTTOM, lines[6:][::-1]))  # each half from its edge
    board = [0] * 24
    for points, rows in halves:
        for index, point in enumerate(points):
            col = column(index)
            cells = [row.ljust(50)[col - 1 : col + 2].strip() for row in rows]
            marks = [c for c in cells if c]
            if not marks:
                continue
            sign = 1 if "X" in marks else -1
            last = marks[-1]
            count = int(last) if last.isdigit() else len(marks)
            board[point - 1] = sign * count
    return board


def test_backgammon_start():
    text = diagram(BACKGAMMON.start_position())
    assert read_board(text) == list(BACKGAMMON.start_position().board)
    assert "X: pips 167, off 0 (on roll)" in text
    assert "O: pips 167, off 0" in text
    assert "BAR" in text
    assert "reserve" not in text and "head" not in text


def test_tall_stacks_show_their_count():
    cells = [0] * 24
    cells[5], cells[0], cells[18] = 12, 3, -15
    text = diagram(Position.build(BACKGAMMON, cells))
    assert read_board(text)[5] == 12 and read_board(text)[18] == -15
    rows = [line for line in text.splitlines() if line.startswith(" |")]
    assert rows[6][column(6) - 1 : column(6) + 2] == "12 "  # point 6, fifth place
    assert rows[4][column(6) - 1 : column(6) + 2] == "15 "  # point 19, fifth place


def test_bar_and_borne_off():
    cells = [0] * 24
    cells[5], cells[18] = 10, -12
    position = Position.build(BACKGAMMON, cells, bar=(2, 1), off=(3, 2))
    text = diagram(position, dice=(4, 2))
    lines = text.splitlines()
    bar = [line[21:24] for line in lines if line.startswith(" |")]
    blank = "   "
    assert bar == [blank, blank, blank, " X ", " X ", "BAR", " O ", blank, blank, blank, blank]
    assert "X: pips 110, off 3, bar 2 (on roll, 4-2)" in text
    assert "O: pips 97, off 2, bar 1" in text


def test_dutch_shows_the_reserve():
    text = diagram(DUTCH.start_position())
    assert "X: pips 375, off 0, reserve 15" in text
    assert "O: pips 375, off 0, reserve 15" in text
    assert read_board(text) == [0] * 24


def test_long_nardy_shows_the_heads_and_no_bar():
    text = diagram(LONG_NARDY.start_position())
    lines = text.splitlines()
    assert lines[0].endswith("v X head")
    assert lines[-1].strip() == "^ O head"
    assert lines[1].index("24") + 1 == lines[0].index("v")  # above the head's checkers
    assert "BAR" not in text
    assert read_board(text)[23] == 15 and read_board(text)[11] == -15


@pytest.mark.parametrize("variant", [BACKGAMMON, NACKGAMMON, LONG_NARDY, DUTCH], ids=str)
def test_random_positions_are_drawn_exactly(variant: Variant):
    rng = random.Random(7)
    position = variant.start_position()
    for _ in range(150):
        text = diagram(position)
        assert read_board(text) == list(position.board)
        own, opp = position.pip_counts()
        assert f"X: pips {own}, off {position.off[0]}" in text
        assert f"O: pips {opp}, off {position.off[1]}" in text
        board_lines = [line for line in text.splitlines() if line[:2] in (" |", " +")]
        assert {line[43] for line in board_lines} <= {"|", "+"}
        assert all(line[44:47].strip() == "" for line in board_lines)
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        if plays:
            position = rng.choice(plays).position
        if position.is_over():
            position = variant.start_position()
        position = position.flipped()
