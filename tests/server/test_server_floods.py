"""One client cannot flood the server (docs/PROTOCOL.md, "Limits and access"): a socket's
messages are paced to its rate, sockets per table and per address are bounded, only seated
players chat (and not too fast), and a player cannot open table after table."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import httpx
from client import Client, run, seated_pair
from servers import LiveServer

from nardy.server.app import ServerConfig
from nardy.server.site.throttle import Limits


async def refusal(client: Client, table: str) -> str:
    """The error a socket gets instead of the table's state (it is closed after it): its
    code, then its English message."""
    try:
        await client.open(table)
    except ConnectionError:
        error = client.other[0]
        return f"{error['code']}: {error['message']}"
    raise AssertionError("the socket was let in")


def test_a_flood_of_pings_is_paced_to_the_socket_rate(live: LiveServer) -> None:
    rate = 100  # Limits().messages_per_socket

    async def scenario() -> tuple[int, float]:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create("backgammon", {"match_to": 1}, opponent="computer")
        await ala.open(table)
        pongs: list[float] = []

        def count() -> bool:
            pongs[:] = [m for m in ala.other if m.get("type") == "pong"]
            return len(pongs) >= 400

        started = time.monotonic()
        for _ in range(1500):
            await ala.send_raw(json.dumps({"type": "ping"}))
        await ala.wait(count, timeout=60)
        elapsed = time.monotonic() - started
        await ala.aclose()
        return len(pongs), elapsed

    answered, elapsed = run(scenario())
    # a busy machine answers more slowly, never faster: this bound holds under any load
    assert answered <= rate * (elapsed + 1) + 20, (answered, elapsed)


def test_sockets_per_address_are_bounded(tmp_path: Path) -> None:
    config = ServerConfig(limits=Limits(sockets_per_address=4))
    with LiveServer(tmp_path / "nardy.sqlite3", config) as live:

        async def scenario() -> None:
            ala = await Client(live.url, "Ala").guest()
            table = await ala.create("backgammon", {"match_to": 1}, opponent="open")
            watchers = [Client(live.url, f"w{k}") for k in range(5)]
            for watcher in watchers[:4]:
                await watcher.open(table)
            refused = await refusal(watchers[4], table)
            assert refused.startswith("too_many_connections: too many connections"), refused
            await watchers[0].close()
            room = live.app.state.lobby.tables[table]
            while len(room.connections) > 3:
                await watchers[1].request({"type": "ping"})
            again = Client(live.url, "again")
            await again.open(table)
            assert again.state["table"] == table  # a freed place can be used again
            for client in [ala, again, *watchers]:
                await client.aclose()

        run(scenario())


def test_the_default_limit_of_sockets_per_address(live: LiveServer) -> None:
    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create("backgammon", {"match_to": 1}, opponent="open")
        watchers = [Client(live.url, f"w{k}") for k in range(Limits().sockets_per_address)]
        await asyncio.gather(*(w.open(table) for w in watchers))
        extra = Client(live.url, "extra")
        refused = await refusal(extra, table)
        assert refused.startswith("too_many_connections: too many connections"), refused
        for client in [ala, extra, *watchers]:
            await client.aclose()

    run(scenario())


def test_sockets_per_table_are_bounded(tmp_path: Path) -> None:
    config = ServerConfig(limits=Limits(sockets_per_table=3))
    with LiveServer(tmp_path / "nardy.sqlite3", config) as live:

        async def scenario() -> None:
            (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 1})
            first = Client(live.url, "first")
            await first.open(table)
            second = Client(live.url, "second")
            refused = await refusal(second, table)
            assert refused.startswith("table_crowded: this table has as many watchers"), refused
            for client in (ala, ben, first, second):
                await client.aclose()

        run(scenario())


def test_only_seated_players_chat_and_not_too_fast(live: LiveServer) -> None:
    async def scenario() -> None:
        (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 1})
        cid = await Client(live.url, "Cid").guest()
        await cid.open(table)
        reply = await cid.request({"type": "chat", "text": "hello strangers"})
        assert reply["type"] == "error" and "players" in reply["message"]
        answers = [await ala.request({"type": "chat", "text": f"gl {k}"}) for k in range(12)]
        kinds = [a["type"] for a in answers]
        assert kinds[:5] == ["ack"] * 5 and "error" in kinds
        assert any("slow down" in a.get("message", "") for a in answers)
        await ala.wait(lambda: len(ala.state["chat"]) == kinds.count("ack"))
        assert all(m["from"] == "Ala" for m in ala.state["chat"])
        for client in (ala, ben, cid):
            await client.aclose()

    run(scenario())


def test_a_player_cannot_open_table_after_table(live: LiveServer) -> None:
    waiting = Limits().open_tables_per_player
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        http.post("/api/guest", json={"name": "Many"})
        body = {"variant": "backgammon", "settings": {}, "opponent": "open"}
        made = [http.post("/api/tables", json=body) for _ in range(waiting + 2)]
        assert [r.status_code for r in made] == [200] * waiting + [400, 400]
        assert "waiting for an opponent" in made[-1].json()["detail"]
        listed = [t for t in http.get("/api/tables").json() if t["mine"]]
        assert len(listed) == waiting


def test_state_changing_requests_are_rate_limited_per_session(tmp_path: Path) -> None:
    # an hour's window: however slowly a loaded machine answers, all seven fall into it
    config = ServerConfig(limits=Limits(requests_per_session="5/hour"))
    with (
        LiveServer(tmp_path / "nardy.sqlite3", config) as live,
        httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http,
    ):
        http.post("/api/guest", json={"name": "Busy"})
        body = {"variant": "backgammon", "settings": {}, "opponent": "computer"}
        codes = [http.post("/api/tables", json=body).status_code for _ in range(7)]
        assert codes[:5] == [200] * 5 and codes[5:] == [429, 429]
        refused = http.post("/api/tables", json=body)
        assert int(refused.headers["retry-after"]) >= 1
        assert "too many requests" in refused.json()["detail"]


def test_new_guests_per_address_are_rate_limited(tmp_path: Path) -> None:
    # the default count, over an hour rather than a minute: a loaded machine may take
    # longer than a minute to answer them all
    allowed = int(Limits().sign_ins_per_address.split("/")[0])
    config = ServerConfig(limits=Limits(sign_ins_per_address=f"{allowed}/hour"))
    with (
        LiveServer(tmp_path / "nardy.sqlite3", config) as live,
        httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http,
    ):
        codes = [
            http.post("/api/guest", json={"name": f"g{k}"}).status_code for k in range(allowed + 1)
        ]
    assert codes == [200] * allowed + [429]
