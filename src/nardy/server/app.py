"""The ASGI application: HTTP for the lobby and accounts, WebSocket for the tables.

:func:`create_app` receives everything it depends on, so tests can build an app on a
throw-away database and the command line on the real one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from nardy import __version__
from nardy.analysis import DEFAULT_PLY
from nardy.engine_pool import EngineLimits
from nardy.server import defaults
from nardy.server.dice import commitment as dice_service
from nardy.server.http.accounts import account_routes
from nardy.server.http.analysis import router as analysis_router
from nardy.server.http.app_shell import shell_routes
from nardy.server.http.bots import Bearer, BotTables, bot_routes
from nardy.server.http.dice import dice_routes
from nardy.server.http.engine_desk import EngineDesk
from nardy.server.http.exports import export_routes
from nardy.server.http.guard import HttpGuard
from nardy.server.http.history import history_routes
from nardy.server.http.rules_pages import rules_routes
from nardy.server.http.sessions import Sessions
from nardy.server.http.table_socket import COOKIE, MAX_MESSAGE, TableSockets, may_watch
from nardy.server.http.tournaments import tournament_routes
from nardy.server.http.variants import variant_facts
from nardy.server.site.accounts import AccountError, Accounts, Busy
from nardy.server.site.broker import Broker
from nardy.server.site.cluster import Site
from nardy.server.site.lobby import AgentFactory, Lobby, TableRequest
from nardy.server.site.reviews import Reviews
from nardy.server.site.throttle import Limits, Throttle
from nardy.server.store.database import Store
from nardy.server.tables.room import Room
from nardy.server.tables.table import Table, TableError
from nardy.server.tournaments.director import Director

__all__ = ["COOKIE", "MAX_MESSAGE", "ServerConfig", "create_app"]


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
    allowed_origins: tuple[str, ...] = ()
    """Origins besides the server's own whose pages may use it (``https://host:port``)."""
    limits: Limits = field(default_factory=Limits)
    """Rates and counts one client may use (see :mod:`nardy.server.site.throttle`)."""
    engine: EngineLimits = field(default_factory=EngineLimits)  # docs/DEPLOY.md, Engine limits
    max_body: int = 1 << 18
    """Largest HTTP request body accepted, in bytes."""
    send_queue: int = 64
    """Messages that may wait for one slow socket before it is dropped."""
    send_timeout: float = 10.0
    """Seconds one message may take to reach a socket before it is dropped."""
    linger: float = defaults.LINGER
    """Seconds a finished table stays live after its last viewer left, before it is
    unloaded (with other processes, its lease given up too)."""
    archive: float = defaults.ARCHIVE
    """Seconds an unfinished table stays on the public lists once none of its seated
    people is there (:mod:`nardy.server.site.archive`)."""


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
    seed: str = Field(max_length=256)
    commitment: str = Field(max_length=256)
    rolls: list[list[int]] = Field(max_length=50_000)


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
    the same site (INTERFACES.md §6, :mod:`nardy.server.site.cluster`)."""
    config = config or ServerConfig()
    lobby = Lobby(
        store,
        agents or default_agents,
        config.grace,
        config.bot_delay,
        config.entropy_wait,
        config.linger,
        config.archive,
    )
    throttle = Throttle(config.limits, shared=None if broker is None else broker.url)
    accounts = Accounts(store, config.limits.concurrent_hashes, config.limits.hashes_waiting)
    site = None if broker is None else Site(broker, lobby)
    if site is not None:
        lobby.site = site
    sockets = TableSockets(
        store, lobby, throttle, site=site, queue=config.send_queue, timeout=config.send_timeout
    )

    async def finished_record(table_id: str) -> dict[str, Any]:
        return match_table(await lobby.readable(table_id)).record()

    desk = EngineDesk(config.engine, throttle, broker and broker.redis)
    reviews = Reviews(store, finished_record, config.analysis_ply, desk.pool)
    lobby.change_hooks.append(desk.live.changed)

    async def queue_review(table: Table) -> None:
        await reviews.request(table.id, sum(1 for g in table.match.games if g.result))

    lobby.finish_hooks.append(queue_review)
    director = Director.serving(lobby)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if site is None:
            await lobby.resume_all()
        else:
            await site.start()
            await lobby.record_missing()
        desk.pool.start()
        reviews.start()
        director.start()
        yield
        await director.stop()
        await reviews.stop()
        await desk.pool.stop()
        if site is not None:
            await site.stop()
        for table in lobby.tables.values():
            if table.timer is not None:
                table.timer.cancel()

    app = FastAPI(
        title="nardy",
        summary="Backgammon, long nardy and Dutch backgammon online",
        version=__version__,
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    app.add_middleware(
        HttpGuard,
        allowed_origins=config.allowed_origins,
        max_body=config.max_body,
        throttle=throttle,
    )

    bearer = Bearer(store, throttle)  # a token instead of a session (INTERFACES.md §9)
    sessions = Sessions(store, config.secure_cookies, bearer.player)
    player_of, require_player = sessions.player_of, sessions.require_player

    @app.exception_handler(TableError)
    async def table_error(_: Request, error: TableError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=400)

    @app.exception_handler(AccountError)
    async def account_error(_: Request, error: AccountError) -> JSONResponse:
        if isinstance(error, Busy):
            busy = {"Retry-After": "2"}
            return JSONResponse({"detail": str(error)}, status_code=503, headers=busy)
        return JSONResponse({"detail": str(error)}, status_code=400)

    app.include_router(account_routes(store, accounts, sessions, throttle, lobby, sockets))

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
        wanted = TableRequest.from_json(body.model_dump())
        await lobby.check_room_for(player_id, wanted, config.limits)
        table = await lobby.create(player_id, name, wanted)
        return {"id": table.id, "invite": table.row.invite, "seat": table.seat_of(player_id)}

    @app.post("/api/tables/{table_id}/join", summary="Sit at an open table")
    async def join(table_id: str, body: Join, request: Request) -> dict[str, Any]:
        player_id = require_player(request)
        name = store.player(player_id).name
        return await lobby.seat(table_id, player_id, name, body.invite)

    async def check_visible(table_id: str, request: Request, invite: str | None) -> None:
        """Refuse a private table to anyone but its players and holders of its invitation."""
        live = lobby.tables.get(table_id)
        row = live.row if live is not None else await lobby.row(table_id)
        if not may_watch(row, player_of(request), invite):
            raise HTTPException(403, "this table is private: you need its invitation link")

    async def visible_table(table_id: str, request: Request, invite: str | None) -> Room:
        """The table to read (its record, its dice), if this person may see it."""
        await check_visible(table_id, request, invite)
        return await lobby.readable(table_id)

    @app.get("/api/tables/{table_id}", summary="A table's state as you see it")
    async def table_state(
        table_id: str, request: Request, invite: str | None = None
    ) -> dict[str, Any]:
        await check_visible(table_id, request, invite)
        return await lobby.view(table_id, player_of(request))

    @app.post("/api/tables/{table_id}/withdraw", summary="Withdraw your table nobody joined")
    async def withdraw(table_id: str, request: Request) -> dict[str, Any]:
        await lobby.withdraw(table_id, require_player(request))
        return {"id": table_id, "status": "withdrawn"}

    @app.post("/api/tables/{table_id}/rematch", summary="A new match for the same players")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        return {"id": await lobby.rematch_id(table_id, require_player(request))}

    @app.get("/api/tables/{table_id}/record", summary="The game record (nardy-record/1)")
    async def record(table_id: str, request: Request, invite: str | None = None) -> dict[str, Any]:
        return match_table(await visible_table(table_id, request, invite)).record()

    @app.get("/api/tables/{table_id}/record.mat", summary="The match as Jellyfish .mat text")
    async def record_mat(
        table_id: str, request: Request, invite: str | None = None
    ) -> PlainTextResponse:
        from nardy.formats.jellyfish import MatError, write_mat

        table = match_table(await visible_table(table_id, request, invite))
        try:
            text = write_mat(table.match, [table.seat_name(s) or "?" for s in range(2)])
        except MatError as error:  # the format cannot hold every variant or setting
            raise HTTPException(400, f"no .mat for this table: {error}") from None
        return PlainTextResponse(
            text, headers={"Content-Disposition": f'attachment; filename="{table_id}.mat"'}
        )

    @app.get("/api/tables/{table_id}/dice", summary="Commitment, rolls and (after the end) seed")
    async def table_dice(
        table_id: str, request: Request, invite: str | None = None
    ) -> dict[str, Any]:
        return (await visible_table(table_id, request, invite)).dice_info()

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
    app.include_router(tournament_routes(director, player_of))
    app.include_router(dice_routes(store))
    app.include_router(analysis_router(lobby, reviews, config.analysis_ply, player_of, desk))
    app.include_router(export_routes(visible_table, reviews))
    app.include_router(bot_routes(store, bearer, BotTables(lobby, throttle, sockets.handle, site)))

    # -- the table connection

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await sockets.serve(socket, table_id)

    static = resources.files("nardy.web") / "static"
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=str(static)), name="static")
        app.include_router(shell_routes(Path(str(static))))  # /favicon.ico, /sw.js

        @app.get("/", include_in_schema=False)
        def index() -> FileResponse:
            return FileResponse(str(Path(str(static)) / "index.html"))

    return app


def match_table(room: Room) -> Table:
    """The room as a two-player match table (records exist only for those)."""
    if not isinstance(room, Table):
        raise HTTPException(400, "game records are kept for matches, not chouette tables")
    return room
