"""A player's history as the store keeps it: the tables they sat at, with how each ended and
the rating it changed, and their results counted per variant (``GET
/api/players/{id}/games`` and ``GET /api/players/{id}``, :mod:`nardy.server.http.history`)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from nardy.server.store.database import SEATINGS, TABLES, Store
from nardy.server.store.ratings import MATCH_RESULTS, RATING_CHANGES


def tables_of(
    store: Store, player_id: str, viewer: str | None, limit: int, offset: int
) -> list[Any]:
    """The rows of the tables ``player_id`` sat at, newest first, each with its seat, its
    result and the player's rating before and after it. Others (``viewer``) do not see the
    player's private (invitation) tables at all."""
    condition = SEATINGS.c.player_id == player_id
    if viewer != player_id:
        condition &= TABLES.c.invite.is_(None)
    joined = (
        SEATINGS.join(TABLES, TABLES.c.id == SEATINGS.c.table_id)
        .outerjoin(MATCH_RESULTS, MATCH_RESULTS.c.table_id == TABLES.c.id)
        .outerjoin(
            RATING_CHANGES,
            (RATING_CHANGES.c.table_id == TABLES.c.id)
            & (RATING_CHANGES.c.player_id == SEATINGS.c.player_id),
        )
    )
    query = (
        sa.select(
            TABLES,
            SEATINGS.c.seat,
            MATCH_RESULTS.c.winner,
            MATCH_RESULTS.c.score,
            MATCH_RESULTS.c.finished,
            RATING_CHANGES.c.rating_before,
            RATING_CHANGES.c.rating_after,
        )
        .select_from(joined)
        .where(condition)
        .order_by(TABLES.c.created.desc(), TABLES.c.id)
        .limit(limit)
        .offset(offset)
    )
    with store.engine.connect() as db:
        return list(db.execute(query).fetchall())


def results_of(store: Store, player_id: str) -> tuple[dict[str, tuple[int, int]], int]:
    """The matches ``player_id`` finished with a winner, as (played, won) per variant, and
    how many of their tables are unfinished."""
    won = sa.case((MATCH_RESULTS.c.winner == SEATINGS.c.seat, 1), else_=0)
    query = (
        sa.select(
            MATCH_RESULTS.c.variant,
            sa.func.count().label("games"),
            sa.func.sum(won).label("wins"),
        )
        .select_from(SEATINGS.join(MATCH_RESULTS, MATCH_RESULTS.c.table_id == SEATINGS.c.table_id))
        .where(SEATINGS.c.player_id == player_id, MATCH_RESULTS.c.winner.is_not(None))
        .group_by(MATCH_RESULTS.c.variant)
    )
    unfinished = (
        sa.select(sa.func.count())
        .select_from(SEATINGS.join(TABLES, TABLES.c.id == SEATINGS.c.table_id))
        .where(SEATINGS.c.player_id == player_id, TABLES.c.status != "over")
    )
    with store.engine.connect() as db:
        counts = {row.variant: (row.games, int(row.wins or 0)) for row in db.execute(query)}
        playing = int(db.execute(unfinished).scalar_one())
    return counts, playing


def finished_public_matches(store: Store) -> list[str]:
    """The ids of the public (not invitation) match tables that ended with a winner, in
    the order they ended: what a site may hand out for study and training. Private tables
    and withdrawn or aborted ones are left out."""
    query = (
        sa.select(TABLES.c.id)
        .select_from(TABLES.join(MATCH_RESULTS, MATCH_RESULTS.c.table_id == TABLES.c.id))
        .where(
            TABLES.c.kind == "match",
            TABLES.c.invite.is_(None),
            MATCH_RESULTS.c.winner.is_not(None),
        )
        .order_by(MATCH_RESULTS.c.finished, TABLES.c.id)
    )
    with store.engine.connect() as db:
        return [row.id for row in db.execute(query)]
