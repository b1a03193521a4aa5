"""Clocks and disconnect grace on a real server whose time the test moves
(:class:`~nardy.server.clock.ManualClock`): a deadline passes when the test says so, and
nothing happens before it, however busy the machine."""

from __future__ import annotations

import random
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from client import Client, Policy, actionable, away, both_played, play_lockstep, run, seated_pair
from lobbies import until
from servers import LiveServer

from nardy.formats.record import replay
from nardy.rules.forfeit import forfeited
from nardy.server.app import ServerConfig
from nardy.server.clock import ManualClock


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


CLOCK = {"move": 8.0, "reserve": 30.0}
"""The blitz clock of a match to 1: the time stands still while the players play, so
nobody touches their reserve."""

GRACE = 60.0
"""Seconds a player who left keeps their seat."""


def run_on(
    tmp_path: Path,
    scenario: Callable[[LiveServer, ManualClock], Coroutine[Any, Any, None]],
    config: ServerConfig | None = None,
) -> None:
    """Run ``scenario`` on a server with :data:`GRACE`, no delays and a clock of its own;
    it logs no error."""
    clock = ManualClock()
    config = config or ServerConfig(grace=GRACE, bot_delay=0.0, entropy_wait=0.0)
    with LiveServer(tmp_path / "nardy.sqlite3", config, clock=clock) as server:
        run(scenario(server, clock))
        assert not server.errors


async def asleep(clock: ManualClock, deadline: float) -> None:
    """Wait until the server's timer of ``deadline`` sleeps, alone."""
    await until(lambda: clock.sleeping() == [deadline], f"a timer for {deadline}")


def test_a_player_who_does_nothing_loses_on_time(tmp_path: Path) -> None:
    async def scenario(server: LiveServer, clock: ManualClock) -> None:
        settings = {"match_to": 3}
        (ala, ben), table = await seated_pair(server.url, "backgammon", settings, clock=CLOCK)
        assert ala.state["clock"]["move"] == 8.0
        await play_lockstep(
            [ala, ben], random.Random(4), Policy(), until=lambda s: s["n"] > 30 and both_played(s)
        )
        idle = ala if actionable(ala.state) else ben
        seat = idle.state["you"]
        assert idle.state["clock"]["actor"] == seat
        assert idle.state["clock"]["reserve"] == [30.0, 30.0]  # quick players keep it
        await asleep(clock, 38.0)  # the move's 8 s and the reserve's 30 s
        clock.advance(37.9)
        assert clock.sleeping() == [38.0] and ala.state["status"] == "playing"
        clock.advance(0.1)
        await ala.wait(lambda: ala.state["status"] == "over")
        assert ala.state["winner"] == 1 - seat
        assert max(ala.state["score"]) >= 3  # the whole match is lost
        assert ala.state["result"]["reason"] == "time"
        await forfeit_recorded(ala, table, "time", seat)
        reply = await idle.request({"type": "roll"})
        assert reply["type"] == "error" and "over" in reply["message"]
        await ala.aclose()
        await ben.aclose()

    run_on(tmp_path, scenario)


def test_a_disconnected_player_loses_after_the_grace_period(tmp_path: Path) -> None:
    async def scenario(server: LiveServer, clock: ManualClock) -> None:
        (ala, ben), table = await seated_pair(server.url, "long-nardy", {"match_to": 1})
        await play_lockstep(
            [ala, ben], random.Random(8), Policy(), until=lambda s: s["n"] > 10 and both_played(s)
        )
        leaver, stayer = (ala, ben) if actionable(ala.state) else (ben, ala)
        seat = leaver.state["you"]
        # back within the grace period: nothing happens, also once the grace has passed
        await leaver.close()
        gone = await away(stayer, seat)
        assert gone["deadline"] - gone["since"] == pytest.approx(GRACE, abs=0.01)
        clock.advance(GRACE - 1.0)
        await leaver.open()
        assert clock.sleeping() == []  # no timer left to end the match
        clock.advance(GRACE)
        assert stayer.state["status"] == "playing"
        # away for good: the match is lost once the grace has passed
        await leaver.close()
        await away(stayer, seat)
        await asleep(clock, clock.monotonic() + GRACE)
        clock.advance(GRACE)
        await stayer.wait(lambda: stayer.state["status"] == "over")
        assert stayer.state["winner"] == 1 - seat
        assert stayer.state["result"] == {
            **stayer.state["result"],
            "kind": "resign",
            "reason": "left",
        }
        await forfeit_recorded(stayer, table, "left", seat)
        await ala.aclose()
        await ben.aclose()

    run_on(tmp_path, scenario)


def test_a_player_who_never_connects_aborts_the_match_after_the_grace(tmp_path: Path) -> None:
    """Nobody wins a match one side never played (docs/PROTOCOL.md, "Aborted matches")."""

    async def scenario(server: LiveServer, clock: ManualClock) -> None:
        ala, ben = Client(server.url, "Ala"), Client(server.url, "Ben")
        await ala.guest()
        await ben.guest()
        table = await ala.create("backgammon", {"match_to": 1}, seat=0)
        await ben.join(table)
        await ben.open()  # Ala never opens the table
        if actionable(ben.state):
            await play_lockstep([ben], random.Random(1), until=lambda s: not actionable(s))
        await away(ben, 0)
        await asleep(clock, GRACE)  # from the moment the game waited for her
        clock.advance(GRACE)
        await ben.wait(lambda: ben.state["status"] == "aborted")
        assert ben.state["winner"] is None
        await ala.aclose()
        await ben.aclose()

    run_on(tmp_path, scenario)


def test_the_clock_runs_again_after_a_restart(tmp_path: Path) -> None:
    """A live clock gives the player to act a fresh move allowance on top of the reserve
    stored with the last event: the pause was nobody's thinking."""
    database = tmp_path / "nardy.sqlite3"
    config = ServerConfig(grace=600, bot_delay=0.0, entropy_wait=0.0)
    clock = ManualClock()

    async def before(server: LiveServer) -> tuple[list[Client], str]:
        (ala, ben), table = await seated_pair(server.url, "dutch", {"match_to": 1}, clock=CLOCK)
        await play_lockstep(
            [ala, ben], random.Random(6), Policy(), until=lambda s: s["n"] > 8 and both_played(s)
        )
        clock.advance(37.0)  # most of the actor's time, and then the server stops
        assert ala.state["status"] == "playing"
        for client in (ala, ben):
            await client.close()
        return [ala, ben], table

    with LiveServer(database, config, clock=clock) as server:
        players, table = run(before(server))
    clock.advance(3600.0)  # the server is down for an hour

    async def after(server: LiveServer) -> None:
        ala = players[0]
        for client in players:
            client.rebind(server.url)
            await client.open(table)
        actor = ala.state["clock"]["actor"]
        assert ala.state["status"] == "playing" and ala.state["clock"]["reserve"][actor] == 30.0
        restarted = clock.monotonic()
        await asleep(clock, restarted + 38.0)  # the clock, not the 600 s grace
        clock.advance(38.0)
        await ala.wait(lambda: ala.state["status"] == "over")
        lost = forfeited(replay((await ala.http.get(f"/api/tables/{table}/record")).json()))
        assert lost == (actor, "time")
        assert ala.state["winner"] == 1 - actor
        for client in players:
            await client.aclose()

    with LiveServer(database, config, clock=clock) as server:
        run(after(server))


def test_a_game_against_the_computer_waits_for_its_player(tmp_path: Path) -> None:
    """Between people the grace decides; against the computer nothing times out, and the
    lobby keeps listing the table as the player's own. Both players leave at the same
    moment; once the people's table is aborted (nobody had played), the computer's table
    still plays."""

    async def scenario(server: LiveServer, clock: ManualClock) -> None:
        cleo = Client(server.url, "Cleo")
        await cleo.guest()
        solo = await cleo.create("backgammon", {"match_to": 3}, opponent="computer", seat=0)
        await cleo.open(solo)
        await cleo.wait(lambda: actionable(cleo.state))
        (ala, ben), _ = await seated_pair(server.url, "backgammon", {"match_to": 1})
        leaver, stayer = (ala, ben) if actionable(ala.state) else (ben, ala)
        await cleo.close()
        await leaver.close()
        await away(stayer, leaver.state["you"])
        await asleep(clock, GRACE)  # the people's table alone has a deadline
        clock.advance(GRACE)
        await stayer.wait(lambda: stayer.state["status"] == "aborted")
        state = (await cleo.http.get(f"/api/tables/{solo}")).json()
        assert state["status"] == "playing" and state["you"] == 0
        listed = (await cleo.http.get("/api/tables")).json()
        assert [row["id"] for row in listed if row["mine"]] == [solo]
        again = await cleo.open(solo)
        assert again["n"] == state["n"] and actionable(again)
        for client in (cleo, ala, ben):
            await client.aclose()

    run_on(tmp_path, scenario)
