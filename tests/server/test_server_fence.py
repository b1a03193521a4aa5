"""A live table held at an epoch (one of several server processes) whose table another
process has taken over: its next write is refused by the store, and the table closes —
the sender gets an error, not an acknowledgement, nobody gets a state of it any more, its
site is told once, and every later command is refused without reaching the store. Both
kinds of table, a match and a chouette, on one SQLite file shared by two stores as two
processes would share a database."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from nardy.server.http.table_socket import TableSockets
from nardy.server.protocol.refusals import MOVED
from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.site.throttle import Throttle
from nardy.server.store.database import Store
from nardy.server.tables.replies import Replies
from nardy.server.tables.room import Room


class Recorder:
    """A connection that keeps what it is sent."""

    def __init__(self, player_id: str) -> None:
        self.player_id: str | None = player_id
        self.replies = Replies()
        self.messages: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    async def send_text(self, text: str) -> None:
        self.messages.append(json.loads(text))


REQUESTS = {
    "match": {"variant": "backgammon", "seat": 0},
    "chouette": {"variant": "backgammon", "kind": "chouette", "participants": 3},
}


@pytest.mark.parametrize("kind", REQUESTS)
def test_a_table_taken_over_elsewhere_refuses_its_next_write_and_closes(
    tmp_path: Path, kind: str
) -> None:
    url = f"sqlite:///{tmp_path / 'nardy.sqlite3'}"

    async def scenario() -> None:
        store, elsewhere = Store(url), Store(url)
        lobby = Lobby(store, lambda variant, level: None, bot_delay=0.0, entropy_wait=0.0)  # type: ignore[arg-type,return-value]
        table = await lobby.create("ala", "Ala", TableRequest.from_json(REQUESTS[kind]))
        for player in ("ben", "cid")[: len(table.row.seats) - 1]:
            await lobby.join(table.id, player, player.title(), None)
        table.epoch = await asyncio.to_thread(store.take, table.id)  # held here, as at a site
        lost: list[Room] = []
        table.on_lost = lost.append
        ala = Recorder("ala")
        await table.join(ala)
        sockets = TableSockets(store, lobby, Throttle())
        chat = {"type": "chat", "text": "before", "id": "before"}
        await sockets.handle(table, ala, "Ala", json.dumps(chat))  # type: ignore[arg-type]
        assert ala.messages[-1] == {"type": "ack", "id": "before", "n": table.n}
        stored = len(store.events(table.id))
        assert stored == table.n

        await asyncio.to_thread(elsewhere.take, table.id)  # another process takes it over
        ala.messages.clear()
        for k in range(3):
            chat = {"type": "chat", "text": f"after {k}", "id": k}
            await sockets.handle(table, ala, "Ala", json.dumps(chat))  # type: ignore[arg-type]
        resync = {"type": "resync", "id": "resync"}
        await sockets.handle(table, ala, "Ala", json.dumps(resync))  # type: ignore[arg-type]
        await table.broadcast()
        assert [m["type"] for m in ala.messages] == ["error"] * 4  # no ack, no state
        assert {(m["message"], m["code"]) for m in ala.messages} == {(MOVED.message, "moved")}
        assert lost == [table] and table.gone and not table.connections
        assert len(store.events(table.id)) == stored  # nothing more was written
        store.close()
        elsewhere.close()

    asyncio.run(scenario())
