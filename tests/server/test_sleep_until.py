"""The dice wait and the clocks sleep until their deadline, even where timers fire early."""

from __future__ import annotations

import asyncio
import time

import pytest

from nardy.server.room import sleep_until


def test_sleep_until_waits_out_a_timer_that_fires_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """uvloop rounds timers to the millisecond and may wake a task before its time: a roll
    that waits for the players' contributions must not take such a wake for the end of the
    wait (it then waited forever, since no timer was left to end it)."""
    sleep = asyncio.sleep
    early = []

    async def early_sleep(delay: float) -> None:
        early.append(delay)
        await sleep(max(0.0, delay - 0.02) if len(early) == 1 else delay)

    monkeypatch.setattr(asyncio, "sleep", early_sleep)

    async def scenario() -> float:
        deadline = time.monotonic() + 0.05
        await sleep_until(deadline)
        return time.monotonic() - deadline

    assert asyncio.run(scenario()) >= 0
    assert len(early) >= 2
