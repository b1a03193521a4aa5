"""A forfeit: a player whose time ran out, or who left the table, loses what is at stake.

The record keeps its shape (INTERFACES.md §4): each game the forfeit ends is scored as a
resignation at the highest level the variant offers, accepted for the winner; a double or an
offer to resign that is pending is answered first, and a game not yet begun gets its roll-off.
In a match every game left is lost, in money play only the game in play. Every event the
forfeit makes carries its :data:`~nardy.rules.game.Reason`, and so does every action it
writes, so that a record says why a game ended.

>>> from nardy.rules.game import MakePlay, OpeningRoll
>>> from nardy.rules.settings import Settings
>>> from nardy.variants import BACKGAMMON
>>> match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 1}))
>>> match = match.apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
>>> events = []
>>> for event in forfeit(match, 1, "time", lambda: (2, 1)):
...     events.append(event)
...     match = match.apply(event)
>>> [type(event).__name__ for event in events], match.winner
(['Resign', 'Accept'], 0)
>>> forfeited(match)
(1, 'time')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, cast, get_args

from nardy.rules.game import (
    Accept,
    Decline,
    Drop,
    Event,
    Game,
    OpeningRoll,
    Phase,
    Reason,
    Resign,
    Take,
)
from nardy.rules.match import Match
from nardy.rules.plays import Dice

__all__ = ["LOST", "REASONS", "forfeit", "forfeit_event", "forfeited", "reason_named"]

REASONS: tuple[Reason, ...] = get_args(Reason)
"""Every reason a forfeit can have."""
LOST: dict[Reason, str] = {"time": "lost on time", "left": "lost by leaving the table"}
"""What happened to the player who forfeited, in the command line's English."""


def forfeit(match: Match, loser: int, reason: Reason, dice: Callable[[], Dice]) -> Iterator[Event]:
    """The events by which ``loser`` forfeits ``match``, one at a time; ``dice`` gives a
    roll-off's dice when it is asked for (after the event before it has been taken in)."""
    games = len(match.games)
    while not match.is_over():
        if match.settings.match_to == 0 and len(match.games) > games:
            return  # money play: only the game that was in play
        event = forfeit_event(match.game, loser, reason, dice)
        yield event
        match = match.apply(event)


def forfeit_event(game: Game, loser: int, reason: Reason, dice: Callable[[], Dice]) -> Event:
    """The next event of ``loser``'s forfeit of ``game`` (a game still in play)."""
    winner = 1 - loser
    highest = max(game.variant.resign_levels, default=1)
    match game.phase:
        case Phase.OPENING:
            return OpeningRoll(dice(), reason)
        case Phase.DOUBLED:
            # the loser answers a double by dropping it; the winner takes the loser's double
            return Drop(loser, reason) if game.turn == winner else Take(winner, reason)
        case Phase.RESIGNING:
            assert game.offer is not None
            if game.offer == (loser, highest):
                return Accept(winner, reason)
            return Decline(1 - game.offer[0], reason)  # then the forfeit's own offer
        case Phase.ROLLING | Phase.MOVING:
            return Resign(loser, highest, reason)
    raise ValueError(f"a game that is {game.phase} cannot be forfeited")


def forfeited(match: Match) -> tuple[int, Reason] | None:
    """Who forfeited ``match`` and why, read from the actions its forfeit wrote; None when
    no game of it ended by a forfeit."""
    for game in match.games:
        reasons = [action.reason for action in game.actions if action.reason is not None]
        if reasons and game.result is not None and game.result.winner is not None:
            return 1 - game.result.winner, reasons[-1]
    return None


def reason_named(value: Any) -> Reason | None:
    """The forfeit reason a stored event or a record action names (None when it names
    none); ``ValueError`` for a value that is not one.

    >>> reason_named("time"), reason_named(None)
    ('time', None)
    >>> reason_named("bored")
    Traceback (most recent call last):
    ...
    ValueError: a forfeit's 'reason' is time or left, not 'bored'
    """
    if value is None:
        return None
    if value not in REASONS:
        raise ValueError(f"a forfeit's 'reason' is {' or '.join(REASONS)}, not {value!r}")
    return cast(Reason, value)
