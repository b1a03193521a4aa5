"""How long the throttle tells a client to wait: until there is room again in the sliding
window, not until the current fixed window ends (which after a burst can come first)."""

from __future__ import annotations

import asyncio

from nardy.server.site.throttle import Limits, Throttle


def test_after_a_burst_the_wait_covers_the_fading_of_the_burst() -> None:
    async def scenario() -> None:
        throttle = Throttle(Limits(failed_logins_per_name="10 per 15 minutes"))
        for _ in range(10):
            await throttle.login_failed("ala", "127.0.0.1")
        wait = await throttle.login_wait("ala", "127.0.0.1")
        # the ten hits are in the current window, whenever it ends: there is room again
        # only once that window has ended and a tenth of its weight (90 s) has faded
        assert wait is not None and 90 <= wait <= 900 + 90, wait
        assert await throttle.login_wait("ben", "127.0.0.1") is None

    asyncio.run(scenario())


def test_a_window_with_room_needs_no_wait() -> None:
    async def scenario() -> None:
        throttle = Throttle(Limits(failed_logins_per_name="10 per 15 minutes"))
        for _ in range(9):
            await throttle.login_failed("ala", None)
        assert await throttle.login_wait("ala", None) is None
        assert await throttle._room_in("10 per 15 minutes", "login-name:ala") == 0.0

    asyncio.run(scenario())
