"""The table socket's inbound messages (nardy.server.protocol): every kind parses to its
typed message, every malformed one gets its clear error, and the ``id`` is read as the
answers echo it. The last tests check, at a table in memory, that who may send a command
is still checked before its fields."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from nardy.rules import game
from nardy.server import protocol
from nardy.server.http.table_socket import TableSockets
from nardy.server.protocol import (
    Accept,
    Agree,
    Auto,
    Chat,
    Confirm,
    Contribute,
    Decline,
    Double,
    Drop,
    Hints,
    Malformed,
    Message,
    Ping,
    Play,
    ProtocolError,
    Refuse,
    Rematch,
    Resign,
    Resync,
    Roll,
    Step,
    Take,
    Undo,
    parse,
)
from nardy.server.protocol.wire import RawJSON
from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.site.throttle import Throttle
from nardy.server.store.database import Store
from nardy.server.tables.replies import Replies


def body(doc: dict[str, Any]) -> protocol.Body:
    return parse(json.dumps(doc)).body


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        ({"type": "ping"}, Ping()),
        ({"type": "resync"}, Resync()),
        ({"type": "chat", "text": " good luck "}, Chat("good luck")),
        ({"type": "rematch"}, Rematch()),
        ({"type": "auto", "roll": True, "moves": 0}, Auto(roll=True, moves=False)),
        ({"type": "auto"}, Auto(roll=False, moves=False)),
        ({"type": "hints", "allow": True}, Hints(allow=True)),
        ({"type": "hints"}, Hints(allow=False)),
        ({"type": "roll"}, Roll()),
        ({"type": "step", "from": 25, "to": 20}, Step(25, 20)),
        ({"type": "step", "from": 2**63 - 1, "to": -(2**63)}, Step(2**63 - 1, -(2**63))),
        ({"type": "play", "steps": [[8, 5], [6, 5]]}, Play(((8, 5), (6, 5)))),
        ({"type": "play", "steps": []}, Play(())),
        ({"type": "resign"}, Resign(1)),
        ({"type": "resign", "level": 7}, Resign(7)),  # the range is the rules' to check
        ({"type": "undo"}, Undo()),
        ({"type": "confirm"}, Confirm()),
        ({"type": "double"}, Double()),
        ({"type": "take"}, Take()),
        ({"type": "drop"}, Drop()),
        ({"type": "accept"}, Accept()),
        ({"type": "decline"}, Decline()),
        ({"type": "agree"}, Agree()),
        ({"type": "refuse"}, Refuse()),
        ({"type": "contribute", "value": "my lucky text"}, Contribute("my lucky text")),
        ({"type": "roll", "player": 1, "seat": 0}, Roll()),  # extra fields are ignored
    ],
)
def test_every_kind_parses_to_its_message(doc: dict[str, Any], expected: protocol.Body) -> None:
    assert body(doc) == expected
    assert body(doc).type == doc["type"]


STEP = "a step needs whole numbers 'from' and 'to'"
PLAY = "a play needs 'steps': a list of [from, to] pairs"
CONTRIBUTION = "a contribution is 1 to 128 characters of text"
TOO_LARGE = "message too large (the limit is 4096 bytes)"
NAN = "not valid JSON: NaN is not a number JSON allows"


@pytest.mark.parametrize(
    ("doc", "error"),
    [
        ({"type": "chat"}, "a chat message needs some 'text'"),
        ({"type": "chat", "text": "   "}, "a chat message needs some 'text'"),
        ({"type": "chat", "text": 5}, "a chat message needs some 'text'"),
        ({"type": "step", "from": "24", "to": 20}, STEP),
        ({"type": "step", "from": 24.0, "to": 20}, STEP),
        ({"type": "step", "from": True, "to": 20}, STEP),
        ({"type": "step", "from": 24}, STEP),
        ({"type": "play"}, PLAY),
        ({"type": "play", "steps": "24/20"}, PLAY),
        (
            {"type": "play", "steps": [[24, 20, 1]]},
            "a play needs 'steps': a list of [from, to] pairs",
        ),
        (
            {"type": "play", "steps": [[24, "20"]]},
            "a play needs 'steps': a list of [from, to] pairs",
        ),
        ({"type": "resign", "level": "all"}, "'level' must be 1, 2 or 3"),
        ({"type": "resign", "level": None}, "'level' must be 1, 2 or 3"),
        ({"type": "contribute"}, CONTRIBUTION),
        ({"type": "contribute", "value": ""}, CONTRIBUTION),
        (
            {"type": "contribute", "value": "x" * 129},
            "a contribution is 1 to 128 characters of text",
        ),
        (
            {"type": "contribute", "value": "a\x01b"},
            "a contribution may not hold control characters",
        ),
        ({"type": "fly"}, "unknown command 'fly'"),
        ({"type": "ROLL"}, "unknown command 'ROLL'"),
        ({"type": ""}, "unknown command ''"),
        ({"type": "team-double"}, "unknown command 'team-double'"),
    ],
)
def test_a_malformed_message_holds_its_error(doc: dict[str, Any], error: str) -> None:
    assert body(doc) == Malformed(doc["type"], error)
    with pytest.raises(ProtocolError, match="^" + _escaped(error) + "$"):
        protocol.accepted(body(doc))


def _escaped(text: str) -> str:
    return "".join("\\" + c if c in "[]().*+?^$|{}\\" else c for c in text)


@pytest.mark.parametrize(
    ("text", "error", "reply_id"),
    [
        (
            '{"type": "roll", "pad": "' + "x" * 5000 + '"}',
            "message too large (the limit is 4096 bytes)",
            None,
        ),
        (
            '{"type": "chat", "text": "' + "é" * 2100 + '"}',
            "message too large (the limit is 4096 bytes)",
            None,
        ),
        ("{not json", "not valid JSON: Expecting property name enclosed in double quotes", None),
        ('{"type": "roll", "id": 4', "not valid JSON: Expecting ',' delimiter", None),
        ("[" * 2000 + "]" * 2000, "not valid JSON: nested too deeply", None),
        (
            '{"type": "roll", "n": NaN, "id": "a"}',
            NAN,
            "a",
        ),
        (
            '{"type": "roll", "n": Infinity, "id": 7}',
            "not valid JSON: Infinity is not a number JSON allows",
            7,
        ),
        (
            '{"type": "chat", "text": "\\ud83d", "id": "c"}',
            "not valid JSON: a string holds a lone surrogate (\\ud83d)",
            "c",
        ),
        (
            '{"type": "roll", "n": NaN, "id": [1]}',
            NAN,
            RawJSON("[1]"),
        ),
        (
            '{"type": "roll", "n": NaN, "id": true}',
            NAN,
            True,
        ),
        ("[1, 2, 3]", "a message must be a JSON object with a 'type'", None),
        ('"roll"', "a message must be a JSON object with a 'type'", None),
        ("{}", "unknown command None: 'type' must be a command name", None),
        ('{"type": null, "id": 3}', "unknown command None: 'type' must be a command name", 3),
        ('{"type": 7, "id": "x"}', "unknown command 7: 'type' must be a command name", "x"),
        ('{"type": ["roll"]}', "unknown command ['roll']: 'type' must be a command name", None),
    ],
)
def test_an_unreadable_message_is_refused_with_the_id_to_answer(
    text: str, error: str, reply_id: Any
) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse(text)
    assert str(refused.value) == error
    assert refused.value.reply_id == reply_id


def test_the_size_limit_counts_utf8_bytes() -> None:
    padding = 4096 - len('{"type": "chat", "text": ""}')
    assert parse('{"type": "chat", "text": "' + "x" * padding + '"}').body == Chat("x" * padding)
    with pytest.raises(ProtocolError, match="too large"):
        parse('{"type": "chat", "text": "' + "x" * (padding + 1) + '"}')


@pytest.mark.parametrize("reply_id", [17, "a1", [1, 2], {"n": 1}, 1.5, True, None])
def test_any_json_id_is_kept(reply_id: Any) -> None:
    """Ids orjson writes back as they are stay values; others are kept as their text."""
    kept = reply_id if isinstance(reply_id, int | str | None) else RawJSON(compact(reply_id))
    assert parse(json.dumps({"type": "roll", "id": reply_id})) == Message(Roll(), kept)
    malformed = parse(json.dumps({"type": "fly", "id": reply_id}))
    assert malformed.id == kept


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def test_messages_are_immutable() -> None:
    step = Step(8, 5)
    with pytest.raises(AttributeError):
        step.source = 6  # type: ignore[misc]


def dice() -> tuple[int, int]:
    return (3, 1)


@pytest.mark.parametrize(
    ("command", "event"),
    [
        (Roll(), game.Roll(1, (3, 1))),
        (Step(8, 5), game.StepEvent(1, (8, 5))),
        (Play(((8, 5), (6, 5))), game.MakePlay(1, ((8, 5), (6, 5)))),
        (Resign(2), game.Resign(1, 2)),
        (Undo(), game.Undo(1)),
        (Confirm(), game.Confirm(1)),
        (Double(), game.Double(1)),
        (Take(), game.Take(1)),
        (Drop(), game.Drop(1)),
        (Accept(), game.Accept(1)),
        (Decline(), game.Decline(1)),
    ],
)
def test_a_game_command_is_one_rules_event(command: protocol.Command, event: game.Event) -> None:
    assert protocol.game_event(1, command, dice) == event


@pytest.mark.parametrize(
    ("command", "error"),
    [
        (Agree(), "unknown command 'agree'"),
        (Refuse(), "unknown command 'refuse'"),
        (Malformed("fly", "unknown command 'fly'"), "unknown command 'fly'"),
        (Malformed("step", STEP), "a step needs whole"),
    ],
)
def test_what_is_no_game_command_is_refused(command: protocol.Command, error: str) -> None:
    with pytest.raises(ProtocolError, match=_escaped(error)):
        protocol.game_event(0, command, dice)


# -- at a table: who may send a command is checked before its fields


class Connection:
    def __init__(self, player_id: str | None) -> None:
        self.player_id = player_id
        self.session = self.address = None
        self.replies = Replies()
        self.answers: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        if message.get("type") != "state":
            self.answers.append(message)

    async def send_text(self, text: str) -> None:
        await self.send(json.loads(text))


async def answers(kind: str, sends: list[tuple[str | None, dict[str, Any]]]) -> list[Any]:
    """The answer to each message, sent in order by the named player (None: a guest)."""
    store = Store("sqlite://")
    lobby = Lobby(store, lambda variant, level: None, bot_delay=0.0, entropy_wait=0.0)  # type: ignore[arg-type,return-value]
    if kind == "chouette":
        request = {"variant": "backgammon", "kind": "chouette", "participants": 3}
        players = ["ala", "ben", "cid"]
    else:
        request = {"variant": "backgammon", "seat": 0}
        players = ["ala", "ben"]
    table = await lobby.create("ala", "Ala", TableRequest.from_json(request))
    for player in players[1:]:
        await lobby.join(table.id, player, player.title(), None)
    sockets = TableSockets(store, lobby, Throttle())
    connections = {name: Connection(name) for name in [*players, "dan", None]}
    replies = []
    for sender, doc in sends:
        connection = connections[sender]
        await sockets.handle(table, connection, str(sender), json.dumps(doc))  # type: ignore[arg-type]
        replies.append(connection.answers[-1])
    store.close()
    return [(r["type"], r.get("message"), r.get("id")) for r in replies]


def test_a_spectators_malformed_command_is_told_it_is_not_seated() -> None:
    sent: list[tuple[str | None, dict[str, Any]]] = [
        ("dan", {"type": "step", "from": "x", "id": 1}),
        (None, {"type": "fly", "id": 2}),
        (None, {"type": "chat", "id": 3}),
        ("dan", {"type": "chat", "id": 4}),
        ("ala", {"type": "chat", "id": 5}),
        ("dan", {"type": "contribute", "id": 6}),
    ]
    assert asyncio.run(answers("match", sent)) == [
        ("error", "you are not seated at this table", 1),
        ("error", "you are not seated at this table", 2),
        ("error", "sign in to chat", 3),
        ("error", "only the players at this table can chat here", 4),
        ("error", "a chat message needs some 'text'", 5),
        ("error", "only the players at this table contribute to its dice", 6),
    ]


def test_a_command_sent_again_gets_its_first_answer_whatever_it_holds() -> None:
    sent: list[tuple[str | None, dict[str, Any]]] = [
        ("ala", {"type": "chat", "text": "hi", "id": "c"}),
        ("ala", {"type": "step", "from": "x", "id": "c"}),
        ("ala", {"type": "fly", "id": "c"}),
        ("ala", {"type": "ping", "id": "c"}),
    ]
    first, again, unknown, ping = asyncio.run(answers("match", sent))
    assert first[0] == "ack" and again == first and unknown == first
    assert ping == ("pong", None, "c")


def test_a_chouette_reads_a_resignation_and_has_none_to_answer() -> None:
    """RULES.md CH8: a resignation at a chouette is made at once; nobody accepts it."""
    sent: list[tuple[str | None, dict[str, Any]]] = [
        ("ala", {"type": "resign", "level": "all", "id": 1}),
        ("ala", {"type": "accept", "id": 2}),
        ("ala", {"type": "refuse", "id": 3}),
        ("ala", {"type": "fly", "id": 4}),
    ]
    assert asyncio.run(answers("chouette", sent)) == [
        ("error", "'level' must be 1, 2 or 3", 1),
        ("error", "a resignation at a chouette is final: there is none to answer", 2),
        ("error", "no team double is proposed", 3),
        ("error", "unknown command 'fly'", 4),
    ]
