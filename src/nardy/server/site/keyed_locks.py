"""A lock per key, made when first wanted and dropped when nobody holds or waits for it.

The lobby loads each table under a lock of its own, so that rebuilding one table (a
store read, its events replayed) never waits for another's: a process that takes over a
dead one's hundred tables rebuilds them side by side, not one after another.

>>> import asyncio
>>> from concurrent.futures import ThreadPoolExecutor
>>> locks = KeyedLocks()
>>> async def demo():
...     async with locks("a"), locks("b"):  # another key's lock: no wait
...         inside = len(locks)
...     return inside, len(locks)
>>> ThreadPoolExecutor(1).submit(asyncio.run, demo()).result()  # a loop of its own
(2, 0)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import AsyncIterator


class KeyedLocks:
    """``async with locks(key):`` holds the lock of ``key`` alone."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: Counter[str] = Counter()
        """How many hold or wait for each key's lock."""

    @contextlib.asynccontextmanager
    async def __call__(self, key: str) -> AsyncIterator[None]:
        lock = self._locks.get(key) or self._locks.setdefault(key, asyncio.Lock())
        self._users[key] += 1
        try:
            async with lock:
                yield
        finally:
            self._users[key] -= 1
            if not self._users[key]:
                del self._users[key], self._locks[key]

    def __len__(self) -> int:
        """Keys whose lock someone holds or waits for."""
        return len(self._locks)
