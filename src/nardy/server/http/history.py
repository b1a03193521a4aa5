"""Every player's games, profiles and the leaderboards, over HTTP.

The routes only read: the lobby writes seatings when tables are made or joined, and the
outcome and ratings when a match ends (:mod:`nardy.server.store.ratings`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import APIRouter, Query, Request

from nardy.rules.variant import MAT
from nardy.server.http.refused import RefusedRequest
from nardy.server.protocol import refusals
from nardy.server.protocol.computers import is_computer, level_of
from nardy.server.store.bots import is_bot
from nardy.server.store.database import Store, StoreError
from nardy.server.store.history import results_of, tables_of
from nardy.server.store.ratings import Ratings
from nardy.server.tables.clock import PRESETS
from nardy.server.tables.room import Room
from nardy.server.tables.table import Table
from nardy.variants import VARIANTS


def games_of(
    store: Store,
    player_id: str,
    *,
    viewer: str | None,
    live: Mapping[str, Room],
    limit: int = 50,
    offset: int = 0,
) -> list[dict[str, Any]]:
    """The tables ``player_id`` sat at, newest first: finished and unfinished, with how
    each ended and the rating it changed. Others do not see the player's private
    (invitation) tables at all, finished or not: a private table is private on every
    route."""
    rows = tables_of(store, player_id, viewer, limit, offset)
    return [_game(row, live.get(row.id)) for row in rows]


def _game(row: Any, room: Room | None) -> dict[str, Any]:
    seats: list[str | None] = json.loads(row.seats)
    options: dict[str, Any] = json.loads(row.options)
    settings: dict[str, Any] = json.loads(row.settings)
    names: dict[str, str] = options.get("names", {})
    over = row.status == "over"
    score = json.loads(row.score) if row.score else None
    if score is None and isinstance(room, Table):
        score = list(room.match.score)
    match = row.kind == "match"
    links: dict[str, str] = {"table": f"/#/table/{row.id}"}
    if match:
        links["record"] = f"/api/tables/{row.id}/record"
        if _mat_possible(row.variant, settings):
            links["mat"] = f"/api/tables/{row.id}/record.mat"
    if match and over:
        links["replay"] = f"/#/replay/{row.id}"
        links["review"] = f"/#/review/{row.id}"
    change = None
    if row.rating_before is not None:
        change = {"before": round(row.rating_before, 1), "after": round(row.rating_after, 1)}
    return {
        "id": row.id,
        "variant": row.variant,
        "kind": row.kind,
        "settings": settings,
        "players": [_holder(holder, names) for holder in seats],
        "seat": row.seat,
        "status": "aborted" if options.get("aborted") else row.status,
        "created": row.created,
        "finished": row.finished,
        "score": score,
        "winner": row.winner,
        "won": None if row.winner is None else row.winner == row.seat,
        "rated": bool(options.get("rated")),
        "clock": options.get("clock"),
        "rating_change": change,
        "links": links,
    }


def _holder(holder: str | None, names: Mapping[str, str]) -> dict[str, Any] | None:
    if holder is None:
        return None
    entry: dict[str, Any] = {"id": holder, "name": names.get(holder, holder)}
    if (level := level_of(holder)) is not None:
        entry["computer"] = level
    return entry


def _mat_possible(variant: str, settings: Mapping[str, Any]) -> bool:
    """Whether a .mat file can hold this match (see :func:`nardy.formats.jellyfish.write_mat`)."""
    rules = VARIANTS.get(variant)
    return (
        rules is not None
        and MAT in rules.formats
        and not settings.get("auto_doubles")
        and settings.get("backgammon_value", 3) == 3
    )


def profile(store: Store, ratings: Ratings, player_id: str) -> dict[str, Any]:
    """A player's (or a computer level's) page: matches and wins per variant, ratings."""
    if is_computer(player_id):
        identity: dict[str, Any] = {
            "id": player_id,
            "name": None,
            "computer": level_of(player_id),
            "registered": False,
        }
    else:
        try:
            player = store.player(player_id)
        except StoreError:
            raise RefusedRequest(404, refusals.NO_PLAYER, player_id=player_id) from None
        identity = {"id": player.id, "name": player.name, "registered": bool(player.password_hash)}
        identity["bot"] = is_bot(store, player.id)  # INTERFACES.md §9
    counts, playing = results_of(store, player_id)
    rated = {entry["variant"]: entry for entry in ratings.of(player_id)}
    variants = []
    for name in VARIANTS:
        games, wins = counts.get(name, (0, 0))
        if games or name in rated:
            variants.append(
                {"variant": name, "games": games, "wins": wins, "rating": rated.get(name)}
            )
    return {
        **identity,
        "games": sum(games for games, _ in counts.values()),
        "wins": sum(wins for _, wins in counts.values()),
        "unfinished": playing,
        "variants": variants,
    }


def history_routes(
    store: Store,
    ratings: Ratings,
    live: Mapping[str, Room],
    viewer: Callable[[Request], str | None],
) -> APIRouter:
    """The HTTP routes of this module."""
    router = APIRouter()

    @router.get("/api/players/{player_id}", summary="A player's profile: games, wins, ratings")
    def player_profile(player_id: str) -> dict[str, Any]:
        return profile(store, ratings, player_id)

    @router.get("/api/players/{player_id}/games", summary="A player's matches, newest first")
    def player_games(
        player_id: str,
        request: Request,
        limit: int = Query(50, ge=1, le=200),
        offset: int = Query(0, ge=0),
    ) -> list[dict[str, Any]]:
        return games_of(
            store, player_id, viewer=viewer(request), live=live, limit=limit, offset=offset
        )

    @router.get("/api/players/{player_id}/ratings", summary="A player's rating after each result")
    def rating_history(player_id: str) -> dict[str, Any]:
        if not is_computer(player_id):
            try:
                store.player(player_id)
            except StoreError:
                raise RefusedRequest(404, refusals.NO_PLAYER, player_id=player_id) from None
        return {"id": player_id, "variants": ratings.history(player_id)}

    @router.get("/api/ratings/{variant}", summary="The leaderboard of a variant")
    def leaderboard(variant: str, limit: int = Query(100, ge=1, le=500)) -> dict[str, Any]:
        if variant not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise RefusedRequest(404, refusals.UNKNOWN_VARIANT, variant=variant, variants=known)
        players = ratings.leaderboard(variant, limit)
        for entry in players:  # INTERFACES.md §9: a bot's name is shown with a mark
            if is_bot(store, entry["id"]):
                entry["bot"] = True
        return {"variant": variant, "players": players}

    @router.get("/api/time-controls", summary="The time-control presets a table may use")
    def time_controls() -> list[dict[str, Any]]:
        return [control.to_json() for control in PRESETS.values()]

    return router
