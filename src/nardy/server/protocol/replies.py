"""What the table socket answers a command (docs/PROTOCOL.md, "The table socket"), typed:
an acknowledgement with the version the command made, a refusal for a person to read, the
answer to a ping, and the table a rematch opened. Each carries the command's ``id`` back
exactly as it came (any JSON value; ``None`` where the command had none or could not be
read).

>>> ack(7, 12), pong("p1", 12)
({'type': 'ack', 'id': 7, 'n': 12}, {'type': 'pong', 'id': 'p1', 'n': 12})
>>> error("the match is over", None, "match_over")
{'type': 'error', 'message': 'the match is over', 'code': 'match_over', 'id': None}
>>> from nardy.server.protocol.refusals import CONTRIBUTION_SENT
>>> refusal(TableError(CONTRIBUTION_SENT, game=2), "dice-2")["params"]
{'game': 2}
>>> rematch("0eb3e5e0ff6fdd37", 3)
{'type': 'rematch', 'table': '0eb3e5e0ff6fdd37', 'id': 3}
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from nardy.server.protocol.refusals import REFUSED, TableError


class Ack(TypedDict):
    type: Literal["ack"]
    id: Any
    n: int


class Error(TypedDict):
    type: Literal["error"]
    message: str
    code: str
    params: NotRequired[dict[str, Any]]
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


def error(
    message: str, reply_id: Any, code: str = REFUSED, params: dict[str, Any] | None = None
) -> Error:
    """The command ``reply_id`` was refused, why (``message``, in English) and the kind of
    refusal (``code``, :mod:`~nardy.server.protocol.refusals`; ``params``, the values the
    message names, when it names any)."""
    reply: Error = {"type": "error", "message": message, "code": code, "id": reply_id}
    if params:
        reply["params"] = params
    return reply


def refusal(refused: TableError, reply_id: Any) -> Error:
    """The answer to the command ``reply_id`` that ``refused`` refused."""
    return error(str(refused), reply_id, refused.code, refused.params)


def pong(reply_id: Any, n: int) -> Pong:
    """The answer to a ping, with the table's version now."""
    return {"type": "pong", "id": reply_id, "n": n}


def rematch(table: str, reply_id: Any) -> RematchOpened:
    """The table a rematch opened."""
    return {"type": "rematch", "table": table, "id": reply_id}
