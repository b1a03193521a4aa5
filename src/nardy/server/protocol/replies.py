"""What the table socket answers a command (docs/PROTOCOL.md, "The table socket"), typed:
an acknowledgement with the version the command made, a refusal for a person to read, the
answer to a ping, and the table a rematch opened. Each carries the command's ``id`` back
exactly as it came (any JSON value; ``None`` where the command had none or could not be
read).

>>> ack(7, 12), pong("p1", 12)
({'type': 'ack', 'id': 7, 'n': 12}, {'type': 'pong', 'id': 'p1', 'n': 12})
>>> error("it is not your turn", None)
{'type': 'error', 'message': 'it is not your turn', 'id': None}
>>> rematch("0eb3e5e0ff6fdd37", 3)
{'type': 'rematch', 'table': '0eb3e5e0ff6fdd37', 'id': 3}
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict


class Ack(TypedDict):
    type: Literal["ack"]
    id: Any
    n: int


class Error(TypedDict):
    type: Literal["error"]
    message: str
    id: Any


class Pong(TypedDict):
    type: Literal["pong"]
    id: Any
    n: int


class RematchOpened(TypedDict):
    type: Literal["rematch"]
    table: str
    id: Any


def ack(reply_id: Any, n: int) -> Ack:
    """The command ``reply_id`` was applied and made version ``n``."""
    return {"type": "ack", "id": reply_id, "n": n}


def error(message: str, reply_id: Any) -> Error:
    """The command ``reply_id`` was refused, and why."""
    return {"type": "error", "message": message, "id": reply_id}


def pong(reply_id: Any, n: int) -> Pong:
    """The answer to a ping, with the table's version now."""
    return {"type": "pong", "id": reply_id, "n": n}


def rematch(table: str, reply_id: Any) -> RematchOpened:
    """The table a rematch opened."""
    return {"type": "rematch", "table": table, "id": reply_id}
