"""Fixtures of the server tests: a real server on a loopback port with its own database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from client import LiveServer

from nardy.server.app import ServerConfig


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    """A server with default settings and random computer players."""
    with LiveServer(tmp_path / "nardy.sqlite3", ServerConfig()) as server:
        yield server
    assert not server.errors, [record.getMessage() for record in server.errors]
