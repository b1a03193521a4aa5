"""Account names are unique: a key per registered name, enforced by the database.

The key is the name in Unicode compatibility form, case-folded (``accounts.name_key``).
Where concurrent registrations once made several accounts of one name, the oldest keeps
the name; the later ones keep their games but can no longer log in under it.

Revision ID: 0004
Revises: 0003
"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _key(name: str) -> str:
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    return unicodedata.normalize("NFKC", cleaned).casefold()


def upgrade() -> None:
    op.add_column("players", sa.Column("account", sa.String(160), nullable=True))
    players = sa.table(
        "players",
        sa.column("id", sa.String),
        sa.column("name", sa.String),
        sa.column("password_hash", sa.String),
        sa.column("created", sa.Float),
        sa.column("account", sa.String),
    )
    db = op.get_bind()
    registered = db.execute(
        sa.select(players.c.id, players.c.name)
        .where(players.c.password_hash.is_not(None))
        .order_by(players.c.created, players.c.id)
    ).fetchall()
    seen: set[str] = set()
    for player_id, name in registered:
        key = _key(name)
        if key in seen:
            continue
        seen.add(key)
        db.execute(players.update().where(players.c.id == player_id).values(account=key))
    op.create_index("players_by_account", "players", ["account"], unique=True)


def downgrade() -> None:
    op.drop_index("players_by_account", "players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("account")
