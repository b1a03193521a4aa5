"""Fixtures of the server tests: a real server on a loopback port with its own database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from client import LiveServer
from redis_server import RedisServer, flush, given_url, redis_binary

from nardy.server.app import ServerConfig


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    """A server with default settings and random computer players."""
    with LiveServer(
        tmp_path / "nardy.sqlite3", ServerConfig(bot_delay=0.0, entropy_wait=0.0)
    ) as server:
        yield server
    assert not server.errors, [record.getMessage() for record in server.errors]


@pytest.fixture(scope="session")
def redis_server() -> Iterator[str]:
    """The URL of a Redis for the whole session (skips the test without one)."""
    given = given_url()
    if given is not None:
        yield given
        return
    if redis_binary() is None:
        pytest.skip("no redis-server (Debian package redis-server) and no NARDY_TEST_REDIS_URL")
    with RedisServer() as server:
        yield server.url


@pytest.fixture
def redis_url(redis_server: str) -> str:
    """An empty Redis database for one test."""
    flush(redis_server)
    return redis_server
