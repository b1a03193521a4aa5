"""A bot's event stream, ``GET /api/bot/events`` (INTERFACES.md §9), and the end of a
revoked token's streams.

The stream reads the store, which every process of a site shares: the tables where the
bot sits that are being played (``start``, once per stream) and those that ended since
the stream opened (``finish``). It looks every :data:`POLL` seconds, which costs one
indexed read and needs no message between processes; a table is announced at most that
late, well within a person's patience and a bot's first move. An empty line goes out
when nothing else did for :data:`~nardy.server.bots.tables.KEEP_ALIVE` seconds.

A revoked token's streams end at once at the process that revoked it, and within
:data:`RECHECK` seconds at the others, which look the token up again that often.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from nardy.server.bots.tables import KEEP_ALIVE
from nardy.server.protocol import bot_api, wire
from nardy.server.store.bots import seated_tables
from nardy.server.store.database import Store

POLL = 0.5
"""Seconds between two looks at the store for a bot's new and finished tables."""
RECHECK = 2.0
"""Seconds between two checks that a stream's token still holds."""


@dataclass(eq=False)
class Watch:
    """One open stream of a token: ``stop`` is set once the token is revoked."""

    token: str
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    checker: asyncio.Task[None] | None = None


class Revocations:
    """The open streams of each token at this process, ended when it is revoked."""

    def __init__(self) -> None:
        self.watches: defaultdict[str, set[Watch]] = defaultdict(set)

    def watch(self, token: str, live: Callable[[], bool]) -> Watch:
        """A watch of ``token`` (revoked here: at once; elsewhere: ``live``, asked every
        :data:`RECHECK` seconds in a worker thread, says so)."""
        watch = Watch(token)
        self.watches[token].add(watch)

        async def check() -> None:
            while not watch.stop.is_set():
                try:
                    await asyncio.wait_for(watch.stop.wait(), RECHECK)
                except TimeoutError:
                    if not await asyncio.to_thread(live):
                        watch.stop.set()

        watch.checker = asyncio.get_running_loop().create_task(check())
        return watch

    def forget(self, watch: Watch) -> None:
        """The stream ended."""
        watch.stop.set()
        if watch.checker is not None:
            watch.checker.cancel()
        self.watches[watch.token].discard(watch)
        if not self.watches[watch.token]:
            del self.watches[watch.token]

    def revoked(self, token: str) -> None:
        for watch in self.watches.pop(token, set()):
            watch.stop.set()


async def event_lines(store: Store, player_id: str, stop: asyncio.Event) -> AsyncIterator[str]:
    """The bot's events as NDJSON lines until ``stop`` is set (see the module)."""
    opened = time.time()
    started: set[str] = set()
    finished: set[str] = set()
    quiet_since = time.monotonic()
    while not stop.is_set():
        for table, status in await asyncio.to_thread(seated_tables, store, player_id, opened):
            if table not in started:
                started.add(table)
                quiet_since = time.monotonic()
                yield wire.dumps(bot_api.event("start", table)) + "\n"
            if status == "over" and table not in finished:
                finished.add(table)
                quiet_since = time.monotonic()
                yield wire.dumps(bot_api.event("finish", table)) + "\n"
        if time.monotonic() - quiet_since >= KEEP_ALIVE:
            quiet_since = time.monotonic()
            yield "\n"
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), POLL)
