"""Correspondence play on a real server (docs/PROTOCOL.md, "Correspondence"): days a move
on the wall clock, stored with the table's events so that a restart gives nobody more
time, no forfeit for being away, and the "your turn" list of ``GET /api/me/turns``."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from client import Client, Policy, actionable, away, both_played, play_lockstep, run, seated_pair
from servers import LiveServer
from test_server_ratings import registered

from nardy.formats.record import replay
from nardy.rules.forfeit import forfeited
from nardy.server.app import ServerConfig
from nardy.server.clock import ManualClock
from nardy.server.tables.clock import DAY

CONFIG = ServerConfig(grace=600, bot_delay=0.0, entropy_wait=0.0)


async def turns(client: Client) -> list[dict[str, Any]]:
    reply = await client.http.get("/api/me/turns")
    assert reply.status_code == 200, reply.text
    found: list[dict[str, Any]] = reply.json()["turns"]
    return found


async def until_both_played(players: list[Client], seed: int) -> tuple[Client, Client]:
    """Play until both seats have played and a person is to act; (to act, waiting)."""
    await play_lockstep(
        players,
        random.Random(seed),
        Policy(double=0.0),
        until=lambda s: s["n"] > 8 and both_played(s) and s["clock"]["actor"] is not None,
    )
    first, second = players
    return (
        (first, second)
        if first.state["clock"]["actor"] == first.state["you"]
        else (
            second,
            first,
        )
    )


def test_the_presets_and_the_your_turn_list(live: LiveServer) -> None:
    async def scenario() -> None:
        presets = (await Client(live.url).http.get("/api/time-controls")).json()
        days = {p["name"]: p for p in presets if p["correspondence"]}
        assert {name: p["move"] / DAY for name, p in days.items()} == {
            "days-1": 1,
            "days-2": 2,
            "days-3": 3,
        }
        players, table = await seated_pair(
            live.url, "long-nardy", {"match_to": 3}, time_control="days-2"
        )
        mover, other = await until_both_played(players, 3)
        clock = mover.state["clock"]
        assert clock["correspondence"] and clock["move"] == 2 * DAY
        assert abs(clock["deadline"] - (time.time() + 2 * DAY + clock["reserve"][0])) < 60
        listed = await turns(mover)
        assert [(t["table"], t["opponent"], t["match_to"]) for t in listed] == [
            (table, other.name, 3)
        ]
        assert listed[0]["deadline"] == clock["deadline"]
        assert 0 < 2 * DAY + 3 * DAY - listed[0]["left"] < 60
        assert await turns(other) == []
        # kept: with its clock running the table never leaves memory (nor its lease)
        assert not live.app.state.lobby.tables[table].settled()
        # a whole turn later the list has moved to the other player
        seat = mover.state["you"]
        await play_lockstep(
            players, random.Random(5), Policy(double=0.0), until=lambda s: s["turn"] != seat
        )
        await other.wait(lambda: other.state["clock"]["actor"] == other.state["you"])
        assert await turns(mover) == []
        assert [t["table"] for t in await turns(other)] == [table]
        refused = await Client(live.url).http.get("/api/me/turns")
        assert refused.status_code == 401 and "sign in" in refused.json()["detail"]
        for client in players:
            await client.aclose()

    run(scenario())


def test_rated_and_practice_tables_keep_their_correspondence_clock(live: LiveServer) -> None:
    async def scenario() -> None:
        ola, ula = await registered(live.url, "Ola"), await registered(live.url, "Ula")
        body = {"settings": {"match_to": 3}, "rated": True, "time_control": "days-1"}
        table = await ola.create("backgammon", seat=0, **body)
        await ula.join(table)
        state = (await ola.http.get(f"/api/tables/{table}")).json()
        assert state["hints"]["rated"] and state["clock"]["move"] == DAY  # not the slow clock
        # against the computer, for practice: the computer answers at once
        cleo = await Client(live.url, "Cleo").guest()
        solo = await cleo.create(
            "dutch", {"match_to": 1}, opponent="computer", seat=0, time_control="days-3"
        )
        await cleo.open(solo)
        await cleo.wait(lambda: actionable(cleo.state))
        assert cleo.state["clock"]["correspondence"] and cleo.state["clock"]["move"] == 3 * DAY
        await play_lockstep([cleo], random.Random(2), until=lambda s: both_played(s))
        await cleo.wait(lambda: actionable(cleo.state))  # the computer has answered
        assert [t["table"] for t in await turns(cleo)] == [solo]
        for client in (ola, ula, cleo):
            await client.aclose()

    run(scenario())


GRACE = 60.0
"""Seconds of grace of the live tables beside the correspondence ones."""


def test_S7_nobody_loses_or_is_withdrawn_by_correspondence_for_being_away(tmp_path: Path) -> None:
    """Two tables in play and two open ones, live and by correspondence; everyone leaves
    at once. Once the live ones have ended on the grace, the others still wait, half a
    day later too."""
    config = ServerConfig(grace=GRACE, bot_delay=0.0, entropy_wait=0.0)
    clock = ManualClock()

    async def scenario(server: LiveServer) -> None:
        live_pair, live_table = await seated_pair(server.url, "backgammon", {"match_to": 1})
        days_pair, days_table = await seated_pair(
            server.url, "backgammon", {"match_to": 1}, time_control="days-1"
        )
        lone, alone = await Client(server.url, "Lone").guest(), Client(server.url, "Alone")
        waiting_live = await lone.create("backgammon", {"match_to": 1})
        await alone.guest()
        waiting_days = await alone.create("backgammon", {"match_to": 1}, time_control="days-1")
        mover, _ = await until_both_played(days_pair, 1)
        await mover.close()
        live_leaver = next(c for c in live_pair if actionable(c.state))
        await live_leaver.close()
        stayer = next(c for c in live_pair if c is not live_leaver)
        await away(stayer, live_leaver.state["you"])
        clock.advance(GRACE)
        await stayer.wait(lambda: stayer.state["status"] in ("over", "aborted"))
        await lone.open(waiting_live)
        await lone.wait(lambda: lone.state["status"] == "withdrawn")
        clock.advance(DAY / 2)
        assert (await alone.http.get(f"/api/tables/{waiting_days}")).json()["status"] == "open"
        state = (await mover.http.get(f"/api/tables/{days_table}")).json()
        assert state["status"] == "playing" and state["clock"]["actor"] == state["you"]
        assert live_table != days_table
        for client in (*live_pair, *days_pair, lone, alone):
            await client.aclose()

    with LiveServer(tmp_path / "nardy.sqlite3", config, clock=clock) as server:
        run(scenario(server))
        assert not server.errors


def test_the_deadline_survives_restarts_and_passes_while_the_server_is_down(
    tmp_path: Path,
) -> None:
    database = tmp_path / "nardy.sqlite3"
    clock = ManualClock()

    async def before(server: LiveServer) -> tuple[list[Client], str, dict[str, Any]]:
        players, table = await seated_pair(
            server.url, "long-nardy", {"match_to": 1}, time_control="days-1"
        )
        mover, _ = await until_both_played(players, 8)
        for client in players:
            await client.close()
        return players, table, mover.state["clock"]

    with LiveServer(database, CONFIG, clock=clock) as server:
        players, table, shown = run(before(server))
    clock.advance(DAY / 2)  # down for half a day

    async def reopen(server: LiveServer) -> dict[str, Any]:
        for client in players:
            client.rebind(server.url)
        state = await players[0].open(table)
        await players[0].close()
        return state

    with LiveServer(database, CONFIG, clock=clock) as server:  # the same deadline, not a fresh day
        assert run(reopen(server))["clock"] == shown
    clock.advance(2 * DAY)  # and down for two days: the deadline passes meanwhile

    async def after(server: LiveServer) -> None:
        ala = players[0]
        await ala.open(table)
        await ala.wait(lambda: ala.state["status"] == "over", timeout=60)
        lost = forfeited(replay((await ala.http.get(f"/api/tables/{table}/record")).json()))
        assert lost == (shown["actor"], "time")
        for client in players:
            assert await turns(client) == []
            await client.aclose()

    with LiveServer(database, CONFIG, clock=clock) as server:
        for client in players:
            client.rebind(server.url)
        run(after(server))
