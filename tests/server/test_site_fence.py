"""An owner that stalls past its lease (SIGSTOP, as a starved process does) never acts for
its tables again once another process has taken them over (INTERFACES.md §6): three real
``nardy serve`` processes on a real PostgreSQL and a real Redis. While the owner is stopped
another process takes its tables over and play goes on there; when it runs again, the
commands still waiting in its sockets go to the new owner, its clock that ran out meanwhile
writes nothing, and no socket anywhere gets a state of its stale copy. Afterwards the store
holds one event per number, every process gives the same record, and ``nardy replay``
accepts it."""

from __future__ import annotations

import asyncio
import io
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from client import ENDED, Client, Policy, actionable, play_lockstep, record, run
from processes import SiteProcesses
from test_site_takeover import owner_of

from nardy.cli.replay import replay_file
from nardy.server.store.database import Store

PATIENCE = 90.0
"""Seconds any one step may take on a loaded machine (the lease itself is 3 s)."""

LATE = 10
"""Chat messages the stopped process's socket sends after its stale command."""

PERSONAL = {"you", "legal", "auto", "perspective", "position", "pips"}


async def until(ready: Callable[[], bool], what: str) -> None:
    """Wait for a condition nothing announces (Redis keys, another process's state)."""
    deadline = time.monotonic() + PATIENCE
    while not ready():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        await asyncio.sleep(0.1)


async def view(url: str, table: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=url, trust_env=False, timeout=PATIENCE) as http:
        reply = await http.get(f"/api/tables/{table}")
        reply.raise_for_status()
        answer: dict[str, Any] = reply.json()
        return answer


def stale_command(state: dict[str, Any]) -> dict[str, Any]:
    """A command the state shows as legal (sent once that state is out of date)."""
    legal = state["legal"]
    if legal.get("roll"):
        return {"type": "roll"}
    if legal.get("steps"):
        source, target = legal["steps"][0]
        return {"type": "step", "from": source, "to": target}
    if legal.get("confirm"):
        return {"type": "confirm"}
    if legal.get("take"):
        return {"type": "take"}
    return {"type": "undo"}


def replays(doc: dict[str, Any], folder: Path) -> None:
    path = folder / f"{doc['dice']['commitment'][:8]}.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    assert replay_file(str(path), out) == 0, out.getvalue()


@pytest.mark.processes(3)
def test_an_owner_stalled_past_its_lease_never_acts_for_its_tables_again(
    site: SiteProcesses, redis_url: str, postgres_url: str, tmp_path: Path
) -> None:
    stalled, second, third = site.processes

    async def scenario() -> tuple[str, str, list[Client]]:
        ala = await Client(stalled.url, "Ala").guest()
        ben = await Client(second.url, "Ben").guest()
        table = await ala.create("backgammon", {"match_to": 3}, seat=0)  # owned by `stalled`
        await ben.join(table)
        await ala.open()
        await ben.open()
        spectator = Client(third.url, "spectator")
        await spectator.open(table)
        old_owner = owner_of(redis_url, table)
        rng = random.Random(13)
        await play_lockstep(
            [ala, ben], rng, Policy(), watchers=[spectator], until=lambda s: s["n"] > 12
        )
        # a table of the same owner whose clock runs out while its owner is stopped
        cid = await Client(stalled.url, "Cid").guest()
        dan = await Client(stalled.url, "Dan").guest()
        clock = {"move": 3.0, "reserve": 1.0}
        clocked = await cid.create("backgammon", {"match_to": 1}, seat=0, clock=clock)
        await dan.join(clocked)
        assert owner_of(redis_url, clocked) == old_owner
        before = {ben.name: len(ben.states), spectator.name: len(spectator.states)}
        stalled.pause()
        try:
            await until(lambda: owner_of(redis_url, table) not in (None, old_owner), "a new owner")
            for client in (ben, spectator):  # resynced by the new owner
                await client.wait(lambda c=client: len(c.states) > before[c.name], PATIENCE)
            # Ala goes on from another process (her socket at the stopped one hangs)
            again = Client(third.url, "Ala")
            again.http.cookies.update(ala.http.cookies)
            await again.open(table)
            stop_n = again.state["n"]
            await play_lockstep(
                [again, ben],
                rng,
                Policy(),
                watchers=[spectator],
                until=lambda s: s["n"] > stop_n + 8 and actionable(s),
            )
            # the stopped process's socket sends what its out-of-date state allows
            await ala.send_raw(json.dumps({**stale_command(ala.state), "id": "stale move"}))
            for k in range(LATE):
                await ala.send_raw(json.dumps({"type": "chat", "text": f"late {k}", "id": k}))
            await until(lambda: owner_of(redis_url, clocked) != old_owner, "the clocked table")
        finally:
            stalled.resume()
        for key in ("stale move", *range(LATE)):
            await ala.wait(lambda key=key: key in ala.replies, PATIENCE)
        true_n = (await view(second.url, table))["n"]
        for client in (ala, again, ben, spectator):
            await client.wait_n(true_n, PATIENCE)
        said = [line["text"] for line in ben.state["chat"]]
        for k in range(LATE):  # acknowledged only if stored (by the new owner), and then once
            answer = ala.replies[k]
            assert said.count(f"late {k}") == (answer["type"] == "ack"), (answer, said)
        await play_lockstep(
            [again, ben], rng, Policy(double=0.3), watchers=[spectator, ala], max_commands=5000
        )
        assert again.state["status"] == "over"
        for client in (ala, again, ben, spectator, cid, dan):
            await client.aclose()
        return table, clocked, [ala, again, ben, spectator]

    table, clocked, clients = run(scenario(), timeout=900)

    # every state anyone was sent, from whichever process, is the one state of its version
    seen: dict[int, dict[str, Any]] = {}
    for client in clients:
        for state in client.states:
            common = {k: v for k, v in state.items() if k not in PERSONAL}
            assert seen.setdefault(state["n"], common) == common, (client.name, state["n"])
    for client in clients:  # each socket's states in order
        versions = [s["n"] for s in client.states]
        assert versions == sorted(versions), client.name

    async def finish() -> list[dict[str, Any]]:
        over = await view(second.url, clocked)
        deadline = time.monotonic() + PATIENCE
        # nobody played at the clocked table: its clock ends it as aborted (docs/PROTOCOL.md,
        # "Aborted matches and withdrawn tables"), once, whichever process owns it
        while over["status"] not in ENDED and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
            over = await view(second.url, clocked)
        assert over["status"] == "aborted"
        return [await record(url, name) for name in (table, clocked) for url in site.urls]

    docs = run(finish(), timeout=300)
    assert docs[0] == docs[1] == docs[2] and docs[3] == docs[4] == docs[5]
    store = Store(postgres_url)
    try:
        events = store.events(table)
        assert len(events) == max(seen)  # one event per number, none beyond the last state
    finally:
        store.close()
    replays(docs[0], tmp_path)
    replays(docs[3], tmp_path)
    assert not site.errors(), site.errors()
