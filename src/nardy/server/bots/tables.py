"""A bot at its tables: the table stream and the command route (INTERFACES.md §9), through
the same path as a person's socket.

A bot's connection joins a table exactly as a socket does — the live table in a single
process, or through its :class:`~nardy.server.site.cluster.Door` with several, which
forwards to the table's owner — and a command goes to the socket's own handler, which
parses it with the socket's parser and applies it through the same table, store and
dice. The command route opens a connection for one command: it joins, sends the command
with an ``id`` of its own, waits for that ``id``'s ``ack`` or ``error``, and leaves.
"""

from __future__ import annotations

import asyncio
import functools
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from nardy.server import protocol
from nardy.server.bots.connection import BotConnection
from nardy.server.protocol import bot_api, refusals, wire
from nardy.server.site.cluster import Door, Handle, Site
from nardy.server.site.lobby import Lobby
from nardy.server.site.throttle import Throttle
from nardy.server.tables.room import Room, TableError

KEEP_ALIVE = 5.0
"""Seconds between the empty lines of a quiet stream (the contract allows at most 10)."""
ANSWER_WAIT = 30.0
"""Seconds a command waits for its answer (a table moving to another process included)."""


class Refused(Exception):
    """A command or stream refused: the HTTP status and the table's refusal (its English
    message, its ``code`` and ``params``, :mod:`nardy.server.protocol.refusals`)."""

    def __init__(self, status: int, refused: TableError) -> None:
        super().__init__(str(refused))
        self.status = status
        self.refused = refused


@dataclass(frozen=True)
class Entry:
    """Where a bot's connection joined a table."""

    door: Door | None
    """The table's door, with several processes."""
    key: str
    """The connection's key at the door."""
    table: Room | None
    """The live table, in a single process."""


class BotTables:
    """The Bot API's way to the tables of this process's site."""

    def __init__(
        self, lobby: Lobby, throttle: Throttle, handle: Handle, site: Site | None = None
    ) -> None:
        self.lobby = lobby
        self.throttle = throttle
        self.handle = handle
        self.site = site

    async def _enter(self, table_id: str, connection: BotConnection) -> Entry:
        """Join ``connection`` to the table: through its door with several processes, else
        the live table (loaded again if it was unloaded meanwhile)."""
        try:
            if self.site is not None:
                door = await self.site.door(table_id)
                return Entry(door, await self.site.join(door, connection), None)
            while True:
                table = await self.lobby.get(table_id)
                await table.join(connection)
                if not table.gone:
                    return Entry(None, "", table)
        except TableError as error:
            raise Refused(404, error) from None

    async def _leave(self, entry: Entry, connection: BotConnection) -> None:
        if self.site is not None and entry.door is not None:
            await self.site.leave(entry.door, entry.key)
        elif entry.table is not None:
            await entry.table.leave(connection)

    async def _seated(self, table_id: str, player_id: str) -> None:
        row = await self.lobby.row(table_id)
        if player_id not in row.seats:
            raise Refused(403, TableError(refusals.NOT_SEATED))

    async def stream(
        self, table_id: str, player_id: str, address: str | None, stop: asyncio.Event
    ) -> AsyncIterator[str]:
        """The table's states as NDJSON lines, and an empty line when nothing happened for
        :data:`KEEP_ALIVE` seconds; it ends after the state of the match's end, when the
        reader falls behind, or when ``stop`` is set (the token was revoked)."""
        try:
            await self._seated(table_id, player_id)
        except TableError as error:
            raise Refused(404, error) from None
        refusal = await self.throttle.open_socket(table_id, address)
        if refusal is not None:
            raise Refused(429, TableError(refusal))
        connection = BotConnection(player_id, address)
        try:
            entry = await self._enter(table_id, connection)
        except Refused:
            self.throttle.close_socket(table_id, address)
            raise
        connection.on_drop = functools.partial(self._leave, entry, connection)
        return self._lines(table_id, connection, entry, stop)

    async def _lines(
        self,
        table_id: str,
        connection: BotConnection,
        entry: Entry,
        stop: asyncio.Event,
    ) -> AsyncIterator[str]:
        async def revoked() -> None:
            await stop.wait()
            connection.drop()

        watch = asyncio.create_task(revoked())
        try:
            while not connection.dropped.is_set():
                try:
                    text = await asyncio.wait_for(connection.states.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield "\n"
                    continue
                if connection.dropped.is_set():
                    return
                yield text + "\n"
                if '"status":"over"' in text and connection.states.empty():
                    return
        finally:
            watch.cancel()
            self.throttle.close_socket(table_id, connection.address)
            await self._leave(entry, connection)

    async def command(
        self, table_id: str, player_id: str, name: str, address: str | None, text: str
    ) -> dict[str, Any]:
        """Apply one socket command for the bot; its ``ack`` (or the state, for a
        ``resync``; the ``pong``, for a ``ping``). :class:`Refused` says why not."""
        try:
            message = protocol.parse(text)
        except protocol.ProtocolError as error:
            raise Refused(400, TableError.of(error)) from None
        try:
            await self._seated(table_id, player_id)
        except TableError as error:
            raise Refused(404, error) from None
        reply_to = f"bot-{secrets.token_hex(8)}"
        connection = BotConnection(player_id, address, reply_to=reply_to)
        entry = await self._enter(table_id, connection)
        try:
            if isinstance(message.body, protocol.Resync):
                state: dict[str, Any] = wire.loads(await connection.states.get())
                return state  # the state it was sent on joining
            sent = wire.dumps({**wire.loads(text), "id": reply_to})
            if self.site is not None and entry.door is not None:
                await self.site.receive(entry.door, entry.key, name, sent)
            elif entry.table is not None:
                await self.handle(entry.table, connection, name, sent)
            try:
                async with asyncio.timeout(ANSWER_WAIT):
                    answer = await connection.answer
            except TimeoutError:
                raise Refused(503, TableError(refusals.ANSWER_LATE)) from None
        finally:
            await self._leave(entry, connection)
        return _reply(answer)


def _reply(answer: dict[str, Any]) -> dict[str, Any]:
    """The HTTP answer to the table's answer: an ``ack`` (a ``pong``) as it is without
    the ``id``; an ``error`` as :class:`Refused`."""
    if answer.get("type") == "error":
        message, code = str(answer.get("message")), str(answer.get("code", refusals.REFUSED))
        raise Refused(400, TableError.relayed(message, code, answer.get("params") or {}))
    if answer.get("type") == "ack":
        return dict(bot_api.ack(int(answer["n"])))
    return {k: v for k, v in answer.items() if k != "id"}
