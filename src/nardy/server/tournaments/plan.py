"""What a running tournament does next, from what the store holds: wait for results,
pair a round (or, in an arena, the players waiting), or end. Pure: the director stores
what this decides.

>>> from nardy.server.store.tournaments import Entrant, TournamentRow
>>> row = TournamentRow("t", "T", "backgammon", "knockout", "c", "running", 0, {}, 0.0, 0.0, 1)
>>> people = [Entrant("a", "A", 1600.0, None), Entrant("b", "B", 1500.0, None)]
>>> next_step(row, people, [], now=1.0)
Pair(round=1, pairings=(Pairing(first='a', second='b', winner=None),))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from nardy.server.store.tournaments import Entrant, PairingRow, TournamentRow
from nardy.server.tournaments import arena, knockout, swiss
from nardy.server.tournaments.pairings import Pairing, Round


@dataclass(frozen=True)
class Wait:
    """Results are still to come (or, in an arena, nobody can be paired now)."""


@dataclass(frozen=True)
class Pair:
    round: int
    pairings: tuple[Pairing, ...]


@dataclass(frozen=True)
class Finish:
    """Every round is played (or no more can be paired)."""


Step = Wait | Pair | Finish


def rounds_of(rows: Sequence[PairingRow]) -> list[Round]:
    """The stored pairings as rounds of values, in board order."""
    by_round = groupby(sorted(rows, key=lambda r: (r.round, r.board)), key=lambda r: r.round)
    return [tuple(Pairing(r.first, r.second, r.winner) for r in group) for _, group in by_round]


def seeded(entrants: Sequence[Entrant]) -> list[str]:
    """The players still in, best rating first (then who joined first)."""
    order = sorted(enumerate(entrants), key=lambda e: (-e[1].seed, e[0]))
    return [e.player for _, e in order if e.left is None]


def next_step(
    row: TournamentRow, entrants: Sequence[Entrant], rows: Sequence[PairingRow], now: float
) -> Step:
    """What ``row`` (running) does next."""
    if row.format == "arena":
        return _arena_step(row, entrants, rows, now)
    if any(r.winner is None for r in rows):
        return Wait()
    rounds = rounds_of(rows)
    players = seeded(entrants)
    if row.format == "knockout":
        if not rounds:
            return Pair(1, knockout.bracket(players)) if len(players) >= 2 else Finish()
        following = knockout.next_round(rounds[-1])
        return Pair(row.round + 1, following) if following else Finish()
    if row.round >= int(row.config.get("rounds", 1)) or len(players) < 2:
        return Finish()
    try:
        return Pair(row.round + 1, swiss.pair_swiss(players, rounds))
    except swiss.NoPairing:
        return Finish()


def arena_ends(row: TournamentRow) -> float:
    """When an arena stops pairing (its start and its minutes)."""
    return (row.started or row.created) + 60.0 * float(row.config.get("minutes", 0))


def _arena_step(
    row: TournamentRow, entrants: Sequence[Entrant], rows: Sequence[PairingRow], now: float
) -> Step:
    playing = {p for r in rows if r.winner is None for p in (r.first, r.second) if p}
    if now >= arena_ends(row):
        return Wait() if playing else Finish()
    last: dict[str, PairingRow] = {}
    for r in sorted(rows, key=lambda r: r.board):
        for player in (r.first, r.second):
            if player is not None:
                last[player] = r
    players = seeded(entrants)
    waiting = sorted(
        (p for p in players if p not in playing),
        key=lambda p: (last[p].finished or 0.0) if p in last else 0.0,
    )
    opponents = {p: o for p, r in last.items() if (o := _other(r, p)) is not None}
    made, _ = arena.pair_waiting(waiting, opponents, playing=len(playing))
    return Pair(1, made) if made else Wait()


def _other(row: PairingRow, player: str) -> str | None:
    return row.second if player == row.first else row.first
