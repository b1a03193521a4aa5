"""Commands are idempotent by message ``id`` on one connection (docs/PROTOCOL.md).

A client that is not sure a command arrived (no ``ack`` yet, a flaky network) may send it
again with the same ``id``: the server answers with the first answer and applies nothing a
second time. Only accepted commands are remembered, so a command refused (because it was not
allowed then, or because the store failed) may be sent again and counts when it is accepted.

>>> replies = Replies(limit=2)
>>> replies.keep({"n": 1}, {"type": "ack", "id": {"n": 1}, "n": 7})
>>> replies.answer({"n": 1})
{'type': 'ack', 'id': {'n': 1}, 'n': 7}
>>> replies.keep(2, {}); replies.keep(3, {})
>>> replies.answer({"n": 1}) is None
True
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from nardy.server.protocol.wire import RawJSON

LIMIT = 512
"""Answers remembered per connection (the oldest are forgotten first)."""


class Replies:
    """The answers one connection got to its accepted commands, by message id."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._kept: OrderedDict[str, dict[str, Any]] = OrderedDict()

    @staticmethod
    def _key(message_id: Any) -> str:
        """One text per id: a string id (what clients send) as itself after a quote, any
        other as its JSON, which never starts with one (an id kept as text, as its text).

        >>> Replies._key("7"), Replies._key(7), Replies._key(RawJSON('{"b":1,"a":2}'))
        ('"7', '7', '{"b":1,"a":2}')
        """
        if type(message_id) is str:
            return '"' + message_id
        if isinstance(message_id, RawJSON):
            return message_id.text
        return json.dumps(message_id, sort_keys=True)

    def answer(self, message_id: Any) -> dict[str, Any] | None:
        """The answer already given to the command with ``message_id``, if any."""
        return self._kept.get(self._key(message_id))

    def keep(self, message_id: Any, reply: Mapping[str, Any]) -> None:
        """Remember ``reply`` as the answer to the accepted command ``message_id``."""
        self._kept[self._key(message_id)] = dict(reply)
        while len(self._kept) > self.limit:
            self._kept.popitem(last=False)
