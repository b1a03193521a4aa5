"""Clocks and disconnect grace on a real server, with tiny times."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from client import Client, LiveServer, Policy, actionable, play_lockstep, run, seated_pair

from nardy.server.app import ServerConfig


def test_a_player_who_does_nothing_loses_on_time(live: LiveServer) -> None:
    async def scenario() -> None:
        clock = {"move": 0.5, "reserve": 0.5}
        (ala, ben), _ = await seated_pair(live.url, "backgammon", {"match_to": 3}, clock=clock)
        assert ala.state["clock"]["move"] == 0.5
        # quick players keep their reserve
        await play_lockstep([ala, ben], random.Random(4), Policy(), until=lambda s: s["n"] > 30)
        idle = ala if actionable(ala.state) else ben
        seat = idle.state["you"]
        assert idle.state["clock"]["actor"] == seat
        assert idle.state["clock"]["reserve"][seat] > 0.4
        started = time.monotonic()
        await ala.wait(lambda: ala.state["status"] == "over", timeout=10)
        waited = time.monotonic() - started
        assert 0.3 < waited < 5, waited
        assert ala.state["winner"] == 1 - seat
        assert max(ala.state["score"]) >= 3  # the whole match is lost
        reply = await idle.request({"type": "roll"})
        assert reply["type"] == "error" and "over" in reply["message"]
        await ala.aclose()
        await ben.aclose()

    run(scenario())


def test_a_disconnected_player_loses_after_the_grace_period(tmp_path: Path) -> None:
    async def scenario(server: LiveServer) -> None:
        (ala, ben), _ = await seated_pair(server.url, "long-nardy", {"match_to": 1})
        await play_lockstep([ala, ben], random.Random(8), Policy(), until=lambda s: s["n"] > 10)
        leaver, stayer = (ala, ben) if actionable(ala.state) else (ben, ala)
        seat = leaver.state["you"]
        # back within the grace period: nothing happens
        await leaver.close()
        await asyncio.sleep(0.2)
        await leaver.open()
        await asyncio.sleep(0.6)
        assert stayer.state["status"] == "playing"
        # away for good: the match is lost after the grace period
        await leaver.close()
        started = time.monotonic()
        await stayer.wait(lambda: stayer.state["status"] == "over", timeout=10)
        assert 0.3 < time.monotonic() - started < 5
        assert stayer.state["winner"] == 1 - seat
        await ala.aclose()
        await ben.aclose()

    with LiveServer(tmp_path / "nardy.sqlite3", ServerConfig(grace=0.5, bot_delay=0.0)) as server:
        run(scenario(server))
        assert not server.errors


def test_a_player_who_never_connects_loses_after_the_grace_period(tmp_path: Path) -> None:
    async def scenario(server: LiveServer) -> None:
        ala, ben = Client(server.url, "Ala"), Client(server.url, "Ben")
        await ala.guest()
        await ben.guest()
        table = await ala.create("backgammon", {"match_to": 1}, seat=0)
        await ben.join(table)
        await ben.open()  # Ala never opens the table
        if actionable(ben.state):
            await play_lockstep([ben], random.Random(1), until=lambda s: not actionable(s))
        await ben.wait(lambda: ben.state["status"] == "over", timeout=10)
        assert ben.state["winner"] == 1
        await ala.aclose()
        await ben.aclose()

    with LiveServer(tmp_path / "nardy.sqlite3", ServerConfig(grace=0.5, bot_delay=0.0)) as server:
        run(scenario(server))
        assert not server.errors


def test_the_clock_runs_again_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "nardy.sqlite3"
    config = ServerConfig(grace=600, bot_delay=0.0)

    async def before(server: LiveServer) -> tuple[list[Client], str]:
        clock = {"move": 0.5, "reserve": 0.5}
        (ala, ben), table = await seated_pair(server.url, "dutch", {"match_to": 1}, clock=clock)
        await play_lockstep([ala, ben], random.Random(6), Policy(), until=lambda s: s["n"] > 8)
        for client in (ala, ben):
            await client.close()
        return [ala, ben], table

    with LiveServer(database, config) as server:
        players, table = run(before(server))

    async def after(server: LiveServer) -> None:
        ala, ben = players
        for client in players:
            client.rebind(server.url)
            await client.open(table)
        actor = ala if actionable(ala.state) else ben
        seat = actor.state["you"]
        started = time.monotonic()
        await ala.wait(lambda: ala.state["status"] == "over", timeout=10)
        assert time.monotonic() - started < 5  # the clock, not the 600 s grace
        assert ala.state["winner"] == 1 - seat
        for client in players:
            await client.aclose()

    with LiveServer(database, config) as server:
        run(after(server))


def test_a_game_against_the_computer_waits_for_its_player(tmp_path: Path) -> None:
    """Between people the grace decides; against the computer nothing times out, and the
    lobby keeps listing the table as the player's own. Both players leave at the same
    moment; once the people's table is lost on time, the computer's table still plays."""

    async def scenario(server: LiveServer) -> None:
        cleo = Client(server.url, "Cleo")
        await cleo.guest()
        solo = await cleo.create("backgammon", {"match_to": 3}, opponent="computer", seat=0)
        await cleo.open(solo)
        await cleo.wait(lambda: actionable(cleo.state))
        (ala, ben), _ = await seated_pair(server.url, "backgammon", {"match_to": 1})
        leaver, stayer = (ala, ben) if actionable(ala.state) else (ben, ala)
        await cleo.close()
        await leaver.close()
        await stayer.wait(lambda: stayer.state["status"] == "over", timeout=10)
        assert stayer.state["winner"] == stayer.state["you"]
        state = (await cleo.http.get(f"/api/tables/{solo}")).json()
        assert state["status"] == "playing" and state["you"] == 0
        listed = (await cleo.http.get("/api/tables")).json()
        assert [row["id"] for row in listed if row["mine"]] == [solo]
        again = await cleo.open(solo)
        assert again["n"] == state["n"] and actionable(again)
        for client in (cleo, ala, ben):
            await client.aclose()

    with LiveServer(tmp_path / "nardy.sqlite3", ServerConfig(grace=0.5, bot_delay=0.0)) as server:
        run(scenario(server))
        assert not server.errors
