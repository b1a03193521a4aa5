"""JSON for the sockets, the broker and the store, through orjson (several times faster
than the standard library at the states the server sends on every version).

>>> dumps({"type": "ack", "id": "a1", "n": 7})
'{"type":"ack","id":"a1","n":7}'
>>> dumps({"type": "pong", "id": RawJSON("18446744073709551616")})
'{"type":"pong","id":18446744073709551616}'
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


class RawJSON:
    """A value kept as its JSON text, written as it is (a message id that orjson could
    not write back exactly: :mod:`nardy.server.protocol.ids`). Not a dataclass, which
    orjson would write as an object."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RawJSON) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"RawJSON(text={self.text!r})"


class NotJSON(ValueError):
    """Text that is not JSON (standard JSON: no NaN, no lone surrogates, nesting bounded)."""


def dumps(value: Any) -> str:
    """Compact JSON text; a value kept as text (:class:`RawJSON`) is written as it is."""
    return orjson.dumps(value, default=_raw).decode()


def _raw(value: Any) -> Any:
    if isinstance(value, RawJSON):
        return orjson.Fragment(value.text)
    raise TypeError(f"{type(value).__name__} is not JSON")


def loads(text: str | bytes) -> Any:
    """The value of JSON ``text``; :class:`NotJSON` says what is wrong with it."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError as error:
        raise NotJSON(error.msg) from None
