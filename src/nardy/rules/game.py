"""One game as an immutable value driven by events: roll-off, rolls, steps, the cube,
resignation and the end (RULES.md B5–B7, B9, LN7–LN10, D6–D7, S5).

Dice come in as events; the game never draws a random number. Every event is checked:
an event the rules do not allow now raises :class:`IllegalActionError` saying why, and
the game it was applied to is unchanged (it is immutable).

>>> from nardy.variants import BACKGAMMON
>>> game = Game.new(BACKGAMMON)
>>> game = game.apply(OpeningRoll((3, 1)))
>>> game.phase, game.turn, game.dice
(<Phase.MOVING: 'moving'>, 0, (3, 1))
>>> game = game.apply(MakePlay(0, ((8, 5), (6, 5))))
>>> game.phase, game.turn
(<Phase.ROLLING: 'rolling'>, 1)
>>> game.apply(Roll(0, (6, 6)))
Traceback (most recent call last):
...
nardy.rules.errors.NotYourTurnError: it is player 1's turn, not player 0's

The game is one immutable value and every event is a transition of it; the phases read
and hand on each other's state, so they stay in one module.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Literal

from nardy.rules.cells import CHECKERS, OFF
from nardy.rules.errors import (
    IllegalActionError,
    IllegalMoveError,
    IllegalPlayError,
    NardyError,
    NothingToAnswerError,
    NotYourTurnError,
)
from nardy.rules.plays import Dice, Step, check_dice
from nardy.rules.position import Position
from nardy.rules.settings import CUBE_LIMIT, Settings
from nardy.rules.turn import Turn
from nardy.rules.values import evolve

if TYPE_CHECKING:
    from nardy.rules.variant import Variant


class Phase(StrEnum):
    """What the game waits for."""

    OPENING = "opening"
    """The roll-off: each player rolls one die."""
    ROLLING = "rolling"
    """The player on turn rolls, or doubles first."""
    DOUBLED = "doubled"
    """The opponent of the player on turn takes or drops a double."""
    MOVING = "moving"
    """The player on turn steps, undoes and confirms."""
    RESIGNING = "resigning"
    """The opponent of the resigning player accepts or declines the offer."""
    OVER = "over"


# ----------------------------------------------------------------------------- events


Reason = Literal["time", "left"]
"""Why a forfeit ends the match: ``time`` (the player's time ran out) or ``left`` (the
player left the table and did not come back in time). Carried by every event a forfeit
makes and by the actions they write (see :mod:`nardy.rules.forfeit`)."""


@dataclass(frozen=True)
class OpeningRoll:
    """One attempt of the roll-off: ``dice[i]`` is player i's die."""

    dice: Dice
    reason: Reason | None = None
    """Set when a forfeit makes the event (see :mod:`nardy.rules.forfeit`)."""


@dataclass(frozen=True)
class PlayerEvent:
    """An event made by one of the two players, 0 or 1."""

    player: int


@dataclass(frozen=True)
class Roll(PlayerEvent):
    """The player on turn rolls; the dice come from outside the rules."""

    dice: Dice


@dataclass(frozen=True)
class StepEvent(PlayerEvent):
    """One die's step of the play being built (undoable until :class:`Confirm`)."""

    step: Step


@dataclass(frozen=True)
class Undo(PlayerEvent):
    """Take back the last step of the play being built."""


@dataclass(frozen=True)
class Confirm(PlayerEvent):
    """Make the play built so far final (S5)."""


@dataclass(frozen=True)
class MakePlay(PlayerEvent):
    """A whole play at once, confirmed: the steps of one legal play (empty if none)."""

    steps: tuple[Step, ...]
    dice: Dice | None = None
    """The roll the play is for, when the caller wants it checked (records carry it)."""


@dataclass(frozen=True)
class Double(PlayerEvent):
    """Offer a double before rolling (B6)."""


@dataclass(frozen=True)
class Take(PlayerEvent):
    """Accept the double: the cube doubles and the taker owns it."""

    reason: Reason | None = None


@dataclass(frozen=True)
class Drop(PlayerEvent):
    """Refuse the double: the game is lost at the value before it."""

    reason: Reason | None = None


@dataclass(frozen=True)
class Resign(PlayerEvent):
    """Resign the game; ``level`` 1–3 (single, gammon, backgammon) where offers apply (B9)."""

    level: int = 1
    reason: Reason | None = None


@dataclass(frozen=True)
class Accept(PlayerEvent):
    """Accept the opponent's offer to resign."""

    reason: Reason | None = None


@dataclass(frozen=True)
class Decline(PlayerEvent):
    """Decline the opponent's offer to resign: play goes on."""

    reason: Reason | None = None


Event = (
    OpeningRoll
    | Roll
    | StepEvent
    | Undo
    | Confirm
    | MakePlay
    | Double
    | Take
    | Drop
    | Resign
    | Accept
    | Decline
)

# ----------------------------------------------------------------------------- record

ActionType = Literal[
    "opening", "roll", "play", "double", "take", "drop", "resign", "accept", "decline"
]
"""The ``type`` of a record's action (INTERFACES.md §4)."""

ResultKind = Literal["single", "gammon", "backgammon", "oin", "mars", "drop", "resign", "draw"]
"""The ``kind`` of a record's result (INTERFACES.md §4): a variant's kind of win
(:data:`~nardy.rules.variant.WinKind`), or how else the game ended."""


@dataclass(frozen=True)
class Action:
    """One entry of a game record (INTERFACES.md §4)."""

    type: ActionType
    player: int | None
    dice: Dice | None = None
    steps: tuple[Step, ...] | None = None
    level: int | None = None
    attempts: tuple[Dice, ...] | None = None
    reason: Reason | None = None
    """Set on the actions a forfeit makes (time or leaving); other readers may ignore it."""


@dataclass(frozen=True)
class Result:
    """How a game ended: ``winner`` is None for a draw (LN10)."""

    winner: int | None
    points: int
    kind: ResultKind


# ----------------------------------------------------------------------------- game


@dataclass(frozen=True)
class Game:
    """A game of ``variant`` under ``settings``; see the module docstring."""

    variant: Variant
    settings: Settings
    cube_enabled: bool
    phase: Phase
    position: Position
    """The position at the start of the current turn, seen from ``turn`` (from player 0
    during the roll-off)."""
    turn: int | None = None
    starter: int | None = None
    moving: Turn | None = None
    cube: int = 1
    owner: int | None = None
    cube_taken: bool = False
    auto_doubles: int = 0
    offer: tuple[int, int] | None = None
    resume: Phase | None = None
    final_roll: bool = False
    actions: tuple[Action, ...] = ()
    result: Result | None = None

    @classmethod
    def new(
        cls,
        variant: Variant,
        settings: Settings | None = None,
        *,
        crawford: bool = False,
        starter: int | None = None,
    ) -> Game:
        """A game before its first event. A ``crawford`` game has no cube (B8); with a
        ``starter`` there is no roll-off (later games of a long-nardy series, LN11)."""
        settings = settings or Settings.for_variant(variant)
        rules = variant.for_settings(settings)
        game = cls(
            variant=rules,
            settings=settings,
            cube_enabled=settings.cube and not crawford,
            phase=Phase.OPENING,
            position=rules.start_position(),
        )
        if starter is None:
            return game
        return evolve(game, phase=Phase.ROLLING, turn=starter, starter=starter)

    # -- what a client needs to know

    @property
    def dice(self) -> Dice | None:
        """The roll being played, if any."""
        return self.moving.dice if self.moving else None

    @property
    def current(self) -> Position:
        """The position including unconfirmed steps, seen from ``turn``."""
        return self.moving.position if self.moving else self.position

    def view(self, player: int) -> Position:
        """The current position seen from ``player``."""
        return self.current if self.turn in (None, player) else self.current.flipped()

    @property
    def actor(self) -> int | None:
        """The player whose decision the game waits for: the player on turn while rolling
        or moving, the other player while a double or an offer to resign is answered; None
        during the roll-off (it waits for dice) and once the game is over.

        >>> from nardy.variants import BACKGAMMON
        >>> game = Game.new(BACKGAMMON)
        >>> game.actor is None, game.apply(OpeningRoll((3, 1))).actor
        (True, 0)
        """
        match self.phase:
            case Phase.ROLLING | Phase.MOVING:
                return self.turn
            case Phase.DOUBLED:
                return None if self.turn is None else 1 - self.turn
            case Phase.RESIGNING:
                return None if self.offer is None else 1 - self.offer[0]
        return None

    def can_double(self, player: int) -> bool:
        """Whether ``player`` may offer a double now (B6, B8)."""
        return (
            self.phase is Phase.ROLLING
            and player == self.turn
            and self.cube_enabled
            and not self.final_roll
            and self.owner in (None, player)
            and self.cube * 2 <= CUBE_LIMIT
        )

    @property
    def money(self) -> bool:
        return self.settings.match_to == 0

    # -- events

    def apply(self, event: Event) -> Game:
        """The game after ``event``; :class:`IllegalActionError` if it is not allowed now."""
        if self.phase is Phase.OVER:
            raise IllegalActionError("the game is over")
        try:
            return self._apply(event)
        except IllegalPlayError as error:  # an illegal step or undo (S5) is an illegal action
            raise IllegalMoveError(str(error)) from None

    def _apply(self, event: Event) -> Game:
        match event:
            case OpeningRoll(dice, reason):
                return self._opening(dice, reason)
            case Resign(player, level, reason):
                return self._resign(player, level, reason)
            case Roll(player, dice):
                self._expect(Phase.ROLLING, player, "roll")
                try:
                    check_dice(dice)
                except NardyError as error:
                    raise IllegalActionError(str(error)) from None
                return evolve(
                    self,
                    phase=Phase.MOVING,
                    moving=Turn.begin(self.position, dice),
                    actions=(*self.actions, Action("roll", player, dice=dice)),
                )
            case StepEvent(player, step):
                self._expect(Phase.MOVING, player, "move")
                return evolve(self, moving=self._turn().step(step))
            case Undo(player):
                self._expect(Phase.MOVING, player, "undo")
                return evolve(self, moving=self._turn().undo())
            case Confirm(player):
                self._expect(Phase.MOVING, player, "confirm a play")
                return self._confirm()
            case MakePlay(player, steps, dice):
                self._expect(Phase.MOVING, player, "move")
                rolled = self._turn().dice
                if dice is not None and sorted(dice) != sorted(rolled):
                    raise IllegalActionError(f"the roll is {list(rolled)}, not {list(dice)}")
                turn = Turn.begin(self.position, rolled)
                for step in steps:
                    turn = turn.step(step)
                if not turn.is_complete():
                    raise IllegalMoveError("that play leaves dice unplayed that must be played")
                return evolve(self, moving=turn)._confirm()
            case Double(player):
                if not self.can_double(player):
                    raise IllegalActionError(self._why_no_double(player))
                return evolve(
                    self, phase=Phase.DOUBLED, actions=(*self.actions, Action("double", player))
                )
            case Take(player, reason):
                self._expect_answer(Phase.DOUBLED, player, "double")
                return evolve(
                    self,
                    phase=Phase.ROLLING,
                    cube=self.cube * 2,
                    owner=player,
                    cube_taken=True,
                    actions=(*self.actions, Action("take", player, reason=reason)),
                )
            case Drop(player, reason):
                self._expect_answer(Phase.DOUBLED, player, "double")
                action = Action("drop", player, reason=reason)
                return self._end(Result(1 - player, self.cube, "drop"), action)
            case Accept(player, reason):
                self._expect_answer(Phase.RESIGNING, player, "resignation")
                assert self.offer is not None
                resigner, level = self.offer
                points = self.cube * self._jacoby(self.variant.resign_value(level, self.settings))
                action = Action("accept", player, reason=reason)
                return self._end(Result(1 - resigner, points, "resign"), action)
            case Decline(player, reason):
                self._expect_answer(Phase.RESIGNING, player, "resignation")
                return evolve(
                    self,
                    phase=self.resume or Phase.ROLLING,
                    offer=None,
                    resume=None,
                    actions=(*self.actions, Action("decline", player, reason=reason)),
                )
        raise IllegalActionError(f"unknown event {event!r}")

    # -- the parts

    def _opening(self, dice: Dice, reason: Reason | None = None) -> Game:
        if self.phase is not Phase.OPENING:
            raise IllegalActionError("the opening roll-off is over")
        try:
            check_dice(dice)
        except NardyError as error:
            raise IllegalActionError(str(error)) from None
        earlier = self._attempts()
        attempts: tuple[Dice, ...] = (*earlier, (dice[0], dice[1]))
        opening = Action("opening", None, attempts=attempts, reason=reason)
        actions = (*self.actions[: len(self.actions) - bool(earlier)], opening)
        first, second = dice
        if first == second:
            cube, autos = self.cube, self.auto_doubles
            if (
                self.money
                and self.cube_enabled
                and autos < self.settings.auto_doubles
                and cube * 2 <= CUBE_LIMIT
            ):
                cube, autos = cube * 2, autos + 1  # B5: the cube stays centred
            return evolve(self, cube=cube, auto_doubles=autos, actions=actions)
        winner = 0 if first > second else 1
        game = evolve(self, turn=winner, starter=winner, actions=actions, phase=Phase.ROLLING)
        if self.variant.opening_is_first_roll:
            return evolve(game, phase=Phase.MOVING, moving=Turn.begin(self.position, dice))
        return game

    def _attempts(self) -> tuple[Dice, ...]:
        if self.actions and self.actions[-1].type == "opening" and self.phase is Phase.OPENING:
            return self.actions[-1].attempts or ()
        return ()

    def _confirm(self) -> Game:
        turn = self._turn()
        try:
            play = turn.play()
        except NardyError as error:
            raise IllegalMoveError(str(error)) from None
        player = self.turn
        assert player is not None
        action = Action("play", player, dice=turn.dice, steps=play.steps)
        after = play.position
        if self.final_roll:  # LN10: the answer to the starter's last bear-off
            if after.cells[OFF] == CHECKERS:
                return self._end(Result(None, 0, "draw"), action)
            return self._win(1 - player, after.flipped(), action)
        if after.cells[OFF] == CHECKERS:
            if self.settings.last_roll and player == self.starter:
                return evolve(
                    self,
                    phase=Phase.ROLLING,
                    turn=1 - player,
                    position=after.flipped(),
                    moving=None,
                    final_roll=True,
                    actions=(*self.actions, action),
                )
            return self._win(player, after, action)
        return evolve(
            self,
            phase=Phase.ROLLING,
            turn=1 - player,
            position=after.flipped(),
            moving=None,
            actions=(*self.actions, action),
        )

    def _resign(self, player: int, level: int, reason: Reason | None = None) -> Game:
        if self.phase in (Phase.DOUBLED, Phase.RESIGNING):
            raise IllegalActionError(f"a resignation cannot be made while {self.phase} is pending")
        if self.phase is Phase.OPENING:
            raise IllegalActionError("the game has not started yet")
        self._check_player(player)
        levels = self.variant.resign_levels
        if not levels:  # LN9: immediate, scored on the position
            seen = self.position if self.turn == player else self.position.flipped()
            action = Action("resign", player, reason=reason)
            return self._win(1 - player, seen.flipped(), action, kind="resign")
        if level not in levels:
            allowed = ", ".join(map(str, levels))
            raise IllegalActionError(f"a resignation is offered at level {allowed}, not {level}")
        return evolve(
            self,
            phase=Phase.RESIGNING,
            offer=(player, level),
            resume=self.phase,
            actions=(*self.actions, Action("resign", player, level=level, reason=reason)),
        )

    def _win(
        self, winner: int, seen: Position, action: Action, kind: ResultKind | None = None
    ) -> Game:
        """End with a win for ``winner``, scored on ``seen`` (the winner's view)."""
        what, factor = self.variant.win(seen.cells, self.settings)
        return self._end(Result(winner, self.cube * self._jacoby(factor), kind or what), action)

    def _jacoby(self, factor: int) -> int:
        """B7: with the Jacoby rule, gammons count single until a double is taken."""
        if self.money and self.settings.jacoby and not self.cube_taken:
            return 1
        return factor

    def _end(self, result: Result, action: Action) -> Game:
        return evolve(
            self,
            phase=Phase.OVER,
            result=result,
            offer=None,
            actions=(*self.actions, action),
        )

    # -- checks

    def _turn(self) -> Turn:
        assert self.moving is not None
        return self.moving

    def _check_player(self, player: int) -> None:
        if player not in (0, 1):
            raise IllegalActionError(f"there is no player {player!r}: players are 0 and 1")

    def _expect(self, phase: Phase, player: int, what: str) -> None:
        self._check_player(player)
        if player != self.turn:
            raise NotYourTurnError(f"it is player {self.turn}'s turn, not player {player}'s")
        if self.phase is not phase:
            raise IllegalActionError(f"cannot {what} now: the game is {self.phase}")

    def _expect_answer(self, phase: Phase, player: int, what: str) -> None:
        self._check_player(player)
        if self.phase is not phase:
            raise NothingToAnswerError(f"there is no {what} to answer")
        asker = self.offer[0] if self.offer else self.turn
        if player == asker:
            raise IllegalActionError(f"player {player} cannot answer their own offer")

    def _why_no_double(self, player: int) -> str:
        if not self.cube_enabled:
            return "the cube is not in use in this game"
        if self.phase is not Phase.ROLLING or player != self.turn:
            return "a double may be offered only on your own turn, before rolling"
        if self.final_roll:
            return "no double on the last roll"
        if self.owner not in (None, player):
            return "the opponent owns the cube"
        return f"the cube cannot go above {CUBE_LIMIT}"
