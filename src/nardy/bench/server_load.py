"""``nardy bench server``: many games at once against a real server, and how fast it answers.

The bench starts ``nardy serve`` in its own process on a loopback port with a throw-away
SQLite database and no computer delay. It signs in two guests per game, seats them at a
money-play table (so that games follow one another for as long as the bench runs) and
opens both players' WebSockets. Each client plays what the ``legal`` field of its latest
state allows (a step, undo, confirm, roll, double, take or drop; no rules in the client)
and times each command from sending it to receiving its ``ack``. With ``--think`` each
client waits a random time (exponential, that mean) before each command, like a person;
with none, every game always has one command in flight and the server runs flat out.

It reports games, connections, commands acknowledged, errors, commands per second, the
round trip's 50th, 90th and 99th percentiles and maximum in milliseconds, and the CPU the
server process used. ``--json`` prints the figures as one JSON object on the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

COOKIE = "nardy_session"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=200, help="games played at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure")
    parser.add_argument("--moves", type=int, default=0, help="stop after this many commands")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a client waits before a command"
    )
    parser.add_argument("--variant", default="backgammon", help="the variant of every table")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices")
    parser.add_argument(
        "--deflate", action="store_true", help="ask for permessage-deflate, as browsers do"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON last")


@dataclass
class Figures:
    """What the clients measured."""

    rtts: list[float] = field(default_factory=list)
    errors: int = 0
    closed: int = 0

    def summary(self) -> dict[str, float]:
        ordered = sorted(self.rtts)

        def pct(q: float) -> float:
            if not ordered:
                return 0.0
            return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)

        return {
            "p50_ms": pct(0.50),
            "p90_ms": pct(0.90),
            "p99_ms": pct(0.99),
            "max_ms": round(ordered[-1] * 1000, 2) if ordered else 0.0,
        }


@dataclass
class Player:
    """One scripted client at one table socket."""

    token: str
    table: str
    rng: random.Random
    figures: Figures
    think: float
    state: dict[str, Any] = field(default_factory=dict)
    pending: str | None = None
    sent_at: float = 0.0
    counter: int = 0
    ws: Any = None

    def choose(self) -> dict[str, Any] | None:
        """A command the latest state allows, or None when it is not this player's call."""
        legal = self.state.get("legal") or {}
        rng = self.rng
        if legal.get("take"):
            return {"type": "take" if rng.random() < 0.8 else "drop"}
        if legal.get("accept"):
            return {"type": "accept"}
        if legal.get("roll"):
            if legal.get("double") and rng.random() < 0.05:
                return {"type": "double"}
            return {"type": "roll"}
        if "steps" in legal:
            if legal.get("undo") and rng.random() < 0.05:
                return {"type": "undo"}
            if legal["steps"]:
                source, target = rng.choice(legal["steps"])
                return {"type": "step", "from": source, "to": target}
            return {"type": "confirm"}
        return None

    async def play(self, url: str, go: asyncio.Event, stop: asyncio.Event, deflate: bool) -> None:
        from websockets.asyncio.client import connect

        async with connect(
            f"{url}/ws/tables/{self.table}",
            additional_headers={"Cookie": f"{COOKIE}={self.token}"},
            proxy=None,
            compression="deflate" if deflate else None,
            max_size=1 << 22,
            open_timeout=60,
            ping_interval=None,
        ) as ws:
            self.ws = ws
            self.state = json.loads(await ws.recv())  # the table's state, on joining
            await go.wait()
            await self.next_command(ws, stop)
            async for text in ws:
                message = json.loads(text)
                kind = message.get("type")
                if kind == "state":
                    self.state = message
                elif message.get("id") == self.pending and self.pending is not None:
                    if kind == "ack":
                        self.figures.rtts.append(time.perf_counter() - self.sent_at)
                    else:
                        self.figures.errors += 1
                    self.pending = None
                if stop.is_set():
                    break
                await self.next_command(ws, stop)

    async def next_command(self, ws: Any, stop: asyncio.Event) -> None:
        """Send the next command if it is this player's call and none is in flight."""
        if self.pending is not None:
            return
        command = self.choose()
        if command is None:
            return
        if self.think:
            await asyncio.sleep(self.rng.expovariate(1 / self.think))
            if stop.is_set():
                return
        self.counter += 1
        self.pending = str(self.counter)
        self.sent_at = time.perf_counter()
        await ws.send(json.dumps({**command, "id": self.pending}))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _start_server(database: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "nardy.cli", "serve", "--port", str(port)]
    command += ["--database", f"sqlite:///{database}", "--bot-delay", "0", "--grace", "3600"]
    log = open(database.with_suffix(".log"), "ab")  # noqa: SIM115 - the server keeps it
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` (Linux), or 0 if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


async def _ready(base: str, process: subprocess.Popen[bytes]) -> None:
    import httpx

    async with httpx.AsyncClient(base_url=base, trust_env=False) as http:
        for _ in range(600):
            if process.poll() is not None:
                raise RuntimeError("the server stopped at start-up")
            with contextlib.suppress(httpx.TransportError):
                await http.get("/api/me")
                return
            await asyncio.sleep(0.05)
    raise RuntimeError("the server did not start")


async def _seat_game(base: str, variant: str) -> tuple[str, str, str]:
    """Two guests at a new money table; returns (table, token 0, token 1)."""
    import httpx

    tokens = []
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=120) as http:
        for name in ("Ala", "Ben"):
            reply = await http.post("/api/guest", json={"name": name})
            reply.raise_for_status()
            tokens.append(reply.cookies[COOKIE])
            http.cookies.clear()
        headers = [{"Cookie": f"{COOKIE}={token}"} for token in tokens]
        body = {"variant": variant, "settings": {"match_to": 0}, "seat": 0}
        reply = await http.post("/api/tables", json=body, headers=headers[0])
        reply.raise_for_status()
        table = reply.json()["id"]
        http.cookies.clear()
        reply = await http.post(f"/api/tables/{table}/join", json={}, headers=headers[1])
        reply.raise_for_status()
    return table, tokens[0], tokens[1]


async def run_load(args: Any, base: str, process: subprocess.Popen[bytes]) -> dict[str, Any]:
    """Seat the games, play for the time asked, and measure."""
    from rich.progress import Progress

    await _ready(base, process)
    figures = Figures()
    rng = random.Random(args.seed)
    go, stop = asyncio.Event(), asyncio.Event()
    players: list[Player] = []
    limit = asyncio.Semaphore(16)
    with Progress(transient=True) as progress:
        seating = progress.add_task("seating games", total=args.games)

        async def seat() -> tuple[str, str, str]:
            async with limit:
                seated = await _seat_game(base, args.variant)
            progress.advance(seating)
            return seated

        games = await asyncio.gather(*(seat() for _ in range(args.games)))
        for table, *tokens in games:
            for token in tokens:
                players.append(
                    Player(token, table, random.Random(rng.random()), figures, args.think)
                )
        ws_base = base.replace("http", "ws", 1)
        tasks = [asyncio.create_task(p.play(ws_base, go, stop, args.deflate)) for p in players]
        opening = progress.add_task("opening sockets", total=len(players))
        while True:  # measure only once every socket is open and has its state
            ready = sum(1 for p in players if p.state)
            ended = sum(1 for task in tasks if task.done())
            progress.update(opening, completed=ready)
            if ready + ended >= len(players):
                break
            await asyncio.sleep(0.2)
        opened = sum(1 for task in tasks if not task.done())
        cpu_before, started = _cpu_seconds(process.pid), time.perf_counter()
        go.set()
        playing = progress.add_task("playing", total=args.seconds)
        while True:
            await asyncio.sleep(0.5)
            elapsed = time.perf_counter() - started
            live = figures.summary()
            progress.update(
                playing,
                completed=min(elapsed, args.seconds),
                description=f"{len(figures.rtts)} commands, p99 {live['p99_ms']} ms",
            )
            if elapsed >= args.seconds or (args.moves and len(figures.rtts) >= args.moves):
                break
        stop.set()
        elapsed = time.perf_counter() - started
        cpu = _cpu_seconds(process.pid) - cpu_before
        await asyncio.gather(
            *(p.ws.close() for p in players if p.ws is not None), return_exceptions=True
        )
        results = await asyncio.gather(*tasks, return_exceptions=True)
    failed = [r for r in results if isinstance(r, BaseException)]
    return {
        "games": args.games,
        "connections": opened,
        "moves": len(figures.rtts),
        "errors": figures.errors,
        "failed_connections": len(failed),
        "seconds": round(elapsed, 2),
        "moves_per_second": round(len(figures.rtts) / elapsed, 1),
        **figures.summary(),
        "server_cpu_percent": round(100 * cpu / elapsed, 1),
        "think": args.think,
        "cores": os.cpu_count(),
    }


def main(args: Any) -> int:
    """Run the bench with parsed ``args`` (see :func:`add_arguments`)."""
    from rich.console import Console
    from rich.table import Table

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, 4 * args.games + 256))
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    console = Console(stderr=args.json)
    with tempfile.TemporaryDirectory(prefix="nardy-bench-") as folder:
        port = _free_port()
        process = _start_server(Path(folder) / "bench.sqlite3", port)
        try:
            figures = asyncio.run(run_load(args, f"http://127.0.0.1:{port}", process))
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
    table = Table(title=f"nardy bench server: {args.games} games of {args.variant}")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in figures.items():
        table.add_row(key, str(value))
    console.print(table)
    if args.json:
        print(json.dumps(figures, separators=(",", ":")), flush=True)
    return 0 if figures["moves"] and not figures["failed_connections"] else 1
