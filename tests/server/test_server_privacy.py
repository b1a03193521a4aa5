"""Sessions, names and private tables (docs/PROTOCOL.md, "Limits and access"): signing out
closes the session's sockets, guests cannot take an account's name or the computer's, and a
table by invitation shows its state and chat only to its players and to holders of the link."""

from __future__ import annotations

import httpx
import pytest
from client import Client, run
from servers import LiveServer
from websockets.exceptions import ConnectionClosed

from nardy.server.http.table_socket import NO_SUCH_TABLE


def test_signing_out_closes_the_sessions_sockets(live: LiveServer) -> None:
    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create("backgammon", {"match_to": 1}, opponent="computer", seat=0)
        await ala.open(table)
        n = ala.state["n"]
        assert (await ala.http.post("/api/logout")).status_code == 200
        await ala.wait(lambda: ala.reader is not None and ala.reader.done())
        assert ala.socket is not None and ala.socket.close_code == 4001
        with pytest.raises(ConnectionClosed):
            await ala.send_raw('{"type": "resign", "level": 1, "id": 1}')
        with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
            assert http.get(f"/api/tables/{table}").json()["n"] == n  # nothing happened
        await ala.aclose()

    run(scenario())


def test_a_socket_to_no_table_is_told_so_and_closed_for_good(live: LiveServer) -> None:
    """docs/PROTOCOL.md, The table socket: code 4004, which the browser does not retry."""

    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        with pytest.raises(ConnectionError):
            await ala.open("0000000000000000")
        assert ala.socket is not None and ala.socket.close_code == NO_SUCH_TABLE
        assert "there is no table" in ala.other[0]["message"]
        await ala.aclose()

    run(scenario())


@pytest.mark.parametrize("name", ["ALA", " ala ", "Ａｌａ", "computer", "Computer (expert)"])
def test_guests_cannot_take_an_accounts_or_the_computers_name(live: LiveServer, name: str) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        assert http.post("/api/register", json={"name": "Ala", "password": "right one!"}).is_success
        http.cookies.clear()
        refused = http.post("/api/guest", json={"name": name})
        assert refused.status_code == 400, refused.text
        assert "choose another" in refused.json()["detail"]
        assert http.post("/api/guest", json={"name": "Alan"}).status_code == 200


def test_a_private_table_is_seen_only_by_its_players_and_invitees(live: LiveServer) -> None:
    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        reply = await ala.http.post(
            "/api/tables", json={"variant": "backgammon", "settings": {}, "opponent": "invite"}
        )
        table, invite = reply.json()["id"], reply.json()["invite"]
        await ala.open(table)
        await ala.command({"type": "chat", "text": "our secret"})
        stranger = await Client(live.url, "Eve").guest()
        for path in ("", "/record", "/record.mat", "/dice"):
            seen = await stranger.http.get(f"/api/tables/{table}{path}")
            assert seen.status_code == 403, (path, seen.text)
            assert "private" in seen.json()["detail"]
        try:
            await stranger.open(table)
        except ConnectionError:
            assert "private" in stranger.other[0]["message"]
        else:
            raise AssertionError("a stranger watched a private table")
        invited = await stranger.http.get(f"/api/tables/{table}", params={"invite": invite})
        assert invited.status_code == 200 and invited.json()["chat"][0]["text"] == "our secret"
        own = await ala.http.get(f"/api/tables/{table}")
        assert own.status_code == 200
        for client in (ala, stranger):
            await client.aclose()

    run(scenario())


def test_a_guest_cannot_rename_to_an_accounts_or_the_computers_name(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        assert http.post("/api/register", json={"name": "Ala", "password": "right one!"}).is_success
        http.cookies.clear()
        http.post("/api/guest", json={"name": "Eve"})
        for name in ("ala", "Computer (strongest)"):
            refused = http.post("/api/me/name", json={"name": name})
            assert refused.status_code == 400 and "choose another" in refused.json()["detail"]
        assert http.get("/api/me").json()["name"] == "Eve"


def test_a_private_match_is_private_on_every_route(live: LiveServer) -> None:
    """docs/PROTOCOL.md, Limits and access: a stranger sees neither a private match's
    review (nor may ask for one) nor its line in its players' histories, finished or not;
    its players and holders of the invitation still do."""

    async def scenario() -> None:
        ala, ben, eve = Client(live.url, "Ala"), Client(live.url, "Ben"), Client(live.url, "Eve")
        for client in (ala, ben, eve):
            await client.guest()
        reply = await ala.http.post(
            "/api/tables",
            json={"variant": "backgammon", "settings": {}, "opponent": "invite", "seat": 0},
        )
        table, invite = reply.json()["id"], reply.json()["invite"]
        await ben.join(table, invite)
        for route in ("review", "hint"):
            seen = await eve.http.get(f"/api/tables/{table}/{route}")
            assert seen.status_code == 403, (route, seen.text)
        asked = await eve.http.post(f"/api/tables/{table}/review")
        assert asked.status_code == 403, asked.text
        anonymous = await live_get(live.url, f"/api/tables/{table}/review")
        assert anonymous == 403
        for player in (ala, ben):
            listed = await eve.http.get(f"/api/players/{player.player_id}/games")
            assert table not in [game["id"] for game in listed.json()]
            own = await player.http.get(f"/api/players/{player.player_id}/games")
            assert table in [game["id"] for game in own.json()]
        assert (await ala.http.get(f"/api/tables/{table}/review")).status_code == 200
        invited = await eve.http.get(f"/api/tables/{table}/review", params={"invite": invite})
        assert invited.status_code == 200, invited.text
        for client in (ala, ben, eve):
            await client.aclose()

    run(scenario())


async def live_get(base: str, path: str) -> int:
    async with httpx.AsyncClient(base_url=base, trust_env=False) as http:
        return (await http.get(path)).status_code
