"""Dice nobody can doubt: commit to a secret seed before the game, reveal it after.

Each game draws a 32-byte seed from the operating system's cryptographic source. Its
SHA-256 digest (the *commitment*) is published before the first roll; the seed itself is
revealed when the game is over. Roll number k (counting from 0, opening roll-off attempts
included) is derived from the seed alone:

1. ``block = HMAC-SHA256(key=seed, message="roll:{k}:{j}")`` for j = 0, 1, 2, …
2. Read the bytes of the blocks in order, skip every byte ≥ 252 (so that all six faces are
   equally likely), and map each remaining byte b to the die ``b % 6 + 1``.
3. The first two dice are the roll. In an opening roll-off attempt, the first die is
   player 0's and the second player 1's.

Anyone holding the seed can recompute every roll and check it against the commitment.

>>> seed = bytes(range(32))
>>> roll(seed, 0), roll(seed, 1)
((5, 2), (6, 4))
>>> commitment(seed)[:16]
'630dcd2966c43366'
>>> verify(seed.hex(), commitment(seed), [(5, 2), (6, 4)])
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable

SEED_BYTES = 32


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's cryptographic source."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The published SHA-256 digest of ``seed``, in hex."""
    return hashlib.sha256(seed).hexdigest()


def dice_stream(seed: bytes, k: int) -> Iterable[int]:
    """The unbiased dice of roll ``k``, as many as asked for."""
    j = 0
    while True:
        block = hmac.new(seed, f"roll:{k}:{j}".encode(), hashlib.sha256).digest()
        for byte in block:
            if byte < 252:
                yield byte % 6 + 1
        j += 1


def roll(seed: bytes, k: int) -> tuple[int, int]:
    """Roll number ``k`` of the game with ``seed``."""
    stream = iter(dice_stream(seed, k))
    return next(stream), next(stream)


def verify(seed_hex: str, published: str, rolls: Iterable[tuple[int, int]]) -> bool:
    """Whether ``seed_hex`` matches the ``published`` commitment and produces ``rolls``."""
    seed = bytes.fromhex(seed_hex)
    if not hmac.compare_digest(commitment(seed), published.lower()):
        return False
    return all(roll(seed, k) == tuple(r) for k, r in enumerate(rolls))
