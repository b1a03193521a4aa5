"""Group commit: events of many tables written together, each refused alone when it must
be, on SQLite and (when there is one) PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from databases import POSTGRES, empty_postgres

from nardy.server.store.database import Store, StoreError, TableRow
from nardy.server.store.group_commit import GroupCommit


def row(table_id: str) -> TableRow:
    return TableRow(
        table_id, "match", "backgammon", {}, [None, None], {}, "open", None, "00" * 32, "ab" * 32, 0
    )


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        opened = Store(f"sqlite:///{tmp_path / 'nardy.sqlite3'}")
    else:
        if not POSTGRES:
            pytest.skip("NARDY_TEST_POSTGRES_URL is not set")
        empty_postgres(POSTGRES)
        opened = Store(POSTGRES)
    for name in ("t1", "t2", "t3"):
        opened.add_table(row(name))
    yield opened
    opened.close()


def test_a_batch_is_written_in_one_go_and_a_duplicate_is_refused_alone(store: Store) -> None:
    store.append("t2", 1, {"first": True})
    answers = store.append_batch(
        [
            ("t1", 1, {"a": 1}, None),
            ("t2", 1, {"again": True}, None),
            ("t3", 1, {"c": 3}, None),
            ("t1", 2, {}, None),
        ]
    )
    assert [a is None for a in answers] == [True, False, True, True]
    assert isinstance(answers[1], StoreError) and "exists already" in str(answers[1])
    assert store.events("t1") == [{"a": 1}, {}]
    assert store.events("t2") == [{"first": True}]
    assert store.events("t3") == [{"c": 3}]


def test_events_arriving_together_share_commits_and_each_waits_for_its_own(
    store: Store,
) -> None:
    async def main() -> GroupCommit:
        commits = GroupCommit(store)
        writes = [commits.append(f"t{1 + k % 3}", 1 + k // 3, {"k": k}) for k in range(60)]
        duplicate = commits.append("t1", 1, {"late": True})
        results = await asyncio.gather(*writes, duplicate, return_exceptions=True)
        assert results[:-1] == [None] * 60
        assert isinstance(results[-1], StoreError)
        return commits

    commits = asyncio.run(main())
    assert commits.events == 61
    assert commits.commits < 61  # grouped: fewer transactions than events
    for name, first in (("t1", 0), ("t2", 1), ("t3", 2)):
        assert [e["k"] for e in store.events(name)] == list(range(first, 60, 3))


def test_a_batch_longer_than_one_insert_statement_is_written_whole_and_in_order(
    store: Store,
) -> None:
    from nardy.server.store.database import ROWS_PER_INSERT

    count = 2 * ROWS_PER_INSERT + 7  # two full statements and a short one
    answers = store.append_batch([("t1", n, {"n": n}, None) for n in range(1, count + 1)])
    assert answers == [None] * count
    assert store.events("t1") == [{"n": n} for n in range(1, count + 1)]
    late = store.append_batch([("t2", 1, {}, None), ("t1", count, {"again": True}, None)])
    assert late[0] is None and isinstance(late[1], StoreError)
    assert len(store.events("t1")) == count
