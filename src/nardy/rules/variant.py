"""What a variant is: a small object that plugs its rules into the shared move generator.

Every variant subclasses :class:`Variant` and fills in a handful of hooks: its start
position, how the board turns round for the other player, what it checks in a position,
and the single steps one die allows. What else there is to know about a variant is data on
it — whether it hits, what its wins are worth, which outside formats can hold its games —
read by the formats, the bot and (through ``GET /api/variants``) the browser. Nothing
outside the variant modules asks which variant it is dealing with.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

from nardy.rules.cells import OPP_OFF, Cells, flip, flip_index
from nardy.rules.position import Position

if TYPE_CHECKING:
    from nardy.rules.kernel import KernelRules
    from nardy.rules.settings import Settings

StepResult = tuple[int, int, Cells]
"""One legal single step: its source, its target and the cells after it."""

WinKind = Literal["single", "gammon", "backgammon", "oin", "mars"]
"""The kinds of win a record's result names (INTERFACES.md §4), besides drops,
resignations and draws."""

ResultValues = tuple[tuple[WinKind, int], ...]
"""The kinds of win of a variant under some settings with their multiples of the cube, from
the smallest (see :meth:`Variant.result_values`)."""

GNUBG_POSITION_ID: Final = "gnubg-position-id"
"""GNU Backgammon's Position ID (:mod:`nardy.formats.gnubg_id`)."""
GNUBG_MATCH_ID: Final = "gnubg-match-id"
"""GNU Backgammon's Match ID (:mod:`nardy.formats.gnubg_match_id`)."""
MAT: Final = "mat"
"""Jellyfish .mat match files (:mod:`nardy.formats.jellyfish`)."""


@dataclass(frozen=True)
class Variant(ABC):
    """A set of rules. Instances are immutable values; rule options are their fields.

    A variant with options (Dutch ``enter_all_first``) is a different value for each
    setting, so a position always knows the exact rules it is played under.
    """

    name: ClassVar[str]
    """The name used in the position JSON and on the command line."""
    title: ClassVar[str]
    """The name people read, in English (the browser's own translations come first)."""

    setting_names: ClassVar[frozenset[str]] = frozenset({"match_to", "cube", "crawford"})
    """The game settings (RULES.md S1) this variant knows."""
    setting_defaults: ClassVar[Mapping[str, Any]] = {}
    """Defaults that differ from :class:`~nardy.rules.settings.Settings`'."""
    opening_is_first_roll: ClassVar[bool] = False
    """Whether the opening roll-off dice are the starter's first roll (B5) or the starter
    rolls again (LN7, D6)."""
    hits: ClassVar[bool] = True
    """Whether a lone checker can be hit (B2, D4; never in long nardy, LN2)."""
    has_bar: ClassVar[bool] = True
    """Whether the board has a bar for hit checkers (there is none in long nardy)."""
    has_reserve: ClassVar[bool] = False
    """Whether checkers start off the board and enter (Dutch)."""
    heads: ClassVar[tuple[int, int] | None] = None
    """The roller's and the opponent's head points, where a variant has heads."""
    chouette: ClassVar[bool] = False
    """Whether chouette tables (CH1–CH7) are played with these rules."""
    standard_bearoff: ClassVar[bool] = False
    """Whether the end of the game is the common bear-off: the roller bears off from home
    points 1..6 by C6, the opponent from the mirror of those points, and once both sides
    are home nothing else changes the play (no contact). The bear-off databases apply
    exactly then."""
    resign_levels: ClassVar[tuple[int, ...]] = ()
    """Levels a resignation may be offered at (B9); none means an immediate resignation
    scored on the position (LN9)."""
    starter_takes_white: ClassVar[bool] = False
    """Whether the player who moves first in a game plays white, whichever seat it is
    (LN7, LN11); otherwise the first seat keeps the light checkers."""
    series: ClassVar[bool] = False
    """Whether a match of these rules is called a series (long nardy, LN11, and Dutch)."""
    money: ClassVar[bool] = True
    """Whether a game without a length (``match_to`` 0) is money play rather than an
    unlimited series."""
    formats: ClassVar[frozenset[str]] = frozenset()
    """The outside formats that can hold positions or games of these rules
    (:data:`GNUBG_POSITION_ID`, :data:`GNUBG_MATCH_ID`, :data:`MAT`); nardy's own position
    JSON, records, notation and diagrams hold every variant."""
    mat_variation: ClassVar[str | None] = None
    """The ``Variation`` header of a .mat file of these rules; None writes none (plain
    backgammon)."""

    @abstractmethod
    def start_position(self) -> Position:
        """The position before the first move, seen from the player who moves first."""

    @abstractmethod
    def mirror(self, point: int) -> int:
        """The opponent's number for the roller's ``point`` (the board turned round)."""

    @cached_property
    def flip_index(self) -> tuple[int, ...]:
        """:func:`~nardy.rules.cells.flip_index` of :meth:`mirror`, worked out once."""
        return flip_index(self.mirror)

    def flip(self, cells: Cells) -> Cells:
        """``cells`` seen from the other side (the board turned round by :meth:`mirror`)."""
        return flip(cells, self.flip_index)

    def validate(self, cells: Cells) -> None:
        """Raise :class:`~nardy.rules.errors.InvalidPositionError` for a position these
        rules cannot reach. The checker totals are already checked."""

    def turn(self, cells: Cells, dice: tuple[int, int]) -> Any:
        """Facts fixed for a whole turn that :meth:`steps` needs (for example how many
        checkers may leave the head). Computed once per turn from the starting position."""
        return None

    @abstractmethod
    def steps(self, cells: Cells, die: int, turn: Any) -> Iterator[StepResult]:
        """Every legal single step with ``die`` from ``cells``, with the cells after it."""

    generation_hooks: ClassVar[tuple[str, ...]] = ("steps", "turn")
    """The methods the single steps are made by (a variant adds the helpers its
    :meth:`steps` calls): the kernel runs a variant only where none of them is written
    below the class that wrote :meth:`kernel_rules`."""

    def kernel_rules(self) -> KernelRules | None:
        """These rules described for the compiled move generator, or None to use
        :meth:`steps` (see :mod:`nardy.rules.kernel`)."""
        return None

    def compiled_rules(self) -> KernelRules | None:
        """:meth:`kernel_rules`, or None when a subclass has changed how steps are made
        (one of :attr:`generation_hooks`) without describing itself to the kernel again:
        such a variant falls back to the pure-Python generator by itself.

        >>> from dataclasses import dataclass
        >>> from nardy.variants import Dutch
        >>> @dataclass(frozen=True)
        ... class NoEntries(Dutch):
        ...     def steps(self, cells, die, turn):
        ...         return super().board_steps(cells, die)
        >>> Dutch().compiled_rules() is not None, NoEntries().compiled_rules()
        (True, None)
        """
        kind = type(self)
        described = _written_in(kind, "kernel_rules")
        for hook in self.generation_hooks:
            written = _written_in(kind, hook)
            if written is not described and issubclass(written, described):
                return None
        return self.kernel_rules()

    def why_not(self, cells: Cells, source: int, target: int, turn: Any) -> str | None:
        """This variant's own reason why the single step ``source``→``target`` is not
        allowed in ``cells`` (for messages to players), or None."""
        return None

    # -- game flow

    def for_settings(self, settings: Settings) -> Variant:
        """These rules with the options that ``settings`` switch on."""
        return self

    @abstractmethod
    def result_values(self, settings: Settings) -> ResultValues:
        """Each kind of win under ``settings`` with its multiple of the cube, from the
        smallest: the first is a win over a loser who has borne off, the next (where the
        variant has one) over a loser who has not, the third over one who is also still
        back (:meth:`loss_depth`)."""

    def loss_depth(self, cells: Cells) -> int:
        """How badly the opponent has lost in ``cells`` (seen from the winner): 0 when it
        has borne off a checker, 1 when it has not. Variants with backgammons add 2."""
        return 0 if cells[OPP_OFF] else 1

    def win(self, cells: Cells, settings: Settings) -> tuple[WinKind, int]:
        """How a win counts: the record's ``kind`` and the multiple of the cube, judged on
        ``cells`` seen from the winner (the loser is the opponent).

        >>> from nardy.variants import LONG_NARDY
        >>> from nardy.rules.settings import Settings
        >>> lost = (15,) + (0,) * 11 + (-15,) + (0,) * 17
        >>> LONG_NARDY.win(lost, Settings()), LONG_NARDY.win(lost, Settings(scoring="oin"))
        (('mars', 2), ('oin', 1))
        """
        values = self.result_values(settings)
        return values[min(self.loss_depth(cells), len(values) - 1)]

    def resign_value(self, level: int, settings: Settings) -> int:
        """The multiple of the cube a resignation at ``level`` gives away (B9): the value
        of the ``level``-th kind of win."""
        values = self.result_values(settings)
        return values[min(level, len(values)) - 1][1]

    def next_starter(
        self, settings: Settings, previous_starter: int, previous_winner: int | None
    ) -> int | None:
        """Who starts the next game of a match or series, or None for a roll-off."""
        return None

    # -- options

    def options(self) -> dict[str, Any]:
        """The rule options that differ from the defaults, as in the position JSON.

        >>> from nardy.variants import DUTCH, Dutch
        >>> DUTCH.options(), Dutch(enter_all_first=True).options()
        ({}, {'enter_all_first': True})
        """
        return dict(self._options)

    @cached_property
    def _options(self) -> dict[str, Any]:
        """:meth:`options`, worked out once per variant (every state's position lists
        them; the caller gets a copy of its own)."""
        default = type(self)()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def with_options(self, options: Mapping[str, Any]) -> Variant:
        """The same variant with rule ``options`` set (unknown names are an error)."""
        from nardy.rules.errors import InvalidPositionError

        known = {f.name: f.type for f in fields(self)}
        for key, value in options.items():
            if key not in known:
                allowed = ", ".join(sorted(known)) or "none"
                raise InvalidPositionError(
                    f"{self.name} has no rule option {key!r} (options: {allowed})"
                )
            if not isinstance(value, bool):
                raise InvalidPositionError(f"rule option {key!r} must be true or false")
        return type(self)(**{**{k: getattr(self, k) for k in known}, **options})

    def __str__(self) -> str:
        return self.name


def _written_in(kind: type, method: str) -> type:
    """The class in ``kind``'s method resolution order whose body defines ``method``."""
    return next(base for base in kind.__mro__ if method in vars(base))
