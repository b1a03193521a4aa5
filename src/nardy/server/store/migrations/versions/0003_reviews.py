"""Reviews: each finished match's analysis, queued, claimed by one server process at a time
(a lease it renews while it works) and stored once done.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
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
    op.create_index("reviews_by_status", "reviews", ["status"])


def downgrade() -> None:
    op.drop_index("reviews_by_status", "reviews")
    op.drop_table("reviews")
