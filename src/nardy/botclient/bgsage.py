"""Open Sage as a bot's engine, through the ``bgsage`` package (MPL-2.0; the optional
extra ``nardy[bgsage]``): Sage chooses the checker plays and the cube actions, with the
match score, at ``PLY`` plies counted as gnubg counts them (0 is the network alone, which
Sage calls 1-ply). Resignations are nardy's.

Sage is reached through the benchmarks' bridge (:mod:`nardy.bench.sage`).
"""

from __future__ import annotations

from typing import Any

from nardy.bench.sage import analyzer, sage_board
from nardy.bot.agents.bot_agent import BotAgent
from nardy.rules.game import Game
from nardy.rules.plays import Play
from nardy.variants import variant_named


class SageAgent(BotAgent):
    """Open Sage at ``ply`` plies (see the module)."""

    def __init__(self, variant: str, ply: int) -> None:
        super().__init__(variant_named(variant), "advanced")
        self.sage = analyzer(ply, threads=0)  # a bot's only work: Sage's own choice

    def _cube(self, game: Game, roller: int) -> dict[str, Any]:
        """The cube and the match as Sage's calls take them, for ``roller``."""
        owner = (
            "centered" if game.owner is None else "player" if game.owner == roller else "opponent"
        )
        away = (0, 0)
        if self.match is not None and not game.money:
            target = game.settings.match_to
            away = (target - self.match.score[roller], target - self.match.score[1 - roller])
        crawford = not game.money and game.settings.cube and not game.cube_enabled
        return {
            "cube_value": game.cube,
            "cube_owner": owner,
            "away1": away[0],
            "away2": away[1],
            "is_crawford": crawford,
            "jacoby": game.settings.jacoby,
            "beaver": False,
        }

    def play(self, game: Game, plays: tuple[Play, ...]) -> Play:
        assert game.moving is not None and game.turn is not None, "no roll to play"
        if len(plays) == 1:
            return plays[0]
        high, low = game.moving.dice
        cube = self._cube(game, game.turn)
        best = self.sage.checker_play(sage_board(game.position.cells), high, low, **cube).moves[0]
        for play in plays:
            if sage_board(play.position.cells) == list(best.board):
                return play
        raise RuntimeError(f"Sage chose a play nardy does not know: {best.board}")

    def doubles(self, game: Game, player: int) -> bool:
        if not game.can_double(player):
            return False
        result = self.sage.cube_action(sage_board(game.position.cells), **self._cube(game, player))
        return bool(result.should_double)

    def takes(self, game: Game, player: int) -> bool:
        assert game.turn is not None and game.turn != player, "no double to answer"
        cube = self._cube(game, game.turn)
        result = self.sage.cube_action(sage_board(game.position.cells), **cube)
        return bool(result.should_take)
