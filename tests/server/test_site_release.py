"""A finished table gives up its lease: once nobody has watched it for ``--linger``
seconds its owner unloads it and its keys leave Redis (``owner:{table}`` and its entry in
``owned:{process}``), so a busy site's Redis does not grow with its finished matches; the
table is still served from every process (state, record), and whoever opens its socket
again takes it for as long as they watch. Real PostgreSQL and Redis, two processes."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis
from client import Client, Policy, play_lockstep, record, run
from processes import SiteProcesses

LINGER = 0.5
"""Seconds a finished table stays live after its last viewer left, in these tests."""

QUICK = Policy(resign=1.0, accept=1.0, abort=True)
"""Each player resigns at once and the other accepts: a match to 1 ends in a few commands
(aborted, nobody having played: docs/PROTOCOL.md, "Aborted matches and withdrawn tables")."""


@pytest.fixture
def site(tmp_path: Path, postgres_url: str, redis_url: str) -> Iterator[SiteProcesses]:
    with SiteProcesses(
        tmp_path, 2, postgres_url, redis_url, ("--linger", str(LINGER))
    ) as processes:
        yield processes
    assert not processes.errors(), processes.errors()


async def leases(redis: Any, table: str) -> tuple[bool, list[str]]:
    """Whether ``table`` has an owner key, and the processes whose owned set lists it."""
    owner = bool(await redis.exists(f"nardy:owner:{table}"))
    sets = [key.decode() async for key in redis.scan_iter("nardy:owned:*")]
    return owner, [key for key in sets if await redis.sismember(key, table)]


async def released(redis: Any, table: str, timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while await leases(redis, table) != (False, []):
            await asyncio.sleep(0.05)


async def kept_keys(redis: Any) -> int:
    """Keys in Redis but the rate limits' (they come and go with their windows)."""
    return len([key async for key in redis.scan_iter() if not key.startswith(b"nardy:limits")])


async def lease_keys(redis: Any) -> int:
    """Owner keys and entries of owned sets: one pair for each table that has an owner."""
    owners = [key async for key in redis.scan_iter("nardy:owner:*")]
    owned = [await redis.scard(key) async for key in redis.scan_iter("nardy:owned:*")]
    return len(owners) + sum(owned)


async def seated(site: SiteProcesses) -> tuple[Client, Client, str]:
    """Ala at the first process opens a match to 1 (so that process owns it) and Ben at the
    second joins it."""
    first, second = site.urls
    ala, ben = await Client(first, "Ala").guest(), await Client(second, "Ben").guest()
    table = await ala.create("backgammon", {"match_to": 1}, seat=0)
    await ben.join(table)
    return ala, ben, table


async def finish(players: list[Client], watchers: list[Client], seed: int) -> None:
    for client in (*players, *watchers):
        await client.open()
    await play_lockstep(players, random.Random(seed), QUICK, watchers=watchers)
    for client in watchers:
        await client.wait_n(players[0].state["n"])
    assert all(c.state["status"] == "aborted" for c in (*players, *watchers))


def test_a_finished_match_gives_up_its_lease_and_is_still_served_everywhere(
    site: SiteProcesses, redis_url: str
) -> None:
    async def scenario() -> None:
        redis = aioredis.Redis.from_url(redis_url)
        ala, ben, table = await seated(site)
        watcher = Client(site.urls[1], "watcher")
        watcher.table = table
        await finish([ala, ben], [watcher], 1)
        final = ala.state
        await asyncio.sleep(3 * LINGER)
        owner, sets = await leases(redis, table)
        assert owner and len(sets) == 1, "watched: still owned"
        for client in (ala, ben):
            await client.close()
        await asyncio.sleep(3 * LINGER)
        assert await leases(redis, table) == (True, sets), "the watcher is still there"
        await watcher.close()
        await released(redis, table)
        for url in site.urls:  # read from the store, without taking the table again
            async with httpx.AsyncClient(base_url=url, trust_env=False) as http:
                view = (await http.get(f"/api/tables/{table}")).json()
            assert view["status"] == "aborted" and view["n"] == final["n"]
            doc = await record(url, table)
            assert doc["games"] and doc["aborted"] == "resign"
        assert await leases(redis, table) == (False, [])
        for url in site.urls:  # a spectator who comes back takes it again while watching
            again = Client(url, "again")
            state = await again.open(table)
            assert state["status"] == "aborted" and state["n"] == final["n"]
            assert (await leases(redis, table))[0]
            await again.close()
            await released(redis, table)
        await ala.aclose()
        await ben.aclose()
        await redis.aclose()

    run(scenario(), timeout=300)


def test_lease_keys_do_not_grow_with_finished_matches_and_rematches(
    site: SiteProcesses, redis_url: str
) -> None:
    async def scenario() -> None:
        redis = aioredis.Redis.from_url(redis_url)
        ala, ben, table = await seated(site)
        sizes = []
        tables = [table]
        for k in range(4):
            await finish([ala, ben], [], k)
            if k % 2:  # asked over HTTP at the process that does not own it
                reply = await ben.http.post(f"/api/tables/{ala.table}/rematch")
                following = reply.json()["id"]
            else:  # asked on the table's socket
                following = (await ala.request({"type": "rematch"}))["table"]
            for client in (ala, ben):
                await client.close()
                client.table = following
            await released(redis, tables[-1])
            tables.append(following)
            assert await lease_keys(redis) == 2  # the rematch alone
            sizes.append(await kept_keys(redis))
        assert sizes[0] == sizes[1] == sizes[2] == sizes[3], sizes
        for finished in tables[:-1]:
            docs = [await record(url, finished) for url in site.urls]
            assert docs[0] == docs[1] and docs[0]["games"]
        await ala.aclose()
        await ben.aclose()
        await redis.aclose()

    run(scenario(), timeout=300)
