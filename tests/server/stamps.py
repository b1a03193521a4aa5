"""Time passing while no server runs: the clock stamps a correspondence table stores with
its events (:meth:`nardy.server.tables.clock.Clock.stamp`) moved into the past."""

from __future__ import annotations

import json

import sqlalchemy as sa


def shift_stamps(database: str, table: str, seconds: float) -> int:
    """Move the clock stamps of ``table`` in the store at ``database`` (a URL)
    ``seconds`` into the past, as if that long had passed since each was written;
    returns how many were moved."""
    engine = sa.create_engine(database)
    moved = 0
    try:
        with engine.begin() as db:
            rows = db.execute(
                sa.text("SELECT n, payload FROM events WHERE table_id = :t"), {"t": table}
            ).fetchall()
            for n, text in rows:
                payload = json.loads(text)
                if "at" not in payload or "event" not in payload:
                    continue
                payload["at"] -= seconds
                if payload["deadline"] is not None:
                    payload["deadline"] -= seconds
                db.execute(
                    sa.text("UPDATE events SET payload = :p WHERE table_id = :t AND n = :n"),
                    {"p": json.dumps(payload), "t": table, "n": n},
                )
                moved += 1
    finally:
        engine.dispose()
    return moved
