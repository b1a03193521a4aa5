"""Bot accounts and personal access tokens in the store (INTERFACES.md §9).

A token is shown once, when it is made, and kept only as its SHA-256 digest. A token is
32 random bytes (:func:`secrets.token_urlsafe`), so nobody can guess one or search for it
from its digest: a fast hash is the right one here, unlike passwords, which are short and
need a slow hash (argon2id). Looking a token up is then a single indexed read.

>>> from nardy.server.store.database import Store
>>> store = Store("sqlite://")
>>> ala = store.add_player("Ala")
>>> mark_bot(store, ala.id)
>>> bot_seats(store, [ala.id, "computer:expert", None])
[True, False, False]
>>> made, secret = add_token(store, ala.id, "my bot")
>>> token_holder(store, secret) == (made.id, ala.id)
True
>>> revoke_token(store, ala.id, made.id), token_holder(store, secret)
(True, None)
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from nardy.server.store.database import SEATINGS, TABLES, Store, new_id

TOKENS = sa.Table(
    "tokens",
    sa.MetaData(),
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("player_id", sa.String(32), nullable=False),
    sa.Column("digest", sa.String(64), nullable=False, unique=True),
    sa.Column("label", sa.String(60), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("last_used", sa.Float, nullable=True),
    sa.Column("revoked", sa.Float, nullable=True),
)
"""Personal access tokens (migration 0007)."""
PLAYER_KINDS = sa.table("players", sa.column("id", sa.String), sa.column("bot", sa.Boolean))
"""The column of ``players`` that marks a bot account (migration 0007)."""

USE_PRECISION = 60.0
"""Seconds a token's recorded last use may lag behind: a busy bot writes it about once a
minute, not at every call."""


@dataclass(frozen=True)
class TokenRow:
    """A token as its owner sees it (never the token itself)."""

    id: str
    label: str
    created: float
    last_used: float | None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": self.label,
            "created": self.created,
            "last_used": self.last_used,
        }


def digest(secret: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def mark_bot(store: Store, player_id: str) -> None:
    """Make ``player_id`` a bot account."""
    query = PLAYER_KINDS.update().where(PLAYER_KINDS.c.id == player_id).values(bot=True)
    with store.transaction() as db:
        db.execute(query)
    _known(store)[player_id] = True


def is_bot(store: Store, player_id: str | None) -> bool:
    """Whether ``player_id`` is a bot account (remembered per process: an account's kind
    never changes once it has played)."""
    if player_id is None or ":" in player_id:  # an empty seat, the computer
        return False
    known = _known(store)
    found = known.get(player_id)
    if found is None:
        query = sa.select(PLAYER_KINDS.c.bot).where(PLAYER_KINDS.c.id == player_id)
        with store.engine.connect() as db:
            found = bool(db.execute(query).scalar())
        known[player_id] = found
    return found


def bot_seats(store: Store, seats: list[str | None]) -> list[bool]:
    """For each seat, whether a bot sits there."""
    return [is_bot(store, holder) for holder in seats]


_KINDS: dict[int, dict[str, bool]] = {}


def _known(store: Store) -> dict[str, bool]:
    return _KINDS.setdefault(id(store.engine), {})


TOKEN_PREFIX = "nardy_"
"""The start of every token made since 2026-12-06: a token is recognisable where it leaks
(a log, a paste), and never begins with "-", which a command line reads as an option
(``nardy bot --token -x…`` failed for one token in 64). Older tokens stay valid."""


def add_token(store: Store, player_id: str, label: str) -> tuple[TokenRow, str]:
    """A new token for ``player_id``: its row and the token, which is not kept."""
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    row = TokenRow(new_id(), label, time.time(), None)
    values = {"id": row.id, "player_id": player_id, "label": label, "created": row.created}
    with store.transaction() as db:
        db.execute(TOKENS.insert().values(digest=digest(secret), **values))
    return row, secret


def token_holder(store: Store, secret: str) -> tuple[str, str] | None:
    """``(token id, player id)`` of a live token, noting its use; None for an unknown or
    revoked one."""
    query = sa.select(TOKENS.c.id, TOKENS.c.player_id, TOKENS.c.last_used).where(
        TOKENS.c.digest == digest(secret), TOKENS.c.revoked.is_(None)
    )
    with store.engine.connect() as db:
        found = db.execute(query).first()
    if found is None:
        return None
    now = time.time()
    if found.last_used is None or now - found.last_used > USE_PRECISION:
        with store.transaction() as db:
            db.execute(TOKENS.update().where(TOKENS.c.id == found.id).values(last_used=now))
    return str(found.id), str(found.player_id)


def token_live(store: Store, token_id: str) -> bool:
    """Whether the token ``token_id`` exists and is not revoked."""
    query = sa.select(TOKENS.c.id).where(TOKENS.c.id == token_id, TOKENS.c.revoked.is_(None))
    with store.engine.connect() as db:
        return db.execute(query).first() is not None


def tokens(store: Store, player_id: str) -> list[TokenRow]:
    """The player's live tokens, newest first."""
    query = (
        sa.select(TOKENS)
        .where(TOKENS.c.player_id == player_id, TOKENS.c.revoked.is_(None))
        .order_by(TOKENS.c.created.desc())
    )
    with store.engine.connect() as db:
        found = db.execute(query).all()
    return [TokenRow(r.id, r.label, r.created, r.last_used) for r in found]


def revoke_token(store: Store, player_id: str, token_id: str) -> bool:
    """Revoke one of the player's tokens; False if it has no such live token."""
    query = (
        TOKENS.update()
        .where(
            TOKENS.c.id == token_id,
            TOKENS.c.player_id == player_id,
            TOKENS.c.revoked.is_(None),
        )
        .values(revoked=time.time())
    )
    with store.transaction() as db:
        return db.execute(query).rowcount == 1


def seated_tables(store: Store, player_id: str, over_since: float) -> list[tuple[str, str]]:
    """``(table id, status)`` of the tables where ``player_id`` sits that are being played,
    or that ended at or after ``over_since`` (Unix time)."""
    query = (
        sa.select(TABLES.c.id, TABLES.c.status)
        .join(SEATINGS, SEATINGS.c.table_id == TABLES.c.id)
        .where(
            SEATINGS.c.player_id == player_id,
            (TABLES.c.status == "playing")
            | ((TABLES.c.status == "over") & (TABLES.c.updated >= over_since)),
        )
        .order_by(TABLES.c.created)
    )
    with store.engine.connect() as db:
        return [(str(r.id), str(r.status)) for r in db.execute(query)]
