"""Every refusal of the table socket says its kind as a stable ``code`` beside the English
message (docs/PROTOCOL.md, "Refusals"), so that the page can say it in the reader's
language: out of turn, nothing to answer, an illegal play or action, a spectator's or a
stranger's command, and a command after the match is over."""

from __future__ import annotations

import random
from typing import Any

from client import Client, actionable, play_lockstep, run, seated_pair
from servers import LiveServer


async def refused(client: Client, message: dict[str, Any]) -> str:
    """Send ``message`` and return the code of the error it must get."""
    reply = await client.request(message)
    assert reply["type"] == "error" and reply["message"], (message, reply)
    assert isinstance(reply["code"], str), (message, reply)
    return str(reply["code"])


def test_each_refusal_says_its_kind(live: LiveServer) -> None:
    async def scenario() -> None:
        (ala, ben), table = await seated_pair(live.url, "backgammon", {"match_to": 1})
        mover, waiter = (ala, ben) if actionable(ala.state) else (ben, ala)
        assert mover.state["phase"] == "moving"  # backgammon: the opening roll is played
        spectator = await Client(live.url, "Cy").guest()
        stranger = Client(live.url, "nobody")  # never signed in
        await spectator.open(table)
        await stranger.open(table)
        cases = [
            (waiter, {"type": "roll"}, "not_your_turn"),
            (waiter, {"type": "step", "from": 13, "to": 7}, "not_your_turn"),
            (mover, {"type": "take"}, "nothing_to_answer"),
            (waiter, {"type": "accept"}, "nothing_to_answer"),
            (mover, {"type": "roll"}, "illegal_action"),
            (mover, {"type": "step", "from": 3, "to": 24}, "illegal_play"),
            (mover, {"type": "play", "steps": []}, "illegal_play"),
            (mover, {"type": "fly"}, "bad_message"),
            (mover, {"type": "rematch"}, "match_not_over"),
            (spectator, {"type": "roll"}, "not_seated"),
            (spectator, {"type": "chat", "text": "hello"}, "chat_players_only"),
            (spectator, {"type": "contribute", "value": "x"}, "contribution_players_only"),
            (spectator, {"type": "rematch"}, "rematch_players_only"),
            (stranger, {"type": "chat", "text": "hello"}, "sign_in_to_chat"),
            (stranger, {"type": "rematch"}, "sign_in"),
        ]
        codes = [await refused(client, message) for client, message, _ in cases]
        assert codes == [code for _, _, code in cases]

        await play_lockstep([ala, ben], random.Random(3))
        assert ala.state["status"] == "over"
        assert await refused(ala, {"type": "roll"}) == "match_over"
        assert await refused(ben, {"type": "resign", "level": 1}) == "match_over"
        for client in (ala, ben, spectator, stranger):
            await client.aclose()

    run(scenario())
