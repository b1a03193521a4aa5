"""The engine as the analysis sees it: the one module of :mod:`nardy.analysis` that calls
:mod:`nardy.bot`, so a new engine changes this file only.

It answers three questions, each looked at ``ply`` rolls ahead:

* the cubeless chances of the player on roll before rolling (:meth:`Engine.before`), or
  when its roll cannot be played (:meth:`Engine.passed`);
* the ranking of the plays of one roll by the mover's equity *with* the cube
  (:meth:`Engine.rank`): every play is scored at 0 ply, and the best few (always with the
  play being judged) are looked at more deeply, filtered as the bot's own choice is;
* what a result or a set of chances is worth to a player (:class:`Stakes`): money points,
  or a match winning chance through the match equity table, both turned into *normalised*
  equity — points per game at a cube of 1. For a match, a winning chance ``m`` is
  ``(2m − (W + L)) / (W − L)`` where W and L are the chances after winning and losing the
  cube's value now (the "equivalent to money game" unit of GNU Backgammon), so money and
  match errors read alike.

The chances come from the bot's own search (:class:`~nardy.bot.lookahead.search.Search`),
which averages the network's outputs over the rolls at each ply: a match turns them into
winning chances, so the analysis needs them rather than cubeless equities. Its filters (the
bot's) pick which plays are looked at deeper, ranked here by dead-cube equity at the stakes
(:meth:`Stakes.dead`); the analysis only asks that the play being judged goes along.

>>> from nardy.rules.settings import Settings
>>> from nardy.variants import BACKGAMMON
>>> engine = Engine(BACKGAMMON, Settings())
>>> stakes = Stakes.money()
>>> best = engine.rank(BACKGAMMON.start_position().cells, (3, 1), 0, stakes)[0]
>>> sorted(best.steps)
[(6, 5), (8, 5)]

Being the analysis's one door into the bot, it stays in one module: a new engine changes
this file and no other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from nardy.bot.decisions.chances import Probabilities, Values
from nardy.bot.decisions.cube import CubeContext, CubeDecision, Owner, cubeful, decide
from nardy.bot.decisions.scales import MONEY, MatchScale, Scale, kazaross_xg2
from nardy.bot.evaluation.encoding import Array
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.network import flip_outputs
from nardy.bot.evaluation.shipped import shipped_model
from nardy.bot.lookahead.expansion import ROLLS
from nardy.bot.lookahead.search import Filter, Search
from nardy.rules.cells import Cells
from nardy.rules.game import Game
from nardy.rules.match import Match
from nardy.rules.plays import Dice, Step, final_cells
from nardy.rules.settings import Settings
from nardy.rules.variant import Variant

__all__ = [
    "OPENING_ROLLS",
    "ROLLS",
    "Array",
    "Candidate",
    "CubeValues",
    "Engine",
    "Stakes",
    "match_equity",
]

OPENING_ROLLS: tuple[tuple[Dice, float], ...] = tuple(
    ((a, b), 1 / 15) for a in range(1, 7) for b in range(a + 1, 7)
)
"""The rolls an opening roll-off can give the starter (never a double), equally likely."""


# ----------------------------------------------------------------------------- stakes


def match_equity(away: int, opponent_away: int, post_crawford: bool = False) -> float:
    """The chance to win a match from these away scores (the bot's match equity table).

    >>> match_equity(7, 7)
    0.5
    """
    return kazaross_xg2().equity(away, opponent_away, post_crawford)


@dataclass(frozen=True)
class CubeValues:
    """A cube decision for the player on roll, each value in normalised equity."""

    no_double: float
    double_take: float
    double_pass: float
    decision: CubeDecision

    @property
    def double(self) -> float:
        """What doubling is worth: the opponent answers as is best for them."""
        return min(self.double_take, self.double_pass)

    @property
    def best(self) -> float:
        return max(self.no_double, self.double)


@dataclass(frozen=True)
class Stakes:
    """The cube and the score from the side of one player on roll."""

    context: CubeContext

    @classmethod
    def money(cls, cube: int = 1) -> Stakes:
        return cls(CubeContext(cube=cube))

    @classmethod
    def of(cls, game: Game, player: int, match: Match | None = None) -> Stakes:
        """The stakes of ``player`` in ``game`` (the score and Crawford state from
        ``match``), whoever is on turn."""
        return cls(CubeContext.for_game(game, player, match if not game.money else None))

    @classmethod
    def at(
        cls,
        variant: Variant,
        settings: Settings,
        *,
        cube: int = 1,
        owner: str = "centred",
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
    ) -> Stakes:
        """The stakes of the roller of a position outside any game: the cube's value and
        owner (``centred``, ``roller`` or ``opponent``) and, in a match to
        ``settings.match_to``, the score (roller first) and whether this is the Crawford
        game. The cube is in use when ``settings`` say so and it is no Crawford game.

        >>> from nardy.variants import BACKGAMMON
        >>> Stakes.at(BACKGAMMON, Settings(match_to=5), score=(3, 1)).scale
        MatchScale(away=2, opponent_away=4, post_crawford=False)
        """
        scale: Scale = MONEY
        target = settings.match_to
        if target:
            post = not crawford and target - 1 in score
            scale = MatchScale(target - score[0], target - score[1], post or not settings.crawford)
        context = CubeContext(
            cube=cube,
            owner=Owner(owner),
            in_use=settings.cube and not crawford,
            values=Values.of(variant, settings),
            jacoby=not target and settings.jacoby,
            scale=scale,
        )
        return cls(context)

    @property
    def scale(self) -> Scale:
        return self.context.scale

    @property
    def cube(self) -> int:
        return self.context.cube

    @property
    def is_match(self) -> bool:
        return self.context.scale is not MONEY

    def flipped(self) -> Stakes:
        """The same stakes seen by the opponent."""
        return Stakes(self.context.flipped())

    def normalise(self, value: float) -> float:
        """A value on the scale (points, or a winning chance) as normalised equity."""
        won, lost = self.scale.win(self.cube), self.scale.lose(self.cube)
        if not self.is_match:
            return value / self.cube
        if won - lost < 1e-12:
            return 0.0
        return (2.0 * value - (won + lost)) / (won - lost)

    def raw(self, normalised: float) -> float:
        """The inverse of :meth:`normalise`: points at the real cube, or a winning chance."""
        won, lost = self.scale.win(self.cube), self.scale.lose(self.cube)
        if not self.is_match:
            return normalised * self.cube
        return (normalised * (won - lost) + (won + lost)) / 2.0

    def result(self, points: int) -> float:
        """Winning ``points`` (negative: losing them) as normalised equity."""
        value = self.scale.win(points) if points >= 0 else self.scale.lose(-points)
        return self.normalise(value)

    def on_roll(self, outputs: Array) -> float:
        """Normalised equity of the player on roll with these cubeless ``outputs``."""
        return self.normalise(cubeful(Probabilities.of(outputs), self.context))

    def after_play(self, outputs: Array) -> float:
        """Normalised equity of the mover whose play left these ``outputs`` (its own),
        the opponent to roll with the cube as it is."""
        theirs = flip_outputs(np.asarray(outputs, dtype=np.float64)[None, :])[0]
        return -self.flipped().on_roll(theirs)

    def dead(self, outputs: Array) -> Array:
        """Normalised equity of each row of the mover's ``outputs`` if the cube could not
        be turned again (linear in the chances: a quick first ranking)."""
        y = np.asarray(outputs, dtype=np.float64)
        values = self.context.values
        c, scale = self.cube, self.scale
        win = [scale.win(c), scale.win(c * values.gammon), scale.win(c * values.backgammon)]
        lose = [scale.lose(c), scale.lose(c * values.gammon), scale.lose(c * values.backgammon)]
        if self.context.jacoby:
            win, lose = [win[0]] * 3, [lose[0]] * 3
        w, wg, wb, lg, lb = (y[:, i] for i in range(5))
        wg, lg = np.minimum(wg, w), np.minimum(lg, 1.0 - w)
        wb, lb = np.minimum(wb, wg), np.minimum(lb, lg)
        raw = (
            (w - wg) * win[0]
            + (wg - wb) * win[1]
            + wb * win[2]
            + (1.0 - w - lg) * lose[0]
            + (lg - lb) * lose[1]
            + lb * lose[2]
        )
        if not self.is_match:
            return np.asarray(raw / c)
        won, lost = win[0], lose[0]
        spread = max(won - lost, 1e-12)
        return np.asarray((2.0 * raw - (won + lost)) / spread)

    def cube_values(self, outputs: Array) -> CubeValues:
        """The no-double, double/take and double/pass values of the player on roll."""
        decision = decide(Probabilities.of(outputs), self.context)
        return CubeValues(
            self.normalise(decision.no_double),
            self.normalise(decision.double_take),
            self.normalise(decision.double_pass),
            decision,
        )


# ----------------------------------------------------------------------------- engine


@dataclass(frozen=True)
class Candidate:
    """One play of a roll: its final cells and steps, the mover's chances after it, and
    its normalised equity with the cube, judged ``ply`` rolls ahead."""

    cells: Cells
    steps: tuple[Step, ...]
    outputs: Array
    value: float
    ply: int


class Engine:
    """The analysis' view of the bot for one set of rules (see the module docstring)."""

    def __init__(self, variant: Variant, settings: Settings) -> None:
        self.variant = variant
        self.evaluator = Evaluator(variant, shipped_model(variant), settings)
        self.search = Search(self.evaluator)

    @classmethod
    def for_game(cls, game: Game) -> Engine:
        return _engine(game.variant, game.settings)

    def flip(self, cells: Cells) -> Cells:
        return self.evaluator.flip(cells)

    def plays(self, cells: Cells, dice: Dice) -> dict[Cells, tuple[Step, ...]]:
        """The final cells of every legal play of ``dice``, with steps reaching each."""
        return final_cells(self.variant, cells, dice)

    # -- chances

    def before(self, cells: Cells, ply: int) -> Array:
        """The cubeless outputs of the player on roll in ``cells``, before rolling (the
        search's :meth:`~nardy.bot.lookahead.search.Search.on_roll`)."""
        return self.search.on_roll(cells, ply)

    def passed(self, cells: Cells, ply: int) -> Array:
        """The roller's outputs when it cannot play: the opponent rolls in the same position."""
        theirs = self.before(self.flip(cells), ply)
        row: Array = flip_outputs(theirs[None, :])[0]
        return row

    # -- ranking plays

    def rank(
        self,
        cells: Cells,
        dice: Dice,
        ply: int,
        stakes: Stakes,
        include: Iterable[Cells] = (),
        judge: int = 8,
    ) -> list[Candidate]:
        """The plays of ``dice``, best first by the mover's normalised equity with the
        cube (``stakes`` are the mover's). The search scores every play at 0 ply with a dead
        cube and looks at the survivors of its filters deeper, up to ``ply`` (the plays in
        ``include`` always go along). Those looked at ``ply`` deep, and the next best plays
        up to ``judge`` in all, are valued with the cube. Deeper looks come first: the best
        play is the best of those looked at ``ply`` deep."""
        plays = final_cells(self.variant, cells, dice)
        if not plays:
            return []
        finals = list(plays)
        wanted = set(include)
        forced = [i for i, final in enumerate(finals) if final in wanted]
        look = self.search.look(finals, ply, stakes.dead, forced)
        outputs, values = look.outputs, look.values
        alive = look.survivors if ply else np.array(forced, dtype=np.int64)
        others = np.setdiff1d(np.arange(len(finals)), alive)
        if len(others) and len(alive) < judge:
            more = Filter(judge - len(alive), np.inf).apply(values, others)
            alive = np.concatenate([alive, more])
        final = {int(i): stakes.after_play(outputs[i]) for i in alive}
        candidates = [
            Candidate(
                finals[i],
                plays[finals[i]],
                outputs[i],
                final.get(i, float(values[i])),
                int(look.depth[i]),
            )
            for i in range(len(finals))
        ]
        judged = sorted((c for i, c in enumerate(candidates) if i in final), key=_by_value)
        rest = sorted((c for i, c in enumerate(candidates) if i not in final), key=_by_value)
        return judged + rest

    def roll_table(
        self, cells: Cells, ply: int, stakes: Stakes, rolls: Sequence[tuple[Dice, float]] = ROLLS
    ) -> list[tuple[Dice, float, Candidate | None]]:
        """For each roll: its chance and the best play of it at ``ply`` (None: no play).
        At 0 ply every play of every roll is scored in one batch."""
        if ply > 0:
            table: list[tuple[Dice, float, Candidate | None]] = []
            for dice, chance in rolls:
                ranked = self.rank(cells, dice, ply, stakes, judge=2)
                table.append((dice, chance, ranked[0] if ranked else None))
            return table
        per_roll = [final_cells(self.variant, cells, dice) for dice, _ in rolls]
        finals = [final for plays in per_roll for final in plays]
        outputs = self.evaluator.after_outputs(finals) if finals else np.zeros((0, 5))
        values = stakes.dead(outputs)
        table = []
        start = 0
        for (dice, chance), plays in zip(rolls, per_roll, strict=True):
            end = start + len(plays)
            if end == start:
                table.append((dice, chance, None))
                continue
            order = start + np.argsort(-values[start:end], kind="stable")[:2]
            best = max(
                (
                    Candidate(
                        finals[i], plays[finals[i]], outputs[i], stakes.after_play(outputs[i]), 0
                    )
                    for i in order
                ),
                key=lambda c: c.value,
            )
            table.append((dice, chance, best))
            start = end
        return table

    def truncated(
        self, spots: Sequence[tuple[Cells, bool]], games: int, truncate: int, seed: int = 1
    ) -> list[Array]:
        """Cubeless outputs from ``games`` games played ``truncate`` plies deep at 0 ply for
        each spot: the roller's before its roll in the cells (``False``), or the mover's after
        a play leaving them (``True``: the opponent's position rolled out and turned round,
        as a :class:`Candidate`'s). The positions are played together
        (:mod:`nardy.bot.lookahead.lockstep`: dealt first rolls, luck adjustment), and game
        ``i`` of each meets the same dice, so the same cells give the same outputs whatever
        is rolled out beside them."""
        from nardy.bot.lookahead.lockstep import rollout_outputs

        starts = [self.flip(cells) if after else cells for cells, after in spots]
        rows = rollout_outputs(
            self.evaluator, np.array(starts, dtype=np.int64), games, truncate, seed
        )
        return [
            flip_outputs(row[None, :])[0] if after else row
            for row, (_, after) in zip(rows, spots, strict=True)
        ]

    def rollout(self, cells: Cells, dice: Dice | None, games: int, seed: int = 1) -> dict[str, Any]:
        """The roller's cubeless chances and equity from playing the position out
        ``games`` times with the engine on both sides (the bot's rollout, with rotated
        dice and luck adjustment), with their standard errors."""
        from nardy.bot.lookahead.rollout import Options, rollout

        result = rollout(self.evaluator, [(cells, dice)], Options(games=games, seed=seed))[0]
        return {
            "games": result.games,
            "chances": [round(float(x), 4) for x in result.outputs],
            "errors": [round(float(x), 4) for x in result.errors],
            "equity": round(float(result.equity), 4),
            "equity_error": round(float(result.equity_error), 4),
            "cpu_seconds": round(result.cpu_seconds, 2),
        }


def _by_value(candidate: Candidate) -> tuple[int, float]:
    """Deeper looks first (as analysis programs list them), then by value."""
    return (-candidate.ply, -candidate.value)


@cache
def _engine(variant: Variant, settings: Settings) -> Engine:
    return Engine(variant, settings)
