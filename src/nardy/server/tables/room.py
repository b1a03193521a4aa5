"""What every table shares: its stored events, its connections, its chat and its seats.

A room applies one command at a time (its lock), writes every event to the store before
anything of it is visible, and then sends each connection the state as that person sees it.
The live state changes only after its event is stored, so one version number always means
one state. A write the store refuses leaves the live state as it was, except that the table
is rebuilt from the store (which may hold events this process did not write); the sender is
told why, and everyone gets the state as stored. A table held at an epoch (one of several
server processes, :mod:`nardy.server.site.cluster`) whose write is refused because another process
took it over, or wrote that event first, is closed instead: it answers nothing more, sends
nothing more, and its owner's site moves its connections to the table's new owner.
:class:`~nardy.server.tables.table.Table` (a match between two) and
:class:`~nardy.server.tables.chouette.ChouetteTable` build on it.

The stored events, the dice book, the connections and the rebuild after a store failure
share one lock and one version number, so they stay in one module.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol, Self, cast

from nardy.server import defaults, protocol
from nardy.server.clock import SYSTEM, Clock, sleep
from nardy.server.dice import commitment as dice_service
from nardy.server.dice.book import DiceBook, Drawn
from nardy.server.protocol import Command, Contribute, Malformed, refusals, wire
from nardy.server.protocol.chat import CHAT_LENGTH
from nardy.server.protocol.computers import is_computer
from nardy.server.protocol.refusals import TableError as TableError
from nardy.server.protocol.strict_json import printable
from nardy.server.store.bots import bot_seats
from nardy.server.store.database import STORE_ERRORS, Store, Superseded, TableRow
from nardy.server.store.group_commit import GroupCommit

log = logging.getLogger(__name__)

CHAT_KEPT = 50
"""Chat messages included in a table's state."""


RETRY = 2.0
"""Seconds before the server tries again what it does by itself (the computer's move, the
clock) after the store refused a write."""


class StoreFailure(TableError):
    """The store refused a write: nothing of it was applied, and the live table has been
    rebuilt from the store."""


class TableMoved(StoreFailure):
    """Another process has taken the table over: this copy is closed, and nothing of the
    write was stored."""


class Connection(Protocol):
    """Somebody watching a table: a player at a seat or a spectator."""

    player_id: str | None

    async def send(self, message: Mapping[str, Any]) -> None: ...

    async def send_text(self, text: str) -> None:
        """Send a message already encoded as JSON text."""
        ...


@dataclass
class Room:
    """The shared part of a live table."""

    row: TableRow
    store: Store
    grace: float = defaults.GRACE
    bot_delay: float = defaults.BOT_DELAY
    n: int = 0
    rolls: int = 0
    chat: list[protocol.ChatLine] = field(default_factory=list)
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
    _retry: asyncio.Task[None] | None = None
    entropy_wait: float = defaults.ENTROPY_WAIT
    """Seconds a game's first roll waits for the seated players' contributions."""
    book: DiceBook = field(init=False)
    """The table's dice: scheme, contributions, every draw (:mod:`nardy.server.dice.book`)."""
    _entropy_deadline: dict[int, float] = field(default_factory=dict)
    """Until when (monotonic) each game's first roll waits for contributions."""
    _entropy_timer: asyncio.Task[None] | None = None
    epoch: int | None = None
    """The epoch this process holds the table at (:meth:`Store.take`), or None when it is
    the only process: every write is refused once another process has taken it over."""
    on_lost: Callable[[Room], None] | None = None
    """Called once when the table is closed because another process holds it now."""
    gone: bool = False
    """Closed (:meth:`close`): another process holds the table, this copy is inert."""
    on_idle: Callable[[Room], None] | None = None
    """Called when the last connection leaves, and after every change nobody watches (the
    lobby unloads a table nobody needs)."""
    withdrawn: str | None = None
    """Why the table was withdrawn before it started (``creator``: its creator withdrew
    it; ``left``: its creator was gone past the grace), or None."""
    time: Clock = SYSTEM
    """Where the table reads the time: its deadlines, its game clock and its stamps."""
    used: float = field(init=False)
    """When (monotonic) the table was last loaded, looked up for a socket, or left by its
    last connection (:meth:`touch`)."""
    _presence_key: tuple[Any, ...] | None = None
    """What the presence last sent to everyone said (:meth:`_announce`)."""
    _away_task: asyncio.Task[None] | None = None
    """The write of since when no seated player has been here (:meth:`_note_away`)."""

    state_fields: ClassVar[tuple[str, ...]] = ("row", "n", "rolls", "chat", "book", "withdrawn")
    """What a rebuild from the store replaces (subclasses add their game state)."""
    kept_fields: ClassVar[tuple[str, ...]] = ("store", "grace", "bot_delay", "entropy_wait", "time")
    """What a copy rebuilt from the store keeps of this table: how it is run, not its
    state (subclasses add theirs)."""

    def __post_init__(self) -> None:
        self.book = DiceBook.for_table(self.row.seed, self.row.options, len(self.row.seats))
        self.touch()

    def touch(self) -> None:
        """Note that the table is in use now (the lobby unloads a table left idle)."""
        self.used = self.time.monotonic()

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
        return self.book.next_roll(self.dice_game())

    def _rolled(self, game: int, dice: Drawn) -> None:
        """Count one draw of game ``game`` (taken from the event that carries it)."""
        self.rolls += 1
        self.book = self.book.rolled(game, dice)

    def dice_game(self) -> int:
        """The number (from 1) of the game the next roll belongs to."""
        raise NotImplementedError

    def game_ended(self, game: int) -> bool:
        """Whether game number ``game`` is over (its seed may be shown)."""
        raise NotImplementedError

    def computers(self) -> Collection[int]:
        """The seats the computer plays."""
        return ()

    # -- the players' contributions to the dice (nardy.server.dice.commitment, scheme 2)

    def dice_games(self) -> list[dict[str, Any]]:
        """Every game's dice so far: commitment, contributions, draws, and the seed of
        each game that is over (every one once the table is over)."""
        if self.book.scheme == 1:
            return []
        over = self.is_over()
        return [
            self.book.game_doc(g, over or self.game_ended(g), self.computers())
            for g in range(1, self.dice_game() + 1)
        ]

    def game_dice(self) -> dict[str, Any] | None:
        """The state's view of the current game's dice (None for the first scheme)."""
        if self.book.scheme == 1:
            return None
        game = self.dice_game()
        revealed = self.is_over() or self.game_ended(game)
        doc = self.book.game_doc(game, revealed, self.computers(), rolls=False)
        # the most seconds the first roll waits (not the time left: one version, one state)
        doc["wait"] = self.entropy_wait if doc["open"] else None
        return doc

    def dice_info(self) -> dict[str, Any]:
        """``GET /api/tables/{id}/dice``: the table's commitment, and its seed and rolls
        once it is over; for the second scheme every game's dice as well."""
        over = self.is_over()
        info: dict[str, Any] = {
            "commitment": self.row.commitment,
            "seed": self.row.seed if over else None,
            "rolls": self.rolls_so_far() if over else None,
            "count": self.rolls,
        }
        if self.book.scheme == 2:
            info["scheme"] = dice_service.SCHEME
            info["games"] = self.dice_games()
        return info

    def waiting_for_contributions(self) -> bool:
        """Whether the next roll must wait for a seated person's contribution: the game
        has had no roll yet, someone has not sent one, and the wait is not over (when it
        is, the roll is drawn with the empty text for them). Arms the timer that ends the
        wait."""
        game = self.dice_game()
        if not self.book.is_open(game) or self.entropy_wait <= 0:
            return False
        computers = self.computers()
        missing = [
            seat
            for seat, holder in enumerate(self.row.seats)
            if holder is not None
            and seat not in computers
            and self.book.contribution(game, seat) is None
        ]
        if not missing:
            return False
        now = self.time.monotonic()
        deadline = self._entropy_deadline.setdefault(game, now + self.entropy_wait)
        if now >= deadline:
            return False
        if self._entropy_timer is None or self._entropy_timer.done():

            async def wake() -> None:
                await self.time.sleep_until(deadline)
                self._entropy_timer = None
                with contextlib.suppress(TableMoved):
                    await self.start()

            self._entropy_timer = asyncio.get_running_loop().create_task(wake())
        return True

    async def contribute(self, seat: int | None, offer: Contribute | Malformed) -> int:
        """A seated player's contribution to the dice of the game about to start: stored
        as an event (so a restart keeps it) before it counts. Returns its version."""

        async def work() -> int:
            if seat is None:
                raise TableError(refusals.CONTRIBUTION_PLAYERS_ONLY)
            if self.book.scheme == 1:
                raise TableError(refusals.DICE_PRESET)
            if self.is_over():
                raise TableError(refusals.MATCH_OVER)
            try:
                text = protocol.accepted(offer).value
            except protocol.ProtocolError as error:
                raise TableError.of(error) from None
            game = self.dice_game()
            if not self.book.is_open(game):
                raise TableError(refusals.GAME_ROLLED, game=game)
            if self.book.contribution(game, seat) is not None:
                raise TableError(refusals.CONTRIBUTION_SENT, game=game)
            await self._persist({"contribution": {"game": game, "seat": seat, "value": text}})
            self.book = self.book.contributed(game, seat, text)
            n = self.n
            await self._automate()
            return n

        return await self._serially(work)

    async def _automate(self) -> None:
        """Play whatever needs no person (the subclasses know what)."""

    def rolls_so_far(self) -> list[list[int]]:
        """Every roll of this table in order (in the second scheme as drawn: a chouette's
        roll-off places are single dice)."""
        if self.book.scheme == 2:
            drawn = self.book.drawn
            return [list(dice) for game in sorted(drawn) for dice in drawn[game]]
        return [list(dice_service.roll(self.seed, k)) for k in range(self.rolls)]

    # -- storage

    def restore(self) -> None:
        """Replay the stored events (after a restart)."""
        for payload in self.store.events(self.id):
            self.n += 1
            if "chat" in payload:
                self.chat = [*self.chat, _readable(payload["chat"])][-CHAT_KEPT:]
            elif "over" in payload:
                self.row = replace(self.row, status="over")
            elif "seated" in payload:
                pass  # a join: the row holds the seats; the event gives it its version
            elif "withdrawn" in payload:
                self.withdrawn = str(payload["withdrawn"])
                self.row = replace(self.row, status="over")
            elif "contribution" in payload:
                sent = payload["contribution"]
                self.book = self.book.contributed(sent["game"], sent["seat"], sent["value"])
            else:
                self._replay(payload)

    def _replay(self, payload: dict[str, Any]) -> None:
        """Take in one stored game event."""
        raise NotImplementedError

    async def _persist(self, payload: dict[str, Any]) -> None:
        """Store the next event; :class:`StoreFailure` (with the table rebuilt) if the
        store refuses it. The caller changes the live state only after this returns."""
        try:
            if self.commits is not None:
                await self.commits.append(self.id, self.n + 1, payload, self.epoch)
            else:
                await asyncio.to_thread(self.store.append, self.id, self.n + 1, payload, self.epoch)
        except Superseded as error:
            if self.epoch is None:
                raise await self._rebuild(error) from None
            log.warning("table %s: %s; another process holds it now", self.id, error)
            self.close()
            raise TableMoved(refusals.MOVED) from None
        except STORE_ERRORS as error:
            raise await self._rebuild(error) from None
        self.n += 1

    def close(self) -> None:
        """Another process holds the table now: stop every timer, tell :attr:`on_lost`,
        and from now on refuse commands and send nobody anything."""
        if self.gone:
            return
        self.gone = True
        current = asyncio.current_task()
        for task in (self.timer, self._retry, self._entropy_timer):
            if task is not None and task is not current:
                task.cancel()
        if self.on_lost is not None:
            self.on_lost(self)
        self.connections = set()

    async def _rebuild(self, error: BaseException) -> StoreFailure:
        """Replace the live state by the one in the store; the failure to report."""
        reason = _reason(error)
        log.warning("table %s: the store refused a write (%s); rebuilding it", self.id, reason)
        try:
            fresh = await asyncio.to_thread(self._from_store)
        except STORE_ERRORS as again:
            log.error("table %s: cannot read it back from the store (%s)", self.id, again)
            return StoreFailure(refusals.NOT_SAVED, reason=reason)
        for name in self.state_fields:
            setattr(self, name, getattr(fresh, name))
        self._rebuilt()
        return StoreFailure(refusals.NOT_SAVED_SHOWN, reason=reason)

    def _from_store(self) -> Self:
        """A copy of this table rebuilt from the store alone."""
        fresh = self._blank(self.store.table(self.id))
        fresh.restore()
        return fresh

    def _blank(self, row: TableRow) -> Self:
        """This kind of table at ``row``, before any event, run as this one is."""
        return type(self)(row, **{name: getattr(self, name) for name in self.kept_fields})

    def _rebuilt(self) -> None:
        """Called after the live state was replaced from the store."""

    def _final_options(self) -> dict[str, Any]:
        """The table's options as stored once it is over (how it ended, where a kind says)."""
        ended = {} if self.withdrawn is None else {"withdrawn": self.withdrawn}
        return {**self.row.options, **ended}

    # -- withdrawing a table nobody joined

    def creator_seat(self) -> int | None:
        """The seat of the person who made the table (the first seated person)."""
        for seat, holder in enumerate(self.row.seats):
            if holder is not None and not is_computer(holder):
                return seat
        return None

    async def withdraw(self, player_id: str) -> int:
        """Its creator withdraws a table still waiting for players: it ends unplayed and
        leaves every list (docs/PROTOCOL.md, "Aborted matches and withdrawn tables").
        Returns its version."""

        async def work() -> int:
            seat = self.creator_seat()
            if seat is None or self.row.seats[seat] != player_id:
                raise TableError(refusals.NOT_YOUR_TABLE)
            if self.row.status != "open" or self.is_over():
                raise TableError(refusals.NOT_WAITING)
            await self._withdraw("creator")
            return self.n

        return await self._serially(work)

    async def seated(self, seat: int) -> None:
        """Store that ``seat`` was taken (its holder is in the row already), so that the
        join has a version of its own (docs/PROTOCOL.md, "Versions and resync"); the
        caller holds the lock and sends the state."""
        await self._persist({"seated": seat})

    async def _withdraw(self, reason: str) -> None:
        """Store the withdrawal and end the table (the caller holds the lock)."""
        await self._persist({"withdrawn": reason})
        self.withdrawn = reason
        await self._finish()

    def _withdraw_at(self) -> float | None:
        """When (monotonic) an open table withdraws itself, its creator gone past the
        grace; None while its creator is here, or once it is not open."""
        seat = self.creator_seat()
        if self.row.status != "open" or self.is_over() or seat is None or self._connected(seat):
            return None
        return self._away_since.setdefault(seat, self.time.monotonic()) + self.grace

    async def arm(self) -> None:
        """Start the timer of the table's next deadline (an open table's withdrawal)."""
        async with self.lock:
            self._arm_timer()

    async def _finish(self) -> None:
        options = self._final_options()
        try:
            await asyncio.to_thread(
                self.store.update_table, self.id, self.epoch, status="over", options=options
            )
        except STORE_ERRORS as error:  # the stored events end it: the status follows on restart
            log.warning("table %s: could not mark it over (%s)", self.id, _reason(error))
        else:
            self.row = replace(self.row, status="over", options=options)
        if self.on_finish is not None:
            await self.on_finish(self)

    async def _serially(self, work: Callable[[], Awaitable[int]]) -> int:
        """Run ``work`` under the table's lock, then send everyone the state (also when the
        store refused a write: the table was rebuilt). Returns what ``work`` returns."""
        try:
            async with self.lock:
                if self.gone:
                    raise TableMoved(refusals.MOVED)
                n = await work()
        except StoreFailure:
            await self.broadcast()
            raise
        await self.broadcast()
        return n

    def _retry_later(self) -> None:
        """After a refused write in what the server does by itself: try again in a while."""
        if self.gone or (self._retry is not None and not self._retry.done()):
            return

        async def again() -> None:
            await sleep(self.time, RETRY)
            with contextlib.suppress(TableMoved):
                await self.start()

        self._retry = asyncio.get_running_loop().create_task(again())

    # -- chat and connections

    async def say(self, player_id: str, name: str, text: str) -> int:
        """Table chat (spectators too); kept with the table's events. Returns its version."""

        async def work() -> int:
            message: protocol.ChatLine = {
                "from": name,
                "seat": self.seat_of(player_id),
                "text": text[:CHAT_LENGTH],
                "at": self.time.now(),
            }
            await self._persist({"chat": message})
            self.chat = [*self.chat, message][-CHAT_KEPT:]
            return self.n

        return await self._serially(work)

    def _connected(self, seat: int) -> bool:
        holder = self.row.seats[seat] if seat < len(self.row.seats) else None
        return any(c.player_id == holder for c in self.connections)

    async def join(self, connection: Connection) -> None:
        if self.gone:  # its site moves the connection to the table's new owner
            return
        self.connections.add(connection)
        seat = self.seat_of(connection.player_id)
        if seat is not None:
            self._away_since.pop(seat, None)
            async with self.lock:
                self._arm_timer()
            self.note_presence()
        await connection.send(self.view(connection.player_id))
        await self._announce(connection)

    async def leave(self, connection: Connection) -> None:
        if connection not in self.connections:
            return
        self.connections.discard(connection)
        if not self.connections:
            self.touch()
            if self.on_idle is not None:
                self.on_idle(self)
        seat = self.seat_of(connection.player_id)
        if seat is not None and not self._connected(seat):
            self._away_since[seat] = self.time.monotonic()
            async with self.lock:
                self._arm_timer()
            self.note_presence()
            await self._announce()

    async def broadcast(self) -> None:
        """Send everyone the state as they see it: the fields common to all built once,
        and each seat's state (and one for all spectators) built and encoded once, however
        many connections share it — all before the first is sent, so that every text is of
        the same version. Connections only queue what they are sent, so a slow client never
        holds up the others. Nothing once the table is closed (another process holds it)."""
        if self.gone:
            return
        connections = [(c, self.seat_of(c.player_id)) for c in self.connections]
        common = self.common_state()
        texts = {
            seat: wire.dumps(self.seat_state(seat, common)) for seat in {s for _, s in connections}
        }
        for connection, seat in connections:
            with contextlib.suppress(Exception):
                await connection.send_text(texts[seat])
        await self._announce()
        if self.on_change is not None:
            await self.on_change(self)
        if not self.connections and self.on_idle is not None:
            self.on_idle(self)

    # -- presence (docs/PROTOCOL.md, "Presence and the archive")

    def grace_deadline(self, seat: int) -> float | None:
        """When (monotonic) the absent player at ``seat`` runs out of grace, or None where
        no grace applies (each kind of table knows; none by default)."""
        return None

    def presence(self) -> protocol.Presence:
        """Who of the players is here now, and until when an absent one keeps the seat."""
        return self._presence()[1]

    def _presence(self) -> tuple[tuple[Any, ...], protocol.Presence]:
        """The presence, and what of it is news (the monotonic times it is made of)."""
        now, wall = self.time.monotonic(), self.time.now()
        key: list[Any] = []
        seats: list[protocol.SeatPresence | None] = []
        for seat, holder in enumerate(self.row.seats):
            if holder is None:
                key.append(None)
                seats.append(None)
                continue
            here = seat in self.computers() or self._connected(seat)
            deadline = None if here else self.grace_deadline(seat)
            since = None if here else self._away_since.get(seat)
            key.append((here, since, deadline))
            since_wall, deadline_wall = (
                None if t is None else round(wall - (now - t), 3) for t in (since, deadline)
            )
            seats.append(
                protocol.seat_presence(
                    connected=here, since=since_wall, deadline=deadline_wall, now=wall
                )
            )
        return tuple(key), protocol.presence(self.id, seats)

    async def _announce(self, joining: Connection | None = None) -> None:
        """Send everyone the presence if it changed since it was last sent, else only
        ``joining`` (a connection that has just been sent the state)."""
        if self.gone:
            return
        key, message = self._presence()
        if key != self._presence_key:
            self._presence_key = key
            text = wire.dumps(message)
            for connection in list(self.connections):
                with contextlib.suppress(Exception):
                    await connection.send_text(text)
        elif joining is not None:
            with contextlib.suppress(Exception):
                await joining.send(cast(dict[str, Any], message))

    def _people_here(self) -> bool:
        """Whether a seated player other than the computer has a connection here."""
        computers = self.computers()
        return any(
            self._connected(seat)
            for seat, holder in enumerate(self.row.seats)
            if holder is not None and seat not in computers
        )

    def note_presence(self) -> None:
        """Store, in the table's options, since when (Unix time) none of its seated people
        has had a connection, or None while one has: the lobby archives a table nobody
        comes to (:mod:`nardy.server.site.archive`). Written in the background, under the
        table's lock, the latest presence winning."""
        if self.gone or self.is_over():
            return
        if (self._away_task is None or self._away_task.done()) and self._away_stale():
            self._away_task = asyncio.get_running_loop().create_task(self._note_away())

    def _away_stale(self) -> bool:
        """Whether the stored ``away`` says otherwise than the connections."""
        stored = self.row.options.get("away", 0.0)
        return (stored is None) != self._people_here()

    async def _note_away(self) -> None:
        async with self.lock:
            while not self.gone and not self.is_over() and self._away_stale():
                away = None if self._people_here() else round(self.time.now(), 3)
                options = {**self.row.options, "away": away}
                try:
                    await asyncio.to_thread(
                        self.store.update_table, self.id, self.epoch, options=options
                    )
                except STORE_ERRORS as error:  # written at the next change of presence
                    log.warning("table %s: presence not stored (%s)", self.id, _reason(error))
                    return
                self.row = replace(self.row, options=options)

    def _arm_timer(self) -> None:
        """Start the timer for whatever deadline is pending (none by default)."""

    def settled(self) -> bool:
        """Whether the table waits for people alone: nothing it does by itself is due
        (:meth:`_due`) and none of its own timers is armed (a retry after a refused write,
        the end of the wait for dice contributions). Then only a command changes it, so it
        may leave memory and be rebuilt from its stored events later, exactly as it is."""
        current = asyncio.current_task()
        timers = (self._retry, self._entropy_timer)
        armed = [t for t in timers if t is not None and t is not current and not t.done()]
        return not armed and not self._due()

    def _due(self) -> bool:
        """Whether the table will act by itself before anyone sends it a command (the
        computer, a clock, the roll-off: each kind knows; a kind that does not say is
        never settled)."""
        return True

    def view(self, player_id: str | None) -> dict[str, Any]:
        """The whole state as one person sees it (as a plain JSON object: connections and
        the HTTP answer take any message)."""
        return cast(dict[str, Any], self.seat_state(self.seat_of(player_id), self.common_state()))

    def status(self) -> str:
        """The state's ``status``: ``open``, ``playing``, ``over`` or ``withdrawn``."""
        if self.withdrawn is not None:
            return "withdrawn"
        return "over" if self.is_over() else self.row.status

    def facts(self) -> protocol.Facts:
        """What the state tells of the table itself, whatever its game."""
        return protocol.Facts(
            n=self.n,
            table=self.id,
            variant=self.row.variant,
            status=self.status(),
            commitment=self.row.commitment,
            game_dice=self.game_dice(),
            chat=self.chat,
            bots=tuple(bot_seats(self.store, self.row.seats)),
            computers=tuple(protocol.levels(self.row.seats)),
        )

    def common_state(self) -> Any:
        """The state's fields that are the same for everyone at the table (each kind of
        table has its own: :class:`~nardy.server.protocol.MatchCommon`,
        :class:`~nardy.server.protocol.ChouetteCommon`)."""
        raise NotImplementedError

    def seat_state(self, seat: int | None, common: Any) -> protocol.State:
        """The whole state as ``seat`` sees it (None: a spectator), from ``common``."""
        raise NotImplementedError

    async def submit(self, seat: int | None, command: Command, by: str) -> int:
        """Apply one client command for ``seat``; returns the version it made (what follows
        automatically may add more). Raises :class:`TableError`."""
        raise NotImplementedError

    async def start(self) -> None:
        """Begin or resume play."""


def _reason(error: BaseException) -> str:
    """A failed write's cause in a few words (the database's own message, not the SQL)."""
    cause = getattr(error, "orig", None) or error
    text = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
    return text[:200]


def _readable(message: dict[str, Any]) -> protocol.ChatLine:
    """A stored chat message (as :meth:`Room.say` wrote it) with text that UTF-8 can hold
    (messages stored before the server refused lone surrogates would otherwise break every
    view of the table)."""
    return cast(
        protocol.ChatLine,
        {k: printable(v) if isinstance(v, str) else v for k, v in message.items()},
    )
