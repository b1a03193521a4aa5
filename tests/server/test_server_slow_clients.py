"""One slow socket never delays anyone else (docs/PROTOCOL.md, "Limits and access"): a
watcher that sends thousands of resyncs and reads nothing leaves every player's commands
acknowledged as usual, and a socket that cannot keep up is dropped from its table."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

from client import Client, Policy, play_lockstep, run, seated_pair
from rawsocket import SilentClient
from servers import LiveServer

from nardy.server.app import ServerConfig
from nardy.server.site.throttle import Limits


def silent_spectator(live: LiveServer, table: str) -> SilentClient:
    return SilentClient("127.0.0.1", live.port, f"/ws/tables/{table}")


async def server_side(client: Client, ready: Callable[[], bool], timeout: float = 60) -> None:
    """Wait until ``ready()`` holds on the server, asking it again after each round trip
    of ``client`` (the server runs in this process)."""
    async with asyncio.timeout(timeout):
        while not ready():
            await client.request({"type": "ping"})
            await asyncio.sleep(0.02)


def test_a_spectator_who_never_reads_does_not_hold_up_the_players(live: LiveServer) -> None:
    async def scenario() -> int:
        (ala, ben), table = await seated_pair(
            live.url, "backgammon", {"match_to": 0}, clock={"move": 30, "reserve": 60}
        )
        stuck = silent_spectator(live, table)
        stuck.flood({"type": "resync"}, 3000)
        try:
            # every command below must be acknowledged within the client's usual 15 s
            rng = random.Random(7)
            count = 0
            while count < 40:
                before = ala.state["n"]
                count += await play_lockstep(
                    [ala, ben], rng, Policy(), until=lambda s, b=before: s["n"] > b + 3
                )
            assert ala.state["status"] == "playing"  # nobody lost on time
            return count
        finally:
            stuck.close()
            await ala.aclose()
            await ben.aclose()

    assert run(scenario()) >= 40


def test_a_socket_that_cannot_keep_up_is_dropped(tmp_path: Path) -> None:
    config = ServerConfig(
        send_queue=8,
        send_timeout=2.0,
        limits=Limits(messages_per_socket="100000/second", resync_cost=1),
        entropy_wait=0.0,  # the test clients send no contributions to the dice
    )
    with LiveServer(tmp_path / "nardy.sqlite3", config) as live:

        async def scenario() -> None:
            (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 0})
            room = live.app.state.lobby.tables[table]
            assert len(room.connections) == 2
            stuck = silent_spectator(live, table)
            try:
                await server_side(ala, lambda: len(room.connections) == 3)
                stuck.flood({"type": "resync"}, 5000)
                await server_side(ala, lambda: len(room.connections) == 2)
                # the players go on as before
                await play_lockstep(
                    [ala, ben], random.Random(3), Policy(), until=lambda s: s["n"] > 12
                )
            finally:
                stuck.close()
                await ala.aclose()
                await ben.aclose()

        run(scenario())
    assert not live.errors, [record.getMessage() for record in live.errors]
