"""The Bot API's routes (INTERFACES.md §9; docs/PROTOCOL.md, "The Bot API"): personal
access tokens, a bot's event stream, its table streams and its commands.

Tokens are made, listed and revoked by the account's owner, signed in with a session (a
token cannot make tokens). The ``/api/bot/`` routes take a bot account's token alone and
answer a refusal as ``{"type": "error", "message"}``, as a socket would.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, Field

from nardy.server.bots.events import Revocations, Watch, event_lines
from nardy.server.bots.tables import BotTables, Refused
from nardy.server.bots.tokens import Bearer, Caller, TokenRefused
from nardy.server.http.refused import RefusedRequest
from nardy.server.http.table_socket import COOKIE
from nardy.server.protocol import bot_api, refusals
from nardy.server.site.table_request import TableRequest
from nardy.server.store import bots as stored
from nardy.server.store.database import Store

__all__ = ["Bearer", "BotTables", "Registration", "bot_routes", "registered_bot"]
"""What the wiring (``app.py``) takes from here."""

NDJSON = "application/x-ndjson"
STREAM_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
"""Nothing between the server and the bot may keep a stream's lines back."""


class Registration(BaseModel):
    """``POST /api/register``'s body: an account, a bot's with ``"bot": true``."""

    name: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=8, max_length=200)
    bot: bool = Field(False, strict=True, description="a bot account (INTERFACES.md §9)")


def registered_bot(store: Store, player_id: str, bot: bool) -> bool:
    """Mark a newly registered account as a bot when it asked to be one; whether it is."""
    if bot:
        stored.mark_bot(store, player_id)
    return stored.is_bot(store, player_id)


class Challenge(BaseModel):
    """A person's challenge to a bot: the table's variant and settings (as ``POST
    /api/tables``); the bot takes the other seat at once."""

    variant: str
    settings: dict[str, Any] = Field(default_factory=dict)
    seat: int | None = None
    clock: dict[str, float] | None = None
    rated: bool = Field(False, strict=True)
    time_control: str | None = None


class NewToken(BaseModel):
    label: str = Field(default="bot", min_length=1, max_length=60)


def refused(
    status: int, message: str, headers: dict[str, str] | None = None, code: str | None = None
) -> JSONResponse:
    answer = bot_api.refusal(message, code)
    return JSONResponse(dict(answer), status_code=status, headers=headers)


def table_refused(refusal: Refused) -> JSONResponse:
    """The answer to a stream or command the tables refused: its code and params too."""
    error = refusal.refused
    answer = bot_api.refusal(str(error), error.code, error.params)
    return JSONResponse(dict(answer), status_code=refusal.status)


def bot_routes(store: Store, bearer: Bearer, tables: BotTables) -> APIRouter:
    """The routes: tokens, "Play this bot", and the bot's streams and commands."""
    routes = BotRoutes(store, bearer, tables, Revocations())
    router = APIRouter()
    routes.token_routes(router)
    routes.challenge_route(router)
    routes.stream_routes(router)
    return router


@dataclass(frozen=True)
class BotRoutes:
    store: Store
    bearer: Bearer
    tables: BotTables
    revocations: Revocations

    def account(self, request: Request) -> str:
        """The signed-in account (a session's, never a token's)."""
        session = request.cookies.get(COOKIE)
        player_id = self.store.session_player(session) if session else None
        if player_id is None:
            raise RefusedRequest(401, refusals.ACCOUNT_FIRST)
        if self.store.player(player_id).password_hash is None:
            raise RefusedRequest(403, refusals.TOKENS_FOR_ACCOUNTS)
        return player_id

    async def bot(self, request: Request) -> Caller | JSONResponse:
        """The bot a token belongs to, or the refusal to answer."""
        try:
            return await self.bearer.bot(request)
        except TokenRefused as error:
            headers = dict(error.headers or {})
            return refused(error.status_code, str(error.detail), headers, code=error.code)

    def ndjson(self, lines: AsyncIterator[str], watch: Watch) -> StreamingResponse:
        async def body() -> AsyncIterator[str]:
            try:
                async for line in lines:
                    yield line
            finally:
                self.revocations.forget(watch)

        return StreamingResponse(body(), media_type=NDJSON, headers=STREAM_HEADERS)

    def token_routes(self, router: APIRouter) -> None:
        store, account = self.store, self.account

        @router.post("/api/tokens", summary="A personal access token, shown this once")
        def new_token(request: Request, body: NewToken | None = None) -> dict[str, Any]:
            label = " ".join((body or NewToken()).label.split()) or "bot"
            row, secret = stored.add_token(store, account(request), label)
            return {"token": secret, **row.to_json()}

        @router.get("/api/tokens", summary="Your tokens (never the tokens themselves)")
        def list_tokens(request: Request) -> dict[str, Any]:
            return {"tokens": [row.to_json() for row in stored.tokens(store, account(request))]}

        @router.delete("/api/tokens/{token_id}", summary="Revoke a token: its calls end at once")
        def revoke(token_id: str, request: Request) -> dict[str, Any]:
            if not stored.revoke_token(store, account(request), token_id):
                raise RefusedRequest(404, refusals.NO_TOKEN)
            self.revocations.revoked(token_id)
            return {"ok": True}

    def challenge_route(self, router: APIRouter) -> None:
        store, lobby = self.store, self.tables.lobby

        @router.post("/api/bots/{bot_id}/challenge", summary="Play this bot: a table with it")
        async def challenge(bot_id: str, body: Challenge, request: Request) -> dict[str, Any]:
            session = request.cookies.get(COOKIE)
            player_id = store.session_player(session) if session else self.bearer.player(request)
            if player_id is None:
                raise RefusedRequest(401, refusals.SIGN_IN_FIRST)
            if not await asyncio.to_thread(stored.is_bot, store, bot_id):
                raise RefusedRequest(404, refusals.NO_BOT, bot_id=bot_id)
            if bot_id == player_id:
                raise RefusedRequest(400, refusals.SELF_CHALLENGE)
            wanted = TableRequest.from_json({**body.model_dump(), "opponent": "invite"})
            await lobby.check_room_for(player_id, wanted, self.tables.throttle.limits)
            name = (await asyncio.to_thread(store.player, player_id)).name
            table = await lobby.create(player_id, name, wanted)
            bot_name = (await asyncio.to_thread(store.player, bot_id)).name
            await lobby.seat(table.id, bot_id, bot_name, table.row.invite)
            return {"id": table.id, "invite": table.row.invite, "seat": table.seat_of(player_id)}

    def stream_routes(self, router: APIRouter) -> None:
        store, tables, bot = self.store, self.tables, self.bot

        def watch(caller: Caller) -> Watch:
            return self.revocations.watch(caller.token, lambda: self.bearer.live(caller))

        @router.get("/api/bot/events", summary="NDJSON: the bot's tables starting and finishing")
        async def events(request: Request) -> Any:
            caller = await bot(request)
            if isinstance(caller, JSONResponse):
                return caller
            watching = watch(caller)
            return self.ndjson(event_lines(store, caller.player, watching.stop), watching)

        @router.get("/api/bot/tables/{table_id}/stream", summary="NDJSON: the table's states")
        async def stream(table_id: str, request: Request) -> Any:
            caller = await bot(request)
            if isinstance(caller, JSONResponse):
                return caller
            watching = watch(caller)
            address = request.client.host if request.client else None
            try:
                lines = await tables.stream(table_id, caller.player, address, watching.stop)
            except Refused as refusal:
                self.revocations.forget(watching)
                return table_refused(refusal)
            return self.ndjson(lines, watching)

        @router.post("/api/bot/tables/{table_id}/command", summary="One command of the socket")
        async def command(table_id: str, request: Request) -> Any:
            caller = await bot(request)
            if isinstance(caller, JSONResponse):
                return caller
            try:
                text = (await request.body()).decode("utf-8")
            except UnicodeDecodeError:
                return refused(
                    400, "send the command as JSON text in UTF-8", code=refusals.BAD_MESSAGE
                )
            name = (await asyncio.to_thread(store.player, caller.player)).name
            address = request.client.host if request.client else None
            try:
                return await tables.command(table_id, caller.player, name, address, text)
            except Refused as refusal:
                return table_refused(refusal)
