"""Standings: points (a match won, a bye included, is 1), then Buchholz (the points of
one's opponents), then Sonneborn–Berger (the points of the opponents one beat).

>>> done = [(Pairing("a", "b", "a"), Pairing("c", "d", "c")),
...         (Pairing("a", "c", "a"), Pairing("b", "d", "d"))]
>>> [(s.player, s.points, s.tiebreak, s.second) for s in standings("abcd", done)]
[('a', 2, 1, 1), ('c', 1, 3, 1), ('d', 1, 1, 0), ('b', 0, 3, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nardy.server.tournaments.pairings import Pairing, points


@dataclass(frozen=True)
class Standing:
    player: str
    points: int
    tiebreak: int
    """Buchholz: the sum of the points of every opponent met (byes add nothing)."""
    second: int
    """Sonneborn–Berger: the sum of the points of every opponent beaten."""

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "points": self.points,
            "tiebreak": self.tiebreak,
            "second": self.second,
        }


def standings(players: Sequence[str], rounds: Sequence[Sequence[Pairing]]) -> list[Standing]:
    """Every player of ``players`` (in seeding order, which breaks the last ties), best
    first, from the finished pairings of ``rounds`` (unfinished ones count for nobody)."""
    won = points(rounds)
    buchholz = dict.fromkeys(players, 0)
    berger = dict.fromkeys(players, 0)
    for r in rounds:
        for p in r:
            if p.second is None or p.winner is None:
                continue
            for player in p.players:
                opponent = p.opponent(player)
                assert opponent is not None
                buchholz[player] = buchholz.get(player, 0) + won.get(opponent, 0)
            loser = p.loser
            if loser is not None:
                berger[p.winner] = berger.get(p.winner, 0) + won.get(loser, 0)
    seed = {p: i for i, p in enumerate(players)}
    table = [Standing(p, won.get(p, 0), buchholz[p], berger[p]) for p in players]
    return sorted(table, key=lambda s: (-s.points, -s.tiebreak, -s.second, seed[s.player]))
