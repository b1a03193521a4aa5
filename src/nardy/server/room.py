"""What every table shares: its stored events, its connections, its chat and its seats.

A room applies one command at a time (its lock), writes every event to the store before
anyone hears of it, and then sends each connection the state as that person sees it.
:class:`~nardy.server.table.Table` (a match between two) and
:class:`~nardy.server.chouette_table.ChouetteTable` build on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from nardy.rules.errors import NardyError
from nardy.server import dice as dice_service
from nardy.server import wire
from nardy.server.group_commit import GroupCommit
from nardy.server.store import Store, TableRow

CHAT_KEPT = 50
"""Chat messages included in a table's state."""


class TableError(NardyError):
    """A command the table refuses, with the reason for the person who sent it."""


class Connection(Protocol):
    """Somebody watching a table: a player at a seat or a spectator."""

    player_id: str | None

    async def send(self, message: dict[str, Any]) -> None: ...

    async def send_text(self, text: str) -> None:
        """Send a message already encoded as JSON text."""
        ...


@dataclass
class Room:
    """The shared part of a live table."""

    row: TableRow
    store: Store
    grace: float = 60.0
    bot_delay: float = 0.0
    n: int = 0
    rolls: int = 0
    chat: list[dict[str, Any]] = field(default_factory=list)
    connections: set[Connection] = field(default_factory=set)
    on_change: Callable[[Room], Awaitable[None]] | None = None
    on_finish: Callable[[Room], Awaitable[None]] | None = None
    """Called once the table is over (the lobby records the outcome and ratings)."""
    commits: GroupCommit | None = None
    """Where events are written (together with other tables' events); the store alone
    when None."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    _away_since: dict[int, float] = field(default_factory=dict)
    """Since when (monotonic) each seated player has had no connection."""

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seed(self) -> bytes:
        return bytes.fromhex(self.row.seed)

    def seat_of(self, player_id: str | None) -> int | None:
        if player_id is None:
            return None
        for seat, holder in enumerate(self.row.seats):
            if holder == player_id:
                return seat
        return None

    def seat_name(self, seat: int) -> str | None:
        holder = self.row.seats[seat] if seat < len(self.row.seats) else None
        if holder is None:
            return None
        names: dict[str, str] = self.row.options.get("names", {})
        return names.get(holder, holder)

    def is_over(self) -> bool:
        return self.row.status == "over"

    def _peek(self) -> tuple[int, int]:
        """The next roll, not yet used."""
        return dice_service.roll(self.seed, self.rolls)

    def rolls_so_far(self) -> list[list[int]]:
        """Every roll of this table in order."""
        return [list(dice_service.roll(self.seed, k)) for k in range(self.rolls)]

    # -- storage

    def restore(self) -> None:
        """Replay the stored events (after a restart)."""
        for payload in self.store.events(self.id):
            self.n += 1
            if "chat" in payload:
                self.chat = [*self.chat, payload["chat"]][-CHAT_KEPT:]
            elif "over" in payload:
                self.row = replace(self.row, status="over")
            else:
                self._replay(payload)

    def _replay(self, payload: dict[str, Any]) -> None:
        """Take in one stored game event."""
        raise NotImplementedError

    async def _persist(self, payload: dict[str, Any]) -> None:
        if self.commits is not None:
            await self.commits.append(self.id, self.n + 1, payload)
        else:
            await asyncio.to_thread(self.store.append, self.id, self.n + 1, payload)
        self.n += 1

    async def _finish(self) -> None:
        self.row = replace(self.row, status="over")
        await asyncio.to_thread(self.store.update_table, self.id, status="over")
        if self.on_finish is not None:
            await self.on_finish(self)

    # -- chat and connections

    async def say(self, player_id: str, name: str, text: str) -> None:
        """Table chat (spectators too); kept with the table's events."""
        async with self.lock:
            message = {
                "from": name,
                "seat": self.seat_of(player_id),
                "text": text[:500],
                "at": time.time(),
            }
            await self._persist({"chat": message})
            self.chat = [*self.chat, message][-CHAT_KEPT:]
        await self.broadcast()

    def _connected(self, seat: int) -> bool:
        holder = self.row.seats[seat] if seat < len(self.row.seats) else None
        return any(c.player_id == holder for c in self.connections)

    async def join(self, connection: Connection) -> None:
        self.connections.add(connection)
        seat = self.seat_of(connection.player_id)
        if seat is not None:
            self._away_since.pop(seat, None)
            async with self.lock:
                self._arm_timer()
        await connection.send(self.view(connection.player_id))

    async def leave(self, connection: Connection) -> None:
        self.connections.discard(connection)
        seat = self.seat_of(connection.player_id)
        if seat is not None and not self._connected(seat):
            self._away_since[seat] = time.monotonic()
            async with self.lock:
                self._arm_timer()

    async def broadcast(self) -> None:
        """Send everyone the state as they see it: built and encoded once per seat (and
        once for all spectators), however many connections share it."""
        texts: dict[int | None, str] = {}
        for connection in list(self.connections):
            seat = self.seat_of(connection.player_id)
            text = texts.get(seat)
            if text is None:
                text = texts[seat] = wire.dumps(self.view(connection.player_id))
            with contextlib.suppress(Exception):
                await connection.send_text(text)
        if self.on_change is not None:
            await self.on_change(self)

    def _arm_timer(self) -> None:
        """Start the timer for whatever deadline is pending (none by default)."""

    def view(self, player_id: str | None) -> dict[str, Any]:
        """The whole state as one person sees it."""
        raise NotImplementedError

    async def submit(self, seat: int | None, doc: dict[str, Any], by: str) -> None:
        """Apply one client command for ``seat``; raises :class:`TableError`."""
        raise NotImplementedError

    async def start(self) -> None:
        """Begin or resume play."""
