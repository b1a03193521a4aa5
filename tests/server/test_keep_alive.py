"""An idle HTTP connection outlives the clients and proxies that reuse it
(nardy.server.http.serving), so that a request sent on one is never met by its closing."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
import pytest
from servers import LiveServer

from nardy.cli import main, parser
from nardy.server.defaults import KEEP_ALIVE

NGINX_UPSTREAM_KEEPALIVE = 60.0
"""nginx's ``keepalive_timeout`` for the connections it keeps to a process (its default),
as docs/DEPLOY.md's example runs it."""


def test_the_server_keeps_idle_connections_longer_than_clients_and_proxies_do() -> None:
    reused = httpx.Limits().keepalive_expiry  # what a bot's client keeps
    assert reused is not None and reused < KEEP_ALIVE
    assert KEEP_ALIVE > NGINX_UPSTREAM_KEEPALIVE
    args = parser().parse_args(["serve"])
    assert args.keep_alive == KEEP_ALIVE


def test_a_keep_alive_of_no_time_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--keep-alive", "0"]) == 2
    assert "--keep-alive must be more than 0 seconds" in capsys.readouterr().err


def test_the_keep_alive_reaches_uvicorn(tmp_path: Path) -> None:
    with (
        LiveServer(tmp_path / "db.sqlite3", keep_alive=0.5) as live,
        socket.create_connection(("127.0.0.1", live.port), timeout=60) as sock,
    ):
        sock.sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        received = b""
        while chunk := sock.recv(65536):  # until the server closes the idle connection
            received += chunk
    assert received.startswith(b"HTTP/1.1 200")
