"""``GET /api/variants``: the facts the browser draws from, read from the variant objects."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from client import Client, run
from extra_variant import registered
from servers import LiveServer

from nardy.formats.position_json import position_to_json
from nardy.rules.settings import Settings
from nardy.server.app import ServerConfig
from nardy.variants import VARIANTS


def facts(live: LiveServer) -> dict[str, dict[str, Any]]:
    reply = httpx.get(f"{live.url}/api/variants", trust_env=False)
    assert reply.status_code == 200
    return {doc["name"]: doc for doc in reply.json()}


def test_every_variant_is_described_by_its_own_object(live: LiveServer) -> None:
    described = facts(live)
    assert list(described) == list(VARIANTS)
    for name, variant in VARIANTS.items():
        doc = described[name]
        start = position_to_json(variant.start_position())
        assert doc["start"] == {k: start[k] for k in ("board", "bar", "off", "reserve")}
        assert doc["their_points"] == [variant.mirror(p) for p in range(1, 25)]
        assert doc["hits"] is variant.hits and doc["reserve"] is variant.has_reserve
        assert doc["resign_levels"] == list(variant.resign_levels)
        defaults = Settings.for_variant(variant)
        assert {s["name"]: s["default"] for s in doc["settings"]} == defaults.to_json(variant)
        assert doc["results"] == [list(r) for r in variant.result_values(defaults)]
        assert doc["levels"][-1] == "strongest"


def test_the_facts_that_tell_the_variants_apart(live: LiveServer) -> None:
    described = facts(live)
    nardy, dutch, backgammon = (described[n] for n in ("long-nardy", "dutch", "backgammon"))
    assert not nardy["hits"] and nardy["heads"] == [24, 12] and nardy["starter_takes_white"]
    assert dutch["start"]["reserve"] == [15, 15] and dutch["formats"] == ["gnubg-position-id"]
    assert "mat" in backgammon["formats"] and backgammon["chouette"]
    jacoby = next(s for s in backgammon["settings"] if s["name"] == "jacoby")
    assert jacoby == {"name": "jacoby", "default": False, "money_only": True, "needs_cube": True}
    assert (nardy["series"], nardy["money"], dutch["series"], dutch["money"]) == (
        True, False, True, True,
    )  # fmt: skip


def test_a_variant_written_in_python_only_is_served_and_played(tmp_path: Path) -> None:
    with (
        registered() as extra,
        LiveServer(
            tmp_path / "nardy.sqlite3", ServerConfig(bot_delay=0.0, entropy_wait=0.0)
        ) as live,
    ):
        doc = facts(live)[extra.name]
        assert doc["title"] == "Longgammon" and doc["start"]["board"][23] == 15
        assert doc["levels"]  # it borrows backgammon's network

        async def play() -> dict[str, Any]:
            ala = await Client(live.url, "Ala").guest()
            try:
                await ala.create(extra.name, {"match_to": 1}, opponent="computer", seat=0)
                return await ala.open()
            finally:
                await ala.aclose()

        state = run(play())
        assert state["variant"] == extra.name
    assert extra.name not in VARIANTS


def test_a_mat_file_is_refused_clearly_where_the_variant_has_none(live: LiveServer) -> None:
    async def table() -> str:
        ala = await Client(live.url, "Ala").guest()
        try:
            return await ala.create("long-nardy", {"match_to": 1}, opponent="computer")
        finally:
            await ala.aclose()

    reply = httpx.get(f"{live.url}/api/tables/{run(table())}/record.mat", trust_env=False)
    assert reply.status_code == 400
    assert "no .mat for this table: a .mat file holds backgammon or nackgammon" in reply.text
