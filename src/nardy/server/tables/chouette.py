"""A chouette table: three or more participants, the box against the team (RULES.md CH1–CH8).

The rules live in :class:`~nardy.rules.chouette.Chouette`; this table adds people and the
computer. The captain moves the team's checkers; a team double is proposed by the
captain and needs every other member's ``agree`` (CH3); after the box's double each member
answers ``take`` or ``drop`` alone (CH4). Seats left empty at creation are filled by the
computer. The roll-off uses one roll of the table's dice per participant still rolling,
taking its first die.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nardy.bot.agents.agent import Agent
from nardy.formats.events import chouette_event_from_json, chouette_event_to_json
from nardy.formats.record import match_to_record
from nardy.rules.chouette import BOX, TEAM, Chouette, TeamDouble
from nardy.rules.errors import NardyError
from nardy.rules.game import (
    Double,
    Drop,
    Event,
    Game,
    MakePlay,
    OpeningRoll,
    Phase,
    Roll,
    Take,
)
from nardy.rules.match import Match
from nardy.rules.plays import legal_plays
from nardy.rules.settings import Settings
from nardy.server import protocol
from nardy.server.clock import sleep
from nardy.server.protocol import refusals
from nardy.server.tables.room import Room, StoreFailure, TableError
from nardy.variants import variant_named


@dataclass
class ChouetteTable(Room):
    """A live chouette; participants are the seats, in the order they sat down."""

    agents: dict[int, Agent] = field(default_factory=dict)
    stand_in: Callable[[], Agent] | None = None
    """The computer that takes the seat of a participant who leaves (at the table's
    level); None: any computer already at the table."""
    chouette: Chouette = field(init=False)
    proposal: tuple[int, ...] | None = None
    """Members who have agreed to the captain's pending team double."""
    refused: tuple[int, int] | None = None
    """Where (games played, actions) the team last refused a double: not again there."""
    left: tuple[int, ...] = ()
    """Participants who left for good: the computer plays their seats."""

    state_fields = (*Room.state_fields, "chouette", "proposal", "refused", "left")
    kept_fields = (*Room.kept_fields, "agents", "stand_in")

    def __post_init__(self) -> None:
        super().__post_init__()
        variant = variant_named(self.row.variant)
        settings = Settings.for_variant(variant, self.row.settings)
        names = [self.seat_name(s) or f"seat {s}" for s in range(len(self.row.seats))]
        self.chouette = Chouette.new(names, variant, settings)

    @property
    def game(self) -> Game | None:
        return self.chouette.game

    def dice_game(self) -> int:
        """The roll-off for box and captain belongs to the first game."""
        return len(self.chouette.history) + 1

    def game_ended(self, game: int) -> bool:
        return game <= len(self.chouette.history)

    def computers(self) -> set[int]:
        return set(self.agents) | set(self.left)

    def agent(self, who: int) -> Agent:
        """The computer deciding for participant ``who`` (one at the table, or one who
        left)."""
        if who in self.agents:
            return self.agents[who]
        if self.stand_in is not None:
            self.agents[who] = self.stand_in()
            return self.agents[who]
        return next(iter(self.agents.values()))

    def people(self) -> list[int]:
        """Participants a person still plays."""
        return [s for s in range(len(self.row.seats)) if s not in self.computers()]

    # -- storage

    def _replay(self, payload: dict[str, Any]) -> None:
        if "rolloff" in payload:
            self.chouette = self.chouette.roll_off(payload["rolloff"])
            for die in payload["rolloff"]:
                self._rolled(1, (die,))
        elif "propose" in payload:
            self.proposal = tuple(payload["propose"])
        elif "leave" in payload:
            self.left = (*self.left, int(payload["leave"]))
        elif "withdraw" in payload:
            self.proposal, self.refused = None, self._moment()
        elif "act" in payload:
            event = chouette_event_from_json(payload["event"])
            game = self.dice_game()
            self.chouette = self.chouette.act(payload["act"], event)
            if isinstance(event, OpeningRoll | Roll):
                self._rolled(game, event.dice)
            if isinstance(event, TeamDouble):
                self.proposal = None

    def _moment(self) -> tuple[int, int]:
        game = self.chouette.game
        return len(self.chouette.history), len(game.actions) if game else 0

    # -- who acts

    def actors(self) -> list[int]:
        """Participants whose decision the table waits for."""
        table, game = self.chouette, self.chouette.game
        if game is None or game.phase is Phase.OVER:
            return []
        if self.proposal is not None:
            return [m for m in table.team if m not in self.proposal]
        if game.phase is Phase.DOUBLED and game.turn == BOX:  # each member answers alone (CH4)
            answered = {member for member, _ in table.answers}
            return [m for m in table.team if m not in answered]
        side = game.actor  # the box, or the team's captain
        if side is None or game.phase is Phase.RESIGNING:
            return []
        return [table.box if side == BOX else table.captain]

    # -- commands

    async def start(self) -> None:
        async def work() -> int:
            await self._automate()
            return self.n

        await self._serially(work)

    async def submit(self, seat: int | None, command: protocol.Command, by: str) -> int:
        match command:
            case protocol.Contribute() | protocol.Malformed(type="contribute"):
                return await self.contribute(seat, command)
        if seat is not None and seat in self.left:
            raise TableError(refusals.SEAT_LEFT)

        async def work() -> int:
            if seat is None:
                raise TableError(refusals.NOT_SEATED)
            await self._command(seat, command, by)
            n = self.n
            await self._automate()
            return n

        return await self._serially(work)

    async def _command(self, who: int, command: protocol.Command, by: str) -> None:
        if isinstance(command, protocol.Leave):
            return await self._leave(who)
        table, game = self.chouette, self.chouette.game
        if game is None:
            raise TableError(refusals.ROLL_OFF_NOT_OVER)
        box = who == table.box
        match command:
            case protocol.Double() if not box:  # the captain proposes the team's double
                await self._propose(who)
            case protocol.Agree() | protocol.Refuse():
                await self._answer_proposal(who, isinstance(command, protocol.Agree))
            case _:
                await self._act(who, self._event(BOX if box else TEAM, command), by)

    def _event(self, side: int, command: protocol.Command) -> Event:
        """The rules event for a participant's command, made by ``side`` (the side
        answering, for the answer to a double)."""
        game = self.chouette.game
        match command:
            case protocol.Take() | protocol.Drop() if (
                game is not None and game.phase is Phase.DOUBLED
            ):
                side = 1 - (game.turn or 0)
            case protocol.Accept() | protocol.Decline():
                raise TableError(refusals.RESIGNATION_FINAL)
            case protocol.Resign() if self.proposal is not None:
                raise TableError(refusals.ANSWER_TEAM_DOUBLE)
        try:
            return protocol.game_event(side, command, self._peek)
        except protocol.ProtocolError as error:
            raise TableError.of(error) from None

    async def _leave(self, who: int) -> None:
        """``who`` leaves for good (docs/PROTOCOL.md, "A chouette's state"): the computer
        plays the seat from now on and the ledger stays; with no person left, the
        chouette is over."""
        if None in self.row.seats:
            raise TableError(refusals.NOT_STARTED)
        if self.stand_in is None and not self.agents:
            raise TableError(refusals.NO_STAND_IN)
        await self._persist({"leave": who})
        self.left = (*self.left, who)
        if not self.people():
            await self._persist({"over": "left"})
            await self._finish()

    async def _act(self, who: int, event: Event | TeamDouble, by: str) -> None:
        try:
            after = self.chouette.act(who, event)
        except NardyError as error:
            raise TableError.of(error) from None
        await self._persist({"act": who, "event": chouette_event_to_json(event), "by": by})
        game = self.dice_game()
        self.chouette = after
        if isinstance(event, OpeningRoll | Roll):
            self._rolled(game, event.dice)
        if isinstance(event, TeamDouble):
            self.proposal = None

    async def _propose(self, captain: int) -> None:
        table, game = self.chouette, self.chouette.game
        if game is None or captain != table.captain or not game.can_double(TEAM):
            raise TableError(refusals.CAPTAIN_DOUBLES)
        if self.proposal is not None:
            raise TableError(refusals.TEAM_DOUBLE_PROPOSED)
        if self.refused == self._moment():
            raise TableError(refusals.TEAM_REFUSED_DOUBLE)
        await self._persist({"propose": [captain]})
        self.proposal = (captain,)
        await self._complete_proposal()

    async def _answer_proposal(self, member: int, agree: bool) -> None:
        if self.proposal is None:
            raise TableError(refusals.NO_TEAM_DOUBLE)
        if member not in self.chouette.team or member in self.proposal:
            raise TableError(refusals.NOTHING_TO_ANSWER)
        if not agree:
            await self._persist({"withdraw": member})
            self.proposal, self.refused = None, self._moment()
            return
        agreed = (*self.proposal, member)
        await self._persist({"propose": list(agreed)})
        self.proposal = agreed
        await self._complete_proposal()

    async def _complete_proposal(self) -> None:
        if self.proposal is not None and set(self.proposal) >= set(self.chouette.team):
            await self._act(self.chouette.captain, TeamDouble(self.proposal), "server")

    # -- what needs nobody

    async def _automate(self) -> None:
        """Play what needs nobody: the roll-off and the computer's decisions. When the store
        refuses one, the table is rebuilt from it and they are tried again later."""
        try:
            await self._play_automatically()
        except StoreFailure:
            self._retry_later()

    async def _play_automatically(self) -> None:
        for _ in range(10_000):
            if None in self.row.seats or self.is_over():
                return
            table = self.chouette
            game = table.game
            if (table.rolling_off() or (game is not None and game.phase is Phase.OPENING)) and (
                self.waiting_for_contributions()
            ):
                return
            if table.rolling_off():
                rolling = len(table.rolling_off())
                book = self.book
                dice = []
                for _ in range(rolling):
                    die = book.next_roll(1)[0]
                    book = book.rolled(1, (die,))
                    dice.append(die)
                await self._persist({"rolloff": dice})
                self.rolls += rolling
                self.book = book
                self.chouette = table.roll_off(dice)
                continue
            if game is not None and game.phase is Phase.OPENING:
                await self._act(table.box, OpeningRoll(self._peek()), "server")
                continue
            bots = [who for who in self.actors() if who in self.computers()]
            if not bots:
                return
            if self.bot_delay:
                await sleep(self.time, self.bot_delay)
            who = bots[0]
            decision = await asyncio.to_thread(self._bot_decision, who)
            if isinstance(decision, str):
                await self._answer_proposal(who, decision == "agree")
            elif isinstance(decision, Double) and decision.player == TEAM:
                await self._propose(who)
            else:
                await self._act(who, decision, "bot")

    def _bot_decision(self, who: int) -> Event | str:
        """What the computer at participant ``who`` does now."""
        table, game = self.chouette, self.chouette.game
        assert game is not None
        agent = self.agent(who)
        if self.proposal is not None:
            return "agree" if agent.doubles(game, TEAM) else "refuse"
        if game.phase is Phase.DOUBLED:
            side = TEAM if game.turn == BOX else BOX
            return Take(side) if agent.takes(game, side) else Drop(side)
        side = BOX if who == table.box else TEAM
        if game.phase is Phase.ROLLING:
            allowed = game.can_double(side) and (side == BOX or self.refused != self._moment())
            if allowed and agent.doubles(game, side):
                return Double(side)
            return Roll(side, self._peek())
        assert game.moving is not None
        plays = legal_plays(game.position, game.moving.dice)
        return MakePlay(side, agent.play(game, plays).steps if plays else ())

    def _due(self) -> bool:
        """Whether the table acts by itself before a participant does: the roll-off, a
        game's opening roll, or a computer's decision (a chouette has no clock). Nothing
        while a seat is free (play starts once every seat is taken)."""
        if None in self.row.seats or self.is_over():
            return False
        game = self.chouette.game
        if self.chouette.rolling_off() or game is None or game.phase is Phase.OPENING:
            return True
        actors = self.actors()
        return not actors or any(who in self.computers() for who in actors)

    # -- what a client sees

    def common_state(self) -> protocol.ChouetteCommon:
        """The state's fields that are the same for everyone at the table."""
        return protocol.chouette_common(
            self.facts(),
            self.chouette,
            participants=[self.seat_name(s) for s in range(len(self.row.seats))],
            proposal=self.proposal,
            left=self.left,
        )

    def seat_state(self, me: int | None, common: protocol.ChouetteCommon) -> protocol.ChouetteState:
        """The whole state as participant ``me`` sees it (None: a spectator)."""
        return protocol.chouette_state(
            common,
            self.chouette,
            me,
            acting=me is not None and me in self.actors(),
            proposal=self.proposal is not None,
            refused=self.refused == self._moment(),
            hints=me is not None and self.hints_allowed(me),
            present=me not in self.left,
        )

    def hints_allowed(self, who: int) -> bool:
        """Hints are for practice: for a participant whom only computers sit with (a
        chouette is never rated; docs/PROTOCOL.md, "Hints")."""
        return self.people() == [who] and not self.row.options.get("rated")

    def hint_record(self, who: int) -> tuple[dict[str, Any], int]:
        """The game in play as a one-game money record, and the side ``who`` plays in it
        (the box's or the team's), for the engine's hint."""
        game = self.chouette.game
        if game is None:
            raise TableError(refusals.ROLL_OFF_NOT_OVER)
        match = Match(self.chouette.variant, self.chouette.settings, (game,))
        side = BOX if who == self.chouette.box else TEAM
        return match_to_record(match, ["box", "team"]), side
