"""Ratings per variant (Glicko-2), and how every match ended, as the store keeps them.

When a match table is over, :meth:`Ratings.record` writes its outcome once (a second call
for the same table does nothing) and, for a rated match, the new ratings of both players
in the same transaction: a server killed at any moment keeps either all of it or none, and
the lobby records whatever is missing when it starts again.

Each rated match is a rating period of one game for its two players, rated against each
other's rating from before the match. A player's deviation also grows for every whole day
without a rated game in that variant (Glicko-2's step for a period without games), so the
rating of someone back after months moves faster at first.

Who is rated: registered players, and the computer at each of its levels (holder
``computer:<level>``), so that players can see how strong every level is. Guests are not.

>>> from nardy.server.store.database import Store
>>> ratings = Ratings(Store("sqlite://"))
>>> ratings.current("computer:expert", "backgammon")
Rating(rating=1500.0, deviation=350.0, volatility=0.06)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from nardy.ratings.glicko2 import Rating, idle, rate
from nardy.server.protocol.computers import is_computer, level_of
from nardy.server.store.database import METADATA, PLAYERS, TABLES, Store

MATCH_RESULTS = sa.Table(
    "match_results",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("variant", sa.String(32), nullable=False),
    sa.Column("winner", sa.Integer, nullable=True),
    sa.Column("score", sa.Text, nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("finished", sa.Float, nullable=False),
)
RATINGS = sa.Table(
    "ratings",
    METADATA,
    sa.Column("player_id", sa.String(48), primary_key=True),
    sa.Column("variant", sa.String(32), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Index("ratings_by_variant", "variant", "rating"),
)
RATING_CHANGES = sa.Table(
    "rating_changes",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("player_id", sa.String(48), primary_key=True),
    sa.Column("variant", sa.String(32), nullable=False),
    sa.Column("rating_before", sa.Float, nullable=False),
    sa.Column("deviation_before", sa.Float, nullable=False),
    sa.Column("rating_after", sa.Float, nullable=False),
    sa.Column("deviation_after", sa.Float, nullable=False),
)

DAY = 24 * 60 * 60.0
"""The length of an idle rating period, in seconds."""
REPEAT_WINDOW = DAY
"""Within this many seconds after a rated result between two accounts in a variant, their
further results in that variant are recorded but rate nobody
(docs/PROTOCOL.md, "Aborted matches and withdrawn tables"): a pair of accounts cannot farm
a rating by playing each other over and over."""
HISTORY = 500
"""The most rated results a player's rating history holds (the latest)."""
PROVISIONAL = 110.0
"""A rating with a deviation above this is shown as provisional (with a question mark)."""


@dataclass(frozen=True)
class Outcome:
    """How a match table ended."""

    table_id: str
    variant: str
    seats: tuple[str, str]
    score: tuple[int, int]
    winner: int | None
    """The seat that won the match; None when nobody did (a money session)."""
    rated: bool
    finished: float


class Ratings:
    """The ratings kept in ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def may_rate(self, holder: str | None) -> bool:
        """Whether a seat holder can play rated matches: a registered player or the
        computer."""
        if holder is None:
            return False
        if is_computer(holder):
            return True
        with self.store.engine.connect() as db:
            found = db.execute(
                sa.select(PLAYERS.c.password_hash).where(PLAYERS.c.id == holder)
            ).first()
        return found is not None and found.password_hash is not None

    def record(self, outcome: Outcome) -> bool:
        """Write ``outcome`` and, when it is rated and has a winner, both new ratings;
        returns False when the table's outcome was written before."""
        for attempt in range(3):
            try:
                with self.store.transaction() as db:
                    return self._record(db, outcome)
            except sa.exc.IntegrityError:  # another process wrote the same row first
                if attempt == 2:
                    raise
        return False

    def _record(self, db: Connection, outcome: Outcome) -> bool:
        done = db.execute(
            sa.select(MATCH_RESULTS.c.table_id).where(MATCH_RESULTS.c.table_id == outcome.table_id)
        ).first()
        if done is not None:
            return False
        db.execute(
            MATCH_RESULTS.insert().values(
                table_id=outcome.table_id,
                variant=outcome.variant,
                winner=outcome.winner,
                score=json.dumps(list(outcome.score)),
                rated=outcome.rated,
                finished=outcome.finished,
            )
        )
        if not outcome.rated or outcome.winner is None or self._repeated(db, outcome):
            return True
        before = [
            self._load(db, holder, outcome.variant, outcome.finished) for holder in outcome.seats
        ]
        for seat, holder in enumerate(outcome.seats):
            score = 1.0 if seat == outcome.winner else 0.0
            after = rate(before[seat][0], [(before[1 - seat][0], score)])
            self._store(db, holder, outcome, after, exists=before[seat][1], won=score == 1.0)
            db.execute(
                RATING_CHANGES.insert().values(
                    table_id=outcome.table_id,
                    player_id=holder,
                    variant=outcome.variant,
                    rating_before=before[seat][0].rating,
                    deviation_before=before[seat][0].deviation,
                    rating_after=after.rating,
                    deviation_after=after.deviation,
                )
            )
        return True

    def _repeated(self, db: Connection, outcome: Outcome) -> bool:
        """Whether the same two accounts (the computer aside) had a rated result in this
        variant within :data:`REPEAT_WINDOW` before this one."""
        if any(is_computer(holder) for holder in outcome.seats):
            return False
        one, other = RATING_CHANGES.alias("one"), RATING_CHANGES.alias("other")
        query = (
            sa.select(one.c.table_id)
            .select_from(
                one.join(other, other.c.table_id == one.c.table_id).join(
                    MATCH_RESULTS, MATCH_RESULTS.c.table_id == one.c.table_id
                )
            )
            .where(
                one.c.player_id == outcome.seats[0],
                other.c.player_id == outcome.seats[1],
                one.c.variant == outcome.variant,
                MATCH_RESULTS.c.finished > outcome.finished - REPEAT_WINDOW,
            )
            .limit(1)
        )
        return db.execute(query).first() is not None

    def _load(self, db: Connection, holder: str, variant: str, now: float) -> tuple[Rating, bool]:
        """The rating at ``now`` (grown for idle days), locked for this transaction, and
        whether the player had one."""
        found = db.execute(
            RATINGS.select()
            .where(RATINGS.c.player_id == holder, RATINGS.c.variant == variant)
            .with_for_update()
        ).first()
        if found is None:
            return Rating(), False
        stored = Rating(found.rating, found.deviation, found.volatility)
        return idle(stored, math.floor(max(0.0, now - found.updated) / DAY)), True

    def _store(
        self,
        db: Connection,
        holder: str,
        outcome: Outcome,
        after: Rating,
        *,
        exists: bool,
        won: bool,
    ) -> None:
        values = {
            "rating": after.rating,
            "deviation": after.deviation,
            "volatility": after.volatility,
            "updated": outcome.finished,
        }
        key = (RATINGS.c.player_id == holder) & (RATINGS.c.variant == outcome.variant)
        if exists:
            db.execute(
                RATINGS.update()
                .where(key)
                .values(games=RATINGS.c.games + 1, wins=RATINGS.c.wins + int(won), **values)
            )
        else:
            db.execute(
                RATINGS.insert().values(
                    player_id=holder, variant=outcome.variant, games=1, wins=int(won), **values
                )
            )

    # -- reading

    def current(self, holder: str, variant: str) -> Rating:
        """The stored rating of ``holder`` in ``variant`` (a newcomer's when none)."""
        with self.store.engine.connect() as db:
            found = db.execute(
                RATINGS.select().where(RATINGS.c.player_id == holder, RATINGS.c.variant == variant)
            ).first()
        return (
            Rating() if found is None else Rating(found.rating, found.deviation, found.volatility)
        )

    def of(self, holder: str) -> list[dict[str, Any]]:
        """Every rating of ``holder``, one per variant it has played rated."""
        with self.store.engine.connect() as db:
            rows = db.execute(
                RATINGS.select().where(RATINGS.c.player_id == holder).order_by(RATINGS.c.variant)
            ).fetchall()
        return [_rating_json(row) for row in rows]

    def history(self, holder: str, limit: int = HISTORY) -> list[dict[str, Any]]:
        """The rating of ``holder`` after each of its last ``limit`` rated results, per
        variant that has any, oldest first: ``{"variant", "points": [{"at", "rating",
        "deviation", "table"}]}``; a variant's first point also carries where it started
        (``before``)."""
        query = (
            sa.select(RATING_CHANGES, MATCH_RESULTS.c.finished)
            .select_from(
                RATING_CHANGES.join(
                    MATCH_RESULTS, MATCH_RESULTS.c.table_id == RATING_CHANGES.c.table_id
                )
            )
            .where(RATING_CHANGES.c.player_id == holder)
            .order_by(MATCH_RESULTS.c.finished.desc(), RATING_CHANGES.c.table_id)
            .limit(limit)
        )
        with self.store.engine.connect() as db:
            rows = db.execute(query).fetchall()
        variants: dict[str, list[dict[str, Any]]] = {}
        for row in reversed(rows):
            points = variants.setdefault(row.variant, [])
            if not points:
                points.append(_point(row.finished, row.rating_before, row.deviation_before))
                points[0]["before"] = True
            points.append(_point(row.finished, row.rating_after, row.deviation_after, row.table_id))
        return [{"variant": name, "points": variants[name]} for name in sorted(variants)]

    def leaderboard(self, variant: str, limit: int = 100) -> list[dict[str, Any]]:
        """The rated players and computer levels of ``variant``, best first; provisional
        ratings (deviation above :data:`PROVISIONAL`) after the established ones."""
        provisional = RATINGS.c.deviation > PROVISIONAL
        query = (
            sa.select(RATINGS, PLAYERS.c.name)
            .select_from(RATINGS.outerjoin(PLAYERS, PLAYERS.c.id == RATINGS.c.player_id))
            .where(RATINGS.c.variant == variant)
            .order_by(provisional, RATINGS.c.rating.desc(), RATINGS.c.player_id)
            .limit(limit)
        )
        with self.store.engine.connect() as db:
            rows = db.execute(query).fetchall()
        board = []
        for rank, row in enumerate(rows, 1):
            entry = {"rank": rank, "id": row.player_id, "name": row.name, **_rating_json(row)}
            if (level := level_of(row.player_id)) is not None:
                entry["computer"] = level
            board.append(entry)
        return board

    def unrecorded(self) -> list[str]:
        """Finished match tables whose outcome is not written yet (oldest first)."""
        query = (
            sa.select(TABLES.c.id)
            .select_from(TABLES.outerjoin(MATCH_RESULTS, MATCH_RESULTS.c.table_id == TABLES.c.id))
            .where(
                TABLES.c.status == "over",
                TABLES.c.kind == "match",
                MATCH_RESULTS.c.table_id.is_(None),
            )
            .order_by(TABLES.c.updated)
        )
        with self.store.engine.connect() as db:
            return [row.id for row in db.execute(query)]


def _rating_json(row: Any) -> dict[str, Any]:
    return {
        "variant": row.variant,
        "rating": round(row.rating, 1),
        "deviation": round(row.deviation, 1),
        "volatility": round(row.volatility, 6),
        "provisional": row.deviation > PROVISIONAL,
        "games": row.games,
        "wins": row.wins,
    }


def _point(at: float, rating: float, deviation: float, table: str | None = None) -> dict[str, Any]:
    return {"at": at, "rating": round(rating, 1), "deviation": round(deviation, 1), "table": table}
