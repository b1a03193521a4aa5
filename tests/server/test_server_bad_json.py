"""Bad input gets a clear 4xx, never a 500 (docs/PROTOCOL.md, "Limits and access"): NaN,
Infinity and lone surrogates in request bodies are refused with 422, bodies are bounded, and
a lone surrogate sent to a table's chat never breaks the table's state for anyone."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from client import run, seated_pair
from servers import LiveServer

from nardy.server.store.database import EVENTS, Store

TABLE = '{"variant": "backgammon", "settings": {"match_to": %s}, "opponent": "computer"}'


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/tables", TABLE % "NaN"),
        ("/api/tables", TABLE % "Infinity"),
        ("/api/tables", TABLE % "-Infinity"),
        ("/api/tables", '{"variant": "backgammon", "settings": {"\\udc80": 1}}'),
        ("/api/guest", '{"name": "Ala\\ud800"}'),
        ("/api/register", '{"name": "\\udfff", "password": "long enough"}'),
        ("/api/verify-dice", '{"seed": "00", "commitment": "00", "rolls": [[NaN, 1]]}'),
    ],
)
def test_non_json_values_get_422(live: LiveServer, path: str, body: str) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        http.post("/api/guest", json={"name": "Setter"})
        reply = http.post(path, content=body, headers={"Content-Type": "application/json"})
        assert reply.status_code == 422, reply.text
        assert "not valid JSON" in reply.json()["detail"][0]["msg"]


def test_request_bodies_are_bounded(live: LiveServer) -> None:
    rolls = json.dumps({"seed": "00", "commitment": "00", "rolls": [[1, 2]] * 120_000})
    assert len(rolls) > 1 << 18
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        reply = http.post(
            "/api/verify-dice", content=rolls, headers={"Content-Type": "application/json"}
        )
    assert reply.status_code == 413 and "too large" in reply.json()["detail"]


def test_a_lone_surrogate_in_chat_never_breaks_the_table(live: LiveServer) -> None:
    async def scenario() -> str:
        (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 1})
        ala.next_id += 1
        await ala.send_raw('{"type": "chat", "text": "hi \\ud83d", "id": "bad"}')
        await ala.wait(lambda: "bad" in ala.replies)
        reply = ala.replies.pop("bad")
        assert reply["type"] == "error" and "surrogate" in reply["message"]
        await ala.command({"type": "chat", "text": "hi 😀"})  # a whole pair is fine
        for client in (ala, ben):
            await client.aclose()
        return table

    table = run(scenario())
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        reply = http.get(f"/api/tables/{table}")
    assert reply.status_code == 200
    assert [m["text"] for m in reply.json()["chat"]] == ["hi 😀"]


def test_a_surrogate_stored_before_the_checks_is_shown_replaced(tmp_path: Path) -> None:
    database = tmp_path / "nardy.sqlite3"
    with LiveServer(database) as live:

        async def seat() -> str:
            (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 1})
            for client in (ala, ben):
                await client.aclose()
            return table

        table = run(seat())
        n = live.app.state.lobby.tables[table].n
    store = Store(f"sqlite:///{database}")
    chat = {"from": "Ala", "seat": 0, "text": "hi \ud83d", "at": 0.0}
    # written as a server before the checks wrote it: the standard library's JSON (the
    # store's orjson refuses the surrogate), with an escape that orjson cannot read back
    row = {"table_id": table, "n": n + 1, "payload": json.dumps({"chat": chat}), "at": 0.0}
    with store.engine.begin() as db:
        db.execute(EVENTS.insert(), [row])
    store.close()
    with (
        LiveServer(database) as live,
        httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http,
    ):
        reply = http.get(f"/api/tables/{table}")
        assert reply.status_code == 200
        assert reply.json()["chat"][-1]["text"] == "hi \ufffd"
    assert not live.errors
