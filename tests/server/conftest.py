"""Fixtures of the server tests: a real server on a loopback port with its own database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from processes import SiteProcesses
from redis_server import RedisServer, flush, given_url, redis_binary
from servers import LiveServer

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


@pytest.fixture
def postgres_url() -> str:
    """The tests' PostgreSQL database, emptied (skips the test when
    ``NARDY_TEST_POSTGRES_URL`` is not set)."""
    # imported here, not above: databases.POSTGRES must be read after tests/conftest.py
    # has named each worker's own database
    from databases import emptied_postgres

    return emptied_postgres()


@pytest.fixture
def site(
    request: pytest.FixtureRequest, tmp_path: Path, postgres_url: str
) -> Iterator[SiteProcesses]:
    """A site of ``nardy serve`` processes on the emptied PostgreSQL and an empty Redis: two,
    or as many as the test's ``processes`` mark says. None of them may log an error."""
    marker = request.node.get_closest_marker("processes")
    count = marker.args[0] if marker is not None else 2
    redis_url = request.getfixturevalue("redis_url")  # only once PostgreSQL is there
    with SiteProcesses(tmp_path, count, postgres_url, redis_url) as processes:
        yield processes
    assert not processes.errors(), processes.errors()
