"""The table sockets under ``nardy serve``'s WebSocket protocol (nardy.server.http.ws_protocol):
messages go out through the protocol's direct send, with no writer task; small messages
leave uncompressed and states compressed; a socket that falls behind is still dropped."""

from __future__ import annotations

import asyncio
from typing import Any

from client import run, seated_pair
from servers import LiveServer

from nardy.server.tables.outbox import BYTES_PER_MESSAGE, Outbox


def test_sockets_send_directly_small_messages_plain_and_states_compressed(
    live: LiveServer,
) -> None:
    async def scenario() -> list[tuple[str, bool]]:
        (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 0})
        try:
            room = live.app.state.lobby.tables[table]
            outboxes = list(room.connections)
            assert len(outboxes) == 2
            assert all(o.direct is not None and o.writer is None for o in outboxes)
            assert ala.socket is not None
            (deflate,) = ala.socket.protocol.extensions  # permessage-deflate negotiated
            seen: list[tuple[str, bool]] = []
            decode = deflate.decode

            def recording(frame: Any, **options: Any) -> Any:
                plain = decode(frame, **options)
                seen.append((bytes(plain.data)[:15].decode(), frame.rsv1))
                return plain

            deflate.decode = recording  # type: ignore[method-assign]
            await ala.request({"type": "ping"})
            before = len(ala.states)
            await ala.send_raw('{"type":"resync"}')  # answered with the state alone
            await ala.wait(lambda: len(ala.states) > before)
            return seen
        finally:
            await ala.aclose()
            await ben.aclose()

    seen = run(scenario())
    assert ('{"type":"pong",', False) in seen
    assert ('{"type":"state"', True) in seen


class FakeDirect:
    """A protocol's direct send that records what it was given."""

    def __init__(self) -> None:
        self.writable = asyncio.Event()
        self.writable.set()
        self.sent: list[str] = []
        self.waiting = 0
        self.stalled = 0.0

    def send_now(self, text: str) -> int:
        self.sent.append(text)
        return self.waiting

    def stalled_for(self) -> float:
        return self.stalled


def outbox(direct: FakeDirect, timeout: float = 10.0) -> Outbox:
    return Outbox(None, None, size=8, timeout=timeout, direct=direct)  # type: ignore[arg-type]


def test_a_direct_send_goes_out_at_once_in_order() -> None:
    async def scenario() -> list[str]:
        direct = FakeDirect()
        box = outbox(direct)
        box.start()
        await box.send({"type": "ack", "id": "1", "n": 3})
        await box.send_text('{"type":"state"}')
        assert box.writer is None and not box.dropped.is_set()
        return direct.sent

    assert run(scenario()) == ['{"type":"ack","id":"1","n":3}', '{"type":"state"}']


def test_a_socket_with_too_much_waiting_or_stalled_too_long_is_dropped() -> None:
    async def scenario() -> tuple[bool, bool, bool]:
        direct = FakeDirect()
        box = outbox(direct)
        direct.waiting = 8 * BYTES_PER_MESSAGE
        await box.send_text("{}")
        kept = not box.dropped.is_set()
        direct.waiting += 1
        await box.send_text("{}")
        too_much = box.dropped.is_set()
        stalled_direct = FakeDirect()
        stalled = outbox(stalled_direct, timeout=2.0)
        stalled_direct.stalled = 2.5
        await stalled.send_text("{}")
        return kept, too_much, stalled.dropped.is_set()

    assert run(scenario()) == (True, True, True)


def test_reading_waits_while_the_client_takes_nothing_and_gives_up_after_the_timeout() -> None:
    async def scenario() -> tuple[bool, bool]:
        direct = FakeDirect()
        box = outbox(direct, timeout=0.2)
        direct.writable.clear()
        waiting = asyncio.create_task(box.room())
        await asyncio.sleep(0.05)
        still_waiting = not waiting.done()
        await asyncio.wait_for(waiting, 2)
        return still_waiting, box.dropped.is_set()

    assert run(scenario()) == (True, True)
