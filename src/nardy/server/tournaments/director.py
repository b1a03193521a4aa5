"""The owner of running tournaments: one process holds each tournament (a lease in the
store, taken over by another process once it runs out), pairs its rounds, opens their
tables through the lobby and stores their results.

Every step reads the tournament from the store and decides from that alone
(:func:`.plan.next_step`), so a result that was not stored never makes a pairing, and a
round is stored — fenced by the holder's epoch and the round before — before any of its
tables is opened: a process that lost the tournament pairs nothing, and a round is never
paired twice. A table whose pairing is stored but which was never opened (its process
died in between) is opened by the next step of whoever holds the tournament then.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

from nardy.server.dice import commitment as dice_service
from nardy.server.protocol.computers import is_computer
from nardy.server.site.keyed_locks import KeyedLocks
from nardy.server.site.lobby import Lobby
from nardy.server.store.database import TableRow, new_id
from nardy.server.store.tournaments import Entrant, PairingRow, TournamentRow, Tournaments
from nardy.server.tables.room import Room
from nardy.server.tables.table import Table
from nardy.server.tournaments.plan import Finish, Pair, next_step

log = logging.getLogger(__name__)


class Director:
    """Runs the tournaments this process holds."""

    def __init__(
        self, kept: Tournaments, lobby: Lobby, tick: float = 0.5, lease: float = 5.0
    ) -> None:
        self.kept = kept
        self.lobby = lobby
        self.tick = tick
        self.lease = lease
        """Seconds a holder keeps a tournament without renewing (others take it after)."""
        self.name = secrets.token_hex(8)
        self.held: dict[str, int] = {}
        """The tournaments this process holds, by epoch."""
        self.locks = KeyedLocks()
        self.wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @classmethod
    def serving(cls, lobby: Lobby) -> Director:
        """The director of the tournaments in ``lobby``'s store, told of every match that
        ends there."""
        director = cls(Tournaments(lobby.store), lobby)
        lobby.finish_hooks.append(director.record)
        return director

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.kept.release, self.name)

    async def _run(self) -> None:
        while True:
            try:
                await self.step_all()
            except Exception:
                log.exception("tournaments: a step failed")
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), self.tick)

    async def step_all(self) -> None:
        """Renew and take leases, then take one step in every tournament held here."""
        held = await asyncio.to_thread(self.kept.claim, self.name, self.lease)
        taken = {t for t, epoch in held.items() if self.held.get(t) != epoch}
        self.held = held
        for tournament_id, epoch in held.items():
            await self.step(tournament_id, epoch, recheck=tournament_id in taken)

    async def step(self, tournament_id: str, epoch: int, recheck: bool = False) -> None:
        """One step of a tournament held at ``epoch``: start it when its time has come or
        its field is full (as its creator asked),
        open the tables its pairings lack, then pair or end as :func:`next_step` says."""
        async with self.locks(tournament_id):
            row = await asyncio.to_thread(self.kept.get, tournament_id)
            if row.epoch != epoch:
                return
            if row.status == "open":
                if await self._due(row):
                    await asyncio.to_thread(self.kept.start, tournament_id)
                return
            if row.status != "running":
                return
            entrants = await asyncio.to_thread(self.kept.entrants, tournament_id)
            rows = await asyncio.to_thread(self.kept.pairings, tournament_id)
            await self._open_missing(row, entrants, rows, recheck)
            decided = next_step(row, entrants, rows, self.lobby.clock.now())
            if isinstance(decided, Finish):
                await asyncio.to_thread(self.kept.finish, tournament_id, epoch)
            elif isinstance(decided, Pair) and decided.pairings:
                await self._pair(row, entrants, rows, decided)

    async def _due(self, row: TournamentRow) -> bool:
        """Whether an open tournament starts by itself now: its ``starts_at`` has come, or
        it was asked to start when full and ``max_players`` have entered (INTERFACES.md §8,
        "a full or timed start")."""
        starts = row.config.get("starts_at")
        if starts is not None and self.lobby.clock.now() >= float(starts):
            return True
        if not row.config.get("start_when_full"):
            return False
        entrants = await asyncio.to_thread(self.kept.entrants, row.id)
        return len(entrants) >= int(row.config.get("max_players", 64))

    async def _pair(
        self, row: TournamentRow, entrants: list[Entrant], rows: list[PairingRow], decided: Pair
    ) -> None:
        gone = {e.player for e in entrants if e.left is not None}
        board = max((r.board for r in rows if r.round == decided.round), default=-1) + 1
        new: list[PairingRow] = []
        now = self.lobby.clock.now()
        for k, p in enumerate(decided.pairings):
            winner, table = p.winner, None
            if p.second is None:
                winner = p.first
            elif p.first in gone or p.second in gone:  # a pairing not to be played
                winner = p.second if p.first in gone else p.first
            else:
                table = new_id()
            done = now if winner else None
            new.append(
                PairingRow(decided.round, board + k, p.first, p.second, table, winner, now, done)
            )
        stored = await asyncio.to_thread(self.kept.pair, row.id, row.epoch, decided.round, new)
        if stored:
            await self._open(row, entrants, [r for r in new if r.table is not None])

    async def _open_missing(
        self, row: TournamentRow, entrants: list[Entrant], rows: list[PairingRow], recheck: bool
    ) -> None:
        """Open the tables of stored pairings that have none yet; after a takeover, also
        store the results of tables that ended while nobody listened."""
        unplayed = [r for r in rows if r.table is not None and r.winner is None]
        missing = [r for r in unplayed if not r.opened]
        if recheck:
            for r in unplayed:
                assert r.table is not None
                if r.opened and (await self.lobby.row(r.table)).status == "over":
                    await self.record(await self.lobby.readable(r.table))
        await self._open(row, entrants, missing)

    async def _open(
        self, row: TournamentRow, entrants: list[Entrant], rows: list[PairingRow]
    ) -> None:
        names = {e.player: e.name for e in entrants}
        for r in rows:
            try:
                await self.lobby.add_seated(table_row(row, r, names))
            except Exception:
                log.exception("tournament %s: could not open table %s", row.id, r.table)
                continue

    async def record(self, room: Room) -> None:
        """Store the result of a tournament's table that has ended (the lobby's finish
        hook), and step its tournament at once if this process holds it."""
        if not isinstance(room, Table):
            return
        place = room.row.options.get("tournament")
        winner = room.match.winner
        if not place or winner is None:
            return
        holder = room.row.seats[winner]
        if holder is not None:
            await asyncio.to_thread(self.kept.result, room.id, holder)
        self.wake.set()


def table_row(row: TournamentRow, pairing: PairingRow, names: dict[str, str]) -> TableRow:
    """The table of one pairing: an ordinary match whose seats are its two players."""
    assert pairing.table is not None
    seats: list[str | None] = [pairing.first, pairing.second]
    config: dict[str, Any] = row.config
    computer = any(is_computer(seat) for seat in seats)
    seed = dice_service.new_seed()
    return TableRow(
        id=pairing.table,
        kind="match",
        variant=row.variant,
        settings=dict(config.get("settings", {})),
        seats=seats,
        options={
            "names": {s: names.get(s, s) for s in seats if s is not None},
            "clock": None if computer else config.get("clock"),
            "opponent": "tournament",
            "rated": bool(config.get("rated")),
            "dice": dice_service.SCHEME,
            "tournament": {"id": row.id, "round": pairing.round},
        },
        status="playing",
        invite=None,
        seed=seed.hex(),
        commitment=dice_service.commitment(seed),
        created=0.0,
    )
