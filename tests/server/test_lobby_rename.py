"""A rename and a join of the same table, both writing its options (the players' names),
are taken one at a time: neither puts back what the other wrote."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from client import run
from lobbies import players
from servers import random_agents

from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.store.database import Store


class HeldStore(Store):
    """A real SQLite store that, once asked, holds the next write of a table's seats (a
    join) until released."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.hold = False
        self.held = threading.Event()
        self.release = threading.Event()

    def update_table(self, table_id: str, epoch: int | None = None, **values: Any) -> None:
        if self.hold and "seats" in values:
            self.hold = False
            self.held.set()
            self.release.wait(30)
        super().update_table(table_id, epoch, **values)


class WatchedLock(asyncio.Lock):
    """A table's lock that tells when somebody waits for it."""

    def __init__(self) -> None:
        super().__init__()
        self.waited = asyncio.Event()

    async def acquire(self) -> bool:
        if self.locked():
            self.waited.set()
        return await super().acquire()


def test_a_rename_during_a_join_keeps_both_names(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = HeldStore(f"sqlite:///{tmp_path / 'nardy.sqlite3'}")
        lobby = Lobby(store, random_agents, bot_delay=0.0, entropy_wait=0.0)
        ala, ben = players(lobby, "Ala", "Ben")
        request = {"variant": "backgammon", "settings": {"match_to": 1}, "seat": 0}
        table = await lobby.create(ala, "Ala", TableRequest.from_json(request))
        table.lock = lock = WatchedLock()
        store.hold = True
        join = asyncio.create_task(lobby.join(table.id, ben, "Ben", None))
        assert await asyncio.to_thread(store.held.wait, 15)
        rename = asyncio.create_task(lobby.rename(ala, "Ola"))
        waiting = asyncio.create_task(lock.waited.wait())
        # the rename waits for the join's lock, or, were it not waiting, writes and ends
        await asyncio.wait([rename, waiting], return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        store.release.set()
        await asyncio.gather(join, rename)
        wanted = {ala: "Ola", ben: "Ben"}
        assert store.table(table.id).options["names"] == wanted
        assert lobby.tables[table.id].row.options["names"] == wanted
        store.close()

    run(scenario())
