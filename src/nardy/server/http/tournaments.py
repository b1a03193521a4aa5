"""Tournaments over HTTP (INTERFACES.md §8): create, join, leave, start, list, read, and
the tournament's chat (docs/PROTOCOL.md, "Tournament chat").

The routes store what people ask for; the director (:mod:`nardy.server.tournaments.director`)
does everything that follows from it — pairing, tables, results.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from nardy.server.http.refused import RefusedRequest
from nardy.server.protocol import refusals
from nardy.server.protocol.chat import CHAT_LENGTH, ChatRefused, chat_text
from nardy.server.protocol.computers import holder_of, is_computer
from nardy.server.site.table_request import TableRequest
from nardy.server.site.throttle import Throttle
from nardy.server.store.bots import is_bot
from nardy.server.store.tournament_chat import TournamentChat
from nardy.server.store.tournaments import TournamentError
from nardy.server.tables.table import TableError
from nardy.server.tournaments.director import Director
from nardy.server.tournaments.views import detailed, listed


class NewTournament(BaseModel):
    name: str = Field(min_length=1, max_length=80)
    variant: str = Field(description="backgammon, long-nardy, dutch or nackgammon")
    format: Literal["swiss", "knockout", "arena"]
    rounds: int = Field(3, ge=1, le=50, description="swiss: rounds to play")
    minutes: float = Field(60, gt=0, le=24 * 60, description="arena: minutes of pairing")
    match_to: int = Field(1, ge=1, le=25, description="each table's match length")
    settings: dict[str, Any] = Field(default_factory=dict, description="other table settings")
    rated: bool = Field(False, strict=True)
    time_control: str | None = Field(None, description="a preset of GET /api/time-controls")
    max_players: int = Field(64, ge=2, le=1024)
    starts_at: datetime | None = Field(None, description="an ISO time to start by itself")
    start_when_full: bool = Field(
        False, strict=True, description="start by itself once max_players have entered"
    )


LAST_LINE = 2**31 - 1
"""The highest line number a chat may reach (the store's integer)."""


class ChatMessage(BaseModel):
    text: str = Field(description=f"what to say: 1 to {CHAT_LENGTH} characters shown")


class Computers(BaseModel):
    level: str = Field("expert", max_length=20)
    count: int = Field(1, ge=1, le=64)


def tournament_routes(
    director: Director,
    player_of: Callable[[Request], str | None],
    throttle: Throttle,
) -> APIRouter:
    """The routes of §8, over ``director`` (and its store and lobby); chat is paced by
    ``throttle`` at the table chat's rate."""
    router = APIRouter(prefix="/api/tournaments", tags=["tournaments"])
    routes = TournamentRoutes(director, player_of, throttle)
    routes.making_routes(router)
    routes.reading_routes(router)
    routes.entry_routes(router)
    routes.chat_routes(router)
    return router


@dataclass(frozen=True)
class TournamentRoutes:
    director: Director
    player_of: Callable[[Request], str | None]
    throttle: Throttle

    def signed_in(self, request: Request) -> str:
        player = self.player_of(request)
        if player is None:
            raise RefusedRequest(401, refusals.SIGN_IN_FIRST)
        return player

    async def existing(self, tournament_id: str) -> Any:
        try:
            return await asyncio.to_thread(self.director.kept.get, tournament_id)
        except TournamentError:
            raise RefusedRequest(404, refusals.NO_TOURNAMENT, tournament_id=tournament_id) from None

    def making_routes(self, router: APIRouter) -> None:
        """Creating and starting a tournament."""
        director, signed_in, existing = self.director, self.signed_in, self.existing
        kept, lobby = director.kept, director.lobby

        @router.post("", status_code=201, summary="Create a tournament (its creator may start it)")
        async def create(body: NewTournament, request: Request) -> dict[str, Any]:
            creator = signed_in(request)
            checked = TableRequest.from_json(
                {
                    "variant": body.variant,
                    "settings": {**body.settings, "match_to": body.match_to},
                    "time_control": body.time_control,
                    "rated": body.rated,
                }
            )
            if body.rated and not await asyncio.to_thread(lobby.ratings.may_rate, creator):
                raise RefusedRequest(400, refusals.RATED_TOURNAMENT_CREATE)
            config = {
                "rounds": body.rounds,
                "minutes": body.minutes,
                "settings": checked.settings,
                "rated": body.rated,
                "clock": checked.clock,
                "time_control": body.time_control,
                "max_players": body.max_players,
                "starts_at": None if body.starts_at is None else body.starts_at.timestamp(),
                "start_when_full": body.start_when_full,
            }
            row = await asyncio.to_thread(
                kept.add,
                body.name,
                body.variant,
                body.format,
                creator,
                config,
                director.name,
                director.lease,
            )
            director.wake.set()
            return {"id": row.id}

        @router.post("/{tournament_id}/start", summary="Start now (its creator)")
        async def start(tournament_id: str, request: Request) -> dict[str, Any]:
            player = signed_in(request)
            row = await existing(tournament_id)
            if row.creator != player:
                raise RefusedRequest(403, refusals.CREATOR_STARTS)
            if row.status != "open":
                raise RefusedRequest(400, refusals.TOURNAMENT_STARTED)
            if len(await asyncio.to_thread(kept.entrants, tournament_id)) < 2:
                raise RefusedRequest(400, refusals.TOO_FEW_PLAYERS)
            await asyncio.to_thread(kept.start, tournament_id)
            director.wake.set()
            return {"id": tournament_id, "status": "running"}

    def reading_routes(self, router: APIRouter) -> None:
        """The list, a player's ready matches and one tournament."""
        kept, player_of = self.director.kept, self.player_of

        @router.get("", summary="Upcoming, running and finished tournaments")
        async def listing() -> dict[str, Any]:
            rows = await asyncio.to_thread(kept.listing)
            return {"tournaments": [listed(row, count) for row, count in rows]}

        @router.get("/ready", summary="Your tournament matches ready to play")
        async def ready(request: Request) -> dict[str, Any]:
            player = player_of(request)
            found = [] if player is None else await asyncio.to_thread(kept.ready_for, player)
            return {"ready": found}

        @router.get("/{tournament_id}", summary="A tournament: players, rounds, standings")
        async def one(tournament_id: str) -> dict[str, Any]:
            try:
                row, rows = await asyncio.to_thread(kept.with_pairings, tournament_id)
            except TournamentError:
                raise RefusedRequest(
                    404, refusals.NO_TOURNAMENT, tournament_id=tournament_id
                ) from None
            entrants = await asyncio.to_thread(kept.entrants, tournament_id)
            return detailed(row, entrants, rows)

    def entry_routes(self, router: APIRouter) -> None:
        """Entering, leaving and filling seats with the computer."""
        director, signed_in, existing = self.director, self.signed_in, self.existing
        kept, lobby = director.kept, director.lobby

        @router.post("/{tournament_id}/join", summary="Enter while entries are open")
        async def join(tournament_id: str, request: Request) -> dict[str, Any]:
            player = signed_in(request)
            row = await existing(tournament_id)
            if row.config.get("rated") and not await asyncio.to_thread(
                lobby.ratings.may_rate, player
            ):
                raise RefusedRequest(400, refusals.RATED_TOURNAMENT_JOIN)
            name = await asyncio.to_thread(lambda: lobby.store.player(player).name)
            await _enter(director, row, player, name)
            director.wake.set()  # the last entrant may start it (``start_when_full``)
            return {"id": tournament_id, "player": player}

        @router.post(
            "/{tournament_id}/leave", summary="Leave: the pairings not yet played are lost"
        )
        async def leave(tournament_id: str, request: Request) -> dict[str, Any]:
            player = signed_in(request)
            await existing(tournament_id)
            if not await asyncio.to_thread(kept.leave, tournament_id, player):
                raise RefusedRequest(400, refusals.NOT_ENTERED)
            director.wake.set()
            return {"id": tournament_id, "player": player}

        @router.post("/{tournament_id}/computers", summary="Fill seats with the computer (creator)")
        async def computers(
            tournament_id: str, body: Computers, request: Request
        ) -> dict[str, Any]:
            player = signed_in(request)
            row = await existing(tournament_id)
            if row.creator != player:
                raise RefusedRequest(403, refusals.CREATOR_ADDS_COMPUTERS)
            lobby.check_level(row.variant, body.level)
            entrants = await asyncio.to_thread(kept.entrants, tournament_id)
            first = 1 + sum(1 for e in entrants if is_computer(e.player))
            for k in range(first, first + body.count):
                holder = holder_of(body.level, k)
                await _enter(director, row, holder, f"computer {k} ({body.level})")
            director.wake.set()
            return {"id": tournament_id, "added": body.count}

    def chat_routes(self, router: APIRouter) -> None:
        """The tournament's chat: anyone signed in says, anyone reads."""
        signed_in, existing, throttle = self.signed_in, self.existing, self.throttle
        store = self.director.lobby.store
        chat = TournamentChat(store)

        @router.post("/{tournament_id}/chat", summary="Say something in the tournament's chat")
        async def say(tournament_id: str, body: ChatMessage, request: Request) -> dict[str, Any]:
            player = signed_in(request)
            try:
                text = chat_text(body.text)
            except ChatRefused as refused:
                raise RefusedRequest.of(400, refused) from None
            if len(text) > CHAT_LENGTH:
                raise RefusedRequest(400, refusals.CHAT_TOO_LONG, limit=CHAT_LENGTH)
            await existing(tournament_id)
            if not await throttle.allow_chat(player):
                raise RefusedRequest(429, refusals.SLOW_DOWN)
            name = await asyncio.to_thread(lambda: store.player(player).name)
            bot = await asyncio.to_thread(is_bot, store, player)
            try:
                line = await asyncio.to_thread(chat.say, tournament_id, player, name, bot, text)
            except TournamentError:
                raise RefusedRequest(
                    404, refusals.NO_TOURNAMENT, tournament_id=tournament_id
                ) from None
            return line.to_json()

        @router.get("/{tournament_id}/chat", summary="The chat's lines after line `after`")
        async def read(
            tournament_id: str, after: int = Query(0, ge=0, le=LAST_LINE)
        ) -> dict[str, Any]:
            await existing(tournament_id)
            lines = await asyncio.to_thread(chat.after, tournament_id, after)
            return {"messages": [line.to_json() for line in lines]}


async def _enter(director: Director, row: Any, player: str, name: str) -> None:
    """Enter ``player`` seeded by their rating in the tournament's variant."""
    seed = await asyncio.to_thread(director.lobby.ratings.current, player, row.variant)
    limit = int(row.config.get("max_players", 64))
    try:
        await asyncio.to_thread(director.kept.join, row.id, player, name, seed.rating, limit)
    except TournamentError as error:
        raise TableError(error.kind, **error.params) from None
