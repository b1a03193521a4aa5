"""The table socket's inbound messages (docs/PROTOCOL.md, "Client → server"): the half of
:mod:`nardy.server.protocol` that reads what clients send.

:func:`parse` turns a message's text into a :class:`Message`: the ``id`` its answers echo
and its body, one immutable value per kind of message, with its fields checked. A message
that cannot be read at all (too large, not strict JSON, not an object, no command name)
is refused with a :class:`ProtocolError` that carries the ``id`` to answer. A readable
message whose fields are wrong, or whose command is unknown, is still a message: a
:class:`Malformed` one, holding the error. Who may send a command is checked before its
fields, so the table answers with that error only where it would read the fields
(:func:`accepted`, :func:`game_event`): a spectator's malformed step is told it is not
seated, and a command sent again with the ``id`` of an accepted one gets the first answer.

The inbound messages stay in one module although it runs past 400 lines: each message
sits beside the check that reads it, so the whole inbound protocol is read in one place.

>>> parse('{"type": "step", "from": 8, "to": 5, "id": 3}')
Message(body=Step(source=8, target=5), id=3)
>>> parse('{"type": "step", "from": "8", "to": 5}').body
Malformed(type='step', error="a step needs whole numbers 'from' and 'to'")
>>> parse('[1, 2]')
Traceback (most recent call last):
...
nardy.server.protocol.messages.ProtocolError: a message must be a JSON object with a 'type'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from nardy.rules import game
from nardy.rules.errors import NardyError
from nardy.server.dice import commitment as dice_service
from nardy.server.protocol import ids, wire
from nardy.server.protocol.chat import ChatRefused, chat_text
from nardy.server.protocol.strict_json import JSONRefused, is_whole
from nardy.server.protocol.strict_json import parse as strict_parse

MAX_MESSAGE = 4096
"""Largest message accepted, in bytes (UTF-8)."""


class ProtocolError(NardyError):
    """A message the server does not take, with the reason; ``reply_id`` is the ``id`` its
    error answers (None when the message could not be read far enough)."""

    def __init__(self, message: str, reply_id: Any = None) -> None:
        super().__init__(message)
        self.reply_id = reply_id


# -- the messages of the socket itself


@dataclass(frozen=True)
class Ping:
    """Answered with a ``pong`` holding the table's version."""

    type: ClassVar[str] = "ping"


@dataclass(frozen=True)
class Resync:
    """Send me the whole state again."""

    type: ClassVar[str] = "resync"


@dataclass(frozen=True)
class Chat:
    """A line of table chat, its ``text`` stripped (never empty)."""

    text: str
    type: ClassVar[str] = "chat"


@dataclass(frozen=True)
class Rematch:
    """Ask for the next match at a new table."""

    type: ClassVar[str] = "rematch"


@dataclass(frozen=True)
class Auto:
    """S5: roll automatically when no double is possible; play forced moves."""

    roll: bool
    moves: bool
    type: ClassVar[str] = "auto"


@dataclass(frozen=True)
class Hints:
    """Agree (or no longer agree) to hints for both players."""

    allow: bool
    type: ClassVar[str] = "hints"


# -- the commands a table applies


@dataclass(frozen=True)
class Roll:
    type: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Step:
    """One die's step, from ``source`` to ``target`` (the wire's ``from`` and ``to``)."""

    source: int
    target: int
    type: ClassVar[str] = "step"


@dataclass(frozen=True)
class Play:
    """A whole play at once, confirmed."""

    steps: tuple[tuple[int, int], ...]
    type: ClassVar[str] = "play"


@dataclass(frozen=True)
class Resign:
    """An offer to resign at ``level`` (the rules check its range)."""

    level: int
    type: ClassVar[str] = "resign"


@dataclass(frozen=True)
class Undo:
    type: ClassVar[str] = "undo"


@dataclass(frozen=True)
class Confirm:
    type: ClassVar[str] = "confirm"


@dataclass(frozen=True)
class Double:
    type: ClassVar[str] = "double"


@dataclass(frozen=True)
class Take:
    type: ClassVar[str] = "take"


@dataclass(frozen=True)
class Drop:
    type: ClassVar[str] = "drop"


@dataclass(frozen=True)
class Accept:
    type: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Decline:
    type: ClassVar[str] = "decline"


@dataclass(frozen=True)
class Agree:
    """A chouette member agrees to the captain's team double (CH3)."""

    type: ClassVar[str] = "agree"


@dataclass(frozen=True)
class Leave:
    """A chouette participant leaves for good; the computer plays the seat from then on."""

    type: ClassVar[str] = "leave"


@dataclass(frozen=True)
class Refuse:
    """A chouette member refuses the captain's team double (CH3)."""

    type: ClassVar[str] = "refuse"


@dataclass(frozen=True)
class Contribute:
    """A seated player's contribution to the dice of the game about to start."""

    value: str
    type: ClassVar[str] = "contribute"


@dataclass(frozen=True)
class Malformed:
    """A readable message of kind ``type`` whose fields are wrong, or whose kind the server
    does not know; ``error`` says what is wrong."""

    type: str
    error: str


GameCommand = Roll | Step | Play | Resign | Undo | Confirm | Double | Take | Drop | Accept | Decline
"""The commands a match table turns into rules events."""
Command = GameCommand | Agree | Refuse | Leave | Contribute | Malformed
"""What a table's ``submit`` receives: everything that is not the socket's own business."""
Body = Ping | Resync | Chat | Rematch | Auto | Hints | Command


@dataclass(frozen=True)
class Message:
    """One message from a client: what it asks, and the ``id`` its answers echo (any JSON
    value, None when it has none)."""

    body: Body
    id: Any = None


# -- reading


class _Wrong(Exception):
    """A field check failed (becomes a :class:`Malformed` body)."""


def _chat(doc: dict[str, Any]) -> Chat:
    try:
        return Chat(chat_text(doc.get("text")))
    except ChatRefused as refused:
        raise _Wrong(str(refused)) from None


def _step(doc: dict[str, Any]) -> Step:
    source, target = doc.get("from"), doc.get("to")
    if not is_whole(source) or not is_whole(target):
        raise _Wrong("a step needs whole numbers 'from' and 'to'")
    return Step(source, target)


def _play(doc: dict[str, Any]) -> Play:
    steps = doc.get("steps")
    if not isinstance(steps, list) or not all(
        isinstance(s, list) and len(s) == 2 and all(is_whole(p) for p in s) for s in steps
    ):
        raise _Wrong("a play needs 'steps': a list of [from, to] pairs")
    return Play(tuple((s[0], s[1]) for s in steps))


def _resign(doc: dict[str, Any]) -> Resign:
    level = doc.get("level", 1)
    if not is_whole(level):
        raise _Wrong("'level' must be 1, 2 or 3")
    return Resign(level)


def _contribute(doc: dict[str, Any]) -> Contribute:
    try:
        return Contribute(dice_service.checked_contribution(doc.get("value")))
    except dice_service.ContributionError as error:
        raise _Wrong(str(error)) from None


_READERS: dict[str, Callable[[dict[str, Any]], Body]] = {
    "chat": _chat,
    "auto": lambda doc: Auto(bool(doc.get("roll")), bool(doc.get("moves"))),
    "hints": lambda doc: Hints(bool(doc.get("allow"))),
    "step": _step,
    "play": _play,
    "resign": _resign,
    "contribute": _contribute,
}


def _plain(kind: Callable[[], Body]) -> Callable[[dict[str, Any]], Body]:
    """The reader of a message without fields (any others are ignored)."""
    return lambda doc: kind()


_PLAIN = (Ping, Resync, Rematch, Roll, Undo, Confirm, Double, Take, Drop, Accept, Decline)
_READERS.update({kind.type: _plain(kind) for kind in (*_PLAIN, Agree, Refuse, Leave)})


def parse(text: str) -> Message:
    """The message in ``text``, its fields checked; :class:`ProtocolError` when it cannot
    be read.

    >>> parse('{"type": "play", "steps": [[8, 5], [6, 5]]}').body
    Play(steps=((8, 5), (6, 5)))
    >>> parse('{"type": "chat", "text": "  gl  ", "id": "c1"}')
    Message(body=Chat(text='gl'), id='c1')
    >>> parse('{"type": "fly"}').body
    Malformed(type='fly', error="unknown command 'fly'")
    >>> parse('{"type": 7}')
    Traceback (most recent call last):
    ...
    nardy.server.protocol.messages.ProtocolError: unknown command 7: 'type' must be a command name
    >>> parse('{"type": "roll", "n": NaN, "id": 5}')
    Traceback (most recent call last):
    ...
    nardy.server.protocol.messages.ProtocolError: not valid JSON: NaN is not a number JSON allows
    """
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError(f"message too large (the limit is {MAX_MESSAGE} bytes)")
    doc = _read_json(text)
    if not isinstance(doc, dict):
        raise ProtocolError("a message must be a JSON object with a 'type'")
    reply_id = doc.get("id")
    if not ids.plain(reply_id):  # a number orjson does not hold, a list, an object
        reply_id = ids.exact(text)
    kind = doc.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(f"unknown command {kind!r}: 'type' must be a command name", reply_id)
    reader = _READERS.get(kind)
    if reader is None:
        return Message(Malformed(kind, f"unknown command {kind!r}"), reply_id)
    try:
        return Message(reader(doc), reply_id)
    except _Wrong as wrong:
        return Message(Malformed(kind, str(wrong)), reply_id)


def _read_json(text: str) -> Any:
    """The message's JSON value, read strictly (orjson; where orjson cannot hold a number,
    the standard library); on refusal the reason of :mod:`~nardy.server.protocol.strict_json`, with
    the message's ``id`` when the rest of it can be read."""
    try:
        return wire.loads(text)
    except wire.NotJSON:
        try:
            return strict_parse(text)
        except JSONRefused as refused:
            raise ProtocolError(str(refused), ids.exact(text)) from None


# -- what the tables read

T = TypeVar("T")


def accepted(body: T | Malformed) -> T:
    """``body`` if its fields are right; else :class:`ProtocolError` with what is wrong.

    >>> accepted(Chat("gl"))
    Chat(text='gl')
    >>> accepted(parse('{"type": "chat"}').body)
    Traceback (most recent call last):
    ...
    nardy.server.protocol.messages.ProtocolError: a chat message needs some 'text'
    """
    if isinstance(body, Malformed):
        raise ProtocolError(body.error)
    return body


_SIMPLE: dict[type[Any], Callable[[int], game.Event]] = {
    Undo: game.Undo,
    Confirm: game.Confirm,
    Double: game.Double,
    Take: game.Take,
    Drop: game.Drop,
    Accept: game.Accept,
    Decline: game.Decline,
}


def game_event(seat: int, command: Command, dice: Callable[[], tuple[int, int]]) -> game.Event:
    """The rules event ``command`` stands for, made at ``seat``; ``dice`` gives the
    server's roll for a :class:`Roll`. :class:`ProtocolError` for a malformed command and
    for one that is no game command (a chouette's ``agree`` at a match table).

    >>> game_event(1, Step(8, 5), lambda: (1, 1))
    StepEvent(player=1, step=(8, 5))
    >>> game_event(0, Roll(), lambda: (3, 1))
    Roll(player=0, dice=(3, 1))
    >>> game_event(0, Agree(), lambda: (3, 1))
    Traceback (most recent call last):
    ...
    nardy.server.protocol.messages.ProtocolError: unknown command 'agree'
    """
    match command:
        case Roll():
            return game.Roll(seat, dice())
        case Step(source, target):
            return game.StepEvent(seat, (source, target))
        case Play(steps):
            return game.MakePlay(seat, steps)
        case Resign(level):
            return game.Resign(seat, level)
        case Malformed(error=error):
            raise ProtocolError(error)
    simple = _SIMPLE.get(type(command))
    if simple is None:
        raise ProtocolError(f"unknown command {command.type!r}")
    return simple(seat)
