"""A table's dice: which scheme draws them, what each seat contributed, what was drawn.

One immutable value per table, rebuilt from the stored events: a contribution is an event
of its own, and every roll is taken from the event that carries it (not recomputed), so
what the book says was drawn is what the players saw. :mod:`nardy.server.dice.commitment` says how
the dice are derived.

>>> book = DiceBook(bytes(range(32)), scheme=2, seats=2)
>>> book.is_open(1), book.contribution(1, 0)
(True, None)
>>> book = book.contributed(1, 0, "alpha")
>>> book.next_roll(1)
(5, 1)
>>> book = book.rolled(1, (5, 1))
>>> book.is_open(1), book.next_roll(1), book.count(1), book.total()
(False, (4, 6), 1, 1)
>>> old = DiceBook(bytes(range(32)), scheme=1, seats=2)
>>> old.next_roll(1), old.rolled(1, (5, 2)).next_roll(2)  # one sequence over the match
((5, 2), (6, 4))
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from nardy.server.dice import commitment as dice_service

Drawn = tuple[int, ...]
"""One draw: the two dice of a roll, or the single die of a chouette roll-off place."""


def _frozen(mapping: dict[int, Any]) -> Mapping[int, Any]:
    return MappingProxyType(mapping)


@dataclass(frozen=True)
class DiceBook:
    """See the module docstring. ``scheme`` 1 is the table seed alone, one sequence of
    rolls over the whole match; 2 is per-game seeds mixed with the seats' contributions."""

    seed: bytes
    scheme: int
    seats: int
    contributions: Mapping[int, Mapping[int, str]] = field(default_factory=lambda: _frozen({}))
    drawn: Mapping[int, tuple[Drawn, ...]] = field(default_factory=lambda: _frozen({}))

    @classmethod
    def for_table(cls, seed_hex: str, options: Mapping[str, Any], seats: int) -> DiceBook:
        """The book of a new table, its scheme read from the table's options."""
        scheme = 2 if options.get("dice") == dice_service.SCHEME else 1
        return cls(bytes.fromhex(seed_hex), scheme, seats)

    # -- reading

    def count(self, game: int) -> int:
        """How many draws game ``game`` has had."""
        return len(self.drawn.get(game, ()))

    def total(self) -> int:
        return sum(len(rolls) for rolls in self.drawn.values())

    def is_open(self, game: int) -> bool:
        """Whether game ``game`` still takes contributions: only before its first draw."""
        return self.scheme == 2 and self.count(game) == 0

    def contribution(self, game: int, seat: int) -> str | None:
        """What ``seat`` sent for ``game``, or None."""
        return self.contributions.get(game, {}).get(seat)

    def values(self, game: int) -> list[str]:
        """Every seat's contribution to ``game`` in seat order, the empty text for none."""
        sent = self.contributions.get(game, {})
        return [sent.get(seat, "") for seat in range(self.seats)]

    def game_seed(self, game: int) -> bytes:
        return dice_service.game_seed(self.seed, game)

    def key(self, game: int) -> bytes:
        """The key game ``game``'s rolls are drawn from."""
        return dice_service.dice_key(self.game_seed(game), self.values(game))

    def next_roll(self, game: int) -> tuple[int, int]:
        """The roll game ``game`` draws next (not yet drawn)."""
        if self.scheme == 1:
            return dice_service.roll(self.seed, self.total())
        return dice_service.roll(self.key(game), self.count(game))

    # -- changing

    def contributed(self, game: int, seat: int, value: str) -> DiceBook:
        sent = {**self.contributions.get(game, {}), seat: value}
        return replace(self, contributions=_frozen({**self.contributions, game: _frozen(sent)}))

    def rolled(self, game: int, dice: Drawn) -> DiceBook:
        rolls = (*self.drawn.get(game, ()), tuple(dice))
        return replace(self, drawn=_frozen({**self.drawn, game: rolls}))

    # -- what is shown

    def game_doc(
        self, game: int, revealed: bool, computers: Collection[int], *, rolls: bool = True
    ) -> dict[str, Any]:
        """Game ``game``'s dice as the state, ``/dice`` and the record show them: its
        commitment, every seat's contribution (``from``: ``player``, ``computer``, or
        ``none`` for a seat that sent nothing before the first roll; ``null`` while it may
        still come), the seed once ``revealed``, and the draws so far unless ``rolls`` is
        false (the state leaves them out: listing them every version cost a table a scan
        of its game's draws per command).

        >>> book = DiceBook(bytes(range(32)), scheme=2, seats=2).rolled(1, (5, 1))
        >>> book.game_doc(1, False, ())["rolls"]
        [[5, 1]]
        >>> "rolls" in book.game_doc(1, False, (), rolls=False)
        False
        """
        seed = self.game_seed(game)
        is_open = self.is_open(game)
        sent = self.contributions.get(game, {})
        contributions: list[dict[str, Any]] = []
        for seat in range(self.seats):
            if seat in sent:
                contributions.append({"value": sent[seat], "from": "player"})
            elif seat in computers:
                contributions.append({"value": "", "from": "computer"})
            elif is_open:
                contributions.append({"value": None, "from": None})
            else:
                contributions.append({"value": "", "from": "none"})
        doc: dict[str, Any] = {
            "game": game,
            "commitment": dice_service.commitment(seed),
            "seed": seed.hex() if revealed else None,
            "contributions": contributions,
            "open": is_open,
        }
        if rolls:
            doc["rolls"] = [list(d) for d in self.drawn.get(game, ())]
        return doc
