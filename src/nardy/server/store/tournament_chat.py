"""Where a tournament's chat is kept (docs/PROTOCOL.md, "Tournament chat").

Lines are numbered 1, 2, 3… within their tournament. A line takes its number while it
holds its tournament's row (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite has one writer),
so lines are committed in the order of their numbers, whichever process writes them: a
reader that has seen line N and asks for the lines after it misses none.

>>> from nardy.server.store.database import Store
>>> from nardy.server.store.tournaments import Tournaments
>>> store = Store("sqlite://")
>>> cup = Tournaments(store).add("Friday", "backgammon", "swiss", "ala", {})
>>> chat = TournamentChat(store)
>>> [chat.say(cup.id, "ala", "Ala", False, text).n for text in ("hi", "gl", "hf")]
[1, 2, 3]
>>> [line.text for line in chat.after(cup.id, 1)]
['gl', 'hf']
>>> [line.n for line in chat.after(cup.id, 0, limit=2)]  # the newest two, oldest first
[2, 3]
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from nardy.server.protocol import refusals
from nardy.server.store.database import Store
from nardy.server.store.tournament_schema import TOURNAMENTS
from nardy.server.store.tournaments import TournamentError

LINES = sa.Table(
    "tournament_chat",
    sa.MetaData(),
    sa.Column("tournament_id", sa.String(32), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("player_id", sa.String(48), nullable=False),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("bot", sa.Boolean, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
"""The chat lines of every tournament (migration 0010)."""

PAGE = 100
"""The most lines one read returns."""


@dataclass(frozen=True)
class ChatLine:
    """One line of a tournament's chat, with its speaker's name as it was then."""

    n: int
    player: str
    name: str
    bot: bool
    text: str
    at: float

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "player": self.player,
            "from": self.name,
            "bot": self.bot,
            "text": self.text,
            "at": self.at,
        }


class TournamentChat:
    """The chat of every tournament, over the site's store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def say(self, tournament_id: str, player: str, name: str, bot: bool, text: str) -> ChatLine:
        """Keep ``text`` as the tournament's next line; :class:`TournamentError` when
        there is no such tournament."""
        held = sa.select(TOURNAMENTS.c.id).where(TOURNAMENTS.c.id == tournament_id)
        mine = LINES.c.tournament_id == tournament_id
        at = time.time()
        following = sa.select(
            sa.literal(tournament_id),
            sa.func.coalesce(sa.func.max(LINES.c.n), 0) + 1,
            sa.literal(player),
            sa.literal(name),
            sa.literal(bot),
            sa.literal(text),
            sa.literal(at),
        ).where(mine)
        columns = ["tournament_id", "n", "player_id", "name", "bot", "text", "at"]
        with self.store.transaction() as db:
            if db.execute(held.with_for_update()).first() is None:
                raise TournamentError(refusals.NO_TOURNAMENT, tournament_id=tournament_id)
            # one statement takes the number and writes the line: SQLite holds its write
            # lock from there to the commit, PostgreSQL the tournament's row
            db.execute(LINES.insert().from_select(columns, following))
            n = db.execute(sa.select(sa.func.max(LINES.c.n)).where(mine)).scalar()
        return ChatLine(int(n or 0), player, name, bot, text, at)

    def after(self, tournament_id: str, after: int, limit: int = PAGE) -> list[ChatLine]:
        """The lines numbered above ``after``: the newest ``limit`` of them, oldest first."""
        query = (
            sa.select(LINES)
            .where(LINES.c.tournament_id == tournament_id, LINES.c.n > after)
            .order_by(LINES.c.n.desc())
            .limit(limit)
        )
        with self.store.engine.connect() as db:
            found = db.execute(query).all()
        return [ChatLine(r.n, r.player_id, r.name, r.bot, r.text, r.at) for r in reversed(found)]
