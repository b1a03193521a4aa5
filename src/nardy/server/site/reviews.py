"""The review of finished matches, analysed in the background and stored so it is done once.

When a match ends (or somebody opens the review of a table with finished games) the
table's review is *queued* in the store. Every server process runs one worker that
*claims* the oldest queued review with a lease (so with several processes each review is
analysed by one of them, and one whose process died is taken over when its lease runs
out), analyses the record of the finished games, writing its progress as it goes, and
stores the result (:func:`nardy.analysis.review.analyse`, as JSON).

The engine works in a child process of its own (:class:`Analyst`): the analysis is
CPU-bound and would otherwise hold the interpreter the tables' event loop needs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from typing import Any

from nardy.server.store.database import ReviewRow, Store

log = logging.getLogger(__name__)

LEASE = 60.0
"""Seconds a claimed review stays with its worker without news from it."""
POLL = 5.0
"""Seconds between looks for reviews queued by other processes."""

RecordSource = Callable[[str], Awaitable[dict[str, Any]]]
"""Gives the record of a table's finished games (INTERFACES.md §4) by its id."""


class ReviewError(RuntimeError):
    """The analysis of a record failed; the message says why."""


# ----------------------------------------------------------------------------- the child


class _ParentGone(Exception):
    """The server that asked for the job is no longer there to hear of it."""


def _serve(connection: Connection) -> None:
    """The child process: do each job sent, telling its progress, until told to stop or
    until the server is gone (stopped or killed mid-job: the child ends quietly)."""
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            answer: tuple[str, Any] = ("done", _do(job, _Teller(connection)))
        except _ParentGone:
            return
        except Exception as error:  # any failure is the job's, not the child's
            answer = ("failed", f"{type(error).__name__}: {error}")
        try:
            connection.send(answer)
        except OSError:
            return


def _do(job: tuple[Any, ...], progress: Callable[[int, int], None]) -> dict[str, Any]:
    """``("review", record, ply)``: the analysis of a record; ``("rollout", position JSON,
    games)``: a rollout of a position."""
    kind = job[0]
    if kind == "review":
        from nardy.analysis.review import analyse
        from nardy.formats.record import replay

        record, ply = job[1], job[2]
        players = record.get("players") or ["player 0", "player 1"]
        match = replay(record)
        return analyse(match, (players[0], players[1]), ply, progress=progress).to_json()
    if kind == "rollout":
        from nardy.analysis.position import rollout_position
        from nardy.formats.position_json import position_from_json

        position, dice = position_from_json(job[1])
        return rollout_position(position, dice, job[2])
    raise ValueError(f"unknown job {kind!r}")


class _Teller:
    """Sends the parent the analysis' progress, at most twice a second."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last >= 0.5 or done == total:
            self.last = now
            try:
                self.connection.send(("progress", done, total))
            except OSError:
                raise _ParentGone from None


class Analyst:
    """A child process that does one job at a time (a review, a rollout), started when
    first needed and again if it dies."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: Any = None
        self._connection: Connection | None = None

    def analyse(
        self, record: dict[str, Any], ply: int, progress: Callable[[int, int], None]
    ) -> dict[str, Any]:
        """The review of ``record`` (blocking: call it in a thread)."""
        return self.run(("review", record, ply), progress)

    def run(
        self, job: tuple[Any, ...], progress: Callable[[int, int], None] | None = None
    ) -> dict[str, Any]:
        """The answer to ``job`` (see :func:`_do`; blocking: call it in a thread)."""
        with self._lock:
            connection = self._start()
            connection.send(job)
            while True:
                try:
                    message = connection.recv()
                except (EOFError, OSError):
                    self._stop()
                    raise ReviewError("the analysing process stopped") from None
                kind = message[0]
                if kind == "progress":
                    if progress is not None:
                        progress(message[1], message[2])
                elif kind == "done":
                    result: dict[str, Any] = message[1]
                    return result
                else:
                    raise ReviewError(message[1])

    def _start(self) -> Connection:
        if self._process is not None and self._process.is_alive() and self._connection:
            return self._connection
        self._stop()
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(theirs,), daemon=True, name="nardy-review")
        process.start()
        theirs.close()
        self._process, self._connection = process, mine
        return mine

    def _stop(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(OSError):
                self._connection.send(None)
            self._connection.close()
        if self._process is not None:
            self._process.join(2)
            if self._process.is_alive():
                self._process.terminate()
                self._process.join(2)
        self._process = self._connection = None

    def close(self) -> None:
        with self._lock:
            self._stop()


# ----------------------------------------------------------------------------- the worker


class Reviews:
    """Queues, runs and answers for the reviews of one server process."""

    def __init__(self, store: Store, records: RecordSource, ply: int) -> None:
        self.store = store
        self.records = records
        self.ply = ply
        self.owner = secrets.token_hex(8)
        self.analyst = Analyst()
        self.rollouts = Analyst()
        """A second child process, for rollouts of positions (``POST /api/rollout``)."""
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
        await asyncio.to_thread(self.analyst.close)
        await asyncio.to_thread(self.rollouts.close)

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

            def progress(done: int, total: int) -> None:  # in the analysing thread
                self.store.review_progress(row.table_id, self.owner, done, total, LEASE)

            review = await asyncio.to_thread(self.analyst.analyse, record, row.ply, progress)
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
