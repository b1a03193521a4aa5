"""Several server processes, one site: table leases, liveness and messages through Redis.

Used only when ``nardy serve --broker redis://…`` is given. Each process has a random id.

- **Liveness.** A process says it is alive by refreshing the key ``alive:{id}`` every
  ``beat`` seconds with an expiry of ``ttl`` seconds; a process killed with SIGKILL stops
  refreshing it, and ``ttl`` seconds later Redis forgets it.
- **Leases.** ``owner:{table}`` names the process that owns a table, and ``owned:{id}``
  lists a process's tables. The lease holds only while its owner is alive, so it ends by
  itself when the owner dies: another process may then :meth:`Broker.claim` the table,
  or :meth:`Broker.adopt` every table of the dead process at once. The scripts that take
  a lease run atomically inside Redis, so two processes never both win one. An owner
  gives a lease up with :meth:`Broker.release` when it unloads a finished table, and
  both keys' traces of it go.
- **Messages.** Each process listens on its own pub/sub channel. :meth:`Broker.send`
  publishes a message to another process (a command forwarded to a table's owner, the
  states an owner sends back to the processes that have viewers); :meth:`Broker.call`
  also waits for the answer, and :meth:`Broker.call_everyone` asks every live process
  at once (a session that signed out, whose sockets may be at any of them). Messages
  about one table are handled in the order they arrived, each table in its own lane, so
  a slow table never holds up another.

Messages are JSON objects with an ``op``; the receiving side's :class:`Handler` does the
rest. A lease is not a fence by itself: a process that stalls for longer than ``ttl`` may
think it still owns a table another has taken over. Two things keep it from acting so:
:meth:`Broker.fresh` says whether the last heartbeat Redis confirmed is recent enough that
nobody can have taken this process's tables, by this process's own clock (a stalled
process finds it stale the moment it runs again, before it has heard from anyone), and
:meth:`Broker.renew` then checks with Redis first; and the store refuses the events of a
process whose table another has taken over since (its epoch, :meth:`Store.take
<nardy.server.store.database.Store.take>`).

The Redis keys, scripts and channels of leases, liveness and messages must agree with
each other to the letter, so they stay in one module.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

import orjson

from nardy.server.protocol import refusals
from nardy.server.site import redis_pool

log = logging.getLogger("nardy.broker")

CLAIM = """
if redis.call('EXISTS', KEYS[2]) == 0 then return false end
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then
  if redis.call('EXISTS', ARGV[3] .. 'alive:' .. owner) == 1 then return owner end
  redis.call('SREM', ARGV[3] .. 'owned:' .. owner, ARGV[2])
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[2])
return ARGV[1]
"""
"""KEYS: owner:T, alive:me, owned:me; ARGV: me, T, prefix. The owner after the attempt
(this process, or another live one), or nil if this process is not alive itself."""

ADOPT = """
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[3]) == 0 then
  return false
end
local taken = {}
local batch = redis.call('SPOP', KEYS[2], tonumber(ARGV[4]))
for _, t in ipairs(batch) do
  local key = ARGV[3] .. 'owner:' .. t
  if redis.call('GET', key) == ARGV[1] then
    redis.call('SET', key, ARGV[2])
    redis.call('SADD', KEYS[4], t)
    table.insert(taken, t)
  end
end
if redis.call('SCARD', KEYS[2]) == 0 then redis.call('SREM', KEYS[5], ARGV[1]) end
return taken
"""
"""KEYS: alive:dead, owned:dead, alive:me, owned:me, processes; ARGV: dead, me, prefix,
count. Up to ``count`` tables of a dead process, now this one's (nil if the process is
alive after all, or this one is not)."""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
redis.call('SREM', KEYS[2], ARGV[2])
return 1
"""
"""KEYS: owner:T, owned:me; ARGV: me, T."""

BEAT = """
local was = redis.call('EXISTS', KEYS[1])
redis.call('SET', KEYS[1], '1', 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
return was
"""
"""KEYS: alive:me, processes; ARGV: me, ttl in ms. 1 if the process was alive already."""

OWNER = """
local owner = redis.call('GET', KEYS[1])
if owner and redis.call('EXISTS', ARGV[1] .. 'alive:' .. owner) == 1 then return owner end
return false
"""
"""KEYS: owner:T; ARGV: prefix. The live owner of T, or nil."""


class BrokerError(RuntimeError):
    """Another process could not be reached or did not answer."""


class Unreachable(BrokerError):
    """Nobody listens on the process's channel: it has died or lost Redis."""


class CallFailed(BrokerError):
    """The other process answered a call with an error: its message is the reason, and
    ``code`` and ``params`` the kind of refusal (:mod:`nardy.server.protocol.refusals`)."""

    def __init__(
        self, message: str, code: str = refusals.REFUSED, params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params = params or {}


class Handler(Protocol):
    """What a process does with the messages it receives."""

    async def on_message(self, message: dict[str, Any]) -> Any:
        """Handle one message; for a call, the answer (or raise to send an error)."""
        ...


Callback = Callable[[str], Awaitable[None]]


def decode(data: bytes | str) -> dict[str, Any]:
    """A message from its JSON bytes.

    >>> decode(b'{"op": "ping", "table": "t1"}')
    {'op': 'ping', 'table': 't1'}
    """
    message = orjson.loads(data)
    if not isinstance(message, dict):
        raise ValueError("a broker message is a JSON object")
    return message


class Broker:
    """This process's link to the others; see the module docstring."""

    def __init__(
        self,
        url: str,
        *,
        prefix: str = "nardy:",
        ttl: float = 3.0,
        beat: float = 1.0,
        process: str | None = None,
    ) -> None:
        self.url = url
        self.prefix = prefix
        self.ttl = ttl
        self.beat = beat
        self.id = process or secrets.token_hex(6)
        self.redis: Any = redis_pool.client(url)
        self.handler: Handler | None = None
        self.on_dead: Callback | None = None
        """Called (in the background) with each other process found dead."""
        self.watching: Callable[[], Iterable[str]] | None = None
        """The processes this one depends on (the owners of the tables it shows): they are
        watched too, even once the others have taken their tables over and forgotten them."""
        self.on_lapse: Callable[[], Awaitable[None]] | None = None
        """Called when this process's own heartbeat had lapsed: others may hold its tables."""
        self._scripts = {
            name: self.redis.register_script(text)
            for name, text in (
                ("claim", CLAIM),
                ("adopt", ADOPT),
                ("release", RELEASE),
                ("beat", BEAT),
                ("owner", OWNER),
            )
        }
        self._calls: dict[str, asyncio.Future[Any]] = {}
        self._lanes: dict[str, asyncio.Queue[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._dead: set[str] = set()
        self._subscribed = asyncio.Event()
        self._running = False
        self._sure_until = 0.0
        """Until when (event loop time) no other process can have taken this one's tables:
        a confirmed heartbeat's start plus the lease, less a beat of margin."""
        self._renewing = asyncio.Lock()

    # -- keys

    def key(self, kind: str, name: str) -> str:
        return f"{self.prefix}{kind}:{name}"

    def channel(self, process: str) -> str:
        return self.key("to", process)

    @property
    def processes_key(self) -> str:
        return f"{self.prefix}processes"

    # -- life

    async def start(self, handler: Handler) -> None:
        """Announce this process, listen on its channel, and watch the others."""
        self.handler = handler
        self._running = True
        await self._heartbeat()
        self.spawn(self._listen())
        self.spawn(self._watch())
        async with asyncio.timeout(10):
            await self._subscribed.wait()

    async def stop(self, *, hand_over: bool = True) -> None:
        """Stop listening; with ``hand_over`` this process's leases end at once, so the
        others take its tables over without waiting for the expiry."""
        self._running = False
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for future in self._calls.values():
            if not future.done():
                future.set_exception(BrokerError("this process is stopping"))
        if hand_over:
            with contextlib.suppress(Exception):
                await self.redis.delete(self.key("alive", self.id))
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    def spawn(self, coroutine: Awaitable[Any]) -> asyncio.Task[Any]:
        """Run ``coroutine`` in the background until it ends or the broker stops."""
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _heartbeat(self) -> bool:
        """Refresh this process's liveness; False if it had lapsed."""
        sent = asyncio.get_running_loop().time()
        was = await self._scripts["beat"](
            keys=[self.key("alive", self.id), self.processes_key],
            args=[self.id, int(self.ttl * 1000)],
        )
        if was:
            self._sure_until = sent + self.ttl - self.beat
        return bool(was)

    def fresh(self) -> bool:
        """Whether this process's leases surely hold now, by its last confirmed heartbeat:
        False after a stall (or while Redis is away), until :meth:`renew` has run."""
        return asyncio.get_running_loop().time() < self._sure_until

    async def renew(self, due: bool = False) -> None:
        """Unless :meth:`fresh` (or when a heartbeat is ``due``), refresh this process's
        liveness now; if it had lapsed, :attr:`on_lapse` runs (and gives up the tables
        others took) before this returns, and only then is the process sure of its leases
        again. Callers that come meanwhile wait for the same check."""
        async with self._renewing:
            if self.fresh() and not due:
                return
            if await self._heartbeat():
                return
            if self.on_lapse is not None:
                log.warning("this process's lease lapsed; checking its tables")
                await self.on_lapse()
            await self._heartbeat()

    async def _watch(self) -> None:
        while self._running:
            await asyncio.sleep(self.beat)
            try:
                await self.renew(due=True)
                for process in await self.dead_processes():
                    if process not in self._dead and self.on_dead is not None:
                        self._dead.add(process)
                        self.spawn(self._bury(process))
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis away: try again at the next beat
                log.warning("broker heartbeat failed: %s", error)

    async def _bury(self, process: str) -> None:
        try:
            assert self.on_dead is not None
            await self.on_dead(process)
        except Exception:
            log.exception("taking over the tables of process %s", process)
        finally:
            self._dead.discard(process)

    async def dead_processes(self) -> list[str]:
        """Processes that announced themselves and are no longer alive."""
        members = {m.decode() for m in await self.redis.smembers(self.processes_key)}
        if self.watching is not None:
            members.update(self.watching())
        return [m for m, up in await self._liveness(members) if not up]

    async def others(self) -> list[str]:
        """The other processes that are alive now."""
        members = {m.decode() for m in await self.redis.smembers(self.processes_key)}
        return [m for m, up in await self._liveness(members) if up]

    async def _liveness(self, members: set[str]) -> list[tuple[str, bool]]:
        """Each process of ``members`` but this one, with whether it is alive."""
        ordered = sorted(members - {self.id})
        if not ordered:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for member in ordered:
                pipe.exists(self.key("alive", member))
            alive = await pipe.execute()
        return [(m, bool(up)) for m, up in zip(ordered, alive, strict=True)]

    async def alive(self, process: str) -> bool:
        return bool(await self.redis.exists(self.key("alive", process)))

    # -- leases

    async def claim(self, table: str) -> str | None:
        """Take the lease of ``table`` unless a live process holds it; returns the owner
        afterwards (this process's id when it won), or None while this process is not
        alive itself."""
        owner = await self._scripts["claim"](
            keys=[self.key("owner", table), self.key("alive", self.id), self.key("owned", self.id)],
            args=[self.id, table, self.prefix],
        )
        return None if owner is None else owner.decode()

    async def owner(self, table: str) -> str | None:
        """The live owner of ``table``, if any."""
        owner = await self._scripts["owner"](keys=[self.key("owner", table)], args=[self.prefix])
        return None if owner is None else owner.decode()

    async def owners(self, tables: list[str]) -> list[str | None]:
        """The recorded owner of each table (alive or not), in one round trip."""
        if not tables:
            return []
        values = await self.redis.mget([self.key("owner", t) for t in tables])
        return [None if v is None else v.decode() for v in values]

    async def release(self, table: str) -> None:
        """Give up the lease of ``table`` (when it is finished or unloaded)."""
        await self._scripts["release"](
            keys=[self.key("owner", table), self.key("owned", self.id)], args=[self.id, table]
        )

    async def adopt(self, dead: str, batch: int = 50) -> list[str]:
        """Take over up to ``batch`` tables of the dead process ``dead``; an empty list
        when none are left (or it is alive after all). Call again until empty: several
        live processes calling at once share the tables between them."""
        taken = await self._scripts["adopt"](
            keys=[
                self.key("alive", dead),
                self.key("owned", dead),
                self.key("alive", self.id),
                self.key("owned", self.id),
                self.processes_key,
            ],
            args=[dead, self.id, self.prefix, batch],
        )
        return [t.decode() for t in taken or []]

    # -- messages

    async def send(self, process: str, message: dict[str, Any]) -> None:
        """Publish ``message`` to ``process``; :class:`Unreachable` if nobody listens."""
        received = await self.redis.publish(self.channel(process), orjson.dumps(message))
        if not received:
            raise Unreachable(f"process {process} is not listening")

    async def call(self, process: str, message: dict[str, Any], timeout: float = 5.0) -> Any:
        """Send ``message`` and wait for the answer; :class:`CallFailed` carries the other
        side's error, :class:`BrokerError` a timeout."""
        key = secrets.token_hex(8)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._calls[key] = future
        try:
            await self.send(process, {**message, "call": key, "from": self.id})
            async with asyncio.timeout(timeout):
                return await future
        except TimeoutError:
            raise BrokerError(f"process {process} did not answer in {timeout:g} s") from None
        finally:
            self._calls.pop(key, None)

    async def call_everyone(self, message: dict[str, Any], timeout: float = 5.0) -> list[str]:
        """Call every other live process with ``message`` and wait for all their answers;
        returns the processes that answered. A process that is alive but not listening
        (its subscription is being renewed) is asked again until its lease would have
        ended; one that dies meanwhile is left out (what it served went with it)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 2 * self.ttl + 1

        async def ask(process: str) -> bool:
            while True:
                try:
                    await self.call(process, message, timeout)
                    return True
                except CallFailed as error:
                    log.warning("process %s failed %s: %s", process, message.get("op"), error)
                    return False
                except BrokerError:
                    if loop.time() > deadline or not await self.alive(process):
                        return False
                    await asyncio.sleep(0.1)

        processes = await self.others()
        answered = await asyncio.gather(*(ask(p) for p in processes))
        return [p for p, ok in zip(processes, answered, strict=True) if ok]

    async def _listen(self) -> None:
        while self._running:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel(self.id))
                self._subscribed.set()
                while self._running:
                    raw = await pubsub.get_message(timeout=None)
                    if raw is not None:
                        self._receive(raw["data"])
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("broker subscription lost (%s); subscribing again", error)
                await asyncio.sleep(0.2)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _receive(self, data: bytes) -> None:
        try:
            message = decode(data)
        except ValueError:
            log.warning("a broker message that is not JSON: %r", data[:200])
            return
        if message.get("op") == "reply":
            future = self._calls.get(str(message.get("call")))
            if future is not None and not future.done():
                if message.get("error") is not None:
                    code = str(message.get("code") or refusals.REFUSED)
                    failed = CallFailed(str(message["error"]), code, message.get("params"))
                    future.set_exception(failed)
                else:
                    future.set_result(message.get("result"))
            return
        lane = str(message.get("table") or "")
        queue = self._lanes.get(lane)
        if queue is None:
            queue = self._lanes[lane] = asyncio.Queue()
            queue.put_nowait(message)
            self.spawn(self._drain(lane, queue))
        else:
            queue.put_nowait(message)

    async def _drain(self, lane: str, queue: asyncio.Queue[dict[str, Any]]) -> None:
        """Handle one table's messages in order, then end (a new lane starts on demand)."""
        try:
            while not queue.empty():
                await self._handle(queue.get_nowait())
        finally:
            if self._lanes.get(lane) is queue:
                del self._lanes[lane]

    async def _handle(self, message: dict[str, Any]) -> None:
        assert self.handler is not None
        call, caller = message.get("call"), message.get("from")
        try:
            result = await self.handler.on_message(message)
        except Exception as error:
            if call is None:
                log.exception("handling a broker message %s", message.get("op"))
                return
            reply: dict[str, Any] = {"op": "reply", "call": call, "error": str(error) or "error"}
            reply["code"] = refusals.code_of(error)  # the kind of a refusal travels with it
            if isinstance(error, refusals.TableError) and error.params:
                reply["params"] = error.params
        else:
            if call is None:
                return
            reply = {"op": "reply", "call": call, "result": result}
        with contextlib.suppress(Exception):
            await self.send(str(caller), reply)
