"""Rematch: a finished match gives way to a new one for the same players."""

from __future__ import annotations

import random

from client import Client, Policy, play_lockstep, run, seated_pair
from servers import LiveServer


def test_rematch_against_the_computer_starts_a_new_match(live: LiveServer) -> None:
    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        first = await ala.create("backgammon", {"match_to": 1}, opponent="computer", seat=0)
        await ala.open()
        early = await ala.request({"type": "rematch"})
        assert early["type"] == "error" and "not over" in early["message"]
        await play_lockstep([ala], random.Random(2), Policy(resign=0.0))
        reply = await ala.request({"type": "rematch"})
        assert reply["type"] == "rematch" and reply["table"] != first
        await ala.wait(lambda: ala.state.get("rematch") == reply["table"])
        again = await ala.http.post(f"/api/tables/{first}/rematch")
        assert again.json()["id"] == reply["table"]  # asked twice, the same table
        await ala.close()
        state = await ala.open(reply["table"])
        assert state["seats"][1] == "Ala" and state["status"] == "playing"
        assert state["commitment"] != ""
        await ala.aclose()

    run(scenario())


def test_only_the_players_may_ask_for_a_rematch(live: LiveServer) -> None:
    async def scenario() -> None:
        (ala, bea), first = await seated_pair(live.url, "long-nardy", {"match_to": 1})
        await play_lockstep([ala, bea], random.Random(4), Policy())
        stranger = await Client(live.url, "Cyl").guest()
        refused = await stranger.http.post(f"/api/tables/{first}/rematch")
        assert refused.status_code == 400 and "players" in refused.json()["detail"]
        table = (await bea.http.post(f"/api/tables/{first}/rematch")).json()["id"]
        await bea.close()
        state = await bea.open(table)
        assert state["seats"] == list(reversed(ala.state["seats"]))
        for client in (ala, bea, stranger):
            await client.aclose()

    run(scenario())
