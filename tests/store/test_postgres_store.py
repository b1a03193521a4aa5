"""The store on PostgreSQL: migrations, durable events, and a whole match replayed.

Runs when ``NARDY_TEST_POSTGRES_URL`` names a database the test may empty (``./run test``
starts a local PostgreSQL and sets it); skipped otherwise.
"""

from __future__ import annotations

import os

import pytest
import sqlalchemy as sa

from nardy.bot.agents.agent import RandomAgent
from nardy.server.app import ServerConfig, create_app
from nardy.server.store.database import Store, StoreError, TableRow

URL = os.environ.get("NARDY_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not URL, reason="NARDY_TEST_POSTGRES_URL is not set")


@pytest.fixture
def store() -> Store:
    assert URL is not None
    engine = sa.create_engine(URL)
    existing = sa.MetaData()
    existing.reflect(engine)  # every table, those of later migrations included
    with engine.begin() as db:
        for table in existing.tables:
            db.execute(sa.text(f'DROP TABLE IF EXISTS "{table}" CASCADE'))
    engine.dispose()
    return Store(URL)


def test_postgres_migrates_and_keeps_players(store: Store) -> None:
    player = store.add_player("Ala", "$argon2id$fake", "ala")
    assert store.player(player.id).name == "Ala"
    assert store.account("ala") == player
    Store(URL or "").close()  # migrating an up-to-date schema again changes nothing


def test_postgres_events_are_numbered_once(store: Store) -> None:
    row = TableRow(
        "t1", "match", "backgammon", {}, [None, None], {}, "open", None, "00" * 32, "ab" * 32, 0.0
    )
    store.add_table(row)
    store.append("t1", 1, {"event": {"type": "opening", "dice": [3, 1]}})
    with pytest.raises(StoreError):
        store.append("t1", 1, {"event": {"type": "opening", "dice": [6, 6]}})
    assert store.events("t1") == [{"event": {"type": "opening", "dice": [3, 1]}}]


def test_postgres_match_against_the_computer_survives_a_restart(store: Store) -> None:
    from fastapi.testclient import TestClient

    agents = lambda variant, level: RandomAgent(7)  # noqa: E731
    app = create_app(store, ServerConfig(bot_delay=0.0, entropy_wait=0.0), agents=agents)
    with TestClient(app) as client:
        client.post("/api/guest", json={"name": "Ala"})
        table_id = client.post(
            "/api/tables",
            json={"variant": "backgammon", "settings": {"match_to": 1}, "opponent": "computer"},
        ).json()["id"]
        before = client.get(f"/api/tables/{table_id}").json()
        cookies = dict(client.cookies)
    # a second server on the same database rebuilds the table from its events
    with TestClient(
        create_app(Store(URL or ""), ServerConfig(bot_delay=0.0, entropy_wait=0.0), agents=agents)
    ) as client:
        client.cookies.update(cookies)  # the same player, seen from the same seat
        after = client.get(f"/api/tables/{table_id}").json()
    assert after["you"] == before["you"] is not None
    assert after["n"] == before["n"] > 0
    assert after["position"] == before["position"]
    assert after["dice"] == before["dice"]


def test_postgres_ratings_are_recorded_once_even_by_two_processes_at_once(store: Store) -> None:
    """Two servers recording the end of the same match at the same moment: one writes the
    outcome and both ratings, the other finds it written (the primary key and the row lock
    on each rating serialise them)."""
    import threading
    import time

    from nardy.server.store.ratings import Outcome, Ratings

    for table_id in ("m1", "m2"):
        store.add_table(
            TableRow(
                table_id,
                "match",
                "dutch",
                {"match_to": 1},
                ["computer:casual", "computer:expert"],
                {"rated": True},
                "over",
                None,
                "00" * 32,
                "ab" * 32,
                0.0,
            )
        )
    seats = ("computer:casual", "computer:expert")
    outcome = Outcome("m1", "dutch", seats, (0, 1), 1, True, time.time())
    answers: list[bool] = []
    servers = [Ratings(Store(URL or "")) for _ in range(2)]  # migrations are not threadsafe
    start = threading.Barrier(2)

    def finish(ratings: Ratings) -> None:
        start.wait()
        answers.append(ratings.record(outcome))

    racers = [threading.Thread(target=finish, args=(server,)) for server in servers]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)
    assert sorted(answers) == [False, True]
    ratings = Ratings(store)
    assert ratings.record(outcome) is False
    assert ratings.record(Outcome("m2", "dutch", seats, (0, 1), 1, True, time.time()))
    board = ratings.leaderboard("dutch")
    assert [entry["id"] for entry in board] == ["computer:expert", "computer:casual"]
    assert [entry["games"] for entry in board] == [2, 2]
    assert board[0]["wins"] == 2 and board[1]["wins"] == 0
