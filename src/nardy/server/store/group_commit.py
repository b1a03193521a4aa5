"""Group commit: the events of every table written together, one transaction at a time.

A table waits for its event to be committed before anyone hears of it. Writing each
event in its own transaction, from its own worker thread, made every command pay a
commit and a thread hand-off (with the GIL changing hands twice), and the single SQLite
writer queued them all. Here the events that arrive while one transaction is being
written are written together in the next: under load a commit carries many events, and
alone an event waits no longer than before.

>>> import asyncio
>>> from concurrent.futures import ThreadPoolExecutor
>>> from nardy.server.store.database import Store, TableRow
>>> store = Store("sqlite://")
>>> store.add_table(TableRow("t1", "match", "backgammon", {}, [None, None], {}, "open",
...                          None, "00" * 32, "ab" * 32, 0.0))
>>> async def two_at_once() -> None:
...     commits = GroupCommit(store)
...     await asyncio.gather(commits.append("t1", 1, {"a": 1}), commits.append("t1", 2, {"b": 2}))
>>> # (a thread of its own, so the example runs even where an event loop is running)
>>> ThreadPoolExecutor(1).submit(asyncio.run, two_at_once()).result()
>>> store.events("t1")
[{'a': 1}, {'b': 2}]
"""

from __future__ import annotations

import asyncio
from typing import Any

from nardy.server.store.database import Append, Store


class GroupCommit:
    """Appends events to ``store``, many per transaction; see the module docstring."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._writing = False
        self.commits = 0
        """Transactions written so far (the events per commit show how well it groups)."""
        self.events = 0

    async def append(
        self, table_id: str, n: int, payload: dict[str, Any], epoch: int | None = None
    ) -> None:
        """Write event ``n`` of a table durably (at ``epoch``, see :meth:`Store.append`);
        raises the store's error if it cannot (a second event ``n``, a passed epoch)."""
        future = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, n, payload, epoch), future))
        if not self._writing:
            self._writing = True
            asyncio.get_running_loop().create_task(self._write())
        await future

    async def _write(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                answers: list[BaseException | None]
                try:
                    written = await asyncio.to_thread(
                        self.store.append_batch, [event for event, _ in batch]
                    )
                    answers = list(written)
                except Exception as error:  # the database is away: every event fails
                    answers = [error] * len(batch)
                self.commits += 1
                self.events += len(batch)
                for (_, future), failure in zip(batch, answers, strict=True):
                    if future.done():
                        continue
                    if failure is None:
                        future.set_result(None)
                    else:
                        future.set_exception(failure)
        finally:
            self._writing = False
