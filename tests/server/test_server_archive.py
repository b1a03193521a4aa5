"""Dead tables leave the lobby (docs/PROTOCOL.md, "Presence and the archive"): an
unfinished table none of its players has been at for the archive time is off the public
list, still on its players' own list and history, and resumed by opening it; a table
whose clock outlasts the archive time stays listed. On one process and across two."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from client import Client, run
from processes import SiteProcesses
from servers import LiveServer

from nardy.server.app import ServerConfig
from nardy.server.clock import ManualClock
from nardy.server.defaults import ARCHIVE


async def listing(client: Client) -> dict[str, dict[str, Any]]:
    """``GET /api/tables`` as ``client`` sees it, by table id."""
    reply = await client.http.get("/api/tables")
    assert reply.status_code == 200, reply.text
    return {entry["id"]: entry for entry in reply.json()}


async def until(ready: Callable[[], Awaitable[bool]], what: str, timeout: float = 15) -> None:
    """Ask again until ``ready`` holds (nothing announces a change of the lobby's list)."""
    deadline = time.monotonic() + timeout
    while not await ready():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        await asyncio.sleep(0.02)


async def listed(client: Client, table: str) -> bool:
    return table in await listing(client)


async def unlisted(client: Client, table: str) -> bool:
    return table not in await listing(client)


async def dead_table_leaves_and_comes_back(ala: Client, ben: Client) -> None:
    """Ala's game against the computer is listed for Ben only while she is there; it stays
    on her own list and history, and she resumes it."""
    table = await ala.create("backgammon", {"match_to": 3}, opponent="computer", seat=0)
    assert not await listed(ben, table)  # nobody has come to it yet
    mine = (await listing(ala))[table]
    assert mine["mine"] and mine["archived"]
    await ala.open()
    await until(lambda: listed(ben, table), "the table listed while Ala is there")
    assert (await listing(ben))[table]["archived"] is False
    await ala.close()
    await until(lambda: unlisted(ben, table), "the table archived once Ala left")
    mine = (await listing(ala))[table]
    assert mine["mine"] and mine["archived"] and mine["status"] == "playing"
    history = (await ala.http.get(f"/api/players/{ala.player_id}/games")).json()
    assert [(g["id"], g["status"]) for g in history] == [(table, "playing")]
    state = await ala.open()
    assert state["status"] == "playing" and state["you"] == 0
    await ala.wait(lambda: bool(ala.state["legal"]))  # her turn comes: the game goes on
    await until(lambda: listed(ben, table), "the table listed again")


def test_a_table_nobody_is_at_is_archived_and_resumed(tmp_path: Path) -> None:
    config = ServerConfig(bot_delay=0.0, entropy_wait=0.0, archive=0.0)
    with LiveServer(tmp_path / "nardy.sqlite3", config) as live:

        async def scenario() -> None:
            ala, ben = await Client(live.url, "Ala").guest(), await Client(live.url, "Ben").guest()
            await dead_table_leaves_and_comes_back(ala, ben)
            await asyncio.gather(ala.aclose(), ben.aclose())

        run(scenario())
        assert not live.errors


def test_a_table_stays_listed_for_the_archive_time(tmp_path: Path) -> None:
    clock = ManualClock(wall=1_750_000_000.0)  # whole seconds: stored as they are
    config = ServerConfig(bot_delay=0.0, entropy_wait=0.0)
    with LiveServer(tmp_path / "nardy.sqlite3", config, clock=clock) as live:

        async def scenario() -> None:
            ala, ben = await Client(live.url, "Ala").guest(), await Client(live.url, "B").guest()
            table = await ala.create("backgammon", {"match_to": 3}, opponent="computer", seat=0)
            await ala.open()
            await until(lambda: asyncio.to_thread(away_stored, live, table, False), "Ala here")
            clock.advance(ARCHIVE)  # while she is there
            await ala.close()
            await until(lambda: asyncio.to_thread(away_stored, live, table, True), "Ala gone")
            clock.advance(ARCHIVE - 1.0)
            assert await listed(ben, table)  # gone for less than the archive time
            clock.advance(1.0)
            assert await unlisted(ben, table)
            await asyncio.gather(ala.aclose(), ben.aclose())

        run(scenario())
        assert not live.errors


def away_stored(live: LiveServer, table: str, away: bool) -> bool:
    """Whether the store says that nobody (``away``) or somebody is at the table."""
    return (live.store.table(table).options.get("away") is not None) is away


def test_a_table_whose_clock_outlasts_the_archive_time_stays_listed(tmp_path: Path) -> None:
    config = ServerConfig(bot_delay=0.0, entropy_wait=0.0, archive=0.0)
    with LiveServer(tmp_path / "nardy.sqlite3", config) as live:

        async def scenario() -> None:
            ala, carl = await Client(live.url, "Ala").guest(), await Client(live.url, "C").guest()
            clocked = await ala.create(
                "backgammon", {"match_to": 3}, clock={"move": 60, "reserve": 1}
            )
            unclocked = await ala.create("backgammon", {"match_to": 3})
            seen = await listing(carl)  # Ala has come to neither
            assert clocked in seen and unclocked not in seen
            await asyncio.gather(ala.aclose(), carl.aclose())

        run(scenario())


def test_a_table_is_archived_on_every_process(
    tmp_path: Path, postgres_url: str, redis_url: str
) -> None:
    extra = ("--archive", "0")
    with SiteProcesses(tmp_path, 2, postgres_url, redis_url, extra) as site:
        first, second = site.urls

        async def scenario() -> None:
            ala = await Client(first, "Ala").guest()  # her table is owned by the first
            ben = await Client(second, "Ben").guest()  # who lists it at the second
            await dead_table_leaves_and_comes_back(ala, ben)
            await asyncio.gather(ala.aclose(), ben.aclose())

        run(scenario())
        assert not site.errors(), site.errors()
