"""The broker on a real Redis: leases that end with their owner, tables shared out when a
process dies, messages and calls between processes, one table's messages in order."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from client import run

from nardy.server.protocol import refusals
from nardy.server.protocol.refusals import TableError
from nardy.server.site.broker import CLAIM, Broker, CallFailed, Unreachable

FAST = {"ttl": 0.6, "beat": 0.1}
"""A short lease, so that a dead process is noticed quickly."""


class Recorder:
    """A handler that keeps what it received, and answers calls by ``answer``."""

    def __init__(self, answer: Callable[[dict[str, Any]], Awaitable[Any]] | None = None) -> None:
        self.seen: list[dict[str, Any]] = []
        self.answer = answer
        self.changed = asyncio.Event()

    async def on_message(self, message: dict[str, Any]) -> Any:
        result = await self.answer(message) if self.answer else None
        self.seen.append(message)
        self.changed.set()
        return result


async def until(ready: Callable[[], Any], timeout: float = 10.0) -> None:
    """Poll ``ready()`` until it holds (Redis expiry has no event to wait on)."""
    async with asyncio.timeout(timeout):
        while not ready():
            await asyncio.sleep(0.02)


@asynccontextmanager
async def brokers(
    url: str, count: int, handlers: list[Recorder] | None = None, **options: Any
) -> AsyncIterator[list[Broker]]:
    started = []
    handlers = handlers or [Recorder() for _ in range(count)]
    try:
        for handler in handlers:
            broker = Broker(url, **{**FAST, **options})
            await broker.start(handler)
            started.append(broker)
        yield started
    finally:
        for broker in started:
            await broker.stop()


def die(broker: Broker) -> Awaitable[None]:
    """Stop as a killed process does: no hand-over, the lease runs out by itself."""
    return broker.stop(hand_over=False)


def test_a_lease_has_one_owner_until_that_owner_dies(redis_url: str) -> None:
    async def main() -> None:
        async with brokers(redis_url, 2) as (a, b):
            assert await a.claim("t1") == a.id
            assert await b.claim("t1") == a.id  # taken, and its owner is alive
            assert await b.owner("t1") == a.id
            await die(a)
            await until_async(lambda: b.owner("t1"), None)
            assert await b.claim("t1") == b.id  # the lease ended with its owner
            assert await b.owner("t1") == b.id

    run(main())


async def until_async(
    probe: Callable[[], Awaitable[Any]], wanted: Any, timeout: float = 10.0
) -> None:
    async with asyncio.timeout(timeout):
        while await probe() != wanted:
            await asyncio.sleep(0.05)


def test_a_dead_process_is_noticed_and_its_tables_shared_out_once(redis_url: str) -> None:
    async def main() -> None:
        async with brokers(redis_url, 3) as (a, b, c):
            tables = [f"t{k}" for k in range(120)]
            for table in tables:
                assert await a.claim(table) == a.id
            noticed: dict[str, list[str]] = {b.id: [], c.id: []}
            adopted: dict[str, list[str]] = {b.id: [], c.id: []}

            def taker(broker: Broker) -> Callable[[str], Awaitable[None]]:
                async def on_dead(process: str) -> None:
                    noticed[broker.id].append(process)
                    while batch := await broker.adopt(process, batch=7):
                        adopted[broker.id].extend(batch)
                        await asyncio.sleep(0)

                return on_dead

            b.on_dead, c.on_dead = taker(b), taker(c)
            await die(a)
            await until(lambda: len(adopted[b.id]) + len(adopted[c.id]) == len(tables))
            assert sorted(adopted[b.id] + adopted[c.id]) == sorted(tables)  # each once
            assert a.id in noticed[b.id] or a.id in noticed[c.id]
            for table, owner in zip(tables, await b.owners(tables), strict=True):
                assert owner == (b.id if table in adopted[b.id] else c.id)
            await until_async(lambda: b.dead_processes(), [])  # forgotten once emptied

    run(main())


def test_a_dead_process_watched_for_is_reported_after_the_others_forgot_it(
    redis_url: str,
) -> None:
    async def main() -> None:
        async with brokers(redis_url, 2) as (b, c):
            a = Broker(redis_url, ttl=3.0, beat=0.1)  # a loaded machine's stall keeps its lease
            await a.start(Recorder())
            assert await a.claim("t1") == a.id
            await die(a)
            await until_async(lambda: b.owner("t1"), None, timeout=60)  # its lease ran out
            # forgotten, as once its tables are all adopted: only now, since every heartbeat
            # lists a process again, and its last one could have come after an earlier removal
            await c.redis.srem(c.processes_key, a.id)
            assert a.id not in await b.dead_processes()
            b.watching = lambda: {a.id}  # b shows a table a owned
            assert a.id in await b.dead_processes()

    run(main())


def test_adopting_from_a_live_process_takes_nothing(redis_url: str) -> None:
    async def main() -> None:
        async with brokers(redis_url, 2) as (a, b):
            await a.claim("t1")
            assert await b.adopt(a.id) == []
            assert await b.owner("t1") == a.id

    run(main())


def test_a_released_table_is_free_at_once(redis_url: str) -> None:
    async def main() -> None:
        async with brokers(redis_url, 2) as (a, b):
            await a.claim("t1")
            await a.release("t1")
            assert await a.owner("t1") is None
            assert await b.claim("t1") == b.id

    run(main())


def test_a_graceful_stop_hands_the_tables_over_without_waiting(redis_url: str) -> None:
    async def main() -> None:
        async with brokers(redis_url, 1, ttl=60.0) as (b,):
            a = Broker(redis_url, ttl=60.0, beat=0.1)
            await a.start(Recorder())
            await a.claim("t1")
            await a.stop()  # hands over: the 60 s lease does not have to run out
            assert await b.claim("t1") == b.id

    run(main())


def test_calls_are_answered_and_errors_come_back(redis_url: str) -> None:
    async def answer(message: dict[str, Any]) -> Any:
        if message["op"] == "fail":
            raise ValueError("this table is full")
        if message["op"] == "refuse":
            raise TableError(refusals.CONTRIBUTION_SENT, game=2)
        return {"sum": message["a"] + message["b"]}

    async def main() -> None:
        async with brokers(redis_url, 2, [Recorder(answer), Recorder()]) as (a, b):
            assert await b.call(a.id, {"op": "add", "a": 2, "b": 3}) == {"sum": 5}
            with pytest.raises(CallFailed, match="this table is full") as failed:
                await b.call(a.id, {"op": "fail"})
            assert failed.value.code == "refused"
            with pytest.raises(CallFailed, match="contribution to game 2") as refused:
                await b.call(a.id, {"op": "refuse"})  # its kind comes back with it
            assert (refused.value.code, refused.value.params) == ("contribution_sent", {"game": 2})
            with pytest.raises(Unreachable):
                await b.send("nobody", {"op": "add"})

    run(main())


def test_one_tables_messages_keep_their_order_and_a_slow_table_holds_up_no_other(
    redis_url: str,
) -> None:
    release = asyncio.Event()

    async def answer(message: dict[str, Any]) -> None:
        if message["table"] == "slow" and message["k"] == 0:
            await release.wait()

    async def main() -> None:
        receiver = Recorder(answer)
        async with brokers(redis_url, 2, [receiver, Recorder()]) as (a, b):
            for k in range(20):
                await b.send(a.id, {"op": "x", "table": "slow", "k": k})
                await b.send(a.id, {"op": "x", "table": "fast", "k": k})
            await until(lambda: sum(m["table"] == "fast" for m in receiver.seen) == 20)
            assert not any(m["table"] == "slow" for m in receiver.seen)  # still waiting
            release.set()
            await until(lambda: len(receiver.seen) == 40)
            for table in ("slow", "fast"):
                assert [m["k"] for m in receiver.seen if m["table"] == table] == list(range(20))

    run(main())


def test_a_process_whose_lease_lapsed_is_told_and_claims_nothing_meanwhile(
    redis_url: str,
) -> None:
    async def main() -> None:
        async with brokers(redis_url, 1) as (a,):
            lapsed = asyncio.Event()

            async def on_lapse() -> None:
                lapsed.set()

            a.on_lapse = on_lapse
            alive, owner, owned = (
                a.key(k, n) for k, n in [("alive", a.id), ("owner", "t1"), ("owned", a.id)]
            )
            async with a.redis.pipeline(transaction=True) as pipe:  # as after a long stall
                pipe.delete(alive)
                pipe.eval(CLAIM, 3, owner, alive, owned, a.id, "t1", a.prefix)
                _, claimed = await pipe.execute()
            assert claimed is None  # not alive: it may not take a lease
            async with asyncio.timeout(10):
                await lapsed.wait()
            assert await a.claim("t1") == a.id

    run(main())


def test_a_release_empties_its_owners_set_and_spares_a_lease_another_holds(
    redis_url: str,
) -> None:
    async def main() -> None:
        async with brokers(redis_url, 2) as (a, b):
            for table in ("t1", "t2"):
                await a.claim(table)
            await a.release("t1")
            assert await a.redis.exists(a.key("owner", "t1")) == 0  # no key left behind
            assert await a.redis.smembers(a.key("owned", a.id)) == {b"t2"}
            assert await b.claim("t1") == b.id
            await a.release("t1")  # late, from a process that gave it up already
            assert await b.owner("t1") == b.id
            assert await b.redis.smembers(b.key("owned", b.id)) == {b"t1"}
            await die(a)
            await until_async(lambda: b.owner("t2"), None)
            while await b.adopt(a.id):  # what a still held, and nothing it gave up
                pass
            assert sorted(await b.owners(["t1", "t2"])) == [b.id, b.id]
            assert await b.redis.smembers(b.key("owned", b.id)) == {b"t1", b"t2"}

    run(main())


def test_many_messages_at_once_wait_for_a_connection_instead_of_failing(redis_url: str) -> None:
    """Every socket of a busy process may forward a command at the same moment: more sends
    at once than the pool has connections all arrive (redis-py's own pool refused the
    101st with "Too many connections", dropping that socket)."""

    async def main() -> None:
        async with brokers(redis_url, 2) as (a, b):
            many = 4 * b.redis.connection_pool.max_connections
            await asyncio.gather(*(b.send(a.id, {"op": "n", "n": n}) for n in range(many)))
            handler = a.handler
            assert isinstance(handler, Recorder)
            await until(lambda: len(handler.seen) == many)
            assert sorted(m["n"] for m in handler.seen) == list(range(many))

    run(main())
