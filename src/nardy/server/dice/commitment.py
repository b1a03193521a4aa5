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

That is the first scheme, which tables made before the players' contributions still use.
Tables made since (``SCHEME``, "nardy-dice/2") draw every game's dice from a game seed
and what the players sent for that game:

4. The game seed of game ``g`` (counting from 1) is ``HMAC-SHA256(key=seed,
   message="game:{g}")``; its own commitment, the SHA-256 digest of the game seed, is
   published before the game's first roll, and the game seed is revealed when that game
   ends. Knowing it tells nothing of the table seed, so nothing of the later games.
5. Every seat sends a *contribution* for the game: a text of 1 to 128 characters (the
   browser makes 32 random bytes in hex; a player may type their own). A seat that sent
   nothing before the game's first roll, and the computer, contribute the empty text.
6. The game's dice key is ``HMAC-SHA256(key=game seed, message=layout)``, where
   ``layout`` is the ASCII bytes ``nardy-dice/2`` followed, seat by seat in seat order,
   by the contribution's length in UTF-8 bytes as 4 bytes big-endian and those bytes.
7. Roll ``k`` of the game (counting from 0 in each game, roll-off attempts included) is
   the roll of steps 1 to 3 with the dice key in place of the seed.

>>> game = game_seed(seed, 1)
>>> game.hex()[:16], commitment(game)[:16]
('1e30b518bc3540a1', '448ce23bb34156cc')
>>> layout(["ab", ""]).hex()
'6e617264792d646963652f3200000002616200000000'
>>> key = dice_key(game, ["alpha", ""])
>>> roll(key, 0), roll(key, 1)
((5, 1), (4, 6))
>>> roll(dice_key(game, ["", "alpha"]), 0)  # the seat a contribution comes from counts
(5, 5)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence
from functools import lru_cache

SEED_BYTES = 32
SCHEME = "nardy-dice/2"
"""The name of the scheme with per-game seeds and the players' contributions."""
CONTRIBUTION_CHARACTERS = 128
"""The longest contribution a player may send."""


class ContributionError(ValueError):
    """A contribution the server cannot take, with the reason."""


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's cryptographic source."""
    return secrets.token_bytes(SEED_BYTES)


@lru_cache(maxsize=4096)
def commitment(seed: bytes) -> str:
    """The published SHA-256 digest of ``seed``, in hex (every state shows its game's:
    worked out once per seed)."""
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


@lru_cache(maxsize=4096)
def game_seed(seed: bytes, game: int) -> bytes:
    """The seed of game number ``game`` (from 1) of the table with ``seed`` (worked out
    once per game)."""
    return hmac.new(seed, f"game:{game}".encode(), hashlib.sha256).digest()


def layout(contributions: Sequence[str]) -> bytes:
    """The bytes the dice key is made from: the scheme's name, then each seat's
    contribution as its UTF-8 length (4 bytes, big-endian) and its UTF-8 bytes."""
    parts = [SCHEME.encode()]
    for text in contributions:
        data = text.encode()
        parts += [len(data).to_bytes(4, "big"), data]
    return b"".join(parts)


def dice_key(game: bytes, contributions: Sequence[str]) -> bytes:
    """The key every roll of a game is drawn from: its game seed mixed with every seat's
    contribution (the empty text for a seat that sent none)."""
    return hmac.new(game, layout(contributions), hashlib.sha256).digest()


def new_contribution() -> str:
    """A contribution as the browser makes one: 32 random bytes in hex."""
    return secrets.token_hex(SEED_BYTES)


def checked_contribution(value: object) -> str:
    """``value`` if it is a contribution the server takes, else :class:`ContributionError`.

    >>> checked_contribution("my lucky text 7")
    'my lucky text 7'
    >>> checked_contribution("")
    Traceback (most recent call last):
    ...
    nardy.server.dice.commitment.ContributionError: a contribution is 1 to 128 characters of text
    """
    if not isinstance(value, str) or not 1 <= len(value) <= CONTRIBUTION_CHARACTERS:
        raise ContributionError(
            f"a contribution is 1 to {CONTRIBUTION_CHARACTERS} characters of text"
        )
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise ContributionError("a contribution may not hold control characters")
    try:
        value.encode()
    except UnicodeEncodeError:
        raise ContributionError("a contribution must be valid Unicode text") from None
    return value
