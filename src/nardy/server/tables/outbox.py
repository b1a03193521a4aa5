"""One table socket's sending side: a bounded queue with its own writer.

A table sends each state to every watcher. If that meant waiting for each socket, one
client that stops reading (its receive buffer full) would hold up the table and every
player's acknowledgement. Instead :meth:`Outbox.send` only queues the message; a task of
this socket writes it. A socket whose queue is full, or whose write has not gone through
within the timeout, cannot keep up: it is dropped (closed, and removed from its table),
and a client that is merely slow reconnects and resyncs.

Under ``nardy serve`` the socket's protocol offers a direct send
(:mod:`nardy.server.http.ws_protocol`): a message is then framed into the connection's buffer
at once, with no queue and no writer task, and the socket is dropped when more than
:data:`BYTES_PER_MESSAGE` times the queue's size waits in that buffer, or when the client
has taken nothing for the timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, Protocol

from starlette.websockets import WebSocket

from nardy.server.protocol import wire
from nardy.server.tables.replies import Replies

CANNOT_KEEP_UP = 1013
"""WebSocket close code "try again later", sent to a socket that was dropped."""

BYTES_PER_MESSAGE = 4096
"""With a direct send, the bytes a socket may have waiting per message of its queue's size
(a state is about 1.2 kB before compression, tens of bytes after)."""


class DirectSend(Protocol):
    """What a connection's protocol offers for sending without a task of our own
    (:class:`~nardy.server.http.ws_protocol.TableWebSocketProtocol`)."""

    writable: asyncio.Event
    """Set while the transport takes writes."""

    def send_now(self, text: str) -> int:
        """Send ``text``; the bytes now waiting for the client, or -1 if it is gone."""
        ...

    def stalled_for(self) -> float:
        """Seconds the transport has refused writes (0 while it takes them)."""
        ...


class Outbox:
    """A :class:`~nardy.server.tables.room.Connection` over a WebSocket (see the module)."""

    def __init__(
        self,
        socket: WebSocket,
        player_id: str | None,
        *,
        session: str | None = None,
        address: str | None = None,
        size: int = 64,
        timeout: float = 10.0,
        direct: DirectSend | None = None,
    ) -> None:
        self.socket = socket
        self.direct = direct
        """The protocol's direct send, when it has one (see the module docstring)."""
        self.max_waiting = size * BYTES_PER_MESSAGE
        self.player_id = player_id
        self.session = session
        self.address = address
        self.timeout = timeout
        self.queue: asyncio.Queue[str] = asyncio.Queue(size)
        self.dropped = asyncio.Event()
        self.on_drop: Callable[[], Coroutine[Any, Any, None]] | None = None
        """Called once when the socket is dropped (the table forgets it)."""
        self.writer: asyncio.Task[None] | None = None
        self.reader: asyncio.Task[Any] | None = None
        """The task reading this socket, cancelled when the socket is dropped while it
        waits for the client (never while it handles a command)."""
        self.receiving = False
        self.leaving: asyncio.Task[None] | None = None
        self.drained = asyncio.Event()
        self.replies = Replies()
        """Answers to this connection's accepted commands, by message id (sent again once)."""
        """Set when the queue is at most half full."""
        self.close_code, self.close_reason = CANNOT_KEEP_UP, "cannot keep up"

    def start(self) -> None:
        if self.direct is None:
            self.writer = asyncio.get_running_loop().create_task(self._write())
        self.reader = asyncio.current_task()

    async def send(self, message: Mapping[str, Any]) -> None:
        """Queue ``message``; never waits for the client."""
        await self.send_text(wire.dumps(message))

    async def send_text(self, text: str) -> None:
        """Queue a message already encoded as JSON text; never waits for the client."""
        if self.dropped.is_set():
            return
        direct = self.direct
        if direct is not None:
            waiting = direct.send_now(text)
            if waiting > self.max_waiting or direct.stalled_for() > self.timeout:
                self.drop()
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.drop()

    async def room(self) -> None:
        """Wait until the queue is at most half full: a client is read only as fast as
        it reads its answers."""
        direct = self.direct
        if direct is not None:
            while not direct.writable.is_set() and not self.dropped.is_set():
                try:
                    async with asyncio.timeout(max(0.0, self.timeout - direct.stalled_for())):
                        await direct.writable.wait()
                except TimeoutError:
                    self.drop()
            return
        while self.queue.qsize() > self.queue.maxsize // 2 and not self.dropped.is_set():
            self.drained.clear()
            await self.drained.wait()

    async def _write(self) -> None:
        """Write what is queued, in order: everything waiting at each wake-up under one
        timeout (a state and an acknowledgement often come together)."""
        while True:
            if self.queue.qsize() <= self.queue.maxsize // 2:
                self.drained.set()
            texts = [await self.queue.get()]
            while not self.queue.empty():
                texts.append(self.queue.get_nowait())
            try:
                async with asyncio.timeout(self.timeout):
                    for text in texts:
                        await self.socket.send_text(text)
            except TimeoutError:
                self.drop()
                return
            except Exception:  # the client went away; the reader sees it too
                return

    def drop(self, code: int = CANNOT_KEEP_UP, reason: str = "cannot keep up") -> None:
        """Stop serving this socket: no more messages either way."""
        if self.dropped.is_set():
            return
        self.dropped.set()
        self.drained.set()
        self.close_code, self.close_reason = code, reason
        if self.on_drop is not None:
            self.leaving = asyncio.get_running_loop().create_task(self.on_drop())
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()
        reader = self.reader
        if reader is not None and reader is not asyncio.current_task() and self.receiving:
            reader.cancel()

    async def close(self) -> None:
        """Stop the writer and say goodbye, without waiting long for a client that does
        not read."""
        if self.writer is not None:
            self.writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.writer
        if self.dropped.is_set():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.socket.close(self.close_code, self.close_reason), 1.0)
