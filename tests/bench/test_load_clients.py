"""The bench's clients give up on an answer that is too late, through one watcher."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from nardy.bench.load_clients import ANSWER_WAIT, Figures, Player, watch_answers


class Socket:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, text: str) -> None:
        self.sent.append(text)


def player(ws: Any) -> Player:
    figures = {"http://a": Figures()}
    client = Player("token", "t1", ["http://a"], 0, random.Random(1), figures, 0.0, [])
    client.ws = ws
    return client


def test_a_command_unanswered_for_too_long_is_counted_and_the_state_asked_again() -> None:
    late, waiting, idle = player(Socket()), player(Socket()), player(Socket())
    now = time.perf_counter()
    late.pending, late.sent_at = "7", now - ANSWER_WAIT - 0.1
    waiting.pending, waiting.sent_at = "3", now - ANSWER_WAIT / 2

    async def main() -> None:
        stop = asyncio.Event()
        watcher = asyncio.create_task(watch_answers([late, waiting, idle], stop, every=0.01))
        await asyncio.sleep(0.05)
        stop.set()
        await watcher

    asyncio.run(main())
    assert late.pending is None and late.ws.sent == ['{"type":"resync"}']
    assert late.figures["http://a"].unanswered == 1
    assert waiting.pending == "3" and waiting.ws.sent == []
    assert idle.ws.sent == [] and idle.figures["http://a"].unanswered == 0


def test_a_socket_gone_does_not_stop_the_watcher() -> None:
    class Gone:
        async def send(self, text: str) -> None:
            raise ConnectionError("closed")

    client = player(Gone())
    client.pending, client.sent_at = "1", time.perf_counter() - ANSWER_WAIT - 1

    async def main() -> None:
        await client.give_up_if_overdue(time.perf_counter())

    asyncio.run(main())
    assert client.pending is None and client.figures["http://a"].unanswered == 1
