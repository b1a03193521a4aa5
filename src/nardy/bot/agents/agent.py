"""What a computer player decides, and a driver that plays a match between two of them.

An :class:`Agent` only decides; the dice come from the caller (the server's dice service,
or a seeded generator in self-play and tests).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from nardy.rules.chouette import Chouette, TeamDouble
from nardy.rules.game import (
    Accept,
    Decline,
    Double,
    Drop,
    Event,
    Game,
    MakePlay,
    OpeningRoll,
    Phase,
    Resign,
    Roll,
    Take,
)
from nardy.rules.match import Match
from nardy.rules.plays import Dice, Play, legal_plays


class Agent(Protocol):
    """The decisions of one player. ``game.turn`` is the player on roll."""

    def play(self, game: Game, plays: tuple[Play, ...]) -> Play:
        """Choose one of the legal ``plays`` (never called with none)."""

    def doubles(self, game: Game, player: int) -> bool:
        """Whether to offer a double now (only asked when one is allowed)."""

    def takes(self, game: Game, player: int) -> bool:
        """Whether to take the double just offered."""

    def resigns(self, game: Game, player: int) -> int | None:
        """The level to resign at before rolling, or None to play on."""

    def accepts(self, game: Game, player: int, level: int) -> bool:
        """Whether to accept the opponent's offer to resign at ``level``."""


class RandomAgent:
    """Random legal plays and random cube and resignation decisions, from its own seed."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        double: float = 0.1,
        take: float = 0.7,
        resign: float = 0.005,
        accept: float = 0.5,
    ) -> None:
        self.random = random.Random(seed)
        self.chances = {"double": double, "take": take, "resign": resign, "accept": accept}

    def _chance(self, what: str) -> bool:
        return self.random.random() < self.chances[what]

    def play(self, game: Game, plays: tuple[Play, ...]) -> Play:
        return self.random.choice(plays)

    def doubles(self, game: Game, player: int) -> bool:
        return self._chance("double")

    def takes(self, game: Game, player: int) -> bool:
        return self._chance("take")

    def resigns(self, game: Game, player: int) -> int | None:
        if not self._chance("resign"):
            return None
        return self.random.choice(game.variant.resign_levels or (1,))

    def accepts(self, game: Game, player: int, level: int) -> bool:
        return self._chance("accept")


DiceSource = Callable[[], Dice]
"""Where a driver gets its dice: each call is one roll of two dice."""


def seeded_dice(seed: int) -> DiceSource:
    """Reproducible dice for self-play and tests (never for games between people)."""
    rng = random.Random(seed)
    return lambda: (rng.randint(1, 6), rng.randint(1, 6))


def next_event(game: Game, agents: tuple[Agent, Agent], dice: DiceSource) -> Event:
    """The next event of ``game``: the decision of the agent the game waits for
    (:attr:`~nardy.rules.game.Game.actor`), or dice where dice are due."""
    actor = game.actor
    match game.phase:
        case Phase.OPENING:
            return OpeningRoll(dice())
        case Phase.ROLLING:
            assert actor is not None
            agent = agents[actor]
            level = agent.resigns(game, actor)
            if level is not None:
                return Resign(actor, level)
            if game.can_double(actor) and agent.doubles(game, actor):
                return Double(actor)
            return Roll(actor, dice())
        case Phase.DOUBLED:
            assert actor is not None
            return Take(actor) if agents[actor].takes(game, actor) else Drop(actor)
        case Phase.MOVING:
            assert actor is not None and game.moving is not None
            plays = legal_plays(game.position, game.moving.dice)
            steps = agents[actor].play(game, plays).steps if plays else ()
            return MakePlay(actor, steps)
        case Phase.RESIGNING:
            assert actor is not None and game.offer is not None
            accepted = agents[actor].accepts(game, actor, game.offer[1])
            return Accept(actor) if accepted else Decline(actor)
    raise ValueError(f"no event is due in a game that is {game.phase}")


def play_match(
    match: Match, agents: tuple[Agent, Agent], dice: DiceSource, games: int = 1
) -> Match:
    """Play until the match is over, or, without a match length, for ``games`` games."""
    while not match.is_over():
        if match.settings.match_to == 0 and len(match.games) > games:
            break
        match = match.apply(next_event(match.game, agents, dice))
    return match


def next_chouette_move(
    table: Chouette, agents: Sequence[Agent], dice: DiceSource
) -> tuple[int, Event | TeamDouble] | None:
    """Who acts next at a chouette ``table`` and how, or None while the roll-off is due."""
    game = table.game
    if game is None:
        return None
    box, captain = table.box, table.captain
    if game.phase is Phase.DOUBLED and game.turn == 0:
        answered = {member for member, _ in table.answers}
        member = next(m for m in table.team if m not in answered)
        return member, Take(1) if agents[member].takes(game, 1) else Drop(1)
    if game.phase is Phase.ROLLING and game.turn == 1 and game.can_double(1):
        if agents[captain].doubles(game, 1):
            agreed = tuple(m for m in table.team if m == captain or agents[m].doubles(game, 1))
            if len(agreed) == len(table.team):
                return captain, TeamDouble(agreed)
        return captain, Roll(1, dice())
    event = next_event(game, (_Quiet(agents[box]), _Quiet(agents[captain])), dice)
    return (box if getattr(event, "player", 0) == 0 else captain), event


class _Quiet:
    """An agent that never resigns (there are no resignations in a chouette)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent

    def play(self, game: Game, plays: tuple[Play, ...]) -> Play:
        return self.agent.play(game, plays)

    def doubles(self, game: Game, player: int) -> bool:
        return self.agent.doubles(game, player)

    def takes(self, game: Game, player: int) -> bool:
        return self.agent.takes(game, player)

    def resigns(self, game: Game, player: int) -> int | None:
        return None

    def accepts(self, game: Game, player: int, level: int) -> bool:
        return self.agent.accepts(game, player, level)


def play_chouette(
    table: Chouette, agents: Sequence[Agent], dice: DiceSource, games: int
) -> Chouette:
    """Roll off, then play ``games`` chouette games with one agent per participant."""
    while table.rolling_off():
        table = table.roll_off([dice()[0] for _ in table.rolling_off()])
    while len(table.history) < games:
        move = next_chouette_move(table, agents, dice)
        assert move is not None
        table = table.act(*move)
    return table
