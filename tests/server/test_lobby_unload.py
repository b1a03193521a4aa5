"""A single server process (no broker) unloads a finished table once nobody has watched it
for the linger time, as one of several processes does, and loads it again from the store
whenever somebody asks for it: the same state, and the same rematch however often it is
asked for. Its unfinished tables stay live (the lobby's lists are read from them)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from client import run
from lobbies import Watcher, finished_match, players, resigned, seated_match, until
from servers import random_agents

from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.store.database import Store

LINGER = 0.2


def test_a_single_process_unloads_a_finished_table_nobody_watches(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'nardy.sqlite3'}")
        lobby = Lobby(store, random_agents, bot_delay=0.0, entropy_wait=0.0, linger=LINGER)
        ala, ben = players(lobby, "Ala", "Ben")
        match = await seated_match(lobby, ala, ben)
        watcher = Watcher()
        await match.join(watcher)
        await resigned(match)
        final = match.view(ala)
        await asyncio.sleep(5 * LINGER)
        assert lobby.tables.get(match.id) is match, "watched: still live"
        await match.leave(watcher)
        await until(lambda: match.id not in lobby.tables, "the finished table unloaded")
        assert match.gone
        again = await lobby.get(match.id)  # loaded from the store
        assert again is not match and again.view(ala) == final
        await until(lambda: match.id not in lobby.tables, "the table read unloaded again")
        following = await lobby.rematch_id(match.id, ala)
        await until(lambda: match.id not in lobby.tables, "the match unloaded after its rematch")
        assert await lobby.rematch_id(match.id, ben) == following  # the same, once more
        assert (await lobby.readable(match.id)).view(ala) == {**final, "rematch": following}
        # unfinished tables stay, waiting for their players
        computer = {"variant": "backgammon", "opponent": "computer", "seat": 0}
        practice = await lobby.create(ala, "Ala", TableRequest.from_json(computer))
        await asyncio.sleep(5 * LINGER)
        for table in (following, practice.id):
            assert table in lobby.tables
            assert table in [entry["id"] for entry in lobby.listing(ala)]
        store.close()

    run(scenario())


def test_a_finished_table_loaded_to_be_read_is_unloaded_too(tmp_path: Path) -> None:
    async def scenario() -> None:
        url = f"sqlite:///{tmp_path / 'nardy.sqlite3'}"
        store = Store(url)
        first = Lobby(store, random_agents, bot_delay=0.0, entropy_wait=0.0, linger=600.0)
        ala, ben = players(first, "Ala", "Ben")
        match = await finished_match(first, ala, ben)
        final = match.view(None)
        store.close()
        store = Store(url)  # a restart: finished tables are not loaded
        lobby = Lobby(store, random_agents, bot_delay=0.0, entropy_wait=0.0, linger=LINGER)
        assert await lobby.resume_all() == 0
        assert (await lobby.readable(match.id)).view(None) == final
        assert match.id in lobby.tables
        await until(lambda: match.id not in lobby.tables, "the table read unloaded")
        store.close()

    run(scenario())
