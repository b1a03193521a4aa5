"""The tournaments' tables: the tournament (with the lease of the process running it),
its players and its pairings (INTERFACES.md §8). Queried in :mod:`.tournaments` and
:mod:`.tournament_chat`."""

from __future__ import annotations

import sqlalchemy as sa

from nardy.server.store.database import METADATA

TOURNAMENTS = sa.Table(
    "tournaments",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("variant", sa.String(32), nullable=False),
    sa.Column("format", sa.String(16), nullable=False),
    sa.Column("creator", sa.String(48), nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("started", sa.Float, nullable=True),
    sa.Column("owner", sa.String(64), nullable=True),
    sa.Column("lease", sa.Float, nullable=False, server_default=sa.text("0")),
    sa.Column("epoch", sa.Integer, nullable=False, server_default=sa.text("0")),
)
"""``owner`` is the process running the tournament until ``lease`` (a time); ``epoch``
counts takeovers, and fences every write of its owner."""
ENTRANTS = sa.Table(
    "tournament_players",
    METADATA,
    sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("player_id", sa.String(48), primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("seed", sa.Float, nullable=False),
    sa.Column("joined", sa.Float, nullable=False),
    sa.Column("left", sa.Float, nullable=True),
    sa.Index("tournament_players_by_player", "player_id"),
)
PAIRINGS = sa.Table(
    "tournament_pairings",
    METADATA,
    sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("board", sa.Integer, primary_key=True),
    sa.Column("first", sa.String(48), nullable=False),
    sa.Column("second", sa.String(48), nullable=True),
    sa.Column("table_id", sa.String(32), nullable=True, index=True),
    sa.Column("winner", sa.String(48), nullable=True),
    sa.Column("paired", sa.Float, nullable=False),
    sa.Column("finished", sa.Float, nullable=True),
)
"""``paired``: when the pairing's round was stored; ``finished``: when its result was."""
