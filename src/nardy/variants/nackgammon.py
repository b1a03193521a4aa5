"""Nackgammon: backgammon from Nack Ballard's start, two back checkers more.

The whole variant is its start position; every other rule is backgammon's.

>>> NACKGAMMON.start_position().board[21:]
(0, 2, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy.rules.position import Position
from nardy.variants.backgammon import Backgammon, mirrored_start

START = {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}


@dataclass(frozen=True)
class Nackgammon(Backgammon):
    """Backgammon with four back checkers."""

    name = "nackgammon"
    title = "Nackgammon"
    mat_variation = "NackGammon"

    def start_position(self) -> Position:
        return mirrored_start(self, START)


NACKGAMMON = Nackgammon()
