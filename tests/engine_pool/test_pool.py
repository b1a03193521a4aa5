"""The engine pool by itself, with real worker processes: reviews never take every
worker, a withdrawn job gives its share back, a job past the time bound is stopped."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from nardy.engine_pool import BACKGROUND, EngineLimits, EnginePool, Refused

BAR = {"variant": "backgammon", "board": [0] * 24, "bar": [15, 15], "off": [0, 0]}
LONG = ("rollout", BAR, 36)
"""About fifteen CPU-seconds of work."""
SHORT = ("rollout", {**BAR, "board": [1, 0, *[0] * 21, -1], "bar": [0, 0], "off": [14, 14]}, 36)
"""A race of one checker each: done at once."""


def running(pool: EnginePool) -> list[int]:
    """The lanes of the jobs the workers are running."""
    return [w.job.lane for w in pool._workers if w.job is not None]


async def until(condition: object, timeout: float = 60) -> None:
    async with asyncio.timeout(timeout):
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.01)


def test_reviews_leave_a_worker_to_people_and_withdrawn_jobs_give_their_share_back() -> None:
    async def scenario() -> None:
        pool = EnginePool(EngineLimits(processes=2, per_address=1, niceness=0))
        pool.start()
        try:
            reviews = [asyncio.create_task(pool.run(LONG, lane=BACKGROUND)) for _ in range(2)]
            await until(lambda: running(pool) == [BACKGROUND])
            assert pool.queue.waiting == 1  # the second review waits: half the workers
            answer = await pool.run(SHORT, address="a")  # a person is served beside it
            assert answer["games"] == 36
            first = asyncio.create_task(pool.run(LONG, address="b"))
            await until(lambda: len(running(pool)) == 2)
            waiting = asyncio.create_task(pool.run(LONG, address="c"))
            await until(lambda: pool.queue.waiting == 2)
            with pytest.raises(Refused) as refused:  # c's share is in use
                await pool.run(SHORT, address="c")
            assert refused.value.status == 429
            waiting.cancel()
            await until(lambda: pool.queue.waiting == 1)
            first.cancel()  # its worker is stopped and replaced; the review still waits
            await until(lambda: running(pool) == [BACKGROUND] and pool.queue.waiting == 1)
            assert pool.queue.waiting == 1
            for task in (*reviews, first, waiting):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Refused):
                    await task
        finally:
            await pool.stop()

    asyncio.run(scenario())


def test_a_job_past_the_time_bound_is_stopped() -> None:
    async def scenario() -> None:
        pool = EnginePool(EngineLimits(processes=1, seconds=0.5, niceness=0, warm=True))
        pool.start()
        try:
            before = pool._workers[0].process.pid
            with pytest.raises(Refused) as refused:
                await pool.run(LONG)
            assert refused.value.status == 503 and "0.5 seconds" in str(refused.value)
            worker = pool._workers[0]  # stopped, and replaced at once
            await until(lambda: worker.process is not None and worker.process.pid != before)
            assert worker.process.is_alive()
        finally:
            await pool.stop()

    asyncio.run(scenario())
