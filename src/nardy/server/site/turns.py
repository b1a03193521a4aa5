"""Your turn by correspondence: every table with a correspondence clock (days a move,
:mod:`nardy.server.tables.clock`) at which the player is to act, with its deadline —
``GET /api/me/turns`` (docs/PROTOCOL.md, "Correspondence").

Built from the store (:mod:`nardy.server.store.turns`), where each such table keeps the
seat to act and its deadline with its last move, so any process answers for every table,
wherever it is held.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from nardy.server.protocol.computers import level_of
from nardy.server.store.database import Store, TableRow
from nardy.server.store.turns import correspondence_tables_of, last_stamps
from nardy.server.tables.clock import is_correspondence


class Turn(BaseModel):
    """One correspondence table waiting for your move."""

    table: str = Field(description="the table's id")
    variant: str
    match_to: int = Field(description="points to win; 0 for money play or an open series")
    opponent: str | None = Field(description="the other player's name")
    opponent_computer: str | None = Field(
        None, description="the computer's level when the other player is the computer"
    )
    rated: bool
    deadline: float = Field(description="when your time runs out, in seconds since 1970 (UTC)")
    left: float = Field(description="seconds left when this answer was made")


class Turns(BaseModel):
    """The reply of ``GET /api/me/turns``: soonest deadline first."""

    turns: list[Turn]


def turns_of(store: Store, player_id: str, now: float) -> Turns:
    """The correspondence tables where ``player_id`` is to act at ``now`` (seconds since
    1970), soonest deadline first."""
    rows = [
        row
        for row in correspondence_tables_of(store, player_id)
        if is_correspondence(row.options) and player_id in row.seats
    ]
    stamps = last_stamps(store, [row.id for row in rows])
    found = []
    for row in rows:
        stamp = stamps.get(row.id)
        seat = row.seats.index(player_id)
        if stamp is None or stamp["actor"] != seat or stamp["deadline"] is None:
            continue
        deadline = float(stamp["deadline"])
        found.append(_turn(row, seat, deadline, max(0.0, deadline - now)))
    return Turns(turns=sorted(found, key=lambda turn: turn.deadline))


def _turn(row: TableRow, seat: int, deadline: float, left: float) -> Turn:
    other = row.seats[1 - seat]
    names: dict[str, str] = row.options.get("names", {})
    return Turn(
        table=row.id,
        variant=row.variant,
        match_to=int(row.settings.get("match_to", 0) or 0),
        opponent=None if other is None else names.get(other, other),
        opponent_computer=level_of(other),
        rated=bool(row.options.get("rated")),
        deadline=deadline,
        left=left,
    )
