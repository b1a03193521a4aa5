"""One decision of a review (INTERFACES.md §5): what was chosen, what was best, the
error between them, and what the review page shows of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nardy.analysis.marks import mark


@dataclass(frozen=True)
class Decision:
    """One decision of one player (INTERFACES.md §5), with what the page shows of it."""

    action: int
    player: int
    kind: str
    """``move``, ``double``, ``take`` or ``resign`` (an answer to an offer to resign)."""
    error: float
    played: str
    best: str
    equity: float
    """The normalised equity of the choice made."""
    best_equity: float
    luck: float | None = None
    """For a move, the luck of the roll it plays."""
    position: dict[str, Any] | None = None
    """The position before the decision, seen by the player who decides."""
    candidates: tuple[dict[str, Any], ...] = ()
    cube: dict[str, Any] | None = None
    rollout: dict[str, int] | None = None
    """How the values were settled when a rollout settled them (:mod:`nardy.analysis.settle`):
    its ``games`` and ``truncate``."""

    @property
    def mark(self) -> str | None:
        """The mark of the error as the review shows it (to 4 places), so that an error
        shown as 0.0400 is marked doubtful even when it fell a hair below.

        >>> Decision(0, 0, "move", 0.03996, "", "", 0.0, 0.04).mark
        'doubtful'
        """
        return mark(round(self.error, 4))

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "action": self.action,
            "player": self.player,
            "kind": self.kind,
            "error": round(self.error, 4),
            "mark": self.mark,
            "luck": None if self.luck is None else round(self.luck, 4),
            "played": self.played,
            "best": self.best,
            "equity": round(self.equity, 4),
            "best_equity": round(self.best_equity, 4),
        }
        if self.position is not None:
            doc["position"] = self.position
        if self.candidates:
            doc["candidates"] = list(self.candidates)
        if self.cube is not None:
            doc["cube"] = self.cube
        if self.rollout is not None:
            doc["rollout"] = self.rollout
        return doc
