"""The tables' HTTP routes (docs/PROTOCOL.md, HTTP): the lobby's list, creating, joining,
withdrawing and rematching a table, its state, and its record and dice for whoever may
see it. A table by invitation answers only its players and holders of its link."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from nardy.server.http.refused import RefusedRequest
from nardy.server.http.sessions import Sessions
from nardy.server.http.table_socket import may_watch
from nardy.server.http.variants import variant_facts
from nardy.server.protocol import refusals
from nardy.server.site.lobby import Lobby
from nardy.server.site.table_request import TableRequest
from nardy.server.site.throttle import Limits
from nardy.server.store.database import Store
from nardy.server.tables.room import Room
from nardy.server.tables.table import Table

VisibleTable = Callable[[str, Request, str | None], Awaitable[Room]]
"""The table to read (its record, its dice), if this request may see it (else 403)."""


class NewTable(BaseModel):
    variant: str = Field(description="backgammon, long-nardy, dutch or nackgammon")
    settings: dict[str, Any] = Field(default_factory=dict, description="RULES.md S1 settings")
    opponent: str = Field("open", description="open, invite or computer")
    level: str = Field("expert", description="the computer's level")
    seat: int | None = Field(None, description="0 or 1; random when absent")
    clock: dict[str, float | bool] | None = Field(
        None, description="{move, reserve} in seconds, and correspondence: true for a wall clock"
    )
    kind: str = Field("match", description="match, or chouette (backgammon, 3 to 8 seats)")
    participants: int = Field(3, description="chouette seats")
    computers: int = Field(0, description="chouette seats the computer fills")
    rated: bool = Field(False, strict=True, description="rated: only registered players sit")
    time_control: str | None = Field(None, description="a preset of GET /api/time-controls")


class Join(BaseModel):
    invite: str | None = None


def match_table(room: Room) -> Table:
    """The room as a two-player match table (records exist only for those)."""
    if not isinstance(room, Table):
        raise RefusedRequest(400, refusals.RECORDS_MATCH_ONLY)
    return room


@dataclass(frozen=True)
class TableRoutes:
    """The routes of :mod:`this module <nardy.server.http.tables>` over one lobby."""

    store: Store
    lobby: Lobby
    sessions: Sessions
    limits: Limits

    async def check_visible(self, table_id: str, request: Request, invite: str | None) -> None:
        """Refuse a private table to anyone but its players and holders of its invitation."""
        live = self.lobby.tables.get(table_id)
        row = live.row if live is not None else await self.lobby.row(table_id)
        if not may_watch(row, self.sessions.player_of(request), invite):
            raise RefusedRequest(403, refusals.PRIVATE_TABLE)

    async def visible_table(self, table_id: str, request: Request, invite: str | None) -> Room:
        """The table to read (its record, its dice), if this person may see it."""
        await self.check_visible(table_id, request, invite)
        return await self.lobby.readable(table_id)

    def router(self) -> APIRouter:
        router = APIRouter()
        self.lobby_routes(router)
        self.reading_routes(router)
        return router

    def lobby_routes(self, router: APIRouter) -> None:
        """Listing, creating, joining, withdrawing and rematching tables."""
        lobby, store = self.lobby, self.store
        player_of, require_player = self.sessions.player_of, self.sessions.require_player

        @router.get("/api/variants", summary="Every variant's facts, for the browser to draw from")
        def variants() -> list[dict[str, Any]]:
            return variant_facts()

        @router.get("/api/tables", summary="Open tables and your own unfinished ones")
        def tables(request: Request) -> list[dict[str, Any]]:
            return lobby.listing(player_of(request))

        @router.post("/api/tables", summary="Create a table: open, invitation or the computer")
        async def create_table(body: NewTable, request: Request) -> dict[str, Any]:
            player_id = require_player(request)
            name = store.player(player_id).name
            wanted = TableRequest.from_json(body.model_dump())
            await lobby.check_room_for(player_id, wanted, self.limits)
            table = await lobby.create(player_id, name, wanted)
            return {"id": table.id, "invite": table.row.invite, "seat": table.seat_of(player_id)}

        @router.post("/api/tables/{table_id}/join", summary="Sit at an open table")
        async def join(table_id: str, body: Join, request: Request) -> dict[str, Any]:
            player_id = require_player(request)
            name = store.player(player_id).name
            return await lobby.seat(table_id, player_id, name, body.invite)

        @router.post("/api/tables/{table_id}/withdraw", summary="Withdraw your unjoined table")
        async def withdraw(table_id: str, request: Request) -> dict[str, Any]:
            await lobby.withdraw(table_id, require_player(request))
            return {"id": table_id, "status": "withdrawn"}

        @router.post("/api/tables/{table_id}/rematch", summary="A new match for the same players")
        async def rematch(table_id: str, request: Request) -> dict[str, Any]:
            return {"id": await lobby.rematch_id(table_id, require_player(request))}

    def reading_routes(self, router: APIRouter) -> None:
        """A table's state, record (JSON and ``.mat``) and dice."""
        player_of, visible_table = self.sessions.player_of, self.visible_table

        @router.get("/api/tables/{table_id}", summary="A table's state as you see it")
        async def table_state(
            table_id: str, request: Request, invite: str | None = None
        ) -> dict[str, Any]:
            await self.check_visible(table_id, request, invite)
            return await self.lobby.view(table_id, player_of(request))

        @router.get("/api/tables/{table_id}/record", summary="The game record (nardy-record/1)")
        async def record(
            table_id: str, request: Request, invite: str | None = None
        ) -> dict[str, Any]:
            return match_table(await visible_table(table_id, request, invite)).record()

        @router.get("/api/tables/{table_id}/record.mat", summary="The match as Jellyfish .mat")
        async def record_mat(
            table_id: str, request: Request, invite: str | None = None
        ) -> PlainTextResponse:
            from nardy.formats.jellyfish import MatError, write_mat

            table = match_table(await visible_table(table_id, request, invite))
            try:
                text = write_mat(table.match, [table.seat_name(s) or "?" for s in range(2)])
            except MatError as error:  # the format cannot hold every variant or setting
                raise RefusedRequest(400, refusals.NO_MAT, reason=str(error)) from None
            attachment = {"Content-Disposition": f'attachment; filename="{table_id}.mat"'}
            return PlainTextResponse(text, headers=attachment)

        @router.get("/api/tables/{table_id}/dice", summary="Commitment, rolls, and seed at the end")
        async def table_dice(
            table_id: str, request: Request, invite: str | None = None
        ) -> dict[str, Any]:
            return (await visible_table(table_id, request, invite)).dice_info()
