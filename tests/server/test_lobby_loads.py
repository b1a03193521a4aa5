"""Tables load side by side: a table whose rebuild waits on the store does not hold up the
load of another (a process taking over a dead one's tables rebuilds them together)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from client import run
from lobbies import players
from servers import random_agents

from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.store.database import Store, TableRow


class HeldStore(Store):
    """A real SQLite store that, once told which, holds the next read of one table's row
    until released."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.hold: str | None = None
        self.held = threading.Event()
        self.release = threading.Event()

    def table(self, table_id: str) -> TableRow:
        if table_id == self.hold:
            self.hold = None
            self.held.set()
            self.release.wait(30)
        return super().table(table_id)


def test_a_load_waiting_on_the_store_does_not_hold_up_another_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = HeldStore(f"sqlite:///{tmp_path / 'nardy.sqlite3'}")
        lobby = Lobby(store, random_agents, bot_delay=0.0, entropy_wait=0.0)
        ala, ben = players(lobby, "Ala", "Ben")
        request = TableRequest.from_json(
            {"variant": "backgammon", "settings": {"match_to": 1}, "seat": 0}
        )
        first = await lobby.create(ala, "Ala", request)
        second = await lobby.create(ben, "Ben", request)
        lobby.drop(first.id)
        lobby.drop(second.id)
        store.hold = first.id
        slow = asyncio.create_task(lobby.get(first.id))
        assert await asyncio.to_thread(store.held.wait, 15)
        other = await asyncio.wait_for(lobby.get(second.id), 10)  # not after the first
        assert other.id == second.id and not slow.done()
        store.release.set()
        assert (await slow).id == first.id
        assert await lobby.get(first.id) is lobby.tables[first.id]  # loaded once
        store.close()

    run(scenario())
