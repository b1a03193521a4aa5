"""What a running tournament does next, from what is stored (INTERFACES.md §8)."""

from __future__ import annotations

from nardy.server.store.tournaments import Entrant, PairingRow, TournamentRow
from nardy.server.tournaments.pairings import Pairing
from nardy.server.tournaments.plan import Finish, Pair, Wait, next_step


def row(format: str, round: int, **config: object) -> TournamentRow:
    return TournamentRow("t", "T", "backgammon", format, "c", "running", round, config, 0.0, 0.0, 1)


def people(*names: str, gone: tuple[str, ...] = ()) -> list[Entrant]:
    return [
        Entrant(n, n.upper(), 2000.0 - k, 1.0 if n in gone else None) for k, n in enumerate(names)
    ]


def done(round: int, board: int, a: str, b: str | None, winner: str | None) -> PairingRow:
    return PairingRow(round, board, a, b, None if b is None else f"{a}{b}", winner, 0.0, 1.0)


def test_a_round_waits_for_its_last_result() -> None:
    stored = [done(1, 0, "a", "b", "a"), done(1, 1, "c", "d", None)]
    assert next_step(row("swiss", 1, rounds=3), people(*"abcd"), stored, 5.0) == Wait()


def test_no_pairing_is_made_before_every_result_is_stored() -> None:
    stored = [done(1, 0, "a", "b", "a"), done(1, 1, "c", "d", None)]
    assert next_step(row("knockout", 1), people(*"abcd"), stored, 5.0) == Wait()


def test_a_swiss_ends_after_its_rounds() -> None:
    stored = [done(1, 0, "a", "b", "a"), done(1, 1, "c", "d", "d")]
    assert next_step(row("swiss", 1, rounds=1), people(*"abcd"), stored, 5.0) == Finish()
    step = next_step(row("swiss", 1, rounds=2), people(*"abcd"), stored, 5.0)
    assert isinstance(step, Pair) and step.round == 2
    assert {frozenset(p.players) for p in step.pairings} == {frozenset("ad"), frozenset("bc")}


def test_who_left_is_paired_no_more() -> None:
    stored = [done(1, 0, "a", "b", "a"), done(1, 1, "c", "d", "d")]
    step = next_step(row("swiss", 1, rounds=2), people(*"abcd", gone=("b",)), stored, 5.0)
    assert isinstance(step, Pair)
    assert sorted(p.players for p in step.pairings) == [("a", "d"), ("c",)]


def test_a_knockout_pairs_the_winners_and_ends_with_the_final() -> None:
    first = [done(1, 0, "a", "d", "a"), done(1, 1, "b", "c", "c")]
    step = next_step(row("knockout", 1), people(*"abcd"), first, 5.0)
    assert step == Pair(2, (Pairing("a", "c"),))
    final = [*first, done(2, 0, "a", "c", "c")]
    assert next_step(row("knockout", 2), people(*"abcd"), final, 5.0) == Finish()


def test_an_arena_pairs_who_waits_until_its_time_is_up() -> None:
    arena = row("arena", 1, minutes=1)
    stored = [done(1, 0, "a", "b", "a"), done(1, 1, "c", "d", None)]
    assert next_step(arena, people(*"abcd"), stored, 5.0) == Wait(), "a and b just met"
    stored = [done(1, 0, "a", "b", "a"), done(1, 1, "c", "d", "c")]
    step = next_step(arena, people(*"abcd"), stored, 5.0)
    assert isinstance(step, Pair)
    met = {frozenset(p.players) for p in step.pairings}
    assert len(met) == 2 and frozenset("ab") not in met and frozenset("cd") not in met
    assert next_step(arena, people(*"abcd"), stored, 61.0) == Finish()
