"""The clock of a table: seconds per move plus a reserve, and the named presets.

Each move has its own allowance; time beyond it comes out of the player's reserve, which
lasts the whole match. A longer match gets a larger reserve: the preset's seconds per point
times the match length (a money session or an unlimited series counts as
:data:`OPEN_ENDED_POINTS` points). The table stores the charged reserves with every event,
so a restart resumes the clock where the last event left it.

>>> PRESETS["blitz"].clock(5)
{'move': 8.0, 'reserve': 150.0, 'preset': 'blitz', 'per_point': 30.0}
>>> try:
...     preset_named("bullet")
... except TableError as error:
...     print(error)
unknown time control 'bullet'; presets: blitz, rapid, standard, slow
>>> clock = Clock.from_options({"clock": PRESETS["blitz"].clock(1)})
>>> clock.start(0, now=100.0)
>>> clock.deadline()
138.0
>>> clock.charged(now=120.0)  # 20 s used, 8 s of them the move's own
[18.0, 30.0]
>>> Clock.from_options({}) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nardy.server.tables.room import TableError

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


@dataclass
class Clock:
    """A table's running clock: the move allowance, each seat's reserve (seconds), and
    since when (``time.monotonic``) the seat to act has been thinking."""

    move: float
    reserve: list[float]
    started: float = 0.0
    actor: int | None = None

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Clock | None:
        """The clock a table's options ask for (:meth:`TimeControl.clock`), or None."""
        clock = options.get("clock")
        if not clock:
            return None
        return cls(float(clock["move"]), [float(clock["reserve"])] * 2)

    def start(self, actor: int | None, now: float) -> None:
        """``actor`` (None: nobody) starts thinking at ``now``."""
        self.actor, self.started = actor, now

    def charged(self, now: float) -> list[float]:
        """The reserves once the time the actor used beyond the move allowance is taken
        from its reserve (the clock itself is unchanged until that is stored)."""
        reserve = list(self.reserve)
        if self.actor is not None:
            over = max(0.0, now - self.started - self.move)
            reserve[self.actor] = max(0.0, reserve[self.actor] - over)
        return reserve

    def deadline(self) -> float | None:
        """When the actor's time runs out, or None when nobody is thinking."""
        if self.actor is None:
            return None
        return self.started + self.move + self.reserve[self.actor]

    def to_json(self) -> dict[str, Any]:
        """The clock as a table's state shows it."""
        return {"move": self.move, "reserve": self.reserve, "actor": self.actor}
