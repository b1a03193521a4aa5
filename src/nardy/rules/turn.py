"""One roll being played step by step, with undo until the play is confirmed (RULES.md S5).

A :class:`Turn` knows the legal final positions of its roll and how many steps every legal
play takes (C3), and offers only the single steps that still lead to a legal play. A play
is complete only when it has that many steps: reaching another play's final position early,
with a die still playable, is not a play (C5), so an illegal play cannot be built from legal
steps and every confirmed play is one of the legal plays' step sequences.

>>> from nardy.variants import BACKGAMMON
>>> turn = Turn.begin(BACKGAMMON.start_position(), (3, 1))
>>> (8, 5) in turn.legal_steps(), (24, 20) in turn.legal_steps()
(True, False)
>>> turn = turn.step((8, 5)).step((6, 5))
>>> turn.remaining, turn.is_complete()
((), True)
>>> turn.undo().remaining
(1,)

Checkers on 3 and 2 with 6-1: ``3/off`` alone reaches the final of ``3/2 2/off``, but the 1
is still playable, so the play goes on (``2/1``):

>>> from nardy.rules.position import Position
>>> board = [0, 1, 1] + [0] * 20 + [-2]
>>> turn = Turn.begin(Position.build(BACKGAMMON, board, off=(13, 13)), (6, 1))
>>> turn = turn.step((3, 0))
>>> turn.is_complete(), turn.legal_steps()
(False, ((2, 1),))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from nardy.rules.cells import Cells
from nardy.rules.errors import IllegalPlayError
from nardy.rules.plays import Dice, Play, Step, check_dice, final_cells
from nardy.rules.position import Position
from nardy.rules.values import evolve


@dataclass(frozen=True)
class Turn:
    """The roller's partial play of ``dice`` from ``start``."""

    start: Position
    dice: Dice
    finals: frozenset[Cells]
    length: int
    """How many steps every legal play of this roll takes (C3); 0 when none can be played."""
    context: Any = field(repr=False, compare=False)
    steps: tuple[Step, ...] = ()
    used: tuple[int, ...] = ()
    current: Cells = ()
    _memo: dict[tuple[Cells, tuple[int, ...]], bool] = field(
        default_factory=dict, repr=False, compare=False
    )
    """Which (cells, dice left) can still finish a legal play; shared by the turn's steps."""

    @classmethod
    def begin(cls, start: Position, dice: Dice) -> Turn:
        """The turn before its first step."""
        check_dice(dice)
        variant = start.variant
        plays = final_cells(variant, start.cells, dice)
        length = len(next(iter(plays.values()))) if plays else 0
        context = variant.turn(start.cells, dice)
        return cls(start, dice, frozenset(plays), length, context, current=start.cells)

    @property
    def remaining(self) -> tuple[int, ...]:
        """Dice values not used yet (four of them for a double)."""
        left = list(self.dice * 2 if self.dice[0] == self.dice[1] else self.dice)
        for die in self.used:
            left.remove(die)
        return tuple(left)

    @property
    def position(self) -> Position:
        """The position after the steps taken so far, still seen from the roller."""
        return Position(self.start.variant, self.current)

    def can_move(self) -> bool:
        """Whether the roll can be played at all (C4)."""
        return bool(self.finals)

    def is_complete(self) -> bool:
        """Whether the steps so far make a whole legal play, ready to confirm: as many
        steps as the roll allows (C3), ending on a legal final position."""
        if not self.finals:
            return not self.steps
        return len(self.steps) == self.length and self.current in self.finals

    def legal_steps(self) -> tuple[Step, ...]:
        """The single steps that keep a legal play within reach, each once."""
        return tuple(dict.fromkeys(step for step, _, _ in self._options()))

    def step(self, step: Step) -> Turn:
        """The turn after one more ``(source, target)`` step; :class:`IllegalPlayError`
        if that step cannot be part of a legal play here."""
        for option, die, after in self._options():
            if option == tuple(step):
                return _replace(self, (*self.steps, option), (*self.used, die), after)
        if self.steps and self.is_complete():
            raise IllegalPlayError("the play is complete: confirm it or undo a step")
        raise IllegalPlayError(f"{_name(step)} is not a legal step here")

    def undo(self) -> Turn:
        """The turn with its last step taken back."""
        if not self.steps:
            raise IllegalPlayError("there is no step to undo")
        cells = self.start.cells
        variant = self.start.variant
        used: list[int] = []
        for step in self.steps[:-1]:
            die, cells = _apply(variant, cells, step, self.used[len(used)], self.context)
            used.append(die)
        return _replace(self, self.steps[:-1], tuple(used), cells)

    def play(self) -> Play:
        """The confirmed play; :class:`IllegalPlayError` unless :meth:`is_complete`."""
        if not self.is_complete():
            raise IllegalPlayError("the play is not complete: more dice must be played")
        return Play(self.steps, self.position)

    def _options(self) -> tuple[tuple[Step, int, Cells], ...]:
        return self._option_list

    @cached_property
    def _option_list(self) -> tuple[tuple[Step, int, Cells], ...]:
        """Each legal next step with the die it uses and the cells after it: a step after
        which the dice left can still complete a play of :attr:`length` steps.

        A position that is already a legal final may still go on while dice remain: a
        step can reach, with one die, the same position another play reaches with two.
        """
        variant = self.start.variant
        remaining = self.remaining
        if len(self.steps) >= self.length:
            return ()
        reachable = _reachability(self)
        options = []
        for die in sorted(set(remaining)):
            rest = list(remaining)
            rest.remove(die)
            for source, target, after in variant.steps(self.current, die, self.context):
                if reachable(after, tuple(sorted(rest))):
                    options.append(((source, target), die, after))
        return tuple(options)  # worked out once per turn value: the state lists them,
        # and the next step looks among them


def _reachability(turn: Turn) -> Any:
    """A memoised test: can ``cells`` with ``dice`` left finish a legal play, that is reach
    one of the turn's finals after exactly the steps a play takes?"""
    variant, context, finals, memo = turn.start.variant, turn.context, turn.finals, turn._memo
    count = 4 if turn.dice[0] == turn.dice[1] else 2

    def reachable(cells: Cells, dice: tuple[int, ...]) -> bool:
        key = (cells, dice)
        known = memo.get(key)
        if known is not None:
            return known
        needed = turn.length - (count - len(dice))
        if needed == 0:
            found = cells in finals
        else:
            found = any(
                reachable(after, _without(dice, die))
                for die in set(dice)
                for _, _, after in variant.steps(cells, die, context)
            )
        memo[key] = found
        return found

    return reachable


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    rest = list(dice)
    rest.remove(die)
    return tuple(rest)


def _apply(variant: Any, cells: Cells, step: Step, die: int, context: Any) -> tuple[int, Cells]:
    for source, target, after in variant.steps(cells, die, context):
        if (source, target) == step:
            return die, after
    raise IllegalPlayError(f"{_name(step)} cannot be replayed")  # pragma: no cover


def _replace(turn: Turn, steps: tuple[Step, ...], used: tuple[int, ...], cells: Cells) -> Turn:
    return evolve(turn, steps=steps, used=used, current=cells)


def _name(step: Step) -> str:
    source, target = step
    names = {25: "bar", 26: "reserve"}
    return f"{names.get(source, source)}/{'off' if target == 0 else target}"
