"""Signing out on a site of several processes (docs/PROTOCOL.md, "Limits and access"):
logging out through one process closes the session's table sockets at every other process,
with the code and reason of a single process, before the logout is answered; a command sent
on such a socket afterwards is not applied, and other players' sockets stay open. Real
``nardy serve`` processes on a real PostgreSQL and a real Redis."""

from __future__ import annotations

import contextlib

import httpx
import pytest
from client import Client, run
from processes import SiteProcesses
from websockets.exceptions import ConnectionClosed

from nardy.server.app import COOKIE
from nardy.server.http.table_socket import SIGNED_OUT


def same_session(client: Client, base: str) -> Client:
    """Another client of ``client``'s session (its cookie), talking to ``base``."""
    other = Client(base, client.name)
    assert client.token is not None
    other.http.cookies.set(COOKIE, client.token)
    other.player_id = client.player_id
    return other


def versions(urls: list[str], table: str) -> set[int]:
    """The table's version as each process tells it."""
    seen = set()
    for url in urls:
        with httpx.Client(base_url=url, trust_env=False, timeout=60) as http:
            seen.add(http.get(f"/api/tables/{table}").json()["n"])
    return seen


def test_logging_out_at_one_process_closes_the_sessions_sockets_at_another(
    site: SiteProcesses,
) -> None:
    first, second = site.urls

    async def scenario() -> None:
        ala, ben = await Client(first, "Ala").guest(), await Client(second, "Ben").guest()
        owned_by_first = await ala.create("backgammon", {"match_to": 1}, seat=0)
        await ben.join(owned_by_first)
        owned_by_second = await ben.create("backgammon", {"match_to": 1}, seat=0)
        await ala.join(owned_by_second)  # through the first process, to the second
        # Ala's sockets are at the second process: one to a table the first owns (a
        # remote connection there), one to a table the second owns itself
        remote, local = same_session(ala, second), same_session(ala, second)
        await remote.open(owned_by_first)
        await local.open(owned_by_second)
        await ben.open(owned_by_first)
        before = {t: versions(site.urls, t) for t in (owned_by_first, owned_by_second)}
        assert all(len(seen) == 1 for seen in before.values()), before

        assert (await ala.http.post("/api/logout")).status_code == 200
        for client in (remote, local):  # sent before the close reaches the client
            with contextlib.suppress(ConnectionClosed):
                await client.send_raw('{"type": "resign", "level": 1, "id": "late"}')
        for client in (remote, local):
            await client.wait(lambda c=client: c.reader is not None and c.reader.done())
            assert client.socket is not None
            assert client.socket.close_code == SIGNED_OUT
            assert client.socket.close_reason == "signed out"
            assert "late" not in client.replies
            with pytest.raises(ConnectionClosed):
                await client.send_raw('{"type": "resign", "level": 1, "id": 2}')
        # Ben's socket, at the same process and table, is still served
        pong = await ben.request({"type": "ping"})
        assert pong["type"] == "pong" and pong["n"] == min(before[owned_by_first])
        after = {t: versions(site.urls, t) for t in (owned_by_first, owned_by_second)}
        assert after == before  # nothing Ala sent after logging out was applied
        for client in (remote, local, ben, ala):
            await client.aclose()

    run(scenario(), timeout=300)
