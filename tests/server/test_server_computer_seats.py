"""The computer's seats as data, and one shape for a match's and a chouette's state
(docs/PROTOCOL.md, "The state" and "A chouette's state"): ``computers`` beside the names
wherever a client shows seats, and a chouette's ``seats``, ``perspective``, ``game`` and
``pips`` under a match's names, its pips counted by the rules."""

from __future__ import annotations

import random
from typing import Any

from client import Client, actionable, both_played, play_lockstep, run
from servers import LiveServer
from test_server_ratings import get

from nardy.formats.position_json import position_from_json


def pips_of(position: dict[str, Any]) -> list[int]:
    """Pip counts ``[viewer's, other's]`` of a position JSON, by the rules."""
    return list(position_from_json(position)[0].pip_counts())


def check_shared_names(state: dict[str, Any]) -> None:
    """A chouette state's match names agree with its own."""
    assert state["seats"] == state["participants"]
    assert state["perspective"] == state["side"]
    assert state["game"] == state["games"] + 1
    if state["position"] is None:
        assert state["pips"] is None
    else:
        assert state["pips"] == pips_of(state["position"])


def test_a_chouette_sends_a_matchs_names_and_its_two_computers(live: LiveServer) -> None:
    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create(
            "backgammon", {}, kind="chouette", participants=3, computers=2, level="beginner"
        )
        watcher = Client(live.url, "watcher")
        await ala.open(table)
        await watcher.open(table)
        for client in (ala, watcher):
            await client.wait(lambda c=client: c.state["position"] is not None, timeout=60)
        computers = [None, "beginner", "beginner"]
        for client in (ala, watcher):
            state = client.state
            assert state["computers"] == computers
            assert state["seats"][0] == "Ala" and state["seats"][1:] == [
                "computer 2 (beginner)",
                "computer 1 (beginner)",
            ]
            assert sum(state["pips"]) > 0
            for seen in client.states:
                check_shared_names(seen)
        assert watcher.state["perspective"] == 1  # a spectator sees the team's side
        [listed] = [t for t in await get(live.url, "/api/tables", ala) if t["id"] == table]
        assert listed["computers"] == computers and listed["seats"] == ala.state["seats"]
        for client in (ala, watcher):
            await client.aclose()

    run(scenario(), timeout=120)


def test_a_match_against_the_computer_gives_its_level_wherever_it_is_named(
    live: LiveServer,
) -> None:
    """The state, the lobby list, the record, the "your turn" list and the player's
    history all carry the level beside the unchanged name."""

    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create(
            "backgammon",
            {"match_to": 3},
            opponent="computer",
            level="casual",
            seat=0,
            time_control="days-3",
        )
        state = await ala.open(table)
        assert state["seats"] == ["Ala", "computer (casual)"]
        assert state["computers"] == [None, "casual"]
        [listed] = [t for t in await get(live.url, "/api/tables", ala) if t["id"] == table]
        assert listed["computers"] == [None, "casual"]
        record = await get(live.url, f"/api/tables/{table}/record")
        assert record["players"] == state["seats"] and record["computers"] == [None, "casual"]
        await play_lockstep([ala], random.Random(3), until=both_played)
        await ala.wait(lambda: actionable(ala.state))  # the computer has answered
        turns = (await get(live.url, "/api/me/turns", ala))["turns"]
        [turn] = [t for t in turns if t["table"] == table]
        assert turn["opponent"] == "computer (casual)" and turn["opponent_computer"] == "casual"
        [entry] = await get(live.url, f"/api/players/{ala.player_id}/games", ala)
        assert entry["players"][0].get("computer") is None
        assert entry["players"][1] == {
            "id": "computer:casual",
            "name": "computer (casual)",
            "computer": "casual",
        }
        await ala.aclose()

    run(scenario(), timeout=120)
