"""``nardy bench tournament``: a Swiss of scripted players played to the end against a
real server, its wall time and the time each round took to be paired.

The bench starts one ``nardy serve`` (a throw-away SQLite database, no computer delay;
``--target URL`` uses a running server instead), signs in ``--players`` guests, creates a
Swiss of ``--rounds`` rounds of 1-point matches, enters them all and starts it. A
coordinator reads the tournament's page and hands each new pairing's table to its two
players, who play it through the table's socket (``/ws/tables/...``) from what its
``legal`` field allows (a player resigns instead of rolling with chance ``--resign``, to
keep matches short). It reports the wall time from the start to the end, and for each
round the seconds from the last result of the round before to the round's pairings being
stored (the server's pairing, its writes and its wake-up; ``paired_at`` and
``finished_at`` of the tournament's rounds).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
from itertools import pairwise
from typing import Any

import httpx
import orjson

from nardy.bench.load_clients import COOKIE, wait_ready
from nardy.bench.server_processes import one_server


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=256, help="players in the Swiss")
    parser.add_argument("--rounds", type=int, default=8, help="rounds of the Swiss")
    parser.add_argument("--resign", type=float, default=0.1, help="chance to resign at a roll")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices")
    parser.add_argument("--target", default=None, metavar="URL", help="a running server")
    parser.add_argument("--json", action="store_true", help="the figures as JSON, last line")


def main(args: argparse.Namespace) -> int:
    with one_server(args.target) as base:
        figures = asyncio.run(_bench(base, args))
    print(f"{args.players} players, {args.rounds} rounds: {figures['wall']:.1f} s in all")
    for number, seconds in enumerate(figures["pairing"], start=2):
        print(f"  round {number}: paired in {seconds:.3f} s")
    if args.json:
        print(json.dumps(figures))
    return 0


async def _bench(base: str, args: argparse.Namespace) -> dict[str, Any]:
    await wait_ready(base)
    limits = httpx.Limits(max_connections=args.players + 8)
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=60, limits=limits) as http:
        tokens: dict[str, str] = {}
        for k in range(args.players):
            reply = await http.post("/api/guest", json={"name": f"p{k}"})
            reply.raise_for_status()
            tokens[reply.json()["id"]] = reply.cookies[COOKIE]
        first = next(iter(tokens.values()))
        body = {
            "name": "Bench Swiss",
            "variant": "backgammon",
            "format": "swiss",
            "rounds": args.rounds,
            "match_to": 1,
            "max_players": args.players,
        }
        reply = await http.post("/api/tournaments", json=body, cookies={COOKIE: first})
        reply.raise_for_status()
        path = f"/api/tournaments/{reply.json()['id']}"
        for token in tokens.values():
            (await http.post(f"{path}/join", cookies={COOKIE: token})).raise_for_status()
        started = time.perf_counter()
        (await http.post(f"{path}/start", cookies={COOKIE: first})).raise_for_status()
        view = await _coordinate(http, path, base, tokens, args)
    wall = time.perf_counter() - started
    rounds = view["rounds"]
    pairing = [later["paired_at"] - earlier["finished_at"] for earlier, later in pairwise(rounds)]
    return {"players": args.players, "rounds": len(rounds), "wall": wall, "pairing": pairing}


async def _coordinate(
    http: httpx.AsyncClient, path: str, base: str, tokens: dict[str, str], args: argparse.Namespace
) -> dict[str, Any]:
    """Hand every new table to its players until the tournament is over."""
    rng = random.Random(args.seed)
    handed: set[str] = set()
    games: set[asyncio.Task[None]] = set()
    while True:
        view: dict[str, Any] = (await http.get(path)).json()
        if view["status"] == "over":
            await asyncio.gather(*games)
            return view
        for r in view["rounds"]:
            for p in r["pairings"]:
                if p["table"] is None or p["winner"] is not None or p["table"] in handed:
                    continue
                handed.add(p["table"])
                for player in p["players"]:
                    seed = rng.getrandbits(32)
                    work = _play(base, p["table"], tokens[player], random.Random(seed), args.resign)
                    task = asyncio.ensure_future(work)
                    games.add(task)
                    task.add_done_callback(games.discard)
        await asyncio.sleep(0.2)  # the page is read five times a second


def _choose(state: dict[str, Any], rng: random.Random, resign: float) -> dict[str, Any] | None:
    legal = state.get("legal") or {}
    if legal.get("take"):
        return {"type": "take"}
    if legal.get("accept"):
        return {"type": "accept"}
    if legal.get("roll"):
        if legal.get("resign") and rng.random() < resign:
            return {"type": "resign", "level": legal["resign"][0]}
        return {"type": "roll"}
    if "steps" in legal:
        if legal["steps"]:
            source, target = rng.choice(legal["steps"])
            return {"type": "step", "from": source, "to": target}
        return {"type": "confirm"}
    return None


async def _play(base: str, table: str, token: str, rng: random.Random, resign: float) -> None:
    """Play one table through its socket until its match is over, one command at a time."""
    from websockets.asyncio.client import connect

    url = f"{base.replace('http', 'ws', 1)}/ws/tables/{table}"
    headers = {"Cookie": f"{COOKIE}={token}"}
    async with connect(url, additional_headers=headers, proxy=None, max_size=1 << 22) as ws:
        pending: str | None = None
        counter = 0
        state: dict[str, Any] = {}
        async for text in ws:
            message = orjson.loads(text)
            if message.get("type") == "error" and not state:
                raise ConnectionError(f"table {table}: {message.get('message')}")
            if message.get("type") == "state":
                state = message
                if state.get("status") == "over":
                    return
            elif message.get("id") == pending:
                pending = None
            if pending is None and (command := _choose(state, rng, resign)) is not None:
                counter += 1
                pending = str(counter)
                await ws.send(orjson.dumps({**command, "id": pending}).decode())
