"""Rate counts kept in this process's memory (:class:`LocalRates`), in the layout of the
``limits`` library's sliding windows (:data:`Window`), for :mod:`nardy.server.site.throttle`."""

from __future__ import annotations

from collections.abc import Callable

from limits import RateLimitItem

from nardy.server.clock import SYSTEM

Window = tuple[int, float, int, float]
"""A sliding window as ``limits`` stores it: the previous fixed window's count and the
seconds it still counts for, the current one's count and seconds to live."""


class LocalRates:
    """Sliding-window counts in this process's memory, as the ``limits`` library keeps
    them (a fixed window's count, and the previous one's weighted by how much of it the
    sliding window still covers) at a fraction of its cost: every message of every socket
    is counted, so this is on the server's busiest path. Counts of keys unused for two
    windows are dropped now and then.

    >>> from limits import parse
    >>> now = [100.0]
    >>> rates = LocalRates(clock=lambda: now[0])
    >>> item = parse("2/second")
    >>> [rates.hit(item, "a") for _ in range(3)]
    [True, True, False]
    >>> now[0] += 1.5  # half of the last window's two hits still count
    >>> rates.window(item, "a")
    (2, 0.5, 0, 1.5)
    >>> rates.hit(item, "a"), rates.hit(item, "a")
    (True, False)
    """

    SWEEP_EVERY = 10_000
    """Hits between two sweeps of stale keys."""

    def __init__(self, clock: Callable[[], float] = SYSTEM.monotonic) -> None:
        self.clock = clock
        self._counts: dict[tuple[str, str], list[float]] = {}
        """(rate, key) → [start of the current fixed window, its count, the previous
        window's count, the window's length]."""
        self._hits = 0

    def _entry(self, item: RateLimitItem, key: str) -> tuple[list[float], float]:
        """The counts of ``key`` under ``item``, moved on to the fixed window of now."""
        now = self.clock()
        length = float(item.get_expiry())
        entry = self._counts.get((str(item), key))
        if entry is None:
            entry = self._counts[(str(item), key)] = [now - now % length, 0.0, 0.0, length]
        start = now - now % length
        if start != entry[0]:
            entry[2] = entry[1] if start - entry[0] == length else 0.0
            entry[0], entry[1] = start, 0.0
        return entry, now

    def hit(self, item: RateLimitItem, key: str, cost: int = 1) -> bool:
        """Count ``cost`` hits of ``key`` if they fit ``item``'s rate; whether they did."""
        entry, now = self._entry(item, key)
        length = entry[3]
        weighted = entry[2] * (length - (now - entry[0])) / length + entry[1]
        self._hits += 1
        if self._hits % self.SWEEP_EVERY == 0:
            self._sweep(now)
        if weighted + cost > item.amount:
            return False
        entry[1] += cost
        return True

    def test(self, item: RateLimitItem, key: str) -> bool:
        """Whether one more hit of ``key`` would fit (nothing counted)."""
        entry, now = self._entry(item, key)
        length = entry[3]
        return entry[2] * (length - (now - entry[0])) / length + entry[1] + 1 <= item.amount

    def window(self, item: RateLimitItem, key: str) -> Window:
        """The sliding window in the ``limits`` layout (see :data:`Window`)."""
        entry, now = self._entry(item, key)
        length = entry[3]
        left = length - (now - entry[0])
        return int(entry[2]), left, int(entry[1]), left + length

    def _sweep(self, now: float) -> None:
        stale = [k for k, e in self._counts.items() if now - e[0] >= 2 * e[3]]
        for k in stale:
            del self._counts[k]
