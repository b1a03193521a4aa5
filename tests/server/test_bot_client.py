"""``nardy bot``'s client (INTERFACES.md §9) when the site refuses a command: nothing
changes at the table, so no new state follows, and the bot asks for the current state
(``resync``) and decides again instead of waiting for ever."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from bot_api import bot_account
from client import run
from servers import LiveServer

from nardy.botclient import client as bot_client
from nardy.botclient.client import BotClient


class Refusing(BotClient):
    """A bot whose first ``refusals`` commands other than ``resync`` are refused."""

    def __init__(self, server: str, token: str, refusals: int) -> None:
        super().__init__(server, token, "advanced")
        self.refusals = refusals
        self.resyncs = 0

    async def _command_reply(self, table: str, command: dict[str, Any]) -> dict[str, Any]:
        if command["type"] == "resync":
            self.resyncs += 1
        elif self.refusals > 0:
            self.refusals -= 1
            return {}  # what a refusal answers, and nothing sent
        return await super()._command_reply(table, command)


def test_a_refused_command_is_decided_again_from_the_current_state(
    live: LiveServer, monkeypatch: Any
) -> None:
    monkeypatch.setattr(bot_client, "MAX_PAUSE", 0.5)  # the retries' pauses, shortened

    async def scenario() -> None:
        token = await bot_account(live.url, "Stubborn")
        body = {"variant": "backgammon", "settings": {"match_to": 1}, "opponent": "computer"}
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(base_url=live.url, trust_env=False) as http:
            created = await http.post("/api/tables", json=body, headers=headers)
            assert created.status_code == 200, created.text
            table = created.json()["id"]
            bot = Refusing(live.url, token, refusals=3)
            await asyncio.wait_for(bot.run(tables=1), 300)
            state = (await http.get(f"/api/tables/{table}", headers=headers)).json()
        assert state["status"] == "over"
        assert bot.refusals == 0 and bot.resyncs >= 3

    run(scenario(), timeout=360)
