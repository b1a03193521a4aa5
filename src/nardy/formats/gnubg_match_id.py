"""GNU Backgammon Match IDs: 12 characters for the state of a match around a position.

The layout is the one published in the GNU Backgammon manual, section 11.7 "A technical
description of the Match ID": a key of 66 bits, each field written lowest bit first, the
bits packed into 9 bytes with the first bit in the lowest bit of the first byte (as in the
Position ID, :mod:`nardy.formats.gnubg_id`), then base64 without padding. The fields, in
order, with their widths:

====  ==========  ==================================================================
bits  field       value
====  ==========  ==================================================================
4     cube        log2 of the cube value
2     owner       0 or 1 for the player owning the cube, 3 when it is centred
1     on roll     the player on roll, or the player who rolled
1     crawford    1 in the Crawford game
3     state       0 no game, 1 playing, 2 over, 3 over by resignation, 4 over by a drop
1     turn        the player who must decide next (take a double, accept a resignation)
1     doubled     1 while a double is offered
2     resign      0, or 1–3: the level of the resignation offered
3, 3  dice        the dice rolled, 0 when not rolled
15    length      the match length, 0 for money play
15    score 0     player 0's score
15    score 1     player 1's score
1     no jacoby   1 unless the Jacoby rule is on
====  ==========  ==================================================================

The last bit is not in the manual's table; gnubg 1.07 writes it (``matchid.c``), so a
money session with the Jacoby rule has it clear and every other state has it set. gnubg
writes the higher die first.

gnubg's player 0 is nardy's player 0, the left-hand column of a ``.mat`` file. Once a game
is over, gnubg's scores include its result; before, they are the scores before the game.

>>> key = MatchKey(cube=4, owner=0, on_roll=1, turn=1, match_to=3, score=(1, 0))
>>> encode(key)
'QglgABAAAAAE'
>>> decode('QglgABAAAAAE') == key
True
"""

from __future__ import annotations

import binascii
from base64 import b64decode, b64encode
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from nardy.rules.errors import NardyError
from nardy.rules.game import Game, Phase
from nardy.rules.match import Match
from nardy.rules.variant import GNUBG_MATCH_ID

ID_LENGTH: Final = 12
"""Characters in a Match ID."""
KEY_BITS: Final = 67
CENTRED: Final = 3
"""The owner field of a centred cube."""
FIELDS: Final = (
    ("cube", 4),
    ("owner", 2),
    ("on_roll", 1),
    ("crawford", 1),
    ("state", 3),
    ("turn", 1),
    ("doubled", 1),
    ("resign", 2),
    ("die1", 3),
    ("die2", 3),
    ("match_to", 15),
    ("score0", 15),
    ("score1", 15),
    ("no_jacoby", 1),
)
"""The key's fields in order, with their widths in bits."""


class MatchIdError(NardyError):
    """A string that is not a Match ID, or a state that a Match ID cannot hold."""


class GameState(IntEnum):
    """The game-state field."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


@dataclass(frozen=True)
class MatchKey:
    """The facts a Match ID holds, with values as a player reads them."""

    cube: int = 1
    """The cube value (a power of two)."""
    owner: int | None = None
    """The player owning the cube, None when centred."""
    on_roll: int = 0
    crawford: bool = False
    state: GameState = GameState.PLAYING
    turn: int = 0
    doubled: bool = False
    resign: int = 0
    dice: tuple[int, int] = (0, 0)
    """The dice rolled, ``(0, 0)`` before the roll."""
    match_to: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False
    """Whether the Jacoby rule is on (money play)."""


def encode(key: MatchKey) -> str:
    """The Match ID of ``key``.

    >>> encode(MatchKey(cube=3))
    Traceback (most recent call last):
    ...
    nardy.formats.gnubg_match_id.MatchIdError: a cube value is a power of two, not 3
    """
    if key.cube < 1 or key.cube & (key.cube - 1):
        raise MatchIdError(f"a cube value is a power of two, not {key.cube}")
    values = {
        "cube": key.cube.bit_length() - 1,
        "owner": CENTRED if key.owner is None else key.owner,
        "on_roll": key.on_roll,
        "crawford": int(key.crawford),
        "state": int(key.state),
        "turn": key.turn,
        "doubled": int(key.doubled),
        "resign": key.resign,
        "die1": max(key.dice),
        "die2": min(key.dice),
        "match_to": key.match_to,
        "score0": key.score[0],
        "score1": key.score[1],
        "no_jacoby": int(not key.jacoby),
    }
    bits: list[int] = []
    for name, width in FIELDS:
        value = values[name]
        if not 0 <= value < 1 << width:
            raise MatchIdError(f"{name} = {value} does not fit in a Match ID")
        bits.extend((value >> shift) & 1 for shift in range(width))
    bits.extend([0] * (8 * 9 - len(bits)))
    key_bytes = bytes(
        sum(bit << shift for shift, bit in enumerate(bits[at : at + 8]))
        for at in range(0, len(bits), 8)
    )
    return b64encode(key_bytes).decode("ascii")


def decode(match_id: str) -> MatchKey:
    """The facts a Match ID holds.

    >>> decode('cAkAAAAAAAAA')
    MatchKey(cube=1, owner=None, on_roll=1, crawford=False, state=<GameState.PLAYING: 1>, \
turn=1, doubled=False, resign=0, dice=(0, 0), match_to=0, score=(0, 0), jacoby=True)
    >>> decode('cAk')
    Traceback (most recent call last):
    ...
    nardy.formats.gnubg_match_id.MatchIdError: a gnubg Match ID has 12 characters, not 3
    """
    if not isinstance(match_id, str) or len(match_id) != ID_LENGTH:
        size = len(match_id) if isinstance(match_id, str) else "a non-string"
        raise MatchIdError(f"a gnubg Match ID has {ID_LENGTH} characters, not {size}")
    try:
        key_bytes = b64decode(match_id, validate=True)
    except (binascii.Error, ValueError):
        raise MatchIdError(f"not a gnubg Match ID: {match_id!r} is not base64") from None
    bits = [(byte >> shift) & 1 for byte in key_bytes for shift in range(8)]
    if any(bits[KEY_BITS:]):
        raise MatchIdError(f"not a gnubg Match ID: {match_id!r} has bits after the key")
    values: dict[str, int] = {}
    at = 0
    for name, width in FIELDS:
        values[name] = sum(bits[at + shift] << shift for shift in range(width))
        at += width
    if values["owner"] == 2 or values["state"] > GameState.DROPPED:
        raise MatchIdError(f"not a gnubg Match ID: {match_id!r} has impossible fields")
    return MatchKey(
        cube=1 << values["cube"],
        owner=None if values["owner"] == CENTRED else values["owner"],
        on_roll=values["on_roll"],
        crawford=bool(values["crawford"]),
        state=GameState(values["state"]),
        turn=values["turn"],
        doubled=bool(values["doubled"]),
        resign=values["resign"],
        dice=(values["die1"], values["die2"]),
        match_to=values["match_to"],
        score=(values["score0"], values["score1"]),
        jacoby=not values["no_jacoby"],
    )


def game_key(
    game: Game, match_to: int = 0, score: tuple[int, int] = (0, 0), crawford: bool = False
) -> MatchKey:
    """The key of ``game`` as it stands, in a match to ``match_to`` (0 for money) where
    the score before the game was ``score``; ``crawford`` when it is the Crawford game.
    The dice are given higher first, as gnubg keeps them.

    >>> from nardy.variants import BACKGAMMON, LONG_NARDY
    >>> from nardy.rules.game import OpeningRoll
    >>> game = Game.new(BACKGAMMON).apply(OpeningRoll((2, 5)))
    >>> key = game_key(game, 5, (1, 2))
    >>> key.on_roll, key.dice, key.score
    (1, (5, 2), (1, 2))
    >>> game_key(Game.new(LONG_NARDY))
    Traceback (most recent call last):
    ...
    nardy.formats.gnubg_match_id.MatchIdError: a gnubg Match ID holds backgammon, not long-nardy
    """
    if GNUBG_MATCH_ID not in game.variant.formats:
        raise MatchIdError(f"a gnubg Match ID holds backgammon, not {game.variant.name}")
    on_roll = game.turn if game.turn is not None else 0
    turn, state, resign = on_roll, GameState.PLAYING, 0
    if game.offer is not None:
        turn, resign = 1 - game.offer[0], game.offer[1]
    if game.phase is Phase.OPENING:
        state = GameState.NONE
    elif game.phase is Phase.DOUBLED:
        turn = 1 - on_roll
    elif game.phase is Phase.OVER:
        result = game.result
        assert result is not None
        last = game.actions[-1]
        if result.kind == "drop":
            state, turn = GameState.DROPPED, last.player if last.player is not None else turn
        elif result.kind == "resign":
            resigner = 1 - (result.winner or 0)
            state, turn = GameState.RESIGNED, 1 - resigner
            resign = next((a.level or 1 for a in reversed(game.actions) if a.type == "resign"), 1)
        else:  # the last checker borne off: the turn has passed, as after any play
            state = GameState.OVER
            on_roll = turn = 1 - (result.winner or 0)
        if result.winner is not None:
            gained = list(score)
            gained[result.winner] += result.points
            score = (gained[0], gained[1])
    dice = (0, 0)
    if game.phase is Phase.MOVING and game.dice is not None:
        dice = (max(game.dice), min(game.dice))
    return MatchKey(
        cube=game.cube,
        owner=game.owner,
        on_roll=on_roll,
        crawford=crawford,
        state=state,
        turn=turn,
        doubled=game.phase is Phase.DOUBLED,
        resign=resign,
        dice=dice,
        match_to=match_to,
        score=score,
        jacoby=game.settings.jacoby,
    )


def match_key(match: Match, index: int = -1) -> MatchKey:
    """The key of game ``index`` of ``match`` (the game in play by default) as it stands."""
    game = match.games[index]
    position = index % len(match.games)
    befores = match.scores_before()
    target = match.settings.match_to
    crawford = (
        match.settings.crawford
        and target > 1
        and target - 1 in befores[position]
        and all(target - 1 not in s for s in befores[:position])
    )
    return game_key(game, target, befores[position], crawford)


def match_id(match: Match, index: int = -1) -> str:
    """The gnubg Match ID of game ``index`` of ``match`` (the game in play by default).

    >>> from nardy.variants import BACKGAMMON
    >>> from nardy.rules.settings import Settings
    >>> from nardy.rules.game import Double, OpeningRoll, MakePlay
    >>> match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 3}))
    >>> match = match.apply(OpeningRoll((1, 2))).apply(MakePlay(1, ((13, 11), (24, 23))))
    >>> match.apply(Double(0)).game.phase, match_id(match.apply(Double(0)))
    (<Phase.DOUBLED: 'doubled'>, 'MBlgAAAAAAAE')
    """
    return encode(match_key(match, index))
