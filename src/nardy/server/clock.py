"""Where the server reads the time: one :class:`Clock`, given to :func:`create_app
<nardy.server.app.create_app>` and handed on to everything whose behaviour time decides —
the tables' game clocks and graces (:mod:`nardy.server.tables.clock` is a table's move
allowance and reserve, counted on this one), the lobby's unloading and archive, the
correspondence deadlines, the throttle and the tournaments' timed starts.

:class:`SystemClock` reads the machine's clocks; :class:`ManualClock` is a clock whose
time moves only when it is told to, so that a test decides when a deadline passes instead
of waiting for it:

>>> clock = ManualClock(monotonic=100.0, wall=1_700_000_000.0)
>>> clock.advance(35.0)  # wakes, soonest first, the sleepers whose deadline it passes
>>> clock.monotonic(), clock.now()
(135.0, 1700000035.0)
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import threading
import time
from typing import Protocol


class Clock(Protocol):
    """The time as the server reads it."""

    def monotonic(self) -> float:
        """Seconds on a clock that never goes back (deadlines and durations)."""
        ...

    def now(self) -> float:
        """Seconds since 1970 (UTC), as stored and shown (correspondence deadlines,
        since when a table has been left)."""
        ...

    async def sleep_until(self, deadline: float) -> None:
        """Return once :meth:`monotonic` has reached ``deadline``, never before."""
        ...


class SystemClock:
    """The machine's clocks: :func:`time.monotonic`, :func:`time.time` and the event
    loop's timers."""

    def monotonic(self) -> float:
        return time.monotonic()

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, deadline: float) -> None:
        """One sleep is not enough: the timers of some event loops (uvloop's among them)
        fire up to a millisecond early, so it sleeps again until the deadline has come."""
        while (left := deadline - time.monotonic()) > 0:
            await asyncio.sleep(left)


SYSTEM = SystemClock()
"""The clock of a server that nobody drives."""


async def sleep(clock: Clock, seconds: float) -> None:
    """Sleep ``seconds`` on ``clock``."""
    await clock.sleep_until(clock.monotonic() + seconds)


class ManualClock:
    """A clock that stands still until :meth:`advance` moves it: both its readings move
    together, and the sleepers whose deadline it passes wake, soonest deadline first (all
    of them reading the time it was moved to). It
    may be advanced from another thread than the event loops its sleepers run in (a test
    beside a server in a thread of its own).

    ``wall`` is its :meth:`now` at ``monotonic``; by default the machine's time when it
    is made, so that what it stamps sits beside what the store stamps itself."""

    def __init__(self, monotonic: float = 0.0, wall: float | None = None) -> None:
        self._time = monotonic
        self._offset = (time.time() if wall is None else wall) - monotonic
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._lock = threading.Lock()

    def monotonic(self) -> float:
        return self._time

    def now(self) -> float:
        return self._time + self._offset

    async def sleep_until(self, deadline: float) -> None:
        with self._lock:
            if deadline <= self._time:
                return
            woken = asyncio.get_running_loop().create_future()
            heapq.heappush(self._sleepers, (deadline, next(self._order), woken))
        await woken

    def advance(self, seconds: float) -> None:
        """Move the time on by ``seconds`` and wake every sleeper whose deadline that
        passes, in the order of their deadlines."""
        if seconds < 0:
            raise ValueError("a clock does not go back")
        with self._lock:
            self._time += seconds
            due = []
            while self._sleepers and self._sleepers[0][0] <= self._time:
                due.append(heapq.heappop(self._sleepers)[2])
        for woken in due:
            with contextlib.suppress(RuntimeError):  # its loop has closed: nobody to wake
                woken.get_loop().call_soon_threadsafe(_wake, woken)

    def sleeping(self) -> list[float]:
        """The deadlines of those sleeping now, soonest first."""
        with self._lock:
            return sorted(d for d, _, woken in self._sleepers if not woken.done())


def _wake(woken: asyncio.Future[None]) -> None:
    if not woken.done():  # a cancelled sleeper has gone already
        woken.set_result(None)
