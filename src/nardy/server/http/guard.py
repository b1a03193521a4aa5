"""The door in front of the application: who may send, how much, and what pages may do.

:class:`HttpGuard` is plain ASGI middleware around the FastAPI app. It

- refuses a state-changing request (any method but GET, HEAD and OPTIONS) and a table
  socket's handshake whose ``Origin`` is neither the server's own nor one of the allowed
  origins, so that a page elsewhere (even on a sibling port or subdomain, which shares the
  cookie) cannot act for a signed-in player; clients that send no ``Origin`` (programs,
  not browsers) are let through, since only browsers carry a victim's cookie unasked;
- paces state-changing requests per session and per address (429 beyond the rates);
- bounds every request body (413 beyond the limit, counted as it arrives) and reads JSON
  bodies strictly (422 for NaN, Infinity, lone surrogates or broken JSON), so bad input
  gets a clear answer instead of a 500;
- adds the headers that keep pages of this site from being framed, sniffed or scripted
  from elsewhere (a Content Security Policy that allows only the site's own files) to
  every answer, errors included (a request that fails is answered 500 here, with them),
  and keeps the API's answers out of caches.

:func:`answer_errors` turns the lobby's and the accounts' refusals into 4xx answers.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.requests import cookie_parser

from nardy.server.bots.tokens import TokenRefused
from nardy.server.http.refused import RefusedRequest, refusal_body
from nardy.server.protocol import refusals
from nardy.server.protocol.refusals import Refusal
from nardy.server.protocol.strict_json import JSONRefused, parse
from nardy.server.site.accounts import AccountError, Busy
from nardy.server.site.throttle import Throttle
from nardy.server.tables.room import TableError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The site's own scripts, styles and sockets only; no page may frame it."""

API_DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
"""FastAPI's interactive documentation loads its viewer from a CDN."""

SECURITY_HEADERS = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
)


def normal_origin(origin: str) -> str:
    """``scheme://host[:port]`` in lower case, without the scheme's default port.

    >>> normal_origin("HTTPS://Nardy.Example:443/")
    'https://nardy.example'
    >>> normal_origin("http://127.0.0.1:8000")
    'http://127.0.0.1:8000'
    """
    parts = urlsplit(origin.strip().lower())
    host = parts.hostname or ""
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    default = {"http": 80, "https": 443, "ws": 80, "wss": 443}.get(parts.scheme)
    try:
        port = parts.port
    except ValueError:
        port = None
    netloc = host if port in (None, default) else f"{host}:{port}"
    return f"{parts.scheme}://{netloc}"


def same_host(origin: str, host: str) -> bool:
    """Whether ``origin`` names the server that the request's ``Host`` header names.

    >>> same_host("http://127.0.0.1:8000", "127.0.0.1:8000")
    True
    >>> same_host("https://nardy.example", "nardy.example:443")
    True
    >>> same_host("http://127.0.0.1:8001", "127.0.0.1:8000")
    False
    >>> same_host("null", "127.0.0.1:8000")
    False
    """
    normal = normal_origin(origin)
    scheme, _, netloc = normal.partition("://")
    if scheme not in ("http", "https") or not netloc:
        return False
    return normal_origin(f"{scheme}://{host}") == normal


class HttpGuard:
    """ASGI middleware; see the module docstring."""

    def __init__(
        self,
        app: ASGIApp,
        allowed_origins: tuple[str, ...] = (),
        max_body: int = 1 << 18,
        throttle: Throttle | None = None,
        cookie: str = "nardy_session",
    ) -> None:
        self.app = app
        self.allowed = frozenset(normal_origin(o) for o in allowed_origins)
        self.max_body = max_body
        self.throttle = throttle
        self.cookie = cookie

    def origin_allowed(self, scope: Scope) -> bool:
        headers = _headers(scope)
        origin = headers.get("origin")
        if origin is None:
            return True
        if normal_origin(origin) in self.allowed:
            return True
        return same_host(origin, headers.get("host", ""))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if not self.origin_allowed(scope):
                await receive()  # the websocket.connect message
                await send({"type": "websocket.close", "code": 1008, "reason": "origin"})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        secured = _Secured(send, scope["path"])
        try:
            await self._http(scope, receive, secured)
        except Exception:
            if not secured.started:  # answered here, with the headers; the server logs it
                await _answer(secured, 500, refusals.SERVER_FAILED)
            raise

    async def _http(self, scope: Scope, receive: Receive, secured: Send) -> None:
        if scope["method"] not in SAFE_METHODS and not self.origin_allowed(scope):
            origin = _headers(scope).get("origin")
            await _answer(secured, 403, refusals.ORIGIN_REFUSED, origin=origin)
            return
        if scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, secured)
            return
        if self.throttle is not None and not bot_call(scope):
            session = cookie_parser(_headers(scope).get("cookie", "")).get(self.cookie)
            client = scope.get("client")
            wait = await self.throttle.request_wait(session, client[0] if client else None)
            if wait is not None:
                seconds = int(wait) + 1
                retry = [(b"retry-after", str(seconds).encode())]
                await _answer(secured, 429, refusals.TOO_MANY_REQUESTS, retry, seconds=seconds)
                return
        body = await self._read_body(scope, receive, secured)
        if body is None:
            return
        await self.app(scope, _replay(body, receive), secured)

    async def _read_body(self, scope: Scope, receive: Receive, send: Send) -> bytes | None:
        """The whole request body, or None when it was refused (the answer is sent)."""
        declared = _headers(scope).get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_body:
            await _answer(send, 413, refusals.TOO_LARGE, limit=self.max_body)
            return None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await _answer(send, 413, refusals.TOO_LARGE, limit=self.max_body)
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        content_type = _headers(scope).get("content-type", "")
        if body and _is_json(content_type):
            try:
                parse(body)
            except JSONRefused as error:
                detail = [{"type": "json_invalid", "loc": ["body"], "msg": str(error)}]
                await _send_json(send, 422, {"detail": detail})
                return None
        return body


def bot_call(scope: Scope) -> bool:
    """A call of the Bot API with a token: paced per token by its routes (a bot playing at
    a normal pace is never refused, INTERFACES.md §9), not by the rates of requests."""
    authorization = _headers(scope).get("authorization", "")
    return scope["path"].startswith("/api/bot/") and authorization[:7].lower() == "bearer "


def _is_json(content_type: str) -> bool:
    kind = content_type.split(";", 1)[0].strip().lower()
    return kind == "application/json" or kind.endswith("+json")


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the read body once, then waits on the real one."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


class _Secured:
    """A ``send`` that adds the security headers to every answer (and ``Cache-Control:
    no-store`` to the API's, which are a person's own data), and remembers whether the
    answer has started."""

    def __init__(self, send: Send, path: str) -> None:
        self.send = send
        policy = API_DOCS_POLICY if path in ("/docs", "/redoc") else CONTENT_SECURITY_POLICY
        self.extra = [(b"content-security-policy", policy.encode()), *SECURITY_HEADERS]
        if path.startswith("/api/"):
            self.extra.append((b"cache-control", b"no-store"))
        self.started = False

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started = True
            headers = list(message.get("headers", []))
            present = {name.lower() for name, _ in headers}
            headers.extend((name, value) for name, value in self.extra if name not in present)
            message = {**message, "headers": headers}
        await self.send(message)


async def _answer(
    send: Send,
    status: int,
    kind: Refusal,
    extra: list[tuple[bytes, bytes]] | None = None,
    /,
    **params: Any,
) -> None:
    """Refuse a request here, with the code of its ``kind``."""
    await _send_json(send, status, refusal_body(kind.text(params), kind.code, params), extra)


async def _send_json(
    send: Send, status: int, doc: Any, extra: list[tuple[bytes, bytes]] | None = None
) -> None:
    body = json.dumps(doc).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *(extra or []),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def answer_errors(app: FastAPI) -> None:
    """Answer the lobby's and the accounts' refusals as 400 with their reason and code (503
    with ``Retry-After`` while the password hashing is busy), and a
    :class:`RefusedRequest` or a token's refusal with its code beside FastAPI's ``detail``."""

    @app.exception_handler(TableError)
    async def table_error(_: Request, error: TableError) -> JSONResponse:
        return JSONResponse(refusal_body(str(error), error.code, error.params), status_code=400)

    @app.exception_handler(AccountError)
    async def account_error(_: Request, error: AccountError) -> JSONResponse:
        body = refusal_body(str(error), error.code, error.params)
        if isinstance(error, Busy):
            return JSONResponse(body, status_code=503, headers={"Retry-After": "2"})
        return JSONResponse(body, status_code=400)

    async def refused(_: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RefusedRequest | TokenRefused)
        body = refusal_body(error.detail, error.code, error.params)
        return JSONResponse(body, status_code=error.status_code, headers=error.headers)

    app.add_exception_handler(RefusedRequest, refused)
    app.add_exception_handler(TokenRefused, refused)
