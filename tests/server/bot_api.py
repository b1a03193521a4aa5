"""A bot written against INTERFACES.md §9 alone, for the tests: it registers as a bot,
makes a token, follows its events and plays every table it is seated at with random legal
decisions read from each state's ``legal``, through HTTP only (``httpx``)."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx


async def bot_account(base: str, name: str) -> str:
    """Register the bot account ``name``; returns a token of it."""
    async with httpx.AsyncClient(base_url=base, trust_env=False) as http:
        reply = await http.post(
            "/api/register", json={"name": name, "password": "bot password", "bot": True}
        )
        assert reply.status_code == 200, reply.text
        assert reply.json()["bot"] is True
        reply = await http.post("/api/tokens", json={})
        assert reply.status_code == 200, reply.text
        return str(reply.json()["token"])


async def lines(reply: httpx.Response) -> AsyncIterator[dict[str, Any] | None]:
    """The objects of an NDJSON answer; None for each keep-alive (empty) line."""
    async for line in reply.aiter_lines():
        yield json.loads(line) if line.strip() else None


@dataclass
class ApiBot:
    """One bot (see the module)."""

    base: str
    token: str
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    http: httpx.AsyncClient = field(init=False)
    commands: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        self.http = httpx.AsyncClient(
            base_url=self.base, headers=headers, trust_env=False, timeout=60
        )

    async def aclose(self) -> None:
        await self.http.aclose()

    async def send(self, table: str, command: dict[str, Any]) -> int:
        """One command that must be accepted; the version it made."""
        reply = await self.http.post(f"/api/bot/tables/{table}/command", json=command)
        assert reply.status_code == 200, (command, reply.status_code, reply.text)
        answer = reply.json()
        assert answer["type"] == "ack", answer
        self.commands.append(command)
        return int(answer["n"])

    async def play(self, table: str) -> dict[str, Any]:
        """Play the table until its match is over; its last state."""
        made = -1  # the version our last command made: older states are stale
        async with self.http.stream("GET", f"/api/bot/tables/{table}/stream") as reply:
            assert reply.status_code == 200, await reply.aread()
            assert reply.headers["content-type"].startswith("application/x-ndjson")
            async for state in lines(reply):
                if state is None or state["n"] < made:
                    continue
                assert state["type"] == "state"
                if state["status"] == "over":
                    return state
                for command in self.decide(state):
                    made = await self.send(table, command)
        raise AssertionError("the stream ended before the match did")

    def decide(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        """Random legal commands for this state (none when it is not the bot's call):
        the bot doubles whenever it may, and sends most plays whole."""
        legal, rng = state["legal"], self.rng
        if legal.get("take"):
            return [{"type": "take" if rng.random() < 0.7 else "drop"}]
        if legal.get("accept"):
            return [{"type": "accept"}]
        if legal.get("roll"):
            return [{"type": "double" if legal.get("double") else "roll"}]
        if "steps" not in legal:
            return []
        if legal["confirm"]:
            steps = state["steps"]
            if steps and rng.random() < 0.7:  # taken back and sent as one play
                return [*({"type": "undo"} for _ in steps), {"type": "play", "steps": steps}]
            return [{"type": "confirm"}]
        source, target = rng.choice(legal["steps"])
        return [{"type": "step", "from": source, "to": target}]

    async def events(self) -> AsyncIterator[dict[str, Any] | None]:
        """The bot's events (None for a keep-alive line)."""
        async with self.http.stream("GET", "/api/bot/events") as reply:
            assert reply.status_code == 200, await reply.aread()
            async for event in lines(reply):
                yield event
