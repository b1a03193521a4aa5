"""What a player asks for when creating a table (docs/PROTOCOL.md, "Variants": ``POST
/api/tables``), checked in one place: the table routes, the Bot API and a tournament's
settings all read a request through :meth:`TableRequest.from_json`, which refuses what it
cannot honour with a message a person understands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nardy.rules.errors import NardyError
from nardy.rules.settings import Settings
from nardy.server.protocol import refusals
from nardy.server.protocol.strict_json import is_number, is_whole
from nardy.server.tables.clock import preset_named
from nardy.server.tables.table import TableError
from nardy.variants import VARIANTS, variant_named

OPPONENTS = ("open", "invite", "computer")
RATED_CLOCK = "slow"
"""The time control of a rated match between people created without one: a player who
stalls loses on time (docs/PROTOCOL.md, "Aborted matches and withdrawn tables")."""


@dataclass(frozen=True)
class TableRequest:
    """What a player asks for when creating a table."""

    variant: str
    settings: dict[str, Any]
    opponent: str = "open"
    level: str = "expert"
    seat: int | None = None
    clock: dict[str, Any] | None = None
    participants: int = 2
    """Seats at a chouette table (three or more); 2 for a match."""
    computers: int = 0
    """Chouette seats the computer fills."""
    rated: bool = False
    """Whether the match changes its players' ratings (registered players and the
    computer only, matches to a number of points only)."""

    @classmethod
    def from_json(cls, doc: Any) -> TableRequest:
        if not isinstance(doc, dict):
            raise TableError(refusals.REQUEST_OBJECT)
        variant = doc.get("variant")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise TableError(
                refusals.UNKNOWN_VARIANT, variant=variant, variants=", ".join(VARIANTS)
            )
        opponent = doc.get("opponent", "open")
        if opponent not in OPPONENTS:
            raise TableError(refusals.OPPONENTS, opponents=", ".join(OPPONENTS))
        settings = doc.get("settings") or {}
        if not isinstance(settings, dict):
            raise TableError(refusals.SETTINGS_OBJECT)
        try:
            checked = Settings.for_variant(variant_named(variant), settings)
        except NardyError as error:
            raise TableError.of(error) from None
        seat = doc.get("seat")
        if seat is not None and not (is_whole(seat) and seat in (0, 1)):
            raise TableError(refusals.SEAT_FIELD)
        clock = doc.get("clock")
        if clock is not None:
            if not isinstance(clock, dict) or not all(
                is_number(clock.get(k)) and 0 < clock[k] <= 3600 for k in ("move", "reserve")
            ):
                raise TableError(refusals.CLOCK_FIELDS)
            if clock.get("correspondence", False) not in (True, False):
                raise TableError(refusals.CORRESPONDENCE_FLAG)
            by_days = {"correspondence": True} if clock.get("correspondence") else {}
            clock = {"move": float(clock["move"]), "reserve": float(clock["reserve"]), **by_days}
        if doc.get("time_control") is not None:  # a preset (clock.py)
            clock = preset_named(doc["time_control"]).clock(checked.match_to)
        if opponent == "computer" and not (clock or {}).get("correspondence"):
            clock = None  # no live clock against the computer; correspondence for practice
        participants, computers = 2, 0
        if doc.get("kind", "match") == "chouette":
            participants, computers = doc.get("participants", 3), doc.get("computers", 0)
            if not is_whole(participants) or not 3 <= participants <= 8:
                raise TableError(refusals.CHOUETTE_SIZE)
            if not is_whole(computers) or not 0 <= computers < participants:
                raise TableError(refusals.CHOUETTE_COMPUTERS)
            if not variant_named(variant).chouette or settings.get("match_to"):
                raise TableError(refusals.CHOUETTE_MONEY)
            clock = None
        rated = doc.get("rated", False)
        if not isinstance(rated, bool):
            raise TableError(refusals.RATED_FLAG)
        if rated and (participants > 2 or not checked.match_to):
            raise TableError(refusals.RATED_MATCHES)
        if rated and clock is None and opponent != "computer":
            clock = preset_named(RATED_CLOCK).clock(checked.match_to)  # nobody stalls it
        level = str(doc.get("level", "expert"))
        return cls(variant, settings, opponent, level, seat, clock, participants, computers, rated)
