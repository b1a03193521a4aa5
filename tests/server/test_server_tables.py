"""Games against the computer, spectators, reconnecting, provable dice, accounts and the
published HTTP API, all against a real server over real sockets."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from client import Client, Policy, actionable, play_lockstep, record, run, same_game, seated_pair
from servers import LiveServer

from nardy.server.app import ServerConfig
from nardy.server.store.database import TableRow, new_id


async def against_computer(base: str, variant: str, settings: dict[str, Any], level: str) -> Any:
    ala = Client(base, "Ala")
    await ala.guest()
    table = await ala.create(variant, settings, opponent="computer", level=level, seat=0)
    await ala.open()
    assert ala.state["seats"] == ["Ala", f"computer ({level})"]
    sent = await play_lockstep([ala], random.Random(7), Policy(resign=0.0))
    doc = await record(base, table)
    await ala.aclose()
    return ala.state, doc, sent


@pytest.mark.parametrize("variant", ["backgammon", "long-nardy"])
def test_a_match_against_the_computer_finishes(live: LiveServer, variant: str) -> None:
    final, doc, sent = run(against_computer(live.url, variant, {"match_to": 3}, "expert"))
    assert final["status"] == "over" and max(final["score"]) >= 3
    assert sent > 5
    players = {action["player"] for game in doc["games"] for action in game["actions"]}
    assert players >= {0, 1}  # the computer acted too


def test_a_game_against_the_default_computer_finishes(tmp_path: Path) -> None:
    pytest.importorskip("nardy.bot.agents.bot_agent")
    with LiveServer(tmp_path / "nardy.sqlite3", agents=None) as server:
        final, _, _ = run(against_computer(server.url, "backgammon", {"match_to": 1}, "beginner"))
        assert not server.errors
    assert final["status"] == "over" and final["winner"] in (0, 1)


def test_spectators_see_every_version_in_order(live: LiveServer) -> None:
    async def scenario() -> None:
        players, table = await seated_pair(live.url, "backgammon", {"match_to": 3})
        guest = Client(live.url, "Cid")
        await guest.guest()
        anonymous = Client(live.url, "anonymous")  # no cookie at all
        for watcher in (guest, anonymous):
            await watcher.open(table)
            assert watcher.state["you"] is None and watcher.state["legal"] == {}
        await play_lockstep(players, random.Random(3), watchers=[guest, anonymous])
        seen = [[s["n"] for s in c.states] for c in (*players, guest, anonymous)]
        for versions in seen:
            assert versions == sorted(set(versions)), "versions arrive once each, in order"
        assert seen[2] == seen[3] == seen[0][-len(seen[2]) :]
        by_n = {s["n"]: s for s in players[0].states}
        for state in guest.states:
            mine = by_n[state["n"]]
            assert same_game(state, mine)
            assert state["position"] == mine["position"]  # spectators look from seat 0
        # a spectator cannot act, and a resync gives the very same state
        reply = await guest.request({"type": "roll"})
        assert reply["type"] == "error" and "not seated" in reply["message"]
        last = guest.state
        await guest.send_raw(json.dumps({"type": "resync"}))
        await guest.wait(lambda: len(guest.states) > len(seen[2]))
        assert guest.state == last
        for client in (*players, guest, anonymous):
            await client.aclose()

    run(scenario())


def test_a_spectator_who_misses_versions_resyncs(live: LiveServer) -> None:
    async def scenario() -> None:
        players, table = await seated_pair(live.url, "dutch", {"match_to": 1})
        watcher = Client(live.url, "Dan")
        await watcher.open(table)
        await watcher.close()  # away while the game goes on
        await play_lockstep(players, random.Random(5), until=lambda s: s["n"] > 40)
        await watcher.open(table)  # the first message is the whole state, at once
        assert watcher.state["n"] == players[0].state["n"]
        assert same_game(watcher.state, players[0].state)
        for client in (*players, watcher):
            await client.aclose()

    run(scenario())


def test_a_player_who_reconnects_resumes(live: LiveServer) -> None:
    async def scenario() -> None:
        (ala, ben), _ = await seated_pair(live.url, "long-nardy", {"match_to": 3})
        rng = random.Random(11)
        # stop in the middle of somebody's play, a step taken and not confirmed
        await play_lockstep(
            [ala, ben], rng, Policy(undo=0, whole_play=0), until=lambda s: bool(s["steps"])
        )
        for leaver in (ala, ben):
            before = leaver.state
            await leaver.close()
            resumed = await leaver.open()
            assert resumed == before  # the full state, the same version
        mover = ala if actionable(ala.state) else ben
        assert mover.state["legal"]["undo"] is True
        await play_lockstep([ala, ben], rng)
        assert ala.state["status"] == "over"
        await ala.aclose()
        await ben.aclose()

    run(scenario())


# -- dice


def derive(seed: bytes, k: int) -> tuple[int, int]:
    """Roll ``k`` as docs/PROTOCOL.md defines it, written out again independently."""
    dice: list[int] = []
    j = 0
    while len(dice) < 2:
        block = hmac.new(seed, f"roll:{k}:{j}".encode(), hashlib.sha256).digest()
        dice.extend(b % 6 + 1 for b in block if b < 252)
        j += 1
    return dice[0], dice[1]


def record_rolls(doc: dict[str, Any]) -> list[list[int]]:
    rolls: list[list[int]] = []
    for game in doc["games"]:
        for action in game["actions"]:
            if action["type"] == "opening":
                rolls.extend(list(pair) for pair in action["dice"])
            elif action["type"] == "roll":
                rolls.append(list(action["dice"]))
    return rolls


def first_scheme_table(live: LiveServer, holder: str, name: str) -> str:
    """A table stored the way tables were made before the players' contributions (no
    ``dice`` option): one seed for the whole match."""
    seed = secrets.token_bytes(32)
    row = TableRow(
        id=new_id(),
        kind="match",
        variant="backgammon",
        settings={"match_to": 3},
        seats=[holder, None],
        options={"names": {holder: name}, "clock": None, "opponent": "open", "rated": False},
        status="open",
        invite=None,
        seed=seed.hex(),
        commitment=hashlib.sha256(seed).hexdigest(),
        created=0.0,
    )
    live.store.add_table(row)
    return row.id


def test_dice_recomputed_from_the_revealed_seed_match_every_roll(
    live: LiveServer, tmp_path: Path
) -> None:
    """A table of the first scheme (made before contributions) plays and checks as it did."""

    async def scenario() -> dict[str, Any]:
        ala, ben = Client(live.url, "Ala"), Client(live.url, "Ben")
        await ala.guest()
        await ben.guest()
        assert ala.player_id is not None
        table = first_scheme_table(live, ala.player_id, "Ala")
        ala.table = table
        before = (await ala.http.get(f"/api/tables/{table}")).json()
        assert before["n"] == 0 and before["seed"] is None  # committed before any roll
        await ben.join(table)
        await ala.open()
        await ben.open()
        played = []
        await play_lockstep([ala, ben], random.Random(2), until=lambda s: s["n"] > 20)
        during = (await ala.http.get(f"/api/tables/{table}/dice")).json()
        assert during["seed"] is None and during["rolls"] is None and during["count"] > 0
        await play_lockstep([ala, ben], random.Random(2))
        played = [s["dice"] for s in ala.states if s["dice"]]
        dice = (await ala.http.get(f"/api/tables/{table}/dice")).json()
        doc = await record(live.url, table)
        good = {"seed": dice["seed"], "commitment": dice["commitment"], "rolls": dice["rolls"]}
        checks = [good, {**good, "rolls": [*dice["rolls"][:-1], [7, 1]]}]
        checks.append({**good, "seed": "00" * 32})
        answers = [(await ala.http.post("/api/verify-dice", json=c)).json() for c in checks]
        bad_seed = await ala.http.post("/api/verify-dice", json={**good, "seed": "xyz"})
        await ala.aclose()
        await ben.aclose()
        return {
            "commitment": before["commitment"],
            "dice": dice,
            "record": doc,
            "played": played,
            "answers": answers,
            "bad_seed": bad_seed.status_code,
        }

    got = run(scenario())
    dice, doc = got["dice"], got["record"]
    seed = bytes.fromhex(dice["seed"])
    assert hashlib.sha256(seed).hexdigest() == dice["commitment"] == got["commitment"]
    assert doc["dice"] == {"commitment": dice["commitment"], "seed": dice["seed"]}
    assert dice["rolls"] == [list(derive(seed, k)) for k in range(dice["count"])]
    assert dice["rolls"] == record_rolls(doc)
    for shown in got["played"]:  # every roll anybody was shown is one of them
        assert shown in dice["rolls"] or shown[::-1] in dice["rolls"]
    assert [a["ok"] for a in got["answers"]] == [True, False, False]
    assert got["bad_seed"] == 400

    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc))
    nardy = [sys.executable, "-m", "nardy.cli"]
    checked = subprocess.run([*nardy, "verify-dice", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stdout.startswith("ok"), checked.stdout
    replayed = subprocess.run([*nardy, "replay", str(path)], capture_output=True, text=True)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    first_roll = next(
        a for g in doc["games"] for a in g["actions"] if a["type"] == "roll"
    )  # change one die of one roll
    first_roll["dice"] = [first_roll["dice"][0] % 6 + 1, first_roll["dice"][1]]
    path.write_text(json.dumps(doc))
    forged = subprocess.run([*nardy, "verify-dice", str(path)], capture_output=True, text=True)
    assert forged.returncode == 1 and "FAILED" in forged.stdout


# -- accounts and seats


def test_accounts_register_login_logout(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        assert http.get("/api/me").json() == {"id": None}
        me = http.post("/api/register", json={"name": "Ala", "password": "tajne hasło 1"})
        assert me.status_code == 200 and me.json()["registered"] is True
        assert http.get("/api/me").json()["id"] == me.json()["id"]
        again = http.post("/api/register", json={"name": "Ala", "password": "another one"})
        assert again.status_code == 400 and "cannot be registered" in again.json()["detail"]
        short = http.post("/api/register", json={"name": "Ben", "password": "short"})
        assert short.status_code == 422
        assert http.post("/api/logout").json() == {"ok": True}
        assert http.get("/api/me").json() == {"id": None}
        wrong = http.post("/api/login", json={"name": "Ala", "password": "wrong password"})
        assert wrong.status_code == 400 and wrong.json()["detail"] == "wrong name or password"
        nobody = http.post("/api/login", json={"name": "Nobody", "password": "whatever1"})
        assert nobody.status_code == 400 and nobody.json()["detail"] == "wrong name or password"
        assert http.get("/api/me").json() == {"id": None}
        right = http.post("/api/login", json={"name": "Ala", "password": "tajne hasło 1"})
        assert right.status_code == 200 and right.json()["id"] == me.json()["id"]
        assert http.get("/api/me").json()["registered"] is True
    with sqlite3.connect(live.database) as db:
        (stored,) = db.execute(
            "select password_hash from players where id = ?", (me.json()["id"],)
        ).fetchone()
    assert stored.startswith("$argon2id$") and "tajne" not in stored


def test_a_guest_changes_name_and_the_opponent_sees_it(live: LiveServer) -> None:
    async def scenario() -> None:
        (ala, ben), _ = await seated_pair(live.url, "dutch", {"match_to": 1})
        reply = await ala.http.post("/api/me/name", json={"name": "  Ala   Nowak "})
        assert reply.status_code == 200 and reply.json()["name"] == "Ala Nowak"
        await ben.wait(lambda: ben.state["seats"][0] == "Ala Nowak")
        assert (await ala.http.get("/api/me")).json()["name"] == "Ala Nowak"
        blank = await ala.http.post("/api/me/name", json={"name": "\u200b\t"})
        assert blank.status_code == 400 and "visible" in blank.json()["detail"]
        nobody = httpx.AsyncClient(base_url=live.url, trust_env=False)
        assert (await nobody.post("/api/me/name", json={"name": "X"})).status_code == 401
        await nobody.aclose()
        # an account's name stays unique
        await ben.http.post("/api/register", json={"name": "Bronek", "password": "hasło hasło"})
        taken = await ala.http.post("/api/register", json={"name": "Cyryl", "password": "x" * 9})
        assert taken.status_code == 200
        clash = await ala.http.post("/api/me/name", json={"name": "Bronek"})
        assert clash.status_code == 400 and "taken" in clash.json()["detail"]
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


def test_the_lobby_lists_public_games_in_play_to_watch(live: LiveServer) -> None:
    async def scenario() -> None:
        (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 1})
        hidden = await ala.create("dutch", {}, opponent="invite")
        cleo = await Client(live.url, "Cleo").guest()
        listed = {row["id"]: row for row in (await cleo.http.get("/api/tables")).json()}
        assert listed[table]["status"] == "playing" and not listed[table]["mine"]
        assert listed[table]["seats"] == ["Ala", "Ben"]
        assert hidden not in listed
        own = {row["id"]: row for row in (await ala.http.get("/api/tables")).json()}
        assert own[table]["mine"] and own[hidden]["mine"]
        for client in (ala, ben, cleo):
            await client.aclose()

    run(scenario())


def test_nobody_acts_at_another_players_seat(live: LiveServer) -> None:
    async def scenario() -> None:
        (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 1})
        cid = Client(live.url, "Cid")
        await cid.guest()
        full = await cid.http.post(f"/api/tables/{table}/join", json={})
        assert full.status_code == 400 and "full" in full.json()["detail"]
        await cid.open(table)
        forged = Client(live.url, "Eve")
        forged.http.cookies.set("nardy_session", "not-a-session")
        await forged.open(table)
        assert forged.state["you"] is None
        mover, waiter = (ala, ben) if actionable(ala.state) else (ben, ala)
        before = mover.state
        messages = [
            {"type": "step", "from": 13, "to": 7},
            {"type": "confirm", "player": mover.state["you"]},
            {"type": "roll", "seat": mover.state["you"]},
            {"type": "double", "you": mover.state["you"]},
            {"type": "resign", "level": 3},
            {"type": "auto", "roll": True, "moves": True},
        ]
        for intruder in (cid, forged, waiter):
            # the waiting player may resign or set their own automation: not those
            for message in messages[:4] if intruder is waiter else messages:
                reply = await intruder.request(message)
                assert reply["type"] == "error" and reply["message"], (message, reply)
        await mover.send_raw(json.dumps({"type": "resync"}))
        await mover.wait(lambda: mover.states[-1] is not before)
        assert mover.state == before
        anonymous = await httpx.AsyncClient(base_url=live.url, trust_env=False).post(
            "/api/tables", json={"variant": "backgammon"}
        )
        assert anonymous.status_code == 401
        for client in (ala, ben, cid, forged):
            await client.aclose()

    run(scenario())


def test_openapi_describes_the_http_api(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        reply = http.get("/openapi.json")
    assert reply.status_code == 200
    doc = reply.json()
    assert doc["info"]["title"] == "nardy"
    paths = doc["paths"]
    for path in (
        "/api/guest",
        "/api/register",
        "/api/login",
        "/api/logout",
        "/api/me",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/record",
        "/api/tables/{table_id}/dice",
        "/api/verify-dice",
    ):
        assert path in paths, path
    assert "post" in paths["/api/tables"] and "get" in paths["/api/tables"]
    assert "NewTable" in doc["components"]["schemas"]


def test_bad_computer_level_is_refused_clearly(tmp_path: Path) -> None:
    pytest.importorskip("nardy.bot.agents.bot_agent")
    with LiveServer(
        tmp_path / "nardy.sqlite3", ServerConfig(bot_delay=0.0, entropy_wait=0.0), agents=None
    ) as server:
        with httpx.Client(base_url=server.url, trust_env=False) as http:
            http.post("/api/guest", json={"name": "Ala"})
            reply = http.post(
                "/api/tables",
                json={"variant": "backgammon", "opponent": "computer", "level": "godlike"},
            )
        assert not server.errors
    assert reply.status_code == 400 and "unknown level" in reply.json()["detail"]
