"""A tournament's chat in the store (docs/PROTOCOL.md, "Tournament chat"): lines said at
once through two stores on one database, as two server processes say them, are numbered
without gaps or repeats, and a reader polling after the last line it saw misses none."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from databases import emptied_postgres

from nardy.server.store.database import Store
from nardy.server.store.tournament_chat import TournamentChat
from nardy.server.store.tournaments import TournamentError, Tournaments

WRITERS = 4
LINES = 25


@pytest.fixture(params=["sqlite", "postgresql"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Store, Store]]:
    """Two stores on one database, as two server processes have."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'nardy.sqlite3'}"
    else:
        url = emptied_postgres()
    first, second = Store(url), Store(url)
    yield first, second
    first.close()
    second.close()


def test_lines_said_at_once_are_numbered_in_order_and_none_is_missed(
    stores: tuple[Store, Store],
) -> None:
    cup = Tournaments(stores[0]).add("Cup", "backgammon", "swiss", "a", {})
    chats = [TournamentChat(store) for store in stores]
    start = threading.Barrier(WRITERS + 1)
    done = threading.Event()
    seen: list[int] = []

    def write(k: int) -> None:
        start.wait()
        for j in range(LINES):
            chats[k % 2].say(cup.id, f"p{k}", f"P{k}", False, f"{k}:{j}")

    def read() -> None:
        start.wait()
        while True:
            finished = done.is_set()
            seen.extend(line.n for line in chats[1].after(cup.id, seen[-1] if seen else 0))
            if finished:
                return

    writers = [threading.Thread(target=write, args=(k,)) for k in range(WRITERS)]
    reader = threading.Thread(target=read)
    for thread in (*writers, reader):
        thread.start()
    for thread in writers:
        thread.join()
    done.set()
    reader.join()
    total = WRITERS * LINES
    assert seen == list(range(1, total + 1)), "every line, once, in order"
    texts = [line.text for line in chats[0].after(cup.id, 0, limit=total)]
    assert sorted(texts) == sorted(f"{k}:{j}" for k in range(WRITERS) for j in range(LINES))


def test_a_line_needs_its_tournament(stores: tuple[Store, Store]) -> None:
    with pytest.raises(TournamentError, match="no tournament"):
        TournamentChat(stores[0]).say("nothing", "p", "P", False, "hi")
