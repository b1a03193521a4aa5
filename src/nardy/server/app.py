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

from fastapi import FastAPI, WebSocket
from fastapi.staticfiles import StaticFiles

from nardy import __version__
from nardy.analysis import DEFAULT_PLY
from nardy.engine_pool import EngineLimits
from nardy.server import defaults
from nardy.server.clock import SYSTEM, Clock
from nardy.server.http.accounts import account_routes
from nardy.server.http.analysis import router as analysis_router
from nardy.server.http.app_shell import shell_routes
from nardy.server.http.bots import Bearer, BotTables, bot_routes
from nardy.server.http.dice import dice_routes
from nardy.server.http.engine_desk import EngineDesk
from nardy.server.http.exports import export_routes
from nardy.server.http.guard import HttpGuard, answer_errors
from nardy.server.http.history import history_routes
from nardy.server.http.rules_pages import rules_routes
from nardy.server.http.sessions import Sessions
from nardy.server.http.table_socket import COOKIE, MAX_MESSAGE, TableSockets
from nardy.server.http.tables import TableRoutes, match_table
from nardy.server.http.tournaments import tournament_routes
from nardy.server.http.turns import turn_routes
from nardy.server.site.accounts import Accounts
from nardy.server.site.broker import Broker
from nardy.server.site.cluster import Site
from nardy.server.site.lobby import AgentFactory, Lobby
from nardy.server.site.reviews import Reviews
from nardy.server.site.throttle import Limits, Throttle
from nardy.server.store.database import Store
from nardy.server.tables.table import Table
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
    review_rollout_seconds: float = 0.0
    """CPU seconds a review may spend settling close decisions by rollouts (0: none). An
    operator's ``nardy serve`` gives ``defaults.REVIEW_ROLLOUT_SECONDS``; a server made in
    code (tests, embedders) reviews at its ply alone unless it asks."""
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


def default_agents(variant: str, level: str) -> Any:
    """The computer at a seat: the shipped network at ``level``."""
    from nardy.bot.agents.table import table_agent

    return table_agent(variant, level)


@dataclass(frozen=True)
class Lifespan:
    """What starts with the server and stops with it: the tables resumed (or, with other
    processes, the site joined), the engine pool, the reviews, the tournaments."""

    lobby: Lobby
    site: Site | None
    desk: EngineDesk
    reviews: Reviews
    director: Director

    @asynccontextmanager
    async def run(self, app: FastAPI) -> AsyncIterator[None]:
        if self.site is None:
            await self.lobby.resume_all()
        else:
            await self.site.start()
            await self.lobby.record_missing()
        self.desk.pool.start()
        self.reviews.start()
        self.director.start()
        yield
        await self.director.stop()
        await self.reviews.stop()
        await self.desk.pool.stop()
        if self.site is not None:
            await self.site.stop()
        for table in self.lobby.tables.values():
            if table.timer is not None:
                table.timer.cancel()


def create_app(
    store: Store,
    config: ServerConfig | None = None,
    agents: AgentFactory | None = None,
    broker: Broker | None = None,
    clock: Clock = SYSTEM,
) -> FastAPI:
    """The nardy server on ``store``; with a ``broker``, one of several processes serving
    the same site (INTERFACES.md §6, :mod:`nardy.server.site.cluster`). Its tables, lobby,
    throttle and tournaments read the time from ``clock`` (a test's
    :class:`~nardy.server.clock.ManualClock` moves it by hand); the leases between
    processes keep the machine's, which Redis shares."""
    config = config or ServerConfig()
    lobby = Lobby(
        store,
        agents or default_agents,
        config.grace,
        config.bot_delay,
        config.entropy_wait,
        config.linger,
        config.archive,
        clock,
    )
    throttle = Throttle(config.limits, None if broker is None else broker.url, clock)
    accounts = Accounts(store, config.limits.concurrent_hashes, config.limits.hashes_waiting)
    site = None if broker is None else Site(broker, lobby)
    if site is not None:
        lobby.site = site
    sockets = TableSockets(
        store, lobby, throttle, site=site, queue=config.send_queue, timeout=config.send_timeout
    )

    desk = EngineDesk(config.engine, throttle, broker and broker.redis)
    lobby.change_hooks.append(desk.live.changed)
    reviews = reviews_of(lobby, config, desk)
    director = Director.serving(lobby)

    app = FastAPI(
        title="nardy",
        summary="Backgammon, long nardy and Dutch backgammon online",
        version=__version__,
        lifespan=Lifespan(lobby, site, desk, reviews, director).run,
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
    player_of = sessions.player_of

    answer_errors(app)
    app.include_router(account_routes(store, accounts, sessions, throttle, lobby, sockets))

    routes = TableRoutes(store, lobby, sessions, config.limits)
    app.include_router(routes.router())
    app.include_router(history_routes(store, lobby.ratings, lobby.tables, player_of))
    app.include_router(rules_routes())
    app.include_router(tournament_routes(director, player_of, throttle))
    app.include_router(turn_routes(store, sessions.require_player, clock))
    app.include_router(dice_routes(store))
    app.include_router(analysis_router(lobby, reviews, config.analysis_ply, player_of, desk))
    app.include_router(export_routes(routes.visible_table, reviews))
    app.include_router(bot_routes(store, bearer, BotTables(lobby, throttle, sockets.handle, site)))

    # -- the table connection

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await sockets.serve(socket, table_id)

    serve_client(app)
    return app


def reviews_of(lobby: Lobby, config: ServerConfig, desk: EngineDesk) -> Reviews:
    """The reviews of finished matches, asked for as each match ends."""

    async def finished_record(table_id: str) -> dict[str, Any]:
        return match_table(await lobby.readable(table_id)).record()

    reviews = Reviews(
        lobby.store,
        finished_record,
        config.analysis_ply,
        desk.pool,
        rollout_seconds=config.review_rollout_seconds,
    )

    async def queue_review(table: Table) -> None:
        await reviews.request(table.id, sum(1 for g in table.match.games if g.result))

    lobby.finish_hooks.append(queue_review)
    return reviews


def serve_client(app: FastAPI) -> None:
    """The browser client's files under ``/static``, and its page and shell at the root."""
    static = resources.files("nardy.web") / "static"
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=str(static)), name="static")
        app.include_router(shell_routes(Path(str(static))))  # /, /favicon.ico, /sw.js
