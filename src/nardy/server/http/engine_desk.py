"""The HTTP side of the engine pool: every route that asks the engine for work (hints,
analyses, rollouts) goes through :class:`EngineDesk`, which

- paces the asker, per session and per address (429 with ``Retry-After``);
- refuses the live decision of a rated match to everyone (403; the rules pages, "Playing
  here");
- queues the job in the pool (429 when the asker's share is in use, 503 when the queue is
  full or the job ran too long, both with ``Retry-After``);
- withdraws the job, or stops it, as soon as the client goes away.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import HTTPException, Request

from nardy.engine_pool import EngineFailed, EngineLimits, EnginePool, Refused
from nardy.rules.plays import Dice
from nardy.rules.position import Position
from nardy.server.http.refused import RefusedRequest
from nardy.server.http.table_socket import COOKIE
from nardy.server.protocol import refusals
from nardy.server.site.live_rated import LiveRated, Unsure
from nardy.server.site.throttle import Throttle


class EngineDesk:
    """See the module docstring."""

    def __init__(
        self, limits: EngineLimits, throttle: Throttle, redis: Any = None, cookie: str = COOKIE
    ) -> None:
        """``redis``: the site's (``--broker``), where the live rated decisions are shared."""
        self.pool = EnginePool(limits)
        self.live = LiveRated(redis)
        self.throttle = throttle
        self.cookie = cookie

    def _retry(self) -> dict[str, str]:
        return {"Retry-After": str(self.pool.limits.retry_after)}

    async def pace(self, request: Request) -> None:
        """Count one engine request of its asker, or refuse it (429)."""
        wait = await self.throttle.engine_wait(request.cookies.get(self.cookie), _address(request))
        if wait is not None:
            seconds = int(wait) + 1
            retry = {"Retry-After": str(seconds)}
            raise RefusedRequest(429, refusals.ENGINE_PACE, retry, seconds=seconds)

    def check_cost(self, position: Position, games: int = 1, ply: int = 0) -> None:
        """Refuse (400) a request beyond the bound of one request's cost."""
        reason = self.pool.limits.too_costly(position, games, ply)
        if reason is not None:
            raise RefusedRequest(400, refusals.TOO_COSTLY, reason=reason)

    async def refuse_live(self, position: Position, dice: Dice | None) -> None:
        """Refuse (403) a rated match's live decision."""
        try:
            live = await self.live.holds(position, dice)
        except Unsure:
            raise RefusedRequest(503, refusals.CANNOT_CHECK_NOW, self._retry()) from None
        if live:
            raise RefusedRequest(403, refusals.RATED_LIVE)

    async def answer(self, request: Request, job: tuple[Any, ...]) -> dict[str, Any]:
        """The engine's answer to ``job``, while its client waits for it."""
        work = asyncio.ensure_future(
            self.pool.run(job, session=request.cookies.get(self.cookie), address=_address(request))
        )
        gone = asyncio.ensure_future(_until_gone(request))
        try:
            await asyncio.wait({work, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (work, gone):
                if not task.done():
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
        if not work.done() or work.cancelled():
            raise HTTPException(499, "the client went away")  # nobody reads this
        try:
            return work.result()
        except Refused as error:
            kind = refusals.ENGINE_SHARE if error.status == 429 else refusals.ENGINE_BUSY
            raise RefusedRequest(error.status, kind, self._retry(), reason=str(error)) from None
        except EngineFailed as error:
            raise RefusedRequest(400, refusals.ENGINE_FAILED, reason=str(error)) from None


async def _until_gone(request: Request) -> None:
    """Return once the client has closed its connection (the request's body is read)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


def _address(request: Request) -> str | None:
    return request.client.host if request.client else None
