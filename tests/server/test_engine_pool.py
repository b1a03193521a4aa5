"""Engine work never starves play (docs/DEPLOY.md, "Engine limits"; docs/PROTOCOL.md,
"Reviews, hints and analysis"), against a real ``nardy serve`` over loopback: the heaviest
engine requests one address may make leave two other players' moves quick, engine routes
are paced, abandoned work is stopped, a request's cost is bounded, and the live decision
of a rated match is analysed for nobody — also through another process of the site."""

from __future__ import annotations

import asyncio
import random
import statistics
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from client import Client, Policy, play_lockstep, record, run
from processes import SiteProcesses
from servers import free_socket, start_serve

from nardy.formats.position_json import position_to_json
from nardy.formats.record import replay

AS_PLAY = ("--engine-nice", "0")
"""Workers at the server's own priority, for the tests that time the engine itself: on a
machine shared with other work, workers of the lowest priority may wait long for a core."""

BAR = {"variant": "backgammon", "board": [0] * 24, "bar": [15, 15], "off": [0, 0]}
"""Thirty checkers on the bar: the costliest rollout a game's length can make."""
RACE = {
    "variant": "backgammon",
    "board": [2, 2, 2, 0, 0, 0, *[0] * 12, 0, 0, 0, -2, -2, -2],
    "bar": [0, 0],
    "off": [9, 9],
}
"""A short race: a rollout of it is quick."""
BLOTS = {
    "variant": "backgammon",
    "board": [1] * 15 + [-1] * 8 + [-7],
    "bar": [0, 0],
    "off": [0, 0],
}


SERVED: dict[str, int] = {}
"""The process id of each server by its URL."""


@contextmanager
def serving(tmp_path: Path, *extra: str) -> Iterator[str]:
    """``nardy serve`` on a fresh SQLite database in its own process; yields its URL."""
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    log = tmp_path / "serve.log"
    process = start_serve(f"sqlite:///{tmp_path / 'nardy.sqlite3'}", port, log, *extra)
    url = f"http://127.0.0.1:{port}"
    SERVED[url] = process.pid
    try:
        yield url
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:  # still computing (before the pool, no bound)
            process.kill()
            process.wait()
    assert "Traceback" not in log.read_text(), log.read_text()


def http(url: str, timeout: float = 120) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=url, trust_env=False, timeout=timeout)


class TimedClient(Client):
    """A player who notes how long each command takes to come back as its new state."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.round_trips: list[float] = []

    async def command(self, message: dict[str, Any]) -> int:
        start = time.perf_counter()
        n = await super().command(message)
        self.round_trips.append(time.perf_counter() - start)
        return n


async def attack(url: str, body: dict[str, Any], sent: asyncio.Event, stop: asyncio.Event) -> None:
    """Ask for ``body``'s rollout again and again, as one address, whatever the answer."""
    async with http(url, timeout=600) as client:
        while not stop.is_set():
            sent.set()
            reply = await client.post("/api/rollout", json=body)
            assert reply.status_code in (200, 429, 503), reply.text
            if reply.status_code != 200:
                assert int(reply.headers["retry-after"]) > 0
                await asyncio.sleep(0.05)  # a refusal costs the server little; ask again


def test_two_players_move_quickly_while_one_address_loads_the_engine(tmp_path: Path) -> None:
    with serving(tmp_path) as url:

        async def scenario() -> list[float]:
            ala, ben = TimedClient(url, "Ala"), TimedClient(url, "Ben")
            for player in (ala, ben):
                await player.guest()
            table = await ala.create("backgammon", {"match_to": 0}, seat=0)
            await ben.join(table)
            await ala.open()
            await ben.open()
            stop = asyncio.Event()
            sent = [asyncio.Event() for _ in range(8)]
            attackers = [
                asyncio.create_task(attack(url, {"position": BAR, "games": 36}, s, stop))
                for s in sent
            ]
            for event in sent:
                await event.wait()
            rng = random.Random(5)
            trips = lambda _: len(ala.round_trips) + len(ben.round_trips) >= 300  # noqa: E731
            await play_lockstep([ala, ben], rng, Policy(resign=0.0), until=trips)
            stop.set()
            for task in attackers:
                task.cancel()
            await asyncio.gather(*attackers, return_exceptions=True)
            for player in (ala, ben):
                await player.aclose()
            return ala.round_trips + ben.round_trips

        times = run(scenario(), timeout=600)
    p95 = statistics.quantiles(times, n=20)[-1]
    print(f"p95 of {len(times)} move round trips: {p95 * 1000:.0f} ms")
    assert len(times) >= 300
    assert p95 < 0.25, f"p95 of {len(times)} move round trips: {p95 * 1000:.0f} ms"


def test_hints_and_analyses_are_paced(tmp_path: Path) -> None:
    with serving(tmp_path, *AS_PLAY) as url:  # 20 a minute a session, 40 an address

        async def scenario() -> None:
            ala = Client(url, "Ala")
            await ala.guest()
            await ala.create("backgammon", {"match_to": 0}, opponent="computer", seat=0)
            await ala.open()
            answers = [
                (await ala.http.get(f"/api/tables/{ala.table}/hint?ply=0")) for _ in range(21)
            ]
            assert [a.status_code for a in answers[:20]] == [200] * 20, answers[0].text
            assert answers[20].status_code == 429 and int(answers[20].headers["retry-after"]) > 0
            assert "try again" in answers[20].json()["detail"]
            async with http(url) as anonymous:  # no session: the address's rate alone
                body = {"position": RACE, "dice": [3, 1], "ply": 0}
                codes = [
                    (await anonymous.post("/api/analyse", json=body)).status_code for _ in range(41)
                ]
            assert 429 in codes and set(codes[: codes.index(429)]) == {200}, codes
            assert codes.index(429) >= 15, codes  # the hints above count for the address too
            await ala.aclose()

        run(scenario())


def workers(pid: int) -> set[int]:
    """The worker processes ``pid`` has started (Linux's /proc: its children that
    multiprocessing spawned, not its resource tracker)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:  # ended meanwhile
            continue
        if int(fields[1]) == pid and b"spawn_main" in command:
            found.add(int(stat.parent.name))
    return found


async def one_gone(pids: set[int], timeout: float) -> bool:
    """Whether a process of ``pids`` has ended within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while all(Path(f"/proc/{pid}").exists() for pid in pids):
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


def test_abandoned_engine_work_is_stopped(tmp_path: Path) -> None:
    with serving(tmp_path, *AS_PLAY) as url:

        async def scenario() -> None:
            async with http(url) as warm:  # the workers are ready
                reply = await warm.post("/api/rollout", json={"position": RACE, "games": 36})
                assert reply.status_code == 200, reply.text
            ready = workers(SERVED[url])
            assert ready
            for _ in range(3):  # each would run about 15 CPU-seconds: more than the workers
                async with http(url, timeout=0.5) as impatient:
                    with pytest.raises(httpx.TimeoutException):
                        await impatient.post("/api/rollout", json={"position": BAR, "games": 36})
            # a worker running an abandoned rollout is stopped and replaced
            assert await one_gone(ready, timeout=30), "the abandoned rollouts still run"
            start = time.perf_counter()
            async with http(url) as other:  # not behind the abandoned ones (45 CPU-seconds)
                reply = await other.post("/api/rollout", json={"position": RACE, "games": 36})
                assert reply.status_code == 200, reply.text
            assert time.perf_counter() - start < 30
            assert len(workers(SERVED[url])) <= len(ready)

        run(scenario(), timeout=300)


def test_a_request_beyond_the_cost_bound_is_refused(tmp_path: Path) -> None:
    with serving(tmp_path, *AS_PLAY) as url:

        async def scenario() -> None:
            async with http(url, timeout=60) as client:
                start = time.perf_counter()
                reply = await client.post("/api/rollout", json={"position": BAR, "games": 72})
                assert reply.status_code == 400, reply.text
                assert "fewer games" in reply.json()["detail"]
                assert time.perf_counter() - start < 5  # refused, not computed
                ok = await client.post("/api/rollout", json={"position": RACE, "games": 324})
                assert ok.status_code == 200, ok.text
                blots = {"position": BLOTS, "dice": [1, 1], "ply": 2}
                assert (await client.post("/api/analyse", json=blots)).status_code == 200

        run(scenario(), timeout=300)


async def rated_pair(urls: list[str]) -> tuple[list[Client], str]:
    """Two registered players at a rated match, Ala through the first URL, Ben the last."""
    ala, ben = Client(urls[0], "Ala"), Client(urls[-1], "Ben")
    for player in (ala, ben):
        body = {"name": player.name, "password": "a long secret"}
        reply = await player.http.post("/api/register", json=body)
        assert reply.status_code == 200, reply.text
    table = await ala.create("backgammon", {"match_to": 3}, seat=0, rated=True)
    await ben.join(table)
    await ala.open()
    await ben.open()
    await ala.wait(lambda: "steps" in ala.state["legal"] or "steps" in ben.state["legal"])
    return [ala, ben], table


async def assert_live_refused(url: str, match: Any, asker: httpx.AsyncClient) -> None:
    """The live decision is refused, either way round; other dice are answered."""
    game = match.game
    position, dice = game.position, list(game.moving.dice)
    for shown in (position, position.flipped()):
        body = {"position": position_to_json(shown), "dice": dice, "ply": 0}
        refused = await asker.post("/api/analyse", json=body)
        assert refused.status_code == 403, refused.text
        assert "rated match in play" in refused.json()["detail"]
    rollout = {"position": position_to_json(position), "dice": dice, "games": 36}
    assert (await asker.post("/api/rollout", json=rollout)).status_code == 403
    other = [d % 6 + 1 for d in dice]
    body = {"position": position_to_json(position), "dice": other, "ply": 0}
    assert (await asker.post("/api/analyse", json=body)).status_code == 200


def test_a_rated_matchs_live_position_is_analysed_for_nobody(tmp_path: Path) -> None:
    with serving(tmp_path, *AS_PLAY) as url:

        async def scenario() -> None:
            players, table = await rated_pair([url])
            match = replay(await record(url, table))
            for asker in (players[0].http, http(url)):  # a seated player, and anyone
                await assert_live_refused(url, match, asker)
            for player in players:
                await player.aclose()

        run(scenario())


@pytest.mark.processes(2)
def test_a_live_rated_position_is_refused_by_every_process(site: SiteProcesses) -> None:
    async def scenario() -> None:
        players, table = await rated_pair(site.urls[:1])
        match = replay(await record(site.urls[0], table))
        async with http(site.urls[1]) as elsewhere:  # the table lives in the first process
            await assert_live_refused(site.urls[1], match, elsewhere)
        for player in players:
            await player.aclose()

    run(scenario())
