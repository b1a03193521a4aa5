"""The store's fence for several server processes: one event per number, whoever writes
first, and nothing more from a process whose table another has taken over (its epoch) —
on SQLite and, between two connection pools as two processes would have, PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from databases import emptied_postgres

from nardy.server.store.database import Store, Superseded, TableRow


def row(table_id: str) -> TableRow:
    return TableRow(
        table_id, "match", "backgammon", {}, [None, None], {}, "open", None, "00" * 32, "ab" * 32, 0
    )


@pytest.fixture(params=["sqlite", "postgresql"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Store, Store]]:
    """Two stores on one database, as two server processes have."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'nardy.sqlite3'}"
    else:
        url = emptied_postgres()
    first = Store(url)
    second = Store(url)
    for name in ("t1", "t2"):
        first.add_table(row(name))
    yield first, second
    first.close()
    second.close()


def race(stores: tuple[Store, Store], n: int) -> dict[int, Superseded | None]:
    """Both stores write event ``n`` of t1 at the same moment; what each was answered."""
    start = threading.Barrier(2)
    answers: dict[int, Superseded | None] = {}

    def write(k: int) -> None:
        start.wait()
        try:
            stores[k].append("t1", n, {"writer": k, "n": n}, 0)
            answers[k] = None
        except Superseded as refused:
            answers[k] = refused

    threads = [threading.Thread(target=write, args=(k,)) for k in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


def test_two_writers_of_one_number_at_once_one_wins_and_the_other_is_refused(
    stores: tuple[Store, Store],
) -> None:
    for n in range(1, 21):
        answers = race(stores, n)
        winners = [k for k, refused in answers.items() if refused is None]
        assert len(answers) == 2 and len(winners) == 1, answers
        refusal = answers[1 - winners[0]]
        assert f"event {n} of table t1 exists already" in str(refusal)
        assert stores[1].events("t1")[-1] == {"writer": winners[0], "n": n}
    assert len(stores[0].events("t1")) == 20


def test_a_takeover_refuses_every_later_write_of_the_last_holder(
    stores: tuple[Store, Store],
) -> None:
    old, new = stores
    old.append("t1", 1, {"by": "old"}, 0)
    assert new.take("t1") == 1
    assert new.events("t1") == [{"by": "old"}]
    with pytest.raises(Superseded, match="taken over"):
        old.append("t1", 2, {"by": "old"}, 0)  # a free number, but an epoch that has passed
    with pytest.raises(Superseded, match="taken over"):
        old.update_table("t1", 0, status="playing")
    # in a group commit, only the fenced table's event is refused
    answers = old.append_batch([("t2", 1, {"by": "old"}, 0), ("t1", 2, {"by": "old"}, 0)])
    assert answers[0] is None and isinstance(answers[1], Superseded)
    new.append("t1", 2, {"by": "new"}, 1)
    new.update_table("t1", 1, status="playing")
    assert new.events("t1") == [{"by": "old"}, {"by": "new"}]
    assert old.table("t1").status == "playing"
    assert old.take("t1") == 2  # and back: the other is fenced in its turn
    with pytest.raises(Superseded):
        new.append("t1", 3, {"by": "new"}, 1)


def test_a_takeover_in_the_middle_of_writes_reads_every_write_it_does_not_refuse(
    stores: tuple[Store, Store],
) -> None:
    """The last holder writes as fast as it can while another takes the table over: what
    the new holder reads after taking it is exactly what the old one wrote before its
    first refusal, and nothing of the old holder is written after that. (PostgreSQL only:
    the epoch is read under a row lock there; several processes need PostgreSQL anyway,
    and SQLite's driver starts a transaction only at its first write.)"""
    old, new = stores
    if old.engine.dialect.name != "postgresql":
        pytest.skip("several server processes share PostgreSQL")
    written: list[int] = []
    refused = threading.Event()
    started = threading.Event()

    def keep_writing() -> None:
        for n in range(1, 5000):
            try:
                old.append("t1", n, {"n": n}, 0)
            except Superseded:
                refused.set()
                return
            written.append(n)
            if n == 20:
                started.set()

    writer = threading.Thread(target=keep_writing)
    writer.start()
    assert started.wait(60)
    epoch = new.take("t1")
    seen = new.events("t1")
    writer.join(60)
    assert refused.is_set(), "the old holder was fenced"
    assert seen == [{"n": n} for n in written]
    new.append("t1", len(seen) + 1, {"n": "new"}, epoch)
    assert new.events("t1") == [*seen, {"n": "new"}]


def test_a_rematch_is_stored_with_its_matchs_link_to_it_or_not_at_all(
    stores: tuple[Store, Store],
) -> None:
    old, new = stores
    assert new.take("t1") == 1
    with pytest.raises(Superseded, match="taken over"):
        old.add_rematch(row("r1"), "t1", 0, {"rematch": "r1"})
    assert {table.id for table in old.tables()} == {"t1", "t2"}  # nothing of it
    assert old.table("t1").options == {}
    new.add_rematch(row("r1"), "t1", 1, {"rematch": "r1"})
    assert old.table("t1").options == {"rematch": "r1"}
    assert old.table("r1").seats == [None, None]
