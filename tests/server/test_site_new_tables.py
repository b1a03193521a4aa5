"""A new table is this process's before anyone can see it: its lease is taken before its
row is stored, so another process asked for it at once finds it owned, and never takes a
second copy of it. Two processes' lobbies on a real PostgreSQL and a real Redis, in one
event loop."""

from __future__ import annotations

import asyncio
import threading

from client import run
from lobbies import players, site_lobbies, site_of
from servers import random_agents

from nardy.server.site.broker import Broker
from nardy.server.site.cluster import Site
from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.store.database import Store, TableRow


class HeldStore(Store):
    """A real store that holds each new table, once stored, until released."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.stored = threading.Event()
        self.release = threading.Event()

    def add_table(self, row: TableRow) -> None:
        super().add_table(row)
        self.stored.set()
        self.release.wait(30)


def test_a_table_being_created_is_owned_by_its_creator_before_it_is_stored(
    postgres_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        store = HeldStore(postgres_url)
        creator = Lobby(store, random_agents, bot_delay=0.0, entropy_wait=0.0)
        creator.site = Site(Broker(redis_url), creator)
        await creator.site.start()
        try:
            async with site_lobbies(1, postgres_url, redis_url) as (other,):
                (ala,) = players(creator, "Ala")
                request = {"variant": "backgammon", "settings": {"match_to": 1}, "seat": 0}
                creating = asyncio.create_task(
                    creator.create(ala, "Ala", TableRequest.from_json(request))
                )
                assert await asyncio.to_thread(store.stored.wait, 15)
                (row,) = [r for r in other.store.tables("open")]  # stored, not live yet
                assert await site_of(other).owned(row.id) is None  # the creator's
                assert row.id not in other.tables
                store.release.set()
                table = await creating
                assert creator.tables[table.id] is table and table.epoch == 0
                assert await site_of(other).broker.owner(table.id) == site_of(creator).me
        finally:
            store.release.set()
            await creator.site.stop()
            store.close()

    run(scenario())
