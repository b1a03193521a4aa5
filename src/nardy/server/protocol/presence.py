"""The ``presence`` message (docs/PROTOCOL.md, "Presence and the archive"): who of a
table's players is connected now, and for how long an absent one keeps the seat.

Presence is not a change of the table: it has no version and is never stored. A table
sends it to everyone there whenever a seat's presence changes (a player's last socket
closes, or their first one opens), and to a socket on its own when it connects or asks
for a ``resync``; so a client always holds the latest one.

>>> present = seat_presence(connected=True, since=None, deadline=None, now=100.0)
>>> present
{'connected': True, 'since': None, 'deadline': None, 'left': None}
>>> away = seat_presence(connected=False, since=90.0, deadline=150.0, now=100.0)
>>> away["left"]
50.0
>>> presence("t1", [present, None, away])["seats"][1] is None
True
"""

from __future__ import annotations

from typing import Literal, TypedDict


class SeatPresence(TypedDict):
    """One seat's presence. ``since`` and ``deadline`` are Unix times (the server's clock);
    ``left`` is the seconds from sending to ``deadline``, so that a client counts down
    from when it received the message whatever its own clock says."""

    connected: bool
    """Whether the player (a person's socket, a bot's stream, the computer) is there."""
    since: float | None
    """Since when the player has been away; None while connected, or when the server has
    not seen them since it started."""
    deadline: float | None
    """When the player's grace runs out (docs/PROTOCOL.md, "Clock and grace"), or None
    where no grace applies: a match against the computer, the game over."""
    left: float | None
    """Seconds until ``deadline`` when the message was sent (never below 0)."""


class Presence(TypedDict):
    """Every seat's presence, by seat (None for a seat nobody holds yet)."""

    type: Literal["presence"]
    table: str
    seats: list[SeatPresence | None]


def seat_presence(
    *, connected: bool, since: float | None, deadline: float | None, now: float
) -> SeatPresence:
    """A seat's presence at Unix time ``now``."""
    left = None if deadline is None else round(max(0.0, deadline - now), 3)
    return SeatPresence(connected=connected, since=since, deadline=deadline, left=left)


def presence(table: str, seats: list[SeatPresence | None]) -> Presence:
    """The message for ``table``."""
    return Presence(type="presence", table=table, seats=seats)
