"""The ASGI application: HTTP for the lobby and accounts, WebSocket for the tables.

:func:`create_app` receives everything it depends on, so tests can build an app on a
throw-away database and the command line on the real one.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from nardy.analysis import DEFAULT_PLY
from nardy.server import defaults, wire
from nardy.server import dice as dice_service
from nardy.server.accounts import AccountError, Accounts
from nardy.server.analysis_routes import router as analysis_router
from nardy.server.broker import Broker
from nardy.server.cluster import RemoteConnection, Site
from nardy.server.dice_routes import dice_routes
from nardy.server.history import history_routes
from nardy.server.lobby import AgentFactory, Lobby, TableRequest
from nardy.server.replies import Replies
from nardy.server.reviews import Reviews
from nardy.server.room import Room
from nardy.server.rules_pages import rules_routes
from nardy.server.store import Store
from nardy.server.table import Table, TableError
from nardy.server.variant_facts import variant_facts

COOKIE = "nardy_session"
MAX_MESSAGE = 4096
"""Largest WebSocket message accepted, in bytes."""


@dataclass(frozen=True)
class ServerConfig:
    """Settings of one server."""

    grace: float = defaults.GRACE
    """Seconds a disconnected player keeps their seat before losing on time."""
    bot_delay: float = defaults.BOT_DELAY
    """Seconds the computer waits before each decision (so people can follow); tests set 0."""
    secure_cookies: bool = False
    """Send the session cookie only over HTTPS (set behind a TLS proxy)."""
    analysis_ply: int = DEFAULT_PLY
    """How deep the reviews of finished matches, hints and position analyses look."""
    entropy_wait: float = defaults.ENTROPY_WAIT
    """Seconds a game's first roll waits for the seated players' contributions to its
    dice (0: it does not wait; tests whose clients send none)."""


class Name(BaseModel):
    name: str = Field(min_length=1, max_length=40)


class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=8, max_length=200)


class NewTable(BaseModel):
    variant: str = Field(description="backgammon, long-nardy, dutch or nackgammon")
    settings: dict[str, Any] = Field(default_factory=dict, description="RULES.md S1 settings")
    opponent: str = Field("open", description="open, invite or computer")
    level: str = Field("expert", description="the computer's level")
    seat: int | None = Field(None, description="0 or 1; random when absent")
    clock: dict[str, float] | None = Field(None, description="{move, reserve} in seconds")
    kind: str = Field("match", description="match, or chouette (backgammon, 3 to 8 seats)")
    participants: int = Field(3, description="chouette seats")
    computers: int = Field(0, description="chouette seats the computer fills")
    rated: bool = Field(False, strict=True, description="rated: only registered players sit")
    time_control: str | None = Field(None, description="a preset of GET /api/time-controls")


class Join(BaseModel):
    invite: str | None = None


class DiceCheck(BaseModel):
    seed: str
    commitment: str
    rolls: list[list[int]]


def default_agents(variant: str, level: str) -> Any:
    """The computer at a seat: the shipped network at ``level``."""
    from nardy.bot.agents.table import table_agent

    return table_agent(variant, level)


def create_app(
    store: Store,
    config: ServerConfig | None = None,
    agents: AgentFactory | None = None,
    broker: Broker | None = None,
) -> FastAPI:
    """The nardy server on ``store``; with a ``broker``, one of several processes serving
    the same site (INTERFACES.md §6, :mod:`nardy.server.cluster`)."""
    config = config or ServerConfig()
    lobby = Lobby(
        store, agents or default_agents, config.grace, config.bot_delay, config.entropy_wait
    )
    accounts = Accounts(store)
    site = None if broker is None else Site(broker, lobby)
    if site is not None:
        lobby.site = site
        site.handle = lambda table, connection, name, text: handle_message(
            table, connection, name, text, lobby
        )

    async def finished_record(table_id: str) -> dict[str, Any]:
        return match_table(await lobby.readable(table_id)).record()

    reviews = Reviews(store, finished_record, config.analysis_ply)

    async def queue_review(table: Table) -> None:
        await reviews.request(table.id, sum(1 for g in table.match.games if g.result))

    lobby.finish_hooks.append(queue_review)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if site is None:
            await lobby.resume_all()
        else:
            await site.start()
            await lobby.record_missing()
        reviews.start()
        yield
        await reviews.stop()
        if site is not None:
            await site.stop()
        for table in lobby.tables.values():
            if table.timer is not None:
                table.timer.cancel()

    app = FastAPI(
        title="nardy",
        summary="Backgammon, long nardy and Dutch backgammon online",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.lobby = lobby

    def player_of(request: Request) -> str | None:
        token = request.cookies.get(COOKIE)
        return store.session_player(token) if token else None

    def require_player(request: Request) -> str:
        player = player_of(request)
        if player is None:
            raise HTTPException(401, "sign in first: play as a guest or log in")
        return player

    def start_session(response: Response, player_id: str) -> None:
        token = store.add_session(player_id)
        response.set_cookie(
            COOKIE,
            token,
            httponly=True,
            samesite="lax",
            secure=config.secure_cookies,
            max_age=60 * 60 * 24 * 365,
        )

    @app.exception_handler(TableError)
    async def table_error(_: Request, error: TableError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=400)

    @app.exception_handler(AccountError)
    async def account_error(_: Request, error: AccountError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=400)

    # -- players

    @app.post("/api/guest", summary="Play at once as a guest with a chosen name")
    def guest(body: Name, response: Response) -> dict[str, Any]:
        player = accounts.guest(body.name)
        start_session(response, player.id)
        return {"id": player.id, "name": player.name, "registered": False}

    @app.post("/api/register", summary="Create an account (argon2id password hash)")
    def register(body: Credentials, response: Response) -> dict[str, Any]:
        player = accounts.register(body.name, body.password)
        start_session(response, player.id)
        return {"id": player.id, "name": player.name, "registered": True}

    @app.post("/api/login", summary="Log in to an account")
    def login(body: Credentials, response: Response) -> dict[str, Any]:
        player = accounts.login(body.name, body.password)
        start_session(response, player.id)
        return {"id": player.id, "name": player.name, "registered": True}

    @app.post("/api/logout", summary="End this session")
    def logout(request: Request, response: Response) -> dict[str, Any]:
        token = request.cookies.get(COOKIE)
        if token:
            store.end_session(token)
        response.delete_cookie(COOKIE)
        return {"ok": True}

    @app.get("/api/me", summary="Who this session is")
    def me(request: Request) -> dict[str, Any]:
        player_id = player_of(request)
        if player_id is None:
            return {"id": None}
        player = store.player(player_id)
        return {"id": player.id, "name": player.name, "registered": bool(player.password_hash)}

    @app.post("/api/me/name", summary="Change your display name (also at your unfinished tables)")
    async def rename(body: Name, request: Request) -> dict[str, Any]:
        player_id = require_player(request)
        player = await asyncio.to_thread(accounts.rename, player_id, body.name)
        await lobby.rename(player_id, player.name)
        return {"id": player.id, "name": player.name, "registered": bool(player.password_hash)}

    # -- tables

    @app.get("/api/variants", summary="Every variant's facts, for the browser to draw from")
    def variants() -> list[dict[str, Any]]:
        return variant_facts()

    @app.get("/api/tables", summary="Open tables and your own unfinished ones")
    def tables(request: Request) -> list[dict[str, Any]]:
        return lobby.listing(player_of(request))

    @app.post("/api/tables", summary="Create a table: open, by invitation, or against the computer")
    async def create_table(body: NewTable, request: Request) -> dict[str, Any]:
        player_id = require_player(request)
        name = store.player(player_id).name
        table = await lobby.create(player_id, name, TableRequest.from_json(body.model_dump()))
        return {"id": table.id, "invite": table.row.invite, "seat": table.seat_of(player_id)}

    @app.post("/api/tables/{table_id}/join", summary="Sit at an open table")
    async def join(table_id: str, body: Join, request: Request) -> dict[str, Any]:
        player_id = require_player(request)
        name = store.player(player_id).name
        return await lobby.seat(table_id, player_id, name, body.invite)

    @app.get("/api/tables/{table_id}", summary="A table's state as you see it")
    async def table_state(table_id: str, request: Request) -> dict[str, Any]:
        return await lobby.view(table_id, player_of(request))

    @app.post("/api/tables/{table_id}/rematch", summary="A new match for the same players")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        return {"id": await lobby.rematch_id(table_id, require_player(request))}

    @app.get("/api/tables/{table_id}/record", summary="The game record (nardy-record/1)")
    async def record(table_id: str) -> dict[str, Any]:
        return match_table(await lobby.readable(table_id)).record()

    @app.get("/api/tables/{table_id}/record.mat", summary="The match as Jellyfish .mat text")
    async def record_mat(table_id: str) -> PlainTextResponse:
        from nardy.formats.jellyfish import MatError, write_mat

        table = match_table(await lobby.readable(table_id))
        try:
            text = write_mat(table.match, [table.seat_name(s) or "?" for s in range(2)])
        except MatError as error:  # the format cannot hold every variant or setting
            raise HTTPException(400, f"no .mat for this table: {error}") from None
        return PlainTextResponse(
            text, headers={"Content-Disposition": f'attachment; filename="{table_id}.mat"'}
        )

    @app.get("/api/tables/{table_id}/dice", summary="Commitment, rolls and (after the end) seed")
    async def table_dice(table_id: str) -> dict[str, Any]:
        return (await lobby.readable(table_id)).dice_info()

    @app.post("/api/verify-dice", summary="Check rolls against a seed and its commitment")
    def verify_dice(body: DiceCheck) -> dict[str, Any]:
        try:
            rolls = [(r[0], r[1]) for r in body.rolls if len(r) == 2]
            if len(rolls) != len(body.rolls):
                raise HTTPException(400, "each roll is two dice")
            ok = dice_service.verify(body.seed, body.commitment, rolls)
        except ValueError:
            raise HTTPException(400, "the seed must be hexadecimal") from None
        return {"ok": ok}

    app.include_router(history_routes(store, lobby.ratings, lobby.tables, player_of))
    app.include_router(rules_routes())
    app.include_router(dice_routes(store))
    app.include_router(analysis_router(lobby, reviews, config.analysis_ply, player_of))

    # -- the table connection

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        token = socket.cookies.get(COOKIE)
        # the database is read in a worker thread: a burst of reconnections (after a
        # restart) must not stall every table's event loop
        player_id = await asyncio.to_thread(store.session_player, token) if token else None
        await socket.accept()
        door = table = None
        try:
            if site is not None:
                door = await site.door(table_id)  # the table here, or the way to its owner
            else:
                table = await lobby.get(table_id)
        except TableError as error:
            await socket.send_json({"type": "error", "message": str(error)})
            await socket.close()
            return
        connection = SocketConnection(socket, player_id)
        key = ""
        if site is not None and door is not None:
            key = await site.join(door, connection)
        elif table is not None:
            await table.join(connection)
        name = (await asyncio.to_thread(store.player, player_id)).name if player_id else "spectator"
        try:
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:  # a binary frame
                    refusal = "send each message as a text frame holding JSON"
                    await connection.send({"type": "error", "message": refusal, "id": None})
                    continue
                if site is not None and door is not None:
                    await site.receive(door, key, name, text)
                elif table is not None:
                    await handle_message(table, connection, name, text, lobby)
        except WebSocketDisconnect:
            pass
        finally:
            if site is not None and door is not None:
                await site.leave(door, key)
            elif table is not None:
                await table.leave(connection)

    static = resources.files("nardy.web") / "static"
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=str(static)), name="static")

        @app.get("/", include_in_schema=False)
        def index() -> FileResponse:
            return FileResponse(str(Path(str(static)) / "index.html"))

    return app


def match_table(room: Room) -> Table:
    """The room as a two-player match table (records exist only for those)."""
    if not isinstance(room, Table):
        raise HTTPException(400, "game records are kept for matches, not chouette tables")
    return room


class SocketConnection:
    """One WebSocket watching a table."""

    def __init__(self, socket: WebSocket, player_id: str | None) -> None:
        self.socket = socket
        self.player_id = player_id
        self.sending = asyncio.Lock()
        self.replies = Replies()

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(wire.dumps(message))

    async def send_text(self, text: str) -> None:
        async with self.sending:
            await self.socket.send_text(text)


async def handle_message(
    table: Room,
    connection: SocketConnection | RemoteConnection,
    name: str,
    text: str,
    lobby: Lobby,
) -> None:
    """One message from a client; any problem is answered with an error to that client
    alone, and leaves the table unchanged."""
    reply_id: Any = None
    try:
        if len(text.encode()) > MAX_MESSAGE:
            raise TableError(f"message too large (the limit is {MAX_MESSAGE} bytes)")
        try:
            doc = wire.loads(text)
        except wire.NotJSON as error:
            raise TableError(f"not valid JSON: {error}") from None
        if not isinstance(doc, dict):
            raise TableError("a message must be a JSON object with a 'type'")
        reply_id = doc.get("id")
        kind = doc.get("type")
        if not isinstance(kind, str):
            raise TableError(f"unknown command {kind!r}: 'type' must be a command name")
        seat = table.seat_of(connection.player_id)
        answered = connection.replies.answer(reply_id) if reply_id is not None else None
        if answered is not None and kind not in ("ping", "resync"):
            await connection.send(answered)  # a command sent again: applied once (ids)
            return
        if kind == "ping":
            await connection.send({"type": "pong", "id": reply_id, "n": table.n})
        elif kind == "resync":
            await connection.send(table.view(connection.player_id))
        elif kind == "chat":
            if connection.player_id is None:
                raise TableError("sign in to chat")
            message = doc.get("text")
            if not isinstance(message, str) or not message.strip():
                raise TableError("a chat message needs some 'text'")
            n = await table.say(connection.player_id, name, message.strip())
        elif kind == "rematch":
            if connection.player_id is None:
                raise TableError("sign in first")
            following = await lobby.rematch(table.id, connection.player_id)
            reply = {"type": "rematch", "table": following.id, "id": reply_id}
            if reply_id is not None:
                connection.replies.keep(reply_id, reply)
            await connection.send(reply)
        elif kind == "auto":
            if seat is None:
                raise TableError("you are not seated at this table")
            if not isinstance(table, Table):
                raise TableError("automatic play is a match table setting")
            n = await table.set_auto(seat, bool(doc.get("roll")), bool(doc.get("moves")))
        elif kind == "hints":
            if seat is None:
                raise TableError("you are not seated at this table")
            if not isinstance(table, Table):
                raise TableError("hints are a match table setting")
            n = await table.set_hints(seat, bool(doc.get("allow")))
        else:
            n = await table.submit(seat, doc, "player")
        if reply_id is not None and kind not in ("ping", "resync", "rematch"):
            ack = {"type": "ack", "id": reply_id, "n": n}  # the version this command made
            connection.replies.keep(reply_id, ack)
            await connection.send(ack)
    except TableError as error:
        await connection.send({"type": "error", "message": str(error), "id": reply_id})
