"""Several ``nardy serve`` processes, one site (INTERFACES.md §6), on a real PostgreSQL and
a real Redis: players at different processes finish matches of every variant while a
spectator watches from a third; a chouette with seats on two processes settles a game;
the lobby is the same from every process; every record is the same from every process
and ``nardy replay`` accepts it."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from client import Client, Policy, play_lockstep, record, reply_key, run, same_game
from databases import emptied_postgres
from processes import SiteProcesses
from redis_server import flush
from test_server_chouette import decide

from nardy.cli.replay import replay_file

VARIANTS = [
    ("backgammon", {"match_to": 3}),
    ("long-nardy", {"match_to": 1}),
    ("dutch", {"match_to": 1}),
    ("nackgammon", {"match_to": 1}),
]


@pytest.fixture(scope="module")
def site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SiteProcesses]:
    """Three processes that this module's tests share (the ``site`` of conftest.py, started
    once for the module)."""
    database = emptied_postgres()
    redis_server = request.getfixturevalue("redis_server")  # only once PostgreSQL is there
    flush(redis_server)
    folder = tmp_path_factory.mktemp("site")
    with SiteProcesses(folder, 3, database, redis_server) as processes:
        yield processes
    assert not processes.errors(), processes.errors()


def replays(doc: dict[str, Any], folder: Path) -> str:
    """What ``nardy replay`` says of a record (it must accept it)."""
    path = folder / f"{random.random()}.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    assert replay_file(str(path), out) == 0, out.getvalue()
    return out.getvalue()


async def same_record_everywhere(site: SiteProcesses, table: str) -> dict[str, Any]:
    docs = [await record(url, table) for url in site.urls]
    assert docs[0] == docs[1] == docs[2]
    return docs[0]


@pytest.mark.parametrize(("variant", "settings"), VARIANTS)
def test_players_at_two_processes_finish_a_match_watched_from_a_third(
    site: SiteProcesses, variant: str, settings: dict[str, Any], tmp_path: Path
) -> None:
    first, second, third = site.urls

    async def scenario() -> dict[str, Any]:
        ala, ben = await Client(first, "Ala").guest(), await Client(second, "Ben").guest()
        table = await ala.create(variant, settings, seat=0)  # the first process owns it
        listed = (await ben.http.get("/api/tables")).json()  # the lobby is shared
        assert any(t["id"] == table and t["status"] == "open" for t in listed)
        await ben.join(table)  # through the second process
        mine = (await ben.http.get("/api/tables")).json()
        assert any(t["id"] == table and t["mine"] for t in mine)
        await ala.open()
        await ben.open()
        spectator = Client(third, "spectator")
        await spectator.open(table)
        await play_lockstep(
            [ala, ben], random.Random(variant), Policy(double=0.2), watchers=[spectator]
        )
        await spectator.wait_n(ala.state["n"])
        await ben.wait_n(ala.state["n"])
        assert ala.state["status"] == "over"
        assert same_game(ala.state, ben.state) and same_game(ala.state, spectator.state)
        versions = [s["n"] for s in spectator.states]
        assert versions == sorted(versions)  # in order, whichever process sent them
        over_http = [
            (await httpx.AsyncClient(base_url=u).get(f"/api/tables/{table}")).json()
            for u in site.urls
        ]
        assert all(same_game(view, spectator.state) for view in over_http)
        doc = await same_record_everywhere(site, table)
        for client in (ala, ben, spectator):
            await client.aclose()
        return doc

    doc = run(scenario(), timeout=600)
    assert doc["variant"] == variant
    replays(doc, tmp_path)


def test_a_chouette_with_seats_at_two_processes_settles_a_game(site: SiteProcesses) -> None:
    first, second, third = site.urls

    async def scenario() -> None:
        ala, bea = await Client(first, "Ala").guest(), await Client(second, "Bea").guest()
        table = await ala.create("backgammon", {}, kind="chouette", participants=3, computers=1)
        await bea.join(table)
        watcher = Client(third, "watcher")
        people = [ala, bea]
        for client in (*people, watcher):
            await client.open(table)
        rng = random.Random(11)
        sent = 0
        while ala.state.get("games", 0) < 1 and sent < 3000:
            n = max(c.state["n"] for c in (*people, watcher))
            for client in (*people, watcher):
                await client.wait_n(n)
            movers = [p for p in people if set(p.state["legal"]) - {"resign"}]  # CH8
            if not movers:
                await ala.wait_n(n + 1)
                continue
            await decide(rng.choice(movers), rng)
            sent += 1
        for client in (bea, watcher):  # the last states reach every process
            await client.wait_n(ala.state["n"])
        state = ala.state
        assert state["games"] >= 1, "a chouette game settles"
        assert sum(state["ledger"]) == 0  # CH7
        assert watcher.state["ledger"] == bea.state["ledger"] == state["ledger"]
        assert sum(state["last"]["payments"]) == 0
        for client in (*people, watcher):
            await client.aclose()

    run(scenario(), timeout=600)


def test_a_command_sent_twice_through_another_process_is_applied_once(
    site: SiteProcesses,
) -> None:
    first, second, _ = site.urls

    async def scenario() -> None:
        ala, ben = await Client(first, "Ala").guest(), await Client(second, "Ben").guest()
        table = await ala.create("backgammon", {"match_to": 1}, seat=0)  # owned at the first
        await ben.join(table)
        await ala.open()
        await ben.open()
        text = json.dumps({"type": "chat", "text": "hello twice", "id": "twice"})
        answers = []
        for _ in range(2):  # the same id again, as a client unsure of its network would
            await ben.send_raw(text)
            await ben.wait(lambda: "twice" in ben.replies)
            answers.append(ben.replies.pop("twice"))
        assert answers[0]["type"] == "ack" and answers[1] == answers[0]
        await ala.wait_n(answers[0]["n"])
        said = [m["text"] for m in ala.state["chat"]]
        assert said.count("hello twice") == 1
        for client in (ala, ben):
            await client.aclose()

    run(scenario(), timeout=300)


def test_any_json_id_is_answered_through_another_process(site: SiteProcesses) -> None:
    """An ``id`` may be any JSON value (PROTOCOL.md), an array, an object or an integer
    beyond 64 bits too: a socket at a process that does not own the table gets its answers
    with it, as at the owner."""
    first, second, _ = site.urls

    async def scenario() -> None:
        ala, ben = await Client(first, "Ala").guest(), await Client(second, "Ben").guest()
        table = await ala.create("backgammon", {"match_to": 1}, seat=0)  # owned at the first
        await ben.join(table)
        await ala.open()
        await ben.open()
        for reply_id in ([1, "a"], {"b": [2]}, 2**64, "plain"):
            await ben.send_raw(json.dumps({"type": "chat", "text": "hi", "id": reply_id}))
            key = reply_key(reply_id)
            await ben.wait(lambda key=key: key in ben.replies)  # type: ignore[misc]
            answer = ben.replies.pop(key)
            assert answer["type"] == "ack" and answer["id"] == reply_id
        for client in (ala, ben):
            await client.aclose()

    run(scenario(), timeout=300)
