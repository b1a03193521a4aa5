"""The table sockets' own text frames (nardy.server.http.ws_protocol.text_frame): the bytes
websockets makes for the same messages, compressed or not, at every length encoding."""

from __future__ import annotations

import random

from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from nardy.server.http.ws_protocol import (
    COMPRESSION,
    WINDOW_BITS,
    SelectiveDeflate,
    plain_deflate,
    text_frame,
)


def deflate() -> SelectiveDeflate:
    return SelectiveDeflate(False, False, WINDOW_BITS, WINDOW_BITS, dict(COMPRESSION))


def messages() -> list[bytes]:
    """Acknowledgements, states that repeat themselves, and text deflate cannot shrink
    below 126 or 65,536 bytes."""
    rng = random.Random(5)
    noise = bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(70_000))
    state = b'{"type":"state","n":%d,"steps":[[8,5],[6,5]],"chat":[]}' * 30
    return [
        b'{"type":"ack","id":"1","n":7}',
        state % tuple(range(30)),
        b"x" * 199,
        b"y" * 200,
        noise[:300],
        state % tuple(range(1, 31)),
        noise[:5000],
        noise,
        "é ∑ 日本".encode() * 40,
    ]


def test_frames_are_the_bytes_websockets_makes_with_and_without_compression() -> None:
    ours, theirs = deflate(), deflate()
    for message in messages():
        expected = Frame(Opcode.TEXT, message).serialize(mask=False, extensions=[theirs])
        assert text_frame(message, ours) == expected
        plain = Frame(Opcode.TEXT, message).serialize(mask=False, extensions=[])
        assert text_frame(message, None) == plain


def test_frames_are_made_directly_only_for_no_extension_or_a_selective_deflate() -> None:
    selective = deflate()
    assert plain_deflate([]) == (True, None)
    assert plain_deflate([selective]) == (True, selective)
    fresh = SelectiveDeflate(False, True, WINDOW_BITS, WINDOW_BITS, dict(COMPRESSION))
    assert plain_deflate([fresh]) == (False, None)  # no context takeover: websockets' path
    other = PerMessageDeflate(False, False, WINDOW_BITS, WINDOW_BITS)
    assert plain_deflate([other]) == (False, None)
    assert plain_deflate([selective, selective]) == (False, None)
