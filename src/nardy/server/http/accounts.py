"""The accounts' routes: guests, registration, logging in and out, and names
(docs/PROTOCOL.md, "Sessions"; docs/DEPLOY.md, "Sign-in protection")."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from nardy.server.http.bots import Registration, registered_bot
from nardy.server.http.sessions import Sessions, address, too_many
from nardy.server.http.table_socket import COOKIE, TableSockets
from nardy.server.protocol import refusals
from nardy.server.site.accounts import AccountError, Accounts, Busy, name_key
from nardy.server.site.lobby import Lobby
from nardy.server.site.throttle import Throttle
from nardy.server.store.database import Store


class Name(BaseModel):
    name: str = Field(min_length=1, max_length=40)


class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=8, max_length=200)


def account_routes(
    store: Store,
    accounts: Accounts,
    sessions: Sessions,
    throttle: Throttle,
    lobby: Lobby,
    sockets: TableSockets,
) -> APIRouter:
    """The routes of ``/api/guest``, ``/api/register``, ``/api/login``, ``/api/logout`` and
    ``/api/me``."""
    routes = APIRouter()

    @routes.post("/api/guest", summary="Play at once as a guest with a chosen name")
    async def guest(body: Name, request: Request, response: Response) -> dict[str, Any]:
        wait = await throttle.sign_in_wait(address(request))
        too_many(wait, refusals.TOO_MANY_NEW_PLAYERS)
        player = await asyncio.to_thread(accounts.guest, body.name)
        await asyncio.to_thread(sessions.start, response, player.id)
        return {"id": player.id, "name": player.name, "registered": False}

    @routes.post("/api/register", summary="Create an account (argon2id password hash)")
    async def register(body: Registration, request: Request, response: Response) -> dict[str, Any]:
        wait = await throttle.sign_in_wait(address(request))
        too_many(wait, refusals.TOO_MANY_NEW_PLAYERS)
        player = await accounts.register(body.name, body.password)
        bot = await asyncio.to_thread(registered_bot, store, player.id, body.bot)
        await throttle.signed_in(name_key(player.name), address(request))
        await asyncio.to_thread(sessions.start, response, player.id)
        return {"id": player.id, "name": player.name, "registered": True, "bot": bot}

    @routes.post("/api/login", summary="Log in to an account")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        try:
            key = name_key(body.name)
        except AccountError:
            raise AccountError(refusals.WRONG_PASSWORD) from None
        usual = await throttle.usual(key, address(request))  # docs/DEPLOY.md, Sign-in protection
        too_many(await throttle.login_wait(key, address(request), usual), refusals.TOO_MANY_LOGINS)
        try:
            player = await accounts.login(body.name, body.password)
        except Busy:
            raise
        except AccountError:
            await throttle.login_failed(key, address(request))
            raise
        await throttle.signed_in(key, address(request))
        await asyncio.to_thread(sessions.start, response, player.id)
        return {"id": player.id, "name": player.name, "registered": True}

    @routes.post("/api/logout", summary="End this session")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        token = request.cookies.get(COOKIE)
        if token:
            await asyncio.to_thread(store.end_session, token)
            await sockets.end_session(token)
        response.delete_cookie(COOKIE)
        return {"ok": True}

    @routes.get("/api/me", summary="Who this session is")
    def me(request: Request) -> dict[str, Any]:
        player_id = sessions.player_of(request)
        if player_id is None:
            return {"id": None}
        player = store.player(player_id)
        return {"id": player.id, "name": player.name, "registered": bool(player.password_hash)}

    @routes.post(
        "/api/me/name", summary="Change your display name (also at your unfinished tables)"
    )
    async def rename(body: Name, request: Request) -> dict[str, Any]:
        player_id = sessions.require_player(request)
        player = await asyncio.to_thread(accounts.rename, player_id, body.name)
        await lobby.rename(player_id, player.name)
        return {"id": player.id, "name": player.name, "registered": bool(player.password_hash)}

    return routes
