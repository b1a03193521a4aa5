"""Any JSON value is a message id, echoed exactly, and no message of up to 64 KiB closes the
socket (docs/PROTOCOL.md, "The table socket"): ids that orjson can neither hold nor write
(integers beyond 64 bits, deep nesting) come back digit for digit, in an answer the client
can match, and the socket stays open."""

from __future__ import annotations

import json
from typing import Any

import pytest
from client import Client, run
from servers import LiveServer
from websockets.asyncio.client import connect

BIG = 1 << 64
DEEP = "[" * 254 + "]" * 254

CASES = [
    ('{"type": "ping", "id": %s}' % ("1" + "0" * 309), "pong", "1" + "0" * 309),
    ('{"type": "ping", "id": %s}' % ("7" * 4000), "pong", "7" * 4000),
    (f'{{"type": "ping", "id": {BIG}}}', "pong", str(BIG)),
    (f'{{"type": "ping", "id": {DEEP}}}', "pong", DEEP),
    ('{"type": "roll", "id": %s}' % ("9" * 4000), "error", "9" * 4000),
    (f'{{"type": "fly", "x": "\\ud800", "id": {BIG}}}', "error", str(BIG)),
    (f'{{"type": "ping", "n": 1e400, "id": [{BIG}, 2]}}', "error", f"[{BIG},2]"),
    ('{"type": "ping", "id": [1e400, {"a": -0.50}]}', "error", '[1e400,{"a":-0.50}]'),
    ('{"type": "ping", "id": [0.1, {"a": -0.50}]}', "pong", '[0.1,{"a":-0.50}]'),
    ('{"type": "ping", "id": NaN}', "error", "null"),
]


def id_text(reply: str) -> str:
    """The JSON text of the ``id`` in a reply written compactly (as the server writes)."""
    start = reply.index('"id":') + len('"id":')
    decoder = json.JSONDecoder(parse_int=str, parse_float=str, parse_constant=str)
    _, end = decoder.raw_decode(reply, start)
    return reply[start:end]


@pytest.mark.parametrize(("message", "kind", "echoed"), CASES)
def test_every_id_comes_back_exactly_and_the_socket_stays(
    live: LiveServer, message: str, kind: str, echoed: str
) -> None:
    async def scenario() -> list[dict[str, Any] | str]:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create("backgammon", {"match_to": 1}, opponent="computer")
        url = f"{live.url.replace('http', 'ws', 1)}/ws/tables/{table}"
        async with connect(url, proxy=None, max_size=1 << 22) as sock:
            json.loads(await sock.recv())  # the state
            assert json.loads(await sock.recv())["type"] == "presence"  # who is there
            await sock.send(message)
            reply = str(await sock.recv())
            await sock.send('{"type": "ping", "id": "after"}')
            after = json.loads(await sock.recv())
        await ala.aclose()
        return [reply, after]

    reply, after = run(scenario())
    assert isinstance(reply, str) and isinstance(after, dict)
    assert json.loads(reply)["type"] == kind, reply[:200]
    assert id_text(reply) == echoed, reply[:200]
    assert after == {"type": "pong", "id": "after", "n": after["n"]}
