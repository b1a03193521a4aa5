"""The computer's resignations (RULES.md B9, LN9), judged with the cube's values.

A resignation gives the opponent a known number of points (the level's value times the
cube, single under the Jacoby rule before a take). What the bot expects from playing on
is its cubeful value (:func:`nardy.bot.decisions.cube.cubeful`: points in money play, a match
winning chance in a match), so both sides of an offer compare like with like:

* **accepting** (B9): the bot accepts exactly when what the offer gives it is at least
  what it expects to win by playing on;
* **offering**: only when it cannot reasonably win (a win chance below
  :data:`HOPELESS`), at the lowest level that gives away at least its expected loss (so
  a fair opponent accepts), and only when that level gives away little more than the
  expected loss (:data:`MARGIN` of a cube) — a level that does not cover the gammon or
  backgammon risk is refused, and one far above it costs points;
* **once declined**, an offer is not made again on the same turn at the same level or
  a lower one (:func:`declined_level`): two players who judge a position differently
  would otherwise offer and decline it for ever;
* **long nardy** (LN9) has no offer: a resignation ends the game at once, scored on the
  position, so the bot resigns only when the game is hopeless in the same sense.

>>> from nardy.bot.decisions.chances import Probabilities
>>> from nardy.bot.decisions.cube import CubeContext
>>> lost = Probabilities(0.0, 0.0, 0.0, 0.9995, 0.0)
>>> offer_level(lost, CubeContext(), {1: 1, 2: 2, 3: 3})
2
>>> accepts(lost.flipped(), CubeContext(), 2), accepts(lost.flipped(), CubeContext(), 1)
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from nardy.bot.decisions.chances import Probabilities
from nardy.bot.decisions.cube import CubeContext, cubeful
from nardy.rules.game import Action

HOPELESS = 0.001
"""The win chance below which the bot considers resigning."""
MARGIN = 0.02
"""How much more than its expected loss, in cubes, the bot may give away by resigning."""
_TOLERANCE = 1e-9


def expected(probs: Probabilities, context: CubeContext, on_roll: bool = True) -> float:
    """What a player expects from playing on: the roller's cubeful value, or its
    opponent's when not ``on_roll`` (``probs`` and ``context`` are always the roller's)."""
    value = cubeful(probs, context)
    return value if on_roll else context.scale.other(value)


def accepts(probs: Probabilities, context: CubeContext, points: int, on_roll: bool = True) -> bool:
    """Whether a player accepts an offer that gives it ``points``: exactly when they are
    worth at least what it expects from playing on.

    >>> from nardy.bot.decisions.chances import Probabilities
    >>> from nardy.bot.decisions.cube import CubeContext
    >>> sure_gammon = Probabilities(1.0, 1.0)
    >>> accepts(sure_gammon, CubeContext(), 2), accepts(sure_gammon, CubeContext(cube=2), 2)
    (True, False)
    """
    scale = context.scale if on_roll else context.scale.flipped()
    return scale.win(points) >= expected(probs, context, on_roll) - _TOLERANCE


def offer_level(
    probs: Probabilities, context: CubeContext, offers: Mapping[int, int]
) -> int | None:
    """The level the roller offers to resign at, or None to play on; ``offers`` maps each
    level it may offer to the points that level gives the opponent."""
    if probs.win >= HOPELESS or not offers:
        return None
    scale = context.scale
    mine = cubeful(probs, context)
    margin = MARGIN * (scale.win(context.cube) - scale.lose(context.cube)) / 2.0
    for level, points in sorted(offers.items(), key=lambda item: item[1]):
        after = scale.lose(points)
        if after <= mine + _TOLERANCE:  # gives away at least the expected loss
            return level if mine - after <= margin else None
    return None


def declined_level(actions: Sequence[Action], player: int) -> int:
    """The highest level ``player`` offered and saw declined since the game last moved on
    (a roll, a play, a cube action), or 0: the levels it may still offer this turn are
    above it.

    >>> offered = [Action("roll", 1, dice=(6, 5)), Action("play", 1, steps=())]
    >>> declined_level(offered, 0)
    0
    >>> offered += [Action("resign", 0, level=1), Action("decline", 1)]
    >>> offered += [Action("resign", 0, level=2), Action("decline", 1)]
    >>> declined_level(offered, 0), declined_level(offered, 1)
    (2, 0)
    >>> declined_level([*offered, Action("roll", 0, dice=(2, 1))], 0)
    0
    """
    highest = 0
    for action in reversed(actions):
        if action.type == "resign":
            if action.player == player and action.level is not None:
                highest = max(highest, action.level)
        elif action.type != "decline":
            break
    return highest
