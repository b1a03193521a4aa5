"""Chouette: backgammon money play for three or more (RULES.md CH1–CH8).

The box plays one :class:`~nardy.rules.game.Game` as player 0 against the team as player 1;
the captain moves the team's checkers. Cube decisions are the only place where team
members act alone: a team double needs every member still in the game (CH3), and each
member answers the box's double for themselves (CH4). Participants are numbered in the
order they sat down; the ledger keeps each one's points and always sums to zero (CH7).

>>> from nardy.rules.game import Drop, MakePlay, OpeningRoll
>>> from nardy.variants import BACKGAMMON
>>> table = Chouette.new(("Ala", "Bea", "Cyl"), BACKGAMMON)
>>> table = table.roll_off((6, 4, 2))  # CH1: Ala is the box, Bea the captain, Cyl the team
>>> table.box, table.captain, table.team
(0, 1, (1, 2))
>>> table = table.act(0, OpeningRoll((5, 2))).act(0, MakePlay(0, ((13, 8), (6, 4))))
>>> table.act(1, TeamDouble((1,)))
Traceback (most recent call last):
...
nardy.rules.errors.IllegalActionError: every team member must agree to double; missing: 2
>>> table = table.act(1, TeamDouble((1, 2))).act(0, Drop(0))
>>> table.ledger, table.box, table.captain
((-2, 1, 1), 1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from nardy.rules.errors import IllegalActionError
from nardy.rules.game import (
    Accept,
    Double,
    Drop,
    Event,
    Game,
    OpeningRoll,
    Phase,
    Resign,
    Take,
)
from nardy.rules.settings import Settings

if TYPE_CHECKING:
    from nardy.rules.variant import Variant

BOX, TEAM = 0, 1
"""The box's and the team's seats in the game."""


@dataclass(frozen=True)
class TeamDouble:
    """The captain's double, with the team members who agreed to it (CH3)."""

    agreed_by: tuple[int, ...]


@dataclass(frozen=True)
class Settlement:
    """One finished chouette game: who was box and captain, and what each was paid."""

    game: Game
    box: int
    captain: int
    box_won: bool
    payments: tuple[int, ...]
    """Points won (positive) or lost by each participant in this game."""


@dataclass(frozen=True)
class Chouette:
    """A chouette session: the order of play, the game in progress and the ledger."""

    participants: tuple[str, ...]
    variant: Variant
    settings: Settings
    order: tuple[int, ...] = ()
    """Box, captain, then the rest of the team, once the roll-off is decided."""
    contest: tuple[tuple[int, ...], ...] = ()
    """The roll-off so far: groups by rank, the first group of more than one still to roll."""
    game: Game | None = None
    team: tuple[int, ...] = ()
    """Team members still in this game, in team order; the first moves the checkers."""
    answers: tuple[tuple[int, bool], ...] = ()
    """Takes (True) and drops so far to the box's pending double."""
    paid: tuple[int, ...] = ()
    """Points settled so far in this game (drops), per participant."""
    ledger: tuple[int, ...] = ()
    history: tuple[Settlement, ...] = ()

    @classmethod
    def new(
        cls, participants: Sequence[str], variant: Variant, settings: Settings | None = None
    ) -> Chouette:
        """A table of three or more participants, before the roll-off (CH1)."""
        if not variant.chouette:
            raise IllegalActionError(f"{variant.name} is not played as a chouette")
        if len(participants) < 3:
            raise IllegalActionError("a chouette needs three or more participants")
        settings = settings or Settings.for_variant(variant)
        if settings.match_to:
            raise IllegalActionError("a chouette is money play: match_to must be 0")
        everyone = tuple(range(len(participants)))
        return cls(
            tuple(participants), variant, settings, contest=(everyone,), ledger=(0,) * len(everyone)
        )

    # -- who is who

    @property
    def box(self) -> int:
        return self.order[0]

    @property
    def captain(self) -> int:
        """Who moves the team's checkers now (CH2, CH4)."""
        return self.team[0] if self.team else self.order[1]

    def rolling_off(self) -> tuple[int, ...]:
        """The participants who must roll one die each now (CH1), or () when decided."""
        return next((group for group in self.contest if len(group) > 1), ())

    # -- the roll-off

    def roll_off(self, dice: Sequence[int]) -> Chouette:
        """One round of the roll-off: ``dice[i]`` for the i-th of :meth:`rolling_off`.
        Higher ranks first; ties roll again among themselves."""
        group = self.rolling_off()
        if not group:
            raise IllegalActionError("the roll-off is decided")
        if len(dice) != len(group) or any(not 1 <= d <= 6 for d in dice):
            raise IllegalActionError(f"the roll-off needs one die from 1 to 6 for each of {group}")
        ranked = tuple(
            tuple(p for p, d in zip(group, dice, strict=True) if d == value)
            for value in sorted(set(dice), reverse=True)
        )
        at = self.contest.index(group)
        contest = (*self.contest[:at], *ranked, *self.contest[at + 1 :])
        table = replace(self, contest=contest)
        if any(len(g) > 1 for g in contest):
            return table
        return table._start(tuple(g[0] for g in contest))

    def _start(self, order: tuple[int, ...]) -> Chouette:
        return replace(
            self,
            order=order,
            contest=(),
            game=Game.new(self.variant, self.settings),
            team=order[1:],
            answers=(),
            paid=(0,) * len(self.participants),
        )

    # -- the game

    def act(self, participant: int, event: Event | TeamDouble) -> Chouette:
        """``participant`` makes ``event`` in the game; events carry the seat: 0 for the
        box, 1 for the team. Dice events (the opening roll) may come from anyone."""
        game = self._game()
        if isinstance(event, TeamDouble):
            return self._team_double(participant, event.agreed_by)
        if isinstance(event, Resign):
            return self._resign(participant, event.level)
        if isinstance(event, OpeningRoll):
            return self._after(game.apply(event))
        seat = event.player
        if game.phase is Phase.DOUBLED and game.turn == BOX and seat == TEAM:
            return self._answer_box(participant, event)
        if seat == TEAM and isinstance(event, Double):
            raise IllegalActionError("a team double needs the team's agreement: use TeamDouble")
        expected = self.box if seat == BOX else self.captain
        if participant != expected:
            role = "box" if seat == BOX else "captain"
            raise IllegalActionError(f"only the {role} ({expected}) acts for seat {seat}")
        return self._after(game.apply(event))

    def _resign(self, participant: int, level: int) -> Chouette:
        """CH8: ``participant`` gives up this game at once at ``level``; nobody answers.
        A member pays the box and is out of the game, as after a drop (CH4); the box pays
        every member still in, and the game is over."""
        game = self._game()
        if participant == self.box:
            return self._after(game.apply(Resign(BOX, level)).apply(Accept(TEAM)))
        if participant not in self.team:
            raise IllegalActionError(f"participant {participant} is not in this game")
        if game.phase is Phase.DOUBLED:
            raise IllegalActionError("answer the double first: take or drop")
        ended = game.apply(Resign(TEAM, level)).apply(Accept(BOX))
        assert ended.result is not None
        paid = list(self.paid)
        paid[participant] -= ended.result.points
        paid[self.box] += ended.result.points
        team = tuple(m for m in self.team if m != participant)
        table = replace(self, paid=tuple(paid), team=team)
        return table if team else table._after(ended, settled=True)

    def _team_double(self, participant: int, agreed_by: tuple[int, ...]) -> Chouette:
        if participant != self.captain:
            raise IllegalActionError("the captain offers the team's double")
        missing = sorted(set(self.team) - set(agreed_by))
        if missing:
            names = ", ".join(map(str, missing))
            raise IllegalActionError(f"every team member must agree to double; missing: {names}")
        return self._after(self._game().apply(Double(TEAM)))

    def _answer_box(self, participant: int, event: Event) -> Chouette:
        """CH4: each team member takes or drops the box's double alone."""
        if not isinstance(event, Take | Drop):
            raise IllegalActionError("the team must answer the box's double first")
        if participant not in self.team:
            raise IllegalActionError(f"participant {participant} is not in this game's team")
        if any(member == participant for member, _ in self.answers):
            raise IllegalActionError(f"participant {participant} has already answered")
        answers = (*self.answers, (participant, isinstance(event, Take)))
        if len(answers) < len(self.team):
            return replace(self, answers=answers)
        game = self._game()
        takers = tuple(m for m in self.team if (m, True) in answers)
        paid = list(self.paid)
        for member, took in answers:
            if not took:  # pays the stake before the double and leaves
                paid[member] -= game.cube
                paid[self.box] += game.cube
        table = replace(self, answers=(), paid=tuple(paid), team=takers)
        return table._after(game.apply(Take(TEAM) if takers else Drop(TEAM)), settled=not takers)

    def _after(self, game: Game, settled: bool = False) -> Chouette:
        if game.phase is not Phase.OVER:
            return replace(self, game=game)
        result = game.result
        assert result is not None
        paid = list(self.paid)
        if not settled:  # CH5: the box against each member still in the game
            sign = 1 if result.winner == TEAM else -1
            for member in self.team:
                paid[member] += sign * result.points
                paid[self.box] -= sign * result.points
        captain = self.order[1]
        box_won = result.winner == BOX or captain not in self.team
        settlement = Settlement(game, self.box, captain, box_won, tuple(paid))
        ledger = tuple(a + b for a, b in zip(self.ledger, paid, strict=True))
        table = replace(self, ledger=ledger, history=(*self.history, settlement), game=game)
        return table._start(rotate(self.order, box_won))

    def _game(self) -> Game:
        if self.game is None:
            raise IllegalActionError("the roll-off for box and captain is not decided yet")
        return self.game


def rotate(order: tuple[int, ...], box_won: bool) -> tuple[int, ...]:
    """The order of the next game (CH6).

    >>> rotate((0, 1, 2, 3), box_won=True)
    (0, 2, 3, 1)
    >>> rotate((0, 1, 2, 3), box_won=False)
    (1, 2, 3, 0)
    """
    box, captain, *rest = order
    if box_won:
        return (box, *rest, captain)
    return (captain, *rest, box)
