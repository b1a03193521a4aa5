"""Requests that arrive together are taken one at a time (docs/PROTOCOL.md, "Limits and
access"): two players asking for a rematch at once get one new table, simultaneous joins of
a chouette each get a different seat or a clear refusal, and the database keeps account
names unique."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from client import Client, Policy, play_lockstep, run, seated_pair
from databases import POSTGRES, empty_postgres, schema_at
from servers import LiveServer

from nardy.server.store.database import NameTaken, Store


def test_a_rematch_asked_by_both_players_at_once_makes_one_table(live: LiveServer) -> None:
    async def scenario() -> None:
        (ala, ben), first = await seated_pair(live.url, "backgammon", {"match_to": 1})
        await play_lockstep([ala, ben], random.Random(5), Policy())
        replies = await asyncio.gather(
            ala.http.post(f"/api/tables/{first}/rematch"),
            ben.http.post(f"/api/tables/{first}/rematch"),
            ala.request({"type": "rematch"}),
            ben.request({"type": "rematch"}),
        )
        ids = {r.json()["id"] for r in replies[:2]} | {r["table"] for r in replies[2:]}
        assert len(ids) == 1
        for client in (ala, ben):
            await client.aclose()
        following = [row for row in live.store.tables() if row.options.get("previous") == first]
        assert [row.id for row in following] == list(ids)

    run(scenario())


def test_simultaneous_joins_of_a_chouette_get_one_seat_each(live: LiveServer) -> None:
    async def scenario() -> None:
        host = await Client(live.url, "Host").guest()
        table = await host.create("backgammon", {}, kind="chouette", participants=4)
        guests = [await Client(live.url, f"G{k}").guest() for k in range(6)]
        replies = await asyncio.gather(
            *(g.http.post(f"/api/tables/{table}/join", json={}) for g in guests)
        )
        seated = {
            g.player_id: r.json()["seat"]
            for g, r in zip(guests, replies, strict=True)
            if r.is_success
        }
        refused = [r for r in replies if not r.is_success]
        assert sorted(seated.values()) == [1, 2, 3]
        assert len(refused) == 3 and all("full" in r.json()["detail"] for r in refused)
        row = live.store.table(table)
        assert row.seats[0] == host.player_id
        assert {row.seats[seat]: seat for seat in (1, 2, 3)} == seated
        for client in [host, *guests]:
            await client.aclose()

    run(scenario())


def test_concurrent_registrations_of_one_name_make_one_account(live: LiveServer) -> None:
    async def scenario() -> list[httpx.Response]:
        clients = [
            httpx.AsyncClient(base_url=live.url, trust_env=False, timeout=120) for _ in range(8)
        ]
        try:
            return await asyncio.gather(
                *(
                    c.post("/api/register", json={"name": "Ola", "password": f"secret {k:03}"})
                    for k, c in enumerate(clients)
                )
            )
        finally:
            for c in clients:
                await c.aclose()

    replies = run(scenario())
    assert [r.status_code for r in replies].count(200) == 1
    with live.store.engine.connect() as db:
        accounts = db.execute(
            sa.text("SELECT count(*) FROM players WHERE password_hash IS NOT NULL")
        ).scalar()
    assert accounts == 1


def stores() -> list[str]:
    return ["sqlite", "postgresql"] if POSTGRES else ["sqlite"]


@pytest.mark.parametrize("kind", stores())
def test_the_database_refuses_a_second_account_of_a_name(kind: str, tmp_path: Path) -> None:
    if kind == "postgresql":
        assert POSTGRES is not None
        url = POSTGRES
        empty_postgres(url)
    else:
        url = f"sqlite:///{tmp_path / 'nardy.sqlite3'}"
    store = Store(url)
    try:
        store.add_player("Ola", "$argon2id$one", "ola")
        with pytest.raises(NameTaken):
            store.add_player("OLA", "$argon2id$two", "ola")
        store.add_player("Ola", None)  # guests are not accounts
        store.add_player("Ola", None)
    finally:
        store.close()


def test_the_migration_keeps_the_oldest_of_duplicate_accounts(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    with schema_at(url, "0001") as connection:
        for k, (name, created) in enumerate([("Ola", 2.0), ("ola", 1.0), ("Ben", 3.0)]):
            connection.execute(
                sa.text(
                    "INSERT INTO players (id, name, password_hash, created) "
                    "VALUES (:id, :name, 'h', :created)"
                ),
                {"id": f"p{k}", "name": name, "created": created},
            )
    store = Store(url)
    try:
        oldest = store.account("ola")
        assert oldest is not None and oldest.id == "p1"
        assert store.account("ben") is not None and store.account("ben").id == "p2"
        assert store.player("p0").name == "Ola"  # the later one keeps its games
    finally:
        store.close()
