"""Play counts worked out by hand from RULES.md, for long nardy and Dutch positions: the
perft fixtures in ``tests/data/perft`` are snapshots of the engine, these are not. Each
count is the number of distinct final positions (C5) of plays that use as many dice as
possible (C3); the reasoning is written beside it. Both generators must agree.
"""

from __future__ import annotations

import pytest
from engines import ENGINES, running
from positions import build

from nardy.rules import Position, legal_plays
from nardy.variants import DUTCH, LONG_NARDY, Dutch

LN_START = LONG_NARDY.start_position()
ANSWERING_FIVE_FIVE = build(LONG_NARDY, {24: 15}, {12: 14, 16: 1})
"""The opponent opened with 5-5: 14 on its head, one 20 pips along (the roller's 16)."""
LN_MIDDLE = build(LONG_NARDY, {24: 13, 18: 1, 13: 1}, {12: 15})
DUTCH_START = DUTCH.start_position()
NOT_HOME_YET = build(DUTCH, {13: 1}, {7: 1}, reserve=(14, 14))
"""The roller has no checker in its home board; an opponent blot sits on its 7."""

COUNTS = [
    # LN3: one checker from the head, which takes both dice; 24-a-b is open for every
    # roll but 6-6 (point 12 is the opponent's head, LN2).
    (LN_START, (6, 5), 1),
    (LN_START, (2, 1), 1),
    # LN3: with 3-3 two checkers may leave; each stops short of 12 (at most three steps),
    # four steps in all: 3 + 1 (to 15 and 21) or 2 + 2 (both to 18).
    (LN_START, (3, 3), 2),
    # LN3: two may leave with 4-4, each at most two steps (20, 16; 12 is closed): both to 16.
    (LN_START, (4, 4), 1),
    # 6-6: two leave to 18 and neither goes on to 12; two sixes are lost.
    (LN_START, (6, 6), 1),
    # 5-5 is not one of the three doubles: one checker goes 19, 14, 9, 4.
    (LN_START, (5, 5), 1),
    # LN3, the exception's exception: after a 5-5 opening, 4-4 lets only one checker go,
    # to 20 (16 is held by the opponent); 3-3 still lets two go, as at the start.
    (ANSWERING_FIVE_FIVE, (4, 4), 1),
    (ANSWERING_FIVE_FIVE, (3, 3), 2),
    # 2-1 with a head checker and checkers on 18 and 13 (13-1 = 12 is closed): one checker
    # moving 3 (to 21, 15 or 10, the last only by way of 11) or two checkers: 2 from the
    # head with 1 from 18; 2 from 18 or 13 with 1 from the head; 2 from 13 with 1 from 18.
    (LN_MIDDLE, (2, 1), 7),
    # 6-6: the head checker reaches 18, the one on 13 goes 7 then 1, the one on 18 is
    # stuck behind 12: three sixes, one way.
    (LN_MIDDLE, (6, 6), 1),
    # 5-3: one checker 8 (to 16, 10 or 5), or 5 from one and 3 from another: 24/19 with
    # 18/15 or 13/10; 18/13 with 24/21 (18/13 13/10 is 18/10 again); 13/8 with 24/21 or
    # 18/15.
    (LN_MIDDLE, (5, 3), 8),
    # D1: entering is like entering from the bar. 6-5: enter both (19, 20), or enter one
    # and move it on with the other die, which ends on 14 either way.
    (DUTCH_START, (6, 5), 2),
    (DUTCH_START, (2, 1), 2),
    # 1-1 and 6-6: four steps shared among entered checkers, each entering with its first
    # step, nothing in the way: one final per partition of 4, of which there are five.
    (DUTCH_START, (1, 1), 5),
    (DUTCH_START, (6, 6), 5),
    # D2, strict reading: all four steps must be entries.
    (Dutch(enter_all_first=True).start_position(), (1, 1), 1),
    # D4: 13/7 would hit the blot while no checker is at home, so 7 is closed. Left: enter
    # 19 and 24; enter 19 and go on to 18 (or enter 24 and go to 18); enter 19 and 13/12;
    # 13/12/6.
    (NOT_HOME_YET, (6, 1), 4),
]

IDS = [f"{position.variant}-{n}" for n, (position, _, _) in enumerate(COUNTS)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("position", "dice", "count"), COUNTS, ids=IDS)
def test_counts_worked_out_by_hand(
    position: Position, dice: tuple[int, int], count: int, engine: str
) -> None:
    with running(engine):
        assert len(legal_plays(position, dice)) == count


@pytest.mark.parametrize("engine", ENGINES)
def test_LN3_after_a_five_five_opening_four_four_moves_one_checker(engine: str) -> None:
    with running(engine):
        (play,) = legal_plays(ANSWERING_FIVE_FIVE, (4, 4))
    assert play.steps == ((24, 20),) and play.position.board[23] == 14
