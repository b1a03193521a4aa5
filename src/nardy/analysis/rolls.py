"""What the rolls of a reviewed game gave: the luck of each, and where the game stood
before each for the review's graph."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nardy.rules.plays import Dice


@dataclass(frozen=True)
class RollLuck:
    """The luck of one roll, normalised and in the unit of the result (points at the
    cube's value, or a match winning chance)."""

    action: int
    player: int
    dice: Dice
    luck: float
    raw: float

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "player": self.player,
            "dice": list(self.dice),
            "luck": round(self.luck, 4),
        }


@dataclass(frozen=True)
class Point:
    """Where the game stood before a roll, for the graph: player 0's chance to win the
    game (cubeless), its normalised equity, and in a match its match winning chance."""

    action: int
    win: float
    equity: float
    match: float | None

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "action": self.action,
            "win": round(self.win, 4),
            "equity": round(self.equity, 4),
        }
        if self.match is not None:
            doc["match"] = round(self.match, 4)
        return doc
