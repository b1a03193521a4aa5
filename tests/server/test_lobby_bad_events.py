"""A table whose stored events do not replay is never served as if they did: the load
fails, and the log names the table, the event that does not apply and the epochs of the
processes that wrote its events (which process wrote what, after a takeover)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from client import run
from lobbies import players, seated_match
from servers import random_agents

from nardy.rules.errors import NardyError
from nardy.server.site.lobby import Lobby
from nardy.server.store.database import Store


def test_a_table_whose_events_do_not_replay_fails_to_load_and_says_why(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        lobby = Lobby(Store(f"sqlite:///{tmp_path / 'nardy.sqlite3'}"), random_agents)
        ala, ben = players(lobby, "Ala", "Ben")
        table = await seated_match(lobby, ala, ben)
        await table.start()  # the roll-off
        n = table.n
        assert lobby.drop(table.id) is table
        # an event no legal match has here: a step nobody rolled for
        lobby.store.append(
            table.id, n + 1, {"event": {"type": "step", "player": 0, "step": [6, 1]}}
        )
        with pytest.raises(NardyError):
            await lobby.load(lobby.store.table(table.id))
        assert table.id not in lobby.tables

    with caplog.at_level(logging.ERROR, logger="nardy.server.site.lobby"):
        run(scenario())
    [line] = [r.getMessage() for r in caplog.records if "do not replay" in r.getMessage()]
    assert "event" in line and "writers by event number and epoch: [(1, None)]" in line, line
