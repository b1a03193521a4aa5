"""Schema upgrades keep what is stored: a database made before the history tables gets the
seatings of its tables (the index of every player's games)."""

from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa
from databases import schema_at

from nardy.server.store.database import SEATINGS, Store


def test_upgrading_to_the_history_tables_fills_in_the_seatings(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    with schema_at(url, "0001") as connection:
        for table_id, seats in (("t1", ["p1", "computer:expert"]), ("t2", [None, "p2"])):
            connection.execute(
                sa.text(
                    "INSERT INTO tables VALUES (:id, 'match', 'backgammon', '{}', :seats, '{}',"
                    " 'playing', NULL, 'seed', 'commitment', 0, 0)"
                ),
                {"id": table_id, "seats": json.dumps(seats)},
            )
    store = Store(url)  # migrates to the newest revision
    with store.engine.connect() as db:
        rows = db.execute(sa.select(SEATINGS).order_by(SEATINGS.c.table_id, SEATINGS.c.seat))
        assert [tuple(row) for row in rows] == [
            ("t1", 0, "p1"),
            ("t1", 1, "computer:expert"),
            ("t2", 1, "p2"),
        ]
    store.close()
