"""One site served by several processes: each table lives in one process, its owner, and
every other process reaches it through the broker (:mod:`nardy.server.site.broker`).

A socket can arrive at any process. That process opens a :class:`Door` to the table: when
it owns the table, the socket joins the live table as in a single process; when another
process owns it, the door *attaches* the socket there, forwards each of its messages to
the owner, and hands the socket whatever the owner sends back — states, acknowledgements,
errors. On the owner such a socket is a :class:`RemoteConnection`, a connection like any
other (it counts as the player being present, for the clock and the grace period), whose
messages travel back through the broker, grouped per process.

When a process dies its leases end with its heartbeat. The processes with doors to its
tables claim them (so the table moves to where its viewers are), the others share out the
rest (:meth:`Broker.adopt`), each rebuilding its tables from the stored events and starting
their clocks and computers again. Doors re-attach their sockets to the new owner, which
sends each one the table's state (the resync); a forwarded command that the dead owner did
not answer is answered with an error that says so — it may or may not have been applied,
and the state shows which. Nothing acknowledged is lost: a command is acknowledged only
after its event is committed, and the new owner starts from the committed events.

A process that was only stalled (starved, stopped) for longer than its lease may come
back to tables others have taken over. It never acts as their owner again: before it
answers anything as an owner it makes sure its leases hold (:meth:`Broker.fresh`,
:meth:`Broker.renew`, which gives up what others took), the store refuses every write of
a table another process took over since this one did (its epoch), and a table whose write
was refused so is closed and dropped here (:meth:`Site.lose`): its sockets here move to
the new owner, the other processes' sockets are told it moved, and a message that arrives
meanwhile is sent on to the new owner. States from a process that is not a door's owner
are not passed on to its sockets.

A finished table needs an owner only while somebody watches it (chat, the rematch), and an
unfinished one only while somebody watches it or it has something to do by itself (a
clock, the computer's turn: :meth:`Lobby._needless <nardy.server.site.lobby.Lobby._needless>`).
Once it needs nobody and nobody has watched it for the lobby's ``linger`` seconds, its
owner unloads it and gives up its lease (:meth:`Site.unloaded`), so that Redis holds keys
only for the tables in play or watched, however many have finished or been abandoned. A
finished table's state and record are read from the store by any process without taking
it (:meth:`Lobby.readable <nardy.server.site.lobby.Lobby.readable>`); a socket that opens a table
again, or a join, takes it like any table nobody holds. The lease is given up under the
lobby's lock of the table's loads, and a load asks Redis again under that lock
(:meth:`Site.holds`), so this process never keeps a live table whose lease it gave up.

The owner's side and the forwarding side of every table message are two halves of one
exchange, so they stay in one module, where each request sits beside its answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import weakref
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from redis.exceptions import RedisError

from nardy.server import protocol
from nardy.server.protocol import refusals, replies, wire
from nardy.server.site.broker import Broker, BrokerError, CallFailed, Unreachable
from nardy.server.store.database import TableRow
from nardy.server.tables.replies import Replies
from nardy.server.tables.room import Connection, Room, TableError

if TYPE_CHECKING:
    from nardy.server.site.lobby import Lobby

log = logging.getLogger("nardy.cluster")

T = TypeVar("T")

Handle = Callable[[Room, Any, str, str], Awaitable[None]]
"""How this process answers one socket message at a table it owns (table, connection,
the sender's name, the message text)."""

NOT_HERE = "not-owner"
"""The error of a call that reached a process that no longer owns the table."""


class Moved(TableError):
    """The table is held by another process now (:data:`NOT_HERE`): ask there."""


class RemoteConnection:
    """On a table's owner: a socket connected to another process."""

    def __init__(
        self,
        site: Site,
        process: str,
        key: str,
        player_id: str | None,
        session: str | None,
        address: str | None,
    ) -> None:
        self.site = site
        self.process = process
        self.key = key
        self.player_id = player_id
        self.session = session
        self.address = address
        self.replies = Replies()
        """The answers to its accepted commands, by message id (a command sent again is
        applied once, as on a socket here)."""

    async def send(self, message: Mapping[str, Any]) -> None:
        reply = message.get("id") if message.get("type") != "state" else None
        answered = wire.dumps(reply) if reply is not None else None
        self.site.deliver(self.process, self.key, wire.dumps(message), answered)

    async def send_text(self, text: str) -> None:
        self.site.deliver(self.process, self.key, text, None)


@dataclass
class Door:
    """This process's way to one table, wherever its owner is."""

    id: str
    owner: str
    room: Room | None = None
    """The live table, when this process owns it."""
    sockets: dict[str, Connection] = field(default_factory=dict)
    """This process's connections to the table, by key."""
    pending: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Ids of forwarded commands not answered yet, by connection key, each under its JSON
    text as :func:`~nardy.server.protocol.wire.dumps` writes it (an id may be any JSON
    value, an array or an object too); the owner names the ids it answers by that text."""
    held: list[tuple[str, str, str]] | None = None
    """While the door looks for a new owner: messages (key, name, text) that could not be
    sent, sent on once it has found one."""


class Site:
    """This process's part of the site; see the module docstring."""

    def __init__(self, broker: Broker, lobby: Lobby) -> None:
        self.broker = broker
        self.lobby = lobby
        self.handle: Handle | None = None
        """Set by the socket layer: how a message is answered at a table owned here."""
        self.close_session: Callable[[str], Awaitable[None]] | None = None
        """Set by the socket layer: how this process closes its sockets of a session that
        signed out (at whichever process)."""
        self.doors: dict[str, Door] = {}
        self.keys: dict[str, Door] = {}
        self.guests: dict[tuple[str, str], RemoteConnection] = {}
        self._outgoing: dict[str, list[list[Any]]] = {}
        self._sending: set[str] = set()
        self._numbers = itertools.count(1)
        self._moving: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        """Each table's lock while somebody holds or waits for it (then forgotten)."""

    @property
    def me(self) -> str:
        return self.broker.id

    async def sure(self) -> None:
        """Before acting as any table's owner: after a stall, check this process's leases
        with Redis (giving up the tables others took meanwhile). When Redis does not
        answer within a beat, go on: nobody can take a table over without Redis, and if
        another process did, the store refuses this one's writes (the epochs)."""
        if self.broker.fresh():
            return
        with contextlib.suppress(Exception):  # the heartbeat logs what is wrong with Redis
            await asyncio.wait_for(asyncio.shield(self.broker.renew()), self.broker.beat)

    # -- life

    async def start(self) -> int:
        """Join the site and take every unfinished table that has no live owner (tables
        of a site that was stopped, of processes that died while nobody watched);
        returns how many this process took."""
        self.broker.on_dead = self._on_dead
        self.broker.on_lapse = self._on_lapse
        self.broker.watching = lambda: {d.owner for d in self.doors.values() if d.room is None}
        await self.broker.start(self)
        rows = await asyncio.to_thread(lambda: list(self.lobby.store.tables("open", "playing")))
        owners = await self.broker.owners([row.id for row in rows])
        taken = 0
        for row, owner in zip(rows, owners, strict=True):
            if owner is not None and owner != self.me and await self.broker.alive(owner):
                continue
            if await self.broker.claim(row.id) == self.me:
                with contextlib.suppress(Moved):
                    await self.lobby.load(row)
                    taken += 1
        return taken

    async def stop(self) -> None:
        """Leave the site: the leases end at once, so the others take the tables over."""
        await self.broker.stop(hand_over=True)

    # -- ownership

    async def owner(self, row: TableRow) -> str:
        """The process that owns the table (this one, if it was free)."""
        return await self._claim(row.id)

    async def _claim(self, table_id: str) -> str:
        for _ in range(100):  # while this process's own lease has lapsed, wait for it
            owner = await self.broker.claim(table_id)
            if owner is not None:
                return owner
            await asyncio.sleep(0.1)
        raise TableError(refusals.LOST_TOUCH)

    async def holds(self, table_id: str) -> bool:
        """Whether this process holds the lease of ``table_id`` now (taking it if free):
        asked again by :meth:`Lobby.load <nardy.server.site.lobby.Lobby.load>` under its lock,
        since the lease may have been given up (:meth:`unloaded`) since :meth:`owner`."""
        return await self.broker.claim(table_id) == self.me

    async def hold(self, row: TableRow) -> tuple[str, Room | None]:
        """The table's owner, and its live table when that is this process (taking the
        table when nobody holds it)."""
        for _ in range(10):
            owner = await self.owner(row)
            if owner != self.me:
                return owner, None
            with contextlib.suppress(Moved):  # another took it since: ask again
                room = await self.lobby.load(row)
                room.touch()
                return owner, room
        raise TableError(refusals.KEEPS_MOVING)

    async def owned(self, table_id: str) -> Room | None:
        """The live table if this process owns it (taking it when nobody does), or None
        when another process does. :class:`TableError` for an unknown table."""
        await self.sure()
        room = self.lobby.tables.get(table_id)
        if room is not None:
            room.touch()
            return room
        return (await self.hold(await self.lobby.row(table_id)))[1]

    async def taking(self, table_id: str) -> None:
        """This process is about to store the new table ``table_id``: it takes the lease
        first, so that no other process can take the table between its row being stored
        and its going live here. :class:`TableError` if this process cannot (it has lost
        touch with the others)."""
        if await self._claim(table_id) != self.me:  # pragma: no cover - a new random id
            raise TableError(refusals.ID_TAKEN)

    async def abandon(self, table_id: str) -> None:
        """The new table ``table_id`` was not stored after all: give its lease up."""
        with contextlib.suppress(Exception):
            await self.broker.release(table_id)

    async def call_owner(self, table_id: str, message: dict[str, Any]) -> Any:
        """Ask the owner of ``table_id`` (another process) to do something; asked again
        when the table moved meanwhile."""
        for _ in range(50):
            owner, room = await self.hold(await self.lobby.row(table_id))
            if room is not None:
                with contextlib.suppress(Moved):  # unloaded meanwhile: take it again
                    return await self.answer_call(room, message)
                continue
            try:
                return await self.broker.call(owner, {**message, "table": table_id})
            except CallFailed as error:
                if str(error) != NOT_HERE:
                    raise TableError.relayed(str(error), error.code, error.params) from None
                await asyncio.sleep(0.01)  # it is giving the table up, or just took it over
            except BrokerError:
                await self._wait_for_takeover(owner)
        raise TableError(refusals.NO_ANSWER)

    async def _wait_for_takeover(self, owner: str) -> None:
        """The owner did not answer: give its lease time to end."""
        with contextlib.suppress(Exception):
            if await self.broker.alive(owner):
                await asyncio.sleep(0.2)
                return
        await asyncio.sleep(0.05)

    async def answer_call(self, room: Room, message: dict[str, Any]) -> Any:
        """A lobby operation for a table owned here, asked by another process."""
        op = message["op"]
        if op == "view":
            return room.view(message.get("player"))
        if op == "join":
            table = await self.lobby.join(
                room.id, message["player"], message["name"], message.get("invite")
            )
            return {"id": table.id, "seat": table.seat_of(message["player"])}
        if op == "rematch":
            following = await self.lobby.rematch(room.id, message["player"])
            return {"id": following.id}
        if op == "rename":
            await self.lobby.rename_here(room, message["player"], message["name"])
            return None
        if op == "withdraw":
            await room.withdraw(message["player"])
            return None
        raise TableError(f"unknown operation {op!r}")

    async def end_session(self, token: str) -> None:
        """A session signed out here: every other process closes its sockets of it, and
        this returns once they all have (or have died)."""
        await self.broker.call_everyone({"op": "signed-out", "session": token})

    # -- sockets at this process

    async def door(self, table_id: str) -> Door:
        """The door to ``table_id``; :class:`TableError` if there is no such table."""
        await self.sure()
        door = self.doors.get(table_id)
        if door is None:
            row = await self.lobby.row(table_id)
            async with self._lock(table_id):
                door = self.doors.get(table_id)
                if door is None:
                    door = Door(table_id, *await self.hold(row))
                    self.doors[table_id] = door
        if door.room is not None:  # not unloaded before the socket joins (the lobby waits)
            door.room.touch()
        return door

    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._moving.get(table_id)
        if lock is None:
            lock = self._moving[table_id] = asyncio.Lock()
        return lock

    async def join(self, door: Door, connection: Any) -> str:
        """Connect ``connection`` (a socket here) to the table; returns its key."""
        key = f"{self.me}.{next(self._numbers)}"
        door.sockets[key] = connection
        self.keys[key] = door
        async with self._lock(door.id):
            if door.room is not None and door.room.gone and door.held is None:
                # unloaded (nobody needed it) since this door was found: take it again
                door.room, door.held = None, []
                self.doors.setdefault(door.id, door)
                self._spawn(self._relocate(door.id, None, door))
            if door.room is not None:
                await door.room.join(connection)
            elif door.held is None:
                await self._attach(door, key, connection)
            # else the door is moving to a new owner, and attaches every socket there
        return key

    async def leave(self, door: Door, key: str) -> None:
        connection = door.sockets.pop(key, None)
        self.keys.pop(key, None)
        door.pending.pop(key, None)
        if connection is not None:
            if door.room is not None:
                await door.room.leave(connection)
            else:
                with contextlib.suppress(Exception):
                    await self.broker.send(
                        door.owner, {"op": "detach", "table": door.id, "key": key, "from": self.me}
                    )
        if not door.sockets and door.room is None and self.doors.get(door.id) is door:
            del self.doors[door.id]

    async def receive(self, door: Door, key: str, name: str, text: str) -> None:
        """One message from a socket here: answered here, or forwarded to the owner."""
        connection = door.sockets.get(key)
        if connection is None:
            return
        if door.room is not None:
            await self.sure()  # may find the table taken over, and move the door
        room = door.room
        if room is not None:
            assert self.handle is not None
            await self.handle(room, connection, name, text)
            return
        if door.held is not None:  # the owner is changing: send it to the next one
            door.held.append((key, name, text))
            return
        message = {"op": "text", "table": door.id, "key": key, "from": self.me}
        try:
            await self.broker.send(door.owner, {**message, "name": name, "text": text})
        except (BrokerError, OSError):  # not sent: nobody listens there any more
            door.held = [(key, name, text)]
            self._spawn(self._relocate(door.id, door.owner))
            return
        reply = _message_id(text)
        if reply is not None:
            door.pending.setdefault(key, {})[wire.dumps(reply)] = reply

    async def _attach(self, door: Door, key: str, connection: Any) -> None:
        message = {
            "op": "attach",
            "table": door.id,
            "key": key,
            "from": self.me,
            "player": connection.player_id,
            "session": getattr(connection, "session", None),
            "address": getattr(connection, "address", None),
        }
        try:
            await self.broker.send(door.owner, message)
        except (BrokerError, OSError):
            if door.held is None:
                door.held = []
            self._spawn(self._relocate(door.id, door.owner))

    # -- messages from other processes

    async def on_message(self, message: dict[str, Any]) -> Any:
        op = message.get("op")
        if op == "deliver":
            await self._deliver_here(str(message.get("from")), message["items"])
            return None
        if op == "moved":
            await self._relocate(message["table"], None)
            return None
        if op == "signed-out":
            if self.close_session is not None:
                await self.close_session(str(message["session"]))
            return None
        table_id = str(message.get("table"))
        if op != "detach":
            await self.sure()
        room = self.lobby.tables.get(table_id)
        if op in ("attach", "detach", "text"):
            await self._guest_message(room, message)
            return None
        if room is None:
            raise TableError(NOT_HERE)
        return await self.answer_call(room, message)

    async def _guest_message(self, room: Room | None, message: dict[str, Any]) -> None:
        process, key, op = str(message["from"]), str(message["key"]), message["op"]
        if op == "detach":
            guest = self.guests.pop((process, key), None)
            if guest is not None and room is not None:
                await room.leave(guest)
            return
        if room is None:  # not (or no longer) owned here
            with contextlib.suppress(Exception):
                await self.broker.send(process, {"op": "moved", "table": message["table"]})
            return
        if op == "attach":
            guest = RemoteConnection(
                self,
                process,
                key,
                message.get("player"),
                message.get("session"),
                message.get("address"),
            )
            self.guests[(process, key)] = guest
            await room.join(guest)
            return
        guest = self.guests.get((process, key))
        if guest is None:
            with contextlib.suppress(Exception):
                await self.broker.send(process, {"op": "moved", "table": message["table"]})
            return
        assert self.handle is not None
        await self.handle(room, guest, str(message.get("name") or "spectator"), message["text"])

    def deliver(self, process: str, key: str, text: str, reply: str | None) -> None:
        """Queue ``text`` for the socket ``key`` at ``process``; everything queued for one
        process goes out in order, as few messages as the broker keeps up with. ``reply``
        is the JSON text of the message id ``text`` answers, if it answers one: as text,
        an id goes through the broker whatever it holds (an array, an object, an integer
        beyond 64 bits, kept as :class:`~nardy.server.protocol.wire.RawJSON`) and comes
        out as the key the door there holds it under (:attr:`Door.pending`)."""
        self._outgoing.setdefault(process, []).append([key, text, reply])
        if process not in self._sending:
            self._sending.add(process)
            self._spawn(self._send_out(process))

    async def _send_out(self, process: str) -> None:
        try:
            while self._outgoing.get(process):
                items = self._outgoing.pop(process)
                try:
                    message = {"op": "deliver", "from": self.me, "items": items}
                    await self.broker.send(process, message)
                except Unreachable:  # that process is gone: its sockets went with it
                    self._outgoing.pop(process, None)
                    return
                except (BrokerError, RedisError, OSError, TypeError):  # Redis, or a bad item
                    log.exception("dropped %d messages for process %s", len(items), process)
                    self._outgoing.pop(process, None)
                    return
        finally:
            self._sending.discard(process)

    async def _deliver_here(self, sender: str, items: list[list[Any]]) -> None:
        """Hand the sockets here what the owner ``sender`` sent them; nothing from a
        process that no longer owns a door's table (what it sent before it lost it comes
        late, after the new owner's states)."""
        for key, text, reply in items:
            door = self.keys.get(key)
            connection = door.sockets.get(key) if door is not None else None
            if door is None or connection is None or door.owner != sender:
                continue
            if reply is not None:
                waiting = door.pending.get(key)
                if waiting is not None:
                    waiting.pop(reply, None)
            with contextlib.suppress(Exception):
                await connection.send_text(text)

    # -- when processes die

    async def _on_dead(self, process: str) -> None:
        for guest_key in [k for k in self.guests if k[0] == process]:
            guest = self.guests.pop(guest_key)
            for room in list(self.lobby.tables.values()):
                if guest in room.connections:
                    await room.leave(guest)
        # Side by side, not one after another: each is mostly store round trips, and the
        # tables (each loaded under its own lock) do not wait for each other.
        doors = [d for d in self.doors.values() if d.owner == process]
        await _each(doors, lambda door: self._relocate(door.id, process), "finding %s again")
        while batch := await self.broker.adopt(process):
            await _each(batch, self._adopt, "taking over table %s")

    async def _adopt(self, table_id: str) -> None:
        """Take over one table of a dead process (its lease is this process's already)
        and move the sockets waiting here for it onto it."""
        try:
            room = await self.lobby.load(await self.lobby.row(table_id))
        except Moved:  # given up since (unloaded), and taken elsewhere
            return
        waiting = self.doors.get(table_id)
        if waiting is not None and waiting.room is None:
            await self._move(waiting, self.me, room)

    async def _on_lapse(self) -> None:
        """This process's heartbeat had lapsed (a long stall, or Redis restarted and forgot
        every lease): keep the tables nobody else took, close the others."""
        tables = list(self.lobby.tables)
        owners = await self.broker.owners(tables)
        for table_id, owner in zip(tables, owners, strict=True):
            if owner == self.me or (owner is None and await self.broker.claim(table_id) == self.me):
                continue
            room = self.lobby.tables.get(table_id)
            if room is not None:
                room.close()  # which calls lose

    def lose(self, room: Room) -> None:
        """``room`` was closed: another process holds its table now. Drop it here, tell the
        processes whose sockets were attached to it, and move this process's sockets to the
        new owner (what they send meanwhile is held for it)."""
        if self.lobby.tables.get(room.id) is room:
            self.lobby.drop(room.id)
        told: set[str] = set()
        for (process, key), guest in list(self.guests.items()):
            if guest in room.connections:
                del self.guests[(process, key)]
                if process not in told:
                    told.add(process)
                    moved = {"op": "moved", "table": room.id}
                    self._spawn(self._tell(process, moved))
        door = self.doors.get(room.id)
        if door is not None and door.room is room:
            door.room = None
            if door.held is None:
                door.held = []
            self._spawn(self._relocate(room.id, self.me))

    def unloadable(self, room: Room) -> bool:
        """Whether no socket here is joining ``room`` (to be unloaded, needing nobody)."""
        door = self.doors.get(room.id)
        return door is None or not door.sockets

    async def unloaded(self, room: Room) -> None:
        """The lobby unloaded ``room`` (nobody watching or needing it): forget its door and
        give up its lease, so that its keys leave Redis; whichever process is asked for
        the table next takes it again. Called under the lobby's lock of the table's loads,
        so that this process takes it again only once the lease is given up. If Redis does not
        answer, asked again at every beat while the table stays unloaded here."""
        door = self.doors.get(room.id)
        if door is not None and door.room is room and not door.sockets:
            del self.doors[room.id]
        try:
            await self.broker.release(room.id)
        except Exception as error:
            log.warning("table %s: could not give up its lease (%s)", room.id, error)
            self._spawn(self._release_later(room.id))

    async def _release_later(self, table_id: str) -> None:
        while True:
            await asyncio.sleep(self.broker.beat)
            async with self.lobby.loading(table_id):
                if table_id in self.lobby.tables:
                    return  # taken again here meanwhile: it needs its lease
                with contextlib.suppress(Exception):
                    await self.broker.release(table_id)
                    return

    async def _tell(self, process: str, message: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):
            await self.broker.send(process, message)

    async def _relocate(self, table_id: str, gone: str | None, door: Door | None = None) -> None:
        """Find the table's owner again and move the door's sockets there (``door``, or the
        table's door here). ``gone`` is a process that stopped answering: its lease is
        waited out (it may be dying), for at most twice the lease's length."""
        door = door or self.doors.get(table_id)
        if door is None:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 2 * self.broker.ttl + 1
        while True:
            try:
                owner, room = await self.hold(await self.lobby.row(table_id))
            except TableError:
                return
            if owner != gone or owner == self.me or loop.time() > deadline:
                break
            await asyncio.sleep(0.2)
        await self._move(door, owner, room)

    async def _move(self, door: Door, owner: str, room: Room | None) -> None:
        """Move the door's sockets to ``owner`` (``room`` when that is this process): each
        gets the table's state from there; a command the previous owner received and
        never answered is answered with an error, and those it never received are sent
        on."""
        async with self._lock(door.id):
            if door.room is not None and door.room is not room:
                for connection in door.sockets.values():
                    await door.room.leave(connection)
            door.owner, door.room = owner, room
            held, door.held = door.held or [], None
            for key, connection in list(door.sockets.items()):
                for reply in door.pending.pop(key, {}).values():
                    await connection.send(replies.refusal(TableError(refusals.UNANSWERED), reply))
                if room is not None:
                    await room.join(connection)
                else:
                    await self._attach(door, key, connection)
            for key, name, text in held:
                await self.receive(door, key, name, text)

    def _spawn(self, coroutine: Awaitable[Any]) -> None:
        self.broker.spawn(coroutine)


TAKEOVER_WIDTH = 4
"""Tables (or doors) a process takes over at once: enough to overlap their store round
trips, few enough that the commits of the tables it already serves, which go through the
same thread pool, never queue behind a hundred rebuilds."""


async def _each(items: Iterable[T], work: Callable[[T], Awaitable[Any]], failure: str) -> None:
    """``work`` on every item, :data:`TAKEOVER_WIDTH` at a time; a failure is logged
    (``failure`` names the item) and the others go on.

    >>> done = []
    >>> async def note(k):
    ...     if k == 2:
    ...         raise ValueError(k)
    ...     done.append(k)
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> ThreadPoolExecutor(1).submit(asyncio.run, _each(range(5), note, "item %s")).result()
    >>> sorted(done)
    [0, 1, 3, 4]
    """
    width = asyncio.Semaphore(TAKEOVER_WIDTH)

    async def one(item: T) -> None:
        async with width:
            try:
                await work(item)
            except Exception:
                log.exception(failure, item)

    await asyncio.gather(*(one(item) for item in items))


def _message_id(text: str) -> Any:
    """The ``id`` the owner's answer to a client message will carry, read as the owner
    reads it (:func:`~nardy.server.protocol.parse`), so that the door can answer it if the
    owner dies first: None when there is none — no ``id``, a message refused before its
    ``id`` could be read, or a ``resync`` (answered with the state alone).

    >>> _message_id('{"type": "roll", "id": 7}'), _message_id('{"type": "resync", "id": 8}')
    (7, None)
    >>> _message_id('{"type": "roll", "n": NaN, "id": 9}'), _message_id("x" * 5000)
    (9, None)
    """
    try:
        message = protocol.parse(text)
    except protocol.ProtocolError as refused:
        return refused.reply_id
    return None if isinstance(message.body, protocol.Resync) else message.id
