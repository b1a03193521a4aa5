"""A bot's connection to a table: a :class:`~nardy.server.tables.room.Connection` that is
not a socket but a bounded queue, read by an HTTP answer (the table stream) or waited on
for one reply (a command).

As with a socket's outbox, the table only ever queues what it sends: a stream whose reader
falls behind by more than the queue holds is dropped (its answer ends, and the bot opens
the stream again and starts from the current state), so a slow bot never slows a table.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from nardy.server.protocol import wire
from nardy.server.tables.replies import Replies

STATE_PREFIX = '{"type":"state"'
"""How every state's JSON text begins (:func:`nardy.server.protocol.wire.dumps` keeps the
fields in order, ``type`` first)."""


class BotConnection:
    """See the module docstring. ``reply_to`` is the ``id`` of the one command whose
    answer :attr:`answer` receives; states are queued as JSON text."""

    def __init__(
        self, player_id: str, address: str | None, *, size: int = 64, reply_to: str = ""
    ) -> None:
        self.player_id: str | None = player_id
        self.session: str | None = None
        self.address = address
        self.replies = Replies()
        self.states: asyncio.Queue[str] = asyncio.Queue(size)
        self.dropped = asyncio.Event()
        self.reply_to = reply_to
        self.answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.on_drop: Callable[[], Coroutine[Any, Any, None]] | None = None
        """Called once when the connection is dropped (the table forgets it at once, even
        while the HTTP answer still waits to write to a reader that stopped)."""
        self.leaving: asyncio.Task[None] | None = None

    async def send(self, message: Mapping[str, Any]) -> None:
        if message.get("type") == "state":
            await self.send_text(wire.dumps(message))
        else:
            self._answered(dict(message))

    async def send_text(self, text: str) -> None:
        if self.dropped.is_set():
            return
        if not text.startswith(STATE_PREFIX):
            self._answered(wire.loads(text))
            return
        try:
            self.states.put_nowait(text)
        except asyncio.QueueFull:
            self.drop()

    def _answered(self, message: dict[str, Any]) -> None:
        if self.reply_to and message.get("id") == self.reply_to and not self.answer.done():
            self.answer.set_result(message)

    def drop(self) -> None:
        """Stop: the stream ends (the bot reads too slowly, or its token was revoked)."""
        if self.dropped.is_set():
            return
        self.dropped.set()
        with contextlib.suppress(asyncio.QueueFull):  # wakes a reader waiting for a state
            self.states.put_nowait("")
        if self.on_drop is not None:
            self.leaving = asyncio.get_running_loop().create_task(self.on_drop())
