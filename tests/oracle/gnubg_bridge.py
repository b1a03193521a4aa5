"""Talking to GNU Backgammon (the ``gnubg_nn`` package) in the tests.

gnubg is a test and benchmark dependency only: without it, importing this module skips the
test that imports it.

gnubg's board (:func:`nardy.bench.gnubg.board`) is two lists of 25 counts, ``[player not on
roll, player on roll]``, each in its owner's numbering: index i is point i + 1 and index 24
that side's bar. ``gnubg_nn.moves``
gives the key of every legal final position, still seen from the player on roll, and an
empty tuple when the roll cannot be played.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from nardy.bench.gnubg import Board, board
from nardy.rules import Position, legal_plays
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, NACKGAMMON

gnubg_nn = pytest.importorskip("gnubg_nn")

ROLLS: tuple[tuple[int, int], ...] = tuple(
    (high, low) for high in range(1, 7) for low in range(1, high + 1)
)
"""The 21 different rolls, larger die first."""


def gnubg_board(position: Position) -> Board:
    """gnubg's ``[opponent, roller]`` board for a backgammon-shaped position."""
    return board(position.cells)


def gnubg_key(position: Position) -> str:
    """gnubg's key (its own 20-letter form of the position) for ``position``."""
    return str(gnubg_nn.key_of_board(gnubg_board(position)))


def gnubg_final_keys(position: Position, dice: tuple[int, int]) -> tuple[str, ...]:
    """The keys gnubg gives for every legal final position (empty: no legal move)."""
    return tuple(gnubg_nn.moves(gnubg_board(position), dice[0], dice[1], 0))


def nardy_final_keys(position: Position, dice: tuple[int, int]) -> list[str]:
    """gnubg keys of the final positions of nardy's legal plays, one per play."""
    return [gnubg_key(play.position) for play in legal_plays(position, dice)]


def random_positions(
    count: int, seed: int, variants: Sequence[Variant] = (BACKGAMMON, NACKGAMMON)
) -> Iterator[Position]:
    """``count`` different positions (before the roll) met in random games from the start.

    The games start from each of ``variants`` in turn; every play is chosen uniformly among
    the legal ones.
    """
    rng = random.Random(seed)
    seen: set[tuple[int, ...]] = set()
    game = 0
    while True:
        position = variants[game % len(variants)].start_position()
        game += 1
        while not position.is_over():
            if position.cells not in seen:
                seen.add(position.cells)
                yield position
                if len(seen) == count:
                    return
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
            if plays:
                position = rng.choice(plays).position
            position = position.flipped()
