"""The review of finished matches, analysed in the background and stored so it is done once.

When a match ends (or somebody opens the review of a table with finished games) the
table's review is *queued* in the store. Every server process runs one worker that
*claims* the oldest queued review with a lease (so with several processes each review is
analysed by one of them, and one whose process died is taken over when its lease runs
out), analyses the record of the finished games, writing its progress as it goes, and
stores the result (:func:`nardy.analysis.review.analyse`, as JSON), its close decisions
settled by rollouts within the operator's budget of CPU seconds
(``nardy serve --review-rollout-seconds``, docs/DEPLOY.md).

The engine works in the engine pool (:mod:`nardy.engine_pool`), in its lowest lane: the
analysis is CPU-bound and would otherwise hold the interpreter the tables' event loop
needs, and people waiting for a hint or an analysis go first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from nardy.engine_pool import BACKGROUND, EnginePool
from nardy.server.store.database import ReviewRow, Store

log = logging.getLogger(__name__)

LEASE = 60.0
"""Seconds a claimed review stays with its worker without news from it."""
POLL = 5.0
"""Seconds between looks for reviews queued by other processes."""

RecordSource = Callable[[str], Awaitable[dict[str, Any]]]
"""Gives the record of a table's finished games (INTERFACES.md §4) by its id."""


# ----------------------------------------------------------------------------- the worker


class Reviews:
    """Queues, runs and answers for the reviews of one server process."""

    def __init__(
        self,
        store: Store,
        records: RecordSource,
        ply: int,
        pool: EnginePool,
        *,
        rollout_seconds: float = 0.0,
    ) -> None:
        self.store = store
        self.records = records
        self.ply = ply
        self.pool = pool
        self.rollout_seconds = rollout_seconds
        """CPU seconds each review may spend settling close decisions by rollouts."""
        self.owner = secrets.token_hex(8)
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def request(self, table_id: str, games: int) -> bool:
        """Queue the review of the first ``games`` finished games of a table unless it is
        stored or under way; True if it was queued now."""
        if games <= 0:
            return False
        queued = await asyncio.to_thread(self.store.queue_review, table_id, games, self.ply)
        if queued:
            self._wake.set()
        return queued

    async def state(self, table_id: str) -> ReviewRow | None:
        return await asyncio.to_thread(self.store.review, table_id)

    def start(self) -> None:
        """Run the worker in the background (the app's lifespan)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._work())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _work(self) -> None:
        while True:
            try:
                row = await asyncio.to_thread(self.store.claim_review, self.owner, LEASE)
            except Exception:
                log.exception("cannot claim a review")
                row = None
            if row is None:
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), POLL)
                continue
            await self._run(row)

    async def _run(self, row: ReviewRow) -> None:
        try:
            record = await self.records(row.table_id)
            games = [g for g in record["games"] if g.get("result") is not None]
            record = {**record, "games": games[: row.games]}
            record["score"] = _score_after(record)

            async def progress(done: int, total: int) -> None:
                await asyncio.to_thread(
                    self.store.review_progress, row.table_id, self.owner, done, total, LEASE
                )

            job = ("review", record, row.ply, self.rollout_seconds)
            review = await self.pool.run(job, lane=BACKGROUND, progress=progress)
            await asyncio.to_thread(
                self.store.finish_review, row.table_id, self.owner, json.dumps(review)
            )
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.warning("review of table %s failed: %s", row.table_id, error)
            await asyncio.to_thread(
                self.store.finish_review, row.table_id, self.owner, None, str(error)
            )


def _score_after(record: dict[str, Any]) -> list[int]:
    """The score after the record's games (its last game's score before, plus its result)."""
    if not record["games"]:
        return [0, 0]
    last = record["games"][-1]
    score = list(last.get("score_before", [0, 0]))
    result = last.get("result") or {}
    if result.get("winner") is not None:
        score[result["winner"]] += result["points"]
    return score
