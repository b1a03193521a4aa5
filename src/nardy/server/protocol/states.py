"""The table socket's states (docs/PROTOCOL.md, "The state"): the half of
:mod:`nardy.server.protocol` that says what clients are sent.

A state is one JSON object, complete: a client never needs anything older to show the
table. Every version of a table is built in two parts, so that it is built once however
many watch it: the fields that are the same for everyone at the table (the *common* part:
:func:`match_common`, :func:`chouette_common`), then, once per seat and once for all
spectators, what that seat sees besides — the board from its side and what it may do now
(:func:`match_state`, :func:`chouette_state`). A match between two and a chouette have
states of their own shapes and share their pieces: the table's :class:`Facts`, the cube,
the play being built, the last play, how a game ended and what a mover may do.

The states are typed dicts: plain dicts when the server runs (nothing is converted on the
way to the socket), checked field by field by the type checker. The order of the fields
is the one clients have always been sent.

Both kinds of state and the pieces they share stay in one module although it runs past
400 lines, most of them field declarations: a shared piece is written once for both, and
every field a client is sent is read in one place.

>>> from nardy.rules.match import Match
>>> from nardy.variants import BACKGAMMON
>>> facts = Facts(n=0, table="t1", variant="backgammon", status="open", commitment="c0",
...               game_dice=None, chat=[])
>>> common = match_common(facts, Match.new(BACKGAMMON), seats=["Ala", None], seed=None,
...                       rematch=None, clock=None, hints=HintsState(allowed=True,
...                       agreed=[False, False], computer=False, rated=False))
>>> common["phase"], common["cube"]
('opening', {'value': 1, 'owner': None, 'enabled': True})
>>> seen = match_state(common, Match.new(BACKGAMMON).game, None, over=False, auto={})
>>> seen["you"], seen["perspective"], seen["pips"], seen["legal"]
(None, 0, [167, 167], {})
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, NotRequired, TypedDict

from nardy.formats.game_plays import written_plays
from nardy.formats.position_json import position_to_json
from nardy.formats.record import action_to_json
from nardy.rules.chouette import BOX, TEAM, Chouette
from nardy.rules.game import Game, Phase, Reason, Result, ResultKind
from nardy.rules.match import Match
from nardy.rules.turn import Turn

# -- the pieces

ChatLine = TypedDict("ChatLine", {"from": str, "seat": int | None, "text": str, "at": float})
"""A line of table chat: who said it (the name shown), their seat, what, when (Unix time)."""


class Cube(TypedDict):
    """The doubling cube: its value, its owner (a seat, or None while centred), and
    whether it is in use in this game."""

    value: int
    owner: int | None
    enabled: bool


class Outcome(TypedDict):
    """How a game ended; ``reason`` only when a forfeit (``time``, ``left``) ended it."""

    winner: int | None
    points: int
    kind: ResultKind
    reason: NotRequired[Reason]


class Numbered(Outcome):
    """How the latest finished game ended, with its number (from 1)."""

    game: int


class Legal(TypedDict, total=False):
    """What the viewer may do now (nothing for spectators and when it is not their call)."""

    roll: bool
    double: bool
    steps: list[list[int]]
    """While moving: every single step that still leads to a legal play."""
    undo: bool
    confirm: bool
    remaining: list[int]
    take: bool
    drop: bool
    accept: bool
    decline: bool
    level: int
    """The level of the resignation offered, with ``accept`` and ``decline``."""
    resign: list[int]
    """The levels the viewer may offer to resign at."""
    agree: bool
    """A chouette member may agree to the captain's team double (CH3) …"""
    refuse: bool
    """… or refuse it."""


class HintsState(TypedDict):
    """Whether hints are given at this table, who agreed to them, whether the computer
    sits here, and whether the table is rated (then hints are never given nor offered)."""

    allowed: bool
    agreed: list[bool]
    computer: bool
    rated: bool


class TournamentPlace(TypedDict):
    """The tournament and round a table plays a pairing of."""

    id: str
    round: int


class Facts(NamedTuple):
    """What a state tells of the table itself rather than of its game (built by
    :meth:`nardy.server.tables.room.Room.facts`)."""

    n: int
    """The table's version: the number of its stored events."""
    table: str
    variant: str
    status: str
    """``open``, ``playing``, ``over``, ``aborted`` (a match nobody won) or ``withdrawn``."""
    commitment: str
    game_dice: dict[str, Any] | None
    """The current game's dice (:meth:`nardy.server.tables.room.Room.game_dice`)."""
    chat: list[ChatLine]
    bots: tuple[bool, ...] = ()
    """For each seat (a chouette: each participant), whether a bot account sits there
    (INTERFACES.md §9)."""
    computers: tuple[str | None, ...] = ()
    """For each seat (a chouette: each participant), the computer's level where the
    computer sits, else None (:mod:`nardy.server.protocol.computers`)."""


def cube(game: Game) -> Cube:
    return {"value": game.cube, "owner": game.owner, "enabled": game.cube_enabled}


def dice(game: Game) -> list[int] | None:
    return list(game.dice) if game.dice else None


def steps_taken(game: Game) -> list[list[int]]:
    """The unconfirmed steps of the play being built, in the mover's numbering."""
    return [list(step) for step in game.moving.steps] if game.moving else []


def plays_of(game: Game) -> list[dict[str, Any]]:
    """The confirmed plays of ``game``, oldest first, each a record action with its
    ``text`` as players write it (:mod:`nardy.formats.game_plays`)."""
    return [{**action_to_json(action), "text": text} for action, text in written_plays(game)]


def last_play(plays: list[dict[str, Any]], number: int) -> dict[str, Any] | None:
    """The last of a game's ``plays`` (:func:`plays_of`), with the game's ``number``."""
    return {**plays[-1], "game": number} if plays else None


def outcome(game: Game) -> Outcome | None:
    """How ``game`` ended; with the ``reason`` of a forfeit (time, left) that ended it."""
    if game.result is None:
        return None
    result: Result = game.result
    ended: Outcome = {"winner": result.winner, "points": result.points, "kind": result.kind}
    reasons = [action.reason for action in game.actions if action.reason is not None]
    if reasons:
        ended["reason"] = reasons[-1]
    return ended


def moving(turn: Turn) -> Legal:
    """What the mover may do while building a play."""
    return {
        "steps": [list(step) for step in turn.legal_steps()],
        "undo": bool(turn.steps),
        "confirm": turn.is_complete(),
        "remaining": list(turn.remaining),
    }


# -- a match between two


class MatchCommon(TypedDict):
    """The fields of a match table's state that are the same for everyone."""

    type: Literal["state"]
    n: int
    table: str
    variant: str
    settings: dict[str, Any]
    seats: list[str | None]
    bots: list[bool]
    """Whether each seat's player is a bot account (INTERFACES.md §9)."""
    computers: list[str | None]
    """The computer's level at each seat where it sits, else None."""
    status: str
    score: list[int]
    game: int
    """The number of the game in play (from 1)."""
    crawford: bool
    phase: str
    turn: int | None
    dice: list[int] | None
    cube: Cube
    offer: list[int] | None
    steps: list[list[int]]
    last_play: dict[str, Any] | None
    moves: list[dict[str, Any]]
    """The plays of ``last_play``'s game so far, oldest first, each with its ``text``."""
    result: Outcome | None
    last_result: Numbered | None
    rematch: str | None
    """The table of the next match, once one was asked for."""
    starter: int | None
    opening: list[int] | None
    plays: int
    winner: int | None
    commitment: str
    seed: str | None
    game_dice: dict[str, Any] | None
    clock: dict[str, Any] | None
    hints: HintsState
    chat: list[ChatLine]
    tournament: NotRequired[TournamentPlace | None]


class MatchState(MatchCommon):
    """A match table's state as one seat (or a spectator) sees it."""

    you: int | None
    position: dict[str, Any]
    """The position JSON seen by ``perspective`` (INTERFACES.md §1)."""
    perspective: int
    pips: list[int]
    legal: Legal
    auto: dict[str, bool]


def match_common(
    facts: Facts,
    match: Match,
    *,
    seats: list[str | None],
    seed: str | None,
    rematch: str | None,
    clock: dict[str, Any] | None,
    hints: HintsState,
    tournament: TournamentPlace | None = None,
) -> MatchCommon:
    """What everyone at a match table is told of this version."""
    game = match.game
    plays, number = _latest_plays(match)
    return {
        "type": "state",
        "n": facts.n,
        "table": facts.table,
        "variant": facts.variant,
        "settings": match.settings.to_json(match.variant),
        "seats": seats,
        "bots": list(facts.bots) or [False] * len(seats),
        "computers": list(facts.computers) or [None] * len(seats),
        "status": facts.status,
        "score": list(match.score),
        "game": len(match.games),
        "crawford": not game.cube_enabled and match.settings.cube,
        "phase": str(game.phase),
        "turn": game.turn,
        "dice": dice(game),
        "cube": cube(game),
        "offer": list(game.offer) if game.offer else None,
        "steps": steps_taken(game),
        "last_play": last_play(plays, number),
        "moves": plays,
        "result": outcome(game),
        "last_result": _last_result(match),
        "rematch": rematch,
        "starter": game.starter,
        "opening": _opening_dice(game),
        "plays": sum(1 for action in game.actions if action.type == "play"),
        "winner": match.winner,
        "commitment": facts.commitment,
        "seed": seed,
        "game_dice": facts.game_dice,
        "clock": clock,
        "hints": hints,
        "chat": facts.chat,
        "tournament": tournament,
    }


def match_state(
    common: MatchCommon, game: Game, seat: int | None, *, over: bool, auto: dict[str, bool]
) -> MatchState:
    """The whole state as ``seat`` sees it (None: a spectator, who sees seat 0's side):
    the board from their side and their legal actions."""
    viewer = seat if seat is not None else 0
    position = game.view(viewer)
    return {
        **common,
        "you": seat,
        "position": position_to_json(position),
        "perspective": viewer,
        "pips": list(position.pip_counts()),
        "legal": _match_legal(game, seat) if seat is not None and not over else {},
        "auto": auto,
    }


def _opening_dice(game: Game) -> list[int] | None:
    """The roll-off that decided who starts this game, ``[seat 0's die, seat 1's die]``."""
    first = game.actions[0] if game.actions else None
    if first is None or first.type != "opening" or not first.attempts:
        return None
    return list(first.attempts[-1])


def _latest_plays(match: Match) -> tuple[list[dict[str, Any]], int]:
    """The plays of the latest game of ``match`` that has any (:func:`plays_of`), and its
    number (from 1): this game's, or before its first play the last game's; worked out
    from the stored events alone, like everything in the state."""
    for number in range(len(match.games), 0, -1):
        plays = plays_of(match.games[number - 1])
        if plays:
            return plays, number
    return [], len(match.games)


def _last_result(match: Match) -> Numbered | None:
    """How the latest finished game of ``match`` ended, with its number (from 1)."""
    for number in range(len(match.games), 0, -1):
        ended = outcome(match.games[number - 1])
        if ended is not None:
            return {"game": number, **ended}
    return None


def _match_legal(game: Game, seat: int) -> Legal:
    """What ``seat`` may do now."""
    legal: Legal = {}
    if game.phase is Phase.ROLLING and game.turn == seat:
        legal["roll"] = True
        legal["double"] = game.can_double(seat)
    elif game.phase is Phase.MOVING and game.turn == seat and game.moving is not None:
        legal = moving(game.moving)
    elif game.phase is Phase.DOUBLED and game.turn == 1 - seat:
        legal["take"] = legal["drop"] = True
    elif game.phase is Phase.RESIGNING and game.offer and game.offer[0] != seat:
        legal["accept"] = legal["decline"] = True
        legal["level"] = game.offer[1]
    if game.phase in (Phase.ROLLING, Phase.MOVING):
        legal["resign"] = list(game.variant.resign_levels) or [1]
    return legal


# -- a chouette


class Roles(TypedDict):
    """Who is the box, who the captain, who is on the team (participants' numbers)."""

    box: int | None
    captain: int | None
    team: list[int]


class Settled(TypedDict):
    """The last finished chouette game: its box and captain, and what each was paid."""

    box: int
    captain: int
    box_won: bool
    payments: list[int]
    result: Outcome | None


class ChouetteCommon(TypedDict):
    """The fields of a chouette table's state that are the same for everyone."""

    type: Literal["state"]
    kind: Literal["chouette"]
    n: int
    table: str
    variant: str
    settings: dict[str, Any]
    participants: list[str | None]
    seats: list[str | None]
    """The participants' names, as a match's ``seats``: the same as ``participants``."""
    bots: list[bool]
    computers: list[str | None]
    """The computer's level for each participant it plays from the start, else None."""
    roles: Roles
    ledger: list[int]
    games: int
    """Games finished so far."""
    game: int
    """The number of the game in play (from 1), as at a match: ``games`` + 1."""
    phase: str
    """A game's phase, or ``roll-off`` while places are rolled for (CH1)."""
    turn: int | None
    dice: list[int] | None
    cube: Cube | None
    proposal: list[int] | None
    """Members who agreed to the captain's pending team double (CH3)."""
    left: list[int]
    """Participants who left for good; the computer plays their seats."""
    answers: list[list[Any]]
    """``[member, took]`` for each answer so far to the box's double (CH4)."""
    steps: list[list[int]]
    last_play: dict[str, Any] | None
    moves: list[dict[str, Any]]
    """This game's plays so far, oldest first, each with its ``text``."""
    status: str
    commitment: str
    game_dice: dict[str, Any] | None
    chat: list[ChatLine]
    last: Settled | None


class ChouetteState(ChouetteCommon):
    """A chouette table's state as one participant (or a spectator) sees it."""

    you: int | None
    side: int
    """The side whose view the board is: the box's (0) or the team's (1)."""
    perspective: int
    """The same as ``side``, under a match's name."""
    position: dict[str, Any] | None
    pips: list[int] | None
    """Pip counts ``[perspective's, other's]``; None while ``position`` is."""
    legal: Legal
    hints: HintsState
    """Hints are given to a participant whom only computers sit with (never rated)."""


def chouette_common(
    facts: Facts,
    chouette: Chouette,
    *,
    participants: list[str | None],
    proposal: tuple[int, ...] | None,
    left: tuple[int, ...] = (),
) -> ChouetteCommon:
    """What everyone at a chouette table is told of this version."""
    game = chouette.game
    plays = plays_of(game) if game else []
    return {
        "type": "state",
        "kind": "chouette",
        "n": facts.n,
        "table": facts.table,
        "variant": facts.variant,
        "settings": chouette.settings.to_json(chouette.variant),
        "participants": participants,
        "seats": participants,
        "bots": list(facts.bots) or [False] * len(participants),
        "computers": list(facts.computers) or [None] * len(participants),
        "roles": _roles(chouette),
        "ledger": list(chouette.ledger),
        "games": len(chouette.history),
        "game": len(chouette.history) + 1,
        "phase": str(game.phase) if game else "roll-off",
        "turn": game.turn if game else None,
        "dice": dice(game) if game else None,
        "cube": cube(game) if game else None,
        "proposal": list(proposal) if proposal is not None else None,
        "left": list(left),
        "answers": [list(answer) for answer in chouette.answers],
        "steps": steps_taken(game) if game else [],
        "last_play": last_play(plays, len(chouette.history) + 1),
        "moves": plays,
        "status": facts.status,
        "commitment": facts.commitment,
        "game_dice": facts.game_dice,
        "chat": facts.chat,
        "last": _settled(chouette),
    }


def chouette_state(
    common: ChouetteCommon,
    chouette: Chouette,
    me: int | None,
    *,
    acting: bool,
    proposal: bool,
    refused: bool,
    hints: bool = False,
    present: bool = True,
) -> ChouetteState:
    """The whole state as participant ``me`` sees it (None: a spectator): the board from
    their side (the box's, or the team's) and their legal actions. ``acting``: the table
    waits for ``me``; ``proposal``: a team double is proposed; ``refused``: the team
    refused to double at this point of the game; ``hints``: ``me`` may ask for hints;
    ``present``: ``me`` has not left (else the computer decides for them, and they may do
    nothing but watch)."""
    game = chouette.game
    side = BOX if me is not None and chouette.order and me == chouette.box else TEAM
    position = game.view(side) if game is not None else None
    legal: Legal = {}
    if me is not None and game is not None and acting and present:
        legal = _chouette_legal(chouette, game, me, proposal=proposal, refused=refused)
    in_game = present and chouette.order and (me == chouette.box or me in chouette.team)
    playing = game is not None and game.phase in (Phase.ROLLING, Phase.MOVING)
    if in_game and playing and game is not None and not proposal:  # CH8: at any turn
        legal["resign"] = list(game.variant.resign_levels) or [1]
    return {
        **common,
        "you": me,
        "side": side,
        "perspective": side,
        "position": position_to_json(position) if position else None,
        "pips": list(position.pip_counts()) if position else None,
        "legal": legal,
        "hints": {"allowed": hints, "agreed": [], "computer": True, "rated": False},
    }


def _roles(chouette: Chouette) -> Roles:
    if not chouette.order:
        return {"box": None, "captain": None, "team": []}
    return {"box": chouette.box, "captain": chouette.captain, "team": list(chouette.team)}


def _settled(chouette: Chouette) -> Settled | None:
    if not chouette.history:
        return None
    last = chouette.history[-1]
    return {
        "box": last.box,
        "captain": last.captain,
        "box_won": last.box_won,
        "payments": list(last.payments),
        "result": outcome(last.game),
    }


def _chouette_legal(
    chouette: Chouette, game: Game, me: int, *, proposal: bool, refused: bool
) -> Legal:
    """What participant ``me``, whom the table waits for, may do now."""
    if proposal:
        return {"agree": True, "refuse": True}
    if game.phase is Phase.DOUBLED:
        return {"take": True, "drop": True}
    side = BOX if me == chouette.box else TEAM
    if game.phase is Phase.ROLLING:
        return {"roll": True, "double": game.can_double(side) and not (side == TEAM and refused)}
    if game.phase is Phase.MOVING and game.moving is not None:
        return moving(game.moving)
    return {}


State = MatchState | ChouetteState
"""A table's state as one seat sees it, of either kind of table."""
