"""The position JSON of INTERFACES.md §1.

>>> from nardy.variants import BACKGAMMON
>>> doc = position_to_json(BACKGAMMON.start_position(), dice=(3, 1))
>>> doc["board"][:8], doc["dice"]
([-2, 0, 0, 0, 0, 5, 0, 3], [3, 1])
>>> position, dice = position_from_json(doc)
>>> position == BACKGAMMON.start_position(), dice
(True, (3, 1))
>>> position_from_json({"variant": "chess"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
nardy.rules.errors.InvalidPositionError: unknown variant 'chess' (known: backgammon, dutch, ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nardy.rules.errors import InvalidPositionError
from nardy.rules.plays import Dice, check_dice
from nardy.rules.position import Pair, Position
from nardy.variants import variant_named

KEYS = frozenset({"variant", "board", "bar", "off", "reserve", "dice", "options"})


def position_to_json(position: Position, dice: Dice | None = None) -> dict[str, Any]:
    """The JSON object for ``position`` (with ``dice`` when given)."""
    doc: dict[str, Any] = {
        "variant": position.variant.name,
        "board": list(position.board),
        "bar": list(position.bar),
        "off": list(position.off),
        "reserve": list(position.reserve),
    }
    if dice is not None:
        doc["dice"] = list(dice)
    doc["options"] = position.variant.options()
    return doc


def position_from_json(doc: Any) -> tuple[Position, Dice | None]:
    """The position and dice in a parsed JSON object; :class:`InvalidPositionError` says
    what is wrong with one that is not a valid position."""
    if not isinstance(doc, Mapping):
        raise InvalidPositionError("a position must be a JSON object")
    unknown = set(doc) - KEYS
    if unknown:
        raise InvalidPositionError(f"unknown key(s) in position: {', '.join(sorted(unknown))}")
    if "variant" not in doc:
        raise InvalidPositionError("the position has no 'variant'")
    options = doc.get("options") or {}
    if not isinstance(options, Mapping):
        raise InvalidPositionError("'options' must be a JSON object")
    variant = variant_named(doc["variant"], options)
    board = doc.get("board")
    if not isinstance(board, list):
        raise InvalidPositionError("'board' must be a list of 24 numbers")
    position = Position.build(
        variant,
        board,
        bar=_pair(doc, "bar"),
        off=_pair(doc, "off"),
        reserve=_pair(doc, "reserve"),
    )
    dice = None
    if "dice" in doc:
        raw = doc["dice"]
        if not isinstance(raw, list) or len(raw) != 2:
            raise InvalidPositionError("'dice' must be a list of two numbers from 1 to 6")
        dice = (raw[0], raw[1])
        try:
            check_dice(dice)
        except ValueError as error:
            raise InvalidPositionError(str(error)) from None
    return position, dice


def _pair(doc: Mapping[str, Any], key: str) -> Pair:
    value = doc.get(key, [0, 0])
    if not isinstance(value, list) or len(value) != 2:
        raise InvalidPositionError(f"'{key}' must be a list of two counts [roller, opponent]")
    return value[0], value[1]
