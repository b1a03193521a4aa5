"""The computer at a table: an :class:`~nardy.bot.agents.agent.Agent` that plays with a
:class:`~nardy.bot.agents.levels.Bot` and decides the cube and resignations with
:mod:`nardy.bot.decisions.cube` and :mod:`nardy.bot.decisions.resignation`.

The agent is handed the :class:`~nardy.rules.game.Game`; the match score is not part of a
game, so for match play the caller shows it the match (:meth:`BotAgent.observe`, done by
:func:`play_observed_match`) — without one it assumes both players are at the start.
In a chouette (CH3, CH4) each participant's agent decides alone: the box doubles, each
member takes or passes, and a member agrees to a team double when it would double itself.

>>> from nardy.bot.agents.agent import seeded_dice
>>> from nardy.bot.evaluation.encoding import INPUTS
>>> from nardy.bot.evaluation.network import Network
>>> from nardy.rules.match import Match
>>> from nardy.rules.settings import Settings
>>> from nardy.variants import DUTCH
>>> net = Network.create(INPUTS, 8, seed=1)
>>> agents = (BotAgent(DUTCH, "advanced", network=net), BotAgent(DUTCH, "advanced", network=net))
>>> match = Match.new(DUTCH, Settings.for_variant(DUTCH, {"match_to": 3, "cube": True}))
>>> play_observed_match(match, agents, seeded_dice(5)).is_over()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from nardy.bot.agents.agent import Agent, DiceSource, next_event
from nardy.bot.agents.levels import DEFAULT_LEVEL, Bot
from nardy.bot.decisions.chances import Probabilities, outputs_before_roll
from nardy.bot.decisions.cube import CUBE_EFFICIENCY, CubeContext, CubeDecision, decide
from nardy.bot.decisions.resignation import HOPELESS, accepts, declined_level, offer_level
from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.model import Model
from nardy.bot.evaluation.network import Network, flip_outputs
from nardy.rules.cells import Cells
from nardy.rules.game import Accept, Game, Phase, Resign
from nardy.rules.match import Match
from nardy.rules.plays import Play
from nardy.rules.variant import Variant

ChancesSource = Callable[[Game, Cells], Sequence[float] | Array]
"""Where an agent may get the roller's cubeless outputs for ``cells`` instead of its
network (tests, or another judge): five numbers as in :mod:`nardy.bot.evaluation.network`."""


class BotAgent:
    """The computer player of ``variant`` at strength ``level``.

    ``cube_ply`` is how deep the cube and resignation chances look (by default 1 ply for
    the levels that search, else 0); ``chances`` replaces the network for those chances.
    """

    def __init__(
        self,
        variant: Variant,
        level: str = DEFAULT_LEVEL,
        *,
        network: Model | Network | None = None,
        seed: int | None = None,
        match: Match | None = None,
        efficiency: float = CUBE_EFFICIENCY,
        cube_ply: int | None = None,
        chances: ChancesSource | None = None,
    ) -> None:
        self.bot = Bot(variant, level, network, seed)
        self.model = self.bot.evaluator.model
        self.level = level
        self.seed = seed
        self.match = match
        self.efficiency = efficiency
        self.cube_ply = (1 if self.bot.level.ply >= 1 else 0) if cube_ply is None else cube_ply
        self.chances = chances
        self._bots: dict[Variant, Bot] = {variant: self.bot}

    def observe(self, match: Match) -> None:
        """Take the score (and Crawford state) of ``match`` into account from now on."""
        self.match = match

    # -- the Agent protocol

    def play(self, game: Game, plays: tuple[Play, ...]) -> Play:
        assert game.moving is not None, "no roll to play"
        choice = self._bot(game.variant).choose(game.position.cells, game.moving.dice)
        if choice is not None:
            for play in plays:
                if play.position.cells == choice.cells:
                    return play
        return plays[0]

    def doubles(self, game: Game, player: int) -> bool:
        if not game.can_double(player):
            return False
        return self.cube_decision(game, player).double

    def takes(self, game: Game, player: int) -> bool:
        assert game.turn is not None and game.turn != player, "no double to answer"
        return self.cube_decision(game, game.turn).take

    def resigns(self, game: Game, player: int) -> int | None:
        if game.phase is not Phase.ROLLING or game.turn != player:
            return None
        context = self.context(game, player)
        if self._chances(game, game.position.cells, 0).win >= HOPELESS:
            return None  # a quick look first: most turns are far from hopeless
        probs = self._chances(game, game.position.cells, self.cube_ply)
        declined = declined_level(game.actions, player)
        offers = {
            level: self._points(game, player, level)
            for level in self._levels(game)
            if level > declined
        }
        return offer_level(probs, context, offers)

    def accepts(self, game: Game, player: int, level: int) -> bool:
        assert game.phase is Phase.RESIGNING, "no resignation to answer"
        after = game.apply(Accept(player)).result
        assert after is not None
        probs, roller = self._position_chances(game)
        context = self.context(game, roller)
        return accepts(probs, context, after.points, on_roll=player == roller)

    # -- the decisions' inputs

    def cube_decision(self, game: Game, roller: int) -> CubeDecision:
        """The cube decision for ``roller`` (on turn, before rolling) in ``game``."""
        probs = self._chances(game, game.position.cells, self.cube_ply)
        return decide(probs, self.context(game, roller))

    def context(self, game: Game, roller: int) -> CubeContext:
        match = self.match if self.match is not None and not game.money else None
        return CubeContext.for_game(game, roller, match, self.efficiency)

    def _bot(self, variant: Variant) -> Bot:
        if variant not in self._bots:  # the same network under other rule options
            self._bots[variant] = Bot(variant, self.level, self.model, self.seed)
        return self._bots[variant]

    def _chances(self, game: Game, cells: Cells, ply: int) -> Probabilities:
        """The roller's cubeless chances in ``cells`` before rolling."""
        if self.chances is not None:
            return Probabilities.of(self.chances(game, cells))
        evaluator = self._bot(game.variant).evaluator
        return Probabilities.of(outputs_before_roll(evaluator, cells, ply))

    def _position_chances(self, game: Game) -> tuple[Probabilities, int]:
        """The chances of whoever is on roll next, and who that is."""
        assert game.turn is not None
        if game.moving is None:
            return self._chances(game, game.position.cells, self.cube_ply), game.turn
        # in the middle of a turn: judge the best play of the roll being played
        bot = self._bot(game.variant)
        choice = bot.evaluator.best(game.position.cells, game.moving.dice)
        if choice is None:
            return self._chances(game, bot.evaluator.flip(game.position.cells), 0), 1 - game.turn
        if self.chances is not None:
            return self._chances(game, bot.evaluator.flip(choice.cells), 0), 1 - game.turn
        theirs: Array = flip_outputs(np.asarray(choice.outputs)[None, :])[0]
        return Probabilities.of(theirs), 1 - game.turn

    @staticmethod
    def _levels(game: Game) -> tuple[int, ...]:
        """The levels an offer may be made at; a single immediate resignation (LN9)."""
        return game.variant.resign_levels or (1,)

    @staticmethod
    def _points(game: Game, player: int, level: int) -> int:
        """The points ``player`` gives away by resigning at ``level`` now."""
        after = game.apply(Resign(player, level))
        if after.phase is not Phase.OVER:
            after = after.apply(Accept(1 - player))
        assert after.result is not None
        return after.result.points


def play_observed_match(
    match: Match, agents: tuple[Agent, Agent], dice: DiceSource, games: int = 1
) -> Match:
    """:func:`~nardy.bot.agents.agent.play_match`, showing every agent that can
    :meth:`~BotAgent.observe` the match before each decision, so it knows the score."""
    while not match.is_over():
        if match.settings.match_to == 0 and len(match.games) > games:
            break
        for agent in agents:
            observe = getattr(agent, "observe", None)
            if observe is not None:
                observe(match)
        match = match.apply(next_event(match.game, agents, dice))
    return match
