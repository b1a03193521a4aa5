"""Who is asking: the session cookie, the address, and the 429 answer every route gives.

>>> from nardy.server.protocol.refusals import TOO_MANY_NEW_PLAYERS as NEW_PLAYERS
>>> too_many(None, NEW_PLAYERS)  # no wait: nothing happens
>>> try:
...     too_many(1.5, NEW_PLAYERS)
... except RefusedRequest as error:
...     print(error.status_code, error.code, error.headers)
...     print(error.detail)
429 too_many_new_players {'Retry-After': '2'}
too many new players from your address; try again in 2 seconds
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Request, Response

from nardy.server.http.refused import RefusedRequest
from nardy.server.http.table_socket import COOKIE
from nardy.server.protocol import refusals
from nardy.server.protocol.refusals import Refusal
from nardy.server.store.database import Store

YEAR = 60 * 60 * 24 * 365
"""How long the session cookie lasts, in seconds."""


class Sessions:
    """The session cookie: who a request comes from, and starting a session. Without a
    cookie, ``otherwise`` may name the player (a bot's token, INTERFACES.md §9)."""

    def __init__(
        self,
        store: Store,
        secure_cookies: bool,
        otherwise: Callable[[Request], str | None] | None = None,
    ) -> None:
        self.store = store
        self.secure_cookies = secure_cookies
        self.otherwise = otherwise

    def player_of(self, request: Request) -> str | None:
        """The player this request's session (or token) belongs to, if any."""
        token = request.cookies.get(COOKIE)
        if token:
            return self.store.session_player(token)
        return self.otherwise(request) if self.otherwise else None

    def require_player(self, request: Request) -> str:
        """The player this request's session belongs to; 401 without one."""
        player = self.player_of(request)
        if player is None:
            raise RefusedRequest(401, refusals.SIGN_IN_FIRST)
        return player

    def start(self, response: Response, player_id: str) -> None:
        """A new session for ``player_id``, its cookie set on ``response``."""
        token = self.store.add_session(player_id)
        response.set_cookie(
            COOKIE,
            token,
            httponly=True,
            samesite="lax",
            secure=self.secure_cookies,
            max_age=YEAR,
        )


def address(request: Request) -> str | None:
    """The address a request comes from (a named proxy's ``X-Forwarded-For`` included)."""
    return request.client.host if request.client else None


def too_many(wait: float | None, kind: Refusal) -> None:
    """Answer 429 with ``Retry-After`` when a rate says to wait ``wait`` seconds (``kind``
    names the rate, its message the ``seconds``)."""
    if wait is not None:
        seconds = int(wait) + 1
        raise RefusedRequest(429, kind, {"Retry-After": str(seconds)}, seconds=seconds)
