"""The lobby: creating, listing and joining tables, and keeping the live ones in memory.

Tables live here while they can still change; on start-up every unfinished table is
rebuilt from its stored events. A finished table is unloaded once nobody has watched it for
a while (with other processes, its lease given up), and loaded again from the store when
somebody asks for it; with other processes, so is an unfinished one that waits for people
alone (:meth:`Lobby._needless`).

Creating, joining, listing and keeping live tables all change the one map of live tables
and its claims in the cluster, so they stay in one module.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from typing import Any

from nardy.bot.agents.agent import Agent
from nardy.bot.agents.levels import LEVELS
from nardy.server import defaults
from nardy.server.clock import SYSTEM, Clock
from nardy.server.dice import commitment as dice_service
from nardy.server.protocol import refusals
from nardy.server.protocol.computers import holder_of, levels
from nardy.server.site.archive import archived
from nardy.server.site.cluster import NOT_HERE, Moved, Site
from nardy.server.site.keyed_locks import KeyedLocks
from nardy.server.site.table_request import TableRequest
from nardy.server.site.throttle import Limits
from nardy.server.store.bots import bot_seats
from nardy.server.store.database import Store, StoreError, Superseded, TableRow, new_id
from nardy.server.store.group_commit import GroupCommit
from nardy.server.store.ratings import Outcome, Ratings
from nardy.server.tables.chouette import ChouetteTable
from nardy.server.tables.room import Room, StoreFailure
from nardy.server.tables.table import Table, TableError

STAND_IN_LEVEL = "intermediate"
"""The computer's level for a participant who leaves a chouette of people only."""
log = logging.getLogger(__name__)

AgentFactory = Callable[[str, str], Agent]
"""Makes the computer player for (variant name, level)."""


class Lobby:
    """Every live table, by id."""

    def __init__(
        self,
        store: Store,
        agents: AgentFactory,
        grace: float = defaults.GRACE,
        bot_delay: float = defaults.BOT_DELAY,
        entropy_wait: float = defaults.ENTROPY_WAIT,
        linger: float = defaults.LINGER,
        archive: float = defaults.ARCHIVE,
        clock: Clock = SYSTEM,
    ) -> None:
        self.store = store
        self.clock = clock
        """Where the lobby and its tables read the time."""
        self.make_agent = agents
        self.grace = grace
        self.bot_delay = bot_delay
        self.entropy_wait = entropy_wait
        """Seconds a game's first roll waits for the players' contributions to its dice."""
        self.tables: dict[str, Room] = {}
        self.commits = GroupCommit(store)
        self.loading = KeyedLocks()
        """A lock per table id, held while the table is loaded or unloaded here."""
        self.ratings = Ratings(store)
        self.finish_hooks: list[Callable[[Table], Awaitable[None]]] = []
        """Told of every match that ends (the reviews queue its analysis)."""
        self.change_hooks: list[Callable[[Room], Awaitable[None]]] = []
        """Told of every table's new state (the live positions of rated matches)."""
        self.site: Site | None = None
        """The other processes serving the same site, when there are (``--broker``): then
        this lobby holds only the tables this process owns."""
        self.linger = linger
        """Seconds a finished table stays live here after its last viewer left, before it
        is unloaded (with other processes, and its lease given up)."""
        self.archive = archive
        """Seconds an unfinished table stays on the public lists once none of its seated
        people is there (:mod:`nardy.server.site.archive`)."""
        self._lingering: set[str] = set()
        """Tables waiting to be unloaded."""
        self._tasks: set[asyncio.Task[None]] = set()
        """A single process's waits to unload tables (with other processes, the broker's)."""

    def _live(self, row: TableRow) -> Room:
        agents = {
            seat: self.make_agent(row.variant, level)
            for seat, level in enumerate(levels(row.seats))
            if level is not None
        }
        kind = ChouetteTable if row.kind == "chouette" else Table
        room = kind(
            row,
            self.store,
            grace=self.grace,
            bot_delay=self.bot_delay,
            agents=agents,
            commits=self.commits,
            entropy_wait=self.entropy_wait,
            time=self.clock,
        )
        if isinstance(room, ChouetteTable):  # who plays the seat of a participant who leaves
            playing = [level for level in levels(row.seats) if level is not None]
            level = playing[0] if playing else STAND_IN_LEVEL
            room.stand_in = functools.partial(self.make_agent, row.variant, level)
        room.on_finish = self._finished
        room.on_idle = self._idle
        room.on_change = self._changed
        if self.site is not None:
            room.on_lost = self.site.lose
        return room

    async def _changed(self, room: Room) -> None:
        for hook in self.change_hooks:
            await hook(room)

    async def _finished(self, room: Room) -> None:
        """A match is over: write how it ended and, when it is rated, the new ratings."""
        self._idle(room)
        if not isinstance(room, Table):
            return
        row = room.row
        seats = (row.seats[0] or "", row.seats[1] or "")
        unplayed = room.aborted is not None or room.withdrawn is not None
        outcome = Outcome(
            table_id=row.id,
            variant=row.variant,
            seats=seats,
            score=room.match.score,
            winner=None if unplayed else room.match.winner,
            rated=bool(row.options.get("rated")) and not unplayed,
            finished=self.clock.now(),
        )
        try:
            await asyncio.to_thread(self.ratings.record, outcome)
        except Exception:  # the next start-up records it (see resume_all)
            log.exception("could not record the outcome of table %s", row.id)
        for hook in self.finish_hooks:
            try:
                await hook(room)
            except Exception:
                log.exception("a finish hook failed for table %s", row.id)

    def _idle(self, room: Room) -> None:
        """Unload ``room`` once nobody has watched it for :attr:`linger` seconds, if it
        needs nobody (:meth:`_needless`); with other processes, give up its lease too
        (:meth:`Site.unloaded`): a busy site would otherwise keep every finished or
        abandoned table in memory (and in Redis). Whoever opens it later loads it again
        from the store (with other processes, takes it again; a finished table's record
        is read from the store without taking it, :meth:`readable`). Called when the last
        viewer leaves, and after every change nobody watches."""
        if (
            room.id in self._lingering
            or room.connections
            or self.tables.get(room.id) is not room
            or not self._needless(room)
        ):
            return
        self._lingering.add(room.id)
        self._spawn(self._unload_when_idle(room))

    def _needless(self, room: Room) -> bool:
        """Whether ``room`` may leave memory while nobody watches it: a finished table (its
        status stored) and, with other processes, an unfinished one that waits for people
        alone (:meth:`Room.settled`) — a chouette or a match against the computer on a
        person's turn (neither has a clock), or a chouette with a seat still free. Its
        events rebuild it exactly, nothing happens to it until somebody comes back, and
        whoever does takes it again. A table whose clock or grace runs (every match between
        two people, and a match table waiting for a player while its creator is away, which
        withdraws itself), whose computer or roll-off is due, or which waits for dice
        contributions stays: this process must act for it (a deadline, the computer's
        move), and once unloaded nobody would. A single process keeps its unfinished
        tables: its lobby lists and counts them from memory."""
        if room.row.status == "over":
            return True
        return self.site is not None and not room.is_over() and room.settled()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background (with other processes, until the broker stops)."""
        if self.site is not None:
            self.site.broker.spawn(work)
            return
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _unload_when_idle(self, room: Room) -> None:
        try:
            while not await self._unload(room):
                if (
                    room.connections
                    or room.gone
                    or self.tables.get(room.id) is not room
                    or not self._needless(room)
                ):
                    return  # watched or busy again: _idle is called again when it is not
                await self.clock.sleep_until(
                    max(self.clock.monotonic() + 0.1, room.used + self.linger)
                )
        finally:
            self._lingering.discard(room.id)

    async def _unload(self, room: Room) -> bool:
        """Unload ``room`` if it has been idle long enough; whether it was. Under the
        table's lock (no write in flight) and its lock of loads (no load of it meanwhile)."""
        async with room.lock, self.loading(room.id):
            if (
                room.connections
                or room.gone
                or self.tables.get(room.id) is not room
                or self.clock.monotonic() < room.used + self.linger
                or not self._needless(room)
                or (self.site is not None and not self.site.unloadable(room))
            ):
                return False
            room.gone = True  # whoever still holds it loads it again, or asks the next owner
            self.drop(room.id)
            if self.site is not None:
                await self.site.unloaded(room)
        return True

    async def record_missing(self) -> int:
        """Record the outcome of every finished match that has none (a server stopped
        between the last move and the record, or tables older than the ratings)."""
        missing = await asyncio.to_thread(self.ratings.unrecorded)
        for table_id in missing:
            row = await asyncio.to_thread(self.store.table, table_id)
            room = self._live(row)
            await asyncio.to_thread(room.restore)
            await self._finished(room)
        return len(missing)

    async def resume_all(self) -> int:
        """Rebuild every unfinished table from the store; returns how many."""
        rows = await asyncio.to_thread(lambda: list(self.store.tables("open", "playing")))
        for row in rows:
            table = self._live(row)
            await asyncio.to_thread(table.restore)
            self.tables[row.id] = table
        for table in list(self.tables.values()):
            if table.row.status == "playing":
                await table.start()
            else:
                await table.arm()
            table.note_presence()  # nobody is here yet
        await self.record_missing()
        return len(rows)

    async def check_room_for(self, player_id: str, request: TableRequest, limits: Limits) -> None:
        """Refuse a new table beyond the player's limits of waiting and unfinished tables
        (with other processes, counted in the store they share)."""
        if self.site is None:
            live = self.tables.values()
            mine = [t.row for t in live if player_id in t.row.seats and not t.is_over()]
        else:
            rows = await asyncio.to_thread(lambda: list(self.store.tables("open", "playing")))
            mine = [row for row in rows if player_id in row.seats]
        if len(mine) >= limits.unfinished_tables_per_player:
            raise TableError(refusals.UNFINISHED_TABLES, count=len(mine))
        waiting = [row for row in mine if row.status == "open"]
        if request.opponent != "computer" and len(waiting) >= limits.open_tables_per_player:
            raise TableError(refusals.WAITING_TABLES, count=len(waiting))

    def check_level(self, variant: str, level: str) -> None:
        """Refuse a computer level that does not exist (``unknown_level``); load the
        network of one that does, so that a seat for it fails now rather than at play."""
        if level not in LEVELS:
            raise TableError(refusals.UNKNOWN_LEVEL, level=level, levels=", ".join(LEVELS))
        self.make_agent(variant, level)

    async def create(self, player_id: str, name: str, request: TableRequest) -> Room:
        if request.rated and not await asyncio.to_thread(self.ratings.may_rate, player_id):
            raise TableError(refusals.RATED_CREATE)
        seed = dice_service.new_seed()
        seats: list[str | None] = [None] * request.participants
        names = {player_id: name}
        chouette = request.participants > 2
        if chouette:
            seats[0] = player_id
            for index in range(request.computers):
                computer = holder_of(request.level, index + 1)
                seats[request.participants - 1 - index] = computer
                names[computer] = f"computer {index + 1} ({request.level})"
        else:
            seat = request.seat if request.seat is not None else secrets.randbelow(2)
            seats[seat] = player_id
        if request.opponent == "computer" and not chouette:
            computer = holder_of(request.level)
            seats[1 - seat] = computer
            names[computer] = f"computer ({request.level})"
        if request.opponent == "computer" or request.computers:
            self.check_level(request.variant, request.level)
        row = TableRow(
            id=new_id(),
            kind="chouette" if chouette else "match",
            variant=request.variant,
            settings=request.settings,
            seats=seats,
            options={
                "names": names,
                "clock": request.clock,
                "opponent": request.opponent,
                "rated": request.rated,
                "dice": dice_service.SCHEME,
                "away": self.clock.now(),  # until its creator's socket opens
            },
            status="playing" if None not in seats else "open",
            invite=secrets.token_urlsafe(12) if request.opponent == "invite" else None,
            seed=seed.hex(),
            commitment=dice_service.commitment(seed),
            created=0.0,
        )
        await self._storing(row.id, self.store.add_table, row)
        table = self._live(row)
        if self.site is not None:
            table.epoch = 0  # a new table's, until another process takes it over
        self.tables[row.id] = table
        if row.status == "playing":
            await table.start()
        else:
            await table.arm()  # withdrawn if its creator is gone past the grace
        self._idle(table)  # an open table its creator never comes to
        return table

    async def add_seated(self, row: TableRow) -> Room:
        """Store and open a table whose seats are filled already (a tournament's pairing:
        nobody joins it) and start its play, as :meth:`create` does for its own rows."""
        await self._storing(row.id, self.store.add_table, row)
        table = self._live(row)
        if self.site is not None:
            table.epoch = 0  # a new table's, until another process takes it over
        self.tables[row.id] = table
        await table.start()
        self._idle(table)
        return table

    async def join(self, table_id: str, player_id: str, name: str, invite: str | None) -> Room:
        """Seat a player at the next free seat. Joins of one table are taken one at a
        time (under the table's lock), so each free seat goes to exactly one person."""
        table = await self.get(table_id)
        async with table.lock:
            if table.seat_of(player_id) is not None:
                return table
            row = table.row
            if table.withdrawn is not None:
                raise TableError(refusals.TABLE_WITHDRAWN)
            if row.status != "open" or None not in row.seats:
                raise TableError(refusals.TABLE_FULL)
            if table.gone:  # unloaded (nobody was there) or taken over: ask its holder
                raise Moved(NOT_HERE)
            if row.invite is not None and invite != row.invite:
                raise TableError(refusals.PRIVATE_TABLE)
            if row.options.get("rated") and not await asyncio.to_thread(
                self.ratings.may_rate, player_id
            ):
                raise TableError(refusals.RATED_JOIN)
            seats = list(row.seats)
            seat = seats.index(None)
            seats[seat] = player_id
            names = {**row.options.get("names", {}), player_id: name}
            options = {**row.options, "names": names}
            status = "open" if None in seats else "playing"  # a chouette fills seat by seat
            try:
                await asyncio.to_thread(
                    self.store.update_table,
                    table_id,
                    table.epoch,
                    seats=seats,
                    options=options,
                    status=status,
                )
            except Superseded:  # another process holds the table now: join there
                table.close()
                raise Moved(NOT_HERE) from None
            table.row = replace(row, seats=seats, options=options, status=status)
            with contextlib.suppress(StoreFailure):  # seated all the same, without a version
                await table.seated(seat)
        if status == "playing":
            await table.start()
        else:
            await table.broadcast()
        return table

    async def rename(self, player_id: str, name: str) -> None:
        """Show the player's new name at every unfinished table where they sit."""
        if self.site is None:
            for table in list(self.tables.values()):
                await self.rename_here(table, player_id, name)
            return
        rows = await asyncio.to_thread(lambda: list(self.store.tables("open", "playing")))
        for row in rows:
            if player_id not in row.seats:
                continue
            room = await self.site.owned(row.id)
            with contextlib.suppress(Moved):
                if room is not None:
                    await self.rename_here(room, player_id, name)
                    continue
            message = {"op": "rename", "player": player_id, "name": name}
            await self.site.call_owner(row.id, message)

    async def rename_here(self, table: Room, player_id: str, name: str) -> None:
        """Rename the player at one live table of this process, under the table's lock, as
        a join is made: both write the table's options (the names), and one read before the
        other's write would put back what that write changed."""
        async with table.lock:
            row = table.row
            if player_id not in row.seats or table.is_over():
                return
            if table.gone:  # unloaded (nobody was there) or taken over: ask its holder
                raise Moved(NOT_HERE)
            names = {**row.options.get("names", {}), player_id: name}
            options = {**row.options, "names": names}
            try:
                await asyncio.to_thread(
                    self.store.update_table, row.id, table.epoch, options=options
                )
            except Superseded:  # another process holds the table now: rename there
                table.close()
                raise Moved(NOT_HERE) from None
            table.row = replace(row, options=options)
        await table.broadcast()

    async def rematch(self, table_id: str, player_id: str) -> Room:
        """A new match for the same players with the same settings, once this one is over;
        asked twice, or by both players at once, the same new table (the requests are
        taken one at a time under the old table's lock)."""
        old = await self.get(table_id)
        if not isinstance(old, Table):
            raise TableError(refusals.REMATCH_MATCH_ONLY)
        if old.seat_of(player_id) is None:
            raise TableError(refusals.REMATCH_PLAYERS_ONLY)
        if not old.is_over():
            raise TableError(refusals.MATCH_NOT_OVER)
        async with old.lock:
            if old.gone:  # unloaded meanwhile, or taken over: ask whoever holds it now
                raise Moved(NOT_HERE)
            following = old.row.options.get("rematch")
            if following:
                return await self.readable(following)
            table = await self._rematch(old)
        await old.broadcast()
        await table.start()
        return table

    async def _rematch(self, old: Table) -> Room:
        """The rematch of ``old``, under its lock. The new table and the old one's link to
        it are stored in one transaction, fenced by the old table's epoch: a process that
        no longer holds ``old`` makes none (:class:`Moved`: the holder is asked), and no
        crash leaves a rematch nobody can reach from its match, or a link to a table that
        is not stored. The new table's lease is this process's before it is stored."""
        seed = dice_service.new_seed()
        row = replace(
            old.row,
            id=new_id(),
            seats=list(reversed(old.row.seats)),  # the players change places
            options={
                **old.row.options,
                "previous": old.id,
                "rematch": None,
                "dice": dice_service.SCHEME,
                "away": self.clock.now(),  # until one of its players opens it
            },
            status="playing",
            invite=None,
            seed=seed.hex(),
            commitment=dice_service.commitment(seed),
        )
        options = {**old.row.options, "rematch": row.id}
        try:
            await self._storing(row.id, self.store.add_rematch, row, old.id, old.epoch, options)
        except Superseded:  # another process holds the old table now: ask there
            old.close()
            raise Moved(NOT_HERE) from None
        old.row = replace(old.row, options=options)
        table = self._live(row)
        if self.site is not None:
            table.epoch = 0
        self.tables[row.id] = table
        return table

    async def _storing(self, table_id: str, store: Callable[..., None], *args: Any) -> None:
        """Store a new table by ``store(*args)`` in a thread; with other processes, after
        taking its lease (given up again if the table is not stored), so that no other
        process takes the new table before it is live here."""
        if self.site is None:
            return await asyncio.to_thread(store, *args)
        await self.site.taking(table_id)
        try:
            await asyncio.to_thread(store, *args)
        except BaseException:
            await self.site.abandon(table_id)
            raise

    async def get(self, table_id: str) -> Room:
        """A table by id: live, or loaded from the store (finished tables too). With other
        processes, only a table this process owns (or takes, being free): a
        :class:`TableError` names the case where another process owns it."""
        table = self.tables.get(table_id)
        if table is not None:
            table.touch()  # not unloaded before the caller uses it
            return table
        if self.site is not None:
            owned = await self.site.owned(table_id)
            if owned is None:
                raise TableError(NOT_HERE)
            return owned
        async with self.loading(table_id):
            table = self.tables.get(table_id)
            if table is None:
                row = await self.row(table_id)
                table = self._live(row)
                await asyncio.to_thread(table.restore)
                self.tables[table_id] = table
        table.touch()
        self._idle(table)  # a finished table, loaded to be read or watched
        return table

    async def row(self, table_id: str) -> TableRow:
        """What the store holds about a table; :class:`TableError` if there is none."""
        try:
            return await asyncio.to_thread(self.store.table, table_id)
        except StoreError:
            raise TableError(refusals.NO_TABLE, table_id=table_id) from None

    async def load(self, row: TableRow) -> Room:
        """The live table of ``row`` in this process: rebuilt from its stored events and
        started (clocks, computers) the first time. With other processes, :class:`Moved`
        if another process holds it (checked again under the lock: this process may have
        given it up since it last looked)."""
        async with self.loading(row.id):
            table = self.tables.get(row.id)
            if table is not None:
                return table
            if self.site is not None and not await self.site.holds(row.id):
                raise Moved(NOT_HERE)  # given up here and taken elsewhere since
            table = await self._take(row)
            self.tables[row.id] = table
        if table.row.status == "playing":
            await table.start()
        elif table.row.status == "open":
            await table.arm()
        table.note_presence()  # its sockets, if any, join next
        self._idle(table)
        return table

    async def _take(self, row: TableRow) -> Room:
        """A live table rebuilt from the store. With other processes it is first taken over
        in the store (its epoch), and its row and events are read after that, so that this
        copy misses nothing the last holder wrote: whatever it writes later is refused (a
        row read before the takeover could miss a seat, a status or a rematch it wrote)."""
        epoch: int | None = None
        if self.site is not None:
            epoch, row = await asyncio.to_thread(self._taken, row.id)
        table = self._live(row)
        table.epoch = epoch
        try:
            await asyncio.to_thread(table.restore)
        except Exception:
            writers = await asyncio.to_thread(self.store.writers, row.id)
            log.error(
                "table %s: its stored events do not replay (event %d, taken at epoch %s); "
                "writers by event number and epoch: %s",
                row.id,
                table.n,
                epoch,
                writers,
            )
            raise
        return table

    def _taken(self, table_id: str) -> tuple[int, TableRow]:
        """Take the table over in the store: its new epoch, and its row as it is now."""
        epoch = self.store.take(table_id)
        return epoch, self.store.table(table_id)

    def drop(self, table_id: str) -> Room | None:
        """Forget a live table (another process owns it now)."""
        table = self.tables.pop(table_id, None)
        if table is not None and table.timer is not None:
            table.timer.cancel()
        return table

    async def readable(self, table_id: str) -> Room:
        """A table to read (its record, its dice): the live one if this process has it,
        else a copy rebuilt from the store, which nobody plays at."""
        if self.site is not None:
            await self.site.sure()  # not a stale copy this process kept through a stall
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if self.site is None:
            return await self.get(table_id)
        copy = self._live(await self.row(table_id))
        await asyncio.to_thread(copy.restore)
        return copy

    async def seat(
        self, table_id: str, player_id: str, name: str, invite: str | None
    ) -> dict[str, Any]:
        """Sit at a table wherever it lives; returns its id and the seat."""
        if self.site is None or await self.site.owned(table_id) is not None:
            with contextlib.suppress(Moved):
                table = await self.join(table_id, player_id, name, invite)
                return {"id": table.id, "seat": table.seat_of(player_id)}
        assert self.site is not None  # a single process's tables never move
        message = {"op": "join", "player": player_id, "name": name, "invite": invite}
        seated: dict[str, Any] = await self.site.call_owner(table_id, message)
        return seated

    async def withdraw(self, table_id: str, player_id: str) -> None:
        """Its creator withdraws a table waiting for players, wherever it lives."""
        if self.site is None or await self.site.owned(table_id) is not None:
            with contextlib.suppress(Moved):
                table = await self.get(table_id)
                if table.gone:
                    raise Moved(NOT_HERE)
                await table.withdraw(player_id)
                return
        assert self.site is not None  # a single process's tables never move
        await self.site.call_owner(table_id, {"op": "withdraw", "player": player_id})

    async def rematch_id(self, table_id: str, player_id: str) -> str:
        """The id of the rematch of a finished match, wherever that match lives."""
        if self.site is None:
            while True:
                with contextlib.suppress(Moved):  # unloaded since it was looked up: again
                    return (await self.rematch(table_id, player_id)).id
        if await self.site.owned(table_id) is not None:
            with contextlib.suppress(Moved):
                return (await self.rematch(table_id, player_id)).id
        message = {"op": "rematch", "player": player_id}
        answer = await self.site.call_owner(table_id, message)
        return str(answer["id"])

    async def view(self, table_id: str, player_id: str | None) -> dict[str, Any]:
        """The state of a table as ``player_id`` sees it, wherever it lives (a finished
        one that is not live here as stored, without taking it)."""
        if (
            self.site is not None
            and table_id not in self.tables
            and (await self.row(table_id)).status == "over"
        ):
            return (await self.readable(table_id)).view(player_id)
        if self.site is not None and await self.site.owned(table_id) is None:
            answer: dict[str, Any] = await self.site.call_owner(
                table_id, {"op": "view", "player": player_id}
            )
            return answer
        return (await self.get(table_id)).view(player_id)

    def listing(self, player_id: str | None) -> list[dict[str, Any]]:
        """The player's own unfinished tables, and the public tables that are open or being
        played (to watch) and not archived. With other processes, from the store, which
        they all share."""
        now = self.clock.now()
        if self.site is not None:
            rows = [(row, False) for row in self.store.tables("open", "playing")]
        else:
            rows = [(table.row, table.is_over()) for table in self.tables.values()]
        return [
            entry
            for row, over in rows
            if not over
            and (entry := _listed(row, player_id, archived(row, now, self.archive), self.store))
            is not None
        ]


def _listed(
    row: TableRow, player_id: str | None, dead: bool, store: Store
) -> dict[str, Any] | None:
    """A table's line in the lobby, if it has one for ``player_id``; an archived
    (``dead``) table only for its players. ``bots`` marks the seats where a bot account
    sits (INTERFACES.md §9), ``computers`` the computer's level at its seats."""
    mine = player_id is not None and player_id in row.seats
    public = row.invite is None and row.status in ("open", "playing") and not dead
    if not (public or mine):
        return None
    names: dict[str, str] = row.options.get("names", {})
    return {
        "id": row.id,
        "variant": row.variant,
        "kind": row.kind,
        "settings": row.settings,
        "seats": [None if holder is None else names.get(holder, holder) for holder in row.seats],
        "status": row.status,
        "mine": mine,
        "clock": row.options.get("clock"),
        "rated": bool(row.options.get("rated")),
        "archived": dead,
        "bots": bot_seats(store, row.seats),
        "computers": levels(row.seats),
    }
