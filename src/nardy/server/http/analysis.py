"""The HTTP side of studying games: a table's review, hints at the table, and the analysis
of a position given by itself (docs/PROTOCOL.md, "Reviews, hints and analysis").

The engine's work for hints and positions runs in the engine pool, apart from play,
through :class:`~nardy.server.http.engine_desk.EngineDesk` (paced, queued fairly, bounded in
cost, cancelled when its client goes, never for a rated match's live decision); reviews
run in the same pool in the background (:mod:`nardy.server.site.reviews`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from nardy.rules.errors import NardyError
from nardy.server.http.engine_desk import EngineDesk
from nardy.server.http.refused import RefusedRequest
from nardy.server.http.table_socket import may_watch
from nardy.server.protocol import refusals
from nardy.server.site.lobby import Lobby
from nardy.server.site.reviews import Reviews
from nardy.server.tables.chouette import ChouetteTable
from nardy.server.tables.room import TableError
from nardy.server.tables.table import Table

MAX_PLY = 2
"""The deepest look a hint or a position's analysis may ask for."""


class PositionQuery(BaseModel):
    position: dict[str, Any] | None = Field(
        None, description="a position JSON (INTERFACES.md §1), its dice optional"
    )
    position_id: str | None = Field(None, description="a gnubg Position ID (backgammon)")
    text: str | None = Field(
        None,
        description="an XGID, a gnubg ID or a pasted .mat or .sgf match (its latest play);"
        " its cube, score and dice replace the fields below",
    )
    dice: list[int] | None = Field(None, description="two dice; without: the cube decision")
    ply: int | None = Field(None, description="how many rolls ahead (0 to 2)")
    match_to: int = Field(0, description="0 for money play, else the match length")
    score: list[int] = Field(default_factory=lambda: [0, 0], description="roller's first")
    cube: int = Field(1, description="the cube's value")
    owner: str = Field("centred", description="centred, roller or opponent")
    crawford: bool = Field(False, description="this is the Crawford game")
    games: int = Field(144, description="a rollout's games: 36, 72, 144, 216 or 324")


def router(
    lobby: Lobby,
    reviews: Reviews,
    ply: int,
    player_of: Callable[[Request], Any],
    desk: EngineDesk,
) -> APIRouter:
    """The routes, given the lobby, the reviews, the default ply, how to tell who asks
    and the engine's desk."""
    routes = AnalysisRoutes(lobby, reviews, min(ply, MAX_PLY), player_of, desk)
    answer = APIRouter()
    routes.review_routes(answer)
    routes.hint_route(answer)
    routes.position_routes(answer)
    return answer


def finished_games(table: Table) -> int:
    return sum(1 for game in table.match.games if game.result is not None)


@dataclass(frozen=True)
class AnalysisRoutes:
    lobby: Lobby
    reviews: Reviews
    depth: int
    """How deep hints and positions look unless asked otherwise."""
    player_of: Callable[[Request], Any]
    desk: EngineDesk

    async def match_table(self, table_id: str, request: Request, invite: str | None) -> Table:
        """The match to study, if this person may see it (a private table: its players
        and holders of its invitation, docs/PROTOCOL.md "Limits and access")."""
        room = await self.lobby.readable(table_id)
        if not may_watch(room.row, self.player_of(request), invite):
            raise RefusedRequest(403, refusals.PRIVATE_TABLE)
        if not isinstance(room, Table):
            raise RefusedRequest(400, refusals.REVIEWS_MATCH_ONLY)
        return room

    async def review_state(self, table: Table) -> dict[str, Any]:
        row = await self.reviews.state(table.id)
        games = finished_games(table)
        doc: dict[str, Any] = {"table": table.id, "games": games, "status": "none"}
        if row is None:
            return doc
        doc.update(
            status=row.status,
            analysed=row.games,
            ply=row.ply,
            progress={"done": row.done, "total": row.total},
        )
        if row.status == "done":
            doc["review"] = json.loads(row.result or "null")
            if row.games < games:
                doc["status"] = "stale"  # games finished since: ask again for all of them
        elif row.status == "failed":
            doc["error"] = row.error
        return doc

    def review_routes(self, routes: APIRouter) -> None:
        match_table, review_state = self.match_table, self.review_state

        @routes.get(
            "/api/tables/{table_id}/review",
            summary="A table's review: its state, progress and, once done, the analysis",
        )
        async def get_review(
            table_id: str, request: Request, invite: str | None = None
        ) -> dict[str, Any]:
            return await review_state(await match_table(table_id, request, invite))

        @routes.post(
            "/api/tables/{table_id}/review",
            summary="Ask for the review of a table's finished games (once, in the background)",
        )
        async def ask_review(
            table_id: str, request: Request, invite: str | None = None
        ) -> dict[str, Any]:
            table = await match_table(table_id, request, invite)
            games = finished_games(table)
            if not games:
                raise RefusedRequest(400, refusals.NO_FINISHED_GAME)
            await self.reviews.request(table.id, games)
            return await review_state(table)

    def hint_route(self, routes: APIRouter) -> None:
        desk = self.desk

        @routes.get(
            "/api/tables/{table_id}/hint",
            summary="The engine's advice for your decision now (practice and computer games)",
        )
        async def get_hint(
            table_id: str, request: Request, ply: int | None = None
        ) -> dict[str, Any]:
            await desk.pace(request)
            room = await self.lobby.readable(table_id)
            if isinstance(room, ChouetteTable):
                return await self.chouette_hint(room, request, ply)
            table = await self.match_table(table_id, request, None)
            seat = table.seat_of(self.player_of(request))
            if seat is None:
                raise RefusedRequest(400, refusals.HINTS_PLAYERS_ONLY)
            if not table.hints_allowed():
                raise RefusedRequest(400, refusals.HINTS_NOT_ALLOWED)
            if table.is_over():
                raise RefusedRequest(400, refusals.MATCH_OVER)
            return await self.hint(request, table.n, table.record(), seat, ply)

    async def hint(
        self, request: Request, n: int, record: dict[str, Any], side: int, ply: int | None
    ) -> dict[str, Any]:
        """The engine's hint for ``side`` of ``record``, at version ``n`` of its table."""
        depth = _ply(ply, default=self.depth)
        answer = await self.desk.answer(request, ("hint", record, side, depth))
        return {**answer, "n": n}

    async def chouette_hint(
        self, room: ChouetteTable, request: Request, ply: int | None
    ) -> dict[str, Any]:
        """A hint at a chouette, for a participant with only computers beside them."""
        who = room.seat_of(self.player_of(request))
        if who is None:
            raise RefusedRequest(400, refusals.HINTS_PLAYERS_ONLY)
        if not room.hints_allowed(who):
            raise RefusedRequest(400, refusals.CHOUETTE_HINTS)
        try:
            record, side = room.hint_record(who)
        except TableError as error:
            raise RefusedRequest.of(400, error) from None
        return await self.hint(request, room.n, record, side, ply)

    def position_routes(self, routes: APIRouter) -> None:
        desk = self.desk

        @routes.post(
            "/api/analyse",
            summary="Ranked plays of a position and dice, or its cube decision without dice",
        )
        async def analyse_position_route(query: PositionQuery, request: Request) -> dict[str, Any]:
            from nardy.formats.position_json import position_to_json

            await desk.pace(request)
            query = _with_text(query)
            position, dice, settings = _read_position(query)
            depth = _ply(query.ply, default=self.depth)
            stakes = _stakes(query)
            desk.check_cost(position, ply=depth)
            await desk.refuse_live(position, dice)
            values = settings.to_json(position.variant)
            job = ("analyse", position_to_json(position, dice), depth, values, stakes)
            return await desk.answer(request, job)

        @routes.post(
            "/api/rollout",
            summary="Roll a position out: cubeless chances and equity with standard errors",
        )
        async def rollout_route(query: PositionQuery, request: Request) -> dict[str, Any]:
            from nardy.analysis.position import ROLLOUT_GAMES
            from nardy.formats.position_json import position_to_json

            await desk.pace(request)
            position, dice, _ = _read_position(_with_text(query))
            if query.games not in ROLLOUT_GAMES:
                sizes = ", ".join(map(str, ROLLOUT_GAMES))
                raise RefusedRequest(400, refusals.ROLLOUT_GAMES, sizes=sizes)
            desk.check_cost(position, games=query.games)
            await desk.refuse_live(position, dice)
            job = ("rollout", position_to_json(position, dice), query.games)
            return await desk.answer(request, job)


def _stakes(query: PositionQuery) -> dict[str, Any]:
    """The cube and score of a position's query, or a 400 saying what is wrong."""
    score = [*query.score, 0, 0][:2]
    if query.owner not in ("centred", "roller", "opponent"):
        raise RefusedRequest(400, refusals.CUBE_OWNER)
    if query.cube not in (1, 2, 4, 8, 16, 32, 64):
        raise RefusedRequest(400, refusals.CUBE_VALUE)
    if query.match_to and not all(0 <= s < query.match_to for s in score):
        raise RefusedRequest(400, refusals.SCORE_BELOW_LENGTH)
    return {"cube": query.cube, "owner": query.owner, "score": score, "crawford": query.crawford}


def _ply(asked: int | None, default: int) -> int:
    if asked is None:
        return default
    if not 0 <= asked <= MAX_PLY:
        raise RefusedRequest(400, refusals.PLY_RANGE, most=MAX_PLY)
    return asked


def _with_text(query: PositionQuery) -> PositionQuery:
    """The query with its pasted ``text`` read into the position and its state."""
    from nardy.formats.position_json import position_to_json
    from nardy.formats.position_text import read_position_or_match

    if query.text is None:
        return query
    if query.position is not None or query.position_id is not None:
        raise RefusedRequest(400, refusals.ONE_OF_THREE)
    try:
        state = read_position_or_match(query.text)
    except NardyError as error:
        raise unreadable(error) from None
    me, owner = state.on_roll, state.owner
    return query.model_copy(
        update={
            "text": None,
            "position": position_to_json(state.position),
            "dice": list(state.dice) if state.dice else query.dice,
            "match_to": state.match_to,
            "score": [state.score[me], state.score[1 - me]],
            "cube": state.cube,
            "owner": "centred" if owner is None else "roller" if owner == me else "opponent",
            "crawford": state.crawford,
        }
    )


def _read_position(query: PositionQuery) -> tuple[Any, Any, Any]:
    """The position, dice and settings a query names, or a 400 saying what is wrong."""
    from nardy.formats.gnubg_id import position_from_id
    from nardy.formats.position_json import position_from_json
    from nardy.rules.plays import check_dice
    from nardy.rules.settings import Settings

    if (query.position is None) == (query.position_id is None):
        raise RefusedRequest(400, refusals.ONE_OF_TWO)
    try:
        if query.position is not None:
            position, dice = position_from_json(query.position)
        else:
            position, dice = position_from_id(str(query.position_id).strip()), None
        if query.dice is not None:
            if len(query.dice) != 2:
                raise RefusedRequest(400, refusals.TWO_DICE)
            dice = (query.dice[0], query.dice[1])
            check_dice(dice)
        if position.off == (15, 15):
            raise RefusedRequest(400, refusals.BOTH_BORNE_OFF)
        values: dict[str, Any] = {"match_to": query.match_to}
        if query.match_to and "crawford" in position.variant.setting_names:
            values["crawford"] = True
        settings = Settings.for_variant(position.variant, values)
    except (NardyError, ValueError) as error:
        raise unreadable(error) from None
    return position, dice, settings


def unreadable(error: Exception) -> RefusedRequest:
    """The refusal of a position that could not be read, and why (``params.reason``)."""
    return RefusedRequest(400, refusals.UNREADABLE_POSITION, reason=str(error))
