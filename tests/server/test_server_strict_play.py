"""Random play over real sockets with strict clients, through kill -9 and restarts.

Several tables of every variant play at once on a ``nardy serve`` process (on PostgreSQL
when ``NARDY_TEST_POSTGRES_URL`` names one, else SQLite). Each table has two players and a
spectator. The players confirm a play whenever the server offers it (so a play the server
calls complete too early is recorded as played), and every client checks what it is sent:

- one version, one state: every sighting of a version, by anyone and before or after a
  restart, is the same state (``last_play`` and the chat included), the same for each seat
  and perspective;
- the ack of a command names a version the client has already been sent, and the versions
  on one socket never go back;
- after a restart no acknowledged command is lost.

The spectator asks for the state again (``resync``) while commands are being stored.
The server is killed with SIGKILL twice while the games are being played and started again
on the same database; the clients reconnect and play on to the end. Every match's record
must then be accepted by ``nardy replay`` and ``nardy verify-dice``, and every play in it
must be a legal step sequence to the independent referee (``tests/support/referee.py``).
``NARDY_STRICT_SEEDS`` sets the tables per variant (default 1: four tables play at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from client import Client, record
from databases import POSTGRES, empty_postgres
from referee import record_faults
from servers import free_socket, start_serve
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from nardy.cli.replay import replay_file
from nardy.cli.verify_dice import verify_file

VARIANTS = [
    ("backgammon", {"match_to": 3}),
    ("nackgammon", {"match_to": 1}),
    ("long-nardy", {"match_to": 1}),
    ("dutch", {"match_to": 1, "cube": True}),
]
SEEDS = int(os.environ.get("NARDY_STRICT_SEEDS", "1"))
KILLS = 2
PERSONAL = {"you", "legal", "auto", "perspective", "position", "pips"}
"""State fields that depend on who is looking."""


class Inconsistent(AssertionError):
    """Two sightings of one version differ, or a socket went back."""


@dataclass
class Sightings:
    """Every state of one table anybody was sent, by version."""

    common: dict[int, dict[str, Any]] = field(default_factory=dict)
    seen_by: dict[tuple[int, Any], dict[str, Any]] = field(default_factory=dict)
    looked_from: dict[tuple[int, Any], Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def check(self, who: str, state: dict[str, Any]) -> None:
        n = state["n"]
        shared = {k: v for k, v in state.items() if k not in PERSONAL}
        for store, key, value in (
            (self.common, n, shared),
            (self.seen_by, (n, state["you"]), state),
            (self.looked_from, (n, state["perspective"]), (state["position"], state["pips"])),
        ):
            before = store.setdefault(key, value)  # type: ignore[attr-defined]
            if before != value:
                self.problems.append(
                    f"{who}: version {n} seen twice differently:\n{before}\n{value}"
                )


@dataclass
class Strict(Client):
    """A client that checks every state it is sent (see the module docstring)."""

    sightings: Sightings = field(default_factory=Sightings)
    acked: int = 0
    """The highest version acknowledged to this client."""

    async def _read(self, sock: ClientConnection) -> None:
        with contextlib.suppress(Exception):
            async for text in sock:
                message = json.loads(text)
                if message.get("type") == "state":
                    if self.states and message["n"] < self.state["n"]:
                        self.sightings.problems.append(f"{self.name}: version went back")
                    self.sightings.check(self.name, message)
                    self.state = message
                    self.states.append(message)
                elif message.get("id") is not None:
                    if message["type"] == "ack":
                        if message["n"] > self.state.get("n", -1):
                            self.sightings.problems.append(
                                f"{self.name}: ack {message} before its state"
                            )
                        self.acked = max(self.acked, message["n"])
                    self.replies[message["id"]] = message
                else:
                    self.other.append(message)
                self.changed.set()
        self.changed.set()


def decide(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A strict player's next command: confirm whenever the server offers it."""
    legal = state["legal"]
    if legal.get("take"):
        return {"type": "take" if rng.random() < 0.8 else "drop"}
    if legal.get("accept"):
        return {"type": "accept" if rng.random() < 0.5 else "decline"}
    if legal.get("roll"):
        if legal.get("double") and rng.random() < 0.1:
            return {"type": "double"}
        if rng.random() < 0.003:
            return {"type": "resign", "level": rng.choice(legal["resign"])}
        return {"type": "roll"}
    if legal.get("confirm"):
        return {"type": "confirm"}
    if legal.get("undo") and rng.random() < 0.1:
        return {"type": "undo"}
    steps = legal["steps"]
    bear_off = [step for step in steps if step[1] == 0]
    if bear_off and rng.random() < 0.5:  # people bear off first when they can
        steps = bear_off
    source, target = rng.choice(steps)
    return {"type": "step", "from": source, "to": target}


@dataclass
class Game:
    """One table: its players, its spectator and what they have seen."""

    variant: str
    table: str
    players: list[Strict]
    watcher: Strict
    rng: random.Random
    commands: int = 0

    @property
    def everyone(self) -> list[Strict]:
        return [*self.players, self.watcher]

    async def play(self, kill: asyncio.Event, kill_after: int) -> bool:
        """Play until the match is over (True) or the connection is lost (False); sets
        ``kill`` once this table has sent ``kill_after`` commands."""
        try:
            while True:
                n = max(c.state["n"] for c in self.everyone)
                for client in self.everyone:
                    await client.wait_n(n, timeout=60)
                if self.players[0].state["status"] == "over":
                    return True
                movers = [p for p in self.players if any(k != "resign" for k in p.state["legal"])]
                if not movers:
                    await self.players[0].wait_n(n + 1, timeout=60)
                    continue
                assert len(movers) == 1, [p.state["legal"] for p in self.players]
                message = decide(movers[0].state, self.rng)
                sent = asyncio.create_task(movers[0].request(message, timeout=60))
                if self.rng.random() < 0.5:  # asked while the command is being stored
                    await self.watcher.send_raw(json.dumps({"type": "resync"}))
                reply = await sent
                assert reply["type"] == "ack", (message, reply, movers[0].state["legal"])
                self.commands += 1
                if self.commands >= kill_after:
                    kill.set()
        except (ConnectionError, ConnectionClosed, OSError):
            return False

    async def reconnect(self) -> None:
        """Open every socket again after a restart; nothing acknowledged may be missing."""
        for client in self.everyone:
            before = client.state
            await client.close()
            after = await client.open(self.table)
            assert after["n"] >= client.acked, (self.table, client.name, client.acked, after["n"])
            if after["n"] == before["n"]:
                assert after == before, (self.table, client.name)


async def seat(base: str, variant: str, settings: dict[str, Any], seed: int) -> Game:
    sightings = Sightings()
    ala, ben = (
        Strict(base, f"Ala{seed}", sightings=sightings),
        Strict(base, f"Ben{seed}", sightings=sightings),
    )
    watcher = Strict(base, f"watcher{seed}", sightings=sightings)
    await ala.guest()
    await ben.guest()
    table = await ala.create(variant, settings, seat=0)
    await ben.join(table)
    for client in (ala, ben, watcher):
        await client.open(table)
    return Game(variant, table, [ala, ben], watcher, random.Random(seed))


def test_strict_clients_through_kill_and_restart(tmp_path: Path) -> None:
    if POSTGRES:
        empty_postgres(POSTGRES)
        database = POSTGRES
    else:
        database = f"sqlite:///{tmp_path / 'nardy.sqlite3'}"
    log = tmp_path / "serve.log"
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    base = f"http://127.0.0.1:{port}"
    # every client is on loopback: more tables than the per-address socket limit allows
    trusted = ("--trust", "127.0.0.1")
    server = start_serve(database, port, log, *trusted)

    async def scenario() -> list[tuple[Game, dict[str, Any]]]:
        nonlocal server
        games = [
            await seat(base, variant, settings, 100 * number + seed)
            for number, (variant, settings) in enumerate(VARIANTS)
            for seed in range(SEEDS)
        ]
        rng = random.Random(1)
        for _ in range(KILLS + 1):
            kill = asyncio.Event()
            playing = [g for g in games if g.players[0].state["status"] != "over"]
            tasks = [
                asyncio.create_task(g.play(kill, g.commands + rng.randrange(20, 120)))
                for g in playing
            ]
            killer = asyncio.create_task(kill.wait())
            await asyncio.wait([*tasks, killer], return_when=asyncio.FIRST_COMPLETED)
            if all(t.done() for t in tasks) or _ == KILLS:
                await asyncio.gather(*tasks)
                killer.cancel()
                continue
            os.kill(server.pid, signal.SIGKILL)  # while the other tables are mid-command
            assert server.wait(10) == -signal.SIGKILL
            await asyncio.gather(*tasks)
            server = await asyncio.to_thread(start_serve, database, port, log, *trusted)
            for game in playing:
                await game.reconnect()
        done = []
        for game in games:
            assert game.players[0].state["status"] == "over", game.table
            done.append((game, await record(base, game.table)))
            for client in game.everyone:
                await client.aclose()
        return done

    try:
        done = asyncio.run(asyncio.wait_for(scenario(), 1500))
    finally:
        server.kill()
        server.wait(10)
    assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
    for number, (game, doc) in enumerate(done):
        assert not game.players[0].sightings.problems, game.players[0].sightings.problems[:3]
        assert not record_faults(doc), (record_faults(doc), game.variant)
        path = tmp_path / f"record{number}.json"
        path.write_text(json.dumps(doc))
        with open(tmp_path / "out.txt", "w") as out:
            assert replay_file(str(path), out) == 0, (path.read_text(), game.variant)
            assert verify_file(str(path), out) == 0, game.variant
