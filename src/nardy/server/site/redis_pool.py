"""The connections a server process keeps to its site's Redis.

Every socket of a busy process may publish at the same moment (a command forwarded to its
table's owner, a state sent back, a rate counted). The ``redis`` client's own pool refuses
a connection past its size (100 in redis-py 8: ``MaxConnectionsError``), which would drop
the socket whose command was in flight. A blocking pool instead makes such a caller wait
for a connection to come free: commands to Redis take well under a millisecond, so the
wait is short, and a process never holds more than :data:`CONNECTIONS` connections.
"""

from __future__ import annotations

from typing import Any

CONNECTIONS = 64
"""The most connections one pool keeps open."""

WAIT = 10.0
"""Seconds a caller waits for a free connection before the call fails."""


def pool(url: str, connections: int = CONNECTIONS, wait: float = WAIT) -> Any:
    """A blocking connection pool to the Redis at ``url`` (``redis://host:port/db``)."""
    import redis.asyncio as aioredis

    return aioredis.BlockingConnectionPool.from_url(url, max_connections=connections, timeout=wait)


def client(url: str, connections: int = CONNECTIONS, wait: float = WAIT) -> Any:
    """An asyncio Redis client on its own :func:`pool`."""
    import redis.asyncio as aioredis

    return aioredis.Redis(connection_pool=pool(url, connections, wait))
