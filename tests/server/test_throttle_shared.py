"""Rates shared by the processes of a site (docs/PROTOCOL.md, "Limits and access"): two
throttles on one Redis count together, so a limit reached through one refuses through the
other; without a shared Redis each counts alone; with Redis gone a process counts in its own
memory."""

from __future__ import annotations

import asyncio

from nardy.server.site.throttle import Limits, Throttle

LIMITS = Limits(failed_logins_per_name="3 per 15 minutes", chat_per_player="4 per minute")


def test_two_throttles_on_one_redis_count_together(redis_url: str) -> None:
    async def scenario() -> None:
        first, second = Throttle(LIMITS, shared=redis_url), Throttle(LIMITS, shared=redis_url)
        for _ in range(3):
            assert await second.login_wait("ala", "10.0.0.1") is None
            await first.login_failed("ala", "10.0.0.1")
        wait = await second.login_wait("ala", "10.0.0.1")
        assert wait is not None and wait >= 1
        assert await second.login_wait("ben", "10.0.0.1") is None
        assert [await t.allow_chat("ala") for t in (first, second) * 3] == [True] * 4 + [False] * 2

    asyncio.run(scenario())


def test_without_a_shared_redis_each_throttle_counts_alone() -> None:
    async def scenario() -> None:
        first, second = Throttle(LIMITS), Throttle(LIMITS)
        for _ in range(3):
            await first.login_failed("ala", "10.0.0.1")
        assert await first.login_wait("ala", "10.0.0.1") is not None
        assert await second.login_wait("ala", "10.0.0.1") is None

    asyncio.run(scenario())


def test_with_redis_unreachable_a_throttle_counts_in_its_own_memory() -> None:
    async def scenario() -> None:
        throttle = Throttle(LIMITS, shared="redis://127.0.0.1:9/0")  # nobody listens there
        assert [await throttle.allow_chat("ala") for _ in range(5)] == [True] * 4 + [False]

    asyncio.run(scenario())
