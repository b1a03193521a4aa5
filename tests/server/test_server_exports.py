"""A table's match in other programs' formats over HTTP (INTERFACES.md §10, docs/PROTOCOL.md
"Records"): the .sgf with the review's marks, every position's XGID and gnubg ID, and the
analysis of a pasted XGID, gnubg ID or match."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from client import Client, play_lockstep, record, run, seated_pair
from servers import LiveServer

from nardy.engine_pool import EngineLimits
from nardy.formats.gnubg_id import position_from_id
from nardy.formats.record import replay
from nardy.formats.sgf import read_sgf
from nardy.formats.xgid import read_xgid
from nardy.server.app import ServerConfig

FAST = ServerConfig(analysis_ply=0, entropy_wait=0.0, engine=EngineLimits(niceness=0))
"""Engine workers at the server's priority: these tests are of the answers, not of who
waits, and the machine running them may be busy with other work."""


@pytest.fixture
def fast(tmp_path: Path):
    with LiveServer(tmp_path / "nardy.sqlite3", FAST) as server:
        yield server
    assert not server.errors, [record.getMessage() for record in server.errors]


async def reviewed(http: httpx.AsyncClient, table: str) -> dict[str, Any]:
    """The table's review, once the server has done it."""
    while True:
        doc: dict[str, Any] = (await http.get(f"/api/tables/{table}/review")).json()
        if doc["status"] == "done":
            return doc
        await asyncio.sleep(0.1)


def test_a_finished_match_as_sgf_with_its_review_and_its_positions(fast: LiveServer) -> None:
    async def scenario() -> None:
        players, table = await seated_pair(fast.url, "backgammon", {"match_to": 3})
        await play_lockstep(players, random.Random(5))
        http = players[0].http
        review = (await asyncio.wait_for(reviewed(http, table), 120))["review"]
        stored = replay(await record(fast.url, table))
        reply = await http.get(f"/api/tables/{table}/record.sgf")
        assert reply.status_code == 200, reply.text
        assert 'filename="' in reply.headers["content-disposition"]
        sgf = read_sgf(reply.text)
        assert sgf.players == ("Ala", "Ben") and sgf.match.score == stored.score
        kinds = ("move", "double", "take")  # a resignation's answer has no node in .sgf
        marked = [
            d for g in review["games"] for d in g["decisions"] if d["mark"] and d["kind"] in kinds
        ]
        tags = sum(reply.text.count(tag) for tag in ("DO[]", "BM[", "DC[]", "BC["))
        assert marked and tags == len(marked)
        games = (await http.get(f"/api/tables/{table}/positions")).json()["games"]
        begun = [g for g in stored.games if g.actions]
        assert [len(ids) for ids in games] == [len(g.actions) + 1 for g in begun]
        for ids in games:
            assert ids[0] is None and ids[-1] is None  # before the roll-off, after the end
            for entry in filter(None, ids):
                position_id = entry["gnubg"].split(":")[0]
                assert read_xgid(entry["xgid"]).position == position_from_id(position_id)
        for client in players:
            await client.aclose()

    run(scenario())


def test_a_private_tables_exports_need_its_invitation(live: LiveServer) -> None:
    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        reply = await ala.http.post(
            "/api/tables", json={"variant": "backgammon", "settings": {}, "opponent": "invite"}
        )
        table = reply.json()["id"]
        eve = await Client(live.url, "Eve").guest()
        for path in ("/record.sgf", "/positions"):
            seen = await eve.http.get(f"/api/tables/{table}{path}")
            assert seen.status_code == 403 and "private" in seen.json()["detail"], path
        for client in (ala, eve):
            await client.aclose()

    run(scenario())


MAT = " 1 point match\n\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5    64: 24/18 13/9\n"
START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"


def test_the_analysis_of_pasted_text(fast: LiveServer) -> None:
    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=fast.url, trust_env=False, timeout=60) as http:
            by_xgid = await http.post("/api/analyse", json={"text": START_XGID})
            assert by_xgid.status_code == 200, by_xgid.text
            assert by_xgid.json()["plays"][0]["play"] == "8/5 6/5"
            by_gnubg = await http.post(
                "/api/analyse", json={"text": "4HPwATDgc/ABMA:cAkAAAAAAAAA", "dice": [3, 1]}
            )
            assert by_gnubg.json()["plays"][0]["play"] == "8/5 6/5"
            cube = await http.post(
                "/api/analyse", json={"text": START_XGID.replace(":31:", ":00:")}
            )
            assert "cube" in cube.json()
            by_mat = await http.post("/api/analyse", json={"text": MAT})
            assert by_mat.status_code == 200, by_mat.text
            seen = by_mat.json()["position"]["board"]  # b's roll of 64, before b plays it
            assert seen[23] == 2 and seen[19] == -2
            for body, words in (
                ({"text": "XGID=nonsense"}, "not an XGID"),
                ({"text": MAT.replace("8/5", "8/2")}, "line 5"),
                ({"text": START_XGID, "position_id": "4HPwATDgc/ABMA"}, "one of"),
            ):
                bad = await http.post("/api/analyse", json=body)
                assert bad.status_code == 400 and words in bad.json()["detail"], (body, bad.text)

    run(scenario())
