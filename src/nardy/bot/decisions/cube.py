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
(:class:`~nardy.bot.decisions.scales.MatchEquityTable`, the Kazaross XG2 table published
with GNU Backgammon, shipped as package data) gives the chance to win the match from any
pair of away scores. Each result of the game becomes a match winning chance (MWC): winning n
points at a − n away, losing n at the opponent's b − n away, with the post-Crawford table
once the Crawford game has been played. W and L become the average MWC after a win and after
a loss at the cube's value, the dead value is p·W + (1 − p)·L, and the live line passes
through (0, L), (TP, MWC after losing the cube's value), (CP, MWC after winning it) and
(1, W). Take points cannot be written in closed form at a match score, so they come from the
same broken line one cube level higher: the player who takes owns the doubled cube, and
takes when its live value at the doubled cube is at least what passing leaves it. Its cash
point there is one minus the other side's take point at the next level, and so on until the
cube limit (or a level where a cube can no longer change anything). With a linear table this
recursion converges to Janowski's formulas above, and at a dead cube it gives the usual
risk/(risk + gain) take point read off the table.

The chances and the gammon values are in :mod:`nardy.bot.decisions.chances`, the money
and match scales and the match equity table in :mod:`nardy.bot.decisions.scales`; this
module holds the cube's state (:class:`CubeContext`), the cubeful value and the decision.

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

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from nardy.bot.decisions.chances import SINGLE_ONLY, Probabilities, Values
from nardy.bot.decisions.scales import MONEY, MatchScale, Scale, averages, interpolate
from nardy.rules.settings import CUBE_LIMIT

if TYPE_CHECKING:
    from nardy.rules.game import Game
    from nardy.rules.match import Match

CUBE_EFFICIENCY = 0.68
"""How live the cube is (Janowski's x): 0 a dead cube, 1 a perfectly live one."""


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
        >>> from nardy.rules.settings import Settings
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
    won, lost = averages(probs, SINGLE_ONLY if jacoby else context.values, scale, cube)
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
    live = interpolate(p, knots)
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
