"""JSON for the sockets, the broker and the store, through orjson (several times faster
than the standard library at the states the server sends on every version).

>>> dumps({"type": "ack", "id": "a1", "n": 7})
'{"type":"ack","id":"a1","n":7}'
>>> loads('{"type": "roll"}')
{'type': 'roll'}
>>> loads("NaN")
Traceback (most recent call last):
...
nardy.server.protocol.wire.NotJSON: unexpected character, expected a JSON value
"""

from __future__ import annotations

from typing import Any

import orjson


class NotJSON(ValueError):
    """Text that is not JSON (standard JSON: no NaN, no lone surrogates, nesting bounded)."""


def dumps(value: Any) -> str:
    """Compact JSON text."""
    return orjson.dumps(value).decode()


def loads(text: str | bytes) -> Any:
    """The value of JSON ``text``; :class:`NotJSON` says what is wrong with it."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError as error:
        raise NotJSON(error.msg) from None
