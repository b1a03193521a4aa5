"""The engine pool: every piece of engine work a server process does for people (hints,
analyses and rollouts of positions) and in the background (reviews of finished matches)
runs here, in a few worker processes of lower scheduling priority, so that play — the
event loop, the threads that write to the store, the computer's moves, sign-ins — never
waits for analysis.

Jobs wait in a :class:`~nardy.engine_pool.fair_queue.FairQueue`: bounded, with a share
per session and per address, askers taking turns, reviews in a lower lane that may use
at most half the workers. A job whose asker stops waiting (the client went away) is
taken out of the queue, or, when it is running, its worker is killed and replaced, so
abandoned work costs nothing more. An interactive job running longer than the bound is
stopped the same way.

``concurrent.futures.ProcessPoolExecutor`` cannot stop a running job, and its queue is
neither bounded nor fair, so the workers are driven here over pipes: each has one
thread of this pool's own (never the event loop's default threads) that waits for its
answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from nardy.engine_pool.fair_queue import FairQueue, Refused
from nardy.engine_pool.limits import EngineLimits
from nardy.engine_pool.worker import serve

INTERACTIVE = 0
"""The lane of work somebody waits for."""
BACKGROUND = 1
"""The lane of reviews: taken only when no interactive job waits."""

Progress = Callable[[int, int], Awaitable[None]]


class EngineFailed(RuntimeError):
    """The job failed (the message says why) or its worker stopped."""


class TooLong(Refused):
    """The job ran past the bound of one request and was stopped."""


@dataclass(eq=False)
class _Job:
    work: tuple[Any, ...]
    lane: int
    progress: Progress | None
    future: asyncio.Future[dict[str, Any]]
    running: bool = False


@dataclass(eq=False)
class _Worker:
    """One worker process and the pipe to it."""

    niceness: int
    process: Any = None
    connection: Connection | None = None
    job: _Job | None = None
    killed: bool = field(default=False)

    def started(self) -> Connection:
        if self.connection is not None and self.process.is_alive():
            return self.connection
        self.close()
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe()
        process = context.Process(
            target=serve, args=(theirs, self.niceness), daemon=True, name="nardy-engine"
        )
        process.start()
        theirs.close()
        self.process, self.connection, self.killed = process, mine, False
        return mine

    def kill(self) -> None:
        """Stop the worker now (its waiting thread then sees the pipe end)."""
        if self.process is not None and self.process.is_alive():
            self.process.kill()
        self.killed = True

    def close(self) -> None:
        """Forget a worker that has ended (killed, or gone by itself)."""
        if self.process is not None:
            self.process.kill()
            self.process.join(5)
        if self.connection is not None:
            self.connection.close()
        self.process = self.connection = None


class EnginePool:
    """See the module docstring."""

    def __init__(self, limits: EngineLimits | None = None) -> None:
        self.limits = limits or EngineLimits()
        shares = {"session": self.limits.per_session, "address": self.limits.per_address}
        self.queue: FairQueue[_Job] = FairQueue(self.limits.queue, shares)
        processes = max(1, self.limits.processes)
        self._workers = [_Worker(self.limits.niceness) for _ in range(processes)]
        self._background = max(1, processes // 2)
        self._threads = ThreadPoolExecutor(processes, thread_name_prefix="nardy-engine")
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping = False

    def start(self) -> None:
        """Start the workers when the limits say so (:attr:`EngineLimits.warm`), so that
        the first request finds them ready; otherwise each starts with its first job."""
        for worker in self._workers if self.limits.warm else ():
            worker.started()

    async def stop(self) -> None:
        self._stopping = True
        for worker in self._workers:
            worker.kill()
        for task in list(self._tasks):
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*self._tasks, return_exceptions=True)
        for worker in self._workers:
            await asyncio.to_thread(worker.close)
        self._threads.shutdown(wait=False, cancel_futures=True)

    async def run(
        self,
        work: tuple[Any, ...],
        *,
        session: str | None = None,
        address: str | None = None,
        lane: int = INTERACTIVE,
        progress: Progress | None = None,
    ) -> dict[str, Any]:
        """The answer to ``work`` (a job of :mod:`nardy.engine_pool.worker`). Raises
        :class:`~nardy.engine_pool.fair_queue.Refused` when the asker's share is in use
        or the queue is full, :class:`TooLong` and :class:`EngineFailed`. Cancelling the
        call withdraws the job, or stops it when it runs."""
        job = _Job(work, lane, progress, asyncio.get_running_loop().create_future())
        self.queue.admit(job, {"address": address, "session": session}, lane)
        self._dispatch()
        try:
            return await job.future
        except asyncio.CancelledError:
            self._abandon(job)
            raise

    def _abandon(self, job: _Job) -> None:
        if self.queue.withdraw(job):
            return
        for worker in self._workers:
            if worker.job is job:
                worker.kill()

    def _dispatch(self) -> None:
        """Give waiting jobs to idle workers."""
        for worker in self._workers:
            if worker.job is not None:
                continue
            background = sum(1 for w in self._workers if w.job and w.job.lane > INTERACTIVE)
            job = self.queue.take(None if background < self._background else INTERACTIVE)
            if job is None:
                return
            worker.job = job
            task = asyncio.get_running_loop().create_task(self._run_on(worker, job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run_on(self, worker: _Worker, job: _Job) -> None:
        seconds = self.limits.seconds if job.lane == INTERACTIVE else None
        try:
            async with asyncio.timeout(seconds):
                answer = await self._exchange(worker, job)
        except TimeoutError:
            worker.kill()
            limit = f"{self.limits.seconds:g}"
            _settle(job, TooLong(f"the engine stopped this after {limit} seconds", 503))
        except (EngineFailed, Refused) as error:
            _settle(job, error)
        except asyncio.CancelledError:
            _settle(job, Refused("the server is stopping", 503))
            raise
        else:
            if not job.future.done():
                job.future.set_result(answer)
        finally:
            worker.job = None
            self.queue.finished(job)
            if worker.killed or worker.process is None or not worker.process.is_alive():
                await asyncio.to_thread(worker.close)
                if not self._stopping and self.limits.warm:
                    worker.started()  # a fresh worker, ready for the next job
            if not self._stopping:
                self._dispatch()

    async def _exchange(self, worker: _Worker, job: _Job) -> dict[str, Any]:
        connection = worker.started()
        await self._in_thread(worker, connection.send, job.work)
        while True:
            try:
                message = await self._in_thread(worker, connection.recv)
            except (EOFError, OSError):
                raise Refused("the engine stopped before it answered; try again", 503) from None
            if message[0] == "progress":
                if job.progress is not None:
                    await job.progress(message[1], message[2])
            elif message[0] == "done":
                answer: dict[str, Any] = message[1]
                return answer
            else:
                raise EngineFailed(message[1])

    async def _in_thread(self, worker: _Worker, call: Callable[..., Any], *args: Any) -> Any:
        """``call`` on the pipe in this pool's own thread. When the wait is cancelled the
        worker is killed, and the thread awaited until the pipe's end frees it, so that
        no thread still reads a pipe once it is closed."""
        pending = asyncio.get_running_loop().run_in_executor(self._threads, call, *args)
        try:
            return await asyncio.shield(pending)
        except asyncio.CancelledError:
            worker.kill()
            with contextlib.suppress(Exception):
                await pending
            raise


def _settle(job: _Job, error: BaseException) -> None:
    if not job.future.done():
        job.future.set_exception(error)
