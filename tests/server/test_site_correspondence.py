"""A correspondence table across processes (INTERFACES.md §6; docs/PROTOCOL.md,
"Correspondence"): every process lists it in ``GET /api/me/turns``, and when its owner is
killed the process that takes it over keeps the stored deadline — no fresh allowance: a
deadline that passed while the table had no owner ends the match on time there."""

from __future__ import annotations

import random
import time

import httpx
import pytest
from client import Client, Policy, both_played, play_lockstep, run
from processes import SiteProcesses
from stamps import shift_stamps

from nardy.formats.record import replay
from nardy.rules.forfeit import forfeited

MOVE = 3600.0
"""Seconds a move of the test's clock: a fresh allowance would outlast the test."""
TAKEOVER = 10.0
"""Seconds within which a dead owner's table goes on (INTERFACES.md §6)."""


@pytest.mark.processes(2)
def test_the_new_owner_keeps_the_deadline_and_ends_the_match_on_time(
    site: SiteProcesses, postgres_url: str
) -> None:
    doomed, other = site.processes

    async def scenario() -> None:
        ala, ben = (
            await Client(doomed.url, "Ala").guest(),
            await Client(other.url, "Ben").guest(),
        )
        clock = {"move": MOVE, "reserve": 1.0, "correspondence": True}
        table = await ala.create("backgammon", {"match_to": 1}, seat=0, clock=clock)
        await ben.join(table)
        await ala.open()
        await ben.open()
        await play_lockstep(
            [ala, ben],
            random.Random(11),
            Policy(double=0.0),
            until=lambda s: both_played(s) and s["clock"]["actor"] is not None,
        )
        before = ben.state["clock"]
        idle = (ala, ben)[before["actor"]]
        for url in site.urls:  # whichever process is asked
            http = httpx.AsyncClient(base_url=url, cookies=idle.http.cookies, trust_env=False)
            async with http:
                listed = (await http.get("/api/me/turns")).json()["turns"]
            assert [(t["table"], t["deadline"]) for t in listed] == [(table, before["deadline"])]
        # the owner dies; while nobody holds the table, its deadline passes
        assert shift_stamps(postgres_url, table, MOVE + 60) > 0
        doomed.kill()
        killed = time.monotonic()
        await ben.wait(lambda: ben.state["status"] == "over", timeout=TAKEOVER + 30)
        assert time.monotonic() - killed < TAKEOVER + 5
        state = (await ben.http.get(f"/api/tables/{table}")).json()
        assert state["result"]["reason"] == "time"
        record = (await ben.http.get(f"/api/tables/{table}/record")).json()
        assert forfeited(replay(record)) == (before["actor"], "time")
        for client in (ala, ben):
            await client.aclose()

    run(scenario(), timeout=300)
