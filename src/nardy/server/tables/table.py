"""One table: the single owner of a match, applying commands one at a time.

Every accepted command becomes a numbered event that is written to the store before
anyone hears of it; then every connection gets the new state. Commands come from people
(through their WebSocket), from the computer at a seat, from the clock, and from the
server itself (the opening roll-off, forced moves, automatic rolls) — all through the same
path, :meth:`Table.submit`.

Its commands, automatic play, timers and state all read and change one match under one
lock, so they stay in one module: the order of those changes is the table's whole point.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from typing import Any

from nardy.bot.agents.agent import Agent, next_event
from nardy.formats.events import event_from_json, event_to_json
from nardy.formats.record import match_to_record
from nardy.rules.abort import abortable, aborts
from nardy.rules.errors import NardyError
from nardy.rules.forfeit import forfeit
from nardy.rules.game import Drop, Event, Game, MakePlay, OpeningRoll, Phase, Reason, Roll
from nardy.rules.match import Match
from nardy.rules.plays import legal_plays
from nardy.rules.settings import Settings
from nardy.server import protocol
from nardy.server.clock import sleep
from nardy.server.dice import commitment as dice_service
from nardy.server.protocol import refusals
from nardy.server.tables.clock import Clock
from nardy.server.tables.room import Connection, Room, StoreFailure, TableError
from nardy.variants import variant_named

__all__ = ["Connection", "StoreFailure", "Table", "TableError"]


@dataclass
class Table(Room):
    """A live match between two; see the module docstring."""

    agents: dict[int, Agent] = field(default_factory=dict)
    match: Match = field(init=False)
    auto: dict[int, dict[str, bool]] = field(default_factory=dict)
    hints: dict[int, bool] = field(default_factory=dict)
    """Which seats agree to hints at a table of two people (a practice game)."""
    clock: Clock | None = None
    aborted: str | None = None
    """Why the match was aborted (``resign``, ``drop``, ``time``, ``left``), or None:
    it ended before both players had played (:mod:`nardy.rules.abort`)."""

    state_fields = (*Room.state_fields, "match", "auto", "hints", "clock", "aborted")
    kept_fields = (*Room.kept_fields, "agents")

    def __post_init__(self) -> None:
        super().__post_init__()
        variant = variant_named(self.row.variant)
        self.match = Match.new(variant, Settings.for_variant(variant, self.row.settings))
        self.clock = Clock.from_options(self.row.options)

    # -- who is who

    @property
    def game(self) -> Game:
        return self.match.game

    def dice_game(self) -> int:
        return len(self.match.games)

    def game_ended(self, game: int) -> bool:
        return game < len(self.match.games) or self.match.games[game - 1].result is not None

    def computers(self) -> set[int]:
        return set(self.agents)

    def actor(self) -> int | None:
        """The seat whose decision the game waits for (None during the roll-off)."""
        return None if self.is_over() else self.game.actor

    # -- restoring from the store

    def _rebuilt(self) -> None:
        """The clock starts again for whoever is to act in the stored state, and its new
        deadline gets a timer (the one armed before waits for the old deadline, and gives
        up when it finds the deadline moved)."""
        if self.clock is not None:
            self.clock.resume(self.actor(), self.time.monotonic(), self.time.now())
        self._arm_timer()

    def _replay(self, payload: dict[str, Any]) -> None:
        if "event" in payload:
            event = event_from_json(payload["event"])
            game = self.dice_game()
            self.match = self.match.apply(event)
            if isinstance(event, OpeningRoll | Roll):
                self._rolled(game, event.dice)
            if "reserve" in payload and self.clock:
                self.clock.reserve = list(payload["reserve"])
            if "at" in payload and self.clock:
                self.clock.since = float(payload["at"])
        elif "auto" in payload:
            self.auto[payload["seat"]] = payload["auto"]
        elif "hints" in payload:
            self.hints[payload["seat"]] = bool(payload["hints"])
        elif "aborted" in payload:
            self.aborted = str(payload["aborted"])
            self.row = replace(self.row, status="over")

    # -- commands

    async def submit(self, seat: int | None, command: protocol.Command, by: str) -> int:
        """Apply one command for ``seat`` (None for the server), persist it, play whatever
        follows automatically, then tell everyone. Returns the version the command made.
        Raises :class:`TableError`."""
        match command:
            case protocol.Contribute() | protocol.Malformed(type="contribute"):
                return await self.contribute(seat, command)

        async def work() -> int:
            await self._apply(self._event(seat, command), by)
            n = self.n
            await self._automate()
            return n

        return await self._serially(work)

    async def set_auto(self, seat: int, roll: bool, moves: bool) -> int:
        """S5: roll automatically when no double is possible, play forced moves. Returns
        the version of the stored setting."""

        async def work() -> int:
            setting = {"roll": roll, "moves": moves}
            await self._persist({"seat": seat, "auto": setting})
            self.auto = {**self.auto, seat: setting}
            n = self.n
            await self._automate()
            return n

        return await self._serially(work)

    async def set_hints(self, seat: int, allow: bool) -> int:
        """A player agrees (or no longer agrees) to hints for both players. Returns the
        version of the stored answer."""

        async def work() -> int:
            await self._persist({"seat": seat, "hints": allow})
            self.hints = {**self.hints, seat: allow}
            return self.n

        return await self._serially(work)

    def hints_allowed(self) -> bool:
        """Hints are for practice: never at a rated table; against the computer always,
        between two people when both agree."""
        if self.row.options.get("rated"):
            return False
        return bool(self.agents) or all(self.hints.get(seat) for seat in (0, 1))

    async def start(self) -> None:
        """Begin (or resume) play: roll-off, bots, timers. After a restart the player to
        act at a live clock gets a fresh move allowance on top of the reserve stored with
        the last event; at a correspondence clock, what was left at the stored deadline."""

        async def work() -> int:
            if self.clock is not None and self.clock.actor is None:
                self.clock.resume(self.actor(), self.time.monotonic(), self.time.now())
            await self._automate()
            return self.n

        await self._serially(work)

    def _event(self, seat: int | None, command: protocol.Command) -> Event:
        """The rules event for a client command (dice are the server's)."""
        if seat is None:
            raise TableError(refusals.NOT_SEATED)
        if self.is_over():
            raise TableError(refusals.MATCH_OVER)
        try:
            return protocol.game_event(seat, command, self._peek)
        except protocol.ProtocolError as error:
            raise TableError.of(error) from None

    async def _apply(self, event: Event, by: str) -> None:
        """Check, persist and take in one event (the caller holds the lock)."""
        try:
            match = self.match.apply(event)
        except NardyError as error:
            raise TableError.of(error) from None
        if aborts(self.match, match) and not self.in_tournament():
            why = getattr(event, "reason", None) or (
                "drop" if isinstance(event, Drop) else "resign"
            )
            return await self._abort(why)
        payload: dict[str, Any] = {"event": event_to_json(event), "by": by}
        now, wall = self.time.monotonic(), self.time.now()
        if self.clock:
            reserve = self.clock.charged(now)
            payload["reserve"] = reserve
            actor = None if match.is_over() else match.game.actor
            payload |= self.clock.stamp(actor, reserve, wall)
        await self._persist(payload)
        game = self.dice_game()
        self.match = match
        if isinstance(event, OpeningRoll | Roll):
            self._rolled(game, event.dice)
        if self.clock:
            self.clock.reserve = reserve
            self.clock.start(self.actor(), now, wall if self.clock.correspondence else None)
        if self.match.is_over():
            await self._finish()

    async def _automate(self) -> None:
        """Play everything that needs no person: the roll-off, the computer's decisions,
        forced moves and automatic rolls. The computer thinks in a worker thread. When the
        store refuses one of these, the table is rebuilt and they are tried again later."""
        try:
            await self._play_automatically()
        except StoreFailure:
            self._retry_later()
        self._arm_timer()

    async def _play_automatically(self) -> None:
        for _ in range(10_000):
            actor = self.actor()
            agent = self.agents.get(actor) if actor is not None else None
            if agent is not None and self.game.phase is not Phase.OPENING:
                if self.bot_delay:
                    await sleep(self.time, self.bot_delay)
                observe = getattr(agent, "observe", None)
                if observe is not None:  # match-aware cube decisions need the score
                    observe(self.match)
                event = await asyncio.to_thread(next_event, self.game, (agent, agent), self._peek)
                await self._apply(event, "bot")
                continue
            automatic = self._automatic_event()
            if automatic is None:
                break
            await self._apply(automatic, "server")

    def _due(self) -> bool:
        """Whether the table acts by itself before a player does: the roll-off, the
        computer's turn, an automatic roll or forced move, or a deadline — the clock, or,
        between two people, the grace of a player who is away. While a seat is free, only
        the withdrawal of a table whose creator is away; nothing once the match is over."""
        if self.is_over():
            return False
        if None in self.row.seats:
            return self._withdraw_at() is not None
        actor = self.actor()
        return (
            actor is None
            or actor in self.agents
            or self.clock is not None
            or not self.agents
            or self._automatic_event() is not None
        )

    def _automatic_event(self) -> Event | None:
        if self.is_over() or None in self.row.seats:
            return None
        game = self.game
        if game.phase is Phase.OPENING:
            return None if self.waiting_for_contributions() else OpeningRoll(self._peek())
        actor = self.actor()
        if actor is None:
            return None
        auto = self.auto.get(actor, {})
        if game.phase is Phase.ROLLING and auto.get("roll") and not game.can_double(actor):
            return Roll(actor, self._peek())
        if game.phase is Phase.MOVING and auto.get("moves") and game.moving is not None:
            turn = game.moving
            if not turn.steps and len(turn.finals) <= 1:
                plays = legal_plays(game.position, turn.dice)
                return MakePlay(actor, plays[0].steps if plays else ())
        return None

    # -- time

    def _arm_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.is_over() or self.gone:
            return
        deadline = self._deadline()
        if deadline is not None:
            self.timer = asyncio.get_running_loop().create_task(self._expire(deadline))

    def _limits(self) -> dict[Reason, float]:
        """When the player to act forfeits, and why: their clock runs out (``time``), or,
        between people, the grace for coming back after leaving ends (``left``)."""
        actor = self.actor()
        if actor is None or actor in self.agents:
            return {}
        limits: dict[Reason, float] = {}
        if self.clock:
            limit = self.clock.deadline()
            if limit is not None:
                limits["time"] = limit
        if not self._connected(actor) and not self.agents and not self.by_correspondence():
            # Between people a player who has not connected at all is away from now on;
            # a game against the computer, or by correspondence, waits for its player
            # however long they are away (only the clock decides).
            since = self._away_since.setdefault(actor, self.time.monotonic())
            limits["left"] = since + self.grace
        return limits

    def grace_deadline(self, seat: int) -> float | None:
        """When (monotonic) the absent player at ``seat`` runs out of grace: between two
        people, the grace after they left (they lose if the game waits for them then, or
        as soon as it does later); while a seat is free, the creator's (the table withdraws
        itself then); None against the computer, by correspondence and once the match is over."""
        if None in self.row.seats:
            return self._withdraw_at() if seat == self.creator_seat() else None
        if self.is_over() or self.agents or self.by_correspondence() or self._connected(seat):
            return None
        since = self._away_since.get(seat)
        return None if since is None else since + self.grace

    def by_correspondence(self) -> bool:
        """Whether the table is played by correspondence (days a move): nobody is expected
        to stay connected, so the grace for coming back does not apply."""
        return self.clock is not None and self.clock.correspondence

    def _withdraw_at(self) -> float | None:
        """An open correspondence table waits for its opponent while its creator is away."""
        return None if self.by_correspondence() else super()._withdraw_at()

    def _deadline(self) -> float | None:
        withdraw = self._withdraw_at()
        return withdraw if withdraw is not None else min(self._limits().values(), default=None)

    async def _expire(self, deadline: float) -> None:
        await self.time.sleep_until(deadline)
        async with self.lock:
            if self.gone:
                return
            try:
                if not await self._expired(deadline):
                    return
            except StoreFailure:  # rebuilt from the store: the clock runs out again later
                self._retry_later()
            else:
                await self._automate()
        await self.broadcast()

    async def _expired(self, deadline: float) -> bool:
        """Act on ``deadline`` if it is still the table's next one; whether it was. An open
        table whose creator is away withdraws itself; a player out of time or gone
        forfeits (the caller holds the lock)."""
        if deadline == self._withdraw_at():
            await self._withdraw("left")
            return True
        limits = self._limits()
        if min(limits.values(), default=None) != deadline:
            return False
        reason: Reason = "time" if limits.get("time") == deadline else "left"
        actor = self.actor()
        if actor is not None:
            await self._forfeit(actor, reason)
        return True

    async def _forfeit(self, seat: int, reason: Reason) -> None:
        """The player at ``seat`` ran out of time or left: they lose the match, or in money
        play the game in play (:mod:`nardy.rules.forfeit`); a match in which a seat has
        not played yet is aborted instead (:mod:`nardy.rules.abort`)."""
        if abortable(self.match) and not self.in_tournament():
            return await self._abort(reason)
        for event in forfeit(self.match, seat, reason, self._peek):
            await self._apply(event, "clock")
        if self.match.settings.match_to == 0:
            await self._persist({"over": reason})
            await self._finish()

    def in_tournament(self) -> bool:
        """Whether this is a tournament's pairing, which is never aborted: its pairing
        needs a winner, so a player who resigns, leaves or never comes loses it
        (INTERFACES.md §8); no rating moves unless both played (docs/PROTOCOL.md,
        "Aborted matches and withdrawn tables")."""
        return "tournament" in self.row.options

    async def _abort(self, reason: str) -> None:
        """End the match with no result: a seat has not played (:mod:`nardy.rules.abort`)."""
        await self._persist({"aborted": reason})
        self.aborted = reason
        await self._finish()

    def is_over(self) -> bool:
        return self.match.is_over() or self.row.status == "over"

    def _final_options(self) -> dict[str, Any]:
        ended = {} if self.aborted is None else {"aborted": self.aborted}
        return {**super()._final_options(), **ended}

    # -- what a client sees

    def status(self) -> str:
        return "aborted" if self.aborted is not None else super().status()

    def common_state(self) -> protocol.MatchCommon:
        """The state's fields that are the same for everyone at the table."""
        return protocol.match_common(
            self.facts(),
            self.match,
            seats=[self.seat_name(s) for s in range(2)],
            seed=self.row.seed if self.is_over() else None,
            rematch=self.row.options.get("rematch"),
            clock=None if self.clock is None else self.clock.to_json(),
            hints={
                "allowed": self.hints_allowed(),
                "agreed": [bool(self.hints.get(0)), bool(self.hints.get(1))],
                "computer": bool(self.agents),
                "rated": bool(self.row.options.get("rated")),
            },
            tournament=self.row.options.get("tournament"),
        )

    def seat_state(self, seat: int | None, common: protocol.MatchCommon) -> protocol.MatchState:
        """The whole state as ``seat`` sees it (None: a spectator)."""
        auto = self.auto.get(seat, {}) if seat is not None else {}
        return protocol.match_state(common, self.game, seat, over=self.is_over(), auto=auto)

    def record(self) -> dict[str, Any]:
        """The game record (INTERFACES.md §4), each play with its ``text``, the computer's
        level at each seat (``computers``), the dice commitment and, once the match is
        over, the seed."""
        names = [self.seat_name(s) or "?" for s in range(2)]
        doc = match_to_record(self.match, names, texts=True)
        doc["computers"] = protocol.levels(self.row.seats)  # beside "players", as "seats"
        if self.aborted is not None:
            doc["aborted"] = self.aborted  # no result: nobody won (docs/PROTOCOL.md)
        doc["dice"] = {
            "commitment": self.row.commitment,
            "seed": self.row.seed if self.is_over() else None,
        }
        if self.book.scheme == 2:
            games = []
            for game in self.dice_games():
                del game["rolls"], game["open"]  # the rolls are the record's own
                games.append(game)
            doc["dice"] |= {"scheme": dice_service.SCHEME, "games": games}
        return doc
