"""``nardy bench flood``: how much one flooding client slows an honest game elsewhere.

The bench starts ``nardy serve`` in its own process on a loopback port with a throw-away
SQLite database (``--server-path`` runs the server from another source tree, to compare
versions) and seats two scripted guests at a money table, who play one command at a time
and time each from sending it to its ``ack``. After ``--quiet`` seconds a third client
(in a process of its own) opens a socket at a table of its own and sends ``ping`` as fast
as its socket takes them for ``--flood`` seconds, reading every answer, and reconnecting
whenever the server closes it. It reports the honest players' round trips (50th and 99th
percentile, maximum) without and with the flood, the pings sent and answered, and the
server's CPU use.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import multiprocessing
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nardy.bench.load_clients import COOKIE, Figures, Player, percentile, seat_game
from nardy.bench.server_processes import cpu_seconds, free_port


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", type=float, default=10.0, help="seconds without the flood")
    parser.add_argument("--flood", type=float, default=20.0, help="seconds of flood")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices")
    parser.add_argument(
        "--server-path", default=None, help="PYTHONPATH of the server (another checkout's src)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON last")


@dataclass
class Flooder:
    """Sends pings as fast as a plain socket takes them (frames built once, written in
    batches); a thread reads and counts what comes back."""

    sent: int = 0
    answered: int = 0
    connections: int = 0

    def run(self, base: str, go: Any, stop: Any, ready: Any) -> None:
        """Sign in and open a table, set ``ready``, wait for ``go``, then flood until
        ``stop``."""
        import httpx

        with httpx.Client(base_url=base, trust_env=False, timeout=60) as http:
            token = http.post("/api/guest", json={"name": "Flood"}).cookies[COOKIE]
            body = {"variant": "backgammon", "settings": {"match_to": 0}, "opponent": "open"}
            table = http.post("/api/tables", json=body).json()["id"]
        host, port = base.removeprefix("http://").split(":")
        ready.set()
        go.wait()
        batch = _ping_frame() * 512
        while not stop.is_set():
            try:
                sock = _handshake(host, int(port), f"/ws/tables/{table}", token)
            except OSError:
                time.sleep(0.1)
                continue
            self.connections += 1
            reader = threading.Thread(target=self._read, args=(sock,), daemon=True)
            sender = threading.Thread(target=self._send, args=(sock, batch), daemon=True)
            reader.start()
            sender.start()
            while not stop.is_set() and reader.is_alive() and sender.is_alive():
                stop.wait(0.1)
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
            reader.join(5)
            sender.join(5)

    def _send(self, sock: socket.socket, batch: bytes) -> None:
        """Whole frames only (a blocking socket), until the socket is shut."""
        with contextlib.suppress(OSError):
            while True:
                sock.sendall(batch)
                self.sent += 512

    def _read(self, sock: socket.socket) -> None:
        tail = b""
        with contextlib.suppress(OSError):
            while True:
                data = sock.recv(1 << 16)
                if not data:
                    return
                chunk = tail + data
                self.answered += chunk.count(b'"pong"')
                tail = chunk[-8:]


def _ping_frame() -> bytes:
    """One masked WebSocket text frame holding a ping."""
    payload = b'{"type":"ping"}'
    mask = os.urandom(4)
    masked = bytes(b ^ mask[k % 4] for k, b in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


def _handshake(host: str, port: int, path: str, token: str) -> socket.socket:
    sock = socket.create_connection((host, port), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"Cookie: {COOKIE}={token}\r\n\r\n"
    )
    sock.sendall(request.encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(1)
        if not chunk:
            raise ConnectionError("the server closed the handshake")
        answer += chunk
    if not answer.startswith(b"HTTP/1.1 101"):
        sock.close()
        raise ConnectionError(answer.decode(errors="replace"))
    return sock


def _flood_process(base: str, go: Any, stop: Any, ready: Any, counts: Any) -> None:
    """The flooder in a process of its own (so that it does not slow the honest clients'
    event loop); puts (sent, answered, connections) on ``counts`` once ``stop`` is set."""
    flooder = Flooder()
    flooder.run(base, go, stop, ready)
    counts.put((flooder.sent, flooder.answered, flooder.connections))


async def _ready(base: str, process: subprocess.Popen[bytes], seconds: float = 180) -> None:
    """Wait until the server answers (start-up on a busy machine can take a while)."""
    import httpx

    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base, trust_env=False) as http:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError("the server stopped at start-up")
            with contextlib.suppress(httpx.TransportError):
                await http.get("/api/me")
                return
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


def _start_server(database: Path, port: int, path: str | None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "nardy.cli", "serve", "--port", str(port)]
    command += ["--database", f"sqlite:///{database}", "--bot-delay", "0", "--grace", "3600"]
    command += ["--entropy-wait", "0"]  # the bench's clients send no dice contributions
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path
    log = open(database.with_suffix(".log"), "ab")  # noqa: SIM115 - the server keeps it
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log, env=env)


async def run_flood(args: Any, base: str, process: subprocess.Popen[bytes]) -> dict[str, Any]:
    """Play the honest game through the quiet and the flood phases, and measure."""
    from rich.progress import Progress

    await _ready(base, process)
    quiet, flooded = Figures(), Figures()
    figures = {base: quiet}
    table, *tokens = await seat_game((base, base), "backgammon")
    rng = random.Random(args.seed)
    players = [
        Player(token, table, [base], 0, random.Random(rng.random()), figures, 0.0, [])
        for token in tokens
    ]
    go, stop = asyncio.Event(), asyncio.Event()
    ready = [asyncio.Event() for _ in players]
    tasks = [asyncio.create_task(p.play(r, go, stop)) for p, r in zip(players, ready, strict=True)]
    async with asyncio.timeout(180):
        await asyncio.gather(*(r.wait() for r in ready))
    context = multiprocessing.get_context("spawn")
    flood_go, flood_stop, counts = context.Event(), context.Event(), context.Queue()
    flood_ready = context.Event()
    flooder = Flooder()
    flooding = context.Process(
        target=_flood_process, args=(base, flood_go, flood_stop, flood_ready, counts)
    )
    flooding.start()  # it starts up and signs in during the quiet phase
    with Progress(transient=True) as progress:
        phase = progress.add_task("quiet", total=args.quiet + args.flood)
        go.set()
        started = time.perf_counter()
        while time.perf_counter() - started < args.quiet:
            await asyncio.sleep(0.25)
            progress.update(phase, completed=time.perf_counter() - started)
        # (on a loaded machine the flooder may still be starting: the flood waits for it)
        if not await asyncio.to_thread(flood_ready.wait, 180):
            raise RuntimeError("the flooder did not start")
        figures[base] = flooded
        cpu_before, flood_started = cpu_seconds(process.pid), time.perf_counter()
        flood_go.set()
        while time.perf_counter() - flood_started < args.flood:
            await asyncio.sleep(0.25)
            progress.update(
                phase,
                completed=time.perf_counter() - started,
                description=f"flood: {len(flooded.rtts)} honest commands",
            )
        flood_seconds = time.perf_counter() - flood_started
        cpu = cpu_seconds(process.pid) - cpu_before
        flood_stop.set()
        stop.set()
        flooder.sent, flooder.answered, flooder.connections = await asyncio.to_thread(
            counts.get, True, 120
        )
        await asyncio.to_thread(flooding.join, 30)
        await asyncio.gather(
            *(p.ws.close() for p in players if p.ws is not None), return_exceptions=True
        )
        await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "quiet_commands": len(quiet.rtts),
        "quiet_p50_ms": percentile(quiet.rtts, 0.5),
        "quiet_p99_ms": percentile(quiet.rtts, 0.99),
        "flood_commands": len(flooded.rtts),
        "flood_p50_ms": percentile(flooded.rtts, 0.5),
        "flood_p99_ms": percentile(flooded.rtts, 0.99),
        "flood_max_ms": round(max(flooded.rtts, default=0.0) * 1000, 2),
        "errors": quiet.errors + flooded.errors,
        "unanswered": quiet.unanswered + flooded.unanswered,
        "pings_sent": flooder.sent,
        "pings_per_second": round(flooder.sent / flood_seconds),
        "pongs": flooder.answered,
        "flood_connections": flooder.connections,
        "server_cpu_percent": round(100 * cpu / flood_seconds, 1),
    }


def main(args: Any) -> int:
    """Run the bench with parsed ``args`` (see :func:`add_arguments`)."""
    from rich.console import Console
    from rich.table import Table

    console = Console(stderr=args.json)
    with tempfile.TemporaryDirectory(prefix="nardy-flood-") as folder:
        port = free_port()
        process = _start_server(Path(folder) / "flood.sqlite3", port, args.server_path)
        try:
            figures = asyncio.run(run_flood(args, f"http://127.0.0.1:{port}", process))
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
    table = Table(title="nardy bench flood: an honest game while one client floods")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in figures.items():
        table.add_row(key, str(value))
    console.print(table)
    if args.json:
        print(json.dumps(figures, separators=(",", ":")), flush=True)
    return 0 if figures["flood_commands"] else 1
