"""A server killed with SIGKILL in the middle of games restarts on the same database with
every game exactly where it was, and the games play on to the end."""

from __future__ import annotations

import json
import os
import random
import signal
from pathlib import Path
from typing import Any

from client import Client, Policy, play_lockstep, record, run, seated_pair
from servers import free_socket, start_serve

from nardy.cli.replay import replay_file

TABLES = [
    ("backgammon", {"match_to": 3}, lambda s: bool(s["steps"])),  # half-way through a play
    ("long-nardy", {"match_to": 1, "cube": True}, lambda s: s["n"] > 25),
    ("dutch", {"match_to": 1}, lambda s: s["n"] > 15 and s["phase"] == "rolling"),
]


def test_a_killed_server_resumes_every_game_unchanged(tmp_path: Path) -> None:
    database = tmp_path / "nardy.sqlite3"
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    base = f"http://127.0.0.1:{port}"
    log = database.with_suffix(".log")
    server = start_serve(f"sqlite:///{database}", port, log)
    tables: list[tuple[list[Client], str]] = []
    seen: list[list[dict[str, Any]]] = []

    async def before_the_kill() -> None:
        for number, (variant, settings, until) in enumerate(TABLES):
            players, table = await seated_pair(base, variant, settings)
            await play_lockstep(players, random.Random(number), Policy(), until=until)
            reply = await players[0].request({"type": "chat", "text": "see you after the crash"})
            assert reply["type"] == "ack"
            await players[1].wait_n(reply["n"])
            tables.append((players, table))
            seen.append([p.state for p in players])
        for players, _ in tables:
            for player in players:
                await player.close()

    async def after_the_restart() -> list[dict[str, Any]]:
        docs = []
        for (players, table), states in zip(tables, seen, strict=True):
            for player, before in zip(players, states, strict=True):
                player.rebind()
                after = await player.open(table)
                assert after == before  # the same version, the same everything
            listed = (await players[0].http.get("/api/tables")).json()
            assert any(t["id"] == table and t["mine"] for t in listed)
            await play_lockstep(players, random.Random(table), Policy(double=0.3, resign=0.01))
            assert players[0].state["status"] == "over"
            docs.append(await record(base, table))
            for player in players:
                await player.aclose()
        return docs

    try:
        run(before_the_kill())
        os.kill(server.pid, signal.SIGKILL)
        assert server.wait(10) == -signal.SIGKILL
        server = start_serve(f"sqlite:///{database}", port, log)
        docs = run(after_the_restart())
    finally:
        server.kill()
        server.wait(10)
    assert "Traceback" not in database.with_suffix(".log").read_text()
    for number, doc in enumerate(docs):
        path = tmp_path / f"record{number}.json"
        path.write_text(json.dumps(doc))
        with open(os.devnull, "w") as out:
            assert replay_file(str(path), out) == 0
        assert doc["dice"]["seed"] is not None
