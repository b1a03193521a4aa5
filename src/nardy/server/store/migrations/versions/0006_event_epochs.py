"""Each event keeps the epoch its writer held the table at (NULL: written by a single
server), so that a table's events tell which process wrote each of them: after a takeover
the epochs of its events never go down.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("events", sa.Column("epoch", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("epoch")
