"""How much one client may ask of the server, so that nobody can slow everyone else.

Rates are counted in sliding windows per socket, per session and per network address
(:class:`LocalRates` in this process, the ``limits`` library's Redis storage when shared);
counts of open sockets and tables are kept here. A socket that
sends faster than its rates is not refused but paced: the server reads its next message
only when the window allows, so a flood costs the server nothing beyond the allowed rate
and TCP slows the sender down. Chat, sign-ins, failed logins and state-changing HTTP
requests beyond their rates are refused with a clear message.

A single process counts in its own memory. On a site of several processes (``nardy serve
--broker redis://…``) every rate but the per-socket one (a socket lives in one process) is
counted in that Redis, so a player or an address gets the site's rate, not that rate once
per process; should Redis fail, the process counts in its own memory meanwhile. The
numbers of open sockets per table and per address are each process's own.

Addresses listed in ``Limits.trusted`` (a reverse proxy that sends no forwarded headers,
a load test on loopback) are exempt from the per-address limits.

>>> import asyncio
>>> from concurrent.futures import ThreadPoolExecutor
>>> # each coroutine runs in a thread of its own, so the example runs beside an event loop
>>> run = lambda coroutine: ThreadPoolExecutor(1).submit(asyncio.run, coroutine).result()
>>> throttle = Throttle(Limits(chat_per_player="2 per 10 seconds"))
>>> [run(throttle.allow_chat("ala")) for _ in range(3)]
[True, True, False]
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any

from limits import RateLimitItem, parse

from nardy.server.clock import SYSTEM, Clock, sleep
from nardy.server.protocol import refusals
from nardy.server.protocol.refusals import Refusal
from nardy.server.site import redis_pool
from nardy.server.site.local_rates import LocalRates, Window

log = logging.getLogger("nardy.throttle")


@dataclass(frozen=True)
class Limits:
    """The server's limits; rates are written as ``limits`` understands them
    ("100/second", "5 per 10 seconds")."""

    messages_per_socket: str = "100/second"
    messages_per_session: str = "200/second"
    messages_per_address: str = "500/second"
    resync_cost: int = 5
    """A resync (the whole state) counts as this many messages."""
    chat_per_player: str = "5 per 10 seconds"
    sockets_per_table: int = 200
    sockets_per_address: int = 32
    socket_opens_per_address: str = "120/minute"
    requests_per_address: str = "120/minute"
    """State-changing HTTP requests (POST and the like)."""
    requests_per_session: str = "60/minute"
    sign_ins_per_address: str = "30/minute"
    """New guests and new accounts."""
    engine_per_session: str = "20/minute"
    """Requests for engine work (hints, analyses, rollouts) from one session."""
    engine_per_address: str = "40/minute"
    """Requests for engine work from one network address."""
    open_tables_per_player: int = 3
    """Tables waiting for an opponent."""
    unfinished_tables_per_player: int = 30
    failed_logins_per_name: str = "10 per 15 minutes"
    failed_logins_per_address: str = "30 per 15 minutes"
    usual_address_memory: str = "1 per 30 days"
    """How long an address an account signed in from counts as its usual one, exempt from
    the per-name lock (docs/DEPLOY.md, Sign-in protection)."""
    concurrent_hashes: int = 2
    """argon2id hashes computed at once (each takes 64 MiB and a core for a while)."""
    hashes_waiting: int = 32
    """Sign-ins that may wait for a hash; more are told to try again."""
    trusted: tuple[str, ...] = ()
    """Addresses exempt from the per-address limits."""
    bot_calls_per_token: str = "50/second"
    """Bot API calls (INTERFACES.md §9) one token makes; faster ones wait, none is refused."""


class SharedRates:
    """Rates counted in a Redis that every process of a site shares (``limits``'
    asynchronous Redis storage, on the ``redis`` client)."""

    def __init__(self, url: str, prefix: str = "nardy:limits") -> None:
        from limits.aio.storage import RedisStorage
        from limits.aio.strategies import SlidingWindowCounterRateLimiter as Limiter

        self.storage = RedisStorage(
            f"async+{url}",
            implementation="redispy",
            key_prefix=prefix,
            connection_pool=redis_pool.pool(url),
        )
        self.limiter = Limiter(self.storage)

    async def hit(self, item: RateLimitItem, key: str, cost: int) -> bool:
        return await self.limiter.hit(item, key, cost=cost)

    async def test(self, item: RateLimitItem, key: str) -> bool:
        return await self.limiter.test(item, key)

    async def window(self, item: RateLimitItem, key: str) -> Window:
        return await self.storage.get_sliding_window(item.key_for(key), item.get_expiry())


class Throttle:
    """The counters of one server process."""

    def __init__(
        self, limits: Limits | None = None, shared: str | None = None, clock: Clock = SYSTEM
    ) -> None:
        """``shared`` is the URL of the Redis (``redis://host:port``) that the processes of
        one site count their rates in; without it they are counted in this process's
        memory, on ``clock`` (Redis counts on its own)."""
        self.limits = limits or Limits()
        self.clock = clock
        self.local = LocalRates(clock.monotonic)
        self.shared = None if shared is None else SharedRates(shared)
        self._items: dict[str, RateLimitItem] = {}
        self.sockets_at: Counter[str] = Counter()
        """Open sockets per table id."""
        self.sockets_from: Counter[str] = Counter()
        """Open sockets per address."""

    def _item(self, rate: str) -> RateLimitItem:
        item = self._items.get(rate)
        if item is None:
            item = self._items[rate] = parse(rate)
        return item

    async def _shared(self, ask: str, *args: Any) -> Any:
        """``ask`` (hit, test or window) of the shared counts, or None to count here."""
        if self.shared is None:
            return None
        try:
            return await getattr(self.shared, ask)(*args)
        except Exception as error:  # Redis away: this process's own counts meanwhile
            log.warning("shared rate counts unavailable (%s); counting here", error)
            return None

    def _local_hit(self, rate: str, key: str, cost: int = 1) -> bool:
        return self.local.hit(self._item(rate), key, cost)

    async def _hit(self, rate: str, key: str, cost: int = 1) -> bool:
        shared = await self._shared("hit", self._item(rate), key, cost)
        return self._local_hit(rate, key, cost) if shared is None else bool(shared)

    async def _test(self, rate: str, key: str) -> bool:
        shared = await self._shared("test", self._item(rate), key)
        return self.local.test(self._item(rate), key) if shared is None else bool(shared)

    async def _wait(self, rate: str, key: str, local: bool = False) -> None:
        """Wait until ``key`` has room again under ``rate`` (at least a little, at most a
        second), on the clock of the counts: this process's, or Redis's real time."""
        seconds = min(1.0, max(0.005, await self._room_in(rate, key, local=local)))
        await sleep(self.clock if local or self.shared is None else SYSTEM, seconds)

    async def _room_in(self, rate: str, key: str, cost: int = 1, local: bool = False) -> float:
        """Seconds until one more hit of ``cost`` fits ``rate`` for ``key``."""
        item = self._item(rate)
        window = None if local else await self._shared("window", item, key)
        if window is None:
            window = self.local.window(item, key)
        return room_in(item, window, cost)

    def trusted(self, address: str | None) -> bool:
        return address is None or address in self.limits.trusted

    # -- socket messages

    async def pace(
        self, socket_key: str, session: str | None, address: str | None, cost: int = 1
    ) -> None:
        """Wait until one more message of ``cost`` fits every rate of its socket,
        session and address."""
        rate, key = self.limits.messages_per_socket, f"socket:{socket_key}"
        while not self._local_hit(rate, key, cost):  # a socket lives in this process
            await self._wait(rate, key, local=True)
        rates = []
        if session is not None:
            rates.append((self.limits.messages_per_session, f"session:{session}"))
        if not self.trusted(address):
            rates.append((self.limits.messages_per_address, f"address:{address}"))
        for rate, key in rates:
            while not await self._hit(rate, key, cost):
                await self._wait(rate, key)

    async def pace_bot(self, token_id: str) -> None:
        """Wait until one more Bot API call of the token ``token_id`` fits its rate."""
        rate, key = self.limits.bot_calls_per_token, f"token:{token_id}"
        while not await self._hit(rate, key):
            await self._wait(rate, key)

    async def allow_chat(self, player_id: str) -> bool:
        return await self._hit(self.limits.chat_per_player, f"chat:{player_id}")

    # -- sockets

    async def open_socket(self, table_id: str, address: str | None) -> Refusal | None:
        """Count a new socket; the reason it may not open, or None when it may."""
        if self.sockets_at[table_id] >= self.limits.sockets_per_table:
            return refusals.CROWDED
        if not self.trusted(address):
            if self.sockets_from[address or ""] >= self.limits.sockets_per_address:
                return refusals.ADDRESS_SOCKETS
            if not await self._hit(self.limits.socket_opens_per_address, f"opens:{address}"):
                return refusals.ADDRESS_OPENS
        self.sockets_at[table_id] += 1
        if not self.trusted(address):
            self.sockets_from[address or ""] += 1
        return None

    def close_socket(self, table_id: str, address: str | None) -> None:
        self.sockets_at[table_id] -= 1
        if self.sockets_at[table_id] <= 0:
            del self.sockets_at[table_id]
        if not self.trusted(address):
            key = address or ""
            self.sockets_from[key] -= 1
            if self.sockets_from[key] <= 0:
                del self.sockets_from[key]

    # -- HTTP

    async def request_wait(self, session: str | None, address: str | None) -> float | None:
        """None when a state-changing request may go ahead, else seconds to wait."""
        rates = []
        if session is not None:
            rates.append((self.limits.requests_per_session, f"requests:{session}"))
        if not self.trusted(address):
            rates.append((self.limits.requests_per_address, f"requests:{address}"))
        for rate, key in rates:
            if not await self._hit(rate, key):
                return await self._wait_long(rate, key)
        return None

    async def engine_wait(self, session: str | None, address: str | None) -> float | None:
        """None when a request for engine work may go ahead, else seconds to wait."""
        rates = []
        if session is not None:
            rates.append((self.limits.engine_per_session, f"engine:{session}"))
        if not self.trusted(address):
            rates.append((self.limits.engine_per_address, f"engine:{address}"))
        for rate, key in rates:
            if not await self._hit(rate, key):
                return await self._wait_long(rate, key)
        return None

    async def _wait_long(self, rate: str, key: str) -> float:
        return max(1.0, await self._room_in(rate, key))

    async def sign_in_wait(self, address: str | None) -> float | None:
        """None when a new guest or account may be made from ``address``."""
        if self.trusted(address):
            return None
        rate, key = self.limits.sign_ins_per_address, f"sign-ins:{address}"
        return None if await self._hit(rate, key) else await self._wait_long(rate, key)

    async def login_wait(
        self, name_key: str, address: str | None, usual: bool = False
    ) -> float | None:
        """None when a login for this name from this address may be tried; after too many
        failures, the seconds to wait. The name's own count does not hold back its
        ``usual`` addresses, so strangers failing cannot lock its owner out."""
        for rate, key in self._login_rates(name_key, address, usual):
            if not await self._test(rate, key):
                return await self._wait_long(rate, key)
        return None

    async def login_failed(self, name_key: str, address: str | None) -> None:
        for rate, key in self._login_rates(name_key, address):
            await self._hit(rate, key)

    async def signed_in(self, name_key: str, address: str | None) -> None:
        """Remember ``address`` as one the account ``name_key`` signs in from."""
        if not self.trusted(address) and not await self.usual(name_key, address):
            await self._hit(self.limits.usual_address_memory, f"usual:{name_key}:{address}")

    async def usual(self, name_key: str, address: str | None) -> bool:
        """Whether the account ``name_key`` signed in from ``address`` lately."""
        if self.trusted(address):
            return False
        key = f"usual:{name_key}:{address}"
        return not await self._test(self.limits.usual_address_memory, key)

    def _login_rates(
        self, name_key: str, address: str | None, usual: bool = False
    ) -> list[tuple[str, str]]:
        rates = [] if usual else [(self.limits.failed_logins_per_name, f"login-name:{name_key}")]
        if not self.trusted(address):
            rates.append((self.limits.failed_logins_per_address, f"login-address:{address}"))
        return rates


def room_in(item: RateLimitItem, window: Window, cost: int = 1) -> float:
    """Seconds until one more hit of ``cost`` fits ``item``, given its sliding window.

    The sliding window counts the previous fixed window's hits, weighted by how much of
    it the window still covers, plus the current window's: the weight falls as time
    passes, and when the current window ends its hits become the previous ones. (The
    library's own reset time is when the current fixed window ends, which after a burst
    can come long before there is room again.)

    >>> room_in(parse("10/minute"), (0, 0.0, 4, 90.0))
    0.0
    >>> room_in(parse("10/minute"), (10, 30.0, 8, 90.0))  # half the old hits still count
    24.0
    """
    length = item.get_expiry()
    previous, previous_left, current, current_ttl = window
    current_left = max(0.0, current_ttl - length)  # the current window's count lives on
    # for one more window after it ends, as the previous one
    room = item.amount - cost  # a hit fits while the weighted count is at most this
    if previous * previous_left / length + current <= room:
        return 0.0
    if current <= room:  # the previous window's hits fading are enough
        fading = previous_left - (room - current) * length / previous
        return float(max(0.0, min(fading, current_left)))
    # once the current window ends, its hits fade in their turn
    return float(current_left + length * (1 - room / current))
