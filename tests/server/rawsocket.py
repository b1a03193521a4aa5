"""A WebSocket client that can misbehave: it sends frames and reads nothing.

The ``websockets`` library reads for its user in the background; a client that fills the
server's send buffers has to be written by hand, on a plain socket with a small receive
buffer.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import struct
import threading
from typing import Any


class SilentClient:
    """A WebSocket that never reads after its handshake."""

    def __init__(self, host: str, port: int, path: str, cookie: str | None = None) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        self.sock.connect((host, port))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: {host}:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
        ]
        if cookie:
            lines.append(f"Cookie: {cookie}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the server closed the handshake")
            answer += chunk
        if not answer.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(answer.decode(errors="replace"))
        self.sender: threading.Thread | None = None

    @staticmethod
    def frame(doc: dict[str, Any]) -> bytes:
        """One masked text frame holding ``doc``."""
        payload = json.dumps(doc).encode()
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        size = len(payload)
        header = struct.pack("!BB", 0x81, 0x80 | size) if size < 126 else None
        if header is None:
            header = struct.pack("!BBH", 0x81, 0x80 | 126, size)
        return header + mask + masked

    def flood(self, doc: dict[str, Any], count: int) -> None:
        """Send ``doc`` ``count`` times from a thread (the sends block once the server
        reads no more); returns at once."""
        data = self.frame(doc) * count

        def send() -> None:
            with contextlib.suppress(OSError):
                self.sock.sendall(data)

        self.sender = threading.Thread(target=send, daemon=True)
        self.sender.start()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        if self.sender is not None:
            self.sender.join(5)
