"""Whole tournaments played by scripted clients through the real server, in every format
(INTERFACES.md §8): pairing after pairing at ordinary tables, to the standings."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from client import Client, run
from lobbies import until as holds
from servers import LiveServer
from tournament_players import create, play_table, post, tables_open, take_part, tournament, until

from nardy.server.app import ServerConfig
from nardy.server.clock import ManualClock


async def field(live: LiveServer, count: int) -> list[Client]:
    players = [Client(live.url, f"p{k}") for k in range(count)]
    for player in players:
        await player.guest()
    return players


async def play_out(live: LiveServer, count: int, **fields: Any) -> dict[str, Any]:
    """Create a tournament, enter ``count`` scripted players, start it and play it out."""
    players = await field(live, count)
    tournament_id = await create(players[0], **fields)
    for player in players:
        await post(player, f"/api/tournaments/{tournament_id}/join")
    await post(players[0], f"/api/tournaments/{tournament_id}/start")
    async with asyncio.timeout(240):
        await asyncio.gather(*(take_part(p, tournament_id, seed) for seed, p in enumerate(players)))
    view = await tournament(players[0], tournament_id)
    for player in players:
        await player.aclose()
    return view


def check_finished(view: dict[str, Any]) -> None:
    assert view["status"] == "over"
    pairings = [p for r in view["rounds"] for p in r["pairings"]]
    assert all(p["winner"] in p["players"] for p in pairings)
    standings = view["standings"]
    assert sum(s["points"] for s in standings) == len(pairings), "each pairing: 1 point"
    keys = [(s["points"], s["tiebreak"]) for s in standings]
    assert keys == sorted(keys, reverse=True)


def test_a_swiss_is_played_to_the_end(live: LiveServer) -> None:
    view = run(play_out(live, 7, format="swiss", rounds=3))
    check_finished(view)
    assert [r["round"] for r in view["rounds"]] == [1, 2, 3]
    met = [frozenset(p["players"]) for r in view["rounds"] for p in r["pairings"]]
    assert len(met) == len(set(met)), "no two players meet twice"
    byes = [p["players"][0] for r in view["rounds"] for p in r["pairings"] if p["table"] is None]
    assert len(byes) == 3 and len(set(byes)) == 3, "one bye a round, a player at most once"
    for r in view["rounds"]:
        for p in r["pairings"]:
            if p["table"] is None:
                assert p == {
                    "table": None,
                    "players": [p["players"][0], None],
                    "winner": p["players"][0],
                }


def test_a_knockout_is_played_to_the_end(live: LiveServer) -> None:
    view = run(play_out(live, 6, format="knockout"))
    check_finished(view)
    assert [len(r["pairings"]) for r in view["rounds"]] == [4, 2, 1]
    champion = view["rounds"][-1]["pairings"][0]["winner"]
    assert view["standings"][0]["player"] == champion
    byes = [p for p in view["rounds"][0]["pairings"] if p["table"] is None]
    assert len(byes) == 2
    final = view["rounds"][-1]["pairings"][0]["table"]
    state = httpx.get(f"{live.url}/api/tables/{final}", trust_env=False).json()
    assert state["tournament"] == {"id": view["id"], "round": 3}, "docs/PROTOCOL.md, The state"


def test_an_arena_pairs_again_until_its_time_is_up(live: LiveServer) -> None:
    view = run(play_out(live, 4, format="arena", minutes=0.2))
    check_finished(view)
    pairings = view["rounds"][0]["pairings"]
    assert len(pairings) > 2, "players who finished were paired again"


def test_one_person_and_the_house_computer(live: LiveServer) -> None:
    async def scenario() -> dict[str, Any]:
        (person,) = await field(live, 1)
        tournament_id = await create(person, format="knockout")
        await post(person, f"/api/tournaments/{tournament_id}/join")
        await post(person, f"/api/tournaments/{tournament_id}/computers", level="beginner", count=3)
        await post(person, f"/api/tournaments/{tournament_id}/start")
        async with asyncio.timeout(240):
            await take_part(person, tournament_id, 1)
        view = await tournament(person, tournament_id)
        await person.aclose()
        return view

    view = run(scenario())
    check_finished(view)
    assert len(view["players"]) == 4
    assert [len(r["pairings"]) for r in view["rounds"]] == [2, 1]
    # docs/PROTOCOL.md, HTTP endpoints: each player's computer level, beside the name
    levels = [(p["name"], p["computer"]) for p in view["players"]]
    assert levels[1:] == [(f"computer {k} (beginner)", "beginner") for k in (1, 2, 3)]
    assert levels[0][1] is None


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"format": "ladder"}, "format"),
        ({"format": "swiss", "variant": "chess"}, "unknown variant"),
        ({"format": "swiss", "match_to": 0}, "match_to"),
        ({"format": "swiss", "time_control": "glacial"}, "unknown time control"),
    ],
)
def test_a_bad_tournament_is_refused_with_a_reason(
    live: LiveServer, body: dict[str, Any], message: str
) -> None:
    async def scenario() -> tuple[int, str]:
        (person,) = await field(live, 1)
        fields = {"name": "Cup", "variant": "backgammon", "match_to": 1, **body}
        reply = await person.http.post("/api/tournaments", json=fields)
        await person.aclose()
        return reply.status_code, reply.text

    status, text = run(scenario())
    assert 400 <= status < 500 and message in text


def test_entries_and_starting_are_guarded(live: LiveServer) -> None:
    async def scenario() -> None:
        creator, other, third = await field(live, 3)
        tournament_id = await create(creator, format="swiss", max_players=2)
        path = f"/api/tournaments/{tournament_id}"
        assert (await other.http.post(f"{path}/start")).status_code == 403
        assert (await creator.http.post(f"{path}/start")).status_code == 400  # nobody in
        await post(creator, f"{path}/join")
        await post(other, f"{path}/join")
        full = await third.http.post(f"{path}/join")
        assert full.status_code == 400 and "full" in full.text
        await post(other, f"{path}/leave")
        await post(third, f"{path}/join")
        listing = (await third.http.get("/api/tournaments")).json()["tournaments"]
        assert [(t["id"], t["players"], t["status"]) for t in listing] == [
            (tournament_id, 2, "open")
        ]
        assert (await third.http.get("/api/tournaments/nothing")).status_code == 404
        for client in (creator, other, third):
            await client.aclose()

    run(scenario())


def test_leaving_forfeits_only_the_pairings_not_yet_played(live: LiveServer) -> None:
    async def scenario() -> tuple[dict[str, Any], str]:
        players = await field(live, 4)
        leaver = players[3]
        tournament_id = await create(players[0], format="swiss", rounds=2)
        for player in players:
            await post(player, f"/api/tournaments/{tournament_id}/join")
        await post(players[0], f"/api/tournaments/{tournament_id}/start")
        first = await until(leaver, tournament_id, tables_open)
        (table,) = [
            p["table"] for p in first["rounds"][0]["pairings"] if leaver.player_id in p["players"]
        ]
        await post(leaver, f"/api/tournaments/{tournament_id}/leave")
        async with asyncio.timeout(240):
            await asyncio.gather(
                play_table(leaver, table, random.Random(3)),
                *(take_part(p, tournament_id, seed) for seed, p in enumerate(players[:3])),
            )
        view = await tournament(players[0], tournament_id)
        for player in players:
            await player.aclose()
        assert leaver.player_id is not None
        return view, leaver.player_id

    view, leaver = run(scenario())
    check_finished(view)
    first, second = view["rounds"]
    assert any(leaver in p["players"] for p in first["pairings"]), "the match begun is played"
    assert not any(leaver in p["players"] for p in second["pairings"])
    assert [p["players"][1] for p in second["pairings"]].count(None) == 1
    assert {"id": leaver, "name": "p3", "left": True, "computer": None} in view["players"]


def test_a_player_who_never_comes_loses_when_the_grace_runs_out(tmp_path: Path) -> None:
    """The present player takes their time to sit down (the clock stands still); once the
    game waits for the absent one, the test passes the grace."""
    grace, clock = 60.0, ManualClock()
    config = ServerConfig(bot_delay=0.0, entropy_wait=0.0, grace=grace)

    async def scenario(live: LiveServer) -> tuple[dict[str, Any], str | None]:
        present, absent = await field(live, 2)
        tournament_id = await create(present, format="swiss", rounds=1)
        for player in (present, absent):
            await post(player, f"/api/tournaments/{tournament_id}/join")
        await post(present, f"/api/tournaments/{tournament_id}/start")
        playing = asyncio.create_task(take_part(present, tournament_id, 5))
        async with asyncio.timeout(120):
            [pairing] = (await until(present, tournament_id, tables_open))["rounds"][0]["pairings"]
            tables = live.app.state.lobby.tables
            await holds(lambda: pairing["table"] in tables, "the pairing's table open")
            table, seat = tables[pairing["table"]], pairing["players"].index(absent.player_id)

            def waits() -> bool:  # for the absent player, the grace's timer set
                return bool(table.actor() == seat and clock.sleeping())

            await holds(waits, "the game waiting for the absent player")
            clock.advance(grace)
            await playing
        view = await tournament(present, tournament_id)
        for player in (present, absent):
            await player.aclose()
        return view, present.player_id

    with LiveServer(tmp_path / "nardy.sqlite3", config, clock=clock) as live:
        view, present = run(scenario(live))
    check_finished(view)
    assert view["rounds"][0]["pairings"][0]["winner"] == present


def test_a_tournament_starts_by_itself_at_its_time(tmp_path: Path) -> None:
    clock = ManualClock()
    config = ServerConfig(bot_delay=0.0, entropy_wait=0.0)

    async def scenario(live: LiveServer) -> dict[str, Any]:
        players = await field(live, 2)
        soon = datetime.fromtimestamp(clock.now(), UTC) + timedelta(hours=1)
        tournament_id = await create(
            players[0], format="swiss", rounds=1, starts_at=soon.isoformat()
        )
        for player in players:
            await post(player, f"/api/tournaments/{tournament_id}/join")
        opened = await tournament(players[0], tournament_id)
        assert opened["status"] == "open" and opened["starts_at"] == soon.timestamp()
        clock.advance(3600.0 + 1.0)  # the time given, read to the microsecond
        async with asyncio.timeout(60):
            view = await until(players[0], tournament_id, tables_open)
        for player in players:
            await player.aclose()
        return view

    with LiveServer(tmp_path / "nardy.sqlite3", config, clock=clock) as live:
        view = run(scenario(live))
        assert not live.errors
    assert view["status"] == "running" and view["round"] == 1


def test_a_full_tournament_starts_by_itself_only_when_asked(live: LiveServer) -> None:
    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        players = await field(live, 3)
        patient = await create(players[0], format="swiss", rounds=1, max_players=3)
        eager = await create(
            players[0], format="swiss", rounds=1, max_players=3, start_when_full=True
        )
        for player in players[:2]:
            await post(player, f"/api/tournaments/{eager}/join")
        almost = await tournament(players[0], eager)
        for player in players:
            await post(player, f"/api/tournaments/{patient}/join")
        await post(players[2], f"/api/tournaments/{eager}/join")
        async with asyncio.timeout(30):
            started = await until(players[0], eager, tables_open)
        # the step that started ``eager`` came after ``patient`` was full, and stepped it too
        still = await tournament(players[0], patient)
        for player in players:
            await player.aclose()
        return almost, started, still

    almost, started, still = run(scenario())
    assert almost["status"] == "open" and len(almost["players"]) == 2
    assert started["status"] == "running" and started["round"] == 1
    assert still["status"] == "open" and len(still["players"]) == 3


def test_start_when_full_must_be_true_or_false(live: LiveServer) -> None:
    async def scenario() -> httpx.Response:
        ala = await Client(live.url, "Ala").guest()
        body = {"name": "Cup", "variant": "backgammon", "format": "swiss"}
        reply = await ala.http.post("/api/tournaments", json={**body, "start_when_full": "yes"})
        await ala.aclose()
        return reply

    reply = run(scenario())
    assert reply.status_code == 422 and "start_when_full" in reply.text
