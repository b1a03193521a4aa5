"""Each table counts its takeovers: the fence behind several processes' leases.

A process that takes a table over raises ``tables.epoch`` before it reads the events, and
every event it writes is refused once another process has raised it again.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tables", sa.Column("epoch", sa.Integer, nullable=False, server_default=sa.text("0"))
    )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("epoch")
