"""Account keys become the names' confusable skeletons (``nardy.server.store.names``), so that
"Аlice" with a Cyrillic А is the same name as "Alice".

Where the old rule let look-alike names make several accounts, the oldest keeps the name,
as in revision 0004; the later ones keep their games but can no longer log in under it.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

from nardy.server.store.names import name_key

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def _cleaned(name: str) -> str:
    return " ".join("".join(ch for ch in name if ch.isprintable()).split())


def upgrade() -> None:
    players = sa.table(
        "players",
        sa.column("id", sa.String),
        sa.column("name", sa.String),
        sa.column("created", sa.Float),
        sa.column("account", sa.String),
    )
    db = op.get_bind()
    registered = db.execute(
        sa.select(players.c.id, players.c.name)
        .where(players.c.account.is_not(None))
        .order_by(players.c.created, players.c.id)
    ).fetchall()
    db.execute(players.update().where(players.c.account.is_not(None)).values(account=None))
    seen: set[str] = set()
    for player_id, name in registered:
        key = name_key(_cleaned(name))
        if key in seen:
            continue
        seen.add(key)
        db.execute(players.update().where(players.c.id == player_id).values(account=key))


def downgrade() -> None:
    """The keys stay skeletons: still unique, only stricter than the old ones."""
