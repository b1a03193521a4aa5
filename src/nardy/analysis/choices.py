"""The choices a player has at one moment of a game, valued by the engine: the plays of a
roll, the cube before a roll, the answers to a double and to an offer to resign.

The review (:mod:`nardy.analysis.review`) values the choice that was made against these;
a hint (:mod:`nardy.analysis.hints`) shows them before the choice. Every value is the
player's normalised equity (:class:`~nardy.analysis.engine.Stakes`), seen by the player
who chooses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from nardy.analysis.engine import Candidate, CubeValues, Engine, Stakes
from nardy.formats.notation import format_play
from nardy.rules.cells import Cells
from nardy.rules.game import Accept, Game, Phase
from nardy.rules.match import Match
from nardy.rules.position import Position

SHOWN = 5
"""Candidate plays shown with a checker-play decision or hint."""


@dataclass(frozen=True)
class Answers:
    """Two answers and what each is worth to the player who answers."""

    yes: float
    no: float

    @property
    def best(self) -> float:
        return max(self.yes, self.no)


def plays(
    game: Game, match: Match | None, ply: int, include: Iterable[Cells] = ()
) -> list[Candidate]:
    """The plays of the roll being played, best first (see :meth:`Engine.rank`)."""
    assert game.moving is not None and game.turn is not None, "no roll to play"
    engine = Engine.for_game(game)
    stakes = Stakes.of(game, game.turn, match)
    return engine.rank(game.position.cells, game.moving.dice, ply, stakes, include=include)


def cube(game: Game, match: Match | None, ply: int) -> tuple[CubeValues, Any]:
    """The cube decision of the player on turn before rolling, and the chances behind it."""
    assert game.turn is not None, "nobody is on turn"
    engine = Engine.for_game(game)
    outputs = engine.before(game.position.cells, ply)
    return Stakes.of(game, game.turn, match).cube_values(outputs), outputs


def take(values: CubeValues) -> Answers:
    """Taking and dropping a double, for the player who answers it (the doubler's values
    turned round: the same cube, the other side)."""
    return Answers(-values.double_take, -values.double_pass)


def resignation(game: Game, match: Match | None, player: int, ply: int) -> Answers:
    """Accepting and declining the offer to resign, for ``player`` who answers it:
    the points offered against playing on from where the game stands."""
    assert game.phase is Phase.RESIGNING and game.turn is not None
    result = game.apply(Accept(player)).result
    assert result is not None
    accept = Stakes.of(game, player, match).result(result.points)
    roller = game.turn
    stakes = Stakes.of(game, roller, match)
    engine = Engine.for_game(game)
    cells = game.position.cells
    if game.resume is Phase.MOVING and game.moving is not None:
        ranked = engine.rank(cells, game.moving.dice, ply, stakes)
        on = ranked[0].value if ranked else stakes.after_play(engine.passed(cells, ply))
    else:
        on = stakes.on_roll(engine.before(cells, ply))
    return Answers(accept, on if roller == player else -on)


def candidate_json(position: Position, candidate: Candidate, best: Candidate) -> dict[str, Any]:
    """One play as the review and the hints show it."""
    return {
        "play": format_play(position, candidate.steps),
        "steps": [list(step) for step in candidate.steps],
        "equity": round(candidate.value, 4),
        "difference": round(candidate.value - best.value, 4),
        "ply": candidate.ply,
        "chances": [round(float(x), 4) for x in candidate.outputs],
    }


def cube_json(values: CubeValues, outputs: Any = None) -> dict[str, Any]:
    """A cube decision's values, the right action and answer, and its chances."""
    doc: dict[str, Any] = {
        "no_double": round(values.no_double, 4),
        "double_take": round(values.double_take, 4),
        "double_pass": round(values.double_pass, 4),
        "action": values.decision.action,
        "take": values.decision.take,
    }
    if outputs is not None:
        doc["chances"] = [round(float(x), 4) for x in outputs]
    return doc
