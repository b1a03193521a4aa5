"""Processes that stall past their leases at random (every thread stopped by SIGSTOP, or the
event loop alone while the threads run on, as a starved machine stalls them) while two
people play a match across processes and a third watches (INTERFACES.md §6): whatever moves
where, the stored events are one legal match, every process gives the same record,
``nardy replay`` accepts it, and no process logs an error."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
from client import Client, actionable, record, run
from processes import SiteProcesses
from test_site_fence import replays

from nardy.server.store.database import Store
from nardy.server.tables.table import Table

VARIANTS = [
    ("backgammon", {"match_to": 3}),
    ("long-nardy", {"match_to": 3}),
    ("dutch", {"match_to": 3}),
    ("nackgammon", {"match_to": 3}),
]

ROUNDS = int(os.environ.get("NARDY_STALL_ROUNDS", "1"))
"""Matches played (more to hunt a rare interleaving: ``NARDY_STALL_ROUNDS=20``)."""


async def stall_at_random(site: SiteProcesses, rng: random.Random, stop: asyncio.Event) -> int:
    """Stop one process at a time for a little longer than a lease (3 s), now and then,
    until ``stop``; returns how many stalls there were."""
    stalls = 0
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), rng.uniform(0.5, 3.0))
        if stop.is_set():
            break
        victim = rng.choice(site.processes)
        if rng.random() < 0.5:
            victim.stall_loop()  # the loop stalls 4 s, the store's threads run on
            await asyncio.sleep(4)
        else:
            victim.pause()  # every thread stops
            try:
                await asyncio.sleep(rng.uniform(3.2, 4.5))
            finally:
                victim.resume()
        stalls += 1
    return stalls


async def decide(client: Client, rng: random.Random) -> None:
    """One decision from the state's ``legal`` (answers other than an ack are fine: the
    table may have moved, or the state be out of date)."""
    legal = client.state["legal"]
    if legal.get("take"):
        message: dict[str, Any] = {"type": rng.choice(["take", "drop", "take"])}
    elif legal.get("accept"):
        message = {"type": rng.choice(["accept", "decline"])}
    elif legal.get("roll"):
        message = {"type": "double" if legal.get("double") and rng.random() < 0.05 else "roll"}
    elif "steps" in legal:
        steps = client.state["steps"]
        if legal["undo"] and rng.random() < 0.15:
            message = {"type": "undo"}
        elif legal["confirm"] and steps and rng.random() < 0.3:
            message = {"type": "play", "steps": steps}  # refused unless undone first
        elif legal["steps"]:
            source, target = rng.choice(legal["steps"])
            message = {"type": "step", "from": source, "to": target}
        else:
            message = {"type": "confirm"}
    else:
        return
    with contextlib.suppress(TimeoutError, ConnectionError):
        await client.request(message, timeout=20)


async def reopened(client: Client) -> None:
    """Connect ``client`` again if its socket closed."""
    if client.reader is None or client.reader.done():
        await client.close()
        await client.open()


@pytest.mark.processes(3)
def test_stalls_past_the_lease_at_random_keep_one_legal_record(
    site: SiteProcesses, postgres_url: str, tmp_path: Path
) -> None:
    urls = site.urls

    async def one_match(seed: int) -> str:
        rng = random.Random(seed)
        ala = await Client(urls[seed % 3], "Ala").guest()
        ben = await Client(urls[(seed + 1) % 3], "Ben").guest()
        variant, settings = VARIANTS[seed % len(VARIANTS)]
        table = await ala.create(variant, settings, seat=0)
        await ben.join(table)
        await ala.open()
        await ben.open()
        spectator = Client(urls[(seed + 2) % 3], "spectator")
        await spectator.open(table)
        stop = asyncio.Event()
        chaos = asyncio.create_task(stall_at_random(site, random.Random(seed + 1000), stop))
        deadline = time.monotonic() + 600
        try:
            while time.monotonic() < deadline:
                for client in (ala, ben, spectator):
                    await reopened(client)
                n = max(c.state["n"] for c in (ala, ben, spectator))
                for client in (ala, ben):
                    with contextlib.suppress(TimeoutError, ConnectionError):
                        await client.wait_n(n, 20)
                if ala.state["status"] == "over":
                    break
                movers = [p for p in (ala, ben) if actionable(p.state) and p.state["n"] >= n]
                if not movers:
                    with contextlib.suppress(TimeoutError, ConnectionError):
                        await ala.wait_n(n + 1, 5)
                    continue
                await decide(rng.choice(movers), rng)
                await asyncio.sleep(rng.uniform(0, 0.08))  # people think: the stalls fall mid-match
        finally:
            stop.set()
            stalls = await chaos
        logs = "".join(p.log.read_text() for p in site.processes if p.log.exists())
        print(
            f"table {table}: n={ala.state['n']} stalls={stalls} "
            f"lapses={logs.count('lease lapsed')} "
            f"moved={logs.count('another process holds it now')}"
        )
        assert ala.state["status"] == "over", "the match ends within ten minutes"
        for client in (ala, ben, spectator):
            await client.aclose()
        return table

    for round_ in range(ROUNDS):
        table = run(one_match(round_), timeout=900)
        docs = [run(record(url, table)) for url in urls]
        assert docs[0] == docs[1] == docs[2]
        replays(docs[0], tmp_path)
        store = Store(postgres_url)
        try:
            rebuilt = Table(store.table(table), store)
            rebuilt.restore()  # the stored events are one legal match
            assert rebuilt.match.is_over()
            epochs = [epoch for _, epoch in store.writers(table)]
            assert epochs == sorted(epochs), epochs  # no writer after its table was taken over
        finally:
            store.close()
        assert not site.errors(), site.errors()
