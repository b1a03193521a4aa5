"""Whole matches between two people over real sockets, in every variant."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from client import Policy, play_lockstep, record, run, seated_pair
from servers import LiveServer
from written_plays import record_texts

from nardy.cli.replay import replay_file

MATCHES = [
    ("backgammon", {"match_to": 3}),
    ("long-nardy", {"match_to": 3, "scoring": "mars", "cube": True}),
    ("dutch", {"match_to": 3, "cube": True}),
    ("nackgammon", {"match_to": 0}),
]


@pytest.mark.parametrize(("variant", "settings"), MATCHES, ids=[m[0] for m in MATCHES])
def test_two_people_play_a_whole_match(
    live: LiveServer, variant: str, settings: dict[str, Any], tmp_path: Any
) -> None:
    async def scenario() -> dict[str, Any]:
        players, table = await seated_pair(live.url, variant, settings)
        money = settings["match_to"] == 0
        # a money session never ends by itself: play its first game
        until = (lambda state: state["game"] > 1) if money else None
        sent = await play_lockstep(
            players, random.Random(variant), Policy(resign=0.002), until=until
        )
        assert sent > 10
        final = players[0].state
        doc = await record(live.url, table)
        # one command makes at most one play, and the count follows it
        states = players[0].states
        for before, after in itertools.pairwise(states):
            if before["game"] == after["game"]:
                made = int(after["last_play"] != before["last_play"])
                assert after["plays"] - before["plays"] == made, (before, after)
        # every state names the roll-off of its game once it is decided (a long-nardy
        # series game after the first has none: its starter follows from the last, LN11)
        for state in players[0].states:
            if state["phase"] != "opening" and state["status"] != "over":
                first = doc["games"][state["game"] - 1]["actions"][0]
                rolled_off = first["type"] == "opening"
                assert state["opening"] == (first["dice"][-1] if rolled_off else None)
            # the plays of the game so far
            actions = doc["games"][state["game"] - 1]["actions"]
            assert state["plays"] <= len([a for a in actions if a["type"] == "play"])
            assert state["plays"] == 0 or state["last_play"]["game"] == state["game"]
            # and its last play is one of the plays of the game it names
            play = state["last_play"]
            if play is not None:
                actions = doc["games"][play["game"] - 1]["actions"]
                assert {k: v for k, v in play.items() if k != "game"} in actions
                # the move list: the plays of that game so far, the last of them last
                plays = [a for a in actions if a["type"] == "play"]
                assert state["moves"] == plays[: len(state["moves"])]
                assert state["moves"][-1] == {k: v for k, v in play.items() if k != "game"}
            else:
                assert state["moves"] == []
        # each play's text is the one format_play writes from the rules' positions
        texts = [[a["text"] for a in g["actions"] if a["type"] == "play"] for g in doc["games"]]
        assert texts == record_texts(doc)
        for player in players:
            await player.aclose()
        return {"final": final, "record": doc}

    outcome = run(scenario())
    final, doc = outcome["final"], outcome["record"]
    if settings["match_to"]:
        assert final["status"] == "over"
        assert max(final["score"]) >= settings["match_to"]
        assert final["winner"] == final["score"].index(max(final["score"]))
        assert final["seed"] is not None and final["legal"] == {}
    else:
        assert len(doc["games"]) >= 2 and doc["games"][0]["result"] is not None
    assert doc["score"] == final["score"]
    path = tmp_path / "record.json"
    import io
    import json

    path.write_text(json.dumps(doc))
    out = io.StringIO()
    assert replay_file(str(path), out) == 0, out.getvalue()
