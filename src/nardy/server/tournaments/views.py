"""A tournament as the HTTP API shows it (INTERFACES.md §8)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from nardy.server.protocol.computers import level_of
from nardy.server.store.tournaments import Entrant, PairingRow, TournamentRow
from nardy.server.tournaments.plan import arena_ends, rounds_of
from nardy.server.tournaments.standings import standings


def listed(row: TournamentRow, players: int) -> dict[str, Any]:
    """A tournament's line in the list (``players`` a count)."""
    return {
        "id": row.id,
        "name": row.name,
        "variant": row.variant,
        "format": row.format,
        "status": row.status,
        "players": players,
        "round": row.round,
        "match_to": row.config.get("settings", {}).get("match_to"),
        "starts_at": row.config.get("starts_at"),
    }


def detailed(
    row: TournamentRow, entrants: Sequence[Entrant], rows: Sequence[PairingRow]
) -> dict[str, Any]:
    """Everything about a tournament: its players, rounds and standings."""
    order = [e.player for e in sorted(entrants, key=lambda e: -e.seed)]
    config = row.config
    return {
        "id": row.id,
        "name": row.name,
        "variant": row.variant,
        "format": row.format,
        "status": row.status,
        "round": row.round,
        "creator": row.creator,
        "players": [
            {
                "id": e.player,
                "name": e.name,
                "left": e.left is not None,
                "computer": level_of(e.player),
            }
            for e in entrants
        ],
        "rounds": [
            _round(number, list(group)) for number, group in groupby(rows, lambda r: r.round)
        ],
        "standings": [s.to_json() for s in standings(order, rounds_of(rows))],
        "settings": config.get("settings", {}),
        "match_to": config.get("settings", {}).get("match_to"),
        "rated": bool(config.get("rated")),
        "clock": config.get("clock"),
        "max_players": config.get("max_players"),
        "rounds_planned": config.get("rounds"),
        "minutes": config.get("minutes"),
        "starts_at": config.get("starts_at"),
        "ends_at": arena_ends(row) if row.format == "arena" and row.started else None,
    }


def _round(number: int, rows: list[PairingRow]) -> dict[str, Any]:
    """A round's pairings, when it was paired and when its last result came."""
    ends = [r.finished for r in rows]
    return {
        "round": number,
        "pairings": [_pairing(r) for r in rows],
        "paired_at": min(r.paired for r in rows),
        "finished_at": None if None in ends else max(e for e in ends if e is not None),
    }


def _pairing(row: PairingRow) -> dict[str, Any]:
    table = row.table if row.opened else None  # a table is shown once one can sit at it
    return {"table": table, "players": [row.first, row.second], "winner": row.winner}
