"""The stored turns of a player's correspondence tables: those tables in play, and the
clock stamp of each table's last move (the seat to act and its deadline, which a table
with a correspondence clock stores with every event, :meth:`Clock.stamp
<nardy.server.tables.clock.Clock.stamp>`). Read from the store, not from memory, so every
process answers the same whichever of them holds the tables.

>>> from nardy.server.store.database import TableRow
>>> store = Store("sqlite://")
>>> by_days = {"clock": {"move": 86400.0, "reserve": 0.0, "correspondence": True}}
>>> row = TableRow("t1", "match", "backgammon", {}, ["ala", "ben"], by_days, "playing", None,
...                "00", "00", 0.0)
>>> store.add_table(row)
>>> store.append("t1", 1, {"event": {}, "at": 5.0, "actor": 1, "deadline": 99.0})
>>> store.append("t1", 2, {"chat": {"text": "deadline"}})
>>> [r.id for r in correspondence_tables_of(store, "ben")], last_stamps(store, ["t1", "t2"])
(['t1'], {'t1': {'at': 5.0, 'actor': 1, 'deadline': 99.0}})
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
NEWEST_STAMPS = (
    sa.select(EVENTS.c.payload)
    .where(EVENTS.c.table_id == sa.bindparam("table"), EVENTS.c.payload.contains('"deadline"'))
    .order_by(EVENTS.c.n.desc())
    .limit(LOOKED_AT)
)
"""A table's newest events that may hold a stamp (built once: it is asked per table)."""


def correspondence_tables_of(store: Store, player_id: str) -> list[TableRow]:
    """The tables in play at which ``player_id`` sits whose options mention a
    correspondence clock, oldest first, in one query (the caller checks the clock
    itself, :func:`nardy.server.tables.clock.is_correspondence`)."""
    query = (
        TABLES.select()
        .select_from(TABLES.join(SEATINGS, SEATINGS.c.table_id == TABLES.c.id))
        .where(
            SEATINGS.c.player_id == player_id,
            TABLES.c.status == "playing",
            TABLES.c.options.contains('"correspondence"'),
        )
        .order_by(TABLES.c.created)
    )
    with store.engine.connect() as db:
        return [_row(found) for found in db.execute(query).fetchall()]


def _row(found: Any) -> TableRow:
    """A table row as the store reads it (:meth:`Store.table`)."""
    return TableRow(
        id=found.id,
        kind=found.kind,
        variant=found.variant,
        settings=wire.loads(found.settings),
        seats=wire.loads(found.seats),
        options=wire.loads(found.options),
        status=found.status,
        invite=found.invite,
        seed=found.seed,
        commitment=found.commitment,
        created=found.created,
    )


def last_stamps(store: Store, table_ids: list[str]) -> dict[str, dict[str, Any]]:
    """The clock stamp of each table's newest event that has one (tables without one are
    left out), over one connection. Only events whose text mentions ``"deadline"`` are
    read, newest first until a stamp (a stamp's key; a chat line that says just that is
    read and passed over)."""
    found: dict[str, dict[str, Any]] = {}
    with store.engine.connect() as db:
        for table_id in table_ids:
            for event in db.execute(NEWEST_STAMPS, {"table": table_id}):
                payload = wire.loads(event.payload)
                if "deadline" in payload:
                    found[table_id] = {key: payload.get(key) for key in STAMP}
                    break
    return found
