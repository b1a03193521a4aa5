"""A tournament's chat (docs/PROTOCOL.md, "Tournament chat"): each line numbered from 1
within its tournament, with the name and bot mark of who said it as they were then.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournament_chat",
        sa.Column(
            "tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("player_id", sa.String(48), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("bot", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_chat")
