"""The Bot API (INTERFACES.md §9) over a real server: a bot written against the contract
alone (:mod:`bot_api`) plays whole matches with the cube against a person at a socket and
against the house computer (rated, on the leaderboard with its mark); a person challenges
a bot; tokens are checked, paced and revoked."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
from bot_api import ApiBot, bot_account, lines
from client import Client, Policy, act, actionable, run
from servers import LiveServer


async def person_plays(person: Client, rng: random.Random) -> dict[str, Any]:
    """A person at the table's socket: random legal decisions until the match ends."""
    policy = Policy(double=0.2, take=0.6, undo=0.0, whole_play=0.3)
    while person.state["status"] != "over":
        if actionable(person.state):
            await act(person, rng, policy)
        else:
            await person.wait(
                lambda: actionable(person.state) or person.state["status"] == "over", 120
            )
    return person.state


async def next_event(events: Any) -> dict[str, Any]:
    """The next event of a stream, past its keep-alive lines."""
    while True:
        event = await anext(events)
        if event is not None:
            return dict(event)


def test_a_bot_plays_a_match_with_the_cube_against_a_person(live: LiveServer) -> None:
    async def scenario() -> None:
        bot = ApiBot(live.url, await bot_account(live.url, "Randombot"))
        person = Client(live.url, "Ala")
        await person.guest()
        table = await person.create("backgammon", {"match_to": 3, "cube": True}, seat=0)
        events = bot.events()
        joined = await bot.http.post(f"/api/tables/{table}/join", json={})
        assert joined.status_code == 200, joined.text
        assert joined.json()["seat"] == 1
        assert await next_event(events) == {"type": "start", "table": table}
        await person.open(table)
        assert person.state["bots"] == [False, True]
        last, _ = await asyncio.gather(bot.play(table), person_plays(person, random.Random(2)))
        assert last["winner"] is not None and last["bots"] == [False, True]
        assert await next_event(events) == {"type": "finish", "table": table}
        async with httpx.AsyncClient(base_url=live.url, trust_env=False) as http:
            record = (await http.get(f"/api/tables/{table}/record")).json()
            seen = (await http.get(f"/api/tables/{table}")).json()
        actions = [a for game in record["games"] for a in game["actions"]]
        assert any(a["type"] == "double" and a["player"] == 1 for a in actions)
        assert any(a["type"] == "play" and a["player"] == 1 for a in actions)
        assert {"play", "undo"} <= {c["type"] for c in bot.commands}
        assert seen["bots"] == [False, True] and seen["status"] == "over"
        await events.aclose()
        await bot.aclose()
        await person.aclose()

    run(scenario(), timeout=600)


def test_a_bot_plays_the_house_computer(live: LiveServer) -> None:
    async def scenario() -> None:
        bot = ApiBot(live.url, await bot_account(live.url, "Housebot"))
        body = {"variant": "backgammon", "settings": {"match_to": 3}, "opponent": "computer"}
        created = await bot.http.post("/api/tables", json={**body, "rated": True})
        assert created.status_code == 200, created.text
        table = created.json()["id"]
        last = await bot.play(table)
        assert last["status"] == "over" and sum(last["score"]) >= 3
        seat = last["you"]
        assert last["bots"][seat] is True and last["bots"][1 - seat] is False
        board = (await bot.http.get("/api/ratings/backgammon")).json()["players"]
        marked = {entry["name"]: entry.get("bot", False) for entry in board}
        assert marked["Housebot"] is True  # rated in the same pool, with its mark
        assert not any(marked[name] for name in marked if name != "Housebot")
        await bot.aclose()

    run(scenario(), timeout=600)


def test_tokens_are_checked_and_revoked_at_once(live: LiveServer) -> None:
    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=live.url, trust_env=False) as owner:
            reply = await owner.post(
                "/api/register", json={"name": "Revbot", "password": "bot password", "bot": True}
            )
            assert reply.json()["bot"] is True
            made = (await owner.post("/api/tokens", json={"label": "first"})).json()
            assert made["token"].startswith("nardy_")  # never "-", which argv reads as an option
            listed = (await owner.get("/api/tokens")).json()["tokens"]
            assert [t["id"] for t in listed] == [made["id"]] and "token" not in listed[0]
            bot = ApiBot(live.url, made["token"])
            body = {"variant": "backgammon", "opponent": "computer"}
            table = (await bot.http.post("/api/tables", json=body)).json()["id"]
            async with bot.http.stream("GET", f"/api/bot/tables/{table}/stream") as stream:
                states = lines(stream)
                first = await anext(states)
                assert first is not None and first["type"] == "state"
                revoked = await owner.delete(f"/api/tokens/{made['id']}")
                assert revoked.status_code == 200, revoked.text
                async with asyncio.timeout(2):  # the open stream ends at once
                    async for _ in states:
                        pass
            refused = await bot.http.post(f"/api/bot/tables/{table}/command", json={"type": "roll"})
            assert refused.status_code == 401
            assert refused.json()["type"] == "error" and refused.json()["message"]
            assert (await bot.http.post("/api/tables", json=body)).status_code == 401
            assert (await owner.get("/api/tokens")).json()["tokens"] == []
            await bot.aclose()

    run(scenario())


def test_bad_calls_get_clear_answers(live: LiveServer) -> None:
    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=live.url, trust_env=False) as http:
            missing = await http.get("/api/bot/events")
            assert missing.status_code == 401 and missing.json()["type"] == "error"
            wrong = await http.get("/api/bot/events", headers={"Authorization": "Bearer nope"})
            assert wrong.status_code == 401
            await http.post("/api/register", json={"name": "Person", "password": "a password"})
            person_token = (await http.post("/api/tokens", json={})).json()["token"]
            http.cookies.clear()
            person = {"Authorization": f"Bearer {person_token}"}
            assert (await http.get("/api/bot/events", headers=person)).status_code == 403
            guest = await http.post("/api/guest", json={"name": "Gus"})
            assert guest.status_code == 200
            assert (await http.post("/api/tokens", json={})).status_code == 403
        bot = ApiBot(live.url, await bot_account(live.url, "Carefulbot"))
        body = {"variant": "backgammon", "opponent": "computer", "seat": 0}
        table = (await bot.http.post("/api/tables", json=body)).json()["id"]
        path = f"/api/bot/tables/{table}/command"
        for command, words, code in [
            ({"type": "fly"}, "unknown command", "bad_message"),
            ({"type": "step", "from": "x"}, "whole numbers", "bad_message"),
            ({"type": "take"}, "no double", "nothing_to_answer"),
        ]:
            reply = await bot.http.post(path, json=command)
            assert reply.status_code == 400, reply.text
            assert reply.json()["type"] == "error" and words in reply.json()["message"], reply.text
            assert reply.json()["code"] == code, reply.text  # as the socket's (PROTOCOL.md)
        broken = await bot.http.post(path, content=b"{", headers={"Content-Type": "text/plain"})
        assert broken.status_code == 400 and "JSON" in broken.json()["message"]
        assert broken.json()["code"] == "bad_message"
        unknown = await bot.http.post("/api/bot/tables/nosuchtable/command", json={"type": "roll"})
        assert unknown.status_code == 404 and unknown.json()["type"] == "error"
        assert unknown.json()["code"] == "no_table", unknown.text
        assert unknown.json()["params"] == {"table_id": "nosuchtable"}, unknown.text
        async for event in bot.events():  # a keep-alive line comes within 10 seconds
            if event is None:
                break
        await bot.aclose()

    run(scenario())


def test_a_refused_stream_says_why_with_a_code(live: LiveServer) -> None:
    """docs/PROTOCOL.md, Refusals: a stream that cannot open answers as a command does."""

    async def scenario() -> None:
        bot = ApiBot(live.url, await bot_account(live.url, "Streambot"))
        person = Client(live.url, "Ala")
        await person.guest()
        theirs = await person.create("backgammon", {"match_to": 1}, opponent="computer")
        for table, status, code in [(theirs, 403, "not_seated"), ("nosuchtable", 404, "no_table")]:
            async with bot.http.stream("GET", f"/api/bot/tables/{table}/stream") as answer:
                body = json.loads(await answer.aread())
            assert answer.status_code == status, body
            assert body["type"] == "error" and body["code"] == code, body
        await person.aclose()
        await bot.aclose()

    run(scenario())


def test_a_fast_bot_is_paced_not_refused(live: LiveServer) -> None:
    """Far more calls than the address's request rate (120 a minute): each is answered."""

    async def scenario() -> None:
        bot = ApiBot(live.url, await bot_account(live.url, "Pingbot"))
        body = {"variant": "backgammon", "opponent": "computer"}
        table = (await bot.http.post("/api/tables", json=body)).json()["id"]
        path = f"/api/bot/tables/{table}/command"
        replies = await asyncio.gather(
            *(bot.http.post(path, json={"type": "ping"}) for _ in range(200))
        )
        assert {r.status_code for r in replies} == {200}
        assert replies[0].json()["type"] == "pong"
        await bot.aclose()

    run(scenario())


def test_a_person_challenges_a_bot(live: LiveServer) -> None:
    async def scenario() -> None:
        bot = ApiBot(live.url, await bot_account(live.url, "Challenged"))
        bot_id = (await bot.http.get("/api/me")).json()["id"]
        events = bot.events()
        person = Client(live.url, "Ala")
        await person.guest()
        body = {"variant": "backgammon", "settings": {"match_to": 1}, "seat": 1}
        made = await person.http.post(f"/api/bots/{bot_id}/challenge", json=body)
        assert made.status_code == 200, made.text
        table = made.json()["id"]
        assert made.json()["seat"] == 1
        assert await next_event(events) == {"type": "start", "table": table}
        await person.open(table)
        assert person.state["bots"] == [True, False] and person.state["status"] == "playing"
        last, _ = await asyncio.gather(bot.play(table), person_plays(person, random.Random(6)))
        assert last["status"] == "over"
        not_a_bot = await person.http.post(f"/api/bots/{person.player_id}/challenge", json=body)
        assert not_a_bot.status_code == 404
        await events.aclose()
        await bot.aclose()
        await person.aclose()

    run(scenario(), timeout=600)
