"""The game itself: pure, immutable values with no input, output or randomness."""

from nardy.rules.errors import IllegalPlayError, InvalidPositionError, NardyError, NotationError
from nardy.rules.plays import Play, Step, legal_plays
from nardy.rules.position import Position
from nardy.rules.variant import Variant

__all__ = [
    "IllegalPlayError",
    "InvalidPositionError",
    "NardyError",
    "NotationError",
    "Play",
    "Position",
    "Step",
    "Variant",
    "legal_plays",
]
