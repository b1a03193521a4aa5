"""Where tournaments are kept: the tournament, its players and its pairings.

A round is stored with the tournament's new round number in one transaction, and only
while the writer still holds the tournament at its epoch and the round before is the
stored one: no round is paired twice, whichever processes try (:meth:`Tournaments.pair`).
A result is stored once per pairing (the first one wins).

>>> from nardy.server.store.database import Store
>>> kept = Tournaments(Store("sqlite://"))
>>> row = kept.add("Friday", "backgammon", "swiss", "ala", {"rounds": 3})
>>> kept.join(row.id, "ala", "Ala", 1500.0, limit=8)
>>> [e.name for e in kept.entrants(row.id)]
['Ala']
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from nardy.server.protocol import refusals
from nardy.server.protocol.refusals import Refusal
from nardy.server.store.database import TABLES, Store, StoreError, new_id
from nardy.server.store.tournament_schema import ENTRANTS, PAIRINGS, TOURNAMENTS


class TournamentError(StoreError):
    """A tournament cannot do what was asked (full, started, unknown): the refusal's
    ``kind`` and the values its message names, for the page to say in its own words."""

    def __init__(self, kind: Refusal, /, **params: Any) -> None:
        super().__init__(kind.text(params))
        self.kind = kind
        self.params = params


@dataclass(frozen=True)
class TournamentRow:
    id: str
    name: str
    variant: str
    format: str
    creator: str
    status: str
    round: int
    config: dict[str, Any]
    created: float
    started: float | None
    epoch: int


@dataclass(frozen=True)
class Entrant:
    player: str
    name: str
    seed: float
    left: float | None


@dataclass(frozen=True)
class PairingRow:
    round: int
    board: int
    first: str
    second: str | None
    table: str | None
    winner: str | None
    paired: float
    finished: float | None
    opened: bool = False
    """Whether the pairing's table is stored (read from the store, never written)."""


class Tournaments:
    """The queries on tournaments, over the site's store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(
        self,
        name: str,
        variant: str,
        format: str,
        creator: str,
        config: dict[str, Any],
        owner: str | None = None,
        lease: float = 0.0,
    ) -> TournamentRow:
        """A new open tournament; with ``owner``, held by that process for ``lease``
        seconds (it runs the tournament it was asked to create, while it lives)."""
        values = {
            "owner": owner,
            "lease": time.time() + lease if owner else 0.0,
            "epoch": 1 if owner else 0,
            "id": new_id(),
            "name": name,
            "variant": variant,
            "format": format,
            "creator": creator,
            "status": "open",
            "round": 0,
            "config": json.dumps(config),
            "created": time.time(),
        }
        with self.store.transaction() as db:
            db.execute(TOURNAMENTS.insert().values(**values))
        return self.get(str(values["id"]))

    def get(self, tournament_id: str) -> TournamentRow:
        with self.store.engine.connect() as db:
            found = db.execute(
                TOURNAMENTS.select().where(TOURNAMENTS.c.id == tournament_id)
            ).first()
        if found is None:
            raise TournamentError(refusals.NO_TOURNAMENT, tournament_id=tournament_id)
        return _row(found)

    def listing(self) -> list[tuple[TournamentRow, int]]:
        """Every tournament, newest first, with its count of players (those who left
        included once it has started)."""
        count = (
            sa.select(sa.func.count())
            .where(ENTRANTS.c.tournament_id == TOURNAMENTS.c.id)
            .scalar_subquery()
        )
        query = sa.select(TOURNAMENTS, count.label("players")).order_by(
            TOURNAMENTS.c.created.desc()
        )
        with self.store.engine.connect() as db:
            return [(_row(found), int(found.players)) for found in db.execute(query.limit(500))]

    def entrants(self, tournament_id: str) -> list[Entrant]:
        """The players in the order they joined."""
        query = (
            ENTRANTS.select()
            .where(ENTRANTS.c.tournament_id == tournament_id)
            .order_by(ENTRANTS.c.joined, ENTRANTS.c.player_id)
        )
        with self.store.engine.connect() as db:
            return [Entrant(r.player_id, r.name, r.seed, r.left) for r in db.execute(query)]

    def join(self, tournament_id: str, player: str, name: str, seed: float, limit: int) -> None:
        """Enter ``player`` while entries are open and the field is not full (joining
        twice is one entry)."""
        with self.store.transaction() as db:
            found = db.execute(
                TOURNAMENTS.select().where(TOURNAMENTS.c.id == tournament_id).with_for_update()
            ).first()
            if found is None:
                raise TournamentError(refusals.NO_TOURNAMENT, tournament_id=tournament_id)
            if found.status != "open":
                raise TournamentError(refusals.ENTRIES_CLOSED)
            keys = ENTRANTS.c.tournament_id == tournament_id
            if db.execute(
                sa.select(ENTRANTS.c.player_id).where(keys, ENTRANTS.c.player_id == player)
            ).first():
                return
            count = db.execute(sa.select(sa.func.count()).where(keys)).scalar() or 0
            if count >= limit:
                raise TournamentError(refusals.TOURNAMENT_FULL, limit=limit)
            db.execute(
                ENTRANTS.insert().values(
                    tournament_id=tournament_id,
                    player_id=player,
                    name=name,
                    seed=seed,
                    joined=time.time() + count * 1e-6,
                )
            )

    def leave(self, tournament_id: str, player: str) -> bool:
        """Take ``player`` out: before the start their entry goes; after it they are
        marked as gone (their results stay). Whether they were in."""
        keys = (ENTRANTS.c.tournament_id == tournament_id, ENTRANTS.c.player_id == player)
        with self.store.transaction() as db:
            status = db.execute(
                sa.select(TOURNAMENTS.c.status).where(TOURNAMENTS.c.id == tournament_id)
            ).scalar()
            if status is None:
                raise TournamentError(refusals.NO_TOURNAMENT, tournament_id=tournament_id)
            if status == "open":
                return db.execute(ENTRANTS.delete().where(*keys)).rowcount > 0
            changed = db.execute(
                ENTRANTS.update().where(*keys, ENTRANTS.c.left.is_(None)).values(left=time.time())
            )
            return changed.rowcount > 0

    def start(self, tournament_id: str) -> bool:
        """Close the entries and mark it running; whether this call started it."""
        query = TOURNAMENTS.update().where(
            TOURNAMENTS.c.id == tournament_id, TOURNAMENTS.c.status == "open"
        )
        with self.store.transaction() as db:
            return db.execute(query.values(status="running", started=time.time())).rowcount > 0

    def with_pairings(self, tournament_id: str) -> tuple[TournamentRow, list[PairingRow]]:
        """The tournament and its pairings as one state (:meth:`pair` stores both at once):
        the pairings first, then the row, again while the row's round is ahead."""
        for _ in range(3):
            pairings = self.pairings(tournament_id)
            row = self.get(tournament_id)
            if row.round <= max((p.round for p in pairings), default=0):
                break
        return row, pairings

    def pairings(self, tournament_id: str) -> list[PairingRow]:
        """Every pairing, by round and board; ``opened`` tells whether its table is
        stored yet (a round is stored before its tables)."""
        query = (
            sa.select(PAIRINGS, TABLES.c.id.label("opened"))
            .select_from(PAIRINGS.outerjoin(TABLES, TABLES.c.id == PAIRINGS.c.table_id))
            .where(PAIRINGS.c.tournament_id == tournament_id)
            .order_by(PAIRINGS.c.round, PAIRINGS.c.board)
        )
        with self.store.engine.connect() as db:
            return [
                PairingRow(
                    r.round,
                    r.board,
                    r.first,
                    r.second,
                    r.table_id,
                    r.winner,
                    r.paired,
                    r.finished,
                    r.opened is not None,
                )
                for r in db.execute(query)
            ]

    def pair(self, tournament_id: str, epoch: int, round: int, rows: Sequence[PairingRow]) -> bool:
        """Store ``rows`` as pairings of ``round`` and make it the tournament's round, in
        one transaction, while it is held at ``epoch`` and its round is ``round`` or the
        one before (the arena pairs within its round). Whether they were stored."""
        fence = TOURNAMENTS.update().where(
            TOURNAMENTS.c.id == tournament_id,
            TOURNAMENTS.c.epoch == epoch,
            TOURNAMENTS.c.status == "running",
            TOURNAMENTS.c.round.in_((round - 1, round)),
        )
        values = [_pairing_values(tournament_id, row) for row in rows]
        try:
            with self.store.transaction() as db:
                if db.execute(fence.values(round=round)).rowcount != 1:
                    return False
                if values:
                    db.execute(PAIRINGS.insert(), values)
        except sa.exc.IntegrityError:  # a board of the round was stored meanwhile
            return False
        return True

    def result(self, table_id: str, winner: str) -> bool:
        """Store the winner of the pairing played at ``table_id``, once."""
        return self._won(PAIRINGS.c.table_id == table_id, winner)

    def forfeit(self, tournament_id: str, round: int, board: int, winner: str) -> bool:
        """Store ``winner`` for a pairing not played out (its opponent left), once."""
        keys = (
            PAIRINGS.c.tournament_id == tournament_id,
            PAIRINGS.c.round == round,
            PAIRINGS.c.board == board,
        )
        return self._won(sa.and_(*keys), winner)

    def _won(self, where: Any, winner: str) -> bool:
        query = PAIRINGS.update().where(where, PAIRINGS.c.winner.is_(None))
        with self.store.transaction() as db:
            return db.execute(query.values(winner=winner, finished=time.time())).rowcount > 0

    def finish(self, tournament_id: str, epoch: int) -> bool:
        query = TOURNAMENTS.update().where(
            TOURNAMENTS.c.id == tournament_id, TOURNAMENTS.c.epoch == epoch
        )
        with self.store.transaction() as db:
            return db.execute(query.values(status="over")).rowcount > 0

    def claim(self, owner: str, lease: float) -> dict[str, int]:
        """Take every running tournament nobody holds (or whose holder's lease ran out)
        and renew the leases of those ``owner`` holds; the ones it holds, by epoch."""
        now = time.time()
        active = TOURNAMENTS.c.status.in_(("open", "running"))
        with self.store.transaction() as db:
            db.execute(
                TOURNAMENTS.update()
                .where(active, TOURNAMENTS.c.owner == owner)
                .values(lease=now + lease)
            )
            db.execute(
                TOURNAMENTS.update()
                .where(active, sa.or_(TOURNAMENTS.c.owner.is_(None), TOURNAMENTS.c.lease < now))
                .values(owner=owner, lease=now + lease, epoch=TOURNAMENTS.c.epoch + 1)
            )
            held = db.execute(
                sa.select(TOURNAMENTS.c.id, TOURNAMENTS.c.epoch).where(
                    active, TOURNAMENTS.c.owner == owner
                )
            )
            return {row.id: int(row.epoch) for row in held}

    def release(self, owner: str) -> None:
        """Give up every lease of ``owner`` (a process stopping)."""
        with self.store.transaction() as db:
            db.execute(
                TOURNAMENTS.update().where(TOURNAMENTS.c.owner == owner).values(owner=None, lease=0)
            )

    def ready_for(self, player: str) -> list[dict[str, Any]]:
        """The open tables of ``player``'s unfinished pairings in running tournaments:
        ``{"tournament", "name", "round", "table"}``, oldest first."""
        query = (
            sa.select(TOURNAMENTS.c.id, TOURNAMENTS.c.name, PAIRINGS.c.round, PAIRINGS.c.table_id)
            .select_from(
                PAIRINGS.join(TOURNAMENTS, TOURNAMENTS.c.id == PAIRINGS.c.tournament_id).join(
                    TABLES, TABLES.c.id == PAIRINGS.c.table_id
                )
            )
            .where(
                TOURNAMENTS.c.status == "running",
                PAIRINGS.c.winner.is_(None),
                sa.or_(PAIRINGS.c.first == player, PAIRINGS.c.second == player),
            )
            .order_by(PAIRINGS.c.paired)
        )
        with self.store.engine.connect() as db:
            return [
                {"tournament": r.id, "name": r.name, "round": r.round, "table": r.table_id}
                for r in db.execute(query)
            ]


def _row(found: Any) -> TournamentRow:
    return TournamentRow(
        found.id,
        found.name,
        found.variant,
        found.format,
        found.creator,
        found.status,
        found.round,
        json.loads(found.config),
        found.created,
        found.started,
        found.epoch,
    )


def _pairing_values(tournament_id: str, row: PairingRow) -> dict[str, Any]:
    return {
        "tournament_id": tournament_id,
        "round": row.round,
        "board": row.board,
        "first": row.first,
        "second": row.second,
        "table_id": row.table,
        "winner": row.winner,
        "paired": row.paired,
        "finished": row.finished,
    }
