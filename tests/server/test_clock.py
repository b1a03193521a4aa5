"""Where the server reads the time (:mod:`nardy.server.clock`): the machine's clock never
wakes a sleeper before its deadline, and a test's clock moves only when it is told to."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from nardy.server.clock import SYSTEM, ManualClock


class HastyTimers(asyncio.SelectorEventLoop):
    """An event loop whose timers fire when half their delay has passed (uvloop's may fire
    up to a millisecond early; this one is early by much more, so that no pause of a busy
    machine hides it)."""

    def call_at(
        self, when: float, callback: Callable[..., object], *args: Any, context: Any = None
    ) -> asyncio.TimerHandle:
        now = self.time()
        return super().call_at(now + (when - now) / 2, callback, *args, context=context)


def test_the_system_clock_waits_out_a_timer_that_fires_early() -> None:
    """A roll that waits for the players' contributions, or a move clock, must not take an
    early wake for its deadline (the wait for contributions then waited forever, since no
    timer was left to end it)."""
    loop = HastyTimers()
    try:
        deadline = time.monotonic() + 0.2
        loop.run_until_complete(SYSTEM.sleep_until(deadline))
        assert time.monotonic() >= deadline
    finally:
        loop.close()


def test_a_manual_clock_stands_still_until_it_is_advanced() -> None:
    clock = ManualClock(monotonic=5.0, wall=1000.0)
    assert (clock.monotonic(), clock.now()) == (5.0, 1000.0)
    clock.advance(2.5)
    assert (clock.monotonic(), clock.now()) == (7.5, 1002.5)
    with pytest.raises(ValueError, match="does not go back"):
        clock.advance(-1.0)
    assert ManualClock().now() == pytest.approx(time.time(), abs=60)


def test_advancing_wakes_the_sleepers_it_passes_soonest_first() -> None:
    async def scenario() -> None:
        clock = ManualClock()
        woken: list[float] = []

        async def sleeper(deadline: float) -> None:
            await clock.sleep_until(deadline)
            woken.append(deadline)

        tasks = [asyncio.create_task(sleeper(d)) for d in (3.0, 1.0, 2.0, 9.0)]
        gone = asyncio.create_task(sleeper(1.5))
        while len(clock.sleeping()) < 5:
            await asyncio.sleep(0)
        gone.cancel()
        clock.advance(0.5)  # nobody's deadline
        assert clock.sleeping() == [1.0, 2.0, 3.0, 9.0]
        clock.advance(2.5)
        await asyncio.gather(*tasks[:3])
        assert woken == [1.0, 2.0, 3.0] and clock.sleeping() == [9.0]
        await clock.sleep_until(3.0)  # a deadline passed already: no wait
        clock.advance(6.0)
        await tasks[3]
        assert woken[-1] == 9.0 and clock.sleeping() == []

    asyncio.run(scenario())


def test_a_clock_advanced_in_one_thread_wakes_a_sleeper_in_another() -> None:
    """A test advances the clock of a server that runs its event loop in a thread."""
    clock = ManualClock()
    done = threading.Event()
    thread = threading.Thread(target=lambda: asyncio.run(clock.sleep_until(30.0)) or done.set())
    thread.start()
    deadline = time.monotonic() + 30  # a bound, not a wait: the thread starts its loop
    while not clock.sleeping():
        assert time.monotonic() < deadline, "the sleeper never slept"
        time.sleep(0.001)
    clock.advance(30.0)
    thread.join(30)
    assert done.is_set()


def test_a_sleeper_of_a_stopped_loop_is_passed_over() -> None:
    """A server stopped while its timer slept, and its clock advanced since (a restart)."""
    clock = ManualClock()
    loop = asyncio.new_event_loop()
    task = loop.create_task(clock.sleep_until(5.0))
    loop.run_until_complete(asyncio.sleep(0))
    assert clock.sleeping() == [5.0]
    loop.close()
    clock.advance(10.0)
    assert clock.sleeping() == [] and not task.done()
