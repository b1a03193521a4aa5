"""Lobbies in one event loop, for the tests that must choose when each acts: several server
processes' (each a :class:`Lobby` with a :class:`Store` of its own on one PostgreSQL database
and a :class:`Site` and :class:`Broker` of its own on one Redis, as ``nardy serve --database
… --broker …`` makes them), or a single process's; without HTTP, with connections that keep
what they are sent."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from servers import random_agents

from nardy.server import protocol
from nardy.server.site.broker import Broker
from nardy.server.site.cluster import Site
from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.store.database import Store
from nardy.server.tables.table import Table


@asynccontextmanager
async def site_lobbies(
    count: int, database: str, broker: str, **options: Any
) -> AsyncIterator[list[Lobby]]:
    """``count`` lobbies of one site, each joined to it; ``options`` are the lobbies'
    (no computer's delay and no wait for the dice contributions unless given)."""
    lobbies: list[Lobby] = []
    try:
        for _ in range(count):
            settings = {"bot_delay": 0.0, "entropy_wait": 0.0, **options}
            lobby = Lobby(Store(database), random_agents, **settings)
            lobby.site = Site(Broker(broker), lobby)
            lobbies.append(lobby)
            await lobby.site.start()
        yield lobbies
    finally:
        for lobby in lobbies:
            if lobby.site is not None:
                await lobby.site.stop()
            lobby.store.close()


def site_of(lobby: Lobby) -> Site:
    assert lobby.site is not None
    return lobby.site


def players(lobby: Lobby, *names: str) -> list[str]:
    """The ids of new players called ``names``."""
    return [lobby.store.add_player(name).id for name in names]


async def seated_match(lobby: Lobby, ala: str, ben: str) -> Table:
    """A match to 1 that ``ala`` (seat 0) creates at ``lobby`` and ``ben`` joins (the
    table he joined: the one created may have been unloaded meanwhile, nobody watching)."""
    request = {"variant": "backgammon", "settings": {"match_to": 1}, "seat": 0}
    created = await lobby.create(ala, "Ala", TableRequest.from_json(request))
    table = await lobby.join(created.id, ben, "Ben", None)
    assert isinstance(table, Table)
    return table


async def resigned(table: Table) -> Table:
    """``table`` over at once: whoever moves first resigns, and the other accepts."""
    for command in (protocol.Resign(1), protocol.Accept()):
        await table.submit(table.actor(), command, "player")
    assert table.row.status == "over"
    return table


async def finished_match(lobby: Lobby, ala: str, ben: str) -> Table:
    """A match to 1 between ``ala`` and ``ben``, created at ``lobby`` and over at once."""
    return await resigned(await seated_match(lobby, ala, ben))


class Watcher:
    """A connection that keeps what it is sent."""

    def __init__(self, player_id: str | None = None) -> None:
        self.player_id = player_id
        self.messages: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    async def send_text(self, text: str) -> None:
        self.messages.append(json.loads(text))


async def until(ready: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    """Wait for a condition nothing announces (a table unloaded, a lease given up)."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        await asyncio.sleep(0.02)
