"""A throw-away Redis for the tests.

``NARDY_TEST_REDIS_URL`` names one when set (``./run test`` starts one); otherwise
:class:`RedisServer` starts Debian's ``redis-server`` of its own on a free loopback port,
with no snapshots and no append-only file. Without either, the tests that need Redis are
skipped.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any


def redis_binary() -> str | None:
    """The ``redis-server`` program, if installed."""
    return shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
    )


class RedisServer:
    """``redis-server`` on 127.0.0.1 in its own process, for as long as the ``with`` lasts."""

    def __init__(self) -> None:
        binary = redis_binary()
        if binary is None:
            raise RuntimeError("redis-server is not installed")
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port: int = sock.getsockname()[1]
        self.folder = tempfile.mkdtemp(prefix="nardy-redis-")
        self.command = [binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        self.command += ["--save", "", "--appendonly", "no", "--dir", self.folder]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> RedisServer:
        self.process = subprocess.Popen(
            self.command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                if self.process.poll() is not None:
                    break
            time.sleep(0.05)
        self.__exit__()
        raise RuntimeError("redis-server did not start")

    def __exit__(self, *_: Any) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def flush(url: str) -> None:
    """Empty the Redis database at ``url`` (between tests)."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        client.flushdb()
    finally:
        client.close()


def given_url() -> str | None:
    """The Redis the environment names, if any."""
    return os.environ.get("NARDY_TEST_REDIS_URL") or None
