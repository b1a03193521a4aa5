"""A table's match in other programs' formats (INTERFACES.md §10; docs/PROTOCOL.md,
"Records"): GNU Backgammon's ``.sgf``, with the table's review marked the way gnubg marks
its own, and the XGID and gnubg ID of every position to copy.

The routes read a table through the same check as its record (``visible_table``), so
who may see a record may see these.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse

from nardy.server.http.refused import RefusedRequest
from nardy.server.protocol import refusals
from nardy.server.site.reviews import Reviews
from nardy.server.tables.room import Room
from nardy.server.tables.table import Table

VisibleTable = Callable[[str, Request, str | None], Awaitable[Room]]


def export_routes(visible_table: VisibleTable, reviews: Reviews) -> APIRouter:
    """The routes, given how to read a table a person may see and the reviews."""
    routes = APIRouter()

    async def match_of(table_id: str, request: Request, invite: str | None) -> Table:
        room = await visible_table(table_id, request, invite)
        if not isinstance(room, Table):
            raise RefusedRequest(400, refusals.RECORDS_MATCH_ONLY)
        return room

    @routes.get("/api/tables/{table_id}/record.sgf", summary="The match as GNU Backgammon .sgf")
    async def record_sgf(
        table_id: str, request: Request, invite: str | None = None
    ) -> PlainTextResponse:
        from nardy.formats.sgf import SgfError, write_sgf

        table = await match_of(table_id, request, invite)
        row = await reviews.state(table_id)
        review = json.loads(row.result or "null") if row and row.status == "done" else None
        try:
            text = write_sgf(table.match, [table.seat_name(s) or "?" for s in range(2)], review)
        except SgfError as error:  # backgammon and nackgammon only
            raise RefusedRequest(400, refusals.NO_SGF, reason=str(error)) from None
        return PlainTextResponse(
            text, headers={"Content-Disposition": f'attachment; filename="{table_id}.sgf"'}
        )

    @routes.get("/api/tables/{table_id}/positions", summary="Each position's XGID and gnubg ID")
    async def record_positions(
        table_id: str, request: Request, invite: str | None = None
    ) -> dict[str, Any]:
        from nardy.formats.match_positions import position_ids

        return {"games": position_ids((await match_of(table_id, request, invite)).match)}

    return routes
