"""Arena: until its time is up, a player who finishes a match is paired again with a
waiting player, preferring one they did not just play (INTERFACES.md §8).

>>> made, left = pair_waiting(["a", "b", "c"], {"a": "b", "b": "a"}, playing=2)
>>> [p.players for p in made], left
([('a', 'c')], ('b',))
>>> pair_waiting(["a", "b"], {"a": "b", "b": "a"}, playing=2)[0]
()
>>> [p.players for p in pair_waiting(["a", "b"], {"a": "b", "b": "a"}, playing=0)[0]]
[('a', 'b')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from nardy.server.tournaments.pairings import Pairing


def pair_waiting(
    waiting: Sequence[str], last_opponent: Mapping[str, str], playing: int
) -> tuple[tuple[Pairing, ...], tuple[str, ...]]:
    """New pairings among ``waiting`` (longest waiting first) and who still waits.

    Each waiting player in turn takes the longest waiting other player who was not their
    last opponent. Two left who just played each other meet again only when nobody else
    is playing (``playing`` counts players at their tables), since nobody else could come.
    """
    left = list(waiting)
    made: list[Pairing] = []
    index = 0
    while index < len(left):
        player = left[index]
        partner = next(
            (o for o in left[index + 1 :] if last_opponent.get(player) != o),
            None,
        )
        if partner is None:
            index += 1
            continue
        left.remove(partner)
        left.pop(index)
        made.append(Pairing(player, partner))
    if len(left) >= 2 and playing == 0:
        made.append(Pairing(left[0], left[1]))
        left = left[2:]
    return tuple(made), tuple(left)
