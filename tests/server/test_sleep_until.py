"""The dice wait and the clocks sleep until their deadline, even where timers fire early."""

from __future__ import annotations

import asyncio
import threading
import time
from types import SimpleNamespace

import pytest

from nardy.server.tables import room
from nardy.server.tables.room import sleep_until


def test_sleep_until_waits_out_a_timer_that_fires_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """uvloop rounds timers to the millisecond and may wake a task before its time: a roll
    that waits for the players' contributions must not take such a wake for the end of the
    wait (it then waited forever, since no timer was left to end it). The clock is the
    test's own, so a busy machine cannot let real time run past the deadline meanwhile; the
    clock and sleeps of servers other tests left running in threads of this process stay real."""
    now = [100.0]
    slept: list[float] = []
    real_sleep = asyncio.sleep

    here = threading.get_ident()

    async def early_sleep(delay: float) -> None:
        if threading.get_ident() != here:  # another test's server thread: the real sleep
            await real_sleep(delay)
            return
        slept.append(delay)
        now[0] += delay - 0.02 if len(slept) == 1 else delay  # the first wake is 20 ms early
        await real_sleep(0)

    def clock() -> float:
        return now[0] if threading.get_ident() == here else time.monotonic()

    monkeypatch.setattr(room, "time", SimpleNamespace(monotonic=clock))
    monkeypatch.setattr(asyncio, "sleep", early_sleep)
    asyncio.run(sleep_until(100.05))
    assert now[0] >= 100.05
    assert slept == pytest.approx([0.05, 0.02])
