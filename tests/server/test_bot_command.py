"""``nardy bot`` (INTERFACES.md §9) as a program: it plays a whole match at a ``nardy serve``
of its own process, through a kill and restart of that server (its streams dropped and
opened again); and GNU Backgammon, through ``gnubg-nn``, plays a whole match as a bot."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from bot_api import bot_account
from client import Client, Policy, act, actionable, run
from servers import LiveServer, free_socket, start_serve

from nardy.bench.gnubg import load as load_gnubg
from nardy.botclient.client import BotClient


async def person_plays(person: Client, rng: random.Random, until: Any = None) -> dict[str, Any]:
    """A person at the socket, playing randomly until the match ends (or ``until``)."""
    policy = Policy(double=0.2, take=0.6, undo=0.0, whole_play=0.3)

    def done() -> bool:
        return person.state["status"] == "over" or (until is not None and until(person.state))

    while not done():
        if actionable(person.state):
            await act(person, rng, policy)
        else:
            await person.wait(lambda: actionable(person.state) or done(), 180)
    return person.state


def test_nardy_bot_plays_a_match_at_another_server_through_a_restart(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'nardy.sqlite3'}"
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "serve.log"
    server = start_serve(database, port, log)
    bot: subprocess.Popen[bytes] | None = None
    person = Client(base, "Ala")
    try:
        token = run(bot_account(base, "Nardybot"))
        command = [sys.executable, "-m", "nardy.cli", "bot", "--server", base, "--token", token]
        bot = subprocess.Popen([*command, "--level", "advanced"], stderr=subprocess.PIPE)

        async def first_half() -> str:
            await person.guest()
            table = await person.create("backgammon", {"match_to": 3}, seat=0)
            async with httpx.AsyncClient(base_url=base, trust_env=False) as http:
                headers = {"Authorization": f"Bearer {token}"}
                joined = await http.post(f"/api/tables/{table}/join", json={}, headers=headers)
                assert joined.status_code == 200, joined.text
            await person.open(table)
            await person_plays(person, random.Random(3), until=lambda s: s["plays"] >= 6)
            await person.close()
            return table

        table = run(first_half(), timeout=300)
        server.send_signal(signal.SIGKILL)
        server.wait()
        server = start_serve(database, port, log)

        async def second_half() -> dict[str, Any]:
            person.rebind()
            await person.open(table)
            return await person_plays(person, random.Random(4))

        last = run(second_half(), timeout=600)
        assert last["status"] == "over" and last["bots"] == [False, True]
        assert last["winner"] is not None
    finally:
        if bot is not None:
            bot.terminate()
            _, errors = bot.communicate(timeout=30)
            text = errors.decode()
            print(f"nardy bot's log, its end:\n{text[-3000:]}")  # shown if the test fails
            print(f"nardy serve's log, its end:\n{log.read_text()[-3000:]}")
            assert "Traceback" not in text, text[max(0, text.find("Traceback") - 300) :][:6000]
        server.terminate()
        server.wait(30)


@pytest.mark.skipif(load_gnubg() is None, reason="gnubg-nn is not installed")
def test_gnu_backgammon_plays_a_match_as_a_bot(live: LiveServer) -> None:
    async def scenario() -> None:
        token = await bot_account(live.url, "Gnubg")
        headers = {"Authorization": f"Bearer {token}"}
        body = {"variant": "backgammon", "settings": {"match_to": 3}, "opponent": "computer"}
        async with httpx.AsyncClient(base_url=live.url, trust_env=False) as http:
            created = await http.post("/api/tables", json=body, headers=headers)
            assert created.status_code == 200, created.text
            table = created.json()["id"]
            await BotClient(live.url, token, "gnubg:0").run(tables=1)
            state = (await http.get(f"/api/tables/{table}", headers=headers)).json()
            record = (await http.get(f"/api/tables/{table}/record")).json()
        assert state["status"] == "over" and state["bots"][state["you"]] is True
        mover = state["you"]
        assert any(
            a["player"] == mover and a["type"] == "play"
            for g in record["games"]
            for a in g["actions"]
        )

    run(asyncio.wait_for(scenario(), 600), timeout=600)
