"""The ``nardy serve`` processes a bench starts on loopback, and what they cost.

One process gets a throw-away SQLite database unless told otherwise; several share the
database and the broker they are given (PostgreSQL and Redis), as a site would.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` (Linux), or 0 if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def rss_megabytes(pid: int) -> float:
    """Resident memory of process ``pid`` in MB (Linux), or 0 if unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    return 0.0


@dataclass
class ServerProcess:
    """One ``nardy serve`` the bench started."""

    url: str
    process: subprocess.Popen[bytes]
    killed: bool = False

    def cpu(self) -> float:
        return cpu_seconds(self.process.pid)

    def rss(self) -> float:
        return 0.0 if self.killed else rss_megabytes(self.process.pid)

    def kill(self) -> None:
        """SIGKILL, as a crash would: no clean-up, no hand-over."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.killed = True

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def serve_options(path: str | None) -> set[str]:
    """The options ``nardy serve`` takes, as the source tree at ``path`` (a ``PYTHONPATH``;
    None: this one) lists them in its help: an older version lacks some."""
    env = dict(os.environ, PYTHONPATH=path) if path else None
    help_text = subprocess.run(
        [sys.executable, "-m", "nardy.cli", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    return {word.rstrip(",") for word in help_text.split() if word.startswith("--")}


def start_servers(
    count: int,
    folder: Path,
    database: str | None,
    broker: str | None,
    extra: list[str],
    path: str | None = None,
) -> list[ServerProcess]:
    """``count`` servers on free loopback ports (their logs in ``folder``), run from the
    source tree at ``path`` (a ``PYTHONPATH``) if given, where the bench's own settings
    that its ``serve`` does not know are left out."""
    if count > 1 and (database is None or database.startswith("sqlite") or broker is None):
        raise SystemExit("several processes need --database postgresql+psycopg://… and --broker")
    database = database or f"sqlite:///{folder / 'bench.sqlite3'}"
    known = serve_options(path)
    settings = [
        ("--database", database),
        ("--bot-delay", "0"),
        ("--grace", "3600"),
        ("--entropy-wait", "0"),  # the bench's clients send no dice contributions
        ("--trust", "127.0.0.1"),  # every client is on loopback: no per-address limits
        ("--review-rollout-seconds", "0"),  # the reviews' rollouts would share the cores
    ]
    if broker is not None:
        settings.append(("--broker", broker))
    for option in ("--database", "--broker"):
        if option in (name for name, _ in settings) and option not in known:
            raise SystemExit(f"the server at {path} has no {option}")
    env = dict(os.environ, PYTHONPATH=path) if path else None
    servers = []
    for index in range(count):
        port = free_port()
        command = [sys.executable, "-m", "nardy.cli", "serve", "--port", str(port)]
        for option, value in settings:
            if option in known:
                command += [option, value]
        command += extra
        log = folder / f"server-{index}.log"
        with open(log, "ab") as errors:
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, env=env)
        server = ServerProcess(f"http://127.0.0.1:{port}", process)
        servers.append(server)
        try:
            wait_until_ready(server, log)  # one at a time: the first one migrates the schema
        except BaseException:
            for started in servers:
                started.stop()
            raise
    return servers


@contextlib.contextmanager
def one_server(target: str | None) -> Iterator[str]:
    """The base URL of ``target``, a running server, or else of one ``nardy serve`` started
    for the bench on a throw-away database and stopped when the block ends."""
    if target:
        yield target
        return
    with tempfile.TemporaryDirectory() as folder:
        [server] = start_servers(1, Path(folder), None, None, [])
        try:
            yield server.url
        finally:
            server.stop()


def wait_until_ready(server: ServerProcess, log: Path, seconds: float = 120.0) -> None:
    import httpx

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"nardy serve stopped at start-up:\n{log.read_text()[-2000:]}")
        try:
            httpx.get(f"{server.url}/api/me", trust_env=False, timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.05)
    raise RuntimeError(f"nardy serve did not start in {seconds:g} s")
