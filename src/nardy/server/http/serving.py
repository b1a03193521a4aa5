"""How uvicorn serves the app: the same options for ``nardy serve`` and the test servers.

An idle HTTP connection stays open :data:`KEEP_ALIVE` seconds. A client that keeps its
connections for reuse drops an idle one after a time of its own (httpx: 5 s; nginx's
``keepalive`` connections to the processes behind it: 60 s). Were the server to drop it
first, a request sent at that moment would meet a connection being closed and fail
without an answer — a bot's request lost, or a 502 from the proxy. So the server waits
longer than the clients that reuse connections (uvicorn's own default is 5 s, the race).

>>> options = uvicorn_options()
>>> options["timeout_keep_alive"], options["ws_max_size"]
(75.0, 65536)
"""

from __future__ import annotations

from typing import Any, Final

from nardy.server.defaults import KEEP_ALIVE
from nardy.server.http.ws_protocol import TableWebSocketProtocol

WS_MAX_SIZE: Final = 1 << 16
"""The largest socket message accepted (a table's commands are far smaller)."""


def uvicorn_options(keep_alive: float = KEEP_ALIVE, compression: bool = True) -> dict[str, Any]:
    """uvicorn's settings for the app besides where it listens and what it logs."""
    return {
        "timeout_keep_alive": keep_alive,
        "ws_max_size": WS_MAX_SIZE,
        "ws_per_message_deflate": compression,
        "ws": TableWebSocketProtocol,
    }
