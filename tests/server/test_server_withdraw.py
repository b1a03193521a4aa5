"""Withdrawn tables and joins
(docs/PROTOCOL.md, "Aborted matches and withdrawn tables" and "Versions and resync"): the
creator of a table nobody joined may withdraw it, and it withdraws itself when its creator
is gone past the grace; either way it leaves every list and nobody can join it. A join is an
event: one version is one state on every socket."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from client import Client, away, run, same_game
from servers import LiveServer

from nardy.server.app import ServerConfig
from nardy.server.clock import ManualClock

GRACE = 60.0


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def quick(tmp_path: Path, clock: ManualClock) -> Iterator[LiveServer]:
    """A server whose time moves when the test says (:data:`GRACE` a grace) and whose
    games wait for dice contributions."""
    config = ServerConfig(grace=GRACE, bot_delay=0.0, entropy_wait=600.0)
    with LiveServer(tmp_path / "nardy.sqlite3", config, clock=clock) as server:
        yield server
    assert not server.errors, [record.getMessage() for record in server.errors]


async def listed(client: Client) -> list[str]:
    return [table["id"] for table in (await client.http.get("/api/tables")).json()]


@pytest.mark.parametrize("opponent", ["open", "invite"])
def test_S7_the_creator_withdraws_a_table_nobody_joined(live: LiveServer, opponent: str) -> None:
    async def scenario() -> None:
        ala, ben = await Client(live.url, "Ala").guest(), await Client(live.url, "Ben").guest()
        reply = await ala.http.post(
            "/api/tables", json={"variant": "backgammon", "settings": {}, "opponent": opponent}
        )
        table, invite = reply.json()["id"], reply.json()["invite"]
        await ala.open(table)
        assert table in await listed(ala)
        refused = await ben.http.post(f"/api/tables/{table}/withdraw")
        assert refused.status_code == 400 and "made this table" in refused.json()["detail"]
        done = await ala.http.post(f"/api/tables/{table}/withdraw")
        assert done.status_code == 200, done.text
        await ala.wait(lambda: ala.state["status"] == "withdrawn")
        assert ala.state["n"] == 1 and ala.state["legal"] == {}
        assert table not in await listed(ala) and table not in await listed(ben)
        joined = await ben.http.post(f"/api/tables/{table}/join", json={"invite": invite})
        assert joined.status_code == 400 and "withdrawn" in joined.json()["detail"]
        again = await ala.http.post(f"/api/tables/{table}/withdraw")
        assert again.status_code == 400 and "waiting" in again.json()["detail"]
        [game] = (await ala.http.get(f"/api/players/{ala.player_id}/games")).json()
        assert game["status"] == "over" and game["winner"] is None
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


def test_S7_a_table_whose_creator_is_gone_withdraws_itself(
    quick: LiveServer, clock: ManualClock
) -> None:
    async def scenario() -> None:
        ala, ben = await Client(quick.url, "Ala").guest(), await Client(quick.url, "Ben").guest()
        table = await ala.create("backgammon", {"match_to": 3})  # and never comes
        await ben.open(table)  # a spectator sees it go
        creator = ben.state["seats"].index("Ala")
        assert (await away(ben, creator))["left"] == pytest.approx(GRACE, abs=0.01)
        clock.advance(GRACE - 1.0)
        assert clock.sleeping() == [GRACE] and ben.state["status"] == "open"
        clock.advance(1.0)
        await ben.wait(lambda: ben.state["status"] == "withdrawn")
        assert table not in await listed(ben) and table not in await listed(ala)
        joined = await ben.http.post(f"/api/tables/{table}/join", json={})
        assert joined.status_code == 400 and "withdrawn" in joined.json()["detail"]
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


def test_a_creator_who_stays_keeps_the_table_and_one_who_leaves_loses_it(
    quick: LiveServer, clock: ManualClock
) -> None:
    async def scenario() -> None:
        url = quick.url
        ala, ben = await Client(url, "Ala").guest(), await Client(url, "Ben").guest()
        second = await ala.create("backgammon", {})
        clock.advance(GRACE - 1.0)
        await ala.open(second)  # within the grace of its making
        first = await ala.create("backgammon", {})
        watcher = Client(url, "watcher")
        await watcher.open(first)
        await away(watcher, watcher.state["seats"].index("Ala"))
        clock.advance(GRACE)
        await watcher.wait(lambda: watcher.state["status"] == "withdrawn")
        assert ala.state["status"] == "open"  # its creator is here: it stays
        await ala.close()
        await ben.open(second)
        await away(ben, ben.state["seats"].index("Ala"))
        clock.advance(GRACE)
        await ben.wait(lambda: ben.state["status"] == "withdrawn")
        for client in (ala, ben, watcher):
            await client.aclose()

    run(scenario())


def test_a_join_is_an_event_of_its_own(quick: LiveServer) -> None:
    async def scenario() -> None:
        url = quick.url  # its creator keeps the table: the clock stands still
        ala, ben = await Client(url, "Ala").guest(), await Client(url, "Ben").guest()
        table = await ala.create("backgammon", {"match_to": 1}, seat=0)
        await ala.open()
        assert ala.state["n"] == 0 and ala.state["status"] == "open"
        await ben.join(table)  # the roll-off waits for dice contributions: no other event
        await ala.wait(lambda: ala.state["status"] == "playing")
        assert ala.state["n"] == 1 and ala.state["seats"] == ["Ala", "Ben"]
        by_n: dict[int, dict[str, Any]] = {}
        for state in ala.states:
            assert same_game(by_n.setdefault(state["n"], state), state), state["n"]
        await ben.open()
        assert ben.state["n"] == 1
        for client in (ala, ben):
            await client.aclose()

    run(scenario())
