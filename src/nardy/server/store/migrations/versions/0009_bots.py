"""Bot accounts and their personal access tokens (INTERFACES.md §9): ``players.bot`` marks
an account registered as a bot; ``tokens`` keeps each token's SHA-256 digest, never the
token, with its last use and, once revoked, when.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "players", sa.Column("bot", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.create_table(
        "tokens",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False, unique=True),
        sa.Column("label", sa.String(60), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=True),
        sa.Column("revoked", sa.Float, nullable=True),
    )
    op.create_index("tokens_by_player", "tokens", ["player_id"])


def downgrade() -> None:
    op.drop_index("tokens_by_player", "tokens")
    op.drop_table("tokens")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("bot")
