"""What a review adds up to for each player (INTERFACES.md §5 ``summary``).

Besides the fixed fields (decisions, error total, error rate = 1000 × error / decisions,
PR = 500 × error / decisions, luck total) each player gets the same split into checker
play and cube decisions, the count of each mark, a rating word
(:func:`nardy.analysis.marks.rating`), the result and the result with luck taken out.

The result is in the unit of the game: points won (money play, series without a match
equity) or, in a match, the match winning chance gained from the start (1 − ½ for a won
match, or the chance at the score reached when it is unfinished). The luck-adjusted result
is that result less the player's luck plus the opponent's, each roll's luck counted in
the same unit (points at the cube's value then, or winning chance).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nardy.analysis.engine import match_equity
from nardy.analysis.marks import MARKS, rating

if TYPE_CHECKING:
    from nardy.analysis.review import GameReview
    from nardy.rules.match import Match


@dataclass(frozen=True)
class PlayerSummary:
    decisions: int
    error_total: float
    moves: int
    move_error: float
    cube_decisions: int
    cube_error: float
    marks: dict[str, int]
    rolls: int
    luck_total: float
    result: float
    luck_adjusted: float
    unit: str

    @property
    def error_rate(self) -> float:
        return 1000.0 * self.error_total / self.decisions if self.decisions else 0.0

    @property
    def pr(self) -> float:
        return 500.0 * self.error_total / self.decisions if self.decisions else 0.0

    @property
    def move_error_rate(self) -> float:
        return 1000.0 * self.move_error / self.moves if self.moves else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "error_total": round(self.error_total, 4),
            "error_rate": round(self.error_rate, 2),
            "pr": round(self.pr, 2),
            "luck_total": round(self.luck_total, 4),
            "rating": rating(self.pr),
            "moves": self.moves,
            "move_error_total": round(self.move_error, 4),
            "move_error_rate": round(self.move_error_rate, 2),
            "cube_decisions": self.cube_decisions,
            "cube_error_total": round(self.cube_error, 4),
            "marks": self.marks,
            "rolls": self.rolls,
            "result": round(self.result, 4),
            "luck_adjusted": round(self.luck_adjusted, 4),
            "unit": self.unit,
        }


def summarise(match: Match, games: Sequence[GameReview]) -> tuple[PlayerSummary, PlayerSummary]:
    """Both players' summaries of the reviewed ``games`` of ``match``."""
    results = _results(match)
    raw_luck = [0.0, 0.0]
    for game in games:
        for roll in game.rolls:
            raw_luck[roll.player] += roll.raw
    unit = "match" if match.settings.match_to else "points"
    summaries = []
    for player in (0, 1):
        mine = [d for game in games for d in game.decisions if d.player == player]
        moves = [d for d in mine if d.kind == "move"]
        cube = [d for d in mine if d.kind in ("double", "take")]
        marks = {name: sum(1 for d in mine if d.mark == name) for name, _ in MARKS}
        rolls = [r for game in games for r in game.rolls if r.player == player]
        adjusted = results[player] - raw_luck[player] + raw_luck[1 - player]
        summaries.append(
            PlayerSummary(
                decisions=len(mine),
                error_total=sum(d.error for d in mine),
                moves=len(moves),
                move_error=sum(d.error for d in moves),
                cube_decisions=len(cube),
                cube_error=sum(d.error for d in cube),
                marks=marks,
                rolls=len(rolls),
                luck_total=sum(r.luck for r in rolls),
                result=results[player],
                luck_adjusted=adjusted,
                unit=unit,
            )
        )
    return summaries[0], summaries[1]


def _results(match: Match) -> tuple[float, float]:
    """Each player's result: points won less points lost, or the match winning chance
    gained since the start of the match."""
    target = match.settings.match_to
    a, b = match.score
    if not target:
        return float(a - b), float(b - a)
    start = match_equity(target, target)
    if match.is_over():
        first = 1.0 if a > b else 0.0
    else:
        post = match.crawford_played or not match.settings.crawford
        first = match_equity(target - a, target - b, post_crawford=post)
    return first - start, (1.0 - first) - (1.0 - start)
