"""Schema upgrades keep what is stored: a database made before the history tables gets the
seatings of its tables (the index of every player's games), and accounts keyed before name
skeletons keep their names, the oldest of look-alikes winning."""

from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa
from databases import schema_at

from nardy.server.site.accounts import name_key
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


def test_upgrading_to_name_skeletons_keeps_the_oldest_of_look_alike_accounts(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    with schema_at(url, "0006") as connection:
        for player_id, name, created in (("p1", "Alice", 1.0), ("p2", "\u0410lice", 2.0)):
            connection.execute(
                sa.text("INSERT INTO players VALUES (:id, :name, 'hash', :created, :key)"),
                {"id": player_id, "name": name, "created": created, "key": name.casefold()},
            )
    store = Store(url)
    alice = store.account(name_key("\u0410LICE"))
    assert alice is not None and alice.id == "p1"
    assert store.player("p2").name == "\u0410lice"  # kept, games and all, without the name
    store.close()
