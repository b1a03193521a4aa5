"""Test servers: the app served by uvicorn in a background thread (:class:`LiveServer`),
or ``nardy serve`` in a process of its own (:func:`start_serve`), each on a free loopback
port. The server tests talk to them through :mod:`client`."""

from __future__ import annotations

import logging
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from nardy.bot.agents.agent import RandomAgent
from nardy.server.app import ServerConfig, create_app
from nardy.server.clock import SYSTEM, Clock
from nardy.server.defaults import KEEP_ALIVE
from nardy.server.http.serving import uvicorn_options
from nardy.server.store.database import Store


def free_socket() -> socket.socket:
    """A listening-ready socket bound to a free loopback port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


STALLABLE = Path(__file__).with_name("stallable.py")
"""``nardy``, with an event loop a test can stall (SIGUSR1) while its threads run."""


def start_serve(database: str, port: int, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    """``nardy serve`` on ``database`` (a URL) in its own process, its errors appended to
    ``log``, ``extra`` arguments added; returns once it answers on ``port``."""
    command = [sys.executable, str(STALLABLE), "serve", "--port", str(port)]
    command += ["--database", database, "--bot-delay", "0", "--grace", "600"]
    command += ["--entropy-wait", "0"]  # the test clients send no contributions
    # a finished match's review would spend a minute of CPU on rollouts beside the tests
    command += ["--review-rollout-seconds", "0", *extra]
    with open(log, "ab") as errors:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
    deadline = time.monotonic() + 120  # a loaded machine takes its time to import it all
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/me", trust_env=False, timeout=2)
            return process
        except httpx.TransportError:
            if process.poll() is not None:
                raise RuntimeError(f"nardy serve failed: {log.read_text()}") from None
            time.sleep(0.05)
    process.kill()
    process.wait()
    raise RuntimeError("nardy serve did not start")


def random_agents(variant: str, level: str) -> RandomAgent:
    """A fast computer player for tests."""
    return RandomAgent(1)


class LiveServer:
    """uvicorn serving :func:`create_app` on 127.0.0.1 in a background thread."""

    def __init__(
        self,
        database: Path,
        config: ServerConfig | None = None,
        agents: Callable[[str, str], Any] | None = random_agents,
        store: Store | None = None,
        clock: Clock = SYSTEM,
        keep_alive: float = KEEP_ALIVE,
    ) -> None:
        """``clock``: the server's time (a :class:`~nardy.server.clock.ManualClock` for a
        test that decides when its deadlines pass); ``keep_alive``: seconds an idle
        connection stays open."""
        self.database = database
        self.store = store or Store(f"sqlite:///{database}")
        config = config or ServerConfig(bot_delay=0.0, entropy_wait=0.0)
        self.app = create_app(self.store, config, agents=agents, clock=clock)
        self.sock = free_socket()
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        uv_config = uvicorn.Config(
            self.app,
            log_level="warning",
            lifespan="on",
            **uvicorn_options(keep_alive),  # as nardy serve runs it
        )
        self.errors: list[logging.LogRecord] = []
        """Errors the server logged (an exception in a request or a socket)."""
        self.handler = _Collect(self.errors)
        logging.getLogger("uvicorn.error").addHandler(self.handler)
        self.server = uvicorn.Server(uv_config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 180  # a bound, not a wait: start-up under load is slow
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *_: Any) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()
        self.store.close()
        logging.getLogger("uvicorn.error").removeHandler(self.handler)


class _Collect(logging.Handler):
    def __init__(self, into: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(record)
