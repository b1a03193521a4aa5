"""The bot's side of the Bot API (INTERFACES.md §9): it follows its event stream, plays
every table it is seated at, one task a table, and opens a dropped stream again.

For each state in which the table waits for the bot (its ``legal`` holds more than the
offer to resign), the engine decides from the table's record and the bot sends one
command. States older than the bot's last acknowledged command are passed over; a stream
that drops is opened again after a pause that grows to :data:`MAX_PAUSE` seconds, and
starts with the table's current state, so nothing is missed. A command the site refused
(or one that found the table elsewhere than its state said) changes nothing, so no new
state follows it: the bot then asks for the table's current state (``resync``) after a
pause that grows to :data:`MAX_PAUSE` seconds, and decides again.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx

from nardy.botclient.engines import Engine, command_for, engine_named

log = logging.getLogger("nardy.bot")

MAX_PAUSE = 10.0
"""Longest wait before opening a dropped stream again, in seconds."""
READ_TIMEOUT = 30.0
"""Seconds without a line (the server sends one at least every 10) before a stream is
taken for dropped."""


CLOSED = "closed"
"""What a table's follower puts last in its queue: the stream ended."""


class Refused(RuntimeError):
    """The site refused the bot for good (a wrong or revoked token, not a bot account)."""


def waits_for_me(state: dict[str, Any]) -> bool:
    """Whether the table waits for a decision of this bot."""
    return state.get("status") == "playing" and any(k != "resign" for k in state.get("legal", {}))


class BotClient:
    """One bot at one site: ``engine`` names the engine of every table."""

    def __init__(
        self,
        server: str,
        token: str,
        engine: str = "expert",
        make_engine: Callable[[str, str], Engine] = engine_named,
    ) -> None:
        self.http = httpx.AsyncClient(
            base_url=server.rstrip("/"),
            headers={"Authorization": f"Bearer {token}"},
            timeout=httpx.Timeout(30.0, read=READ_TIMEOUT),
            trust_env=False,
        )
        self.engine = engine
        self.make_engine = make_engine
        self.playing: dict[str, asyncio.Task[None]] = {}
        self.finished: set[str] = set()

    async def run(self, tables: int | None = None) -> None:
        """Play until stopped (or until ``tables`` tables have finished)."""
        try:
            async for event in self._stream("/api/bot/events"):
                table = str(event.get("table"))
                task = self.playing.get(table)
                if event.get("type") == "start" and (task is None or task.done()):
                    self.playing[table] = asyncio.create_task(self.play(table))
                if event.get("type") == "finish" and task is not None:
                    await asyncio.wait([task], timeout=READ_TIMEOUT)  # its last state read
                    self.finished.add(table)
                if tables is not None and len(self.finished) >= tables:
                    return
        finally:
            for task in self.playing.values():
                task.cancel()
            await self.http.aclose()

    async def play(self, table: str) -> None:
        """Play ``table`` until its match is over."""
        states: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        follow = asyncio.create_task(self._follow(table, states))
        engine: Engine | None = None
        made = -1
        stuck = 0  # decisions in a row that changed nothing
        try:
            while True:
                try:
                    async with asyncio.timeout(_retry_after(stuck)):
                        state = await states.get()
                except TimeoutError:
                    state = await self._resync(table)
                if state.get("type") == CLOSED:
                    await follow  # its error, if the stream ended on one
                    return
                if state.get("type") != "state" or state["n"] < made:
                    continue
                if state["status"] == "over":
                    return
                if not waits_for_me(state):
                    stuck = 0
                    continue
                if engine is None:
                    variant = state["variant"]
                    engine = await asyncio.to_thread(self.make_engine, self.engine, variant)
                try:
                    version = await self._decide(table, state, engine)
                except (httpx.TransportError, httpx.HTTPStatusError) as error:
                    log.info("table %s: no answer (%s)", table, error)
                    version = -1
                stuck = 0 if version >= 0 else stuck + 1
                made = max(made, version)
        except Exception:
            log.exception("the bot stopped playing table %s", table)
        finally:
            follow.cancel()
            self.finished.add(table)

    async def _follow(self, table: str, states: asyncio.Queue[dict[str, Any]]) -> None:
        """Put the table's streamed states in ``states`` until its match is over, then
        :data:`CLOSED`."""
        try:
            async for state in self._stream(f"/api/bot/tables/{table}/stream"):
                states.put_nowait(state)
        finally:
            states.put_nowait({"type": CLOSED})

    async def _resync(self, table: str) -> dict[str, Any]:
        """The table's current state, or ``{}`` when the site did not answer."""
        try:
            return await self._command_reply(table, {"type": "resync"})
        except httpx.TransportError as error:
            log.info("table %s: no answer (%s)", table, error)
            return {}

    async def _decide(self, table: str, state: dict[str, Any], engine: Engine) -> int:
        """Send the engine's command for ``state``; the version it made (-1: none)."""
        for _ in state.get("steps") or ():  # a play begun before a reconnection
            await self._command(table, {"type": "undo"})
        reply = await self.http.get(f"/api/tables/{table}/record")
        reply.raise_for_status()
        command = await asyncio.to_thread(command_for, engine, reply.json(), state["you"])
        if command is None:
            return -1
        return await self._command(table, command)

    async def _command(self, table: str, command: dict[str, Any]) -> int:
        """Send ``command``; the version it made, or -1 when it was refused."""
        return int((await self._command_reply(table, command)).get("n", -1))

    async def _command_reply(self, table: str, command: dict[str, Any]) -> dict[str, Any]:
        """The site's answer to ``command`` (a refusal is logged and answered by ``{}``)."""
        reply = await self.http.post(f"/api/bot/tables/{table}/command", json=command)
        if reply.status_code in (401, 403):
            raise Refused(reply.json().get("message", reply.text))
        answer: dict[str, Any] = reply.json()
        if reply.status_code != 200:
            log.warning("table %s refused %s: %s", table, command, answer.get("message"))
            return {}
        return answer

    async def _stream(self, path: str) -> AsyncIterator[dict[str, Any]]:
        """The objects of an NDJSON stream, opened again whenever it drops; it ends when
        the server ends it after a finished match (a table's stream)."""
        pause = 0.5
        while True:
            try:
                async with self.http.stream("GET", path) as reply:
                    if reply.status_code in (401, 403, 404):
                        body = json.loads(await reply.aread())
                        raise Refused(f"{path}: {body.get('message', body)}")
                    reply.raise_for_status()
                    pause = 0.5
                    ended = False
                    async for line in reply.aiter_lines():
                        if line.strip():
                            item = json.loads(line)
                            ended = item.get("status") == "over"
                            yield item
                    if ended:
                        return
            except (httpx.TransportError, httpx.HTTPStatusError) as error:
                log.info("stream %s dropped (%s); opening it again", path, error)
            await asyncio.sleep(pause)
            pause = min(MAX_PAUSE, pause * 2)


def _retry_after(stuck: int) -> float | None:
    """Seconds to wait for a new state before asking for the current one, after ``stuck``
    decisions in a row that changed nothing (None: wait for the stream).

    >>> [_retry_after(k) for k in range(6)]
    [None, 1.0, 2.0, 4.0, 8.0, 10.0]
    """
    return None if stuck == 0 else min(MAX_PAUSE, 2.0 ** (stuck - 1))


def serve_forever(server: str, token: str, engine: str) -> int:
    """``nardy bot``'s work: play until interrupted; the exit status."""
    client = BotClient(server, token, engine)
    try:
        asyncio.run(client.run())
    except Refused as error:
        log.error("%s", error)
        return 1
    except KeyboardInterrupt:
        pass
    return 0
