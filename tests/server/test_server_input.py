"""Bad input never breaks a table: every bad message gets a clear error, the table is
unchanged, and after thousands of random messages it still plays and replays."""

from __future__ import annotations

import asyncio
import json
import os
import random
from typing import Any

from client import Client, Policy, actionable, play_lockstep, run, seated_pair
from servers import LiveServer

from nardy.server.store.database import Store
from nardy.server.tables.table import Table


async def error_for(client: Client, text: str | bytes) -> dict[str, Any]:
    """Send ``text`` raw and return the error it gets (one without an id)."""
    count = len(client.other)
    await client.send_raw(text)
    await client.wait(lambda: len(client.other) > count)
    reply = client.other[count]
    assert reply["type"] == "error", reply
    return reply


async def unchanged(client: Client, before: dict[str, Any]) -> None:
    """The table is exactly as it was (asked again with a resync)."""
    count = len(client.states)
    await client.send_raw(json.dumps({"type": "resync"}))
    await client.wait(lambda: len(client.states) > count)
    assert client.state == before


def test_bad_messages_get_clear_errors_and_change_nothing(live: LiveServer) -> None:
    async def scenario() -> None:
        (ala, ben), _ = await seated_pair(live.url, "backgammon", {"match_to": 3})
        mover, waiter = (ala, ben) if actionable(ala.state) else (ben, ala)
        before = mover.state
        assert before["phase"] == "moving"  # backgammon: the opening roll is played at once
        raw = {
            "{not json": "not valid JSON",
            "[1, 2, 3]": "JSON object",
            '"roll"': "JSON object",
            "[" * 3000 + "]" * 1000: "not valid JSON",
            json.dumps({"type": "roll", "pad": "x" * 5000}): "too large",
        }
        for text, expected in raw.items():
            reply = await error_for(mover, text)
            assert expected in reply["message"], (text[:40], reply)
            await unchanged(mover, before)
        reply = await error_for(mover, b'{"type": "ping"}')
        assert "text frame" in reply["message"]
        refused = [
            (mover, {"type": "fly"}, "unknown command"),
            (mover, {}, "unknown command"),
            (mover, {"type": None}, "unknown command"),
            (mover, {"type": "roll"}, "cannot roll now"),
            (mover, {"type": "take"}, "no double to answer"),
            (mover, {"type": "step", "from": 3, "to": 24}, ""),
            (mover, {"type": "step", "from": "24", "to": 20}, "whole numbers"),
            (mover, {"type": "step", "from": 24.0, "to": 20}, "whole numbers"),
            (mover, {"type": "step", "from": 10**40, "to": -(10**40)}, ""),
            (mover, {"type": "play", "steps": "24/20"}, "list of [from, to]"),
            (mover, {"type": "play", "steps": [[24, 20, 1]]}, "list of [from, to]"),
            (mover, {"type": "play", "steps": []}, "unplayed"),
            (mover, {"type": "resign", "level": "all"}, "'level'"),
            (mover, {"type": "resign", "level": 7}, "level"),
            (mover, {"type": "chat"}, "text"),
            (mover, {"type": "chat", "text": "   "}, "text"),
            (mover, {"type": "chat", "text": "\u200b\u3164"}, "text' that shows"),
            (waiter, {"type": "step", "from": 13, "to": 7}, "turn"),
            (waiter, {"type": "roll"}, "turn"),
            (waiter, {"type": "confirm"}, "turn"),
            (waiter, {"type": "double"}, ""),
            (waiter, {"type": "accept"}, "no resignation"),
        ]
        for client, message, expected in refused:
            reply = await client.request(message)
            assert reply["type"] == "error" and reply["message"], (message, reply)
            assert expected in reply["message"], (message, reply)
            await unchanged(mover, before)
        # far too large for a frame: the server closes that one connection, and only that
        await mover.send_raw(json.dumps({"type": "chat", "text": "x" * 100_000}))
        await mover.wait(lambda: mover.reader is not None and mover.reader.done())
        assert mover.socket is not None and mover.socket.close_code == 1009
        assert await mover.open() == before
        await waiter.request({"type": "ping"})
        await play_lockstep([ala, ben], random.Random(1))
        assert ala.state["status"] == "over"
        await ala.aclose()
        await ben.aclose()

    run(scenario())


# -- fuzzing

JUNK: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    25,
    26,
    10**20,
    -(10**20),
    1.5,
    float("nan"),
    "",
    "24",
    "roll",
    [],
    [24],
    [24, 20],
    [[24, 20]],
    [[24, 20], [13, 11]],
    {},
    {"type": "roll"},
]
TYPES = [
    "roll",
    "step",
    "undo",
    "confirm",
    "play",
    "double",
    "take",
    "drop",
    "resign",
    "accept",
    "decline",
    "chat",
    "resync",
    "auto",
    "ping",
    "ROLL",
    "",
    "steps",
    "__class__",
]


def legal_message(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A command the state says is allowed (possibly out of date by the time it arrives)."""
    legal = state.get("legal", {})
    options: list[dict[str, Any]] = []
    for key in ("roll", "double", "take", "drop", "accept", "decline", "undo", "confirm"):
        if legal.get(key):
            options.append({"type": key})
    for source, target in legal.get("steps", []):
        options.append({"type": "step", "from": source, "to": target})
    if state.get("steps") and legal.get("confirm"):
        options.append({"type": "play", "steps": state["steps"]})
    return rng.choice(options) if options else {"type": "ping"}


def mutate(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    message = dict(message)
    for _ in range(rng.randint(1, 3)):
        what = rng.random()
        keys = list(message)
        if what < 0.3:
            message["type"] = rng.choice(TYPES)
        elif what < 0.5 and keys:
            del message[rng.choice(keys)]
        elif what < 0.8:
            key = rng.choice([*keys, "from", "to", "steps", "level", "text", "roll", "moves"])
            message[key] = rng.choice(JUNK)
        else:
            message[rng.choice(["player", "seat", "you", "n", "__proto__"])] = rng.choice(JUNK)
    return message


def standard_json(message: dict[str, Any]) -> bool:
    """Whether ``message`` is standard JSON (Python's ``json`` writes NaN, which is not)."""
    try:
        json.dumps(message, allow_nan=False)
    except ValueError:
        return False
    return True


def garbage(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(40)))
    if kind == 1:
        text = json.dumps({"type": rng.choice(TYPES), "from": 24, "to": 20})
        return text[: rng.randrange(len(text))]
    if kind == 2:
        return json.dumps(rng.choice(JUNK))
    if kind == 3:
        depth = rng.randrange(1, 3000)
        return "[" * depth + "]" * depth
    if kind == 4:
        return json.dumps({"type": "chat", "text": "é" * rng.randrange(1000, 3000)})
    return json.dumps(
        {"type": "step", "from": 24, "to": 20, "pad": "x" * rng.randrange(4000, 9000)}
    )


def test_fuzzing_a_table_over_a_real_socket(live: LiveServer) -> None:
    """Thousands of random, mutated and valid messages from both players, a spectator and
    a stranger, sent in bursts without waiting; then the table still plays, and its stored
    events replay to the state everybody sees."""
    seed = int(os.environ.get("NARDY_FUZZ_SEED", "20240229"))
    rng = random.Random(seed)
    variant = os.environ.get("NARDY_FUZZ_VARIANT", "backgammon")

    async def scenario() -> dict[str, Any]:
        (ala, ben), table = await seated_pair(live.url, variant, {"match_to": 0})
        cid = Client(live.url, "Cid")
        await cid.guest()
        await cid.open(table)
        spectator = Client(live.url, "spectator")
        await spectator.open(table)
        clients = [ala, ben, cid, spectator]
        sent = accepted = 0
        for burst in range(150):
            waiting: list[tuple[Client, str]] = []
            for _ in range(20):
                client = rng.choice(clients)
                roll = rng.random()
                if roll < 0.35:
                    message: dict[str, Any] | None = legal_message(client.state, rng)
                elif roll < 0.8:
                    base = legal_message(rng.choice([ala, ben]).state, rng)
                    message = mutate(base, rng)
                else:
                    message = None
                if message is not None and not standard_json(message):
                    await client.send_raw(json.dumps(message))  # NaN: not JSON, no id read
                elif message is not None and message.get("type") != "resync":
                    client.next_id += 1
                    key = f"{burst}-{client.next_id}"
                    message["id"] = key
                    waiting.append((client, key))
                    await client.send_raw(json.dumps(message))
                else:
                    await client.send_raw(garbage(rng))
                sent += 1
            for client, key in waiting:
                await client.wait(lambda c=client, k=key: k in c.replies)  # type: ignore[misc]
                reply = client.replies.pop(key)
                assert reply["type"] in ("ack", "error", "pong"), reply
                if reply["type"] == "error":
                    assert isinstance(reply["message"], str) and reply["message"]
                accepted += reply["type"] == "ack"
            for client in clients:
                assert client.reader is not None and not client.reader.done()
        assert all(e["type"] == "error" and e["message"] for c in clients for e in c.other)
        # everybody agrees on the table after a resync
        for client in clients:
            await client.send_raw(json.dumps({"type": "resync"}))
        n = max(c.state["n"] for c in clients)
        for client in clients:
            await client.wait_n(n)
        await asyncio.sleep(0.1)
        assert len({c.state["n"] for c in clients}) == 1
        # the table still works: play on to the end of the next game
        game = ala.state["game"]
        await play_lockstep([ala, ben], rng, Policy(), until=lambda s: s["game"] > game + 1)
        await spectator.wait_n(ala.state["n"])
        final = spectator.state
        for client in clients:
            await client.aclose()
        return {"sent": sent, "accepted": accepted, "table": table, "final": final}

    got = run(scenario(), timeout=240)
    assert got["sent"] >= 3000 and got["accepted"] > 100
    # the stored events, replayed from scratch, give the state the spectator saw last
    store = Store(f"sqlite:///{live.database}")
    try:
        replayed = Table(store.table(got["table"]), store)
        replayed.restore()
        assert replayed.view(None) == got["final"]
    finally:
        store.close()
