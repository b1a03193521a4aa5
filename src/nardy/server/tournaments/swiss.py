"""Pairing a Swiss round: equal points where possible, else the nearest; no rematch; at
most one bye each (INTERFACES.md §8).

The players are ranked by points (then by their seeding) and cut into blocks of about
``block`` consecutive players. Each block is paired by networkx's maximum-weight matching,
whose weights fall with the square of the points between two players, so a block pairs
within its score groups first and lets the fewest, nearest players cross them. A block of
an odd count lets one player float down to the next block (again the nearest in points);
the last block gives the bye. Blocks keep a round of 256 players well under a second
(the matching is cubic in the players it sees); when the last block cannot be completed
without a rematch, the blocks are doubled and the round is paired again, up to one block
of everybody.

>>> r1 = pair_swiss(["a", "b", "c", "d", "e"], [])
>>> sorted(p.players for p in r1)
[('a', 'd'), ('b', 'c'), ('e',)]
>>> done = [Pairing("a", "d", "a"), Pairing("b", "c", "b"), Pairing.bye("e")]
>>> [p.players for p in pair_swiss(["a", "b", "c", "d", "e"], [done])]
[('a', 'b'), ('e', 'c'), ('d',)]
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx

from nardy.server.tournaments.pairings import Pairing, Round, had_bye, met, points

BLOCK = 32
"""Players one matching sees at most, unless the round cannot be paired otherwise."""
_BASE = 1 << 30
"""Every edge's weight starts here, so that a matching never leaves a pair unmade to
save weight (it is also told to make as many pairs as it can)."""
_SPREAD = 1 << 12
"""How much more a point between two players weighs than a place in the ranking."""
_DUMMY = -1
"""The node standing for the bye, or for floating down to the next block."""


class NoPairing(ValueError):
    """No round can be paired without a rematch or a second bye."""


def pair_swiss(
    players: Sequence[str], rounds: Sequence[Sequence[Pairing]], block: int = BLOCK
) -> Round:
    """The next round for ``players`` (in seeding order, best first) after ``rounds``:
    pairings whose first player ranks higher, best first, with the bye (if any) last.
    :class:`NoPairing` when none is possible."""
    score = points(rounds)
    ranked = sorted(players, key=lambda p: -score.get(p, 0))
    seen, byes = met(rounds), had_bye(rounds)
    size = max(2, block)
    while True:
        paired = _by_blocks(ranked, score, seen, byes, size)
        if paired is not None:
            return paired
        if size >= len(ranked):
            raise NoPairing("every pairing left would be a rematch or a second bye")
        size *= 2


def _by_blocks(
    ranked: list[str],
    score: dict[str, int],
    seen: frozenset[frozenset[str]],
    byes: frozenset[str],
    size: int,
) -> Round | None:
    """The round paired block by block, or None if its last block cannot be completed."""
    order = {p: i for i, p in enumerate(ranked)}
    pairs: list[Pairing] = []
    floating: list[str] = []
    for start in range(0, len(ranked), size):
        pool = floating + ranked[start : start + size]
        following = ranked[start + size : start + size + 1]
        last = not following
        if last:
            dummy = {p: score.get(p, 0) for p in pool if p not in byes}
            if len(pool) % 2 == 0:
                dummy = {}
        else:
            below = score.get(following[0], 0)
            dummy = {p: score.get(p, 0) - below for p in pool} if len(pool) % 2 else {}
        made, out, unmatched = _match(pool, score, seen, dummy)
        pairs.extend(_pairings(made, order))
        floating = sorted(out + unmatched, key=order.__getitem__)
        if last:
            if unmatched:
                return None
            pairs.extend(Pairing.bye(p) for p in out)
    return tuple(pairs)


def _pairings(made: list[tuple[str, str]], order: dict[str, int]) -> list[Pairing]:
    ordered = [tuple(sorted(pair, key=order.__getitem__)) for pair in made]
    return [Pairing(a, b) for a, b in sorted(ordered, key=lambda pair: order[pair[0]])]


def _match(
    pool: list[str],
    score: dict[str, int],
    seen: frozenset[frozenset[str]],
    dummy: dict[str, int],
) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """The best pairs of ``pool``, who is left out on purpose and who could not be
    paired. ``dummy`` gives the players who may be left out (floated down, or given the
    bye) with the points that would cost them."""
    graph = nx.Graph()
    graph.add_nodes_from(range(len(pool)))
    for i, a in enumerate(pool):
        for j in range(i + 1, len(pool)):
            b = pool[j]
            if frozenset((a, b)) not in seen:
                gap = score.get(a, 0) - score.get(b, 0)
                graph.add_edge(i, j, weight=_BASE - _SPREAD * gap * gap)
        if a in dummy:  # the lowest ranked first, among those it costs least
            cost = _SPREAD * dummy[a] * dummy[a] + len(pool) - 1 - i
            graph.add_edge(i, _DUMMY, weight=_BASE - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    made: list[tuple[str, str]] = []
    out: list[str] = []
    matched: set[int] = set()
    for i, j in matching:
        matched.update((i, j))
        if _DUMMY in (i, j):
            out.append(pool[max(i, j)])
        else:
            made.append((pool[i], pool[j]))
    unmatched = [p for i, p in enumerate(pool) if i not in matched]
    return made, out, unmatched
