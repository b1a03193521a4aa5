"""A lock per key, made when first wanted and dropped when nobody holds or waits for it.

The lobby loads each table under a lock of its own, so that rebuilding one table (a
store read, its events replayed) never waits for another's: a process that takes over a
dead one's hundred tables rebuilds them side by side, not one after another.

>>> import asyncio
>>> from concurrent.futures import ThreadPoolExecutor
>>> locks = KeyedLocks()
>>> async def demo():
...     async with locks("a"):
...         held = locks.held("a"), locks.held("b")
...     return held, locks.held("a"), len(locks)
>>> ThreadPoolExecutor(1).submit(asyncio.run, demo()).result()  # a loop of its own
((True, False), False, 0)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class KeyedLocks:
    """``async with locks(key):`` holds the lock of ``key`` alone."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    @contextlib.asynccontextmanager
    async def __call__(self, key: str) -> AsyncIterator[None]:
        lock, users = self._locks.setdefault(key, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if not users[0]:
                del self._locks[key]

    def held(self, key: str) -> bool:
        """Whether someone holds the lock of ``key`` now."""
        entry = self._locks.get(key)
        return entry is not None and entry[0].locked()

    def __len__(self) -> int:
        return len(self._locks)
