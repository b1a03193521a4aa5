"""The computer's cube decisions, from cubeless probabilities (RULES.md B6–B8, CH3–CH4).

The network says how often the player on roll wins, wins a gammon or a backgammon, and
loses a gammon or a backgammon, as if the cube did not exist. This module turns those
chances into the value of the game *with* the cube, for each of the three states the
cube can be in after a double is considered, and compares them:

* no double (ND): the cube stays where it is;
* double, take (DT): the opponent owns the cube at twice the value;
* double, pass (DP): the roller wins the current value now.

The roller doubles when both DT and DP are worth more to it than ND; the opponent takes
when DT is worth no more to the roller than DP. When the opponent should pass but playing
on (ND) is worth even more than cashing, the position is "too good to double".

**Money play: Janowski's interpolation.** After Rick Janowski, "Take-Points in Money Games"
(1993). Let p be the roller's chance to win, W the points it wins on average when it wins
(1 for a single game, more with gammons) and L the points it loses on average when it
loses. If the cube could never be turned again (a *dead* cube) the value per cube would
be p·W − (1 − p)·L. If the cube were perfectly *live* — every double made at exactly the
moment the opponent must pass — the value would be a broken line through four points:
at p = 0 the roller loses L; at the roller's take point TP it loses 1, because the
opponent doubles it out; at the roller's cash point CP it wins 1, doubling the opponent
out; at p = 1 it wins W. With a perfectly live cube the take point is
TP = (L − ½)/(W + L + ½) and the cash point CP = (L + 1)/(W + L + ½) (for W = L = 1 these
are the well-known 20 % and 80 %). A cube the roller owns has no TP point (the opponent
cannot double); one the opponent owns has no CP point. Real cubes are in between:
the value is x·live + (1 − x)·dead, where the cube efficiency x (about 0.68 for
backgammon middle games) measures how live the cube is. The points at stake scale with
the cube value. Under the Jacoby rule gammons count only once a double has been taken,
so while the cube is centred the end points and the dead value use W = L = 1; TP and CP
keep the gammon-counting W and L, since the cube has been turned there.

**Match play: the same interpolation in match winning chances.** A match equity table
(:class:`MatchEquityTable`, the Kazaross XG2 table published with GNU Backgammon, shipped
as package data) gives the chance to win the match from any pair of away scores. Each
result of the game becomes a match winning chance (MWC): winning n points at a − n
away, losing n at the opponent's b − n away, with the post-Crawford table once the
Crawford game has been played. W and L become the average MWC after a win and after a
loss at the cube's value, the dead value is p·W + (1 − p)·L, and the live line passes
through (0, L), (TP, MWC after losing the cube's value), (CP, MWC after winning it) and
(1, W). Take points cannot be written in closed form at a match score, so they come from
the same broken line one cube level higher: the player who takes owns the doubled cube,
and takes when its live value at the doubled cube is at least what passing leaves it.
Its cash point there is one minus the other side's take point at the next level, and so
on until the cube limit (or a level where a cube can no longer change anything). With a
linear table this recursion converges to Janowski's formulas above, and at a dead cube it
gives the usual risk/(risk + gain) take point read off the table.

The gammon and backgammon values come from the variant's own scoring (a long-nardy mars
is the gammon, Dutch and "backgammon counts as gammon" have no extra backgammon), probed
through :meth:`~nardy.rules.variant.Variant.win`.

>>> decide(Probabilities.of([0.85, 0, 0, 0, 0]), CubeContext())
CubeDecision(double, pass)
>>> decide(Probabilities.of([0.75, 0, 0, 0, 0]), CubeContext())
CubeDecision(double, take)
>>> decide(Probabilities.of([0.40, 0, 0, 0, 0]), CubeContext())
CubeDecision(no double, take)
>>> decide(Probabilities.of([0.95, 0.9, 0, 0, 0]), CubeContext())
CubeDecision(too good, pass)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import TYPE_CHECKING, Protocol

import numpy as np

from nardy.bot.encoding import Array
from nardy.bot.network import OUTPUTS, flip_outputs
from nardy.bot.search import ROLLS
from nardy.rules.settings import CUBE_LIMIT, Settings

if TYPE_CHECKING:
    from nardy.bot.evaluator import Evaluator
    from nardy.rules.cells import Cells
    from nardy.rules.game import Game
    from nardy.rules.match import Match
    from nardy.rules.variant import Variant

CUBE_EFFICIENCY = 0.68
"""How live the cube is (Janowski's x): 0 a dead cube, 1 a perfectly live one."""
MET_FILE = "met-kazaross-xg2.json"
_EPSILON = 1e-9


# ----------------------------------------------------------------------------- chances


@dataclass(frozen=True)
class Probabilities:
    """Cubeless chances of the player on roll; gammons include backgammons."""

    win: float
    win_gammon: float = 0.0
    win_backgammon: float = 0.0
    lose_gammon: float = 0.0
    lose_backgammon: float = 0.0

    @classmethod
    def of(cls, outputs: Sequence[float] | Array) -> Probabilities:
        """Network outputs made consistent (a gammon is never likelier than a win).

        >>> p = Probabilities.of([0.5, 0.7, 0.1, 0.2, 0.3])
        >>> p.win_gammon, p.lose_backgammon
        (0.5, 0.2)
        """
        win, wg, wb, lg, lb = (min(max(float(v), 0.0), 1.0) for v in list(outputs)[:OUTPUTS])
        wg = min(wg, win)
        lg = min(lg, 1.0 - win)
        return cls(win, wg, min(wb, wg), lg, min(lb, lg))

    def flipped(self) -> Probabilities:
        """The same chances from the opponent's side."""
        return Probabilities(
            1.0 - self.win,
            self.lose_gammon,
            self.lose_backgammon,
            self.win_gammon,
            self.win_backgammon,
        )


@dataclass(frozen=True)
class Values:
    """What a gammon and a backgammon are worth, in multiples of the cube."""

    gammon: int = 2
    backgammon: int = 3

    @classmethod
    def of(cls, variant: Variant, settings: Settings) -> Values:
        """The values ``variant`` scores under ``settings``: its second and third kinds of
        win (a kind it does not have is worth the one below).

        >>> from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY
        >>> Values.of(BACKGAMMON, Settings()), Values.of(DUTCH, Settings())
        (Values(gammon=2, backgammon=3), Values(gammon=2, backgammon=2))
        >>> Values.of(LONG_NARDY, Settings(scoring="oin"))
        Values(gammon=1, backgammon=1)
        """
        values = [points for _, points in variant.result_values(settings)]
        g = values[min(1, len(values) - 1)]
        b = values[min(2, len(values) - 1)]
        return cls(g, max(b, g))


SINGLE_ONLY = Values(1, 1)
"""Values when gammons do not count (the Jacoby rule before a double is taken)."""


def _outcomes(probs: Probabilities, values: Values) -> tuple[list[tuple[float, int]], ...]:
    """The roller's wins and losses: (chance, multiple of the cube) each."""
    wins = [
        (probs.win - probs.win_gammon, 1),
        (probs.win_gammon - probs.win_backgammon, values.gammon),
        (probs.win_backgammon, values.backgammon),
    ]
    losses = [
        (1.0 - probs.win - probs.lose_gammon, 1),
        (probs.lose_gammon - probs.lose_backgammon, values.gammon),
        (probs.lose_backgammon, values.backgammon),
    ]
    return wins, losses


# ----------------------------------------------------------------------------- scales


class Scale(Protocol):
    """What a result is worth to the roller: points (money) or a match winning chance."""

    def win(self, points: int) -> float:
        """The roller's value after winning ``points``."""

    def lose(self, points: int) -> float:
        """The roller's value after losing ``points``."""

    def flipped(self) -> Scale:
        """The same scale for the opponent."""

    def other(self, value: float) -> float:
        """The opponent's value when the roller's is ``value``."""

    def take_point(self, probs: Probabilities, values: Values, cube: int, limit: int) -> float:
        """The roller's take point against a double from ``cube`` with a fully live cube."""


def _averages(probs: Probabilities, values: Values, scale: Scale, cube: int) -> tuple[float, float]:
    """The roller's average value after a win and after a loss at ``cube``."""
    wins, losses = _outcomes(probs, values)
    if probs.win > _EPSILON:
        won = sum(chance * scale.win(cube * m) for chance, m in wins) / probs.win
    else:
        won = scale.win(cube)
    if probs.win < 1.0 - _EPSILON:
        lost = sum(chance * scale.lose(cube * m) for chance, m in losses) / (1.0 - probs.win)
    else:
        lost = scale.lose(cube)
    return won, lost


@dataclass(frozen=True)
class MoneyScale:
    """Money play: a result is worth its points.

    >>> MONEY.take_point(Probabilities(0.5), Values(), 1, CUBE_LIMIT)
    0.2
    """

    def win(self, points: int) -> float:
        return float(points)

    def lose(self, points: int) -> float:
        return -float(points)

    def flipped(self) -> MoneyScale:
        return self

    def other(self, value: float) -> float:
        return -value

    def take_point(self, probs: Probabilities, values: Values, cube: int, limit: int) -> float:
        """Janowski's live-cube take point (L − ½)/(W + L + ½), W and L per cube."""
        won, lost = _averages(probs, values, self, 1)
        return _clamp((-lost - 0.5) / (won - lost + 0.5))


MONEY = MoneyScale()


@dataclass(frozen=True)
class MatchEquityTable:
    """Chances to win a match from its away scores; see :meth:`equity`."""

    name: str
    source: str
    pre_crawford: tuple[tuple[float, ...], ...]
    post_crawford: tuple[float, ...]

    @classmethod
    def load(cls, filename: str = MET_FILE) -> MatchEquityTable:
        """A table shipped in ``nardy/bot/data`` (read from the package, never the network).

        >>> met = MatchEquityTable.load()
        >>> met.name, met.equity(1, 2), met.equity(2, 1, post_crawford=True)
        ('Kazaross XG2 25 point MET', 0.67736, 0.48803)
        """
        text = (resources.files("nardy.bot") / "data" / filename).read_text(encoding="utf-8")
        data = json.loads(text)
        return cls(
            data["name"],
            data["source"],
            tuple(tuple(float(v) for v in row) for row in data["pre_crawford"]),
            tuple(float(v) for v in data["post_crawford"]),
        )

    @property
    def length(self) -> int:
        return len(self.pre_crawford)

    def equity(self, away: int, opponent_away: int, post_crawford: bool = False) -> float:
        """The chance to win the match of a player ``away`` points from winning against one
        ``opponent_away`` away. A player at 1-away is at the start of the Crawford game
        unless ``post_crawford``. Scores beyond the table are scaled down to it.

        >>> met = MatchEquityTable.load()
        >>> met.equity(0, 3), met.equity(5, -1), met.equity(3, 3)
        (1.0, 0.0, 0.5)
        """
        if away <= 0:
            return 1.0
        if opponent_away <= 0:
            return 0.0
        n = self.length
        if post_crawford and 1 in (away, opponent_away):
            if away == 1:
                return 1.0 - self.post_crawford[min(opponent_away, n) - 1]
            return self.post_crawford[min(away, n) - 1]
        longest = max(away, opponent_away)
        if longest > n:  # an approximation: the same proportions within the table
            away = max(1, round(away * n / longest))
            opponent_away = max(1, round(opponent_away * n / longest))
        return self.pre_crawford[away - 1][opponent_away - 1]


@cache
def kazaross_xg2() -> MatchEquityTable:
    """The shipped table, loaded once."""
    return MatchEquityTable.load()


@dataclass(frozen=True)
class MatchScale:
    """Match play from the roller's side: ``away`` and ``opponent_away`` points to go;
    ``post_crawford`` once a 1-away score no longer brings a Crawford game.

    >>> score = MatchScale(4, 4)
    >>> score.win(1), score.lose(2)
    (0.5715, 0.3313)
    """

    away: int
    opponent_away: int
    post_crawford: bool = False
    table: MatchEquityTable = field(default_factory=kazaross_xg2, repr=False)

    def equity(self, away: int, opponent_away: int) -> float:
        return self.table.equity(away, opponent_away, self.post_crawford)

    def win(self, points: int) -> float:
        return self.equity(self.away - points, self.opponent_away)

    def lose(self, points: int) -> float:
        return self.equity(self.away, self.opponent_away - points)

    def flipped(self) -> MatchScale:
        return MatchScale(self.opponent_away, self.away, self.post_crawford, self.table)

    def other(self, value: float) -> float:
        return 1.0 - value

    def take_point(self, probs: Probabilities, values: Values, cube: int, limit: int) -> float:
        """The lowest chance at which owning the doubled cube is worth passing's value."""
        doubled = 2 * cube
        won, lost = _averages(probs, values, self, doubled)
        knots = [(0.0, lost)]
        if 2 * doubled <= limit:  # the taker may redouble where the doubler must pass
            theirs = self.flipped().take_point(probs.flipped(), values, doubled, limit)
            knots.append((1.0 - theirs, self.win(doubled)))
        knots.append((1.0, won))
        return _solve(knots, self.lose(cube))


def _clamp(p: float) -> float:
    return min(max(p, 0.0), 1.0)


def _interpolate(p: float, knots: Sequence[tuple[float, float]]) -> float:
    """The broken line through ``knots`` (increasing abscissae) at ``p``."""
    for (x0, y0), (x1, y1) in pairwise(knots):
        if p <= x1:
            return y0 if x1 <= x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return knots[-1][1]


def _solve(knots: Sequence[tuple[float, float]], target: float) -> float:
    """The lowest p where the (rising) broken line through ``knots`` reaches ``target``."""
    if knots[0][1] >= target:
        return knots[0][0]
    for (x0, y0), (x1, y1) in pairwise(knots):
        if y1 >= target:
            return x0 if y1 <= y0 else _clamp(x0 + (target - y0) * (x1 - x0) / (y1 - y0))
    return 1.0


# ----------------------------------------------------------------------------- context


class Owner(Enum):
    CENTRED = "centred"
    ROLLER = "roller"
    OPPONENT = "opponent"


@dataclass(frozen=True)
class CubeContext:
    """Everything about the cube but the chances, from the side of the player on roll."""

    cube: int = 1
    owner: Owner = Owner.CENTRED
    in_use: bool = True
    """Whether either player may still double in this game (False: Crawford, cube off)."""
    values: Values = Values()
    jacoby: bool = False
    """The Jacoby rule is in force now: money play and no double taken yet."""
    scale: Scale = MONEY
    efficiency: float = CUBE_EFFICIENCY
    limit: int = CUBE_LIMIT

    @classmethod
    def for_game(
        cls,
        game: Game,
        roller: int | None = None,
        match: Match | None = None,
        efficiency: float = CUBE_EFFICIENCY,
    ) -> CubeContext:
        """The context of ``game`` for ``roller`` (default the player on turn); in a match
        the score comes from ``match`` (both players at the start when it is missing).

        >>> from nardy.rules.game import Game
        >>> from nardy.variants import BACKGAMMON
        >>> game = Game.new(BACKGAMMON, Settings(match_to=5))
        >>> CubeContext.for_game(game, 0).scale
        MatchScale(away=5, opponent_away=5, post_crawford=False)
        """
        roller = game.turn if roller is None else roller
        assert roller is not None, "the game has not started"
        settings = game.settings
        owner = Owner.CENTRED
        if game.owner is not None:
            owner = Owner.ROLLER if game.owner == roller else Owner.OPPONENT
        scale: Scale = MONEY
        if not game.money:
            target = settings.match_to
            score = match.score if match is not None else (0, 0)
            done = (match is not None and match.crawford_played) or not settings.crawford
            scale = MatchScale(target - score[roller], target - score[1 - roller], done)
        return cls(
            cube=game.cube,
            owner=owner,
            in_use=game.cube_enabled and not game.final_roll,
            values=Values.of(game.variant, settings),
            jacoby=game.money and settings.jacoby and not game.cube_taken,
            scale=scale,
            efficiency=efficiency,
        )

    def flipped(self) -> CubeContext:
        """The same cube seen by the opponent."""
        owner = {Owner.ROLLER: Owner.OPPONENT, Owner.OPPONENT: Owner.ROLLER}.get(
            self.owner, Owner.CENTRED
        )
        return CubeContext(
            self.cube,
            owner,
            self.in_use,
            self.values,
            self.jacoby,
            self.scale.flipped(),
            self.efficiency,
            self.limit,
        )


# ----------------------------------------------------------------------------- values


def cubeful(
    probs: Probabilities,
    context: CubeContext,
    cube: int | None = None,
    owner: Owner | None = None,
    jacoby: bool | None = None,
) -> float:
    """The roller's value with the cube at ``cube`` held by ``owner`` (default: as in
    ``context``): points in money play, a match winning chance in a match.

    >>> round(cubeful(Probabilities(0.75), CubeContext()), 3)
    0.727
    >>> round(cubeful(Probabilities(0.0, 0, 0, 1, 0), CubeContext(cube=4)), 6)
    -8.0
    """
    cube = context.cube if cube is None else cube
    owner = context.owner if owner is None else owner
    jacoby = context.jacoby if jacoby is None else jacoby
    scale = context.scale
    won, lost = _averages(probs, SINGLE_ONLY if jacoby else context.values, scale, cube)
    p = probs.win
    dead = p * won + (1.0 - p) * lost
    if not context.in_use or 2 * cube > context.limit:
        return dead
    knots = [(0.0, lost)]
    if owner is not Owner.ROLLER:  # the opponent may double the roller out
        knots.append(
            (scale.take_point(probs, context.values, cube, context.limit), scale.lose(cube))
        )
    if owner is not Owner.OPPONENT:  # the roller may double the opponent out
        theirs = scale.flipped().take_point(probs.flipped(), context.values, cube, context.limit)
        knots.append((1.0 - theirs, scale.win(cube)))
    knots.append((1.0, won))
    if len(knots) == 4 and knots[1][0] > knots[2][0]:  # crossed: meet half-way
        (tp, y_tp), (cp, y_cp) = knots[1], knots[2]
        knots[1:3] = [((tp + cp) / 2.0, (y_tp + y_cp) / 2.0)]
    live = _interpolate(p, knots)
    return dead + context.efficiency * (live - dead)


@dataclass(frozen=True)
class CubeDecision:
    """The three values for the roller and what follows from them."""

    no_double: float
    double_take: float
    double_pass: float
    double: bool
    """The roller should double (False when it may not)."""
    take: bool
    """The opponent should take a double."""
    too_good: bool
    """The opponent should pass, but the roller gains more by playing on."""

    @property
    def action(self) -> str:
        if self.double:
            return "double"
        return "too good" if self.too_good else "no double"

    def __repr__(self) -> str:
        return f"CubeDecision({self.action}, {'take' if self.take else 'pass'})"


def decide(probs: Probabilities, context: CubeContext) -> CubeDecision:
    """Whether the roller should double and the opponent take (see the module docstring)."""
    cube, scale = context.cube, context.scale
    no_double = cubeful(probs, context)
    double_take = cubeful(probs, context, 2 * cube, Owner.OPPONENT, jacoby=False)
    double_pass = scale.win(cube)
    take = double_take <= double_pass
    may_double = (
        context.in_use
        and context.owner is not Owner.OPPONENT
        and 2 * cube <= context.limit
        and scale.win(2 * cube) > scale.win(cube)  # a bigger cube can win the roller more
    )
    better = min(double_take, double_pass) > no_double
    return CubeDecision(
        no_double,
        double_take,
        double_pass,
        double=may_double and better,
        take=take,
        too_good=may_double and not take and no_double > double_pass,
    )


def outputs_before_roll(evaluator: Evaluator, cells: Cells, ply: int = 0) -> Array:
    """The roller's cubeless outputs before rolling: the network's at 0 ply; at 1 ply the
    average over the 21 rolls of the outputs after the best play of each."""
    if ply <= 0:
        return evaluator.roller_outputs(cells)
    total = np.zeros(OUTPUTS)
    for dice, chance in ROLLS:
        choice = evaluator.best(cells, dice)
        if choice is None:  # no play: the opponent is on roll in the same position
            theirs = evaluator.roller_outputs(evaluator.flip(cells))
            total += chance * flip_outputs(theirs[None, :])[0]
        else:
            total += chance * choice.outputs
    return total
