"""A small client for the game server, used by the server tests.

It talks to a real server over real sockets: HTTP through ``httpx`` for signing in and
the lobby, a WebSocket through ``websockets`` for a table. It knows no rules: it plays
only what the ``legal`` field of the state the server sends says is allowed.

:func:`play_lockstep` drives clients one command at a time until the match is over. The
servers they talk to are started by :mod:`servers`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import httpx
from websockets.asyncio.client import ClientConnection, connect

from nardy.server.app import COOKIE

T = TypeVar("T")
ENDED = ("over", "aborted")
"""The statuses of a match that has ended (aborted: before both players played)."""


def run(coroutine: Coroutine[Any, Any, T], timeout: float = 120) -> T:
    """Run a test's client side on a fresh event loop, within ``timeout`` seconds."""
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


class ServerError(AssertionError):
    """The server answered a command with an error."""


def reply_key(message_id: Any) -> Any:
    """How :attr:`Client.replies` holds the answers to a message ``id``: the id itself, or
    for an array or object its JSON text (any JSON value may be an id)."""
    if isinstance(message_id, list | dict):
        return json.dumps(message_id, sort_keys=True)
    return message_id


@dataclass
class Client:
    """One person (or spectator) at one table: an HTTP session and a table socket."""

    base: str
    name: str = "guest"
    http: httpx.AsyncClient = field(init=False)
    socket: ClientConnection | None = None
    table: str | None = None
    state: dict[str, Any] = field(default_factory=dict)
    states: list[dict[str, Any]] = field(default_factory=list)
    """Every state received on the current socket, in order."""
    replies: dict[Any, dict[str, Any]] = field(default_factory=dict)
    other: list[dict[str, Any]] = field(default_factory=list)
    """Errors and other messages without an id."""
    presences: list[dict[str, Any]] = field(default_factory=list)
    """Every ``presence`` received (docs/PROTOCOL.md, "Presence and the
    archive"), in order."""
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    reader: asyncio.Task[None] | None = None
    next_id: int = 0
    player_id: str | None = None

    def __post_init__(self) -> None:
        self.http = httpx.AsyncClient(base_url=self.base, trust_env=False, timeout=30)

    def rebind(self, base: str | None = None) -> None:
        """Carry the session (its cookie) over to a new event loop or server address."""
        cookies = self.http.cookies
        self.base = base or self.base
        self.http = httpx.AsyncClient(
            base_url=self.base, trust_env=False, timeout=30, cookies=cookies
        )
        self.changed = asyncio.Event()

    # -- HTTP

    async def guest(self) -> Client:
        reply = await self.http.post("/api/guest", json={"name": self.name})
        reply.raise_for_status()
        self.player_id = reply.json()["id"]
        return self

    @property
    def token(self) -> str | None:
        return self.http.cookies.get(COOKIE)

    async def create(
        self, variant: str, settings: dict[str, Any] | None = None, **extra: Any
    ) -> str:
        body = {"variant": variant, "settings": settings or {}, **extra}
        reply = await self.http.post("/api/tables", json=body)
        assert reply.status_code == 200, reply.text
        self.table = reply.json()["id"]
        return self.table

    async def join(self, table: str, invite: str | None = None) -> None:
        reply = await self.http.post(f"/api/tables/{table}/join", json={"invite": invite})
        assert reply.status_code == 200, reply.text
        self.table = table

    # -- the table socket

    async def open(self, table: str | None = None) -> dict[str, Any]:
        """Connect to the table's socket; returns the first state."""
        self.table = table or self.table
        headers = {"Cookie": f"{COOKIE}={self.token}"} if self.token else {}
        self.socket = await connect(
            f"{self.base.replace('http', 'ws', 1)}/ws/tables/{self.table}",
            additional_headers=headers,
            proxy=None,
            max_size=1 << 22,
        )
        self.states = []
        self.reader = asyncio.create_task(self._read(self.socket))
        await self.wait(lambda: bool(self.states))
        return self.state

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader
        self.socket = self.reader = None

    async def aclose(self) -> None:
        await self.close()
        await self.http.aclose()

    async def _read(self, sock: ClientConnection) -> None:
        with contextlib.suppress(Exception):
            async for text in sock:
                message = json.loads(text)
                if message.get("type") == "state":
                    self.state = message
                    self.states.append(message)
                elif message.get("type") == "presence":
                    self.presences.append(message)
                    self.changed.set()
                    continue
                if message.get("id") is not None and message.get("type") != "state":
                    self.replies[reply_key(message["id"])] = message
                elif message.get("type") != "state":
                    self.other.append(message)
                self.changed.set()
        self.changed.set()

    async def wait(self, ready: Callable[[], bool], timeout: float = 15.0) -> None:
        """Wait until ``ready()`` holds (checked on every message received)."""
        async with asyncio.timeout(timeout):
            while not ready():
                self.changed.clear()
                if self.reader is not None and self.reader.done() and not ready():
                    raise ConnectionError("the socket closed")
                await self.changed.wait()

    async def wait_n(self, n: int, timeout: float = 15.0) -> None:
        await self.wait(lambda: self.state.get("n", -1) >= n, timeout)

    async def send_raw(self, text: str | bytes) -> None:
        assert self.socket is not None
        await self.socket.send(text)

    async def request(self, message: dict[str, Any], timeout: float = 15.0) -> dict[str, Any]:
        """Send ``message`` with a fresh id; returns the server's answer (ack, error, ...)."""
        self.next_id += 1
        key = f"{self.name}-{self.next_id}"
        await self.send_raw(json.dumps({**message, "id": key}))
        await self.wait(lambda: key in self.replies, timeout)
        return self.replies.pop(key)

    async def command(self, message: dict[str, Any]) -> int:
        """Send a command that must be accepted; returns the version it produced."""
        reply = await self.request(message)
        if reply["type"] != "ack":
            raise ServerError(f"{self.name}: {message} -> {reply}")
        await self.wait_n(reply["n"])
        return int(reply["n"])


def asked_to_contribute(state: dict[str, Any]) -> bool:
    """Whether the state waits for this seat's contribution to the game's dice."""
    dice, seat = state.get("game_dice"), state.get("you")
    if not dice or not dice["open"] or seat is None:
        return False
    return bool(dice["contributions"][seat]["from"] is None)


def actionable(state: dict[str, Any]) -> bool:
    """Whether the state asks this client for a decision (resigning is always optional)."""
    return any(key != "resign" for key in state.get("legal", {}))


@dataclass
class Policy:
    """How a scripted player chooses among the legal actions it is shown."""

    undo: float = 0.1
    double: float = 0.1
    take: float = 0.75
    accept: float = 0.5
    resign: float = 0.0
    whole_play: float = 0.15
    """Chance of taking back a finished play and sending it again as one ``play``."""
    abort: bool = False
    """Resign or drop even before both seats have played, aborting a match (otherwise a
    scripted player waits until :func:`may_end_early`)."""


def may_end_early(client: Client) -> bool:
    """Whether a resignation or a dropped double now would end a game rather than abort
    the match (docs/PROTOCOL.md, "Aborted matches and withdrawn tables"): in money play
    and chouettes always; in a match once this client has seen both seats play. Scripted
    players end games early only then, so that a random resignation never turns a test's
    match into an aborted one."""
    if not client.state.get("settings", {}).get("match_to") or "last_play" not in client.state:
        return True
    seen = {s["last_play"]["player"] for s in client.states if s.get("last_play")}
    return seen >= {0, 1}


async def act(client: Client, rng: random.Random, policy: Policy) -> list[dict[str, Any]]:
    """Make one decision from ``client.state['legal']``; returns the commands sent."""
    legal = client.state["legal"]
    sent: list[dict[str, Any]] = []

    async def do(message: dict[str, Any]) -> None:
        sent.append(message)
        await client.command(message)

    early = policy.abort or may_end_early(client)
    if legal.get("take"):
        await do({"type": "take" if rng.random() < policy.take or not early else "drop"})
    elif legal.get("accept"):
        await do({"type": "accept" if rng.random() < policy.accept else "decline"})
    elif legal.get("roll"):
        if legal.get("resign") and early and rng.random() < policy.resign:
            await do({"type": "resign", "level": rng.choice(legal["resign"])})
        elif legal.get("double") and rng.random() < policy.double:
            await do({"type": "double"})
        else:
            await do({"type": "roll"})
    elif "steps" in legal:
        steps = client.state["steps"]
        if legal["undo"] and rng.random() < policy.undo:
            await do({"type": "undo"})
        elif legal["confirm"] and steps and rng.random() < policy.whole_play:
            for _ in steps:
                await do({"type": "undo"})
            await do({"type": "play", "steps": steps})
        elif legal["steps"]:
            source, target = rng.choice(legal["steps"])
            await do({"type": "step", "from": source, "to": target})
        else:
            assert legal["confirm"], legal
            await do({"type": "confirm"})
    else:
        raise AssertionError(f"nothing to do in {legal}")
    return sent


async def play_lockstep(
    players: list[Client],
    rng: random.Random,
    policy: Policy | None = None,
    watchers: Iterable[Client] = (),
    until: Callable[[dict[str, Any]], bool] | None = None,
    max_commands: int = 20_000,
    contribute: bool = False,
) -> int:
    """Let the players decide one command at a time, every client catching up on each
    version before the next, until the match is over (or ``until(state)``); returns the
    number of commands sent. With ``contribute`` each player sends a random contribution
    to every game's dice when asked, as the browser does."""
    policy = policy or Policy()
    everyone = [*players, *watchers]
    sent = 0
    while sent < max_commands:
        n = max(c.state["n"] for c in everyone)
        for client in everyone:
            await client.wait_n(n)
        state = players[0].state
        if state["status"] in ENDED or (until is not None and until(state)):
            return sent
        asked = [p for p in players if contribute and asked_to_contribute(p.state)]
        if asked:
            text = f"{asked[0].name}-{rng.getrandbits(64):x}"
            await asked[0].command({"type": "contribute", "value": text})
            sent += 1
            continue
        movers = [p for p in players if actionable(p.state)]
        if not movers:  # the computer or the clock is due: wait for the next version
            await players[0].wait_n(n + 1)
            continue
        assert len(movers) == 1, [p.state["legal"] for p in players]
        sent += len(await act(movers[0], rng, policy))
    raise AssertionError(f"the match did not end in {max_commands} commands")


def both_played(state: dict[str, Any]) -> bool:
    """Whether both players have made a play: a match that ends before is aborted."""
    return bool(state["game"] > 1 or state["plays"] >= 2)


def both_played_and_on_roll(seat: int) -> Callable[[dict[str, Any]], bool]:
    """Whether both players have played and ``seat`` is to roll (where it may resign)."""
    return lambda state: (
        both_played(state) and state["turn"] == seat and state["phase"] == "rolling"
    )


def same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two states show the same table (whoever is looking)."""
    personal = {"you", "legal", "auto", "perspective", "position", "pips"}
    return {k: v for k, v in a.items() if k not in personal} == {
        k: v for k, v in b.items() if k not in personal
    }


async def record(base: str, table: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, trust_env=False) as http:
        reply = await http.get(f"/api/tables/{table}/record")
        reply.raise_for_status()
        result: dict[str, Any] = reply.json()
        return result


async def seated_pair(
    base: str, variant: str, settings: dict[str, Any] | None = None, **extra: Any
) -> tuple[list[Client], str]:
    """Two guests at a new table, both connected, in seat order."""
    ala, ben = Client(base, "Ala"), Client(base, "Ben")
    await ala.guest()
    await ben.guest()
    table = await ala.create(variant, settings, seat=0, **extra)
    await ben.join(table)
    await ala.open()
    await ben.open()
    return [ala, ben], table


async def away(client: Client, seat: int) -> dict[str, Any]:
    """Wait until the last presence ``client`` received says the player at ``seat`` is
    gone, with the time they keep their seat until; that seat's presence
    (docs/PROTOCOL.md, "Presence and the archive")."""

    def gone() -> dict[str, Any] | None:
        seats = client.presences[-1]["seats"] if client.presences else []
        found: dict[str, Any] | None = seats[seat] if seat < len(seats) else None
        return found if found and not found["connected"] and found["deadline"] else None

    await client.wait(lambda: gone() is not None)
    found = gone()
    assert found is not None
    return found
