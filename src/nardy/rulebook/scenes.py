"""Board diagrams whose every claim the rules engine checks.

A :class:`Scene` starts from its variant's own ``start_position()``: a late position moves
checkers from there by hand (:class:`Shift`), an early one plays legal turns. Then it shows
a roll as a list of marks: a ``move`` is a step the roller may take at that moment (it is
taken, and the next mark is judged after it); a ``forbidden`` step is one the rules refuse
at that moment (it is not taken). :meth:`Scene.build` refuses a scene that claims anything
the engine does not agree with, so a diagram cannot teach a rule the site does not play.

>>> from nardy.variants import LONG_NARDY
>>> scene = Scene(LONG_NARDY, dice=(6, 5), marks=(move(24, 18), forbidden(24, 19), move(18, 13)))
>>> built = scene.build()
>>> [(a.source, a.target, a.kind) for a in built.arrows]
[(24, 18, 'move'), (24, 19, 'forbidden'), (18, 13, 'move')]
>>> [reason[:40] for reason in built.reasons]
['only one checker may leave the head (24)']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from nardy.formats.svg import Arrow, board_svg
from nardy.rules.cells import BAR, OFF, OPP_BAR, OPP_OFF, OPP_RESERVE, RESERVE
from nardy.rules.errors import IllegalPlayError
from nardy.rules.plays import Dice, Step
from nardy.rules.position import Position
from nardy.rules.turn import Turn
from nardy.rules.variant import Variant

PLACES = {"bar": (BAR, OPP_BAR), "reserve": (RESERVE, OPP_RESERVE), "off": (OFF, OPP_OFF)}
"""The cells of the places off the points: (the first mover's, the opponent's)."""


class SceneError(ValueError):
    """A diagram claims something the rules do not say."""


@dataclass(frozen=True)
class Shift:
    """Checkers moved by hand from the start position: ``count`` of the first mover's
    (``own``) or the opponent's checkers from ``source`` to ``target``, points in the first
    mover's numbering or ``bar``, ``reserve``, ``off``."""

    source: int | str
    target: int | str
    count: int = 1
    own: bool = True


@dataclass(frozen=True)
class Mark:
    kind: str
    step: Step


def move(source: int, target: int) -> Mark:
    return Mark("move", (source, target))


def forbidden(source: int, target: int) -> Mark:
    return Mark("forbidden", (source, target))


@dataclass(frozen=True)
class Built:
    """A scene worked out: the position before the shown roll, seen by its roller."""

    position: Position
    roller_first: bool
    """Whether the roller is the player who moved first (light in the diagrams)."""
    arrows: tuple[Arrow, ...]
    reasons: tuple[str, ...]
    """The engine's reason for each forbidden step, in order (where it names one)."""


@dataclass(frozen=True)
class Scene:
    """A diagram: where the checkers are and what the roll shown may and may not do."""

    variant: Variant
    shifts: tuple[Shift, ...] = ()
    turns: tuple[tuple[Dice, tuple[Step, ...]], ...] = ()
    """Whole legal plays from the (shifted) start, the first mover's first."""
    dice: Dice | None = None
    marks: tuple[Mark, ...] = ()
    highlight: tuple[int, ...] = ()
    """Points to stand out, in the roller's numbering."""
    labels: tuple[tuple[int, str], ...] = ()
    """Words (by key) to write under points, in the roller's numbering."""

    def start(self) -> Position:
        """The variant's own start position with the shifts made (checked)."""
        cells = list(self.variant.start_position().cells)
        for shift in self.shifts:
            _take(cells, shift.source, shift.own, shift.count)
            _put(cells, shift.target, shift.own, shift.count)
        position = Position(self.variant, tuple(cells))
        position.validate()
        return position

    def build(self) -> Built:
        position = self.start()
        for dice, steps in self.turns:
            turn = _play(Turn.begin(position, dice), steps)
            if not turn.is_complete():
                raise SceneError(f"{steps} is not a whole play of {dice}")
            position = turn.play().position.flipped()
        arrows: list[Arrow] = []
        reasons: list[str] = []
        if self.marks:
            if self.dice is None:
                raise SceneError("marks need the dice they are played with")
            turn = Turn.begin(position, self.dice)
            for mark in self.marks:
                at = turn.position
                if mark.kind == "move":
                    turn = _play(turn, (mark.step,))
                elif mark.step in turn.legal_steps():
                    raise SceneError(f"{mark.step} is legal here, not forbidden")
                else:
                    source, target = mark.step
                    why = self.variant.why_not(turn.current, source, target, turn.context)
                    if why:
                        reasons.append(why)
                arrows.append(Arrow(*mark.step, kind=mark.kind, before=at))
        return Built(position, len(self.turns) % 2 == 0, tuple(arrows), tuple(reasons))

    def svg(self, name: str, title: str, words: Mapping[str, str]) -> str:
        """The diagram, its labels in the words of the page."""
        built = self.build()
        return board_svg(
            built.position,
            name=name,
            title=title,
            arrows=built.arrows,
            highlight=self.highlight,
            labels={point: words[key] for point, key in self.labels},
            dice=self.dice,
            own_colour="light" if built.roller_first else "dark",
        )


def _cell(place: int | str, own: bool) -> tuple[int, int]:
    """The cell of a place and the sign of one checker of that side there."""
    if isinstance(place, str):
        return PLACES[place][0 if own else 1], 1
    if not 1 <= place <= 24:
        raise SceneError(f"no point {place}")
    return place, 1 if own else -1


def _take(cells: list[int], place: int | str, own: bool, count: int) -> None:
    cell, sign = _cell(place, own)
    if cells[cell] * sign < count:
        raise SceneError(f"there are not {count} of those checkers on {place}")
    cells[cell] -= sign * count


def _put(cells: list[int], place: int | str, own: bool, count: int) -> None:
    cell, sign = _cell(place, own)
    if cells[cell] * sign < 0:
        raise SceneError(f"the other side holds {place}")
    cells[cell] += sign * count


def _play(turn: Turn, steps: tuple[Step, ...]) -> Turn:
    for step in steps:
        try:
            turn = turn.step(step)
        except IllegalPlayError as error:
            raise SceneError(f"{step} with {turn.dice}: {error}") from None
    return turn
