"""What is stored and what is sent agree: nothing is visible before it is stored, a write the
store refuses is answered and leaves the table as stored, the ack carries the version of the
sender's own command, and a command sent again with the same id is applied once."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from client import Client, Policy, actionable, may_end_early, play_lockstep, run, seated_pair
from servers import LiveServer
from sqlalchemy.exc import OperationalError

from nardy.rules.plays import legal_plays
from nardy.server.app import ServerConfig
from nardy.server.http.table_socket import TableSockets
from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.site.throttle import Throttle
from nardy.server.store.database import Append, Store, StoreError
from nardy.server.tables.replies import Replies
from nardy.server.tables.table import Table

Payload = dict[str, Any]


class FaultyStore(Store):
    """A real SQLite store whose next matching write a test can hold until released, or
    make fail as a full disk does."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.hold_if: Callable[[Payload], bool] | None = None
        self.held = threading.Event()
        self.release = threading.Event()
        self.fail_if: Callable[[Payload], bool] | None = None

    def append_batch(self, events: list[Append]) -> list[StoreError | None]:
        payloads = [payload for _, _, payload, _ in events]
        hold = self.hold_if
        if hold is not None and any(hold(payload) for payload in payloads):
            self.hold_if = None
            self.held.set()
            self.release.wait(30)
        fail = self.fail_if
        if fail is not None and any(fail(payload) for payload in payloads):
            raise OperationalError("INSERT INTO events", {}, Exception("database or disk is full"))
        return super().append_batch(events)


def faulty_server(tmp_path: Path) -> LiveServer:
    database = tmp_path / "nardy.sqlite3"
    store = FaultyStore(f"sqlite:///{database}")
    return LiveServer(database, ServerConfig(bot_delay=0.0, entropy_wait=0.0), store=store)


def stored_view(live: LiveServer, table: str, player_id: str | None) -> dict[str, Any]:
    """The state as the store alone gives it (a table rebuilt from its events)."""
    store = Store(f"sqlite:///{live.database}")
    try:
        rebuilt = Table(store.table(table), store)
        rebuilt.restore()
        return rebuilt.view(player_id)
    finally:
        store.close()


def is_event(kind: str) -> Callable[[Payload], bool]:
    return lambda payload: payload.get("event", {}).get("type") == kind


def can_confirm_a_step(state: dict[str, Any]) -> bool:
    return bool(state["legal"].get("confirm") and state["steps"])


async def until_ala_can_confirm(live: LiveServer, seed: int = 3) -> tuple[list[Client], str]:
    players, table = await seated_pair(live.url, "backgammon", {"match_to": 3})
    quiet = Policy(undo=0.0, double=0.0, whole_play=0.0)
    await play_lockstep(players, random.Random(seed), quiet, until=can_confirm_a_step)
    return players, table


def test_a_state_never_shows_a_play_before_it_is_stored(tmp_path: Path) -> None:
    """While the confirmation of a play is being written, a resync (or a socket joining)
    gets the state of the version before it: ``last_play`` included."""
    with faulty_server(tmp_path) as live:
        store = live.store
        assert isinstance(store, FaultyStore)

        async def scenario() -> tuple[dict[str, Any], ...]:
            (ala, ben), table = await until_ala_can_confirm(live)
            await ben.wait_n(ala.state["n"])
            before = (ala.state, ben.state)
            store.hold_if = is_event("confirm")
            await ala.send_raw(json.dumps({"type": "confirm", "id": "confirm"}))
            assert await asyncio.to_thread(store.held.wait, 15)
            seen = len(ben.states)
            await ben.send_raw(json.dumps({"type": "resync"}))
            await ben.wait(lambda: len(ben.states) > seen)
            watcher = Client(live.url, "watcher")
            during_join = await watcher.open(table)
            during = ben.states[-1]
            store.release.set()
            await ala.wait(lambda: "confirm" in ala.replies)
            assert ala.replies["confirm"]["type"] == "ack"
            await ben.wait_n(ala.replies["confirm"]["n"])
            after = ben.state
            for client in (ala, ben, watcher):
                await client.aclose()
            return before[1], during, during_join, after

        before, during, during_join, after = run(scenario())
    assert during == before  # the same version, the same contents
    assert during_join["n"] == before["n"]
    assert during_join["last_play"] == before["last_play"]
    assert after["n"] == before["n"] + 1 and after["last_play"] != before["last_play"]


def test_a_duplicate_event_number_is_answered_and_the_table_rebuilt(live: LiveServer) -> None:
    """Another writer stored the table's next event: the command is refused with the reason,
    the socket stays open, everyone gets the table as stored, and the command sent again
    counts."""

    async def scenario() -> None:
        (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 1})
        n = ala.state["n"]
        elsewhere = {"from": "elsewhere", "seat": None, "text": "written elsewhere", "at": 1.0}
        await asyncio.to_thread(live.store.append, table, n + 1, {"chat": elsewhere})
        reply = await ala.request({"type": "chat", "text": "hello"})
        assert reply["type"] == "error" and "could not save" in reply["message"], reply
        await ala.wait_n(n + 1)
        await ben.wait_n(n + 1)
        assert ala.state["chat"][-1]["text"] == "written elsewhere"
        assert ala.state == stored_view(live, table, ala.player_id) | {"n": ala.state["n"]}
        assert await ala.command({"type": "chat", "text": "hello"}) == n + 2
        mover = ala if ala.state["legal"].get("steps") is not None else ben
        await asyncio.to_thread(
            live.store.append, table, n + 3, {"chat": {**elsewhere, "text": "again"}}
        )
        step = mover.state["legal"]["steps"][0]
        reply = await mover.request({"type": "step", "from": step[0], "to": step[1]})
        assert reply["type"] == "error", reply
        await mover.wait_n(n + 3)
        assert mover.state["steps"] == []
        await mover.command({"type": "step", "from": step[0], "to": step[1]})
        assert mover.state["steps"] == [step]
        for client in (ala, ben):
            assert client.reader is not None and not client.reader.done()
            await client.aclose()

    run(scenario())


def test_a_failed_write_changes_nothing_and_says_why(tmp_path: Path) -> None:
    """A full disk: the automatic-play setting and a confirmation are refused with the
    database's reason, and the live table stays equal to the store (12.8)."""
    with faulty_server(tmp_path) as live:
        store = live.store
        assert isinstance(store, FaultyStore)

        async def scenario() -> None:
            (ala, ben), table = await until_ala_can_confirm(live, seed=5)
            store.fail_if = lambda payload: "auto" in payload
            reply = await ala.request({"type": "auto", "roll": True, "moves": True})
            assert reply["type"] == "error" and "disk is full" in reply["message"], reply
            await ala.send_raw(json.dumps({"type": "resync"}))
            await ala.wait(lambda: ala.states[-1]["auto"] == {} and len(ala.states) > 1)
            assert ala.state["auto"] == {}
            assert ala.state == stored_view(live, table, ala.player_id)

            store.fail_if = is_event("confirm")
            before = ala.state
            reply = await ala.request({"type": "confirm"})
            assert reply["type"] == "error" and "disk is full" in reply["message"], reply
            seen = len(ala.states)
            await ala.send_raw(json.dumps({"type": "resync"}))
            await ala.wait(lambda: len(ala.states) > seen)
            assert ala.state == before == stored_view(live, table, ala.player_id)
            store.fail_if = None
            await ala.command({"type": "confirm"})
            assert ala.state["last_play"]["steps"] == before["steps"]
            for client in (ala, ben):
                await client.aclose()

        run(scenario())
        assert not live.errors, [record.getMessage() for record in live.errors]


def test_a_command_sent_again_with_its_id_is_applied_once(live: LiveServer) -> None:
    """12.6: an undo and a chat message retried with the same id change the table once; the
    retry is answered with the first answer."""

    async def scenario() -> None:
        (ala, ben), _ = await until_ala_can_confirm(live, seed=11)
        steps = len(ala.state["steps"])
        for kind in ("undo", "chat"):
            message = json.dumps({"type": kind, "text": "once", "id": f"same-{kind}"})
            answers = []
            for _ in range(2):
                await ala.send_raw(message)
                await ala.wait(lambda k=kind: f"same-{k}" in ala.replies)  # type: ignore[misc]
                answers.append(ala.replies.pop(f"same-{kind}"))
            assert answers[0] == answers[1] and answers[0]["type"] == "ack", answers
            await ben.wait_n(answers[0]["n"])
        n = await ala.command({"type": "chat", "text": "last"})
        assert n == answers[0]["n"] + 1  # nothing else was stored meanwhile
        assert len(ala.state["steps"]) == steps - 1
        assert [c["text"] for c in ala.state["chat"]].count("once") == 1
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


class HeldConnection:
    """A connection whose first state after version ``hold_after`` waits for ``gate``."""

    def __init__(self, player_id: str, hold_after: int | None = None) -> None:
        self.player_id: str | None = player_id
        self.replies = Replies()
        self.messages: list[dict[str, Any]] = []
        self.hold_after = hold_after
        self.holding = asyncio.Event()
        self.gate = asyncio.Event()

    async def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)
        hold = self.hold_after
        if hold is not None and message.get("type") == "state" and message["n"] > hold:
            self.hold_after = None
            self.holding.set()
            await self.gate.wait()

    async def send_text(self, text: str) -> None:
        await self.send(json.loads(text))


def test_the_ack_carries_the_version_of_the_senders_own_command() -> None:
    """The opponent's next command is applied while the sender's state is still on its way:
    the sender's ack names the version of its own command, not the opponent's."""

    async def scenario() -> tuple[int, int]:
        store = Store("sqlite://")
        lobby = Lobby(store, lambda variant, level: None, bot_delay=0.0, entropy_wait=0.0)  # type: ignore[arg-type,return-value]
        request = TableRequest.from_json({"variant": "backgammon", "seat": 0})
        table = await lobby.create("ala", "Ala", request)
        await lobby.join(table.id, "ben", "Ben", None)
        assert isinstance(table, Table)
        starter = table.game.turn
        assert starter is not None
        mover, other = ("ala", "ben") if starter == 0 else ("ben", "ala")
        own = HeldConnection(mover, hold_after=table.n)
        watching = HeldConnection(other)
        await table.join(own)
        await table.join(watching)
        steps = legal_plays(table.game.position, table.game.dice or (1, 1))[0].steps
        play = json.dumps({"type": "play", "steps": [list(s) for s in steps], "id": "play"})
        sockets = TableSockets(store, lobby, Throttle())
        sending = asyncio.create_task(sockets.handle(table, own, mover, play))  # type: ignore[arg-type]
        await asyncio.wait_for(own.holding.wait(), 10)
        made = table.n
        roll = json.dumps({"type": "roll", "id": "roll"})
        await sockets.handle(table, watching, other, roll)  # type: ignore[arg-type]
        assert table.n == made + 1
        own.gate.set()
        await asyncio.wait_for(sending, 10)
        ack = next(m for m in own.messages if m.get("id") == "play")
        store.close()
        return ack["n"], made

    acked, made = asyncio.run(scenario())
    assert acked == made


def test_a_refused_write_leaves_the_clock_enforced(tmp_path: Path) -> None:
    """A clock is still enforced after the store refused a write: the table rebuilt from
    the store starts the actor's clock again, and a player who then does nothing loses on
    time (the timer armed before the refusal waited for a deadline that had moved, and gave
    up without arming one for the new deadline)."""
    with faulty_server(tmp_path) as live:
        store = live.store
        assert isinstance(store, FaultyStore)

        async def scenario() -> None:
            clock = {"move": 2.0, "reserve": 1.0}
            (ala, ben), _ = await seated_pair(live.url, "backgammon", {"match_to": 3}, clock=clock)
            # both play first: a match a seat never played would be aborted by the clock
            played = lambda s: s["n"] > 10 and may_end_early(ala)  # noqa: E731
            await play_lockstep([ala, ben], random.Random(4), Policy(), until=played)
            idle = ala if actionable(ala.state) else ben
            seat = idle.state["you"]
            store.fail_if = lambda payload: "auto" in payload
            reply = await idle.request({"type": "auto", "roll": True, "moves": True})
            assert reply["type"] == "error" and "disk is full" in reply["message"], reply
            store.fail_if = None
            await ala.wait(lambda: ala.state["status"] == "over", timeout=40)
            assert ala.state["winner"] == 1 - seat
            assert ala.state["result"]["reason"] == "time"
            for client in (ala, ben):
                await client.aclose()

        run(scenario())
