"""The clock of a table: seconds per move plus a reserve, and the named presets.

Each move has its own allowance; time beyond it comes out of the player's reserve, which
lasts the whole match. A longer match gets a larger reserve: the preset's seconds per point
times the match length (a money session or an unlimited series counts as
:data:`OPEN_ENDED_POINTS` points). The table stores the charged reserves with every event,
so a restart resumes the clock where the last event left it.

The correspondence presets (``days-1``, ``days-2``, ``days-3``) give days a move and a day
of reserve a point. Their clock runs on the wall clock: every event of such a table stores
when it was made and the wall-clock deadline of the player to act, so after a restart, or
a takeover by another process, the player to act has only what was left of their time
(a live clock gives a fresh move allowance instead, since the pause was nobody's thinking).

>>> PRESETS["blitz"].clock(5)
{'move': 8.0, 'reserve': 150.0, 'preset': 'blitz', 'per_point': 30.0}
>>> try:
...     preset_named("bullet")
... except TableError as error:
...     print(error)
unknown time control 'bullet'; presets: blitz, rapid, standard, slow, days-1, days-2, days-3
>>> PRESETS["days-2"].clock(3)["reserve"] / DAY
3.0
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
DAY = 86_400.0
"""Seconds in a day, the unit of the correspondence presets."""


@dataclass(frozen=True)
class TimeControl:
    name: str
    move: float
    """Seconds each move may take without touching the reserve."""
    per_point: float
    """Seconds of reserve per point of the match length."""
    correspondence: bool = False
    """Days a move: the clock runs on the wall clock, across restarts, and a player who
    is away never forfeits for it (only the clock decides)."""

    def clock(self, match_to: int) -> dict[str, Any]:
        """The clock of a table with this control (as the table options keep it)."""
        doc: dict[str, Any] = {
            "move": self.move,
            "reserve": self.per_point * (match_to or OPEN_ENDED_POINTS),
            "preset": self.name,
            "per_point": self.per_point,
        }
        if self.correspondence:
            doc["correspondence"] = True
        return doc

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "move": self.move,
            "per_point": self.per_point,
            "correspondence": self.correspondence,
        }


PRESETS = {
    control.name: control
    for control in (
        TimeControl("blitz", 8.0, 30.0),
        TimeControl("rapid", 12.0, 60.0),
        TimeControl("standard", 20.0, 120.0),
        TimeControl("slow", 45.0, 300.0),
        TimeControl("days-1", 1 * DAY, DAY, correspondence=True),
        TimeControl("days-2", 2 * DAY, DAY, correspondence=True),
        TimeControl("days-3", 3 * DAY, DAY, correspondence=True),
    )
}
"""The presets the lobby offers, fastest first."""


def is_correspondence(options: dict[str, Any]) -> bool:
    """Whether a table's options (:attr:`TableRow.options`) give it a correspondence clock.

    >>> is_correspondence({"clock": PRESETS["days-1"].clock(3)}), is_correspondence({})
    (True, False)
    """
    clock = options.get("clock")
    return isinstance(clock, dict) and bool(clock.get("correspondence"))


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
    correspondence: bool = False
    """Runs on the wall clock (:func:`is_correspondence`)."""
    since: float | None = None
    """When (``time.time``) the stored state's actor started thinking: the time of the
    last stored event of a correspondence table; None until one is read."""

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Clock | None:
        """The clock a table's options ask for (:meth:`TimeControl.clock`), or None."""
        clock = options.get("clock")
        if not clock:
            return None
        reserve = float(clock["reserve"])
        return cls(float(clock["move"]), [reserve] * 2, correspondence=is_correspondence(options))

    def start(self, actor: int | None, now: float, wall: float | None = None) -> None:
        """``actor`` (None: nobody) starts thinking at ``now`` (monotonic; ``wall``: the
        same moment by ``time.time``, kept by a correspondence clock)."""
        self.actor, self.started = actor, now
        if wall is not None:
            self.since = wall

    def resume(self, actor: int | None, now: float, wall: float) -> None:
        """Start the clock of a table rebuilt from the store (``now`` monotonic, ``wall``
        ``time.time``): a live clock afresh; a correspondence clock from the time of the
        last stored event, so neither a restart nor a takeover gives anyone more time.

        >>> clock = Clock(DAY, [DAY, DAY], correspondence=True, since=1000.0)
        >>> clock.resume(0, now=50.0, wall=1000.0 + DAY)  # a day went by meanwhile
        >>> clock.deadline() - 50.0 == DAY
        True
        """
        if not self.correspondence:
            return self.start(actor, now)
        since = wall if self.since is None else min(wall, self.since)
        self.start(actor, now - (wall - since), since)

    def stamp(self, actor: int | None, reserve: list[float], wall: float) -> dict[str, Any]:
        """What a correspondence table stores with an event made at ``wall``: its time,
        and the seat to act after it with its deadline on the wall clock (None when
        nobody is to act); nothing for a live clock.

        >>> Clock(DAY, [DAY, 0.0], correspondence=True).stamp(1, [DAY, 0.0], wall=10.0)
        {'at': 10.0, 'actor': 1, 'deadline': 86410.0}
        """
        if not self.correspondence:
            return {}
        deadline = None if actor is None else wall + self.move + reserve[actor]
        return {"at": wall, "actor": actor, "deadline": deadline}

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
        doc: dict[str, Any] = {"move": self.move, "reserve": self.reserve, "actor": self.actor}
        if self.correspondence:
            doc["correspondence"] = True
            doc["deadline"] = self.wall_deadline()
        return doc

    def wall_deadline(self) -> float | None:
        """When (``time.time``) a correspondence clock's actor runs out of time; None when
        nobody is thinking or the clock is a live one."""
        if self.actor is None or self.since is None or not self.correspondence:
            return None
        return self.since + self.move + self.reserve[self.actor]
