"""With several processes an unfinished table that waits for people alone leaves its owner
once nobody has watched it for the linger time: a chouette everybody left, a match against
the computer on its player's turn. Its lease goes
from Redis and the table from memory, and whichever process is asked for it next takes it
again from its stored events, exactly as it was. A match between two people stays with
its owner while nobody watches it, since the owner enforces the grace of the player who
left, and leaves once that has ended it; so does a table whose second seat nobody took
while its creator is away, until the grace withdraws it (docs/PROTOCOL.md, "Aborted
matches and withdrawn tables"). Two processes' lobbies on a real PostgreSQL and a
real Redis, in one event loop, their time moved by the test
(:class:`~nardy.server.clock.ManualClock`; the leases in Redis keep real time)."""

from __future__ import annotations

import asyncio
import time

import pytest
from client import run
from lobbies import Watcher, players, seated_match, site_lobbies, site_of, until

from nardy.server.clock import ManualClock
from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.tables.room import Room, TableError

LINGER = 30.0
GRACE = 60.0
"""Seconds a player who is away keeps a seat between people, in these tests."""


async def leased(lobby: Lobby, table_id: str) -> bool:
    """Whether the table has an owner key, or is in ``lobby``'s process's owned set."""
    broker = site_of(lobby).broker
    owner = await broker.redis.exists(broker.key("owner", table_id))
    owned = await broker.redis.sismember(broker.key("owned", broker.id), table_id)
    return bool(owner or owned)


async def unloaded(lobby: Lobby, room: Room, timeout: float = 60.0) -> None:
    """Wait until ``lobby``'s process has unloaded ``room`` and given its lease up."""
    deadline = time.monotonic() + timeout
    while room.id in lobby.tables or await leased(lobby, room.id):
        assert time.monotonic() < deadline, f"table {room.id} is still held"
        await asyncio.sleep(0.02)
    assert room.gone


async def taken(lobby: Lobby, table_id: str) -> Room:
    """The table, taken by ``lobby``'s process as when somebody asks it for the table."""
    room = await site_of(lobby).owned(table_id)
    assert room is not None and lobby.tables[table_id] is room
    assert await site_of(lobby).broker.owner(table_id) == site_of(lobby).me
    return room


def test_an_abandoned_chouette_gives_up_its_lease_and_resumes_where_it_was(
    postgres_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        clock = ManualClock()
        async with site_lobbies(2, postgres_url, redis_url, linger=LINGER, clock=clock) as (a, b):
            (ala,) = players(a, "Ala")
            request = {
                "variant": "backgammon",
                "kind": "chouette",
                "participants": 3,
                "computers": 2,
            }
            chouette = await a.create(ala, "Ala", TableRequest.from_json(request))
            state = chouette.view(ala)
            assert chouette.actors() == [chouette.seat_of(ala)], "at Ala's decision"
            clock.advance(LINGER)
            await unloaded(a, chouette)  # Ala never came (or left)
            again = await site_of(b).owned(chouette.id)  # she opens it at the other process
            watcher = Watcher(ala)
            await again.join(watcher)
            assert again is not chouette and b.tables[chouette.id] is again
            states = [m for m in watcher.messages if m["type"] == "state"]
            assert again.view(ala) == state and states == [state]
            assert await site_of(b).broker.owner(chouette.id) == site_of(b).me
            assert clock.sleeping() == []  # nothing waits to unload it
            clock.advance(5 * LINGER)
            assert b.tables.get(chouette.id) is again, "watched: kept"
            await again.leave(watcher)
            clock.advance(LINGER)
            await unloaded(b, again)

    run(scenario())


def test_matches_waiting_for_people_alone_give_up_their_leases_and_others_keep_them(
    postgres_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        clock = ManualClock()
        options = {"linger": LINGER, "grace": GRACE, "clock": clock}
        async with site_lobbies(2, postgres_url, redis_url, **options) as (a, b):
            ala, ben, cid, dan = players(a, "Ala", "Ben", "Cid", "Dan")
            computer = {"variant": "backgammon", "opponent": "computer", "seat": 0}
            practice = await a.create(ala, "Ala", TableRequest.from_json(computer))
            state = practice.view(ala)
            assert state["you"] == 0 and practice.actor() == 0, "Ala's turn"
            waiting = await a.create(ben, "Ben", TableRequest.from_json({"variant": "dutch"}))
            people = await seated_match(a, cid, dan)  # nobody connected: a grace runs out
            clock.advance(GRACE - 1.0)  # past the linger, not the grace
            await unloaded(a, practice)
            # kept, and its lease, until the grace of the player away ends it
            assert await leased(a, people.id) and a.tables.get(people.id) is people
            assert a.tables.get(waiting.id) is waiting and not waiting.is_over()
            clock.advance(1.0)
            await until(people.is_over, "the grace ends the match")
            assert people.aborted == "left"  # nobody had played: nobody wins
            for room in (practice, waiting, people):
                await unloaded(a, room)
            assert (await taken(b, practice.id)).view(ala) == state
            assert waiting.withdrawn == "left"  # its creator never came
            with pytest.raises(TableError, match="withdrawn"):
                await b.seat(waiting.id, ala, "Ala", None)
            assert (await b.row(waiting.id)).status == "over"

    run(scenario())
