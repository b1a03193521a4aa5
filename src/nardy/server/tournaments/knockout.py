"""Knock-out brackets: seeded by rating, byes (to the best seeds) only in round 1, and
round r+1 pairing the winners of round r (INTERFACES.md §8).

>>> first = bracket(["s1", "s2", "s3", "s4", "s5"])
>>> [p.players for p in first]
[('s1',), ('s4', 's5'), ('s2',), ('s3',)]
>>> won = tuple(Pairing(p.first, p.second, p.first) for p in first)
>>> [p.players for p in next_round(won)]
[('s1', 's4'), ('s2', 's3')]
"""

from __future__ import annotations

from collections.abc import Sequence

from nardy.server.tournaments.pairings import Pairing, Round


def seed_order(size: int) -> list[int]:
    """The bracket's lines by seed (0 the best) for ``size`` (a power of two) players, so
    that the best two can meet only in the final, the best four only in the semi-finals.

    >>> seed_order(8)
    [0, 7, 3, 4, 1, 6, 2, 5]
    """
    order = [0]
    while len(order) < size:
        mirror = 2 * len(order) - 1
        order = [s for seed in order for s in (seed, mirror - seed)]
    return order


def bracket(players: Sequence[str]) -> Round:
    """Round 1 for ``players`` in seeding order (best first): the bracket is the next
    power of two, and the missing players are byes for the best seeds."""
    if len(players) < 2:
        raise ValueError("a knock-out needs two players or more")
    size = 1 << (len(players) - 1).bit_length()
    lines = [players[s] if s < len(players) else None for s in seed_order(size)]
    pairings = []
    for a, b in zip(lines[::2], lines[1::2], strict=True):
        assert a is not None  # the better seed of each line is always a player
        pairings.append(Pairing.bye(a) if b is None else Pairing(a, b))
    return tuple(pairings)


def next_round(previous: Round) -> Round:
    """The winners of ``previous`` (every result in), two neighbouring pairings at a time;
    empty once ``previous`` was the final."""
    winners = [p.winner for p in previous]
    if None in winners:
        raise ValueError("the round is not over")
    if len(winners) < 2:
        return ()
    return tuple(Pairing(str(a), str(b)) for a, b in zip(winners[::2], winners[1::2], strict=True))


def rounds_for(players: int) -> int:
    """How many rounds a knock-out of ``players`` takes.

    >>> [rounds_for(n) for n in (2, 3, 4, 5, 64)]
    [1, 2, 2, 3, 6]
    """
    return (players - 1).bit_length()
