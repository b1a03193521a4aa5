"""Message ids, echoed exactly (docs/PROTOCOL.md, "The table socket": any JSON value is an id).

orjson, which reads the messages, turns an integer beyond 64 bits into a float (or refuses
it), and writes neither such integers nor values nested more than 254 deep. So an id that
is not a string, a 64-bit integer, a boolean or null is read again from the message's text
by the standard library, keeping each number's own digits, and carried as its JSON text
(:class:`RawJSON`); :func:`nardy.server.protocol.wire.dumps` writes that text as it is.

>>> exact('{"type": "ping", "id": 18446744073709551616}')
RawJSON(text='18446744073709551616')
>>> exact('{"id": [1e400, {"a": "b"}]}')
RawJSON(text='[1e400,{"a":"b"}]')
>>> exact('{"id": "c1"}'), exact('{"id": NaN}'), exact('[1]')
('c1', None, None)
"""

from __future__ import annotations

import json
from typing import Any

from nardy.server.protocol.wire import RawJSON

INT64 = range(-(1 << 63), 1 << 63)


class _Number(str):
    """A number's text as the message wrote it."""


class _Constant(str):
    """``NaN`` or ``Infinity``: not JSON, so not an id that can be sent back."""


def plain(value: Any) -> bool:
    """Whether ``value`` goes back through orjson as it is.

    >>> plain("a"), plain(7), plain(True), plain(None), plain(2**64), plain(1.5), plain([])
    (True, True, True, True, False, False, False)
    """
    if value is None or isinstance(value, str | bool):
        return True
    return type(value) is int and value in INT64


def exact(text: str) -> Any:
    """The ``id`` of the message ``text`` as its client wrote it: a plain value, a
    :class:`RawJSON`, or None when the message has none that can be sent back (not an
    object, not JSON, or an id holding NaN, Infinity or a lone surrogate)."""
    try:
        doc = json.loads(text, parse_int=_Number, parse_float=_Number, parse_constant=_Constant)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or "id" not in doc:
        return None
    found = doc["id"]
    if isinstance(found, _Constant):
        return None
    if isinstance(found, _Number):
        number = _whole(found)
        if number is not None:
            return number
    elif plain(found):
        return found if not isinstance(found, str) or _utf8(found) else None
    try:
        return RawJSON(_text(found))
    except (ValueError, RecursionError):
        return None


def _whole(digits: str) -> int | None:
    """The 64-bit integer ``digits`` writes, if it writes one."""
    if len(digits) > 20 or not digits.lstrip("-").isdigit():
        return None
    number = int(digits)
    return number if number in INT64 else None


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _text(value: Any) -> str:
    """Compact JSON text of a value read by :func:`exact` (ValueError where it holds no
    JSON: a constant or a lone surrogate)."""
    if isinstance(value, _Constant):
        raise ValueError("not a JSON number")
    if isinstance(value, _Number):
        return str(value)
    if isinstance(value, str):
        if not _utf8(value):
            raise ValueError("a lone surrogate")
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(_text(item) for item in value) + "]"
    if isinstance(value, dict):
        items = (f"{_text(key)}:{_text(item)}" for key, item in value.items())
        return "{" + ",".join(items) + "}"
    return json.dumps(value)  # true, false, null
