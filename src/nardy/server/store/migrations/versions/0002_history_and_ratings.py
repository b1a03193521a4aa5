"""Game history and ratings: who sat at which table, how each match ended, and each
player's Glicko-2 rating per variant with the change every rated match made.

Revision ID: 0002
Revises: 0001
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    seatings = op.create_table(
        "seatings",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(48), nullable=False),
    )
    op.create_index("seatings_by_player", "seatings", ["player_id"])
    op.create_table(
        "match_results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("winner", sa.Integer, nullable=True),
        sa.Column("score", sa.Text, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(48), primary_key=True),
        sa.Column("variant", sa.String(32), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ratings_by_variant", "ratings", ["variant", "rating"])
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("player_id", sa.String(48), primary_key=True),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("rating_before", sa.Float, nullable=False),
        sa.Column("deviation_before", sa.Float, nullable=False),
        sa.Column("rating_after", sa.Float, nullable=False),
        sa.Column("deviation_after", sa.Float, nullable=False),
    )
    # The seats of tables made before this revision; their results are worked out when
    # the server next starts (it replays every finished table without one).
    rows = op.get_bind().execute(sa.text("SELECT id, seats FROM tables")).fetchall()
    taken = [
        {"table_id": table_id, "seat": seat, "player_id": holder}
        for table_id, seats in rows
        for seat, holder in enumerate(json.loads(seats))
        if holder is not None
    ]
    if taken:
        op.bulk_insert(seatings, taken)


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_index("ratings_by_variant", "ratings")
    op.drop_table("ratings")
    op.drop_table("match_results")
    op.drop_index("seatings_by_player", "seatings")
    op.drop_table("seatings")
