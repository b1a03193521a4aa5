"""A position given as text in any of the forms nardy reads (INTERFACES.md §10): position
JSON (§1), a gnubg ``PositionID:MatchID`` (or a Position ID alone) or an XGID, and written
back in any of them.

The position and its state travel as an :class:`~nardy.formats.xgid.Xgid`, which holds
what the richest of the three holds; position JSON has no cube or score, so it reads as
money play with a centred cube, and writes only the position and the dice.

>>> state = read_position("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10")
>>> write_position(state, "gnubg")
'4HPwATDgc/ABMA:cImqAAAAAAAE'
>>> write_position(read_position("4HPwATDgc/ABMA:cImqAAAAAAAE"), "xgid")
'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10'
>>> write_position(read_position("4HPwATDgc/ABMA"), "json")  # doctest: +ELLIPSIS
'{"variant": "backgammon", "board": [-2, 0, 0, 0, 0, 5, ...], ..., "options": {}}'
"""

from __future__ import annotations

import json
import re
from typing import Final

from nardy.formats.gnubg_id import position_from_id, position_id
from nardy.formats.gnubg_match_id import MatchIdError, decode, encode, match_key
from nardy.formats.match_files import read_match
from nardy.formats.position_json import position_from_json, position_to_json
from nardy.formats.record import action_events
from nardy.formats.xgid import Xgid, from_match_key, read_xgid, write_xgid
from nardy.rules.errors import InvalidPositionError, NardyError
from nardy.rules.game import Phase
from nardy.rules.match import Match
from nardy.rules.variant import GNUBG_MATCH_ID

FORMS: Final = ("json", "gnubg", "xgid")
"""The forms a position is written in."""
_MAT = re.compile(r"^\s*\d+\s+point\s+match", re.IGNORECASE | re.MULTILINE)
_GNUBG = re.compile(r"^([A-Za-z0-9+/]{14})(?::([A-Za-z0-9+/]{12}))?$")


def read_position(text: str) -> Xgid:
    """The position (and state) ``text`` gives, whichever form it is in.

    >>> read_position("e4 e5")
    Traceback (most recent call last):
    ...
    nardy.rules.errors.InvalidPositionError: not a position: give position JSON, a gnubg \
Position ID (with ':' and its Match ID) or an XGID ('XGID=...')
    """
    text = text.strip()
    if text.startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as error:
            raise InvalidPositionError(f"not valid JSON: {error.msg}") from None
        position, dice = position_from_json(doc)
        return Xgid(position, dice=None if dice is None else (max(dice), min(dice)))
    if text.upper().startswith("XGID=") or text.count(":") == 9:
        return read_xgid(text)
    found = _GNUBG.match(text.replace("GNUbgID", "").strip(" :"))
    if found is None:
        raise InvalidPositionError(
            "not a position: give position JSON, a gnubg Position ID (with ':' and its"
            " Match ID) or an XGID ('XGID=...')"
        )
    position = position_from_id(found[1])
    if found[2] is None:
        return Xgid(position)
    try:
        return from_match_key(position, decode(found[2]))
    except MatchIdError as error:
        raise InvalidPositionError(str(error)) from None


def write_position(state: Xgid, form: str) -> str:
    """``state`` written as ``form`` (one of :data:`FORMS`), on one line."""
    try:
        if form == "json":
            return json.dumps(position_to_json(state.position, state.dice))
        if form == "gnubg":
            return f"{position_id(state.position)}:{encode(state.match_key())}"
        if form == "xgid":
            return write_xgid(state)
    except NardyError as error:
        raise InvalidPositionError(str(error)) from None
    raise InvalidPositionError(f"unknown form {form!r}: {', '.join(FORMS)}")


def read_position_or_match(text: str) -> Xgid:
    """What :func:`read_position` reads, or for a whole match (a ``.mat`` or ``.sgf`` file,
    or a record) its latest checker play: the roll waiting to be played, else the position
    and roll of the last play.

    >>> mat = " 1 point match\\n\\n Game 1\\n a : 0   b : 0\\n  1) 31: 8/5 6/5    64: 24/18 13/9\\n"
    >>> state = read_position_or_match(mat)
    >>> state.on_roll, state.dice, state.match_to
    (1, (6, 4), 1)
    """
    stripped = text.lstrip()
    if not (stripped.startswith(("(", '{"format"')) or _MAT.search(text)):
        return read_position(text)
    match, _ = read_match(text, "the match")
    if GNUBG_MATCH_ID not in match.variant.formats:
        raise InvalidPositionError(
            f"only backgammon matches are read here, not {match.variant.name}"
        )
    again, before_play = Match.new(match.variant, match.settings), None
    for game in match.games:
        for action in game.actions:
            if action.type == "play":
                before_play = again
            for event in action_events(action):
                again = again.apply(event)
    if again.game.phase is Phase.MOVING:
        before_play = again
    if before_play is None:
        raise InvalidPositionError("the match has no checker play to analyse")
    key = match_key(before_play)
    return from_match_key(before_play.game.position, key)
