"""What the Bot API answers (INTERFACES.md §9), beside the socket's own messages: a
command's acknowledgement or refusal, and the lines of a bot's event stream.

>>> ack(42), refusal("it is player 1's turn, not player 0's")["type"]
({'type': 'ack', 'n': 42}, 'error')
>>> refusal("the match is over", "match_over")
{'type': 'error', 'message': 'the match is over', 'code': 'match_over'}
>>> event("start", "0eb3e5e0ff6fdd37")
{'type': 'start', 'table': '0eb3e5e0ff6fdd37'}
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict


class Ack(TypedDict):
    """A command was applied: ``n`` is the version it made."""

    type: Literal["ack"]
    n: int


class Refusal(TypedDict):
    """A command was refused, and why, for a person to read; the table's refusal of a
    command also says its kind (``code``, as the socket's error does)."""

    type: Literal["error"]
    message: str
    code: NotRequired[str]
    params: NotRequired[dict[str, Any]]


class Event(TypedDict):
    """A line of ``GET /api/bot/events``: the bot is seated at a table that has both its
    players (``start``), or a table of the bot's has ended (``finish``)."""

    type: Literal["start", "finish"]
    table: str


def ack(n: int) -> Ack:
    return {"type": "ack", "n": n}


def refusal(message: str, code: str | None = None, params: dict[str, Any] | None = None) -> Refusal:
    answer: Refusal = {"type": "error", "message": message}
    if code is not None:
        answer["code"] = code
    if params:
        answer["params"] = params
    return answer


def event(kind: Literal["start", "finish"], table: str) -> Event:
    return {"type": kind, "table": table}
