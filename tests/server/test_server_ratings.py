"""Rated matches, ratings and every player's history, over real sockets.

A rated match updates both players' Glicko-2 ratings once; the computer's levels are rated
from their games; guests cannot play rated; a restarted server keeps every rating, and
works out the outcome of a match it had not recorded before it stopped.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
from client import Client, both_played_and_on_roll, play_lockstep, run
from servers import LiveServer

from nardy.ratings.glicko2 import Rating, rate
from nardy.server.app import ServerConfig

PASSWORD = "long enough password"


async def registered(base: str, name: str) -> Client:
    client = Client(base, name)
    reply = await client.http.post("/api/register", json={"name": name, "password": PASSWORD})
    assert reply.status_code == 200, reply.text
    client.player_id = reply.json()["id"]
    return client


async def signed_in(base: str, name: str) -> Client:
    """A client of the account ``name``: registered now, or logged in when it exists
    (registration never signs in to an existing account, docs/DEPLOY.md)."""
    client = Client(base, name)
    body = {"name": name, "password": PASSWORD}
    reply = await client.http.post("/api/register", json=body)
    if reply.status_code == 400:
        reply = await client.http.post("/api/login", json=body)
    assert reply.status_code == 200, reply.text
    client.player_id = reply.json()["id"]
    return client


async def resigned_match(
    base: str, winner_name: str = "Ala", loser_name: str = "Ben", **extra: Any
) -> tuple[Client, Client, str]:
    """A rated one-game long-nardy series between two registered players, ended by the
    loser's resignation (LN9)."""
    ala, ben = await signed_in(base, winner_name), await signed_in(base, loser_name)
    body = {"settings": {"match_to": 1}, "rated": True, "seat": 0, **extra}
    table = await ala.create("long-nardy", **body)
    await ben.join(table)
    await ala.open()
    await ben.open()
    await play_lockstep([ala, ben], random.Random(1), until=both_played_and_on_roll(1))
    await ben.wait(lambda: "resign" in ben.state["legal"])
    await ben.command({"type": "resign", "level": 1})
    await ala.wait(lambda: ala.state["status"] == "over")
    for client in (ala, ben):
        await client.close()
    return ala, ben, table


async def get(base: str, path: str, client: Client | None = None) -> Any:
    http = client.http if client else httpx.AsyncClient(base_url=base, trust_env=False)
    reply = await http.get(path)
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_a_rated_match_updates_both_players_once(live: LiveServer) -> None:
    async def scenario() -> None:
        ala, ben, table = await resigned_match(live.url)
        board = await get(live.url, "/api/ratings/long-nardy")
        by_name = {entry["name"]: entry for entry in board["players"]}
        expected_winner = rate(Rating(), [(Rating(), 1)])
        expected_loser = rate(Rating(), [(Rating(), 0)])
        assert by_name["Ala"]["rating"] == round(expected_winner.rating, 1)
        assert by_name["Ben"]["rating"] == round(expected_loser.rating, 1)
        assert by_name["Ala"]["rank"] == 1 and by_name["Ala"]["wins"] == 1
        assert by_name["Ben"]["games"] == 1 and by_name["Ben"]["wins"] == 0
        profile = await get(live.url, f"/api/players/{ala.player_id}")
        assert profile["games"] == 1 and profile["wins"] == 1 and profile["registered"]
        [entry] = profile["variants"]
        assert entry["variant"] == "long-nardy" and entry["rating"]["rating"] > 1500
        [game] = await get(live.url, f"/api/players/{ben.player_id}/games")
        assert game["id"] == table and game["won"] is False and game["rated"]
        assert game["rating_change"] == {
            "before": 1500.0,
            "after": round(expected_loser.rating, 1),
        }
        assert game["score"] == [2, 0] and game["winner"] == 0  # a mars (LN8, LN9)
        assert set(game["links"]) >= {"replay", "review", "record"}
        assert "mat" not in game["links"]  # a .mat file holds backgammon only
        # Recording the same finished table again changes nothing.
        lobby = live.app.state.lobby
        await lobby._finished(await lobby.get(table))
        again = await get(live.url, "/api/ratings/long-nardy")
        assert again == board
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


def test_the_computer_levels_are_rated_from_their_games(live: LiveServer) -> None:
    async def scenario() -> None:
        ala = await registered(live.url, "Ola")
        table = await ala.create(
            "long-nardy", {"match_to": 1}, opponent="computer", level="casual", rated=True
        )
        await ala.open()
        seat = ala.state["you"]
        await play_lockstep([ala], random.Random(2), until=both_played_and_on_roll(seat))
        await ala.wait(lambda: "resign" in ala.state["legal"])
        await ala.command({"type": "resign", "level": 1})
        await ala.wait(lambda: ala.state["status"] == "over")
        board = await get(live.url, "/api/ratings/long-nardy")
        [computer] = [e for e in board["players"] if e.get("computer")]
        assert computer["id"] == "computer:casual" and computer["computer"] == "casual"
        assert computer["rating"] > 1500 and computer["rank"] == 1
        profile = await get(live.url, "/api/players/computer:casual")
        assert profile["computer"] == "casual" and profile["wins"] == 1
        [game] = await get(live.url, "/api/players/computer:casual/games")
        assert game["id"] == table and game["won"] is True
        await ala.aclose()

    run(scenario())


def test_a_players_rating_history_has_a_point_per_rated_result(live: LiveServer) -> None:
    """docs/PROTOCOL.md, the player routes: the rating after each result, per variant, from
    where it started; 404 for nobody."""

    async def scenario() -> None:
        ala, ben, table = await resigned_match(live.url, "Hela", "Igor")
        board = {e["name"]: e for e in (await get(live.url, "/api/ratings/long-nardy"))["players"]}
        for client, name in ((ala, "Hela"), (ben, "Igor")):
            history = await get(live.url, f"/api/players/{client.player_id}/ratings")
            [variant] = history["variants"]
            assert variant["variant"] == "long-nardy"
            start, after = variant["points"]
            assert start["before"] is True and start["rating"] == 1500.0
            assert after["table"] == table and after["rating"] == board[name]["rating"]
            assert after["at"] >= start["at"] > 0
        http = httpx.AsyncClient(base_url=live.url, trust_env=False)
        missing = await http.get("/api/players/nobody-at-all/ratings")
        assert missing.status_code == 404 and "no player" in missing.json()["detail"]
        unrated = await get(live.url, "/api/players/computer:beginner/ratings")
        assert unrated["variants"] == []
        for client in (ala, ben, http):
            await client.aclose()

    run(scenario())


def test_guests_and_money_sessions_are_not_rated(live: LiveServer) -> None:
    async def scenario() -> None:
        guest = await Client(live.url, "Gość").guest()
        reply = await guest.http.post(
            "/api/tables",
            json={"variant": "backgammon", "settings": {"match_to": 3}, "rated": True},
        )
        assert reply.status_code == 400 and "registered" in reply.json()["detail"]
        ala = await registered(live.url, "Rada")
        reply = await ala.http.post(
            "/api/tables", json={"variant": "backgammon", "settings": {}, "rated": True}
        )
        assert reply.status_code == 400 and "match to a number of points" in reply.text
        reply = await ala.http.post(
            "/api/tables",
            json={"variant": "backgammon", "settings": {"match_to": 3}, "rated": "yes"},
        )
        assert reply.status_code in (400, 422)
        table = await ala.create("backgammon", {"match_to": 3}, rated=True)
        reply = await guest.http.post(f"/api/tables/{table}/join", json={})
        assert reply.status_code == 400 and "rated" in reply.json()["detail"]
        [listed] = [t for t in await get(live.url, "/api/tables", ala) if t["id"] == table]
        assert listed["rated"] is True
        for client in (guest, ala):
            await client.aclose()

    run(scenario())


def test_an_unrated_match_is_in_the_history_but_changes_no_rating(live: LiveServer) -> None:
    async def scenario() -> None:
        ala, ben, _table = await resigned_match(live.url, "Ula", "Vit", rated=False)
        assert (await get(live.url, "/api/ratings/long-nardy"))["players"] == []
        [game] = await get(live.url, f"/api/players/{ala.player_id}/games")
        assert game["won"] is True and game["rated"] is False and game["rating_change"] is None
        profile = await get(live.url, f"/api/players/{ala.player_id}")
        assert profile["variants"] == [
            {"variant": "long-nardy", "games": 1, "wins": 1, "rating": None}
        ]
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


def test_history_lists_unfinished_tables_and_hides_private_ones_from_others(
    live: LiveServer,
) -> None:
    async def scenario() -> None:
        ala, ben = await registered(live.url, "Hala"), await registered(live.url, "Hubert")
        public = await ala.create("backgammon", {"match_to": 3})
        private = await ala.create("dutch", {"match_to": 1}, opponent="invite")
        mine = await get(live.url, f"/api/players/{ala.player_id}/games", ala)
        assert [g["id"] for g in mine] == [private, public]
        assert all(g["status"] == "open" and g["won"] is None for g in mine)
        assert mine[1]["links"]["mat"] == f"/api/tables/{public}/record.mat"
        assert "replay" not in mine[1]["links"]  # not finished yet
        seen = await get(live.url, f"/api/players/{ala.player_id}/games", ben)
        assert [g["id"] for g in seen] == [public]
        profile = await get(live.url, f"/api/players/{ala.player_id}")
        assert profile["unfinished"] == 2 and profile["games"] == 0
        reply = await ben.http.get("/api/players/nobody")
        assert reply.status_code == 404 and "no player" in reply.json()["detail"]
        reply = await ben.http.get("/api/ratings/chess")
        assert reply.status_code == 404 and "unknown variant" in reply.json()["detail"]
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


def test_time_control_presets(live: LiveServer) -> None:
    async def scenario() -> None:
        presets = await get(live.url, "/api/time-controls")
        quick = ["blitz", "rapid", "standard", "slow"]
        assert [p["name"] for p in presets] == [*quick, "days-1", "days-2", "days-3"]
        ala = await Client(live.url, "Zegar").guest()
        table = await ala.create("backgammon", {"match_to": 7}, time_control="rapid")
        [listed] = [t for t in await get(live.url, "/api/tables", ala) if t["id"] == table]
        assert listed["clock"] == {
            "move": 12.0,
            "reserve": 420.0,  # 60 s for each of the 7 points
            "preset": "rapid",
            "per_point": 60.0,
        }
        state = await get(live.url, f"/api/tables/{table}", ala)
        assert state["clock"]["move"] == 12.0 and state["clock"]["reserve"] == [420.0, 420.0]
        reply = await ala.http.post(
            "/api/tables",
            json={"variant": "backgammon", "settings": {}, "time_control": "bullet"},
        )
        assert reply.status_code == 400 and "presets: blitz" in reply.json()["detail"]
        await ala.aclose()

    run(scenario())


def test_a_restart_keeps_every_rating_and_records_what_was_missed(tmp_path: Path) -> None:
    database = tmp_path / "nardy.sqlite3"

    async def play(url: str) -> tuple[str, str]:
        first = await resigned_match(url, "Rita", "Rolf")
        second = await resigned_match(url, "Sara", "Sven")
        for client in (*first[:2], *second[:2]):
            await client.aclose()
        return first[2], second[2]

    with LiveServer(database, ServerConfig(bot_delay=0.0, entropy_wait=0.0)) as server:
        _kept, missed = run(play(server.url))
        before = run(get(server.url, "/api/ratings/long-nardy"))
    assert len(before["players"]) == 4
    # As if the server had stopped between the end of the second match and its record.
    engine = sa.create_engine(f"sqlite:///{database}")
    with engine.begin() as db:
        for table in ("rating_changes", "match_results"):
            db.execute(sa.text(f"DELETE FROM {table} WHERE table_id = :t"), {"t": missed})
        players = "SELECT player_id FROM seatings WHERE table_id = :t"
        db.execute(sa.text(f"DELETE FROM ratings WHERE player_id IN ({players})"), {"t": missed})
    engine.dispose()
    with LiveServer(database, ServerConfig(bot_delay=0.0, entropy_wait=0.0)) as server:
        after = run(get(server.url, "/api/ratings/long-nardy"))
    assert after == before
