"""eXtreme Gammon's XGID: a backgammon position with its cube, dice and score on one line.

``XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10`` holds ten fields separated by colons:

=========  ==========================================================================
field      value
=========  ==========================================================================
position   26 characters in the bottom player's numbering: 0 the top player's bar,
           1..24 the points, 25 the bottom player's bar; ``-`` empty, ``A``..``O`` that
           many of the bottom player's checkers, ``a``..``o`` of the top player's
cube       log2 of the cube value
owner      1 the bottom player, -1 the top player, 0 centred
turn       1 the bottom player is on roll (or is doubling), -1 the top player
dice       ``00`` not rolled, ``D`` a double offered, or the two dice (``52``)
score 1    the bottom player's score
score 2    the top player's score
rules      in a match 1 for the Crawford game; in money 1 for the Jacoby rule (+2 beavers)
length     the match length, 0 for money
max cube   log2 of the highest cube value (XG writes 10)
=========  ==========================================================================

This is the layout GNU Backgammon reads (``set xgid``), checked against it in the tests.
The top player is gnubg's and nardy's player 0 (the left column of a ``.mat`` file), the
bottom player player 1. Dice are written higher first and read in either order. nardy has
no beavers, so their bit is written 0 and ignored when read.

>>> from nardy.variants import BACKGAMMON
>>> start = Xgid(BACKGAMMON.start_position(), on_roll=1, dice=(5, 2), match_to=5)
>>> write_xgid(start)
'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10'
>>> read_xgid(write_xgid(start)) == start
True
>>> read_xgid('XGID=-b----E-C---eE---c-e----B-:1:-1:-1:25:2:0:0:5:10').dice
(5, 2)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from nardy.formats.gnubg_match_id import MatchKey
from nardy.rules.cells import BAR, CHECKERS, OFF, OPP_BAR, OPP_OFF, SIZE
from nardy.rules.errors import InvalidPositionError
from nardy.rules.position import Position
from nardy.rules.variant import GNUBG_MATCH_ID, Variant
from nardy.variants import BACKGAMMON

PREFIX: Final = "XGID="
MAX_CUBE: Final = 10
"""The max-cube field XG writes (log2 of 1024)."""
BOTTOM: Final = 1
"""The player written in capitals, ``turn`` 1: gnubg's and nardy's player 1."""
_FIELDS = re.compile(r"^(?:XGID=)?([-A-Pa-p]{26})((?::-?\d+|:D|:[BR]){9})$")


@dataclass(frozen=True)
class Xgid:
    """What an XGID holds. ``position`` is seen from the player ``on_roll`` (the doubler
    while a double is offered); players are numbered as in gnubg, 0 the top player."""

    position: Position
    on_roll: int = BOTTOM
    cube: int = 1
    owner: int | None = None
    dice: tuple[int, int] | None = None
    doubled: bool = False
    score: tuple[int, int] = (0, 0)
    """Player 0's and player 1's scores."""
    crawford: bool = False
    jacoby: bool = False
    match_to: int = 0
    max_cube: int = MAX_CUBE

    def match_key(self) -> MatchKey:
        """The same state as a gnubg Match ID holds it.

        >>> from nardy.formats.gnubg_match_id import encode
        >>> from nardy.variants import BACKGAMMON
        >>> encode(Xgid(BACKGAMMON.start_position(), dice=(6, 3), cube=2, owner=1, match_to=3)
        ... .match_key())
        'UQlvAAAAAAAE'
        """
        turn = 1 - self.on_roll if self.doubled else self.on_roll
        return MatchKey(
            cube=self.cube,
            owner=self.owner,
            on_roll=self.on_roll,
            crawford=self.crawford,
            turn=turn,
            doubled=self.doubled,
            dice=self.dice or (0, 0),
            match_to=self.match_to,
            score=self.score,
            jacoby=self.jacoby,
        )


def from_match_key(position: Position, key: MatchKey) -> Xgid:
    """The XGID of ``position`` (seen from the player on roll) in the state ``key``."""
    dice = (max(key.dice), min(key.dice)) if all(key.dice) else None
    return Xgid(
        position,
        on_roll=key.on_roll,
        cube=key.cube,
        owner=key.owner,
        dice=dice,
        doubled=key.doubled,
        score=key.score,
        crawford=key.crawford,
        jacoby=key.jacoby,
        match_to=key.match_to,
    )


def write_xgid(xgid: Xgid) -> str:
    """The XGID text of ``xgid``.

    >>> from nardy.variants import LONG_NARDY
    >>> write_xgid(Xgid(LONG_NARDY.start_position()))
    Traceback (most recent call last):
    ...
    nardy.rules.errors.InvalidPositionError: an XGID holds only backgammon positions, not \
long-nardy
    """
    _check_variant(xgid.position.variant)
    if xgid.cube < 1 or xgid.cube & (xgid.cube - 1):
        raise InvalidPositionError(f"a cube value is a power of two, not {xgid.cube}")
    sign = {BOTTOM: 1, 1 - BOTTOM: -1}
    owner = 0 if xgid.owner is None else sign[xgid.owner]
    dice = "D" if xgid.doubled else "".join(map(str, sorted(xgid.dice or (0, 0), reverse=True)))
    rules = int(xgid.crawford) if xgid.match_to else int(xgid.jacoby)
    fields = [
        _board_text(xgid.position, xgid.on_roll),
        xgid.cube.bit_length() - 1,
        owner,
        sign[xgid.on_roll],
        dice,
        xgid.score[BOTTOM],
        xgid.score[1 - BOTTOM],
        rules,
        xgid.match_to,
        xgid.max_cube,
    ]
    return PREFIX + ":".join(map(str, fields))


def read_xgid(text: str, variant: Variant = BACKGAMMON) -> Xgid:
    """The position and state an XGID stands for (``XGID=`` may be left out).

    >>> read_xgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:77:0:0:0:5')
    Traceback (most recent call last):
    ...
    nardy.rules.errors.InvalidPositionError: not an XGID: it has 26 board characters and \
9 fields after them, separated by ':'
    >>> read_xgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:0:0:10')
    Traceback (most recent call last):
    ...
    nardy.rules.errors.InvalidPositionError: not an XGID nardy can play: beavers are not \
in the rules
    """
    _check_variant(variant)
    found = _FIELDS.match(text.strip()) if isinstance(text, str) else None
    if found is None:
        raise InvalidPositionError(
            "not an XGID: it has 26 board characters and 9 fields after them, separated by ':'"
        )
    cube, owner, turn, dice, score1, score2, rules, length, top = found[2][1:].split(":")
    if dice in ("B", "R"):
        raise InvalidPositionError("not an XGID nardy can play: beavers are not in the rules")
    numbers = _numbers(cube, owner, turn, score1, score2, rules, length, top)
    on_roll = BOTTOM if numbers["turn"] == 1 else 1 - BOTTOM
    match_to = numbers["length"]
    return Xgid(
        _board_position(found[1], on_roll, variant),
        on_roll=on_roll,
        cube=1 << numbers["cube"],
        owner=None if numbers["owner"] == 0 else BOTTOM if numbers["owner"] == 1 else 1 - BOTTOM,
        dice=_dice(dice),
        doubled=dice == "D",
        score=(numbers["score2"], numbers["score1"]),
        crawford=bool(match_to and numbers["rules"] & 1),
        jacoby=bool(not match_to and numbers["rules"] & 1),
        match_to=match_to,
        max_cube=numbers["top"],
    )


def _numbers(*texts: str) -> dict[str, int]:
    names = ("cube", "owner", "turn", "score1", "score2", "rules", "length", "top")
    numbers = dict(zip(names, map(int, texts), strict=True))
    if not 0 <= numbers["cube"] <= 12 or not 0 <= numbers["top"] <= 15:
        raise InvalidPositionError("not an XGID: the cube is at most 2 to the power 12")
    if numbers["owner"] not in (-1, 0, 1) or numbers["turn"] not in (-1, 1):
        raise InvalidPositionError("not an XGID: the cube owner is -1, 0 or 1, the turn -1 or 1")
    if numbers["length"] < 0 or not 0 <= numbers["rules"] <= 3:
        raise InvalidPositionError("not an XGID: its match length or rules field is wrong")
    if any(
        numbers[s] < 0 or (numbers["length"] and numbers[s] >= numbers["length"])
        for s in ("score1", "score2")
    ):
        raise InvalidPositionError("not an XGID: a score is below 0 or reaches the match length")
    return numbers


def _dice(text: str) -> tuple[int, int] | None:
    if text in ("D", "00"):
        return None
    if len(text) != 2 or not all("1" <= c <= "6" for c in text):
        raise InvalidPositionError(f"not an XGID: the dice are 00, D or two dice, not {text}")
    return (max(int(text[0]), int(text[1])), min(int(text[0]), int(text[1])))


def _board_text(position: Position, on_roll: int) -> str:
    """The 26 position characters, the bottom player written in capitals."""
    cells = position.cells
    chars = []
    for slot in range(26):  # in the bottom player's numbering
        mine = slot if on_roll == BOTTOM else 25 - slot  # the roller's index of this slot
        if slot in (0, 25):
            bottom_bar = slot == 25
            count = cells[BAR if bottom_bar == (on_roll == BOTTOM) else OPP_BAR]
            capital = bottom_bar
        else:
            count = abs(cells[mine])
            capital = (cells[mine] > 0) == (on_roll == BOTTOM)
        chars.append(chr(ord("A" if capital else "a") + count - 1) if count else "-")
    return "".join(chars)


def _board_position(text: str, on_roll: int, variant: Variant) -> Position:
    """The position the 26 characters stand for, seen from ``on_roll``."""
    cells = [0] * SIZE
    for slot, char in enumerate(text):
        if char == "-":
            continue
        count = ord(char.lower()) - ord("a") + 1
        roller = char.isupper() == (on_roll == BOTTOM)
        if slot in (0, 25):
            if char.isupper() != (slot == 25):
                raise InvalidPositionError(f"not an XGID: {char!r} cannot be on bar {slot}")
            cells[BAR if roller else OPP_BAR] = count
        else:
            point = slot if on_roll == BOTTOM else 25 - slot
            cells[point] = count if roller else -count
    for index, side in ((OFF, 1), (OPP_OFF, -1)):
        bar = cells[BAR if side == 1 else OPP_BAR]
        on_board = sum(n * side for n in cells[1:25] if n * side > 0) + bar
        if on_board > CHECKERS:
            raise InvalidPositionError(f"not an XGID: a player has {on_board} checkers")
        cells[index] = CHECKERS - on_board
    position = Position(variant, tuple(cells))
    position.validate()
    return position


def _check_variant(variant: Variant) -> None:
    if GNUBG_MATCH_ID not in variant.formats:
        raise InvalidPositionError(f"an XGID holds only backgammon positions, not {variant.name}")
