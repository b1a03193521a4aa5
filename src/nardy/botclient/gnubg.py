"""GNU Backgammon as a bot's engine, through the ``gnubg-nn`` package (an optional extra):
gnubg chooses the checker plays at its ply; nardy's cube and resignation formulas decide
from gnubg's cubeless chances at the same ply."""

from __future__ import annotations

from typing import Any

from nardy.bench.gnubg import GnubgPlayer, board, require
from nardy.bot.agents.bot_agent import BotAgent
from nardy.rules.cells import Cells
from nardy.rules.game import Game
from nardy.rules.plays import Play
from nardy.variants import variant_named


class GnubgAgent(BotAgent):
    """gnubg at ``ply`` plies (0 is its fastest)."""

    def __init__(self, variant: str, ply: int) -> None:
        gnubg = require()

        def chances(game: Game, cells: Cells) -> Any:
            return gnubg.probabilities(board(cells), ply)

        super().__init__(variant_named(variant), "advanced", chances=chances, cube_ply=0)
        self.player = GnubgPlayer(ply)

    def play(self, game: Game, plays: tuple[Play, ...]) -> Play:
        assert game.moving is not None, "no roll to play"
        choice = self.player.choose(game.position.cells, game.moving.dice)
        for play in plays:
            if play.position.cells == choice:
                return play
        return plays[0]
