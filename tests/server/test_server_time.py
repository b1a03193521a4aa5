"""Clocks and disconnect grace on a real server, with tiny times."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from client import Client, Policy, actionable, both_played, play_lockstep, run, seated_pair
from servers import LiveServer

from nardy.formats.record import replay
from nardy.rules.forfeit import forfeited
from nardy.server.app import ServerConfig


async def forfeit_recorded(client: Client, table: str, reason: str, loser: int) -> None:
    """The record says why the match ended, on the actions the forfeit made, and keeps
    every game a resignation (INTERFACES.md §4); ``nardy replay`` says it too."""
    record = (await client.http.get(f"/api/tables/{table}/record")).json()
    last = record["games"][-1]
    assert last["result"]["kind"] == "resign" and last["result"]["winner"] == 1 - loser
    assert last["actions"][-1]["reason"] == reason
    made = [a for game in record["games"] for a in game["actions"] if "reason" in a]
    assert made and {a["reason"] for a in made} == {reason}
    assert forfeited(replay(record)) == (loser, reason)


def test_a_player_who_does_nothing_loses_on_time(live: LiveServer) -> None:
    async def scenario() -> None:
        clock = {"move": 2.0, "reserve": 1.0}  # a busy machine answers within 2 s
        (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 3}, clock=clock)
        assert ala.state["clock"]["move"] == 2.0
        # quick players keep their reserve
        await play_lockstep(
            [ala, ben], random.Random(4), Policy(), until=lambda s: s["n"] > 30 and both_played(s)
        )
        idle = ala if actionable(ala.state) else ben
        seat = idle.state["you"]
        assert idle.state["clock"]["actor"] == seat
        assert idle.state["clock"]["reserve"][seat] > 0.9
        started = time.monotonic()
        await ala.wait(lambda: ala.state["status"] == "over", timeout=40)
        waited = time.monotonic() - started
        assert 0.3 < waited < 30, waited
        assert ala.state["winner"] == 1 - seat
        assert max(ala.state["score"]) >= 3  # the whole match is lost
        assert ala.state["result"]["reason"] == "time"
        await forfeit_recorded(ala, table, "time", seat)
        reply = await idle.request({"type": "roll"})
        assert reply["type"] == "error" and "over" in reply["message"]
        await ala.aclose()
        await ben.aclose()

    run(scenario())


GRACE = 3.0
"""Seconds of grace in the test of coming back: long enough to reconnect on a busy machine."""


def run_with_grace(
    tmp_path: Path, scenario: Callable[[LiveServer], Coroutine[Any, Any, None]]
) -> None:
    """Run ``scenario`` on a server with :data:`GRACE` and no delays; it logs no error."""
    config = ServerConfig(grace=GRACE, bot_delay=0.0, entropy_wait=0.0)
    with LiveServer(tmp_path / "nardy.sqlite3", config) as server:
        run(scenario(server))
        assert not server.errors


def test_a_disconnected_player_loses_after_the_grace_period(tmp_path: Path) -> None:
    async def scenario(server: LiveServer) -> None:
        (ala, ben), table = await seated_pair(server.url, "long-nardy", {"match_to": 1})
        await play_lockstep(
            [ala, ben], random.Random(8), Policy(), until=lambda s: s["n"] > 10 and both_played(s)
        )
        leaver, stayer = (ala, ben) if actionable(ala.state) else (ben, ala)
        seat = leaver.state["you"]
        # back within the grace period: nothing happens, also once the grace has passed
        await leaver.close()
        left = time.monotonic()
        await leaver.open()
        assert time.monotonic() - left < GRACE, "reconnecting took longer than the grace"
        await asyncio.sleep(max(0.0, left + GRACE + 0.5 - time.monotonic()))
        assert stayer.state["status"] == "playing"
        # away for good: the match is lost after the grace period
        await leaver.close()
        started = time.monotonic()
        await stayer.wait(lambda: stayer.state["status"] == "over", timeout=GRACE + 30)
        assert time.monotonic() - started > GRACE - 0.2
        assert stayer.state["winner"] == 1 - seat
        assert stayer.state["result"] == {
            **stayer.state["result"],
            "kind": "resign",
            "reason": "left",
        }
        await forfeit_recorded(stayer, table, "left", seat)
        await ala.aclose()
        await ben.aclose()

    run_with_grace(tmp_path, scenario)


def test_a_player_who_never_connects_aborts_the_match_after_the_grace(tmp_path: Path) -> None:
    """Nobody wins a match one side never played (docs/PROTOCOL.md, "Aborted matches")."""

    async def scenario(server: LiveServer) -> None:
        ala, ben = Client(server.url, "Ala"), Client(server.url, "Ben")
        await ala.guest()
        await ben.guest()
        table = await ala.create("backgammon", {"match_to": 1}, seat=0)
        await ben.join(table)
        await ben.open()  # Ala never opens the table
        if actionable(ben.state):
            await play_lockstep([ben], random.Random(1), until=lambda s: not actionable(s))
        await ben.wait(lambda: ben.state["status"] == "aborted", timeout=GRACE + 30)
        assert ben.state["winner"] is None
        await ala.aclose()
        await ben.aclose()

    run_with_grace(tmp_path, scenario)


def test_the_clock_runs_again_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "nardy.sqlite3"
    config = ServerConfig(grace=600, bot_delay=0.0, entropy_wait=0.0)

    async def before(server: LiveServer) -> tuple[list[Client], str]:
        clock = {"move": 2.0, "reserve": 1.0}  # a busy machine answers within 2 s
        (ala, ben), table = await seated_pair(server.url, "dutch", {"match_to": 1}, clock=clock)
        await play_lockstep(
            [ala, ben], random.Random(6), Policy(), until=lambda s: s["n"] > 8 and both_played(s)
        )
        assert ala.state["status"] == "playing", "the clock ran out before the restart"
        for client in (ala, ben):
            await client.close()
        return [ala, ben], table

    with LiveServer(database, config) as server:
        players, table = run(before(server))

    async def after(server: LiveServer) -> None:
        ala = players[0]
        for client in players:
            client.rebind(server.url)
            await client.open(table)
        started = time.monotonic()
        await ala.wait(lambda: ala.state["status"] == "over", timeout=60)
        assert time.monotonic() - started < 60  # the clock, not the 600 s grace
        # who was to act is read from the record: on a busy machine the clock may have run
        # out before the first state after the restart arrived
        lost = forfeited(replay((await ala.http.get(f"/api/tables/{table}/record")).json()))
        assert lost is not None and lost[1] == "time"
        assert ala.state["winner"] == 1 - lost[0]
        for client in players:
            await client.aclose()

    with LiveServer(database, config) as server:
        run(after(server))


def test_a_game_against_the_computer_waits_for_its_player(tmp_path: Path) -> None:
    """Between people the grace decides; against the computer nothing times out, and the
    lobby keeps listing the table as the player's own. Both players leave at the same
    moment; once the people's table is aborted (nobody had played), the computer's table
    still plays."""

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
        await stayer.wait(lambda: stayer.state["status"] == "aborted", timeout=GRACE + 30)
        state = (await cleo.http.get(f"/api/tables/{solo}")).json()
        assert state["status"] == "playing" and state["you"] == 0
        listed = (await cleo.http.get("/api/tables")).json()
        assert [row["id"] for row in listed if row["mine"]] == [solo]
        again = await cleo.open(solo)
        assert again["n"] == state["n"] and actionable(again)
        for client in (cleo, ala, ben):
            await client.aclose()

    run_with_grace(tmp_path, scenario)
