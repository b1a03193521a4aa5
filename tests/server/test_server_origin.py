"""Pages elsewhere cannot act for a signed-in player (docs/PROTOCOL.md, "Limits and
access"): the table socket's handshake and every state-changing request check ``Origin``,
and every page is sent the headers that keep it from being framed or scripted from
elsewhere."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from client import Client, run
from servers import LiveServer
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from nardy.server.app import COOKIE, ServerConfig


async def socket_status(live: LiveServer, client: Client, table: str, origin: str | None) -> int:
    """The HTTP status of the table socket's handshake sent with ``origin``."""
    headers = {"Cookie": f"{COOKIE}={client.token}"}
    if origin is not None:
        headers["Origin"] = origin
    try:
        async with connect(
            f"{live.ws_url}/ws/tables/{table}", additional_headers=headers, proxy=None
        ):
            return 101
    except InvalidStatus as refused:
        return refused.response.status_code


def test_a_socket_from_a_sibling_origin_is_refused(live: LiveServer) -> None:
    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create("backgammon", {"match_to": 1}, opponent="computer")
        own = f"http://127.0.0.1:{live.port}"
        assert await socket_status(live, ala, table, own) == 101
        assert await socket_status(live, ala, table, None) == 101  # not a browser
        for foreign in (
            f"http://127.0.0.1:{live.port + 1}",
            f"https://127.0.0.1:{live.port}.evil.example",
            "http://localhost",
            "null",
        ):
            assert await socket_status(live, ala, table, foreign) == 403, foreign
        await ala.aclose()

    run(scenario())


def test_state_changing_requests_from_another_origin_are_refused(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        evil = {"Origin": f"http://127.0.0.1:{live.port + 1}"}
        refused = http.post("/api/guest", json={"name": "Ala"}, headers=evil)
        assert refused.status_code == 403 and "not accepted" in refused.json()["detail"]
        assert COOKIE not in http.cookies
        own = {"Origin": f"http://127.0.0.1:{live.port}"}
        assert http.post("/api/guest", json={"name": "Ala"}, headers=own).status_code == 200
        body = {"variant": "backgammon", "settings": {}, "opponent": "computer"}
        assert http.post("/api/tables", json=body, headers=evil).status_code == 403
        assert http.get("/api/tables").json() == []  # nothing was created
        assert http.post("/api/logout", headers=evil).status_code == 403
        assert http.get("/api/me").json()["id"] is not None  # still signed in
        assert http.get("/api/me", headers=evil).status_code == 200  # reading is harmless


def test_allowed_origins_are_a_setting(tmp_path: Path) -> None:
    config = ServerConfig(allowed_origins=("https://nardy.example",))
    with LiveServer(tmp_path / "nardy.sqlite3", config) as live:
        with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
            allowed = {"Origin": "https://NARDY.example:443"}
            assert http.post("/api/guest", json={"name": "A"}, headers=allowed).status_code == 200
            other = {"Origin": "https://other.example"}
            assert http.post("/api/guest", json={"name": "B"}, headers=other).status_code == 403

        async def scenario() -> None:
            ala = await Client(live.url, "Ala").guest()
            table = await ala.create("backgammon", {"match_to": 1}, opponent="computer")
            assert await socket_status(live, ala, table, "https://nardy.example") == 101
            assert await socket_status(live, ala, table, "https://other.example") == 403
            await ala.aclose()

        run(scenario())


@pytest.mark.parametrize("path", ["/", "/api/me", "/static/js/app.js", "/api/tables/nope"])
def test_pages_carry_security_headers(live: LiveServer, path: str) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        reply = http.get(path)
    policy = reply.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
    assert "unsafe-inline" not in policy and "object-src 'none'" in policy
    assert reply.headers["x-frame-options"] == "DENY"
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert reply.headers["referrer-policy"] == "same-origin"
