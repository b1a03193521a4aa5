"""The store of tournaments (INTERFACES.md §8, several processes): a round is stored once,
by the holder of the tournament's current epoch only; a result is stored once; entries
close at the start and at the field's size; leases pass on once they run out."""

from __future__ import annotations

import time

import pytest

from nardy.server.store.database import Store
from nardy.server.store.tournaments import PairingRow, TournamentError, Tournaments


@pytest.fixture
def kept() -> Tournaments:
    return Tournaments(Store("sqlite://"))


def pairing(
    round: int, board: int, first: str, second: str | None, table: str | None
) -> PairingRow:
    return PairingRow(round, board, first, second, table, None, time.time(), None)


def running(kept: Tournaments, players: int = 4) -> tuple[str, int]:
    row = kept.add("Cup", "backgammon", "swiss", "a", {"rounds": 2}, owner="one", lease=60)
    for k in range(players):
        kept.join(row.id, f"p{k}", f"P{k}", 1500.0, limit=8)
    assert kept.start(row.id)
    return row.id, kept.get(row.id).epoch


def test_a_round_is_stored_once(kept: Tournaments) -> None:
    tournament, epoch = running(kept)
    first = [pairing(1, 0, "p0", "p1", "t1"), pairing(1, 1, "p2", "p3", "t2")]
    assert kept.pair(tournament, epoch, 1, first)
    assert not kept.pair(tournament, epoch, 1, first), "the same boards again"
    assert not kept.pair(tournament, epoch, 3, [pairing(3, 0, "p0", "p2", "t3")]), "a round skipped"
    assert [r.table for r in kept.pairings(tournament)] == ["t1", "t2"]
    assert kept.get(tournament).round == 1


def test_a_process_that_lost_the_tournament_pairs_nothing(kept: Tournaments) -> None:
    tournament, epoch = running(kept)
    with kept.store.transaction() as db:  # the lease ran out
        db.exec_driver_sql("UPDATE tournaments SET lease = 0")
    assert kept.claim("two", 5.0) == {tournament: epoch + 1}
    assert not kept.pair(tournament, epoch, 1, [pairing(1, 0, "p0", "p1", "t1")])
    assert kept.pair(tournament, epoch + 1, 1, [pairing(1, 0, "p0", "p2", "t9")])
    assert kept.claim("one", 5.0) == {}, "a live lease is not taken"


def test_a_result_is_stored_once(kept: Tournaments) -> None:
    tournament, epoch = running(kept, 2)
    assert kept.pair(tournament, epoch, 1, [pairing(1, 0, "p0", "p1", "t1")])
    assert kept.result("t1", "p1")
    assert not kept.result("t1", "p0")
    assert [r.winner for r in kept.pairings(tournament)] == ["p1"]


def test_entries_close_at_the_start_and_at_the_size(kept: Tournaments) -> None:
    row = kept.add("Cup", "backgammon", "swiss", "a", {})
    kept.join(row.id, "p0", "P0", 1500.0, limit=2)
    kept.join(row.id, "p0", "P0", 1500.0, limit=2)  # twice is once
    kept.join(row.id, "p1", "P1", 1500.0, limit=2)
    with pytest.raises(TournamentError, match="full"):
        kept.join(row.id, "p2", "P2", 1500.0, limit=2)
    assert kept.leave(row.id, "p1")
    assert [e.player for e in kept.entrants(row.id)] == ["p0"]
    assert kept.start(row.id) and not kept.start(row.id)
    with pytest.raises(TournamentError, match="closed"):
        kept.join(row.id, "p2", "P2", 1500.0, limit=2)
    assert kept.leave(row.id, "p0") and not kept.leave(row.id, "p0")
    assert kept.entrants(row.id)[0].left is not None, "after the start a leaver's results stay"
