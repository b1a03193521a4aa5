"""Scripted tournament players: people who enter a tournament through HTTP and play every
table they are paired at through its socket (``/ws/tables/...``) until it is over."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

from client import Client, Policy, ServerError, act, actionable

QUICK = Policy(undo=0.0, double=0.0, resign=0.3, whole_play=0.0)
"""A player who often resigns, so that matches end quickly."""


async def tournament(client: Client, tournament_id: str) -> dict[str, Any]:
    reply = await client.http.get(f"/api/tournaments/{tournament_id}")
    assert reply.status_code == 200, reply.text
    view: dict[str, Any] = reply.json()
    return view


async def until(
    client: Client, tournament_id: str, ready: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The tournament as soon as ``ready`` holds of it (polling its page)."""
    while not ready(view := await tournament(client, tournament_id)):
        await asyncio.sleep(0.02)
    return view


def tables_open(view: dict[str, Any]) -> bool:
    """Whether the tournament's latest round has every table open to sit at."""
    return bool(view["rounds"]) and all(
        p["table"] is not None for p in view["rounds"][-1]["pairings"] if None not in p["players"]
    )


async def create(client: Client, **fields: Any) -> str:
    body = {"name": "Test cup", "variant": "backgammon", "match_to": 1, "settings": {}}
    reply = await client.http.post("/api/tournaments", json={**body, **fields})
    assert reply.status_code == 201, reply.text
    return str(reply.json()["id"])


async def post(client: Client, path: str, **body: Any) -> dict[str, Any]:
    reply = await client.http.post(path, json=body)
    assert reply.status_code == 200, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


async def play_table(client: Client, table: str, rng: random.Random) -> None:
    """Play one table until its match is over, connecting again (to the same process,
    which finds the table's new owner) when the socket closes, as the browser does."""
    deadline = time.monotonic() + 120
    while True:
        try:
            await client.open(table)
            while client.state.get("status") != "over":
                if actionable(client.state):
                    await act(client, rng, QUICK)
                else:
                    await newer(client, client.state["n"])
            return
        except (ConnectionError, OSError, ServerError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)  # the table's owner is being replaced
        finally:
            await client.close()


async def newer(client: Client, n: int) -> None:
    """Wait for a version after ``n`` (the opponent's move, the computer's, the end)."""
    await client.wait(lambda: client.state["n"] > n, 60)


async def take_part(client: Client, tournament_id: str, seed: int, poll: float = 0.02) -> int:
    """Play every pairing of ``client`` until the tournament is over; the tables played."""
    rng = random.Random(seed)
    played: set[str] = set()
    while True:
        view = await tournament(client, tournament_id)
        if view["status"] == "over":
            return len(played)
        due = [
            p["table"]
            for r in view["rounds"]
            for p in r["pairings"]
            if client.player_id in p["players"]
            and p["table"] is not None
            and p["winner"] is None
            and p["table"] not in played
        ]
        if not due:
            await asyncio.sleep(poll)  # polling the page, as a browser would
            continue
        await play_table(client, due[0], rng)
        played.add(due[0])
