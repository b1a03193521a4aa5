"""Game events as JSON objects: the one codec of events, which the tables store and the
record (:mod:`nardy.formats.record`) reads its actions with.

A play may carry the dice it was made with (``"dice"``, as the record writes it); events
written here leave them out, as the tables store them.

>>> from nardy.rules.game import MakePlay, Roll
>>> event_to_json(Roll(1, (3, 1)))
{'type': 'roll', 'player': 1, 'dice': [3, 1]}
>>> event_from_json(event_to_json(MakePlay(0, ((8, 5), (6, 5)))))
MakePlay(player=0, steps=((8, 5), (6, 5)), dice=None)
"""

from __future__ import annotations

from typing import Any

from nardy.rules.chouette import TeamDouble
from nardy.rules.errors import NardyError
from nardy.rules.forfeit import reason_named
from nardy.rules.game import (
    Accept,
    Confirm,
    Decline,
    Double,
    Drop,
    Event,
    MakePlay,
    OpeningRoll,
    Resign,
    Roll,
    StepEvent,
    Take,
    Undo,
)

SIMPLE: dict[str, type[Any]] = {
    "undo": Undo,
    "confirm": Confirm,
    "double": Double,
    "take": Take,
    "drop": Drop,
    "accept": Accept,
    "decline": Decline,
}
NAMES = {kind: name for name, kind in SIMPLE.items()}
FORFEITED = ("take", "drop", "accept", "decline")
"""The simple events a forfeit makes, which carry its reason."""


class CodecError(NardyError):
    """A stored or sent event that cannot be read."""


def event_to_json(event: Event) -> dict[str, Any]:
    """The JSON object for ``event``; a forfeit's events keep their ``reason``.

    >>> event_to_json(Resign(0, 3, "time"))
    {'type': 'resign', 'player': 0, 'level': 3, 'reason': 'time'}
    >>> event_from_json(event_to_json(Accept(1, "left")))
    Accept(player=1, reason='left')
    """
    doc = _event_to_json(event)
    reason = getattr(event, "reason", None)
    if reason is not None:
        doc["reason"] = reason
    return doc


def _event_to_json(event: Event) -> dict[str, Any]:
    match event:
        case OpeningRoll(dice):
            return {"type": "opening", "dice": list(dice)}
        case Roll(player, dice):
            return {"type": "roll", "player": player, "dice": list(dice)}
        case StepEvent(player, step):
            return {"type": "step", "player": player, "step": list(step)}
        case MakePlay(player, steps, _):
            return {"type": "play", "player": player, "steps": [list(s) for s in steps]}
        case Resign(player, level, _):
            return {"type": "resign", "player": player, "level": level}
    return {"type": NAMES[type(event)], "player": event.player}


def event_from_json(doc: dict[str, Any]) -> Event:
    """The event a JSON object describes; :class:`CodecError` if it describes none."""
    try:
        kind = doc["type"]
        reason = reason_named(doc.get("reason"))
        if kind == "opening":
            return OpeningRoll(_pair(doc["dice"]), reason)
        player = doc["player"]
        if kind == "roll":
            return Roll(player, _pair(doc["dice"]))
        if kind == "step":
            return StepEvent(player, _pair(doc["step"]))
        if kind == "play":
            dice = _pair(doc["dice"]) if doc.get("dice") is not None else None
            return MakePlay(player, tuple(_pair(step) for step in doc["steps"]), dice)
        if kind == "resign":
            return Resign(player, int(doc.get("level", 1)), reason)
        if reason is not None and kind in FORFEITED:
            event: Event = SIMPLE[kind](player, reason)
        else:
            event = SIMPLE[kind](player)
        return event
    except (KeyError, TypeError, ValueError) as error:
        raise CodecError(f"not a game event: {doc!r} ({error})") from None


def _pair(value: Any) -> tuple[int, int]:
    first, second = value
    return int(first), int(second)


def chouette_event_to_json(event: Event | TeamDouble) -> dict[str, Any]:
    """A chouette's event: a game's, or the team's double with who agreed (RULES.md CH3).

    >>> chouette_event_to_json(TeamDouble((1, 2)))
    {'type': 'team-double', 'agreed': [1, 2]}
    """
    if isinstance(event, TeamDouble):
        return {"type": "team-double", "agreed": list(event.agreed_by)}
    return event_to_json(event)


def chouette_event_from_json(doc: dict[str, Any]) -> Event | TeamDouble:
    """The chouette's event a JSON object describes.

    >>> chouette_event_from_json({"type": "team-double", "agreed": [1, 2]})
    TeamDouble(agreed_by=(1, 2))
    """
    if doc.get("type") == "team-double":
        try:
            return TeamDouble(tuple(int(seat) for seat in doc["agreed"]))
        except (KeyError, TypeError, ValueError) as error:
            raise CodecError(f"not a team double: {doc!r} ({error})") from None
    return event_from_json(doc)
