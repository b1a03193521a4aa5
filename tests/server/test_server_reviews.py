"""Reviews, hints and the analysis of a position over HTTP (docs/PROTOCOL.md): a finished
match queues its review, which the server analyses in the background and stores once."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from client import Client, play_lockstep, record, run, seated_pair
from servers import LiveServer

from nardy.analysis.review import analyse
from nardy.engine_pool import EngineLimits
from nardy.formats.position_json import position_to_json
from nardy.formats.record import replay
from nardy.server.app import ServerConfig
from nardy.server.store.database import Store
from nardy.variants import BACKGAMMON

AS_PLAY = EngineLimits(niceness=0)
"""Engine workers at the server's priority: these tests are of the answers, not of who
waits, and the machine running them may be busy with other work."""
FAST = ServerConfig(analysis_ply=0, entropy_wait=0.0, engine=AS_PLAY)


@pytest.fixture
def fast(tmp_path: Path):
    with LiveServer(tmp_path / "nardy.sqlite3", FAST) as server:
        yield server
    assert not server.errors, [record.getMessage() for record in server.errors]


async def review_when(
    http: httpx.AsyncClient, table: str, statuses: set[str], timeout: float = 90
) -> dict[str, Any]:
    """The table's review once its status is one of ``statuses``."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        doc: dict[str, Any] = (await http.get(f"/api/tables/{table}/review")).json()
        if doc["status"] in statuses:
            return doc
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"the review stayed {doc['status']}: {doc}")
        await asyncio.sleep(0.1)


def test_a_finished_match_is_reviewed_in_the_background_once(fast: LiveServer):
    async def scenario() -> None:
        players, table = await seated_pair(fast.url, "backgammon", {"match_to": 1})
        ala = players[0]
        early = await ala.http.post(f"/api/tables/{table}/review")
        assert early.status_code == 400 and "no game" in early.json()["detail"]
        await play_lockstep(players, random.Random(3))
        doc = await review_when(ala.http, table, {"done"})
        review = doc["review"]
        assert doc["games"] == doc["analysed"] == 1 and doc["ply"] == 0
        assert review["players"] == ["Ala", "Ben"]
        # the same review as nardy analyze gives for the table's record
        stored = await record(fast.url, table)
        direct = analyse(replay(stored), ("Ala", "Ben"), 0).to_json()
        assert review["summary"] == direct["summary"]
        assert review["games"] == direct["games"]
        # asked again, it is not done again
        again = (await ala.http.post(f"/api/tables/{table}/review")).json()
        assert again["status"] == "done"
        for client in players:
            await client.aclose()

    run(scenario())
    row = fast.store.review(next(iter(fast.app.state.lobby.tables)))
    assert row is not None and row.status == "done"
    assert not fast.store.queue_review(row.table_id, 1, 0)


def test_a_stored_review_is_served_after_a_restart(tmp_path: Path):
    database = tmp_path / "nardy.sqlite3"
    with LiveServer(database, FAST) as first:

        async def play() -> tuple[str, dict[str, Any]]:
            players, table = await seated_pair(first.url, "long-nardy", {"match_to": 1})
            await play_lockstep(players, random.Random(5))
            doc = await review_when(players[0].http, table, {"done"}, timeout=300)
            for client in players:
                await client.aclose()
            return table, doc

        table, before = run(play(), 600)  # a bound: a whole match and its review, under load
    with LiveServer(
        database, ServerConfig(analysis_ply=2, entropy_wait=0.0, engine=AS_PLAY)
    ) as second:

        async def look() -> dict[str, Any]:
            async with httpx.AsyncClient(base_url=second.url, trust_env=False) as http:
                return (await http.get(f"/api/tables/{table}/review")).json()

        after = run(look())
    assert after["status"] == "done" and after["review"] == before["review"]


def test_a_claim_whose_lease_ran_out_is_taken_over(tmp_path: Path):
    store = Store(f"sqlite:///{tmp_path / 'nardy.sqlite3'}")
    from nardy.server.store.database import TableRow

    store.add_table(
        TableRow("t1", "match", "backgammon", {}, [None, None], {}, "over", None, "00", "00", 0.0)
    )
    assert store.queue_review("t1", 1, 0)
    assert not store.queue_review("t1", 1, 0)  # queued already
    stalled = store.claim_review("worker-a", lease=-1.0)  # its lease is over at once
    assert stalled is not None and stalled.owner == "worker-a"
    taken = store.claim_review("worker-b", lease=60.0)
    assert taken is not None and taken.owner == "worker-b"
    assert store.claim_review("worker-c", lease=60.0) is None
    assert not store.review_progress("t1", "worker-a", 3, 9, 60.0)
    assert store.review_progress("t1", "worker-b", 3, 9, 60.0)
    assert store.review("t1").done == 3  # type: ignore[union-attr]
    assert not store.finish_review("t1", "worker-a", "{}")
    assert store.finish_review("t1", "worker-b", '{"ok": true}')
    row = store.review("t1")
    assert row is not None and row.status == "done" and row.result == '{"ok": true}'
    assert store.queue_review("t1", 2, 0)  # a game more: asked again
    store.close()


def test_hints_against_the_computer(fast: LiveServer):
    async def scenario() -> None:
        ala = await Client(fast.url, "Ala").guest()
        table = await ala.create("backgammon", {"match_to": 3}, opponent="computer", seat=0)
        await ala.open()
        hints = ala.state["hints"]
        assert hints["allowed"] and hints["computer"]
        for _ in range(200):
            await ala.wait(lambda: bool(ala.state.get("legal")))
            legal = ala.state["legal"]
            reply = await ala.http.get(f"/api/tables/{table}/hint")
            assert reply.status_code == 200, reply.text
            advice = reply.json()
            if "steps" in legal and advice["kind"] == "move":
                assert advice["plays"][0]["difference"] == 0
                assert [list(s) for s in advice["plays"][0]["steps"]]
                break
            if legal.get("roll"):
                assert advice["kind"] in ("cube", "roll")
                if advice["kind"] == "cube":
                    assert {"no_double", "double_take", "double_pass"} <= set(advice["cube"])
                await ala.command({"type": "roll"})
            elif "steps" in legal:
                await ala.command({"type": "play", "steps": _any_play(ala.state)})
            elif legal.get("take"):
                assert advice["kind"] == "take" and advice["advice"] in ("take", "drop")
                await ala.command({"type": "take"})
            else:
                await ala.command({"type": "accept"})
        else:
            raise AssertionError("no move with a choice came up")
        await ala.aclose()

    run(scenario())


def _any_play(state: dict[str, Any]) -> list[list[int]]:
    from nardy.formats.position_json import position_from_json
    from nardy.rules.plays import legal_plays

    position, _ = position_from_json(state["position"])
    plays = legal_plays(position, tuple(state["dice"]))
    return [list(s) for s in plays[0].steps] if plays else []


def test_hints_between_people_need_both_to_agree(fast: LiveServer):
    async def scenario() -> None:
        players, table = await seated_pair(fast.url, "dutch", {"match_to": 1})
        ala, ben = players
        refused = await ala.http.get(f"/api/tables/{table}/hint")
        assert refused.status_code == 400 and "both agree" in refused.json()["detail"]
        await ala.command({"type": "hints", "allow": True})
        assert ala.state["hints"] == {
            "allowed": False,
            "agreed": [True, False],
            "computer": False,
            "rated": False,
        }
        assert (await ben.http.get(f"/api/tables/{table}/hint")).status_code == 400
        await ben.command({"type": "hints", "allow": True})
        assert ben.state["hints"]["allowed"]
        for client in players:
            reply = await client.http.get(f"/api/tables/{table}/hint")
            assert reply.status_code == 200, reply.text
            assert reply.json()["kind"] in ("move", "forced", "roll", "none")
        watcher = Client(fast.url, "Cy")
        await watcher.guest()
        assert (await watcher.http.get(f"/api/tables/{table}/hint")).status_code == 400
        await ben.command({"type": "hints", "allow": False})
        assert (await ala.http.get(f"/api/tables/{table}/hint")).status_code == 400
        for client in (*players, watcher):
            await client.aclose()

    run(scenario())


def test_the_analysis_of_a_position(fast: LiveServer):
    start = position_to_json(BACKGAMMON.start_position())

    async def scenario() -> None:
        # a bound, not a wait: the engine's workers may still be starting on a busy machine
        async with httpx.AsyncClient(base_url=fast.url, trust_env=False, timeout=60) as http:
            ranked = await http.post("/api/analyse", json={"position": start, "dice": [3, 1]})
            assert ranked.status_code == 200, ranked.text
            plays = ranked.json()["plays"]
            assert ranked.json()["count"] == 16 and plays[0]["play"] == "8/5 6/5"
            equities = [p["equity"] for p in plays]  # all looked at 0 ply deep here
            assert equities == sorted(equities, reverse=True) and len(plays) == 16
            by_id = await http.post(
                "/api/analyse", json={"position_id": "4HPwATDgc/ABMA", "dice": [3, 1]}
            )
            assert by_id.json()["plays"][0]["play"] == "8/5 6/5"
            cube = await http.post(
                "/api/analyse", json={"position": start, "match_to": 5, "score": [3, 1]}
            )
            assert {"no_double", "double_take", "double_pass", "action"} <= set(cube.json()["cube"])
            nardy = await http.post(
                "/api/analyse",
                json={
                    "position": {
                        "variant": "long-nardy",
                        "board": [0] * 11 + [-15] + [0] * 11 + [15],
                    },
                    "dice": [6, 5],
                },
            )
            assert nardy.status_code == 200 and nardy.json()["plays"]
            for body, words in (
                ({"position_id": "nonsense!"}, "Position ID"),
                ({"position": start, "dice": [7, 1]}, "dice"),
                ({"position": {**start, "board": [1] * 24}}, "checkers"),
                ({}, "either"),
                ({"position": start, "ply": 5}, "ply"),
                ({"position": start, "owner": "nobody"}, "owner"),
            ):
                bad = await http.post("/api/analyse", json=body)
                assert bad.status_code == 400, (body, bad.text)
                assert words.lower() in bad.json()["detail"].lower(), (body, bad.json())

    run(scenario())


def test_no_hints_at_a_rated_table(fast: LiveServer):
    async def scenario() -> None:
        ala, ben = Client(fast.url, "Ala"), Client(fast.url, "Ben")
        for client in (ala, ben):
            reply = await client.http.post(
                "/api/register", json={"name": client.name, "password": "a long secret"}
            )
            assert reply.status_code == 200, reply.text
        table = await ala.create("backgammon", {"match_to": 3}, seat=0, rated=True)
        await ben.join(table)
        await ala.open()
        await ben.open()
        assert ala.state["hints"]["rated"]  # so the page offers no hints to agree to
        await ala.command({"type": "hints", "allow": True})
        await ben.command({"type": "hints", "allow": True})
        # Ben's answer reaches Ala's socket by its own writer, maybe after Ben's ack
        await ala.wait(lambda: ala.state["hints"]["agreed"] == [True, True])
        assert not ala.state["hints"]["allowed"]
        refused = await ala.http.get(f"/api/tables/{table}/hint")
        assert refused.status_code == 400
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


def test_a_rollout_of_a_position(fast: LiveServer):
    start = position_to_json(BACKGAMMON.start_position())

    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=fast.url, trust_env=False, timeout=300) as http:
            reply = await http.post("/api/rollout", json={"position": start, "games": 36})
            assert reply.status_code == 200, reply.text
            found = reply.json()
            assert found["games"] == 36 and len(found["chances"]) == len(found["errors"]) == 5
            assert 0.2 < found["chances"][0] < 0.8 and found["equity_error"] > 0
            bad = await http.post("/api/rollout", json={"position": start, "games": 37})
            assert bad.status_code == 400 and "36, 72" in bad.json()["detail"]

    run(scenario(), timeout=300)


def test_the_analysing_child_ends_quietly_when_its_server_is_gone():
    from multiprocessing import Pipe

    from nardy.engine_pool.worker import ParentGone, Teller, serve

    server, child = Pipe()
    server.send(("no such job",))  # answered with a failure nobody is left to read
    server.close()
    assert serve(child) is None  # no BrokenPipeError, no traceback from the child
    server, child = Pipe()
    server.close()
    with pytest.raises(ParentGone):
        Teller(child)(1, 1)
