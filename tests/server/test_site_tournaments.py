"""A tournament across two processes whose owner is killed (kill -9) mid-round
(INTERFACES.md §6 and §8): the other process takes it over within 10 seconds, no round
is paired twice, no result is lost, and the tournament is played to the end. And its chat
(docs/PROTOCOL.md, "Tournament chat"): one chat whichever process serves it, paced for the
whole site."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
import sqlalchemy as sa
from client import Client, run
from processes import SiteProcesses
from tournament_players import create, play_table, post, tables_open, take_part, until

TAKEOVER = 10.0
"""Seconds within which a dead owner's tournament must go on (INTERFACES.md §6)."""


def owner(database: str, tournament_id: str) -> str | None:
    engine = sa.create_engine(database)
    try:
        with engine.connect() as db:
            found = db.execute(
                sa.text("SELECT owner FROM tournaments WHERE id = :id"), {"id": tournament_id}
            ).scalar()
            return None if found is None else str(found)
    finally:
        engine.dispose()


@pytest.mark.processes(2)
def test_killing_a_tournaments_owner_mid_round_loses_nothing(site: SiteProcesses) -> None:
    doomed, survivor = site.processes

    async def scenario() -> dict[str, object]:
        creator = await Client(doomed.url, "creator").guest()
        players = [await Client(survivor.url, f"p{k}").guest() for k in range(4)]
        tournament_id = await create(creator, format="swiss", rounds=2)
        for player in players:
            await post(player, f"/api/tournaments/{tournament_id}/join")
        await post(creator, f"/api/tournaments/{tournament_id}/start")
        first = await until(players[0], tournament_id, tables_open)
        held_by = owner(doomed.database, tournament_id)
        # one match of round 1 ends while the owner lives, the other after its death
        early = first["rounds"][0]["pairings"][0]
        seated = {p.player_id: p for p in players}
        await asyncio.gather(
            *(
                play_table(seated[who], early["table"], random.Random(k))
                for k, who in enumerate(early["players"])
            )
        )
        await until(
            players[0], tournament_id, lambda v: v["rounds"][0]["pairings"][0]["winner"] is not None
        )
        doomed.kill()
        killed = time.monotonic()
        while await asyncio.to_thread(owner, doomed.database, tournament_id) == held_by:
            assert time.monotonic() < killed + TAKEOVER, "nobody took the tournament over"
            await asyncio.sleep(0.1)
        async with asyncio.timeout(240):
            await asyncio.gather(*(take_part(p, tournament_id, k) for k, p in enumerate(players)))
        view = await until(players[0], tournament_id, lambda v: v["status"] == "over")
        for client in (creator, *players):
            await client.aclose()
        return view

    view = run(scenario(), timeout=300)
    rounds = view["rounds"]
    assert isinstance(rounds, list) and [r["round"] for r in rounds] == [1, 2]
    assert all(len(r["pairings"]) == 2 for r in rounds), "each round paired once"
    met = [frozenset(p["players"]) for r in rounds for p in r["pairings"]]
    assert len(set(met)) == 4
    assert all(p["winner"] is not None for r in rounds for p in r["pairings"])


@pytest.mark.processes(2)
def test_a_chat_line_said_at_one_process_is_read_at_the_other(site: SiteProcesses) -> None:
    speaking, reading = site.processes

    async def scenario() -> tuple[list[dict[str, object]], list[int], list[dict[str, object]]]:
        ala = await Client(speaking.url, "Ala").guest()
        ola = await Client(reading.url, "Ola").guest()
        tournament_id = await create(ala, format="swiss")
        path = f"/api/tournaments/{tournament_id}/chat"
        for client, text in ((ala, "from the first"), (ola, "from the second")):
            reply = await client.http.post(path, json={"text": text})
            assert reply.status_code == 200, reply.text
        seen = (await ola.http.get(path)).json()["messages"]
        speaking.kill()  # kill -9: what it stored stays, and Ala goes on at the other
        await ala.http.aclose()
        ala.rebind(reading.url)
        paced = [(await ala.http.post(path, json={"text": "again"})).status_code for _ in range(5)]
        after = (await ola.http.get(f"{path}?after=1")).json()["messages"]
        for client in (ala, ola):
            await client.aclose()
        return seen, paced, after

    seen, paced, after = run(scenario(), timeout=120)
    assert [(m["n"], m["from"], m["text"]) for m in seen] == [
        (1, "Ala", "from the first"),
        (2, "Ola", "from the second"),
    ]
    # Ala's chat is counted for the site, not once per process (Limits.chat_per_player)
    assert paced == [200, 200, 200, 200, 429]
    assert [m["text"] for m in after] == ["from the second", *["again"] * 4]
