"""Aborted matches and rated play (docs/PROTOCOL.md, "Aborted matches and withdrawn tables"): a
match that ends before both players have played — resigned, or left by a player who never
came — is aborted, nobody wins it and no rating moves; repeated results between the same two
accounts rate once a day; a rated match between people always has a clock."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from client import Client, away, play_lockstep, run
from servers import LiveServer
from test_server_ratings import get, registered, resigned_match

from nardy.server.app import ServerConfig
from nardy.server.clock import ManualClock


async def first_mover_resigns(clients: list[Client]) -> None:
    """Whoever may act first resigns at once; the other accepts (backgammon)."""
    await clients[0].wait(lambda: clients[0].state["phase"] in ("rolling", "moving"))
    resigner = clients[clients[0].state["turn"]]
    await resigner.wait(lambda: "resign" in resigner.state["legal"])
    await resigner.command({"type": "resign", "level": 1})
    [other] = [c for c in clients if c is not resigner]
    await other.wait(lambda: other.state["legal"].get("accept") is not None)
    await other.command({"type": "accept"})


def assert_aborted(state: dict[str, Any]) -> None:
    assert state["status"] == "aborted" and state["winner"] is None, state
    assert state["legal"] == {}


def test_S8_a_rated_match_resigned_before_both_played_is_aborted(live: LiveServer) -> None:
    async def scenario() -> None:
        ala, ben = await registered(live.url, "Ala"), await registered(live.url, "Ben")
        table = await ala.create("backgammon", {"match_to": 3}, rated=True, seat=0)
        await ben.join(table)
        [listed] = [t for t in await get(live.url, "/api/tables", ala) if t["id"] == table]
        assert listed["clock"] is not None  # rated between people: a clock (slow)
        await ala.open()
        await ben.open()
        await first_mover_resigns([ala, ben])
        for client in (ala, ben):
            await client.wait(lambda c=client: c.state["status"] == "aborted")  # type: ignore[misc]
            assert_aborted(client.state)
        board = await get(live.url, "/api/ratings/backgammon")
        assert board["players"] == []
        for client in (ala, ben):
            [game] = await get(live.url, f"/api/players/{client.player_id}/games")
            assert game["status"] == "aborted" and game["winner"] is None
            assert game["rating_change"] is None and game["won"] is None
            profile = await get(live.url, f"/api/players/{client.player_id}")
            assert profile["games"] == 0 and profile["wins"] == 0
        doc = await get(live.url, f"/api/tables/{table}/record")
        assert doc["aborted"] == "resign" and doc["score"] == [0, 0]
        assert all(game.get("result") is None for game in doc["games"])
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


def test_S7_S8_a_joiner_who_never_comes_aborts_the_match_after_the_grace(tmp_path: Path) -> None:
    grace, clock = 60.0, ManualClock()
    config = ServerConfig(grace=grace, bot_delay=0.0, entropy_wait=0.0)
    with LiveServer(tmp_path / "nardy.sqlite3", config, clock=clock) as live:

        async def scenario() -> None:
            ala, ben = await registered(live.url, "Ala"), await registered(live.url, "Ben")
            table = await ala.create("long-nardy", {"match_to": 1}, rated=True, seat=0)
            await ben.join(table)  # and never connects
            await ala.open()
            playing = asyncio.create_task(play_lockstep([ala], random.Random(3)))
            await away(ala, 1)  # the game waits for Ben
            clock.advance(grace)
            await playing  # until the grace ends it
            assert_aborted(ala.state)
            assert (await get(live.url, "/api/ratings/long-nardy"))["players"] == []
            doc = await get(live.url, f"/api/tables/{table}/record")
            assert doc["aborted"] == "left"
            for client in (ala, ben):
                await client.aclose()

        run(scenario())
    assert not live.errors


def test_S9_repeated_results_between_two_accounts_rate_once_a_day(live: LiveServer) -> None:
    async def scenario() -> None:
        await resigned_match(live.url)
        ala, ben, again = await resigned_match(live.url)  # the same two accounts
        board = await get(live.url, "/api/ratings/long-nardy")
        assert [entry["games"] for entry in board["players"]] == [1, 1]
        games = await get(live.url, f"/api/players/{ben.player_id}/games")
        assert games[0]["id"] == again and games[0]["winner"] == 0
        assert games[0]["rating_change"] is None
        assert games[1]["rating_change"] is not None
        for client in (ala, ben):
            await client.aclose()

    run(scenario())
