"""``GET /api/me/turns``: the correspondence tables where it is your move
(docs/PROTOCOL.md, "Correspondence")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from fastapi import APIRouter, Request

from nardy.server.clock import Clock
from nardy.server.site.turns import Turns, turns_of
from nardy.server.store.database import Store


def turn_routes(store: Store, require_player: Callable[[Request], str], clock: Clock) -> APIRouter:
    router = APIRouter()

    @router.get(
        "/api/me/turns",
        response_model=Turns,
        summary="Your correspondence tables waiting for your move, soonest deadline first",
    )
    async def my_turns(request: Request) -> Turns:
        player_id = require_player(request)
        return await asyncio.to_thread(turns_of, store, player_id, clock.now())

    return router
