"""An aborted match: one that ends before both players have played is nobody's.

A seat has *played* once the match holds a play of its own (a ``play`` action, even one
that could move nothing). In a match to a number of points, a game that would end while
a seat has not played — a resignation accepted, a double dropped, a player out of time or
gone — aborts the whole match instead (docs/PROTOCOL.md, "Aborted matches and withdrawn
tables"): nobody wins it and no rating moves. Money play and unlimited series have no
winner to withhold and are never aborted. Pure functions of immutable matches, as the
rest of the rules.

>>> from nardy.rules.game import MakePlay, OpeningRoll, Resign, Accept
>>> from nardy.rules.settings import Settings
>>> from nardy.variants import BACKGAMMON
>>> match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 1}))
>>> match = match.apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
>>> unplayed(match), abortable(match)
((1,), True)
>>> resigned = match.apply(Resign(1, 1))
>>> aborts(resigned, resigned.apply(Accept(0)))
True
"""

from __future__ import annotations

from nardy.rules.match import Match

__all__ = ["abortable", "aborts", "finished_games", "unplayed"]


def unplayed(match: Match) -> tuple[int, ...]:
    """The seats that have not made a play of their own in ``match`` yet."""
    played = {
        action.player
        for game in match.games
        for action in game.actions
        if action.type == "play" and action.player is not None
    }
    return tuple(seat for seat in (0, 1) if seat not in played)


def abortable(match: Match) -> bool:
    """Whether ``match`` would be aborted if a game ended now: a match to a number of
    points in which a seat has not played yet."""
    return match.settings.match_to > 0 and bool(unplayed(match))


def finished_games(match: Match) -> int:
    """How many games of ``match`` have a result."""
    return sum(1 for game in match.games if game.result is not None)


def aborts(before: Match, after: Match) -> bool:
    """Whether the step from ``before`` to ``after`` ends a game while a seat has not
    played: then the match is aborted instead of taking that step."""
    return finished_games(after) > finished_games(before) and abortable(before)
