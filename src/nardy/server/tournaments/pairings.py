"""The values every format works on: a pairing, a round, a player's record.

>>> p = Pairing("ala", "bob", winner="bob")
>>> p.loser, p.players
('ala', ('ala', 'bob'))
>>> Pairing.bye("cy").winner
'cy'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pairing:
    """Two players who meet (``second`` None: a bye for ``first``), and who won."""

    first: str
    second: str | None
    winner: str | None = None

    @classmethod
    def bye(cls, player: str) -> Pairing:
        """A bye, which counts as a win (INTERFACES.md §8)."""
        return cls(player, None, player)

    @property
    def players(self) -> tuple[str, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def loser(self) -> str | None:
        if self.winner is None or self.second is None:
            return None
        return self.second if self.winner == self.first else self.first

    def opponent(self, player: str) -> str | None:
        """The other player of this pairing (None for a bye)."""
        return self.second if player == self.first else self.first


Round = tuple[Pairing, ...]


def met(rounds: Iterable[Sequence[Pairing]]) -> frozenset[frozenset[str]]:
    """Every two players who have been paired already.

    >>> sorted(sorted(m) for m in met([[Pairing("a", "b"), Pairing.bye("c")]]))
    [['a', 'b']]
    """
    return frozenset(
        frozenset((p.first, p.second)) for r in rounds for p in r if p.second is not None
    )


def had_bye(rounds: Iterable[Sequence[Pairing]]) -> frozenset[str]:
    """Every player who has had a bye."""
    return frozenset(p.first for r in rounds for p in r if p.is_bye)


def points(rounds: Iterable[Sequence[Pairing]]) -> dict[str, int]:
    """Matches won (a bye included) by each player who has won one."""
    won: dict[str, int] = {}
    for r in rounds:
        for p in r:
            if p.winner is not None:
                won[p.winner] = won.get(p.winner, 0) + 1
    return won
