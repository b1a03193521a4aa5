"""The scripted clients of ``nardy bench server``: two per game, each at its own socket.

A client plays what the ``legal`` field of its latest state allows (a step, undo,
confirm, roll, double, take or drop; no rules in the client) and times each command from
sending it to its ``ack``. When its socket drops it reconnects, with backoff, to the next
target address, and counts what it saw: the reconnection, the time from losing the socket
to holding the table's state again, and any acknowledged command the table no longer
shows (a state whose version is below an acknowledged one: a lost command).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass, field
from typing import Any

import orjson

COOKIE = "nardy_session"
ANSWER_WAIT = 15.0
"""Seconds a client waits for the answer to a command before giving up on it."""


@dataclass
class Figures:
    """What the clients connected to one target measured."""

    rtts: list[float] = field(default_factory=list)
    errors: int = 0
    reconnects: int = 0
    resyncs: list[float] = field(default_factory=list)
    """Seconds from losing a socket to receiving the table's state on the next one."""
    resumes: list[float] = field(default_factory=list)
    """Seconds from the kill to each table's first acknowledged command after it."""
    lost: int = 0
    unanswered: int = 0
    """Commands sent that were never answered (their socket or its table's owner died)."""

    def merge(self, other: Figures) -> None:
        self.rtts += other.rtts
        self.errors += other.errors
        self.reconnects += other.reconnects
        self.resyncs += other.resyncs
        self.resumes += other.resumes
        self.lost += other.lost
        self.unanswered += other.unanswered

    def to_json(self) -> dict[str, Any]:
        return {
            "rtts": self.rtts,
            "errors": self.errors,
            "reconnects": self.reconnects,
            "resyncs": self.resyncs,
            "resumes": self.resumes,
            "lost": self.lost,
            "unanswered": self.unanswered,
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Figures:
        return cls(**doc)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` in milliseconds, two decimals (0 for none).

    >>> percentile([0.001, 0.002, 0.003, 0.004], 0.5)
    3.0
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)


@dataclass
class Player:
    """One scripted client at one table."""

    token: str
    table: str
    targets: list[str]
    where: int
    rng: random.Random
    figures: dict[str, Figures]
    think: float
    killed_at: list[float]
    """The kill time, once the bench has killed a target (shared by every client)."""
    state: dict[str, Any] = field(default_factory=dict)
    pending: str | None = None
    sent_at: float = 0.0
    counter: int = 0
    acked: int = 0
    """The highest version an acknowledgement has reported."""
    lost_at: float | None = None
    resumed: bool = False
    ws: Any = None

    @property
    def target(self) -> str:
        return self.targets[self.where]

    def choose(self) -> dict[str, Any] | None:
        """A command the latest state allows, or None when it is not this player's call."""
        legal = self.state.get("legal") or {}
        rng = self.rng
        if legal.get("take"):
            return {"type": "take" if rng.random() < 0.8 else "drop"}
        if legal.get("accept"):
            return {"type": "accept"}
        if legal.get("roll"):
            if legal.get("double") and rng.random() < 0.05:
                return {"type": "double"}
            return {"type": "roll"}
        if "steps" in legal:
            if legal.get("undo") and rng.random() < 0.05:
                return {"type": "undo"}
            if legal["steps"]:
                source, target = rng.choice(legal["steps"])
                return {"type": "step", "from": source, "to": target}
            return {"type": "confirm"}
        return None

    async def play(self, ready: asyncio.Event, go: asyncio.Event, stop: asyncio.Event) -> None:
        """Play until ``stop``, reconnecting whenever the socket drops."""
        from websockets.asyncio.client import connect

        backoff = 0.1
        while not stop.is_set():
            url = self.target.replace("http", "ws", 1)
            try:
                async with connect(
                    f"{url}/ws/tables/{self.table}",
                    additional_headers={"Cookie": f"{COOKIE}={self.token}"},
                    proxy=None,
                    max_size=1 << 22,
                    open_timeout=60,
                    ping_interval=None,
                ) as ws:
                    self.ws = ws
                    while True:  # the state comes first; an error means try elsewhere
                        first = orjson.loads(await ws.recv())
                        if first.get("type") == "state":
                            break
                        if first.get("type") == "error":
                            raise ConnectionError(first.get("message"))
                    self._on_state(first)
                    if self.lost_at is not None:
                        figures = self.figures[self.target]
                        figures.reconnects += 1
                        figures.resyncs.append(time.perf_counter() - self.lost_at)
                        self.lost_at = None
                    backoff = 0.1
                    ready.set()
                    await go.wait()
                    await self._converse(ws, stop)
            except Exception:  # refused, reset, closed (the websockets library's errors too)
                if not self._dropped(stop):
                    return
            if stop.is_set():
                return
            await asyncio.sleep(backoff * (0.5 + self.rng.random()))
            backoff = min(2.0, backoff * 2)

    def _dropped(self, stop: asyncio.Event) -> bool:
        """Note a lost socket; whether to try again."""
        if stop.is_set():
            return False
        if self.lost_at is None:
            self.lost_at = time.perf_counter()
        if self.pending is not None:
            self.figures[self.target].unanswered += 1
            self.pending = None
        self.where = (self.where + 1) % len(self.targets)
        return True

    def _on_state(self, state: dict[str, Any]) -> None:
        if state.get("n", 0) < self.acked:  # the table forgot acknowledged commands
            self.figures[self.target].lost += self.acked - state["n"]
            self.acked = state["n"]
        self.state = state

    async def give_up_if_overdue(self, now: float) -> None:
        """When the answer to the command in flight is :data:`ANSWER_WAIT` late, count it
        unanswered and ask for the state again (its answer will not come); the state
        that comes back lets the client go on. :func:`watch_answers` calls this for every
        client, instead of each client arming a timer for each message it reads."""
        if self.pending is None or now - self.sent_at < ANSWER_WAIT or self.ws is None:
            return
        self.figures[self.target].unanswered += 1
        self.pending = None
        with contextlib.suppress(Exception):  # the socket is gone: play() reconnects
            await self.ws.send('{"type":"resync"}')

    async def _converse(self, ws: Any, stop: asyncio.Event) -> None:
        await self.next_command(ws, stop)
        while not stop.is_set():
            text = await ws.recv()
            message = orjson.loads(text)
            kind = message.get("type")
            if kind == "state":
                self._on_state(message)
            elif message.get("id") == self.pending and self.pending is not None:
                figures = self.figures[self.target]
                if kind == "ack":
                    figures.rtts.append(time.perf_counter() - self.sent_at)
                    self.acked = max(self.acked, int(message.get("n", 0)))
                    if self.killed_at and not self.resumed:
                        self.resumed = True
                        figures.resumes.append(time.perf_counter() - self.killed_at[0])
                else:
                    figures.errors += 1
                self.pending = None
            await self.next_command(ws, stop)

    async def next_command(self, ws: Any, stop: asyncio.Event) -> None:
        """Send the next command if it is this player's call and none is in flight."""
        if self.pending is not None:
            return
        command = self.choose()
        if command is None:
            return
        if self.think:
            await asyncio.sleep(self.rng.expovariate(1 / self.think))
            if stop.is_set():
                return
        self.counter += 1
        self.pending = str(self.counter)
        self.sent_at = time.perf_counter()
        await ws.send(orjson.dumps({**command, "id": self.pending}).decode())


async def watch_answers(players: list[Player], stop: asyncio.Event, every: float = 1.0) -> None:
    """Until ``stop``, look every ``every`` seconds for commands whose answer is overdue
    (:meth:`Player.give_up_if_overdue`)."""
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)
        now = time.perf_counter()
        for player in players:
            await player.give_up_if_overdue(now)


async def seat_game(bases: tuple[str, str], variant: str) -> tuple[str, str, str]:
    """Two guests at a new money table, each signed in at its own target (the second
    joins through its own); returns (table, token 0, token 1)."""
    import httpx

    tokens = []
    for base, name in zip(bases, ("Ala", "Ben"), strict=True):
        async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=120) as http:
            reply = await http.post("/api/guest", json={"name": name})
            reply.raise_for_status()
            tokens.append(reply.cookies[COOKIE])
    headers = [{"Cookie": f"{COOKIE}={token}"} for token in tokens]
    body = {"variant": variant, "settings": {"match_to": 0}, "seat": 0}
    async with httpx.AsyncClient(base_url=bases[0], trust_env=False, timeout=120) as http:
        reply = await http.post("/api/tables", json=body, headers=headers[0])
        reply.raise_for_status()
        table = reply.json()["id"]
    async with httpx.AsyncClient(base_url=bases[1], trust_env=False, timeout=120) as http:
        reply = await http.post(f"/api/tables/{table}/join", json={}, headers=headers[1])
        reply.raise_for_status()
    return table, tokens[0], tokens[1]


async def wait_ready(base: str, seconds: float = 60.0) -> None:
    """Wait until the server at ``base`` answers."""
    import httpx

    async with httpx.AsyncClient(base_url=base, trust_env=False) as http:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.TransportError):
                await http.get("/api/me")
                return
            await asyncio.sleep(0.05)
    raise RuntimeError(f"the server at {base} did not start")
