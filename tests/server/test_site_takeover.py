"""kill -9 of the process that owns a table, in the middle of a game (INTERFACES.md §6): no
acknowledged command is lost, the other processes take the table over from its stored
events and it goes on within 10 seconds; sockets at the other processes stay open and
resync, the player whose socket died reconnects elsewhere; a table nobody watches gets a
new owner too; afterwards every process gives the same record, which ``nardy replay``
accepts."""

from __future__ import annotations

import asyncio
import io
import json
import random
import time
from pathlib import Path

import pytest
import redis
from client import Client, Policy, actionable, play_lockstep, record, run, same_game
from processes import SiteProcesses

from nardy.cli.replay import replay_file

TAKEOVER = 10.0
"""Seconds within which a dead owner's table must go on (INTERFACES.md §6)."""


def owner_of(url: str, table: str) -> str | None:
    client = redis.Redis.from_url(url)
    try:
        value = client.get(f"nardy:owner:{table}")
        return None if value is None else value.decode()
    finally:
        client.close()


def alive(url: str, process: str) -> bool:
    client = redis.Redis.from_url(url)
    try:
        return bool(client.exists(f"nardy:alive:{process}"))
    finally:
        client.close()


@pytest.mark.processes(3)
def test_killing_a_tables_owner_loses_nothing_and_the_table_goes_on(
    site: SiteProcesses, redis_url: str, tmp_path: Path
) -> None:
    doomed, second, third = site.processes

    async def scenario() -> list[dict[str, object]]:
        ala, ben = (
            await Client(doomed.url, "Ala").guest(),
            await Client(second.url, "Ben").guest(),
        )
        table = await ala.create("backgammon", {"match_to": 3}, seat=0)
        await ben.join(table)
        await ala.open()
        await ben.open()
        spectator = Client(third.url, "spectator")
        await spectator.open(table)
        # a second table of the doomed process that nobody watches
        cid, dan = (
            await Client(doomed.url, "Cid").guest(),
            await Client(doomed.url, "Dan").guest(),
        )
        quiet = await cid.create("long-nardy", {"match_to": 1}, seat=0)
        await dan.join(quiet)
        owner = owner_of(redis_url, table)
        assert owner is not None and owner == owner_of(redis_url, quiet)
        rng = random.Random(3)
        await play_lockstep(
            [ala, ben],
            rng,
            Policy(),
            watchers=[spectator],
            until=lambda s: s["n"] > 25 and bool(s["steps"]),  # half-way through a play
        )
        acknowledged = ala.state["n"]  # every command so far was acknowledged
        before = ben.state
        seen = {ben.name: len(ben.states), spectator.name: len(spectator.states)}
        doomed.kill()
        killed = time.monotonic()
        # the sockets at the other processes stay open and are resynced by the new owner
        for client in (ben, spectator):
            await client.wait(lambda c=client: len(c.states) > seen[c.name], timeout=TAKEOVER)
            assert client.state["n"] == acknowledged  # nothing acknowledged was lost
            assert same_game(client.state, before)
        # the player whose socket died reconnects to another process
        await ala.close()
        ala.rebind(third.url)
        await ala.open(table)
        assert ala.state["n"] == acknowledged  # nothing acknowledged was lost
        assert same_game(ala.state, before)
        mover = ala if actionable(ala.state) else ben
        first = await mover.request({"type": "undo"}, timeout=TAKEOVER)
        assert first["type"] == "ack", first
        took = time.monotonic() - killed
        assert took < TAKEOVER, took
        new_owner = owner_of(redis_url, table)
        assert new_owner not in (None, owner) and alive(redis_url, str(new_owner))
        deadline = time.monotonic() + TAKEOVER
        while owner_of(redis_url, quiet) == owner and time.monotonic() < deadline:
            await asyncio.sleep(0.1)  # Redis has no event to wait on
        assert owner_of(redis_url, quiet) not in (None, owner)  # adopted though unwatched
        await play_lockstep([ala, ben], rng, Policy(double=0.3), watchers=[spectator])
        assert ala.state["status"] == "over"
        docs = [await record(p.url, table) for p in (second, third)]
        assert docs[0] == docs[1]
        quiet_docs = [await record(p.url, quiet) for p in (second, third)]
        assert quiet_docs[0] == quiet_docs[1]
        for client in (ala, ben, spectator, cid, dan):
            await client.aclose()
        return docs

    docs = run(scenario(), timeout=900)
    assert not site.errors(), site.errors()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(docs[0]))
    out = io.StringIO()
    assert replay_file(str(path), out) == 0, out.getvalue()
