"""The settings a match, money session or series is created with (RULES.md S1).

The names are those of the game record (INTERFACES.md §4). A setting a variant does not
know is an error, so that nobody believes they are playing with the Jacoby rule in long
nardy.

>>> from nardy.variants import BACKGAMMON, LONG_NARDY
>>> Settings.for_variant(BACKGAMMON).cube, Settings.for_variant(LONG_NARDY).cube
(True, False)
>>> Settings.for_variant(LONG_NARDY, {"jacoby": True})
Traceback (most recent call last):
...
nardy.rules.errors.SettingsError: long-nardy has no setting 'jacoby'
>>> Settings.for_variant(BACKGAMMON, {"match_to": 5, "jacoby": True})
Traceback (most recent call last):
...
nardy.rules.errors.SettingsError: 'jacoby' is for money play only (match_to = 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Literal

from nardy.rules.errors import SettingsError

if TYPE_CHECKING:
    from nardy.rules.variant import Variant

CUBE_LIMIT = 64
"""The highest value the doubling cube may reach (B6)."""


@dataclass(frozen=True)
class Facts:
    """What there is to know about one setting besides its name and default: the values it
    takes (None: true or false, or any length for ``match_to``) and when it applies."""

    choices: tuple[Any, ...] | None = None
    money_only: bool = False
    """Only for money play (B8); set back to its default in a match."""
    match_only: bool = False
    """Only in a match or series with a length (the Crawford rule)."""
    needs_cube: bool = False
    """Only with the doubling cube in use."""
    summary: bool = False
    """Part of a table's one-line description in the lobby."""


FACTS: Mapping[str, Facts] = {
    "match_to": Facts(),
    "cube": Facts(),
    "crawford": Facts(match_only=True, needs_cube=True),
    "jacoby": Facts(money_only=True, needs_cube=True),
    "auto_doubles": Facts(choices=tuple(range(7)), money_only=True, needs_cube=True),
    "backgammon_value": Facts(choices=(2, 3)),
    "scoring": Facts(choices=("oin", "mars"), summary=True),
    "first_move": Facts(choices=("loser", "alternate")),
    "last_roll": Facts(),
    "enter_all_first": Facts(),
}
"""The facts of every setting, by name (each is a field of :class:`Settings`)."""

MONEY_ONLY = frozenset(name for name, facts in FACTS.items() if facts.money_only)
"""Settings that apply to money play only (B8)."""


@dataclass(frozen=True)
class Settings:
    """Every setting of RULES.md S1 with its default; see INTERFACES.md §4 for the names."""

    match_to: int = 0
    """Points to win; 0 is a money session or an unlimited series."""
    cube: bool = True
    """Whether the doubling cube is in use (B6). The default depends on the variant."""
    crawford: bool = True
    """The Crawford rule in matches (B8)."""
    jacoby: bool = False
    """Gammons count only after a double was taken, money play only (B7)."""
    auto_doubles: int = 0
    """Most automatic doubles from opening ties per game, money play only (B5)."""
    backgammon_value: Literal[2, 3] = 3
    """3, or 2 for "backgammon counts as gammon" (B7)."""
    scoring: Literal["oin", "mars"] = "mars"
    """Long nardy: every win 1 ("oin") or 2 when the loser bore off nothing ("mars", LN8)."""
    first_move: Literal["loser", "alternate"] = "loser"
    """Long nardy series: who starts the next game (LN11)."""
    last_roll: bool = False
    """Long nardy last-roll right (LN10)."""
    enter_all_first: bool = False
    """Dutch strict reading of D2."""

    @classmethod
    def for_variant(cls, variant: Variant, values: Mapping[str, Any] | None = None) -> Settings:
        """Checked settings for ``variant``: its defaults, overridden by ``values``."""
        values = dict(values or {})
        known = {f.name: f for f in fields(cls)}
        for key in values:
            if key not in known:
                raise SettingsError(f"unknown setting {key!r}")
            if key not in variant.setting_names:
                raise SettingsError(f"{variant.name} has no setting {key!r}")
        settings = replace(cls(), **{**variant.setting_defaults, **values})
        settings.check()
        return settings

    def check(self) -> None:
        """Raise :class:`SettingsError` for values out of range."""
        for f in fields(self):
            value = getattr(self, f.name)
            default = getattr(Settings(), f.name)
            if type(value) is not type(default):
                raise SettingsError(f"{f.name!r} must be {type(default).__name__}, got {value!r}")
        if self.match_to < 0:
            raise SettingsError("'match_to' must be 0 (no limit) or a positive number of points")
        for name, facts in FACTS.items():
            if facts.choices is not None and getattr(self, name) not in facts.choices:
                raise SettingsError(f"{name!r} must be {_one_of(facts.choices)}")
        if self.match_to:
            for key in sorted(MONEY_ONLY):
                if getattr(self, key):
                    raise SettingsError(f"{key!r} is for money play only (match_to = 0)")

    @staticmethod
    def known(variant: Variant) -> list[tuple[str, Any, Facts]]:
        """The settings ``variant`` knows, in :class:`Settings` order, each with its
        default for ``variant`` and its facts.

        >>> from nardy.variants import LONG_NARDY
        >>> [(name, default) for name, default, _ in Settings.known(LONG_NARDY)][:3]
        [('match_to', 0), ('cube', False), ('crawford', True)]
        """
        defaults = Settings.for_variant(variant)
        return [
            (f.name, getattr(defaults, f.name), FACTS[f.name])
            for f in fields(Settings)
            if f.name in variant.setting_names
        ]

    def to_json(self, variant: Variant) -> dict[str, Any]:
        """The settings a record stores: every setting ``variant`` knows.

        >>> from nardy.variants import DUTCH
        >>> Settings.for_variant(DUTCH).to_json(DUTCH)
        {'match_to': 0, 'cube': False, 'crawford': True, 'enter_all_first': False}
        """
        known = variant.setting_names
        return {name: getattr(self, name) for name in _NAMES if name in known}


_NAMES = tuple(f.name for f in fields(Settings))
"""The settings' names in :class:`Settings` order (read once: every state lists them)."""


def _one_of(choices: tuple[Any, ...]) -> str:
    """``'a' or 'b'``, ``2 or 3``, ``from 0 to 6``.

    >>> _one_of((2, 3)), _one_of(("oin", "mars")), _one_of(tuple(range(7)))
    ('2 or 3', "'oin' or 'mars'", 'from 0 to 6')
    """
    if len(choices) > 2 and choices == tuple(range(choices[0], choices[-1] + 1)):
        return f"from {choices[0]} to {choices[-1]}"
    return " or ".join(repr(choice) for choice in choices)
