"""A tournament's chat through the real server (docs/PROTOCOL.md, "Tournament chat"):
anyone signed in says, anyone reads, in order and without loss across a restart; the
table chat's rules and rate hold; a bot account's lines are marked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from client import Client, run
from servers import LiveServer
from tournament_players import create, post

from nardy.server.protocol.chat import CHAT_LENGTH


async def say(client: httpx.AsyncClient, tournament_id: str, text: Any) -> httpx.Response:
    return await client.post(f"/api/tournaments/{tournament_id}/chat", json={"text": text})


async def lines(client: Client, tournament_id: str, after: int = 0) -> list[dict[str, Any]]:
    reply = await client.http.get(f"/api/tournaments/{tournament_id}/chat?after={after}")
    assert reply.status_code == 200, reply.text
    found: list[dict[str, Any]] = reply.json()["messages"]
    return found


def test_entrants_and_onlookers_talk_in_order(live: LiveServer) -> None:
    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
        ala, ola = Client(live.url, "Ala"), Client(live.url, "Ola")
        await ala.guest()
        await ola.guest()
        tournament_id = await create(ala, format="swiss")
        await post(ala, f"/api/tournaments/{tournament_id}/join")  # Ola only watches
        for client, text in ((ala, "  good luck  "), (ola, "have fun"), (ala, "thanks")):
            reply = await say(client.http, tournament_id, text)
            assert reply.status_code == 200, reply.text
        stranger = Client(live.url)  # never signed in: reads, may not say
        everything = await lines(stranger, tournament_id)
        later = await lines(stranger, tournament_id, after=everything[0]["n"])
        refused = (await say(stranger.http, tournament_id, "hi")).status_code
        for client in (ala, ola, stranger):
            await client.aclose()
        return everything, later, refused

    everything, later, refused = run(scenario())
    said = [(m["n"], m["from"], m["text"], m["bot"]) for m in everything]
    assert said == [
        (1, "Ala", "good luck", False),
        (2, "Ola", "have fun", False),
        (3, "Ala", "thanks", False),
    ]
    assert later == everything[1:]
    assert refused == 401


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "needs some 'text'"),
        (" \n\t ", "needs some 'text'"),
        ("\u200b\u2060\u3164\u2800", "needs some 'text' that shows"),
        (None, "text"),
        (7, "text"),
        ("x" * (CHAT_LENGTH + 1), f"at most {CHAT_LENGTH} characters"),
    ],
)
def test_bad_chat_is_refused_with_a_reason(live: LiveServer, text: Any, reason: str) -> None:
    async def scenario() -> tuple[int, str, list[dict[str, Any]]]:
        ala = await Client(live.url, "Ala").guest()
        tournament_id = await create(ala, format="swiss")
        reply = await say(ala.http, tournament_id, text)
        kept = await lines(ala, tournament_id)
        await ala.aclose()
        return reply.status_code, reply.text, kept

    status, answer, kept = run(scenario())
    assert 400 <= status < 500 and reason in answer
    assert kept == []


def test_chat_at_no_tournament_or_a_bad_line_is_refused(live: LiveServer) -> None:
    async def scenario() -> list[int]:
        ala = await Client(live.url, "Ala").guest()
        tournament_id = await create(ala, format="swiss")
        path = f"/api/tournaments/{tournament_id}/chat"
        codes = [
            (await say(ala.http, "nothing", "hi")).status_code,
            (await ala.http.get("/api/tournaments/nothing/chat")).status_code,
            (await ala.http.get(f"{path}?after=-1")).status_code,
            (await ala.http.get(f"{path}?after=one")).status_code,
            (await ala.http.get(f"{path}?after={10**30}")).status_code,
            (await ala.http.post(path, content=b"{not json")).status_code,
        ]
        await ala.aclose()
        return codes

    assert run(scenario()) == [404, 404, 422, 422, 422, 422]


def test_chat_is_paced_at_the_table_chats_rate(live: LiveServer) -> None:
    async def scenario() -> tuple[list[int], str, int]:
        ala = await Client(live.url, "Ala").guest()
        tournament_id = await create(ala, format="swiss")
        replies = [await say(ala.http, tournament_id, f"line {k}") for k in range(6)]
        kept = len(await lines(ala, tournament_id))
        await ala.aclose()
        return [r.status_code for r in replies], replies[-1].text, kept

    codes, answer, kept = run(scenario())
    assert codes == [200] * 5 + [429]  # Limits.chat_per_player: 5 per 10 seconds
    assert "slow down" in answer and kept == 5


def test_a_bot_accounts_lines_are_marked(live: LiveServer) -> None:
    async def scenario() -> list[dict[str, Any]]:
        ala = await Client(live.url, "Ala").guest()
        tournament_id = await create(ala, format="swiss")
        async with httpx.AsyncClient(base_url=live.url, trust_env=False) as bot:
            account = {"name": "Robo", "password": "bot password", "bot": True}
            assert (await bot.post("/api/register", json=account)).status_code == 200
            assert (await say(bot, tournament_id, "beep")).status_code == 200
        found = await lines(ala, tournament_id)
        await ala.aclose()
        return found

    (line,) = run(scenario())
    assert (line["from"], line["text"], line["bot"]) == ("Robo", "beep", True)


def test_chat_outlives_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "nardy.sqlite3"

    async def first(live: LiveServer) -> str:
        ala = await Client(live.url, "Ala").guest()
        tournament_id = await create(ala, format="swiss")
        assert (await say(ala.http, tournament_id, "see you")).status_code == 200
        await ala.aclose()
        return tournament_id

    async def second(live: LiveServer, tournament_id: str) -> list[dict[str, Any]]:
        reader = Client(live.url)
        found = await lines(reader, tournament_id)
        await reader.aclose()
        return found

    with LiveServer(database) as live:
        tournament_id = run(first(live))
    with LiveServer(database) as live:
        found = run(second(live, tournament_id))
    assert [(m["from"], m["text"]) for m in found] == [("Ala", "see you")]
