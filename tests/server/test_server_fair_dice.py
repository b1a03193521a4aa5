"""Dice nobody has to trust, over real sockets: every seated player contributes to each
game's dice after seeing its commitment, every game is checkable when it ends, and the
contributions are stored (a restart keeps them)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from client import Client, Policy, play_lockstep, record, run
from lobbies import until
from servers import LiveServer

from nardy.server.app import ServerConfig
from nardy.server.clock import ManualClock
from nardy.server.dice import commitment as dice_service
from nardy.server.dice.check import check

WAITING = ServerConfig(bot_delay=0.0, entropy_wait=60.0)
"""The roll-off waits (far longer than any test) until every person has contributed."""


async def pair(live: LiveServer, settings: dict[str, Any]) -> tuple[Client, Client, str]:
    ala, ben = Client(live.url, "Ala"), Client(live.url, "Ben")
    await ala.guest()
    await ben.guest()
    table = await ala.create("backgammon", settings, seat=0)
    await ben.join(table)
    await ala.open()
    await ben.open()
    return ala, ben, table


async def dice_of(client: Client, table: str) -> dict[str, Any]:
    reply = await client.http.get(f"/api/tables/{table}/dice")
    reply.raise_for_status()
    result: dict[str, Any] = reply.json()
    return result


def test_two_players_contribute_and_the_record_verifies(tmp_path: Path) -> None:
    async def scenario() -> dict[str, Any]:
        with LiveServer(tmp_path / "nardy.sqlite3", WAITING) as live:
            ala, ben, table = await pair(live, {"match_to": 5})  # no cube: two games at least
            first = ala.state
            n = await ala.command({"type": "contribute", "value": "Ala's own words"})
            await ben.wait_n(n)
            waiting = ben.state  # one contribution is in: still no roll
            await ben.command({"type": "contribute", "value": "f" * 64})
            await ala.wait(lambda: ala.state["dice"] is not None or ala.state["phase"] != "opening")
            no_cube = Policy(double=0.0)
            await play_lockstep([ala, ben], random.Random(5), no_cube, contribute=True)
            doc = await record(live.url, table)
            dice = await dice_of(ala, table)
            await ala.aclose()
            await ben.aclose()
            return {"first": first, "waiting": waiting, "record": doc, "dice": dice}

    got = run(scenario())
    first, waiting, doc = got["first"], got["waiting"], got["record"]
    assert first["phase"] == "opening" and first["game_dice"]["open"]
    assert first["game_dice"]["contributions"] == [{"value": None, "from": None}] * 2
    assert first["game_dice"]["seed"] is None and first["seed"] is None
    assert waiting["phase"] == "opening" and waiting["dice"] is None
    assert waiting["game_dice"]["contributions"][0] == {
        "value": "Ala's own words",
        "from": "player",
    }
    games = doc["dice"]["games"]
    assert doc["dice"]["scheme"] == dice_service.SCHEME
    assert len(games) == len(doc["games"]) >= 2
    assert games[0]["contributions"] == [
        {"value": "Ala's own words", "from": "player"},
        {"value": "f" * 64, "from": "player"},
    ]
    assert all(c["from"] == "player" for g in games for c in g["contributions"])
    verdict = check(doc)
    assert verdict.ok and verdict.checked == len(games), verdict.lines
    assert check(got["dice"]).ok  # the dice document checks alike, with its own rolls
    # the dice are the contributions' as well as the seed's: recompute game 1 by hand
    seed = bytes.fromhex(games[0]["seed"])
    key = dice_service.dice_key(seed, ["Ala's own words", "f" * 64])
    opening = doc["games"][0]["actions"][0]["dice"]
    assert [list(dice_service.roll(key, k)) for k in range(len(opening))] == opening
    unmixed = dice_service.dice_key(seed, ["", ""])
    assert any(dice_service.roll(unmixed, k) != dice_service.roll(key, k) for k in range(4))

    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc))
    nardy = [sys.executable, "-m", "nardy.cli"]
    checked = subprocess.run([*nardy, "verify-dice", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout.count(": ok:") == len(games), checked.stdout


def test_a_wrong_contribution_seed_or_roll_fails_verification(tmp_path: Path) -> None:
    async def scenario() -> dict[str, Any]:
        with LiveServer(tmp_path / "nardy.sqlite3", WAITING) as live:
            ala, ben, table = await pair(live, {"match_to": 1})
            await play_lockstep([ala, ben], random.Random(8), contribute=True)
            doc = await record(live.url, table)
            await ala.aclose()
            await ben.aclose()
            return doc

    doc = run(scenario())
    assert check(doc).ok
    forgeries = []
    changed = copy.deepcopy(doc)
    changed["dice"]["games"][0]["contributions"][1]["value"] += "x"
    forgeries.append(changed)
    changed = copy.deepcopy(doc)
    changed["dice"]["games"][0]["seed"] = "00" * 32
    forgeries.append(changed)
    changed = copy.deepcopy(doc)  # a game seed that matches its commitment, but not the table's
    other = dice_service.game_seed(bytes(32), 1)
    changed["dice"]["games"][0] |= {
        "seed": other.hex(),
        "commitment": dice_service.commitment(other),
    }
    forgeries.append(changed)
    changed = copy.deepcopy(doc)
    changed["dice"]["seed"] = "11" * 32
    forgeries.append(changed)
    changed = copy.deepcopy(doc)
    roll = next(a for a in changed["games"][0]["actions"] if a["type"] == "roll")
    roll["dice"] = [roll["dice"][0] % 6 + 1, roll["dice"][1]]
    forgeries.append(changed)
    for forged in forgeries:
        verdict = check(forged)
        assert not verdict.ok and any("FAILED" in line for line in verdict.lines), verdict.lines


def test_a_restart_between_the_contributions_keeps_the_first(tmp_path: Path) -> None:
    database = tmp_path / "nardy.sqlite3"

    async def before() -> dict[str, Any]:
        with LiveServer(database, WAITING) as live:
            ala, ben, table = await pair(live, {"match_to": 1})
            n = await ala.command({"type": "contribute", "value": "before the restart"})
            await ben.wait_n(n)
            await ala.aclose()
            await ben.aclose()
            return {"table": table, "state": ben.state, "ala": ala, "ben": ben}

    first = run(before())

    async def after() -> dict[str, Any]:
        with LiveServer(database, WAITING) as live:
            ala, ben = first["ala"], first["ben"]
            ala.rebind(live.url)
            ben.rebind(live.url)
            await ala.open(first["table"])
            await ben.open(first["table"])
            resumed = ben.state
            again = await ala.request({"type": "contribute", "value": "twice"})
            await ben.command({"type": "contribute", "value": "after the restart"})
            await play_lockstep([ala, ben], random.Random(3), contribute=True)
            doc = await record(live.url, first["table"])
            await ala.aclose()
            await ben.aclose()
            return {"resumed": resumed, "again": again, "record": doc}

    got = run(after())
    assert got["resumed"]["n"] == first["state"]["n"]
    assert got["resumed"]["game_dice"] == first["state"]["game_dice"]
    assert got["again"]["type"] == "error" and "already" in got["again"]["message"]
    contributions = got["record"]["dice"]["games"][0]["contributions"]
    assert [c["value"] for c in contributions] == ["before the restart", "after the restart"]
    assert check(got["record"]).ok


def test_contributions_refused_from_spectators_twice_late_or_malformed(tmp_path: Path) -> None:
    async def scenario() -> dict[str, Any]:
        with LiveServer(tmp_path / "nardy.sqlite3", WAITING) as live:
            ala, ben, table = await pair(live, {"match_to": 1})
            watcher = Client(live.url, "Cyd")
            await watcher.guest()
            await watcher.open(table)
            answers = {
                "spectator": await watcher.request({"type": "contribute", "value": "abc"}),
                "empty": await ala.request({"type": "contribute", "value": ""}),
                "number": await ala.request({"type": "contribute", "value": 12}),
                "long": await ala.request({"type": "contribute", "value": "x" * 129}),
                "control": await ala.request({"type": "contribute", "value": "a\nb"}),
            }
            await ala.command({"type": "contribute", "value": "é ∑ 日本"})
            answers["twice"] = await ala.request({"type": "contribute", "value": "again"})
            await ben.command({"type": "contribute", "value": "b"})
            await ala.wait(lambda: ala.state["phase"] != "opening")
            answers["late"] = await ben.request({"type": "contribute", "value": "late"})
            state = ala.state
            for client in (ala, ben, watcher):
                await client.aclose()
            return {"answers": answers, "state": state}

    got = run(scenario())
    for why, answer in got["answers"].items():
        assert answer["type"] == "error", (why, answer)
    assert "only the players" in got["answers"]["spectator"]["message"]
    assert "1 to 128" in got["answers"]["long"]["message"]
    assert "rolled already" in got["answers"]["late"]["message"]
    assert got["state"]["game_dice"]["contributions"][0]["value"] == "é ∑ 日本"


def test_a_player_who_sends_nothing_contributes_the_empty_text_after_the_wait(
    tmp_path: Path,
) -> None:
    clock = ManualClock()

    async def scenario() -> dict[str, Any]:
        with LiveServer(tmp_path / "nardy.sqlite3", WAITING, clock=clock) as live:
            ala, ben, table = await pair(live, {"match_to": 1})
            await until(lambda: clock.sleeping() == [60.0], "the wait for contributions")
            clock.advance(59.0)
            assert ala.state["phase"] == "opening"
            clock.advance(1.0)
            await ala.wait(lambda: ala.state["phase"] != "opening")
            late = await ben.request({"type": "contribute", "value": "too late"})
            doc = await record(live.url, table)
            await ala.aclose()
            await ben.aclose()
            return {"record": doc, "late": late}

    got = run(scenario())
    game = got["record"]["dice"]["games"][0]
    assert game["contributions"] == [{"value": "", "from": "none"}] * 2
    assert game["seed"] is None  # the game goes on: its seed stays secret
    assert got["late"]["type"] == "error"


def test_every_game_of_a_money_session_is_checkable_when_it_ends(tmp_path: Path) -> None:
    """Against the computer, in money play (the session never ends by itself): game 1's
    seed is shown when it ends, game 2's is not, and the table's seed stays secret."""

    async def scenario() -> dict[str, Any]:
        with LiveServer(tmp_path / "nardy.sqlite3", WAITING) as live:
            ala = Client(live.url, "Ala")
            await ala.guest()
            table = await ala.create("backgammon", {"match_to": 0}, opponent="computer", seat=0)
            await ala.open()
            await play_lockstep(
                [ala], random.Random(4), until=lambda s: s["game"] >= 2, contribute=True
            )
            dice = await dice_of(ala, table)
            await ala.aclose()
            return dice

    dice = run(scenario())
    assert dice["seed"] is None and dice["scheme"] == dice_service.SCHEME
    one, two = dice["games"][:2]
    assert one["seed"] is not None and two["seed"] is None
    assert one["contributions"][1] == {"value": "", "from": "computer"}
    assert one["contributions"][0]["from"] == "player"
    verdict = check(dice)
    assert verdict.ok and verdict.checked == 1, verdict.lines
    assert "game 2: in play" in "\n".join(verdict.lines)


def test_a_chouette_game_is_checkable_when_it_ends(tmp_path: Path) -> None:
    """Two people and the computer: both people contribute to game 1 (whose dice include
    the roll-off for places, single dice), and its seed is shown once it settles."""
    from test_server_chouette import decide

    async def scenario() -> dict[str, Any]:
        with LiveServer(tmp_path / "nardy.sqlite3", WAITING) as live:
            people = [await Client(live.url, name).guest() for name in ("Ala", "Bea")]
            table = await people[0].create(
                "backgammon", {}, kind="chouette", participants=3, computers=1
            )
            await people[1].join(table)
            for person in people:
                await person.open(table)
            before = people[0].state
            for number, person in enumerate(people):
                await person.command({"type": "contribute", "value": f"person {number}"})
            rng = random.Random(6)
            for _ in range(5000):
                n = max(p.state["n"] for p in people)
                for person in people:  # (a loaded machine: the computer may take its time)
                    await person.wait_n(n, timeout=60)
                if people[0].state.get("games", 0) >= 1:
                    break  # (game 2 waits for its contributions: no version comes by itself)
                movers = [p for p in people if set(p.state["legal"]) - {"resign"}]  # CH8
                if not movers:
                    await people[0].wait_n(n + 1, timeout=60)
                    continue
                await decide(rng.choice(movers), rng)
            dice = await dice_of(people[0], table)
            for person in people:
                await person.aclose()
            return {"before": before, "dice": dice}

    got = run(scenario(), timeout=300)
    assert got["before"]["game_dice"]["open"] and got["before"]["game_dice"]["seed"] is None
    one = got["dice"]["games"][0]
    assert [c["from"] for c in one["contributions"]] == ["player", "player", "computer"]
    assert one["seed"] is not None and any(len(r) == 1 for r in one["rolls"])
    verdict = check(got["dice"])
    assert verdict.ok and verdict.checked >= 1, verdict.lines
    forged = copy.deepcopy(got["dice"])
    forged["games"][0]["rolls"][0] = [forged["games"][0]["rolls"][0][0] % 6 + 1]
    assert not check(forged).ok
