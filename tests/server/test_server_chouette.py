"""A chouette table over real sockets: three people and the computer, until games settle
(RULES.md CH1–CH7)."""

from __future__ import annotations

import random
from typing import Any

from client import Client, run
from servers import LiveServer


async def decide(client: Client, rng: random.Random) -> None:
    """One decision from the chouette state's ``legal`` field (the client knows no rules)."""
    legal = client.state["legal"]
    if legal.get("agree"):
        message: dict[str, Any] = {"type": "agree" if rng.random() < 0.7 else "refuse"}
    elif legal.get("take"):
        message = {"type": "take" if rng.random() < 0.6 else "drop"}
    elif legal.get("roll"):
        doubling = legal.get("double") and rng.random() < 0.25
        message = {"type": "double" if doubling else "roll"}
    elif legal.get("steps"):
        source, target = rng.choice(legal["steps"])
        message = {"type": "step", "from": source, "to": target}
    else:
        message = {"type": "confirm"}
    await client.command(message)


def test_chouette_with_three_people_and_the_computer_settles(live: LiveServer) -> None:
    async def scenario() -> None:
        people = [await Client(live.url, name).guest() for name in ("Ala", "Bea", "Cyl")]
        table = await people[0].create(
            "backgammon", {}, kind="chouette", participants=4, computers=1
        )
        for person in people[1:]:
            await person.join(table)
        watcher = Client(live.url, "watcher")
        for client in (*people, watcher):
            await client.open(table)
        rng = random.Random(5)
        sent = 0
        while people[0].state.get("games", 0) < 3 and sent < 5000:
            n = max(c.state["n"] for c in (*people, watcher))
            for client in (*people, watcher):
                await client.wait_n(n)
            movers = [p for p in people if set(p.state["legal"]) - {"resign"}]
            if not movers:
                await people[0].wait_n(n + 1)
                continue
            await decide(rng.choice(movers), rng)
            sent += 1
        state = people[0].state
        await watcher.wait_n(state["n"])  # each socket has its own writer: it may be behind
        assert state["games"] >= 3, "three chouette games settle"
        assert sum(state["ledger"]) == 0  # CH7
        assert watcher.state["ledger"] == state["ledger"]
        assert sorted(state["participants"])[:3] == ["Ala", "Bea", "Cyl"]
        roles = state["roles"]
        assert roles["box"] is not None and roles["captain"] in roles["team"]
        payments = state["last"]["payments"]
        assert sum(payments) == 0
        versions = [s["n"] for s in watcher.states]
        assert versions == sorted(versions)
        # the last confirmed play of the game in progress, for the board to show
        plays = [s["last_play"] for s in watcher.states if s["last_play"]]
        assert plays and all(p["type"] == "play" and p["player"] in (0, 1) for p in plays)
        assert all(p["game"] == s["games"] + 1 for s in watcher.states if (p := s["last_play"]))
        # the move list: the game's plays so far, its last play last, each with its text
        for seen in watcher.states:
            moves, last = seen["moves"], seen["last_play"]
            assert (moves[-1] if moves else None) == (
                {k: v for k, v in last.items() if k != "game"} if last else None
            )
            assert all(move["text"] for move in moves)
        for client in (*people, watcher):
            await client.aclose()

    run(scenario(), timeout=300)


def test_chouette_refuses_what_the_rules_do_not_allow(live: LiveServer) -> None:
    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create("backgammon", {}, kind="chouette", participants=3, computers=2)
        state = await ala.open(table)
        await ala.wait(lambda: bool(ala.state["legal"]) or ala.state["phase"] != "opening")
        reply = await ala.request({"type": "accept"})
        assert reply["type"] == "error" and "final" in reply["message"]
        reply = await ala.request({"type": "fly"})
        assert reply["type"] == "error" and "unknown command" in reply["message"]
        bad = await Client(live.url, "Bo").guest()
        created = await bad.http.post(
            "/api/tables",
            json={"variant": "long-nardy", "kind": "chouette", "participants": 3},
        )
        assert created.status_code == 400 and "backgammon" in created.json()["detail"]
        assert state["kind"] == "chouette"
        await ala.aclose()
        await bad.aclose()

    run(scenario(), timeout=120)


def test_hints_at_a_chouette_only_where_computers_alone_sit_with_you(live: LiveServer) -> None:
    """docs/PROTOCOL.md, "Hints": a participant whom only computers sit with gets the
    engine's advice for the decision the game waits for; with another person, never."""

    async def scenario() -> None:
        ala = await Client(live.url, "Ala").guest()
        table = await ala.create("backgammon", {}, kind="chouette", participants=3, computers=2)
        await ala.open(table)
        assert ala.state["hints"]["allowed"] is True and ala.state["hints"]["computer"]
        await ala.wait(lambda: bool(ala.state["legal"]), timeout=60)
        reply = await ala.http.get(f"/api/tables/{table}/hint?ply=0")
        assert reply.status_code == 200, reply.text
        hint = reply.json()
        assert hint["kind"] in ("move", "cube", "roll", "take", "forced") and hint["ply"] == 0
        if hint["kind"] == "move":
            assert hint["plays"][0]["difference"] == 0 and len(hint["plays"][0]["chances"]) == 5
        watcher = await Client(live.url, "Wanda").guest()
        reply = await watcher.http.get(f"/api/tables/{table}/hint")
        assert reply.status_code == 400 and "players at the table" in reply.json()["detail"]

        bea, cyl = [await Client(live.url, name).guest() for name in ("Bea", "Cyl")]
        shared = await bea.create("backgammon", {}, kind="chouette", participants=3, computers=1)
        await cyl.join(shared)
        for person in (bea, cyl):
            await person.open(shared)
            assert person.state["hints"]["allowed"] is False
        reply = await bea.http.get(f"/api/tables/{shared}/hint")
        assert reply.status_code == 400 and "only computers" in reply.json()["detail"]
        for client in (ala, watcher, bea, cyl):
            await client.aclose()

    run(scenario(), timeout=120)


def test_CH8_a_resignation_is_final_and_one_who_leaves_is_played_by_the_computer(
    live: LiveServer,
) -> None:
    """RULES.md CH8; docs/PROTOCOL.md, "A chouette's state": ``leave``."""

    async def scenario() -> None:
        ala, bea = [await Client(live.url, name).guest() for name in ("Ala", "Bea")]
        table = await ala.create("backgammon", {}, kind="chouette", participants=3, computers=1)
        await ala.open(table)
        reply = await ala.request({"type": "leave"})
        assert reply["type"] == "error" and "withdraw" in reply["message"]
        await bea.join(table)
        await bea.open(table)
        await ala.wait(lambda: "resign" in ala.state["legal"], timeout=60)
        roles = ala.state["roles"]
        was_box = roles["box"] == ala.state["you"]
        await ala.command({"type": "resign", "level": 1})
        me, state = ala.state["you"], ala.state
        if was_box:  # the game is over: the box paid each member the single game
            assert state["games"] == 1 and state["last"]["payments"][me] == -2
        else:
            assert me not in state["roles"]["team"] or state["games"] == 1
        assert sum(state["ledger"]) == 0

        assert bea.state["hints"]["allowed"] is False  # Ala is a person at the table
        n = await bea.command({"type": "leave"})
        assert bea.state["left"] == [bea.state["you"]] and bea.state["legal"] == {}
        reply = await bea.request({"type": "roll"})
        assert reply["type"] == "error" and "left" in reply["message"]
        await ala.wait_n(n)
        assert ala.state["hints"]["allowed"] is True  # only computers sit with Ala now
        games = ala.state["games"]
        for _ in range(400):  # the computer plays Bea's seat: the session goes on
            if ala.state["games"] > games:
                break
            legal = ala.state["legal"]
            if "resign" in legal:
                await ala.command({"type": "resign", "level": 1})
            elif legal.get("agree") or legal.get("take"):
                await ala.command({"type": "agree" if legal.get("agree") else "take"})
            else:
                await ala.wait_n(ala.state["n"] + 1, timeout=60)
        assert ala.state["games"] > games and sum(ala.state["ledger"]) == 0
        await ala.command({"type": "leave"})
        assert ala.state["status"] == "over"  # nobody is left
        for person in (ala, bea):
            await person.aclose()

    run(scenario(), timeout=240)
