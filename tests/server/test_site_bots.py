"""The Bot API at a site of several processes (INTERFACES.md §6, §9): a bot that talks
only to one process plays a whole match at a table another process owns, its stream and
its commands going through that table's door."""

from __future__ import annotations

import asyncio
import random

from bot_api import ApiBot, bot_account
from client import Client, run
from processes import SiteProcesses
from test_bot_api import next_event, person_plays


def test_a_bot_plays_through_another_process(site: SiteProcesses) -> None:
    here, there = site.urls

    async def scenario() -> None:
        person = Client(here, "Ala")
        await person.guest()
        table = await person.create("backgammon", {"match_to": 3, "cube": True}, seat=0)
        await person.open(table)  # the table is live at the first process
        bot = ApiBot(there, await bot_account(there, "Farbot"))
        events = bot.events()
        joined = await bot.http.post(f"/api/tables/{table}/join", json={})
        assert joined.status_code == 200, joined.text
        assert await next_event(events) == {"type": "start", "table": table}
        last, mine = await asyncio.gather(bot.play(table), person_plays(person, random.Random(5)))
        assert last["status"] == "over" and last["bots"] == [False, True]
        assert mine["winner"] == last["winner"] and mine["n"] == last["n"]
        assert await next_event(events) == {"type": "finish", "table": table}
        await events.aclose()
        await bot.aclose()
        await person.aclose()

    run(scenario(), timeout=600)
