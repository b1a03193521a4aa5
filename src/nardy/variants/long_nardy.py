"""Long nardy (RULES.md LN1–LN6): one way round, no hitting, the head and the six-prime.

>>> from nardy.rules import legal_plays
>>> [p.steps for p in legal_plays(LONG_NARDY.start_position(), (6, 5))]
[((24, 18), (18, 13))]
>>> len(legal_plays(LONG_NARDY.start_position(), (6, 6)))
1
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from nardy.rules.cells import BAR, CHECKERS, OFF, OPP_BAR, OPP_OFF, OPP_RESERVE, RESERVE, Cells
from nardy.rules.errors import InvalidPositionError
from nardy.rules.kernel import KernelRules
from nardy.rules.position import Position
from nardy.rules.settings import Settings
from nardy.rules.steps import all_home, bear_off_source, move
from nardy.rules.variant import ResultValues, StepResult, Variant

HEAD: Final = 24
"""The roller's head (LN1)."""
OPPONENT_HEAD: Final = 12
"""The opponent's head in the roller's numbering."""

PATH_INDEX: Final = (0, *(13 - p for p in range(1, 13)), *(37 - p for p in range(13, 25)))
"""``PATH_INDEX[p]``: how far along the opponent's path the roller's point p lies (1 = its head).

>>> PATH_INDEX[12], PATH_INDEX[1], PATH_INDEX[24], PATH_INDEX[13]
(1, 12, 13, 24)
"""
POINT_AT: Final = tuple(sorted(range(25), key=lambda p: PATH_INDEX[p]))
"""The inverse of :data:`PATH_INDEX`: ``POINT_AT[q]`` is the roller's point with index q."""

DOUBLE_HEAD_ROLLS: Final = frozenset({3, 4, 6})
"""Doubles that let two checkers leave a full head on the first turn (LN3)."""
HEAD_REPLY: Final = (4, 20)
"""``(die, pips)``: with this double only one checker leaves the head when the opponent's
only move was an opening 5-5, one checker this many pips along its path (LN3)."""
PRIME: Final = 6
"""Points in a row that may not be made with no opponent checker ahead of them (LN4)."""

RULES: Final = KernelRules(
    hits=False,
    bar=False,
    head=HEAD,
    head_doubles=DOUBLE_HEAD_ROLLS,
    head_reply=HEAD_REPLY,
    prime=PRIME,
    path=PATH_INDEX,
)
"""The rules above described for the compiled generator; the Python steps below read the
same constants, so each rule number is written once."""


@dataclass(frozen=True)
class Turn:
    """What stays fixed during one long-nardy turn."""

    head_start: int
    """Checkers on the head when the turn began."""
    head_limit: int
    """How many of them may leave it this turn (LN3)."""
    free_beyond: int
    """Opponent path index beyond which a six-prime is allowed (LN4): the furthest
    opponent checker's index minus one, or 24 and more when none may be blocked."""


@dataclass(frozen=True)
class LongNardy(Variant):
    """Long nardy."""

    name = "long-nardy"
    title = "Long nardy"
    hits = False
    has_bar = False
    starter_takes_white = True
    series = True
    money = False
    heads = (24, 12)
    standard_bearoff = True  # LN6; the opponent's home is 13..18, and nothing is in the way
    setting_names = Variant.setting_names | {"scoring", "first_move", "last_roll"}
    setting_defaults: ClassVar[Mapping[str, Any]] = {"cube": False}

    def result_values(self, settings: Settings) -> ResultValues:
        """LN8: an oin scores 1; with "mars" scoring, a loser who bore off nothing gives 2."""
        return (("oin", 1), ("mars", 2)) if settings.scoring == "mars" else (("oin", 1),)

    def next_starter(
        self, settings: Settings, previous_starter: int, previous_winner: int | None
    ) -> int:
        """LN11: the loser starts (after a draw, whoever did not start), or alternate."""
        if settings.first_move == "alternate" or previous_winner is None:
            return 1 - previous_starter
        return 1 - previous_winner

    def start_position(self) -> Position:
        cells = [0] * 30
        cells[HEAD], cells[OPPONENT_HEAD] = CHECKERS, -CHECKERS
        return Position(self, tuple(cells))

    def mirror(self, point: int) -> int:
        """Both travel the same way: the roller's point p is the opponent's p ± 12."""
        return point + 12 if point <= 12 else point - 12

    def validate(self, cells: Cells) -> None:
        if cells[BAR] or cells[OPP_BAR]:
            raise InvalidPositionError("long nardy has no bar: nothing is ever hit")
        if cells[RESERVE] or cells[OPP_RESERVE]:
            raise InvalidPositionError("long nardy has no reserve: all checkers start on the head")

    def kernel_rules(self) -> KernelRules | None:
        """LN2 no hitting and no bar, LN3 the head (5-5 opens 20 pips along), LN4 six-prime."""
        return RULES

    def why_not(self, cells: Cells, source: int, target: int, turn: Any) -> str | None:
        if 1 <= target <= 24 and cells[target] < 0:
            return f"point {target} is held by the opponent, and no checker may land there (LN2)"
        if source == HEAD and turn.head_start - cells[HEAD] >= turn.head_limit:
            return (
                "only one checker may leave the head (24) per turn; two only on the first "
                "turn with 3-3, 4-4 or 6-6 (LN3)"
            )
        if 1 <= target <= 24 and cells[source] > 0:
            after = move(cells, source, target)
            if makes_prime(after, target, turn.free_beyond):
                return "it would make six points in a row with no opponent checker ahead (LN4)"
        return None

    def turn(self, cells: Cells, dice: tuple[int, int]) -> Turn:
        return Turn(cells[HEAD], head_limit(cells, dice), prime_limit(cells))

    def steps(self, cells: Cells, die: int, turn: Turn) -> Iterator[StepResult]:
        may_leave_head = turn.head_start - cells[HEAD] < turn.head_limit
        for source in range(HEAD, die, -1):
            if cells[source] <= 0 or (source == HEAD and not may_leave_head):
                continue
            target = source - die
            if cells[target] >= 0:
                after = move(cells, source, target)
                if not makes_prime(after, target, turn.free_beyond):
                    yield source, target, after
        if all_home(cells):
            source = bear_off_source(cells, die)
            if source:
                yield source, OFF, move(cells, source, OFF)


def head_limit(cells: Cells, dice: tuple[int, int]) -> int:
    """How many checkers may leave the head with ``dice`` this turn (LN3).

    >>> start = LONG_NARDY.start_position().cells
    >>> head_limit(start, (6, 6)), head_limit(start, (5, 5)), head_limit(start, (6, 5))
    (2, 1, 1)
    """
    first_turn = cells[HEAD] == CHECKERS
    if not (first_turn and dice[0] == dice[1] and dice[0] in DOUBLE_HEAD_ROLLS):
        return 1
    if dice[0] == HEAD_REPLY[0] and answered_five_five(cells):
        return 1
    return 2


def answered_five_five(cells: Cells) -> bool:
    """Whether the opponent's only move so far was an opening 5-5 (LN3, seed 000):
    14 checkers on its head and one 20 pips further on (path index 1 is the head)."""
    return cells[OPPONENT_HEAD] == 1 - CHECKERS and cells[POINT_AT[1 + HEAD_REPLY[1]]] == -1


def prime_limit(cells: Cells) -> int:
    """The path index a six-prime must reach to be allowed (LN4): a block ending before
    the furthest opponent checker is allowed; once any is borne off, every block is."""
    if cells[OPP_OFF]:
        return 100
    furthest = max(PATH_INDEX[p] for p in range(1, 25) if cells[p] < 0)
    return furthest - 1


def makes_prime(cells: Cells, target: int, free_beyond: int) -> bool:
    """Whether the checker that has just arrived on ``target`` completes a forbidden
    six-prime: six or more consecutive path indices held, with no opponent checker ahead
    of them. ``cells`` are those after the step, so a point the checker left is empty."""
    if cells[target] > 1:
        return False  # the point was already held: no new block
    q = PATH_INDEX[target]
    low = q
    while low > 1 and cells[POINT_AT[low - 1]] > 0:
        low -= 1
    high = q
    while high < 24 and cells[POINT_AT[high + 1]] > 0:
        high += 1
    return high - low + 1 >= PRIME and high > free_beyond


LONG_NARDY = LongNardy()
