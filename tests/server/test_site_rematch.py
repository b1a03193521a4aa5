"""A finished match has one rematch, whichever processes ask for it: a process that no
longer holds the match (another took it over while this one still thought it held it, as
after a stall its checks with Redis did not catch) makes none and asks the holder, and a
process that takes the match over sees the rematch its last holder made, even one made
after it read the table's row and before it took the table over. Two processes' lobbies on
a real PostgreSQL and a real Redis, in one event loop so that the test chooses who acts
when."""

from __future__ import annotations

import pytest
from client import run
from lobbies import finished_match, players, seated_match, site_lobbies, site_of

from nardy.server.site.lobby import Lobby
from nardy.server.tables.room import TableError

LINGER = 600.0
"""Finished tables stay live here for the whole test (their unloading is tested elsewhere)."""


def rematches(lobby: Lobby, table_id: str) -> list[str]:
    """The stored tables that are a rematch of ``table_id``."""
    return [row.id for row in lobby.store.tables() if row.options.get("previous") == table_id]


async def taken_over(stale: Lobby, holder: Lobby, table_id: str) -> None:
    """``holder`` takes the table over while ``stale`` still has it live and thinks it holds
    it: the lease given up behind ``stale``'s back, as when it stalled past it."""
    await site_of(stale).broker.release(table_id)
    assert await site_of(holder).owned(table_id) is not None
    assert table_id in stale.tables


def test_a_process_that_lost_a_finished_match_makes_no_rematch_of_it(
    postgres_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with site_lobbies(2, postgres_url, redis_url, linger=LINGER) as (a, b):
            ala, ben = players(a, "Ala", "Ben")
            match = await finished_match(a, ala, ben)
            await taken_over(a, b, match.id)
            first = await a.rematch_id(match.id, ala)  # refused here, made by b
            assert match.gone and match.id not in a.tables
            assert first not in a.tables and first in b.tables
            assert await b.rematch_id(match.id, ben) == first
            assert rematches(a, match.id) == [first]
            assert (await b.row(match.id)).options["rematch"] == first

    run(scenario())


def test_a_process_taking_a_finished_match_over_sees_the_rematch_made_before(
    postgres_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with site_lobbies(2, postgres_url, redis_url, linger=LINGER) as (a, b):
            ala, ben = players(a, "Ala", "Ben")
            match = await finished_match(a, ala, ben)
            before = await b.row(match.id)  # b reads the row, then a writes the rematch
            first = await a.rematch_id(match.id, ala)
            await site_of(a).broker.release(match.id)  # as if a stalled past its lease
            await b.load(before)  # b takes it over with the row it read before
            assert await b.rematch_id(match.id, ben) == first
            assert rematches(b, match.id) == [first]

    run(scenario())


def test_a_refusal_by_the_holder_keeps_its_code_at_the_process_that_asked(
    postgres_url: str, redis_url: str
) -> None:
    """docs/PROTOCOL.md, Refusals: the code (and the message) come back across processes."""

    async def scenario() -> None:
        async with site_lobbies(2, postgres_url, redis_url, linger=LINGER) as (a, b):
            ala, ben, cy = players(a, "Ala", "Ben", "Cy")
            match = await seated_match(a, ala, ben)
            for player, code in [(ala, "match_not_over"), (cy, "rematch_players_only")]:
                with pytest.raises(TableError) as refused:
                    await b.rematch_id(match.id, player)  # a holds the match: b asks a
                assert refused.value.code == code, refused.value
            assert match.id not in b.tables

    run(scenario())
