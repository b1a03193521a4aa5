"""How strong each level of the computer was measured to be, so that the lobby can say it.

One figure a level and variant: cubeless points a game, with its 95 % interval, against a
fixed opponent over duplicate dice (``nardy bench bot``), and the share of games won. They
are the README's Strength table (a test keeps the two the same); a network shipped later
comes with its figures measured again. The opponents are named by key, the client says who
they are in the reader's language: ``pubeval`` (Tesauro's published linear evaluator),
``gnubg0`` (GNU Backgammon's network at 0 ply), ``heuristic`` (nardy's hand-written player).

>>> strongest = MEASURED["backgammon"]["strongest"]
>>> strongest.opponent, strongest.low <= strongest.points <= strongest.high
('gnubg0', True)
>>> sorted(strength_facts("long-nardy"))[:2]
['advanced', 'beginner']
>>> strength_facts("nackgammon")
{}
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


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


def _m(opponent: str, points: float, low: float, high: float, wins: float, games: int) -> Measured:
    return Measured(opponent, points, low, high, wins / 100, games)


MEASURED: dict[str, dict[str, Measured]] = {
    "backgammon": {
        "beginner": _m("pubeval", -1.31, -1.45, -1.17, 15.0, 300),
        "casual": _m("pubeval", -0.26, -0.41, -0.10, 42.7, 300),
        "intermediate": _m("pubeval", +0.44, +0.29, +0.59, 63.3, 300),
        "advanced": _m("gnubg0", -0.042, -0.069, -0.015, 47.8, 8000),
        "expert": _m("pubeval", +0.68, +0.60, +0.76, 72.0, 1000),
        "strongest": _m("gnubg0", +0.046, +0.007, +0.085, 50.5, 4000),
    },
    "long-nardy": {
        "beginner": _m("heuristic", -0.77, -0.89, -0.64, 23.3, 300),
        "casual": _m("heuristic", +0.22, +0.06, +0.38, 56.0, 300),
        "intermediate": _m("heuristic", +0.96, +0.82, +1.10, 76.0, 300),
        "advanced": _m("heuristic", +1.44, +1.38, +1.50, 89.3, 1000),
        "expert": _m("heuristic", +1.47, +1.41, +1.53, 89.3, 1000),
        "strongest": _m("heuristic", +1.53, +1.42, +1.64, 91.7, 300),
    },
    "dutch": {
        "beginner": _m("heuristic", -1.10, -1.24, -0.96, 20.3, 300),
        "casual": _m("heuristic", +0.07, -0.09, +0.23, 53.3, 300),
        "intermediate": _m("heuristic", +0.87, +0.71, +1.02, 74.7, 300),
        "advanced": _m("heuristic", +1.54, +1.48, +1.60, 90.7, 1000),
        "expert": _m("heuristic", +1.72, +1.68, +1.77, 94.3, 1000),
        "strongest": _m("heuristic", +1.84, +1.76, +1.92, 98.5, 200),
    },
}
"""Variant → level → its figure (a variant or level not measured has none)."""


def strength_facts(variant: str) -> dict[str, dict[str, Any]]:
    """``variant``'s measured levels as JSON objects (``GET /api/variants``)."""
    return {level: asdict(figure) for level, figure in MEASURED.get(variant, {}).items()}
