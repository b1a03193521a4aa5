"""``nardy serve``: the server on an embedded SQLite database, ready at once."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from nardy.server import defaults

NAME = "serve"
HELP = "run the game server (SQLite by default)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--data", default=None, help="data folder (default ~/.local/share/nardy)")
    parser.add_argument("--database", default=None, help="a database URL instead, e.g. PostgreSQL")
    parser.add_argument(
        "--grace",
        type=float,
        default=defaults.GRACE,
        help=f"seconds a leaver keeps a seat (default {defaults.GRACE:g})",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=defaults.BOT_DELAY,
        help=f"seconds the computer waits before each decision (default {defaults.BOT_DELAY:g})",
    )
    parser.add_argument(
        "--entropy-wait",
        type=float,
        default=defaults.ENTROPY_WAIT,
        help="seconds a game's first roll waits for the players' contributions to its dice "
        f"(default {defaults.ENTROPY_WAIT:g}; 0: it does not wait)",
    )
    parser.add_argument(
        "--linger",
        type=float,
        default=defaults.LINGER,
        help="seconds a finished table stays live after its last viewer left, before it is "
        f"unloaded (with --broker, its lease given up too; default {defaults.LINGER:g})",
    )
    parser.add_argument(
        "--archive",
        type=float,
        default=defaults.ARCHIVE,
        help="seconds an unfinished table stays on the public lists once none of its "
        f"players is there (default {defaults.ARCHIVE:g})",
    )
    add_web_arguments(parser)
    add_engine_arguments(parser)
    add_proxy_arguments(parser)


def add_web_arguments(parser: argparse.ArgumentParser) -> None:
    """How the server speaks HTTP: logs, compression, cookies, several processes."""
    parser.add_argument("--log-level", default="warning", help="uvicorn's log level")
    parser.add_argument(
        "--no-ws-compression",
        action="store_true",
        help="do not compress socket messages (permessage-deflate): less CPU a message, "
        "about twice the bytes",
    )
    parser.add_argument(
        "--keep-alive",
        type=float,
        default=defaults.KEEP_ALIVE,
        metavar="SECONDS",
        help="how long an idle HTTP connection stays open: longer than the proxy in front "
        "keeps its connections to the server (nginx: 60 s)",
    )
    parser.add_argument(
        "--secure-cookies", action="store_true", help="send session cookies over HTTPS only"
    )
    parser.add_argument(
        "--analysis-ply",
        type=int,
        default=1,
        help="how deep reviews, hints and position analyses look (0 to 2, default 1)",
    )
    parser.add_argument(
        "--review-rollout-seconds",
        type=float,
        default=defaults.REVIEW_ROLLOUT_SECONDS,
        metavar="SECONDS",
        help="CPU seconds a match's review may spend settling close decisions by rollouts "
        f"(0: none; default {defaults.REVIEW_ROLLOUT_SECONDS:g})",
    )
    parser.add_argument(
        "--broker",
        default=None,
        metavar="redis://HOST:PORT/N",
        help="Redis joining several server processes on one database into one site",
    )
    parser.add_argument(
        "--loop",
        default="auto",
        choices=("auto", "asyncio", "uvloop"),
        help="the event loop (auto: uvloop when installed)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another origin whose pages may use this server (https://host[:port]); repeatable",
    )


def add_proxy_arguments(parser: argparse.ArgumentParser) -> None:
    """Whom the server believes about a client's address (docs/DEPLOY.md)."""
    parser.add_argument(
        "--trust",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a client address exempt from per-address limits (a proxy, a load test)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="",
        metavar="ADDRESSES",
        help="comma-separated addresses of the reverse proxies whose X-Forwarded-For and "
        "X-Forwarded-Proto are believed ('*' for any); by default none are, and a "
        "client's address is the peer's",
    )


def add_engine_arguments(parser: argparse.ArgumentParser) -> None:
    """The engine pool's limits (docs/DEPLOY.md, "Engine limits")."""
    from nardy.engine_pool import EngineLimits
    from nardy.server.site.throttle import Limits

    engine, rates = EngineLimits(), Limits()
    group = parser.add_argument_group("engine limits (hints, analyses, rollouts, reviews)")
    numbers: list[tuple[str, str, type, str]] = [
        ("--engine-processes", "processes", int, "engine worker processes"),
        ("--engine-queue", "queue", int, "requests that may wait for a worker (more: 503)"),
        ("--engine-per-session", "per_session", int, "requests one session may have under way"),
        ("--engine-per-address", "per_address", int, "requests one address may have under way"),
        ("--engine-cost", "most_cost", int, "most games x plies x pips one request may ask"),
        ("--engine-seconds", "seconds", float, "seconds one request may run (then 503)"),
        ("--engine-nice", "niceness", int, "how much lower the workers' priority is (nice)"),
    ]
    for flag, name, kind, text in numbers:
        default = getattr(engine, name)
        group.add_argument(flag, type=kind, default=default, help=f"{text} (default {default})")
    for flag, name, text in (
        ("--engine-rate-session", "engine_per_session", "requests one session may make"),
        ("--engine-rate-address", "engine_per_address", "requests one address may make"),
    ):
        default = getattr(rates, name)
        group.add_argument(flag, type=_rate, default=default, help=f"{text} ({default!r})")


def _rate(text: str) -> str:
    """A rate as the ``limits`` library reads it ("20/minute", "5 per 10 seconds")."""
    from limits import parse

    try:
        parse(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a rate like '20/minute'") from None
    return text


def engine_limits(args: argparse.Namespace) -> Any:
    """The engine pool's limits from the arguments."""
    from nardy.engine_pool import EngineLimits

    return EngineLimits(
        processes=args.engine_processes,
        queue=args.engine_queue,
        per_session=args.engine_per_session,
        per_address=args.engine_per_address,
        most_cost=args.engine_cost,
        seconds=args.engine_seconds,
        niceness=args.engine_nice,
        warm=True,
    )


def default_data_dir() -> Path:
    """Where the server keeps its database unless told otherwise."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "nardy"


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from nardy.server.app import ServerConfig, create_app
    from nardy.server.collector import settle_heap
    from nardy.server.http.serving import uvicorn_options
    from nardy.server.site.throttle import Limits
    from nardy.server.store.database import Store

    if args.review_rollout_seconds < 0:
        print("nardy serve: --review-rollout-seconds must be 0 or more", file=sys.stderr)
        return 2
    if args.keep_alive <= 0:
        print("nardy serve: --keep-alive must be more than 0 seconds", file=sys.stderr)
        return 2
    data = Path(args.data) if args.data else default_data_dir()
    store = Store(args.database) if args.database else Store.in_folder(data)
    config = ServerConfig(
        grace=args.grace,
        bot_delay=args.bot_delay,
        secure_cookies=args.secure_cookies,
        analysis_ply=args.analysis_ply,
        review_rollout_seconds=args.review_rollout_seconds,
        entropy_wait=args.entropy_wait,
        linger=args.linger,
        archive=args.archive,
        allowed_origins=tuple(args.allow_origin),
        limits=Limits(
            trusted=tuple(args.trust),
            engine_per_session=args.engine_rate_session,
            engine_per_address=args.engine_rate_address,
        ),
        engine=engine_limits(args),
    )
    broker = None
    if args.broker:
        if not args.database or args.database.startswith("sqlite"):
            print("nardy serve: --broker needs a shared --database (PostgreSQL)", file=sys.stderr)
            return 2
        from nardy.server.site.broker import Broker

        broker = Broker(args.broker)
    app = create_app(store, config, broker=broker)
    where = args.database or f"{data / 'nardy.sqlite3'}"
    print(
        f"nardy: open http://{args.host}:{args.port}/ in your browser (data: {where})", flush=True
    )
    settle_heap()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        loop=args.loop,
        **uvicorn_options(args.keep_alive, compression=not args.no_ws_compression),
        proxy_headers=bool(args.forwarded_allow_ips),  # not uvicorn's: trust local peers
        forwarded_allow_ips=args.forwarded_allow_ips or None,
    )
    return 0
