"""Who a request with ``Authorization: Bearer TOKEN`` comes from (INTERFACES.md §9).

:class:`Bearer` is the one place a token is read: the routes that take a session cookie
take a token through it too (``POST /api/tables``, joins, tournament entries), and the
Bot API's routes require one. A missing, wrong or revoked token is 401; each of a token's
Bot API calls waits its turn under the token's rate, so a bot is slowed, never refused,
for its pace. A refusal here carries its code (docs/PROTOCOL.md, "Refusals").
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from fastapi import HTTPException, Request

from nardy.server.protocol import refusals
from nardy.server.protocol.refusals import Refusal
from nardy.server.site.throttle import Throttle
from nardy.server.store import bots as stored
from nardy.server.store.database import Store

SCHEME = "bearer"


@dataclass(frozen=True)
class Caller:
    """A request's token and the account it belongs to."""

    token: str
    """The token's id (not the token)."""
    player: str


def bearer_secret(request: Request) -> str | None:
    """The token a request carries, if it carries one."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, secret = header.partition(" ")
    if scheme.lower() != SCHEME or not secret.strip():
        raise unauthorized(refusals.BEARER_FORM)
    return secret.strip()


class TokenRefused(HTTPException):
    """A request refused for its token (401, naming the scheme asked for) or for the
    account it names (403), with the ``code`` of its kind and no values to name."""

    def __init__(self, status: int, kind: Refusal) -> None:
        headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
        super().__init__(status, kind.message, headers)
        self.code = kind.code
        self.params: dict[str, object] = {}


def unauthorized(kind: Refusal) -> TokenRefused:
    return TokenRefused(401, kind)


class Bearer:
    """Token authentication, shared by every route that accepts a token."""

    def __init__(self, store: Store, throttle: Throttle) -> None:
        self.store = store
        self.throttle = throttle

    def caller(self, request: Request) -> Caller | None:
        """The token's holder; None without a token; 401 for a wrong or revoked one."""
        secret = bearer_secret(request)
        if secret is None:
            return None
        found = stored.token_holder(self.store, secret)
        if found is None:
            raise unauthorized(refusals.BAD_TOKEN)
        return Caller(*found)

    def player(self, request: Request) -> str | None:
        """The account a token names (for routes that take a session or a token)."""
        caller = self.caller(request)
        return None if caller is None else caller.player

    async def bot(self, request: Request) -> Caller:
        """The bot account calling the Bot API, after its call's turn under its rate
        (a FastAPI dependency)."""
        address = request.client.host if request.client else None
        if bearer_secret(request) is None:
            await self.throttle.pace_bot(f"address:{address}")
            raise unauthorized(refusals.TOKEN_NEEDED)
        try:
            caller = await asyncio.to_thread(self.caller, request)
        except TokenRefused:
            await self.throttle.pace_bot(f"address:{address}")  # guessing is slowed
            raise
        assert caller is not None
        await self.throttle.pace_bot(caller.token)
        if not await asyncio.to_thread(stored.is_bot, self.store, caller.player):
            raise TokenRefused(403, refusals.NOT_A_BOT)
        return caller

    def live(self, caller: Caller) -> bool:
        """Whether the caller's token still holds (it may be revoked meanwhile)."""
        return stored.token_live(self.store, caller.token)
