"""The table states (nardy.server.protocol.states): what a table sends has exactly the
fields of its type, in the type's order, and docs/PROTOCOL.md describes every one of them."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from nardy.server import protocol
from nardy.server.protocol.states import Legal
from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.store.database import Store

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"


def documented(start: str, end: str) -> set[str]:
    """The field names in the first column of the tables between two headings."""
    text = PROTOCOL.read_text(encoding="utf-8")
    section = text[text.index(start) : text.index(end, text.index(start))]
    names: set[str] = set()
    for line in section.splitlines():
        cells = line.split("|")
        if line.startswith("| `") and len(cells) > 2:
            names.update(re.findall(r"`([a-z_]+)`", cells[1]))
    return names


def fields(kind: type) -> list[str]:
    return list(kind.__annotations__)


def test_every_field_of_a_match_state_is_documented() -> None:
    names = documented("## The state", "### A chouette's state")
    assert names == set(fields(protocol.MatchState)) - {"type"}


def test_every_field_of_a_chouette_state_is_documented() -> None:
    names = documented("### A chouette's state", "## Versions and resync")
    assert names == set(fields(protocol.ChouetteState)) - {"type"}


async def views(request: dict[str, Any], players: list[str]) -> list[dict[str, Any]]:
    """The state as each player and a spectator see it, once the game has begun."""
    store = Store("sqlite://")
    lobby = Lobby(store, lambda variant, level: None, bot_delay=0.0, entropy_wait=0.0)  # type: ignore[arg-type,return-value]
    table = await lobby.create(players[0], players[0].title(), TableRequest.from_json(request))
    for player in players[1:]:
        await lobby.join(table.id, player, player.title(), None)
    seen = [table.view(player) for player in [*players, None]]
    store.close()
    return seen


def test_a_match_state_is_sent_with_its_typed_fields_in_order() -> None:
    seen = asyncio.run(views({"variant": "backgammon", "seat": 0}, ["ala", "ben"]))
    for state in seen:
        assert list(state) == fields(protocol.MatchState)
        assert set(state["legal"]) <= set(fields(Legal))
    assert any(state["legal"] for state in seen)  # the player on roll has something to do


def test_a_chouette_state_is_sent_with_its_typed_fields_in_order() -> None:
    request = {"variant": "backgammon", "kind": "chouette", "participants": 3}
    seen = asyncio.run(views(request, ["ala", "ben", "cid"]))
    for state in seen:
        assert list(state) == fields(protocol.ChouetteState)
        assert set(state["legal"]) <= set(fields(Legal))
    assert any(state["legal"] for state in seen)
