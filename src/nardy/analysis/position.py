"""The analysis of one position given by itself (a gnubg Position ID, a position JSON, a
position set up on a board): the ranked plays of a roll, or the cube decision before it.

>>> from nardy.variants import BACKGAMMON
>>> found = analyse_position(BACKGAMMON.start_position(), (6, 5), ply=0)
>>> found["plays"][0]["play"], found["count"]
('24/13', 7)
"""

from __future__ import annotations

from typing import Any

from nardy.analysis import choices
from nardy.analysis.engine import Engine, Stakes
from nardy.formats.position_json import position_to_json
from nardy.rules.plays import Dice
from nardy.rules.position import Position
from nardy.rules.settings import Settings

MOST_SHOWN = 32
"""The most plays an answer lists."""


def analyse_position(
    position: Position,
    dice: Dice | None,
    ply: int,
    *,
    settings: Settings | None = None,
    cube: int = 1,
    owner: str = "centred",
    score: tuple[int, int] = (0, 0),
    crawford: bool = False,
    shown: int = MOST_SHOWN,
) -> dict[str, Any]:
    """With ``dice``: the best ``shown`` plays, valued with the cube (those looked at
    ``ply`` deep first, then any the filters left at a shallower look) and how many plays
    there are; without: the cube decision of the roller before rolling. The cube and
    score are the roller's (see :meth:`Stakes.at`); money play with a centred cube unless
    told otherwise."""
    variant = position.variant
    settings = settings or Settings.for_variant(variant)
    stakes = Stakes.at(variant, settings, cube=cube, owner=owner, score=score, crawford=crawford)
    engine = Engine(variant, settings)
    doc: dict[str, Any] = {"position": position_to_json(position, dice), "ply": ply}
    if dice is None:
        outputs = engine.before(position.cells, ply)
        values = stakes.cube_values(outputs)
        return {**doc, "cube": choices.cube_json(values, outputs)}
    ranked = engine.rank(position.cells, dice, ply, stakes, judge=shown)
    if not ranked:
        return {**doc, "count": 0, "plays": []}
    best = ranked[0]
    return {
        **doc,
        "count": len(ranked),
        "plays": [choices.candidate_json(position, c, best) for c in ranked[:shown]],
    }


ROLLOUT_GAMES = (36, 72, 144, 216, 324)
"""The rollout sizes offered: a rollout costs about a tenth of a second a game here."""


def rollout_position(position: Position, dice: Dice | None, games: int) -> dict[str, Any]:
    """The rollout of ``position`` (``dice`` played first when given): the roller's
    cubeless chances and equity, each with its standard error."""
    if games not in ROLLOUT_GAMES:
        sizes = ", ".join(map(str, ROLLOUT_GAMES))
        raise ValueError(f"a rollout here is {sizes} games")
    engine = Engine(position.variant, Settings.for_variant(position.variant))
    return {
        "position": position_to_json(position, dice),
        **engine.rollout(position.cells, dice, games),
    }
