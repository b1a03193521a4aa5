"""A match to N points, a money session or a long-nardy series (RULES.md B8, LN11).

A :class:`Match` holds the finished games, the game in play and the score. Events go to
the game in play; when it ends the score moves on and, unless the match is over, the next
game starts: with a roll-off, or with the starter the variant names (LN11), and without
the cube when it is the Crawford game (B8).

>>> from nardy.variants import BACKGAMMON
>>> from nardy.rules.game import Drop, Double, MakePlay, OpeningRoll, Take
>>> match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 3}))
>>> match = match.apply(OpeningRoll((6, 1))).apply(MakePlay(0, ((13, 7), (8, 7))))
>>> match = match.apply(Double(1)).apply(Drop(0))
>>> match.score, match.game.cube_enabled
((0, 1), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from nardy.rules.errors import MatchOverError
from nardy.rules.game import Event, Game, Phase
from nardy.rules.settings import Settings
from nardy.rules.values import evolve

if TYPE_CHECKING:
    from nardy.rules.variant import Variant


@dataclass(frozen=True)
class Match:
    """Games of one variant between two players under one set of settings."""

    variant: Variant
    settings: Settings
    games: tuple[Game, ...]
    """Every game so far, the one in play last."""
    score: tuple[int, int] = (0, 0)
    crawford_played: bool = False

    @classmethod
    def new(cls, variant: Variant, settings: Settings | None = None) -> Match:
        """A match before its first roll-off."""
        settings = settings or Settings.for_variant(variant)
        return cls(variant, settings, (Game.new(variant, settings),))

    @property
    def game(self) -> Game:
        """The game in play (the last one, finished when the match is over)."""
        return self.games[-1]

    def is_over(self) -> bool:
        """Whether a player has reached the match length (never in money play)."""
        return 0 < self.settings.match_to <= max(self.score)

    @property
    def winner(self) -> int | None:
        """The player who won the match, once it is over."""
        if not self.is_over():
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def scores_before(self) -> tuple[tuple[int, int], ...]:
        """The score before each game."""
        scores = [(0, 0)]
        for game in self.games[:-1]:
            scores.append(_add(scores[-1], game))
        return tuple(scores)

    def apply(self, event: Event) -> Match:
        """The match after ``event`` is applied to the game in play."""
        if self.is_over():
            raise MatchOverError("the match is over")
        game = self.game.apply(event)
        match = evolve(self, games=(*self.games[:-1], game))
        if game.phase is not Phase.OVER:
            return match
        match = evolve(match, score=_add(self.score, game))
        return match if match.is_over() else match._next_game()

    def _next_game(self) -> Match:
        last = self.game
        assert last.result is not None and last.starter is not None
        target = self.settings.match_to
        crawford = (
            self.settings.crawford
            and self.settings.cube
            and target > 1
            and not self.crawford_played
            and target - 1 in self.score
        )
        starter = self.variant.next_starter(self.settings, last.starter, last.result.winner)
        game = Game.new(self.variant, self.settings, crawford=crawford, starter=starter)
        return evolve(
            self, games=(*self.games, game), crawford_played=self.crawford_played or crawford
        )


def _add(score: tuple[int, int], game: Game) -> tuple[int, int]:
    result = game.result
    if result is None or result.winner is None:
        return score
    points = list(score)
    points[result.winner] += result.points
    return points[0], points[1]
