"""Presence (docs/PROTOCOL.md, "Presence and the archive"): both players see within a
second whether the other is connected, or away with the grace's deadline — a person's
socket, a bot's stream and the computer all count — on one process and across two."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
from bot_api import bot_account
from client import Client, run
from processes import SiteProcesses
from servers import LiveServer

from nardy.server.app import ServerConfig

GRACE = 30.0
"""A grace long enough that nobody forfeits while a test looks."""


def presence(client: Client) -> dict[str, Any] | None:
    """The latest presence the client was sent."""
    return client.presences[-1] if client.presences else None


async def seen(client: Client, seat: int, connected: bool) -> dict[str, Any]:
    """Wait until the client's latest presence shows ``seat`` (dis)connected; that seat's
    entry."""

    def shown() -> bool:
        latest = presence(client)
        entry = latest["seats"][seat] if latest is not None else None
        return entry is not None and entry["connected"] is connected

    await client.wait(shown)
    latest = presence(client)
    assert latest is not None and latest["table"] == client.table
    entry: dict[str, Any] = latest["seats"][seat]
    return entry


async def two_people(first: str, second: str) -> tuple[Client, Client]:
    """Ala (seat 0, at ``first``) and Ben (seat 1, at ``second``) at a match, both open."""
    ala, ben = await Client(first, "Ala").guest(), await Client(second, "Ben").guest()
    table = await ala.create("backgammon", {"match_to": 3}, seat=0)
    ben.rebind(first)
    await ben.join(table)
    ben.rebind(second)
    await ala.open()
    await ben.open()
    return ala, ben


async def leaves_and_comes_back(ala: Client, ben: Client, grace: float) -> None:
    """Ben closes his socket: Ala sees him away within a second, with the grace's
    deadline; he comes back: she sees him connected again."""
    assert (await seen(ala, 1, True))["deadline"] is None
    await seen(ala, 0, True)
    closed = time.monotonic()
    await ben.close()
    away = await seen(ala, 1, False)
    assert time.monotonic() - closed < 1.0
    assert away["since"] is not None and away["deadline"] is not None
    assert abs(away["deadline"] - away["since"] - grace) < 0.5, away
    assert 0 < away["left"] <= grace
    await ben.open()
    back = await seen(ala, 1, True)
    assert back == {"connected": True, "since": None, "deadline": None, "left": None}
    await seen(ben, 1, True)  # a socket is sent the presence when it connects


def test_S7_a_player_who_leaves_is_shown_away_with_the_grace_left(tmp_path: Path) -> None:
    config = ServerConfig(bot_delay=0.0, entropy_wait=0.0, grace=GRACE)
    with LiveServer(tmp_path / "nardy.sqlite3", config) as live:

        async def scenario() -> None:
            ala, ben = await two_people(live.url, live.url)
            await leaves_and_comes_back(ala, ben, GRACE)
            for client in (ala, ben):
                await client.aclose()

        run(scenario())
        assert not live.errors


def test_resync_sends_the_presence_again(live: LiveServer) -> None:
    async def scenario() -> None:
        ala, ben = await two_people(live.url, live.url)
        await seen(ala, 1, True)
        before = len(ala.presences)
        await ala.send_raw('{"type": "resync"}')
        await ala.wait(lambda: len(ala.presences) > before)
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


def test_the_computer_is_always_there_and_its_opponent_has_no_deadline(
    live: LiveServer,
) -> None:
    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create("backgammon", {"match_to": 3}, opponent="computer", seat=0)
        watcher = Client(live.url, "watcher")
        await watcher.open(table)
        assert (await seen(watcher, 1, True))["deadline"] is None
        await ala.open()
        await seen(watcher, 0, True)
        await ala.close()
        away = await seen(watcher, 0, False)
        assert away["since"] is not None and away["deadline"] is None  # it waits for her
        for client in (ala, watcher):
            await client.aclose()

    run(scenario())


def test_a_bots_stream_counts_as_its_presence(live: LiveServer) -> None:
    async def scenario() -> None:
        token = await bot_account(live.url, "Robo")
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create("backgammon", {"match_to": 3}, seat=0)
        await ala.open()
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(
            base_url=live.url, headers=headers, trust_env=False, timeout=30
        ) as bot:
            joined = await bot.post(f"/api/tables/{table}/join", json={})
            assert joined.status_code == 200, joined.text
            async with bot.stream("GET", f"/api/bot/tables/{table}/stream") as stream:
                lines = stream.aiter_lines()
                assert '"type":"state"' in await anext(lines)
                await seen(ala, 1, True)
            await seen(ala, 1, False)  # the stream closed
        await ala.aclose()

    run(scenario())


def test_presence_crosses_processes(site: SiteProcesses) -> None:
    first, second = site.urls

    async def scenario() -> None:
        ala, ben = await two_people(first, second)  # the table is owned by the first
        await leaves_and_comes_back(ala, ben, 600.0)  # the test processes' grace
        await asyncio.gather(ala.aclose(), ben.aclose())

    run(scenario())


def test_the_creator_of_a_table_waiting_for_a_player_has_a_deadline(live: LiveServer) -> None:
    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create("backgammon", {"match_to": 3}, seat=0)
        watcher = Client(live.url, "watcher")
        await watcher.open(table)
        away = await seen(watcher, 0, False)  # she has not come: withdrawn after the grace
        assert away["deadline"] is not None and away["left"] > 0
        assert presence(watcher)["seats"][1] is None  # type: ignore[index]
        await ala.open()
        await seen(watcher, 0, True)
        await asyncio.gather(ala.aclose(), watcher.aclose())

    run(scenario())
