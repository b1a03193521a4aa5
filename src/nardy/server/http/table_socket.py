"""The table socket, ``/ws/tables/{id}``: one loop per connection, reading commands.

Each connection sends through its own :class:`~nardy.server.tables.outbox.Outbox`, so a client
that reads slowly never delays the table; it is paced by the :class:`Throttle` (per
socket, per session and per address); the number of sockets per table and per address is
bounded; a private table is shown only to its players and to holders of its invitation;
signing out closes the session's sockets, at every process of the site. With several
processes (:mod:`nardy.server.site.cluster`) a socket reaches a table owned elsewhere through
its door; it is paced here, and the owner answers its messages with
:meth:`TableSockets.handle`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections import defaultdict
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from nardy.server import protocol
from nardy.server.http.ws_protocol import DIRECT
from nardy.server.protocol import refusals, replies
from nardy.server.site.cluster import Door, Moved, RemoteConnection, Site
from nardy.server.site.lobby import Lobby
from nardy.server.site.throttle import Throttle
from nardy.server.store.database import Store, TableRow
from nardy.server.tables.outbox import Outbox
from nardy.server.tables.room import Room, TableError
from nardy.server.tables.table import Table

COOKIE = "nardy_session"
"""The session cookie."""
MAX_MESSAGE = protocol.MAX_MESSAGE
"""Largest WebSocket message accepted, in bytes (:mod:`~nardy.server.protocol` checks it)."""

SIGNED_OUT = 4001
"""Close code of a socket whose session ended."""
NO_SUCH_TABLE = 4004
"""Close code of a socket opened to a table that does not exist (a mistyped link)."""


def may_watch(row: TableRow, player_id: str | None, invite: str | None) -> bool:
    """Whether somebody may see a table: anyone for a public one; for a table by
    invitation, its players and whoever holds the invitation."""
    return (
        row.invite is None
        or (player_id is not None and player_id in row.seats)
        or (invite == row.invite)
    )


class TableSockets:
    """Every table socket of this server process."""

    def __init__(
        self,
        store: Store,
        lobby: Lobby,
        throttle: Throttle,
        *,
        site: Site | None = None,
        queue: int = 64,
        timeout: float = 10.0,
    ) -> None:
        self.store = store
        self.lobby = lobby
        self.throttle = throttle
        self.site = site
        if site is not None:
            site.handle = self.handle  # messages forwarded here from other processes
            site.close_session = self.close_session  # a sign-out at another process
        self.queue = queue
        self.timeout = timeout
        self.by_session: defaultdict[str, set[Outbox]] = defaultdict(set)

    async def end_session(self, token: str) -> None:
        """Close every socket opened with the session ``token`` (it signed out), at this
        process and, on a site of several, at every other one before this returns."""
        await self.close_session(token)
        if self.site is not None:
            await self.site.end_session(token)

    async def close_session(self, token: str) -> None:
        """Close this process's sockets opened with the session ``token``."""
        for outbox in list(self.by_session.pop(token, ())):
            outbox.drop(SIGNED_OUT, "signed out")

    async def serve(self, socket: WebSocket, table_id: str) -> None:
        token = socket.cookies.get(COOKIE)
        address = socket.client.host if socket.client else None
        # the database is read in a worker thread: a burst of reconnections (after a
        # restart) must not stall every table's event loop
        player_id = await asyncio.to_thread(self.store.session_player, token) if token else None
        await socket.accept()
        door: Door | None = None
        table: Room | None = None
        try:
            if self.site is not None:
                door = await self.site.door(table_id)  # the table here, or the way to its owner
                row = door.room.row if door.room is not None else await self.lobby.row(table_id)
            else:
                table = await self.lobby.get(table_id)
                row = table.row
        except TableError as error:
            await _refuse(socket, error, NO_SUCH_TABLE)
            return
        if not may_watch(row, player_id, socket.query_params.get("invite")):
            await _refuse(socket, TableError(refusals.PRIVATE_TABLE))
            return
        refusal = await self.throttle.open_socket(table_id, address)
        if refusal is not None:
            await _refuse(socket, TableError(refusal))
            return
        outbox = Outbox(
            socket,
            player_id,
            session=token if player_id else None,
            address=address,
            size=self.queue,
            timeout=self.timeout,
            direct=socket.scope.get("extensions", {}).get(DIRECT),
        )
        outbox.start()
        if outbox.session is not None:
            self.by_session[outbox.session].add(outbox)
        key = ""
        try:
            if self.site is not None and door is not None:
                key = await self.site.join(door, outbox)
                site = self.site
                outbox.on_drop = lambda: site.leave(door, key)
            elif table is not None:
                table = await self._enter(table, outbox)
            name = "spectator"
            if player_id is not None:
                name = (await asyncio.to_thread(self.store.player, player_id)).name
            await self._read(socket, door, key, table, outbox, name)
        finally:
            self.throttle.close_socket(table_id, address)
            if outbox.session is not None:
                self.by_session[outbox.session].discard(outbox)
                if not self.by_session[outbox.session]:
                    del self.by_session[outbox.session]
            if self.site is not None and door is not None:
                await self.site.leave(door, key)
            elif table is not None:
                await table.leave(outbox)
            await outbox.close()

    async def _enter(self, table: Room, outbox: Outbox) -> Room:
        """Join ``outbox`` to a single process's ``table``, loaded again if it was unloaded
        since it was looked up (a finished table nobody watched); the table it joined."""
        while True:
            outbox.on_drop = functools.partial(table.leave, outbox)
            await table.join(outbox)
            if not table.gone:
                return table
            table = await self.lobby.get(table.id)

    async def _read(
        self,
        socket: WebSocket,
        door: Door | None,
        door_key: str,
        table: Room | None,
        outbox: Outbox,
        name: str,
    ) -> None:
        key = str(id(outbox))
        while not outbox.dropped.is_set():
            try:
                outbox.receiving = True
                await outbox.room()
                message = await socket.receive()
            except asyncio.CancelledError:
                if outbox.dropped.is_set():  # dropped while waiting for the client
                    current = asyncio.current_task()
                    if current is not None:
                        current.uncancel()
                    return
                raise
            except WebSocketDisconnect:
                return
            finally:
                outbox.receiving = False
            if message["type"] == "websocket.disconnect":
                return
            await self.throttle.pace(key, outbox.session, outbox.address, 1)
            if outbox.dropped.is_set():
                return
            text = message.get("text")
            if text is None:  # a binary frame
                await outbox.send(replies.refusal(TableError(refusals.TEXT_FRAMES), None))
                continue
            if self.site is not None and door is not None:
                await self.site.receive(door, door_key, name, text)
            elif table is not None:
                await self.handle(table, outbox, name, text)

    async def handle(
        self, table: Room, connection: Outbox | RemoteConnection, name: str, text: str
    ) -> None:
        """One message from a client (a socket here, or one at another process); any
        problem is answered with an error to that client alone, and leaves the table
        unchanged."""
        reply_id: Any = None
        try:
            message = protocol.parse(text)
            reply_id, body = message.id, message.body
            seat = table.seat_of(connection.player_id)
            answered = connection.replies.answer(reply_id) if reply_id is not None else None
            if answered is not None and not isinstance(body, protocol.Ping | protocol.Resync):
                await connection.send(answered)  # a command sent again: applied once (ids)
                return
            if table.gone:  # another process holds it now: its socket is being moved there
                raise TableError(refusals.MOVED)
            match body:
                case protocol.Ping():
                    await connection.send(replies.pong(reply_id, table.n))
                    return
                case protocol.Resync():
                    cost = self.throttle.limits.resync_cost - 1
                    if cost > 0:
                        key = str(id(connection))
                        await self.throttle.pace(key, connection.session, connection.address, cost)
                    await connection.send(table.view(connection.player_id))
                    await connection.send(dict(table.presence()))
                    return
                case protocol.Rematch():
                    if connection.player_id is None:
                        raise TableError(refusals.SIGN_IN)
                    try:
                        following = await self.lobby.rematch(table.id, connection.player_id)
                    except Moved:  # another process holds the table: the socket moves there
                        raise TableError(refusals.MOVED) from None
                    reply = replies.rematch(following.id, reply_id)
                    if reply_id is not None:
                        connection.replies.keep(reply_id, reply)
                    await connection.send(reply)
                    return
                case protocol.Chat() | protocol.Malformed(type="chat"):
                    n = await self._chat(table, connection, seat, name, body)
                case protocol.Auto(roll, moves):
                    if seat is None:
                        raise TableError(refusals.NOT_SEATED)
                    if not isinstance(table, Table):
                        raise TableError(refusals.AUTO_MATCH_ONLY)
                    n = await table.set_auto(seat, roll, moves)
                case protocol.Hints(allow):
                    if seat is None:
                        raise TableError(refusals.NOT_SEATED)
                    if not isinstance(table, Table):
                        raise TableError(refusals.HINTS_MATCH_ONLY)
                    n = await table.set_hints(seat, allow)
                case _:
                    n = await table.submit(seat, body, "player")
            if reply_id is not None:
                ack = replies.ack(reply_id, n)  # the version this command made
                connection.replies.keep(reply_id, ack)
                await connection.send(ack)
        except protocol.ProtocolError as refused:  # the message could not be read
            await connection.send(replies.refusal(TableError.of(refused), refused.reply_id))
        except TableError as error:
            await connection.send(replies.refusal(error, reply_id))

    async def _chat(
        self,
        table: Room,
        connection: Outbox | RemoteConnection,
        seat: int | None,
        name: str,
        chat: protocol.Chat | protocol.Malformed,
    ) -> int:
        """Say ``chat``'s text at the table; returns the version of the stored message."""
        if connection.player_id is None:
            raise TableError(refusals.SIGN_IN_TO_CHAT)
        if seat is None:
            raise TableError(refusals.CHAT_PLAYERS_ONLY)
        try:
            text = protocol.accepted(chat).text
        except protocol.ProtocolError as error:
            raise TableError.of(error) from None
        if not await self.throttle.allow_chat(connection.player_id):
            raise TableError(refusals.SLOW_DOWN)
        return await table.say(connection.player_id, name, text)


async def _refuse(socket: WebSocket, refused: TableError, code: int = 1008) -> None:
    with contextlib.suppress(Exception):
        await socket.send_json(replies.refusal(refused, None))
        await socket.close(code)
