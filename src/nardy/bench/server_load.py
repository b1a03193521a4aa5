"""``nardy bench server``: many games at once against real servers, and how fast they answer.

By default the bench starts one ``nardy serve`` on a loopback port with a throw-away
SQLite database and no computer delay; ``--processes N`` starts N of them on the
``--database`` and ``--broker`` given (PostgreSQL and Redis), and ``--target URL``
(repeatable) uses servers already running instead. It signs in two guests per game, seats
them at a money-play table (so that games follow one another for as long as the bench
runs) and opens both players' sockets; with several targets the two players of a game sign
in and connect at different ones, as behind a load balancer. Clients play what their
latest state allows and time each command to its ``ack`` (see
:mod:`nardy.bench.load_clients`). With ``--think`` each client waits a random time
(exponential, that mean) before each command, like a person; with none, every game always
has one command in flight and the servers run flat out. ``--client-processes K`` spreads
the clients over K processes, so that the load generator is not the limit.

``--reference-path SRC`` runs everything twice, first with the servers run from another
source tree (an older checkout's ``src``: the settings its ``serve`` lacks are left out),
then with this one, and reports both and this tree's figures over the reference's — the
same machine, the same command, minutes apart.

``--kill-after S`` kills one of the started servers with SIGKILL S seconds into the run:
its clients reconnect to the others, and the report says what they saw (reconnections,
time to resync, time until every table went on, and commands lost — acknowledged commands
a table no longer shows — which must be 0).

It reports per target and overall: commands acknowledged, errors, commands per second,
round-trip percentiles in milliseconds, the CPU each server and the load generator used,
and the machine's load average before and after. ``--json`` prints the figures as one
JSON object on the last line.

The bench stays in one module although it runs past 400 lines: seating, the clients'
processes, the kill and the report share one set of options and one set of figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import resource
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from nardy.bench.load_clients import (
    Figures,
    Player,
    percentile,
    seat_game,
    wait_ready,
    watch_answers,
)
from nardy.bench.server_processes import ServerProcess, cpu_seconds, start_servers

T = TypeVar("T")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=200, help="games played at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a client waits before a command"
    )
    parser.add_argument("--variant", default="backgammon", help="the variant of every table")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices")
    parser.add_argument(
        "--target",
        action="append",
        default=[],
        metavar="URL",
        help="a running server to load (repeatable); none: start servers here",
    )
    parser.add_argument("--processes", type=int, default=1, help="servers to start here")
    parser.add_argument("--database", default=None, help="the started servers' database URL")
    parser.add_argument("--broker", default=None, help="the started servers' Redis URL")
    parser.add_argument(
        "--serve-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="one more argument for each started server, e.g. --serve-arg=--loop=asyncio",
    )
    parser.add_argument(
        "--kill-after", type=float, default=None, help="SIGKILL one started server after S s"
    )
    parser.add_argument(
        "--client-processes", type=int, default=1, help="processes the clients run in"
    )
    parser.add_argument(
        "--reference-path",
        default=None,
        metavar="SRC",
        help="first load a server run from this source tree (another checkout's src) the "
        "same way, then this one, and report the ratios",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON last")


@dataclass
class Control:
    """What the bench tells one share of the clients: start, the kill, stop."""

    go: asyncio.Event = field(default_factory=asyncio.Event)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    killed_at: list[float] = field(default_factory=list)


async def run_share(
    targets: list[str],
    games: list[int],
    options: dict[str, Any],
    control: Control,
    report_ready: Any,
) -> dict[str, Any]:
    """Seat ``games`` (their numbers), open their sockets, call ``report_ready(opened)``,
    play from ``control.go`` to ``control.stop``; returns the figures per target."""
    rng = random.Random(options["seed"] * 7919 + (games[0] if games else 0))
    figures = {target: Figures() for target in targets}
    limit = asyncio.Semaphore(16)

    async def seat(number: int) -> tuple[int, tuple[str, str, str]]:
        bases = (targets[number % len(targets)], targets[(number + 1) % len(targets)])
        async with limit:
            return number, await seat_game(bases, options["variant"])

    seated = await asyncio.gather(*(seat(number) for number in games))
    players: list[Player] = []
    for number, (table, *tokens) in seated:
        for seat_index, token in enumerate(tokens):
            where = (number + seat_index) % len(targets)
            players.append(
                Player(
                    token,
                    table,
                    targets,
                    where,
                    random.Random(rng.random()),
                    figures,
                    options["think"],
                    control.killed_at,
                )
            )
    readies = [asyncio.Event() for _ in players]
    tasks = [
        asyncio.create_task(p.play(r, control.go, control.stop))
        for p, r in zip(players, readies, strict=True)
    ]
    while True:  # measure only once every socket is open and has its first state
        opened = sum(r.is_set() for r in readies)
        ended = sum(task.done() for task in tasks)
        if opened + ended >= len(players):
            break
        await asyncio.sleep(0.1)
    watching = asyncio.create_task(watch_answers(players, control.stop))
    await report_ready(opened)
    await control.stop.wait()
    await watching
    await asyncio.gather(
        *(p.ws.close() for p in players if p.ws is not None), return_exceptions=True
    )
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failed = sum(isinstance(r, BaseException) for r in results)
    return {
        "figures": {t: f.to_json() for t, f in figures.items()},
        "opened": opened,
        "failed": failed,
    }


def _share_process(
    pipe: Any, targets: list[str], games: list[int], options: dict[str, Any]
) -> None:
    """One client process: runs :func:`run_share`, told what to do through ``pipe``."""

    async def main() -> None:
        control = Control()
        loop = asyncio.get_running_loop()

        async def orders() -> None:
            while True:
                kind, value = await loop.run_in_executor(None, pipe.recv)
                if kind == "go":
                    control.go.set()
                elif kind == "kill":
                    control.killed_at.append(value)
                elif kind == "stop":
                    control.stop.set()
                    return

        async def ready(opened: int) -> None:
            pipe.send(("ready", opened))

        listening = asyncio.create_task(orders())
        result = await run_share(targets, games, options, control, ready)
        await listening
        pipe.send(("done", result))

    _raise_file_limit(4 * len(games) + 256)
    _run(main())


def _run(main: Coroutine[Any, Any, T]) -> T:
    """Run the load generator's event loop: uvloop's, as the servers use (it shares the
    cores with the servers it measures, and costs less a message than asyncio's)."""
    import uvloop

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def _raise_file_limit(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, wanted)), hard))


async def run_load(args: Any, targets: list[str], servers: list[ServerProcess]) -> dict[str, Any]:
    """Seat the games over ``targets``, play for the time asked, and measure."""
    from rich.progress import Progress

    for target in targets:
        await wait_ready(target)
    options = {"seed": args.seed, "variant": args.variant, "think": args.think}
    shares = [
        list(range(k, args.games, args.client_processes)) for k in range(args.client_processes)
    ]
    clients = Clients(targets, [share for share in shares if share], options)
    load_before = os.getloadavg()
    with Progress(transient=True, refresh_per_second=2) as progress:
        seating = progress.add_task("seating games, opening sockets", total=len(clients.shares))
        opened = await clients.open(lambda: progress.advance(seating))
        cpu_before = [s.cpu() for s in servers]
        cpu_at_kill: float | None = None
        bench_before = _bench_cpu(clients.workers)
        started = time.perf_counter()
        clients.tell("go")
        playing = progress.add_task("playing", total=args.seconds)
        while True:
            await asyncio.sleep(0.25)
            elapsed = time.perf_counter() - started
            if args.kill_after is not None and cpu_at_kill is None and elapsed >= args.kill_after:
                cpu_at_kill = servers[0].cpu()  # its CPU is counted up to the kill
                servers[0].kill()
                clients.tell("kill", time.perf_counter())
            progress.update(playing, completed=min(elapsed, args.seconds))
            if elapsed >= args.seconds:
                break
        elapsed = time.perf_counter() - started
        cpu = [
            (cpu_at_kill if s.killed and cpu_at_kill is not None else s.cpu()) - before
            for s, before in zip(servers, cpu_before, strict=True)
        ]
        bench_cpu = _bench_cpu(clients.workers) - bench_before
        rss = [s.rss() for s in servers]
        clients.tell("stop")
        results = await clients.results()
    figures = _report(args, targets, servers, results, elapsed, cpu, bench_cpu, opened, load_before)
    for row, megabytes in zip(figures["targets"], rss, strict=False):
        row["server_rss_mb"] = megabytes
    return figures


class Clients:
    """The load's clients, in shares of the games: one share is played in this process,
    several in client processes of their own, told what to do through pipes."""

    def __init__(self, targets: list[str], shares: list[list[int]], opts: dict[str, Any]):
        self.targets, self.shares, self.options = targets, shares, opts
        self.workers: list[Any] = []
        self.local = Control()
        self.task: asyncio.Task[Any] | None = None

    async def open(self, seated: Any) -> int:
        """Seat every share's games and open their sockets; the sockets opened."""
        if len(self.shares) == 1:
            opened_local = asyncio.get_running_loop().create_future()

            async def ready(opened: int) -> None:
                opened_local.set_result(opened)

            playing = run_share(self.targets, self.shares[0], self.options, self.local, ready)
            self.task = asyncio.create_task(playing)
            return int(await opened_local)
        context = multiprocessing.get_context("spawn")
        for share in self.shares:
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_share_process,
                args=(theirs, self.targets, share, self.options),
                daemon=True,
            )
            process.start()
            self.workers.append((process, ours))
        opened = 0
        for _, pipe in self.workers:
            kind, count = await asyncio.to_thread(pipe.recv)
            assert kind == "ready"
            opened += count
            seated()
        return opened

    def tell(self, kind: str, value: Any = None) -> None:
        """``go``, ``kill`` (with the time) or ``stop``, to every share."""
        if self.workers:
            for _, pipe in self.workers:
                pipe.send((kind, value))
        elif kind == "go":
            self.local.go.set()
        elif kind == "kill":
            self.local.killed_at.append(value)
        else:
            self.local.stop.set()

    async def results(self) -> list[Any]:
        """Each share's figures, once told to stop."""
        if self.task is not None:
            return [await self.task]
        results = []
        for process, pipe in self.workers:
            _, result = await asyncio.to_thread(pipe.recv)
            results.append(result)
            process.join(30)
        return results


def _bench_cpu(workers: list[Any]) -> float:
    """CPU seconds of the load generator: this process and its client processes."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    own = usage.ru_utime + usage.ru_stime
    return own + sum(cpu_seconds(process.pid) for process, _ in workers)


def _report(
    args: Any,
    targets: list[str],
    servers: list[ServerProcess],
    results: list[dict[str, Any]],
    elapsed: float,
    cpu: list[float],
    bench_cpu: float,
    opened: int,
    load_before: tuple[float, float, float],
) -> dict[str, Any]:
    per_target = {target: Figures() for target in targets}
    for result in results:
        for target, doc in result["figures"].items():
            per_target[target].merge(Figures.from_json(doc))
    overall = Figures()
    for figures in per_target.values():
        overall.merge(figures)
    rows = []
    for index, (target, figures) in enumerate(per_target.items()):
        row: dict[str, Any] = {
            "target": target,
            "moves": len(figures.rtts),
            "moves_per_second": round(len(figures.rtts) / elapsed, 1),
            "p50_ms": percentile(figures.rtts, 0.5),
            "p99_ms": percentile(figures.rtts, 0.99),
            "errors": figures.errors,
            "reconnects": figures.reconnects,
        }
        if index < len(servers):
            row["server_cpu_percent"] = round(100 * cpu[index] / elapsed, 1)
            row["killed"] = servers[index].killed
        rows.append(row)
    report: dict[str, Any] = {
        "games": args.games,
        "connections": opened,
        "moves": len(overall.rtts),
        "errors": overall.errors,
        "failed_connections": sum(r["failed"] for r in results),
        "seconds": round(elapsed, 2),
        "moves_per_second": round(len(overall.rtts) / elapsed, 1),
        "p50_ms": percentile(overall.rtts, 0.5),
        "p90_ms": percentile(overall.rtts, 0.9),
        "p99_ms": percentile(overall.rtts, 0.99),
        "max_ms": round(max(overall.rtts) * 1000, 2) if overall.rtts else 0.0,
        "server_cpu_percent": round(100 * sum(cpu) / elapsed, 1),
        "server_cpu_ms_per_move": round(1000 * sum(cpu) / max(1, len(overall.rtts)), 3),
        "bench_cpu_percent": round(100 * bench_cpu / elapsed, 1),
        "think": args.think,
        "targets": rows,
        "cores": os.cpu_count(),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
    }
    if args.kill_after is not None:
        report.update(
            {
                "reconnects": overall.reconnects,
                "resync_p50_ms": percentile(overall.resyncs, 0.5),
                "resync_max_ms": round(max(overall.resyncs, default=0.0) * 1000, 1),
                "resume_max_ms": round(max(overall.resumes, default=0.0) * 1000, 1),
                "commands_lost": overall.lost,
                "unanswered": overall.unanswered,
            }
        )
    return report


def main(args: Any) -> int:
    """Run the bench with parsed ``args`` (see :func:`add_arguments`)."""
    from rich.console import Console

    _raise_file_limit(4 * args.games + 256)
    console = Console(stderr=args.json)
    if args.kill_after is not None and (args.target or args.processes < 2):
        raise SystemExit("--kill-after needs --processes 2 or more, started by the bench")
    if args.reference_path is not None and args.target:
        raise SystemExit("--reference-path needs servers started by the bench, not --target")
    if args.reference_path is None:
        figures = _load_once(args, None)
        _print_figures(
            console, figures, f"nardy bench server: {args.games} games of {args.variant}"
        )
    else:
        reference = _load_once(args, args.reference_path)
        _print_figures(console, reference, f"reference ({args.reference_path})")
        figures = _load_once(args, None)
        _print_figures(console, figures, "this tree")
        figures["reference"] = reference
        figures["ratios"] = _ratios(reference, figures)
        console.print(f"this tree / reference: {figures['ratios']}")
    if args.json:
        print(json.dumps(figures, separators=(",", ":")), flush=True)
    return 0 if figures["moves"] and not figures["failed_connections"] else 1


def _load_once(args: Any, path: str | None) -> dict[str, Any]:
    """Start the servers (from the source tree at ``path``, or this one), load them, stop
    them; or load ``args.target``."""
    with tempfile.TemporaryDirectory(prefix="nardy-bench-") as folder:
        servers: list[ServerProcess] = []
        try:
            if not args.target:
                servers = start_servers(
                    args.processes, Path(folder), args.database, args.broker, args.serve_arg, path
                )
            targets = args.target or [s.url for s in servers]
            return _run(run_load(args, targets, servers))
        finally:
            for server in servers:
                server.stop()


def _ratios(reference: dict[str, Any], figures: dict[str, Any]) -> dict[str, float | None]:
    """This tree's figures over the reference's: above 1 is more commands a second, and
    longer round trips and more CPU a command.

    >>> _ratios({"moves_per_second": 700.0, "p99_ms": 40.0, "server_cpu_ms_per_move": 1.0},
    ...         {"moves_per_second": 2100.0, "p99_ms": 20.0, "server_cpu_ms_per_move": 0.25})
    {'moves_per_second': 3.0, 'p99_ms': 0.5, 'server_cpu_ms_per_move': 0.25}
    """
    ratios: dict[str, float | None] = {}
    for key in ("moves_per_second", "p99_ms", "server_cpu_ms_per_move"):
        before, after = reference.get(key), figures.get(key)
        ratios[key] = round(after / before, 2) if before and after is not None else None
    return ratios


def _print_figures(console: Any, figures: dict[str, Any], title: str) -> None:
    from rich.table import Table

    table = Table(title=title)
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in figures.items():
        if key != "targets":
            table.add_row(key, str(value))
    console.print(table)
    if len(figures["targets"]) > 1:
        per = Table(title="per target")
        for key in figures["targets"][0]:
            per.add_column(key, justify="right")
        for row in figures["targets"]:
            per.add_row(*(str(value) for value in row.values()))
        console.print(per)
