"""How strong each level of the computer was measured to be, so that the lobby can say it.

The figures ship beside the network they were measured with: ``nardy/bot/weights/
NAME.strength.json`` for the variant named NAME, one figure a level — cubeless points a
game, with its 95 % interval, against a fixed opponent over duplicate dice (``nardy bench
bot``), the share of games won and how many games. docs/STRENGTH.md is written from them
(``nardy strength``), and a network shipped later comes with its figures measured
again. A variant that plays with another's network (nackgammon) was not measured: it has
none. The opponents are named by key and the client says who they are in the reader's
language: ``pubeval`` (Tesauro's published linear evaluator), ``gnubg0`` (GNU Backgammon's
network at 0 ply), ``gnubg1`` (GNU Backgammon at 1 ply), ``heuristic`` (nardy's
hand-written player).

>>> from nardy.variants import BACKGAMMON, NACKGAMMON
>>> strongest = measured(BACKGAMMON)["strongest"]
>>> strongest.opponent, strongest.low <= strongest.points <= strongest.high
('gnubg1', True)
>>> measured(NACKGAMMON)
{}
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources
from typing import Any

from nardy.rules.variant import Variant


@dataclass(frozen=True)
class Measured:
    """One level's measured result against ``opponent``."""

    opponent: str
    points: float
    """Points a game (cubeless), the level's side."""
    low: float
    high: float
    """The 95 % interval of :attr:`points`."""
    wins: float
    """Share of games won, 0..1."""
    games: int


@cache
def measured(variant: Variant) -> dict[str, Measured]:
    """Level → its figure, for the levels measured in ``variant`` (weakest first)."""
    found = resources.files("nardy.bot").joinpath("weights", f"{variant.name}.strength.json")
    if not found.is_file():
        return {}
    doc = json.loads(found.read_text(encoding="utf-8"))
    return {level: Measured(**figure) for level, figure in doc.items()}


def strength_facts(variant: Variant) -> dict[str, dict[str, Any]]:
    """``variant``'s measured levels as JSON objects (``GET /api/variants``)."""
    return {level: asdict(figure) for level, figure in measured(variant).items()}
