"""Tournaments, their players and their pairings (INTERFACES.md §8).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
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
    op.create_table(
        "tournament_players",
        sa.Column(
            "tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("player_id", sa.String(48), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("seed", sa.Float, nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
        sa.Column("left", sa.Float, nullable=True),
    )
    op.create_table(
        "tournament_pairings",
        sa.Column(
            "tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("first", sa.String(48), nullable=False),
        sa.Column("second", sa.String(48), nullable=True),
        sa.Column("table_id", sa.String(32), nullable=True, index=True),
        sa.Column("winner", sa.String(48), nullable=True),
        sa.Column("paired", sa.Float, nullable=False),
        sa.Column("finished", sa.Float, nullable=True),
    )
    op.create_index("tournament_players_by_player", "tournament_players", ["player_id"])


def downgrade() -> None:
    op.drop_table("tournament_pairings")
    op.drop_table("tournament_players")
    op.drop_table("tournaments")
