"""A single server process (no broker) unloads a finished table once nobody has watched it
for the linger time, as one of several processes does, and loads it again from the store
whenever somebody asks for it: the same state, and the same rematch however often it is
asked for. Its unfinished tables stay live (the lobby's lists are read from them). The
lobby's time moves when the test says (:class:`~nardy.server.clock.ManualClock`)."""

from __future__ import annotations

from pathlib import Path

from client import run
from lobbies import Watcher, finished_match, players, resigned, seated_match, until
from servers import random_agents

from nardy.server.clock import ManualClock
from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.store.database import Store

LINGER = 30.0
GRACE = 3600.0
"""Longer than the test: the rematch nobody opens is not forfeited meanwhile."""


def lobby_on(store: Store, clock: ManualClock) -> Lobby:
    """A single process's lobby on ``clock``, its tables lingering :data:`LINGER`."""
    return Lobby(
        store,
        random_agents,
        grace=GRACE,
        bot_delay=0.0,
        entropy_wait=0.0,
        linger=LINGER,
        clock=clock,
    )


def nothing_due(clock: ManualClock, within: float) -> bool:
    """Whether nothing sleeps on ``clock`` until more than ``within`` seconds from now."""
    return all(deadline > clock.monotonic() + within for deadline in clock.sleeping())


def test_a_single_process_unloads_a_finished_table_nobody_watches(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'nardy.sqlite3'}")
        clock = ManualClock()
        lobby = lobby_on(store, clock)
        ala, ben = players(lobby, "Ala", "Ben")
        match = await seated_match(lobby, ala, ben)
        watcher = Watcher()
        await match.join(watcher)
        await resigned(match)
        final = match.view(ala)
        assert nothing_due(clock, 5 * LINGER)
        clock.advance(5 * LINGER)
        assert lobby.tables.get(match.id) is match, "watched: still live"
        await match.leave(watcher)
        clock.advance(LINGER - 1.0)
        assert lobby.tables.get(match.id) is match, "left a moment ago: still live"
        clock.advance(1.0)
        await until(lambda: match.id not in lobby.tables, "the finished table unloaded")
        assert match.gone
        again = await lobby.get(match.id)  # loaded from the store
        assert again is not match and again.view(ala) == final
        clock.advance(LINGER)
        await until(lambda: match.id not in lobby.tables, "the table read unloaded again")
        following = await lobby.rematch_id(match.id, ala)
        clock.advance(LINGER)
        await until(lambda: match.id not in lobby.tables, "the match unloaded after its rematch")
        assert await lobby.rematch_id(match.id, ben) == following  # the same, once more
        assert (await lobby.readable(match.id)).view(ala) == {**final, "rematch": following}
        # unfinished tables stay, waiting for their players
        computer = {"variant": "backgammon", "opponent": "computer", "seat": 0}
        practice = await lobby.create(ala, "Ala", TableRequest.from_json(computer))
        clock.advance(LINGER)  # the finished match, read once more, leaves
        await until(lambda: match.id not in lobby.tables, "the match unloaded once more")
        assert nothing_due(clock, 5 * LINGER)
        clock.advance(5 * LINGER)
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
        clock = ManualClock()
        lobby = lobby_on(store, clock)
        assert await lobby.resume_all() == 0
        assert (await lobby.readable(match.id)).view(None) == final
        assert match.id in lobby.tables
        clock.advance(LINGER)
        await until(lambda: match.id not in lobby.tables, "the table read unloaded")
        store.close()

    run(scenario())
