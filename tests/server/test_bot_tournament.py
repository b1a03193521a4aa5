"""A bot written against INTERFACES.md §9 alone enters a Swiss tournament (§8) with its
token and plays it out: its pairings reach it as ``start`` events on its stream, and it
plays each at the same tables as the people it was paired with."""

from __future__ import annotations

import asyncio
from typing import Any

from bot_api import ApiBot, bot_account
from client import Client, run
from servers import LiveServer
from tournament_players import create, post, take_part, tournament


async def bot_takes_part(bot: ApiBot, tournament_id: str) -> set[str]:
    """Play every table the bot's events announce until the tournament is over."""
    played: set[str] = set()
    starts: asyncio.Queue[str] = asyncio.Queue()

    async def listen() -> None:  # one reader of the stream, never cancelled mid-line
        async for event in bot.events():
            if event is not None and event["type"] == "start":
                await starts.put(event["table"])

    listening = asyncio.create_task(listen())
    try:
        while True:
            view = (await bot.http.get(f"/api/tournaments/{tournament_id}")).json()
            if view["status"] == "over":
                return played
            try:
                table = await asyncio.wait_for(starts.get(), 1.0)
            except TimeoutError:
                continue  # nothing yet: look at the tournament again
            if table not in played:
                last = await bot.play(table)
                assert last["status"] == "over" and last["tournament"]["id"] == tournament_id
                played.add(table)
    finally:
        listening.cancel()


def test_a_bot_enters_a_swiss_and_plays_it_out(live: LiveServer) -> None:
    async def scenario() -> dict[str, Any]:
        bot = ApiBot(live.url, await bot_account(live.url, "Swissbot"))
        people = [Client(live.url, name) for name in ("Ala", "Bea", "Cyr")]
        for person in people:
            await person.guest()
        tournament_id = await create(people[0], format="swiss", rounds=3)
        joined = await bot.http.post(f"/api/tournaments/{tournament_id}/join", json={})
        assert joined.status_code == 200, joined.text
        for person in people:
            await post(person, f"/api/tournaments/{tournament_id}/join")
        await post(people[0], f"/api/tournaments/{tournament_id}/start")
        async with asyncio.timeout(300):
            played, *_ = await asyncio.gather(
                bot_takes_part(bot, tournament_id),
                *(take_part(p, tournament_id, seed) for seed, p in enumerate(people)),
            )
        view = await tournament(people[0], tournament_id)
        bot_id = next(p["id"] for p in view["players"] if p["name"] == "Swissbot")
        mine = [
            p["table"]
            for r in view["rounds"]
            for p in r["pairings"]
            if bot_id in p["players"] and p["table"] is not None
        ]
        assert sorted(played) == sorted(mine) and len(mine) == 3, "three rounds, no bye"
        await bot.aclose()
        for person in people:
            await person.aclose()
        return view

    view = run(scenario(), timeout=600)
    assert view["status"] == "over"
    assert sum(s["points"] for s in view["standings"]) == 6, "two pairings a round"
