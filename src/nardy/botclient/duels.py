"""``nardy bench adapters``: other programs' engines seated as bots, against the house
computer, through the Bot API (INTERFACES.md §9) of a real server.

The bench starts ``nardy serve`` on loopback (a throw-away SQLite database, the computer
answering at once) unless ``--target`` names a running one, registers one bot account per
engine (``gnubg:PLY`` through ``gnubg-nn``, ``bgsage:PLY`` through Open Sage's ``bgsage``),
and has each bot challenge the house computer at every level asked for: ``--games``
one-point backgammon matches without the cube per pairing, ``--parallel`` at a time, the bot's seat
alternating. Every decision travels the way a bot's does: the table's stream, its record,
one command.

The dice are the server's, so the games are not duplicated as in ``nardy bench bot``: a
pairing's figure is the bot's share of the matches won with its 95 % interval (Wilson's),
which needs some hundreds of games to tell apart engines a few points apart. A one-point
match counts a gammon as one win.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

DEFAULT_ENGINES = "gnubg:0,bgsage:0"
DEFAULT_LEVELS = "intermediate,advanced,expert"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engines", default=DEFAULT_ENGINES, help="bots' engines, by comma")
    parser.add_argument("--levels", default=DEFAULT_LEVELS, help="house levels, by comma")
    parser.add_argument("--games", type=int, default=200, help="matches per pairing")
    parser.add_argument("--parallel", type=int, default=4, help="matches in play at once")
    parser.add_argument("--target", default=None, metavar="URL", help="a running server")
    parser.add_argument(
        "--out", type=Path, default=None, help="the figures as JSON (a run resumes from it)"
    )


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % interval (Wilson's score interval) of a share of ``wins`` in ``games``.

    >>> low, high = wilson(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    centre = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


@dataclass
class Pairing:
    """One engine against one house level: matches won and played."""

    engine: str
    level: str
    games: int = 0
    wins: int = 0
    seconds: float = 0.0

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def figures(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {**asdict(self), "share": self.share, "interval": [low, high]}


class Serialised:
    """An engine whose decisions are taken one at a time: the adapters' engines are C
    libraries whose thread safety nobody promises, and the bot decides in threads."""

    def __init__(self, engine: Any, lock: threading.Lock) -> None:
        self._engine, self._lock = engine, lock

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._engine, name)

        def locked(*args: Any) -> Any:
            with self._lock:
                return method(*args)

        return locked


async def _bot_token(base: str, name: str) -> str:
    """A new bot account ``name`` and a token of it."""
    import httpx

    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=30) as http:
        reply = await http.post(
            "/api/register", json={"name": name, "password": "bench bot password", "bot": True}
        )
        reply.raise_for_status()
        reply = await http.post("/api/tokens", json={"label": "nardy bench adapters"})
        reply.raise_for_status()
        return str(reply.json()["token"])


async def _batch(base: str, token: str, pairing: Pairing, count: int) -> None:
    """Play ``count`` matches of ``pairing`` at once and count them in."""
    import httpx

    from nardy.botclient.client import BotClient
    from nardy.botclient.engines import engine_named

    lock = threading.Lock()
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, trust_env=False) as http:
        tables = []
        for index in range(count):
            body = {
                "variant": "backgammon",
                "settings": {"match_to": 1, "cube": False},
                "opponent": "computer",
                "level": pairing.level,
                "seat": (pairing.games + index) % 2,
            }
            reply = await http.post("/api/tables", json=body)
            reply.raise_for_status()
            tables.append(reply.json()["id"])

        def make_engine(name: str, variant: str) -> Any:
            return Serialised(engine_named(name, variant), lock)

        bot = BotClient(base, token, pairing.engine, make_engine=make_engine)
        await asyncio.wait_for(bot.run(tables=count), timeout=600 * count)
        for table in tables:
            state = (await http.get(f"/api/tables/{table}")).json()
            if state["status"] != "over" or state["winner"] is None:
                raise RuntimeError(f"table {table} did not finish: {state['status']}")
            pairing.games += 1
            pairing.wins += state["winner"] == state["you"]


def _measured(out: Path | None) -> list[Pairing]:
    """The pairings an earlier run wrote to ``out`` (none when there is no such file)."""
    if out is None or not out.exists():
        return []
    return [
        Pairing(doc["engine"], doc["level"], doc["games"], doc["wins"], doc["seconds"])
        for doc in json.loads(out.read_text())
    ]


def _write(out: Path | None, pairings: list[Pairing]) -> None:
    if out is not None:
        out.write_text(json.dumps([p.figures() for p in pairings], indent=1) + "\n")


async def _bench(base: str, args: argparse.Namespace) -> list[Pairing]:
    """Every pairing asked for; one already in ``--out`` with its games is kept, and the
    file is written again after each pairing, so an interrupted run goes on where it was."""
    from rich.progress import Progress

    engines = [name for name in args.engines.split(",") if name]
    levels = [name for name in args.levels.split(",") if name]
    done = {(p.engine, p.level): p for p in _measured(args.out) if p.games >= args.games}
    pairings = []
    with Progress(transient=True) as progress:
        for number, engine in enumerate(engines):
            token = ""
            for level in levels:
                if (engine, level) in done:
                    pairings.append(done[engine, level])
                    continue
                token = token or await _bot_token(
                    base, f"Bench{engine.split(':')[0].title()}{number}"
                )
                pairing = Pairing(engine, level)
                task = progress.add_task(f"{engine} against {level}", total=args.games)
                started = asyncio.get_running_loop().time()
                while pairing.games < args.games:
                    count = min(args.parallel, args.games - pairing.games)
                    await _batch(base, token, pairing, count)
                    progress.update(task, completed=pairing.games)
                pairing.seconds = asyncio.get_running_loop().time() - started
                pairings.append(pairing)
                _write(args.out, [*pairings, *(p for p in done.values() if p not in pairings)])
    return pairings


def report(pairings: list[Pairing]) -> Any:
    """The figures as a rich table."""
    from rich.table import Table

    table = Table(title="Bots through the Bot API against the house computer (1-point matches)")
    for column in ("engine", "house level", "matches", "bot won", "95 % interval", "s/match"):
        table.add_column(column, justify="left" if column in ("engine", "house level") else "right")
    for pairing in pairings:
        low, high = wilson(pairing.wins, pairing.games)
        table.add_row(
            pairing.engine,
            pairing.level,
            str(pairing.games),
            f"{pairing.share:.1%}",
            f"{low:.1%}–{high:.1%}",
            f"{pairing.seconds / max(1, pairing.games):.2f}",
        )
    return table


def main(args: argparse.Namespace) -> int:
    from rich.console import Console

    from nardy.bench.server_processes import one_server

    with one_server(args.target) as base:
        pairings = asyncio.run(_bench(base, args))
    Console().print(report(pairings))
    _write(args.out, pairings)
    return 0
