"""Where the server keeps everything: SQLite by default, PostgreSQL by URL.

A table's history is a list of numbered events; an event is written and committed
before the server acknowledges it, so a server that is killed restarts with every game
exactly where it was. The schema is created and upgraded by Alembic migrations
(``nardy/server/store/migrations``) when the store opens.

>>> store = Store("sqlite://")
>>> player = store.add_player("Ala")
>>> store.player(player.id).name
'Ala'

The schema and every query against it stay in one module, so that a migration is
checked against one file and no query reaches a column another module redefined.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy import event as sa_event
from sqlalchemy.engine import Connection, Engine

from nardy.server.protocol import wire

METADATA = sa.MetaData()

PLAYERS = sa.Table(
    "players",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(40), nullable=False, index=True),
    sa.Column("password_hash", sa.String(200), nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("account", sa.String(160), nullable=True),
    sa.Index("players_by_account", "account", unique=True),
)
"""``account`` is the registered name's key (see ``accounts.name_key``); None for guests."""
SESSIONS = sa.Table(
    "sessions",
    METADATA,
    sa.Column("token", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)
TABLES = sa.Table(
    "tables",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("variant", sa.String(32), nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("invite", sa.String(64), nullable=True),
    sa.Column("seed", sa.String(64), nullable=False),
    sa.Column("commitment", sa.String(64), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("epoch", sa.Integer, nullable=False, server_default=sa.text("0")),
)
"""``epoch`` counts the takeovers of a table by server processes (:meth:`Store.take`)."""
ROWS_PER_INSERT = 200
"""Rows of events one SQLite insert statement carries (4 parameters a row, under the
999 older SQLite builds allow)."""

EVENTS = sa.Table(
    "events",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("payload", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("epoch", sa.Integer, nullable=True),
)
"""``epoch``: the epoch the event's writer held its table at (:meth:`Store.take`), None
when a single server wrote it. A table's events never go down in epoch."""

SEATINGS = sa.Table(
    "seatings",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.String(48), nullable=False),
    sa.Index("seatings_by_player", "player_id"),
)
"""Who sits where, one row per taken seat: the index behind every player's game history.
It mirrors ``tables.seats`` and is written in the same transaction."""
REVIEWS = sa.Table(
    "reviews",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("done", sa.Integer, nullable=False),
    sa.Column("total", sa.Integer, nullable=False),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("error", sa.Text, nullable=True),
    sa.Column("owner", sa.String(64), nullable=True),
    sa.Column("lease", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

INSERT_HELD = """
INSERT INTO events (table_id, n, payload, at, epoch)
SELECT v.table_id, v.n, v.payload, v.at, v.epoch
FROM (
    SELECT unnest(%(table_id)s::text[]) AS table_id, unnest(%(n)s::integer[]) AS n,
           unnest(%(payload)s::text[]) AS payload, unnest(%(at)s::float8[]) AS at,
           unnest(%(epoch)s::integer[]) AS epoch
) AS v
JOIN tables ON tables.id = v.table_id AND tables.epoch = v.epoch
FOR SHARE OF tables
RETURNING events.table_id, events.n
"""
"""PostgreSQL: insert the events whose epoch is their table's, with the tables' rows
locked for share (a takeover waits, and the row is checked again after it); returns what
it wrote."""

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATING = 0x6E617264  # "nard": the advisory lock the PostgreSQL migrations take turns on


class StoreError(RuntimeError):
    """The store cannot do what was asked (an unknown id, a conflicting write)."""


STORE_ERRORS = (StoreError, sa.exc.SQLAlchemyError, OSError)
"""What a failed database write raises, for those who catch it outside the store."""


class NameTaken(StoreError):
    """An account with this name exists already."""


class Superseded(StoreError):
    """A write refused because somebody else has written the table since: its event of
    that number exists, or another process took the table over (a newer epoch)."""


Append = tuple[str, int, dict[str, Any], int | None]
"""An event to write: table, number, payload, and the epoch its writer holds the table
at (None: written whoever holds it, as by a single server)."""


@dataclass(frozen=True)
class PlayerRow:
    id: str
    name: str
    password_hash: str | None


@dataclass(frozen=True)
class TableRow:
    """What the store keeps about a table besides its events."""

    id: str
    kind: str
    variant: str
    settings: dict[str, Any]
    seats: list[str | None]
    options: dict[str, Any]
    status: str
    invite: str | None
    seed: str
    commitment: str
    created: float


def new_id() -> str:
    """A short random identifier for players and tables."""
    return secrets.token_hex(8)


class Store:
    """The database behind the server."""

    def __init__(self, url: str) -> None:
        options: dict[str, Any] = {}
        if url.startswith("sqlite"):
            options["connect_args"] = {"check_same_thread": False}
            if url in ("sqlite://", "sqlite:///:memory:"):
                options["poolclass"] = sa.pool.StaticPool
        self.engine: Engine = sa.create_engine(url, **options)
        self.writing = threading.Lock() if url.startswith("sqlite") else None
        self._event_insert: tuple[str, list[str] | None] | None = None
        self._insert_rows: dict[int, str] = {}
        if url.startswith("sqlite"):
            sa_event.listen(self.engine, "connect", _sqlite_pragmas)
        self.migrate()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction. SQLite has one writer at a time: writers from several
        threads queue on a lock here instead of in SQLite's busy handler, which sleeps
        between retries and made some commits wait for a second or more."""
        with self.writing or nullcontext(), self.engine.begin() as db:
            yield db

    def transaction(self) -> contextlib.AbstractContextManager[Connection]:
        """A write transaction for other modules' tables (see :meth:`_write`)."""
        return self._write()

    @classmethod
    def in_folder(cls, folder: Path) -> Store:
        """The default store: a SQLite file in ``folder``."""
        folder.mkdir(parents=True, exist_ok=True)
        return cls(f"sqlite:///{folder / 'nardy.sqlite3'}")

    def migrate(self) -> None:
        """Bring the schema up to date. On PostgreSQL several processes may start at once:
        they take turns (a transaction-scoped advisory lock), and the later ones find the
        schema up to date."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(
                    sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATING}
                )
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.engine.dispose()

    # -- players and sessions

    def add_player(
        self, name: str, password_hash: str | None = None, account: str | None = None
    ) -> PlayerRow:
        """A new player; with ``account`` (the name's key) a registered one, and
        :class:`NameTaken` if that account exists (the database keeps it unique)."""
        row = PlayerRow(new_id(), name, password_hash)
        try:
            with self._write() as db:
                db.execute(
                    PLAYERS.insert().values(
                        id=row.id,
                        name=name,
                        password_hash=password_hash,
                        account=account,
                        created=time.time(),
                    )
                )
        except sa.exc.IntegrityError as error:
            raise NameTaken(f"an account {name!r} exists already") from error
        return row

    def player(self, player_id: str) -> PlayerRow:
        with self.engine.connect() as db:
            found = db.execute(PLAYERS.select().where(PLAYERS.c.id == player_id)).first()
        if found is None:
            raise StoreError(f"no player {player_id}")
        return PlayerRow(found.id, found.name, found.password_hash)

    def rename_player(self, player_id: str, name: str, account: str | None = None) -> None:
        """Give a player a new name; a registered player's ``account`` key changes with it
        (:class:`NameTaken` if another account has that key)."""
        values: dict[str, Any] = {"name": name}
        if account is not None:
            values["account"] = account
        try:
            with self._write() as db:
                db.execute(PLAYERS.update().where(PLAYERS.c.id == player_id).values(**values))
        except sa.exc.IntegrityError as error:
            raise NameTaken(f"an account {name!r} exists already") from error

    def account(self, key: str) -> PlayerRow | None:
        """The registered player whose name has the key ``key``, if any."""
        with self.engine.connect() as db:
            found = db.execute(PLAYERS.select().where(PLAYERS.c.account == key)).first()
        return None if found is None else PlayerRow(found.id, found.name, found.password_hash)

    def add_session(self, player_id: str) -> str:
        token = secrets.token_urlsafe(32)
        with self._write() as db:
            db.execute(
                SESSIONS.insert().values(token=token, player_id=player_id, created=time.time())
            )
        return token

    def session_player(self, token: str) -> str | None:
        with self.engine.connect() as db:
            found = db.execute(SESSIONS.select().where(SESSIONS.c.token == token)).first()
        return None if found is None else str(found.player_id)

    def end_session(self, token: str) -> None:
        with self._write() as db:
            db.execute(SESSIONS.delete().where(SESSIONS.c.token == token))

    # -- tables

    def add_table(self, row: TableRow) -> None:
        with self._write() as db:
            _insert_table(db, row)

    def add_rematch(
        self, row: TableRow, previous: str, epoch: int | None, options: dict[str, Any]
    ) -> None:
        """Add the table ``row``, the rematch of the table ``previous``, and give
        ``previous`` its ``options`` naming it, in one transaction: both or neither. With
        ``epoch``, only while ``previous`` is held at that epoch (:class:`Superseded` once
        it is not, and nothing is written)."""
        query = TABLES.update().where(TABLES.c.id == previous)
        if epoch is not None:
            query = query.where(TABLES.c.epoch == epoch)
        with self._write() as db:
            changed = db.execute(query.values(options=json.dumps(options), updated=time.time()))
            if epoch is not None and changed.rowcount != 1:
                raise Superseded(f"table {previous} was taken over (epoch {epoch} has passed)")
            _insert_table(db, row)

    def update_table(self, table_id: str, epoch: int | None = None, **values: Any) -> None:
        """Change ``seats``, ``status`` or ``options`` of a table; with ``epoch``, only
        while the table is held at that epoch (:class:`Superseded` once it is not)."""
        encoded = {k: json.dumps(v) if k in ("seats", "options") else v for k, v in values.items()}
        query = TABLES.update().where(TABLES.c.id == table_id)
        if epoch is not None:
            query = query.where(TABLES.c.epoch == epoch)
        with self._write() as db:
            changed = db.execute(query.values(updated=time.time(), **encoded))
            if epoch is not None and changed.rowcount != 1:
                raise Superseded(f"table {table_id} was taken over (epoch {epoch} has passed)")
            if "seats" in values:
                db.execute(SEATINGS.delete().where(SEATINGS.c.table_id == table_id))
                _seat(db, table_id, values["seats"])

    def table(self, table_id: str) -> TableRow:
        with self.engine.connect() as db:
            found = db.execute(TABLES.select().where(TABLES.c.id == table_id)).first()
        if found is None:
            raise StoreError(f"no table {table_id}")
        return _table_row(found)

    def tables(self, *statuses: str) -> Iterator[TableRow]:
        """Every table with one of ``statuses``, oldest first."""
        query = TABLES.select().order_by(TABLES.c.created)
        if statuses:
            query = query.where(TABLES.c.status.in_(statuses))
        with self.engine.connect() as db:
            rows = db.execute(query).fetchall()
        return (_table_row(row) for row in rows)

    # -- events

    def take(self, table_id: str) -> int:
        """A process takes the table over: its epoch goes up by one, and from now on the
        store refuses the events of every earlier epoch (:meth:`append_batch`). Returns the
        new epoch. Read the table's events after this, not before: an event of the last
        holder is either among them or refused."""
        with self._write() as db:
            db.execute(
                TABLES.update().where(TABLES.c.id == table_id).values(epoch=TABLES.c.epoch + 1)
            )
            epoch = db.execute(sa.select(TABLES.c.epoch).where(TABLES.c.id == table_id)).scalar()
        if epoch is None:
            raise StoreError(f"no table {table_id}")
        return int(epoch)

    def append(
        self, table_id: str, n: int, payload: dict[str, Any], epoch: int | None = None
    ) -> None:
        """Write event ``n`` of a table durably; a second event ``n``, or an ``epoch`` that
        has passed, is refused with :class:`Superseded`."""
        error = self.append_batch([(table_id, n, payload, epoch)])[0]
        if error is not None:
            raise error

    def append_batch(self, events: list[Append]) -> list[StoreError | None]:
        """Write events of any tables in one transaction (one commit for all: a group
        commit). Each answer is None for an event written, or the error that refused it:
        :class:`Superseded` for an event whose number is taken or whose epoch has passed
        (the others are written without it). An event with an epoch is written only while
        its table's row, locked for share, shows that epoch, so a takeover (:meth:`take`)
        waits for the transaction, and the events of a passed epoch are never written."""
        at = time.time()
        rows = [
            {"table_id": table_id, "n": n, "payload": wire.dumps(payload), "at": at, "epoch": epoch}
            for table_id, n, payload, epoch in events
        ]
        try:
            with self._write() as db:
                return self._insert_held(db, rows)
        except sa.exc.IntegrityError:
            if len(rows) == 1:
                return [_exists(rows[0])]
        answers: list[StoreError | None] = []
        for row in rows:
            try:
                with self._write() as db:
                    answers += self._insert_held(db, [row])
            except sa.exc.IntegrityError:
                answers.append(_exists(row))
        return answers

    def _insert_held(self, db: Connection, rows: list[dict[str, Any]]) -> list[StoreError | None]:
        """Insert the rows without an epoch, and those whose epoch is their table's now;
        the answer of each row (:meth:`append_batch`)."""
        epochs: list[int | None] = [row["epoch"] for row in rows]
        held = [k for k, epoch in enumerate(epochs) if epoch is not None]
        answers: list[StoreError | None] = [None] * len(rows)
        if len(held) < len(rows):
            self._insert_events(db, [rows[k] for k, epoch in enumerate(epochs) if epoch is None])
        if not held:
            return answers
        keys = [(rows[k]["table_id"], rows[k]["n"]) for k in held]
        if db.dialect.name == "postgresql":  # one statement: check, lock and insert
            names = ("table_id", "n", "payload", "at", "epoch")
            values = {name: [rows[k][name] for k in held] for name in names}
            written = {(t, n) for t, n in db.exec_driver_sql(INSERT_HELD, values)}
        else:  # SQLite serves one process (the store's lock: one writer): read, insert
            query = sa.select(TABLES.c.id, TABLES.c.epoch).where(
                TABLES.c.id.in_(sorted({table for table, _ in keys}))
            )
            now = {table: epoch for table, epoch in db.execute(query)}
            chosen = [k for k in held if now.get(rows[k]["table_id"]) == epochs[k]]
            self._insert_events(db, [rows[k] for k in chosen])
            written = {(rows[k]["table_id"], rows[k]["n"]) for k in chosen}
        for k, key in zip(held, keys, strict=True):
            if key not in written:
                answers[k] = _taken_over(rows[k], epochs[k])
        return answers

    def _insert_events(self, db: Connection, rows: list[dict[str, Any]]) -> None:
        """Insert event rows through the driver, with the statement compiled once for
        this database: the columns are plain text and numbers, and SQLAlchemy's handling
        of each row's parameters cost more than the driver's insert (a server under load
        writes thousands of events a second)."""
        if not rows:
            return
        if self._event_insert is None:
            compiled = EVENTS.insert().compile(dialect=self.engine.dialect)
            self._event_insert = (str(compiled), compiled.positiontup)
        sql, order = self._event_insert
        if order is None:  # named parameters (psycopg)
            db.exec_driver_sql(sql, rows)
            return
        # positional (sqlite3): many rows a statement, since sqlite3 gives up the GIL
        # for each statement it steps, and a writer thread that waits for it back behind
        # a busy event loop made a group commit last ~80 ms instead of a few
        values = [value for row in rows for value in (row[name] for name in order)]
        width = len(order)
        for start in range(0, len(rows), ROWS_PER_INSERT):
            count = min(ROWS_PER_INSERT, len(rows) - start)
            chunk = tuple(values[start * width : (start + count) * width])
            db.exec_driver_sql(self._many_rows(sql, count), chunk)

    def _many_rows(self, sql: str, count: int) -> str:
        """``sql``, an insert of one row, made an insert of ``count`` rows."""
        statement = self._insert_rows.get(count)
        if statement is None:
            head, _, row = sql.partition(" VALUES ")
            statement = self._insert_rows[count] = f"{head} VALUES {', '.join([row] * count)}"
        return statement

    def events(self, table_id: str) -> list[dict[str, Any]]:
        """A table's events in order."""
        with self.engine.connect() as db:
            rows = db.execute(
                EVENTS.select().where(EVENTS.c.table_id == table_id).order_by(EVENTS.c.n)
            ).fetchall()
        return [_payload(row.payload) for row in rows]

    def dice_payloads(self) -> Iterator[str]:
        """The stored text of every event that may hold dice (a roll, an opening, a
        roll-off), for the dice statistics; read as they come."""
        query = sa.select(EVENTS.c.payload).where(
            EVENTS.c.payload.like('%"dice"%') | EVENTS.c.payload.like('%"rolloff"%')
        )
        with self.engine.connect() as db:
            for (text,) in db.execute(query):
                yield text

    def writers(self, table_id: str) -> list[tuple[int, int | None]]:
        """Who wrote a table's events: its event numbers in order, each with the epoch its
        writer held the table at (None: a single server), in runs — ``(first n, epoch)``
        where a run begins.

        >>> store = Store("sqlite://")
        >>> store.add_table(TableRow("t", "match", "backgammon", {}, [None, None], {},
        ...                          "open", None, "00" * 32, "ab" * 32, 0.0))
        >>> for n, epoch in [(1, 0), (2, 0), (3, 1)]:
        ...     _ = store.take("t") if epoch else None
        ...     store.append("t", n, {"chat": n}, epoch)
        >>> store.writers("t")
        [(1, 0), (3, 1)]
        """
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(EVENTS.c.n, EVENTS.c.epoch)
                .where(EVENTS.c.table_id == table_id)
                .order_by(EVENTS.c.n)
            ).fetchall()
        runs: list[tuple[int, int | None]] = []
        for n, epoch in rows:
            if not runs or runs[-1][1] != epoch:
                runs.append((n, epoch))
        return runs

    # -- reviews (server/site/reviews.py)

    def review(self, table_id: str) -> ReviewRow | None:
        with self.engine.connect() as db:
            found = db.execute(REVIEWS.select().where(REVIEWS.c.table_id == table_id)).first()
        return None if found is None else _review_row(found)

    def queue_review(self, table_id: str, games: int, ply: int) -> bool:
        """Ask for the review of a table's first ``games`` finished games at ``ply``,
        unless one that covers them is stored, queued or under way; True if queued."""
        now = time.time()
        with self._write() as db:
            found = db.execute(REVIEWS.select().where(REVIEWS.c.table_id == table_id)).first()
            if found is None:
                db.execute(
                    REVIEWS.insert().values(
                        table_id=table_id,
                        status="queued",
                        games=games,
                        ply=ply,
                        done=0,
                        total=0,
                        lease=0.0,
                        updated=now,
                    )
                )
                return True
            covered = found.games >= games and found.ply == ply
            if found.status in ("queued", "running") or (covered and found.status == "done"):
                return False
            db.execute(
                REVIEWS.update()
                .where(REVIEWS.c.table_id == table_id)
                .values(
                    status="queued",
                    games=games,
                    ply=ply,
                    done=0,
                    total=0,
                    error=None,
                    owner=None,
                    lease=0.0,
                    updated=now,
                )
            )
            return True

    def claim_review(self, owner: str, lease: float) -> ReviewRow | None:
        """Take the oldest queued review (or one whose worker stopped renewing its lease)
        for ``owner`` until ``lease`` seconds from now; None when there is none."""
        now = time.time()
        waiting = sa.or_(
            REVIEWS.c.status == "queued",
            sa.and_(REVIEWS.c.status == "running", REVIEWS.c.lease < now),
        )
        with self._write() as db:
            found = db.execute(
                REVIEWS.select().where(waiting).order_by(REVIEWS.c.updated).limit(1)
            ).first()
            if found is None:
                return None
            claimed = db.execute(
                REVIEWS.update()
                .where(REVIEWS.c.table_id == found.table_id, waiting)
                .values(status="running", owner=owner, lease=now + lease, updated=now)
            )
            if claimed.rowcount != 1:
                return None
        return self.review(found.table_id)

    def review_progress(
        self, table_id: str, owner: str, done: int, total: int, lease: float
    ) -> bool:
        """Note how far ``owner`` has come and renew its lease; False if it lost the claim."""
        with self._write() as db:
            changed = db.execute(
                REVIEWS.update()
                .where(
                    REVIEWS.c.table_id == table_id,
                    REVIEWS.c.owner == owner,
                    REVIEWS.c.status == "running",
                )
                .values(done=done, total=total, lease=time.time() + lease)
            )
        return changed.rowcount == 1

    def finish_review(
        self, table_id: str, owner: str, result: str | None = None, error: str | None = None
    ) -> bool:
        """Store the review (JSON text) or why it failed; False if ``owner`` lost the claim."""
        with self._write() as db:
            changed = db.execute(
                REVIEWS.update()
                .where(
                    REVIEWS.c.table_id == table_id,
                    REVIEWS.c.owner == owner,
                    REVIEWS.c.status == "running",
                )
                .values(
                    status="done" if error is None else "failed",
                    result=result,
                    error=error,
                    updated=time.time(),
                )
            )
        return changed.rowcount == 1


def _exists(row: dict[str, Any]) -> StoreError:
    return Superseded(f"event {row['n']} of table {row['table_id']} exists already")


def _taken_over(row: dict[str, Any], epoch: int | None) -> StoreError:
    return Superseded(f"table {row['table_id']} was taken over (epoch {epoch} has passed)")


@dataclass(frozen=True)
class ReviewRow:
    """A table's review: its state, how far it has come, and once done the analysis."""

    table_id: str
    status: str
    games: int
    ply: int
    done: int
    total: int
    result: str | None
    error: str | None
    owner: str | None


def _review_row(found: Any) -> ReviewRow:
    return ReviewRow(
        found.table_id,
        found.status,
        found.games,
        found.ply,
        found.done,
        found.total,
        found.result,
        found.error,
        found.owner,
    )


def _insert_table(db: Connection, row: TableRow) -> None:
    """Write a new table and its seatings."""
    now = time.time()
    db.execute(TABLES.insert().values(**_table_columns(row), created=now, updated=now))
    _seat(db, row.id, row.seats)


def _seat(db: Connection, table_id: str, seats: list[str | None]) -> None:
    """Write the seatings of a table (its taken seats)."""
    taken = [
        {"table_id": table_id, "seat": seat, "player_id": holder}
        for seat, holder in enumerate(seats)
        if holder is not None
    ]
    if taken:
        db.execute(SEATINGS.insert(), taken)


_PLAIN_COLUMNS = ("id", "kind", "variant", "status", "invite", "seed", "commitment")
_JSON_COLUMNS = ("settings", "seats", "options")
"""The columns of ``tables`` that hold a :class:`TableRow`'s fields, as they are and as
JSON text (``created`` is the store's own)."""


def _table_columns(row: TableRow) -> dict[str, Any]:
    """The ``tables`` columns for ``row``."""
    plain = {name: getattr(row, name) for name in _PLAIN_COLUMNS}
    return plain | {name: json.dumps(getattr(row, name)) for name in _JSON_COLUMNS}


def _table_row(found: Any) -> TableRow:
    plain = {name: getattr(found, name) for name in _PLAIN_COLUMNS}
    decoded = {name: json.loads(getattr(found, name)) for name in _JSON_COLUMNS}
    return TableRow(**plain, **decoded, created=found.created)


def _sqlite_pragmas(connection: Any, _: Any) -> None:
    """Write-ahead logging: readers never wait, and a committed event survives a killed
    process (``synchronous=NORMAL`` can lose only the last commits on power loss)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _payload(text: str) -> dict[str, Any]:
    """A stored event. Servers before the strict checks wrote text with the standard
    library, which lets a lone surrogate through (``"\\ud83d"``); orjson refuses to read
    that, so such a row is read the old way rather than making its table unreadable."""
    try:
        value: dict[str, Any] = wire.loads(text)
    except wire.NotJSON:
        value = json.loads(text)
    return value
