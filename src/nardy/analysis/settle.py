"""The close decisions of a review settled by truncated rollouts, within a CPU budget.

The review (:mod:`nardy.analysis.review`) judges every decision at its ply. A decision is
*close* when its two best choices are less than :data:`CLOSE` apart there (and not
:data:`ALIKE`): a checker play whose best two plays are, or a cube decision (double or
not, take or drop) whose two alternatives are. Each close decision becomes a
:class:`Question`, and :func:`settle` answers the closest first, as long as the budget of
CPU seconds lasts:

* a checker play rolls out the position each of its best two plays leaves, and the one
  played if it is another (the opponent on roll, no dice), and values each with the cube
  as the ranking does (:meth:`~nardy.analysis.engine.Stakes.after_play`);
* a cube decision rolls out the position before the roll and values its choices with the
  engine's cube model (:meth:`~nardy.analysis.engine.Stakes.cube_values`); the answer to a
  double shares the doubler's rollout.

The positions of a question are rolled out together, and game ``i`` of every position
meets the same dice (:meth:`~nardy.analysis.engine.Engine.truncated`): a position's
outputs do not depend on what is rolled out beside it, so the same decisions settled give
the same values whatever the budget, and two candidate plays are compared on the same
dice. A settled
decision's error, mark and best choice come from the rollout values, and it says how it was
settled (``"rollout": {"games": …, "truncate": …}``).

The budget is checked before each question against what the questions so far cost per
position rolled out; the first question is always settled, so a small budget may be
overrun by one question.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from nardy.analysis import choices
from nardy.analysis.choices import Answers
from nardy.analysis.decision import Decision
from nardy.analysis.engine import Array, Candidate, CubeValues, Engine, Stakes
from nardy.formats.notation import format_play
from nardy.rules.cells import Cells
from nardy.rules.position import Position

CLOSE = 0.08
"""Decisions whose best two choices are less than this apart (normalised equity) are close."""
ALIKE = 1e-5
"""Choices the engine values this close in every output are alike (most often exact
bear-off values, or a cube without value): no rollout tells them apart."""
GAMES = 108
"""Games per position rolled out: three times the 36 rotated first rolls."""
TRUNCATE = 7
"""Plies each game is played before the evaluator's estimate is taken."""

Rolled = tuple[Engine, Cells, bool]
"""A position to roll out: the engine of its rules, its cells, and whether they are what a
play leaves (the opponent on roll) rather than a roller's before the roll."""
Progress = Callable[[], None]
"""Told after each decision settled (a server's review keeps its lease with it)."""


@dataclass(frozen=True)
class Spot:
    """Where a cube decision is made: the roller's engine, stakes and position."""

    engine: Engine
    stakes: Stakes
    cells: Cells


@dataclass(frozen=True)
class Question:
    """A close decision: where it is (game and decision number), how close its best two
    choices are, the positions to roll out, and its judgement from their outputs."""

    game: int
    index: int
    gap: float
    rolled: tuple[Rolled, ...]
    judge: Callable[[list[Array]], Decision]


def play_question(
    at: tuple[int, int],
    decision: Decision,
    engine: Engine,
    stakes: Stakes,
    ranked: Sequence[Candidate],
    chosen: Cells,
    position: Position,
) -> Question | None:
    """The question of a checker play whose best two plays (of ``ranked``, best first,
    ``stakes`` the mover's) are close; None if they are not."""
    if len(ranked) < 2 or ranked[0].value - ranked[1].value >= CLOSE:
        return None
    if np.allclose(ranked[0].outputs, ranked[1].outputs, rtol=0.0, atol=ALIKE):
        return None
    mine = next(c for c in ranked if c.cells == chosen)
    rolled = list({c.cells: c for c in (ranked[0], ranked[1], mine)}.values())
    plays = {c.cells: format_play(position, c.steps) for c in rolled}

    def judge(outputs: list[Array]) -> Decision:
        values = {c.cells: stakes.after_play(out) for c, out in zip(rolled, outputs, strict=True)}
        chances = {c.cells: out for c, out in zip(rolled, outputs, strict=True)}
        best = max(rolled, key=lambda c: values[c.cells])
        return replace(
            decision,
            error=max(values[best.cells] - values[chosen], 0.0),
            best=plays[best.cells],
            equity=values[chosen],
            best_equity=values[best.cells],
            candidates=_candidates(decision, plays, values, chances),
            rollout=_how(),
        )

    gap = ranked[0].value - ranked[1].value
    return Question(*at, gap, tuple((engine, c.cells, True) for c in rolled), judge)


def cube_question(
    at: tuple[int, int], decision: Decision, spot: Spot, values: CubeValues
) -> Question | None:
    """The question of a close double (``decision.kind == "double"``, no double against
    double) or a close answer to one (take against drop); None if it is not close."""
    doubling = decision.kind == "double"
    gap = abs(
        values.no_double - values.double if doubling else values.double_take - values.double_pass
    )
    if not ALIKE <= gap < CLOSE:
        return None

    def judge(outputs: list[Array]) -> Decision:
        settled = spot.stakes.cube_values(outputs[0])
        if doubling:
            yes, no = settled.double, settled.no_double
            answers, names = Answers(yes, no), ("double", "no double")
            cube = choices.cube_json(settled, outputs[0])
        else:
            answers, names = choices.take(settled), ("take", "drop")
            cube = choices.cube_json(settled)
        chosen = answers.yes if decision.played == names[0] else answers.no
        return replace(
            decision,
            error=max(answers.best - chosen, 0.0),
            best=names[0] if answers.yes > answers.no or _takes(doubling, answers) else names[1],
            equity=chosen,
            best_equity=answers.best,
            cube=cube,
            rollout=_how(),
        )

    return Question(*at, gap, ((spot.engine, spot.cells, False),), judge)


def settle(
    decisions: Sequence[list[Decision]],
    questions: Sequence[Question],
    seconds: float,
    progress: Progress | None = None,
) -> int:
    """Settle the closest ``questions`` first within ``seconds`` of CPU time, replacing
    their decisions in ``decisions`` (a list per game); the number settled."""
    began = time.process_time()
    outputs: dict[tuple[int, Cells, bool], Array] = {}
    """Each position's rollout, by :func:`_key`: rolled out once however many ask."""
    settled = 0
    for question in sorted(questions, key=lambda q: (q.gap, q.game, q.index)):
        spent = time.process_time() - began
        new = [spot for spot in question.rolled if _key(spot) not in outputs]
        each = spent / len(outputs) if outputs else 0.0
        if seconds <= 0 or (settled and spent + each * len(new) > seconds):
            break
        for engine in {id(e): e for e, _, _ in new}.values():
            spots = [(cells, after) for e, cells, after in new if e is engine]
            for spot, out in zip(spots, engine.truncated(spots, GAMES, TRUNCATE), strict=True):
                outputs[_key((engine, *spot))] = out
        found = [outputs[_key(spot)] for spot in question.rolled]
        decisions[question.game][question.index] = question.judge(found)
        settled += 1
        if progress is not None:
            progress()
    return settled


def _key(rolled: Rolled) -> tuple[int, Cells, bool]:
    """A rolled-out position's key: its engine (one per set of rules), cells and side."""
    engine, cells, after = rolled
    return id(engine), cells, after


def _takes(doubling: bool, answers: Answers) -> bool:
    """A tie is no double, and a take (as the review judges them)."""
    return not doubling and answers.yes == answers.no


def _how() -> dict[str, int]:
    return {"games": GAMES, "truncate": TRUNCATE}


def _candidates(
    decision: Decision,
    plays: dict[Cells, str],
    values: dict[Cells, float],
    chances: dict[Cells, Array],
) -> tuple[dict[str, Any], ...]:
    """The shown plays with the rolled-out ones valued by their rollouts and listed first,
    best first; every difference against the best rolled-out play."""
    by_play = {plays[cells]: cells for cells in plays}
    rolled, rest = [], []
    for shown in decision.candidates:
        cells = by_play.get(shown["play"])
        if cells is None:
            rest.append(dict(shown))
            continue
        chance = [round(float(x), 4) for x in chances[cells]]
        rolled.append(
            {**shown, "equity": round(values[cells], 4), "chances": chance, "rollout": _how()}
        )
    rolled.sort(key=lambda c: -c["equity"])
    best = rolled[0]["equity"]
    return tuple({**c, "difference": round(c["equity"] - best, 4)} for c in rolled + rest)
