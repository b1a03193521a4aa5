"""Time controls: named presets of seconds per move plus a reserve per match point.

Each move has its own allowance; time beyond it comes out of the player's reserve, which
lasts the whole match. A longer match gets a larger reserve: the preset's seconds per point
times the match length (a money session or an unlimited series counts as
:data:`OPEN_ENDED_POINTS` points).

>>> PRESETS["blitz"].clock(5)
{'move': 8.0, 'reserve': 150.0, 'preset': 'blitz', 'per_point': 30.0}
>>> preset_named("bullet")
Traceback (most recent call last):
...
nardy.server.room.TableError: unknown time control 'bullet'; presets: blitz, rapid, standard, slow
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nardy.server.room import TableError

OPEN_ENDED_POINTS = 5
"""The match length a money session or unlimited series gets its reserve for."""


@dataclass(frozen=True)
class TimeControl:
    name: str
    move: float
    """Seconds each move may take without touching the reserve."""
    per_point: float
    """Seconds of reserve per point of the match length."""

    def clock(self, match_to: int) -> dict[str, Any]:
        """The clock of a table with this control (as the table options keep it)."""
        return {
            "move": self.move,
            "reserve": self.per_point * (match_to or OPEN_ENDED_POINTS),
            "preset": self.name,
            "per_point": self.per_point,
        }

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "move": self.move, "per_point": self.per_point}


PRESETS = {
    control.name: control
    for control in (
        TimeControl("blitz", 8.0, 30.0),
        TimeControl("rapid", 12.0, 60.0),
        TimeControl("standard", 20.0, 120.0),
        TimeControl("slow", 45.0, 300.0),
    )
}
"""The presets the lobby offers, fastest first."""


def preset_named(name: Any) -> TimeControl:
    """The preset called ``name``; a :class:`TableError` naming the presets otherwise."""
    control = PRESETS.get(name) if isinstance(name, str) else None
    if control is None:
        raise TableError(f"unknown time control {name!r}; presets: {', '.join(PRESETS)}")
    return control
