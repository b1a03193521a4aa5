"""The errors the rules raise: each says, in words a player understands, what is wrong."""

from __future__ import annotations


class NardyError(ValueError):
    """Base class of every error about positions, plays and games."""


class InvalidPositionError(NardyError):
    """A position that cannot occur: wrong checker counts, overlapping checkers, and so on."""


class IllegalPlayError(NardyError):
    """A play or step that the rules do not allow in this position."""


class NotationError(NardyError):
    """Move notation that cannot be read."""


class SettingsError(NardyError):
    """A game setting that is unknown, out of range or not for this variant."""


class IllegalActionError(NardyError):
    """An action that the game does not allow now (out of turn, a double in a Crawford game…)."""


class NotYourTurnError(IllegalActionError):
    """An action by the player whose turn it is not."""


class NothingToAnswerError(IllegalActionError):
    """An answer (take, drop, accept, decline) when no offer of that kind is open."""


class MatchOverError(IllegalActionError):
    """An action after the match has ended."""


class IllegalMoveError(IllegalActionError):
    """A step, undo or play that the rules do not allow (an :class:`IllegalPlayError`),
    made as an action of the game."""
