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

MONEY_ONLY = frozenset({"jacoby", "auto_doubles"})
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
        if not 0 <= self.auto_doubles <= 6:
            raise SettingsError("'auto_doubles' must be from 0 to 6")
        if self.backgammon_value not in (2, 3):
            raise SettingsError("'backgammon_value' must be 2 or 3")
        if self.scoring not in ("oin", "mars"):
            raise SettingsError("'scoring' must be 'oin' or 'mars'")
        if self.first_move not in ("loser", "alternate"):
            raise SettingsError("'first_move' must be 'loser' or 'alternate'")
        if self.match_to:
            for key in sorted(MONEY_ONLY):
                if getattr(self, key):
                    raise SettingsError(f"{key!r} is for money play only (match_to = 0)")

    def to_json(self, variant: Variant) -> dict[str, Any]:
        """The settings a record stores: every setting ``variant`` knows.

        >>> from nardy.variants import DUTCH
        >>> Settings.for_variant(DUTCH).to_json(DUTCH)
        {'match_to': 0, 'cube': False, 'crawford': True, 'enter_all_first': False}
        """
        return {
            f.name: getattr(self, f.name) for f in fields(self) if f.name in variant.setting_names
        }
