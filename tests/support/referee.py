"""An independent referee of step sequences: is a list of single steps a legal play (C2–C5)?

It states the maximum-dice rule (RULES.md C3) over the steps a player takes, not over final
positions: a legal play takes as many steps as any order of the dice allows, and when only
one of two different dice can be played, the larger one if it can be. It trusts the
variant's single steps (``variant.steps``, checked against RULES.md elsewhere) and nothing
else of the engine: neither the play generator nor :class:`~nardy.rules.turn.Turn`.

A step may be made with either of two dice (a bear-off from the highest point), so the
referee follows every die assignment the steps so far allow.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from nardy.rules import Position

Step = tuple[int, int]
Cells = tuple[int, ...]
State = tuple[Cells, tuple[int, ...]]
"""Cells after the steps so far, and the dice not used yet (sorted)."""


@dataclass
class Referee:
    """The legal plays of one roll in one position, as step sequences."""

    position: Position
    dice: tuple[int, int]
    context: Any = field(init=False)
    most: int = field(init=False)
    """How many steps a legal play takes (C3)."""
    _deepest: dict[State, int] = field(default_factory=dict)
    _moves: dict[State, list[tuple[Step, int, State]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        variant = self.position.variant
        self.context = variant.turn(self.position.cells, self.dice)
        self.most = self.deepest(self.start())

    def start(self) -> State:
        low, high = sorted(self.dice)
        dice = (low,) * 4 if low == high else (low, high)
        return self.position.cells, dice

    def moves(self, state: State) -> list[tuple[Step, int, State]]:
        """Every single step from ``state``, with its die and the state after it."""
        if state not in self._moves:
            cells, dice = state
            found = []
            for die in sorted(set(dice)):
                rest = list(dice)
                rest.remove(die)
                steps = self.position.variant.steps(cells, die, self.context)
                found += [((s, t), die, (after, tuple(rest))) for s, t, after in steps]
            self._moves[state] = found
        return self._moves[state]

    def deepest(self, state: State) -> int:
        """The most steps that can still be played from ``state``."""
        if state not in self._deepest:
            self._deepest[state] = max(
                (1 + self.deepest(after) for _, _, after in self.moves(state)), default=0
            )
        return self._deepest[state]

    def _larger_die_rule(self, used: int, die: int) -> bool:
        """C3 for a one-step play of two different dice: the larger die if it can be."""
        low, high = sorted(self.dice)
        if self.most != 1 or low == high or used != 0 or die == high:
            return True
        return not any(d == high for _, d, _ in self.moves(self.start()))

    def follow(self, states: set[State], used: int, step: Step) -> set[State]:
        """The states after one more ``step``, from ``states`` reached with ``used`` steps,
        that can still end as a legal play."""
        return {
            after
            for state in states
            for move, die, after in self.moves(state)
            if move == tuple(step)
            and 1 + used + self.deepest(after) == self.most
            and self._larger_die_rule(used, die)
        }

    def offers(self, states: set[State], used: int) -> set[Step]:
        """The steps that keep a prefix (at ``states``, ``used`` steps) within a legal play."""
        return {
            move
            for state in states
            for move, die, after in self.moves(state)
            if 1 + used + self.deepest(after) == self.most and self._larger_die_rule(used, die)
        }

    def states(self, steps: Iterable[Step]) -> set[State]:
        """The states ``steps`` can lead to while staying a prefix of a legal play."""
        states = {self.start()}
        for used, step in enumerate(steps):
            states = self.follow(states, used, step)
        return states

    def next_steps(self, steps: tuple[Step, ...]) -> set[Step]:
        """The steps that keep ``steps`` a prefix of a legal play."""
        return self.offers(self.states(steps), len(steps))

    def is_play(self, steps: tuple[Step, ...]) -> bool:
        """Whether ``steps`` are a whole legal play."""
        return len(steps) == self.most and bool(self.states(steps))

    def why_not(self, steps: tuple[Step, ...]) -> str | None:
        """None for a legal play, else what is wrong with it."""
        if not self.states(steps):
            return f"{list(steps)} is not a prefix of any legal play"
        if len(steps) != self.most:
            return f"{len(steps)} steps, but this roll must be played with {self.most}"
        return None


def record_faults(doc: dict[str, Any]) -> list[str]:
    """The first play of a game record (INTERFACES.md §4) whose steps are not a legal play,
    as ``["game G, action A: why"]``, or ``[]``. The positions come from replaying the
    record's actions through the engine; the steps of each play are judged by the referee
    alone."""
    from nardy.rules.game import (
        Accept,
        Decline,
        Double,
        Drop,
        Event,
        MakePlay,
        OpeningRoll,
        Resign,
        Roll,
        Take,
    )
    from nardy.rules.match import Match
    from nardy.rules.settings import Settings
    from nardy.variants import variant_named

    variant = variant_named(doc["variant"])
    match = Match.new(variant, Settings.for_variant(variant, doc.get("settings") or {}))
    simple = {"double": Double, "take": Take, "drop": Drop, "accept": Accept, "decline": Decline}
    for g, game in enumerate(doc["games"], 1):
        for a, action in enumerate(game["actions"], 1):
            kind, player = action["type"], action.get("player")
            events: list[Event]
            if kind == "opening":
                events = [OpeningRoll((x, y)) for x, y in action["dice"]]
            elif kind == "roll":
                events = [Roll(player, tuple(action["dice"]))]  # type: ignore[arg-type]
            elif kind == "play":
                steps = tuple((s, t) for s, t in action["steps"])
                moving = match.game.moving
                assert moving is not None, (g, a)
                why = Referee(match.game.position, moving.dice).why_not(steps)
                if why is not None:  # what follows is no longer a game of these rules
                    return [f"game {g}, action {a}: {why}"]
                events = [MakePlay(player, steps)]
            elif kind == "resign":
                events = [Resign(player, action.get("level", 1))]
            else:
                events = [simple[kind](player)]
            for event in events:
                match = match.apply(event)
    return []
