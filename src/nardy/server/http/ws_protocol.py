"""The WebSocket protocol ``nardy serve`` runs: uvicorn's sans-I/O one, made cheaper per message.

A table sends three messages a command (a state to each player and the sender's ``ack``),
and under load the socket layer cost more than the table. Three changes, none of them
visible on the wire beyond the bytes of the compressed frames:

- **Sending without a task hop.** The ASGI way to send is to await the server's ``send``,
  which a table cannot do for every watcher without waiting on the slowest; so each
  socket had a queue and a writer task. Here the protocol offers itself in the scope's
  extensions (:data:`DIRECT`): :class:`~nardy.server.tables.outbox.Outbox` frames each message
  at once into the connection's buffer, which is written out once per turn of the event
  loop (a state and an acknowledgement queued together leave in one write). The outbox
  still drops a socket that falls behind (see there).
- **Small messages are not compressed.** RFC 7692 lets a sender leave any message
  uncompressed; an acknowledgement or a pong (about 30 bytes) gains nothing from deflate
  and paid for a trip through the connection's compressor.
- **A cheaper deflate level** (:data:`COMPRESSION`): with the window each socket keeps, the
  states that follow one another compress almost as well at level 4 as at 6, for less CPU.
- **Frames made in one step** (:func:`text_frame`): an open socket's text message is
  compressed and given its header directly, the same bytes websockets' own path makes
  through a frame object, its checks, the extension's copy of it and a buffer (half the
  cost of sending, deflate aside). Anything else (a socket closing, a fragmented message,
  another extension) goes through websockets.

Other servers (uvicorn's own protocols, the test client) offer no :data:`DIRECT`, and the
outbox falls back to its queue and writer.
"""

from __future__ import annotations

import asyncio
import logging
import struct
import zlib
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import OPEN
from websockets.server import ServerProtocol

DIRECT = "nardy.direct_send"
"""The scope extension under which a connection offers :class:`TableWebSocketProtocol`."""

SMALL = 200
"""Messages shorter than this many bytes go uncompressed."""

COMPRESSION: dict[str, int] = {"level": 4, "memLevel": 1}
"""zlib settings of each socket's compressor (the window is uvicorn's, 2¹² bytes)."""

WINDOW_BITS = 12
"""The deflate window each side keeps, as uvicorn negotiates it."""


class SelectiveDeflate(PerMessageDeflate):
    """permessage-deflate that sends small messages as they are (RSV1 unset).

    >>> from websockets.frames import Frame, Opcode
    >>> deflate = SelectiveDeflate(False, False, 12, 12, dict(COMPRESSION))
    >>> deflate.encode(Frame(Opcode.TEXT, b'{"type":"pong"}')).rsv1
    False
    >>> big = deflate.encode(Frame(Opcode.TEXT, b'{"type":"state"}' * 40))
    >>> big.rsv1, len(big.data) < 640
    (True, True)
    """

    def encode(self, frame: Frame) -> Frame:
        if frame.fin and frame.opcode in (Opcode.TEXT, Opcode.BINARY) and len(frame.data) < SMALL:
            return frame
        return super().encode(frame)


def text_frame(payload: bytes, deflate: PerMessageDeflate | None) -> bytes:
    """One unmasked, unfragmented text frame of ``payload``, as a server sends it:
    compressed by ``deflate`` (carrying on its context) unless it is shorter than
    :data:`SMALL` or there is no ``deflate``. The bytes websockets makes for the same
    message with :class:`SelectiveDeflate`.

    >>> text_frame(b'{"type":"pong"}', None)
    b'\\x81\\x0f{"type":"pong"}'
    >>> deflate = SelectiveDeflate(False, False, 12, 12, dict(COMPRESSION))
    >>> frame = text_frame(b'{"type":"state"}' * 40, deflate)
    >>> hex(frame[0]), frame[1] == len(frame) - 2 < 126
    ('0xc1', True)
    """
    head = 0x81  # FIN, text
    if deflate is not None and len(payload) >= SMALL:
        encoder = deflate.encoder
        data = encoder.compress(payload) + encoder.flush(zlib.Z_SYNC_FLUSH)
        payload = data[:-4]  # the sync flush's empty block, which RFC 7692 leaves out
        head |= 0x40  # RSV1: compressed
    length = len(payload)
    if length < 126:
        return bytes((head, length)) + payload
    if length < 65536:
        return struct.pack("!BBH", head, 126, length) + payload
    return struct.pack("!BBQ", head, 127, length) + payload


def plain_deflate(extensions: list[Any]) -> tuple[bool, PerMessageDeflate | None]:
    """Whether :func:`text_frame` can frame for a connection with these negotiated
    ``extensions`` (none, or one :class:`SelectiveDeflate` that keeps its context), and
    the compressor to give it."""
    if not extensions:
        return True, None
    (only, *others) = extensions
    if others or type(only) is not SelectiveDeflate or only.local_no_context_takeover:
        return False, None
    return True, only


class SelectiveDeflateFactory(ServerPerMessageDeflateFactory):
    """Negotiates permessage-deflate as uvicorn does, and encodes with :class:`SelectiveDeflate`."""

    def process_request_params(self, params: Any, accepted_extensions: Any) -> Any:
        response, extension = super().process_request_params(params, accepted_extensions)
        extension.__class__ = SelectiveDeflate  # the same state, the encoder above
        return response, extension


class TableWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with a direct, buffered send; see the module
    docstring. Pass it to uvicorn as ``ws=``."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[
                    SelectiveDeflateFactory(
                        server_max_window_bits=WINDOW_BITS,
                        client_max_window_bits=WINDOW_BITS,
                        compress_settings=dict(COMPRESSION),
                    )
                ],
                max_size=config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )
        self._out: list[bytes] = []
        self._out_bytes = 0
        self._flushing = False
        self.paused_since: float | None = None
        """When (the loop's clock) the transport last stopped taking writes, or None."""

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope.setdefault("extensions", {})[DIRECT] = self

    # -- the direct send

    def send_now(self, text: str) -> int:
        """Frame ``text`` into the outgoing buffer (written at the end of this turn of the
        event loop); returns the bytes waiting to reach the client, or -1 when the socket
        is closed or closing (nothing is sent)."""
        if self.close_sent or self.disconnected or not self.handshake_complete:
            return -1
        conn = self.conn
        direct, deflate = plain_deflate(conn.extensions)
        if direct and conn.state is OPEN and not conn.expect_continuation_frame:
            for data in conn.data_to_send():  # what websockets queued goes first
                self._out.append(data)
                self._out_bytes += len(data)
            frame = text_frame(text.encode(), deflate)
            self._out.append(frame)
            self._out_bytes += len(frame)
        else:
            try:
                conn.send_text(text.encode())
            except Exception:  # not open any more (the client is closing)
                return -1
            for data in conn.data_to_send():
                self._out.append(data)
                self._out_bytes += len(data)
        if not self._flushing:
            self._flushing = True
            self.loop.call_soon(self._flush)
        return self._out_bytes + self.transport.get_write_buffer_size()

    def stalled_for(self) -> float:
        """Seconds the client has not been taking what is written (0: it is)."""
        if self.paused_since is None:
            return 0.0
        return self.loop.time() - self.paused_since

    def _flush(self) -> None:
        self._flushing = False
        if not self._out:
            return
        out, self._out, self._out_bytes = self._out, [], 0
        if not self.transport.is_closing():
            self.transport.write(b"".join(out))

    # -- uvicorn's paths: what is buffered goes first

    async def send(self, message: Any) -> None:
        self._flush()
        await super().send(message)

    def shutdown(self) -> None:
        self._flush()
        super().shutdown()

    def pause_writing(self) -> None:
        self.paused_since = self.loop.time()
        super().pause_writing()

    def resume_writing(self) -> None:
        self.paused_since = None
        super().resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._out, self._out_bytes = [], 0
        super().connection_lost(exc)
