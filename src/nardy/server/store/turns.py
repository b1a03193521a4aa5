"""The stored turns of a player's correspondence tables: their unfinished tables and the
clock stamp of each table's last move (the seat to act and its deadline, which a table
with a correspondence clock stores with every event, :meth:`Clock.stamp
<nardy.server.tables.clock.Clock.stamp>`). Read from the store, not from memory, so every
process answers the same whichever of them holds the tables.

>>> from nardy.server.store.database import TableRow
>>> store = Store("sqlite://")
>>> row = TableRow("t1", "match", "backgammon", {}, ["ala", "ben"], {}, "playing", None,
...                "00", "00", 0.0)
>>> store.add_table(row)
>>> store.append("t1", 1, {"event": {}, "at": 5.0, "actor": 1, "deadline": 99.0})
>>> store.append("t1", 2, {"chat": {"text": "deadline"}})
>>> [r.id for r in unfinished_tables_of(store, "ben")], last_stamp(store, "t1")
(['t1'], {'at': 5.0, 'actor': 1, 'deadline': 99.0})
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from nardy.server.protocol import wire
from nardy.server.store.database import EVENTS, SEATINGS, TABLES, Store, TableRow

STAMP = ("at", "actor", "deadline")
"""The keys of a clock stamp in an event's payload."""
LOOKED_AT = 20
"""Newest events whose text mentions a deadline that are read to find the last stamp."""


def unfinished_tables_of(store: Store, player_id: str) -> list[TableRow]:
    """The tables in play at which ``player_id`` sits, oldest first."""
    query = (
        sa.select(TABLES.c.id)
        .select_from(TABLES.join(SEATINGS, SEATINGS.c.table_id == TABLES.c.id))
        .where(SEATINGS.c.player_id == player_id, TABLES.c.status == "playing")
        .order_by(TABLES.c.created)
    )
    with store.engine.connect() as db:
        ids = [found.id for found in db.execute(query).fetchall()]
    return [store.table(table_id) for table_id in ids]


def last_stamp(store: Store, table_id: str) -> dict[str, Any] | None:
    """The clock stamp of the table's newest event that has one, or None. Only events
    whose text mentions ``"deadline"`` are read (a stamp's key; a chat line that says
    just that is read and passed over)."""
    query = (
        EVENTS.select()
        .where(EVENTS.c.table_id == table_id, EVENTS.c.payload.contains('"deadline"'))
        .order_by(EVENTS.c.n.desc())
        .limit(LOOKED_AT)
    )
    with store.engine.connect() as db:
        rows = db.execute(query).fetchall()
    for found in rows:
        payload = wire.loads(found.payload)
        if "deadline" in payload:
            return {key: payload.get(key) for key in STAMP}
    return None
