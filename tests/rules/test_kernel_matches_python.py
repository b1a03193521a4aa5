"""The compiled move generator gives the plays of the pure-Python reference, for every variant.

For positions from seeded random play and from random checker placement, and all 21 rolls:
the kernel's final positions are the Python generator's, and each of the kernel's step
sequences replays legally, die by die, through the variant's own ``steps`` to its position.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest

from nardy.rules import kernel
from nardy.rules.cells import BAR, CHECKERS, OFF, OPP_BAR, OPP_OFF, OPP_RESERVE, RESERVE, Cells
from nardy.rules.plays import final_cells, legal_plays, python_final_cells
from nardy.rules.position import Position
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, Dutch

pytestmark = pytest.mark.skipif(
    kernel.MODULE is None, reason="the compiled kernel is not built or is switched off"
)

VARIANTS = {
    "backgammon": BACKGAMMON,
    "nackgammon": NACKGAMMON,
    "dutch": DUTCH,
    "dutch-enter-all-first": Dutch(enter_all_first=True),
    "long-nardy": LONG_NARDY,
}
ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
PLAYED = 60
"""Positions from random play per variant."""
PLACED = 40
"""Positions from random placement per variant."""


def played_positions(variant: Variant, count: int, seed: int) -> Iterator[Cells]:
    """Positions met in seeded random games, walked with the Python generator."""
    rng = random.Random(seed)
    position = variant.start_position()
    for _ in range(count):
        yield position.cells
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        finals = list(python_final_cells(variant, position.cells, dice))
        if finals:
            position = Position(variant, rng.choice(finals))
        position = variant.start_position() if position.is_over() else position.flipped()


def placed_positions(variant: Variant, count: int, seed: int) -> Iterator[Cells]:
    """Random placements: crowded boards with primes, blots, bars and reserves."""
    rng = random.Random(seed)
    bar = variant.kernel_rules() is not None and variant.kernel_rules().bar  # type: ignore[union-attr]
    reserve = isinstance(variant, Dutch)
    made = 0
    while made < count:
        cells = [0] * 30
        for side, sign in ((0, 1), (1, -1)):
            places = ["point"] * 12 + ["off"] + ["bar"] * bar + ["reserve"] * reserve
            for _ in range(CHECKERS):
                where = rng.choice(places)
                if where == "point":
                    point = rng.randint(1, 24) if side == 0 or rng.random() < 0.5 else 0
                    if point == 0 or cells[point] * sign < 0:
                        point = next(
                            (p for p in rng.sample(range(1, 25), 24) if cells[p] * sign >= 0), 0
                        )
                    if point:
                        cells[point] += sign
                        continue
                    where = "off"
                own = {"off": OFF, "bar": BAR, "reserve": RESERVE}[where]
                theirs = {"off": OPP_OFF, "bar": OPP_BAR, "reserve": OPP_RESERVE}[where]
                cells[theirs if side else own] += 1
        if cells[OPP_OFF] == CHECKERS or cells[OFF] == CHECKERS:
            continue
        if not any(n < 0 for n in cells[1:25]) and not cells[OPP_OFF]:
            continue  # long nardy's six-prime rule needs an opponent checker somewhere
        made += 1
        yield tuple(cells)


def prime_positions(count: int, seed: int) -> Iterator[Cells]:
    """Long nardy positions one step from a six-prime (LN4), with every opponent checker
    behind it or with one ahead, and blots in the block that a step may leave."""
    from nardy.variants.long_nardy import POINT_AT

    rng = random.Random(seed)
    for _ in range(count):
        cells = [0] * 30
        low = rng.randint(2, 18)
        block = [POINT_AT[q] for q in range(low, low + 5) if q <= 24]
        left = CHECKERS
        for point in block:
            cells[point] = rng.choice((1, 1, 2))
            left -= cells[point]
        while left:
            point = rng.randint(1, 24)
            if point not in block or rng.random() < 0.3:
                cells[point] += 1
                left -= 1
        behind = [POINT_AT[q] for q in range(1, low) if cells[POINT_AT[q]] == 0]
        ahead = rng.random() < 0.3
        for _ in range(CHECKERS):
            free = [p for p in range(1, 25) if cells[p] <= 0] if ahead else behind
            if free:
                cells[rng.choice(free)] -= 1
            else:
                cells[OPP_OFF] += 1
        if cells[OPP_OFF] < CHECKERS:
            yield tuple(cells)


def replay(variant: Variant, start: Cells, dice: tuple[int, int], steps: tuple) -> Cells:
    """Play ``steps`` through ``variant.steps``; fail unless each is a legal single step."""
    turn = variant.turn(start, dice)
    left = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    cells = start
    for source, target in steps:
        for die in sorted(set(left)):
            after = next(
                (a for s, t, a in variant.steps(cells, die, turn) if (s, t) == (source, target)),
                None,
            )
            if after is not None:
                left.remove(die)
                cells = after
                break
        else:
            pytest.fail(f"step {source}/{target} is not legal in {cells} with dice left {left}")
    return cells


@pytest.mark.parametrize("name", list(VARIANTS))
def test_kernel_final_cells_match_python(name: str) -> None:
    variant = VARIANTS[name]
    compiled = kernel.compiled(variant)
    assert compiled is not None
    seed = sum(map(ord, name))
    starts = [
        *played_positions(variant, PLAYED, seed),
        *placed_positions(variant, PLACED, seed),
    ]
    if variant is LONG_NARDY:
        starts += prime_positions(PLACED, seed)
    for start in starts:
        if variant is not LONG_NARDY:
            assert not start[OPP_RESERVE] or isinstance(variant, Dutch)
        for dice in ROLLS:
            fast = compiled.final_cells(start, dice)
            assert fast is not None
            slow = python_final_cells(variant, start, dice)
            assert set(fast) == set(slow), (start, dice)
            for final, steps in fast.items():
                assert len(steps) == len(slow[final])
                assert replay(variant, start, dice, steps) == final, (start, dice, steps)


def test_bar_checker_is_hit_to_opponent_bar() -> None:
    """A hit in the kernel puts the blot on the opponent's bar (B2)."""
    cells = [0] * 30
    cells[24], cells[23], cells[OPP_OFF] = 15, -1, 14
    fast = kernel.compiled(BACKGAMMON).final_cells(tuple(cells), (1, 1))  # type: ignore[union-attr]
    assert fast is not None
    assert all(final[OPP_BAR] == 1 for final in fast)


def test_long_nardy_first_turn_exceptions() -> None:
    """LN3: two checkers leave a full head with 6-6, but only one with 4-4 after 5-5."""
    start = LONG_NARDY.start_position()
    assert [p.position.cells[24] for p in legal_plays(start, (6, 6))] == [13]
    cells = list(start.cells)
    cells[12], cells[16] = -14, -1  # the opponent opened 5-5: one checker 20 pips on
    answered = tuple(cells)
    for dice in ((4, 4), (3, 3)):
        assert final_cells(LONG_NARDY, answered, dice) == python_final_cells(
            LONG_NARDY, answered, dice
        )
    assert {c[24] for c in final_cells(LONG_NARDY, answered, (4, 4))} == {14}
    assert {c[24] for c in final_cells(LONG_NARDY, answered, (3, 3))} == {13}


def test_kernel_plays_equal_python_plays() -> None:
    """``legal_plays`` from the kernel equals the pure-Python list, order and steps included."""
    for variant in VARIANTS.values():
        for start in played_positions(variant, 30, 5):
            position = Position(variant, start)
            for dice in ROLLS:
                plays = legal_plays(position, dice)
                reference = python_final_cells(variant, start, dice)
                assert [(p.position.cells, p.steps) for p in plays] == list(reference.items())
                assert all(p.position.variant is variant for p in plays)


def test_unusual_arguments_fall_back_to_python() -> None:
    """Dice as a list, or ints of another type, still work through the Python path."""
    start = BACKGAMMON.start_position()
    assert legal_plays(start, [3, 1]) == legal_plays(start, (3, 1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="dice must be two numbers"):
        legal_plays(start, (True, 1))


def test_pure_python_switch() -> None:
    """NARDY_PURE_PYTHON=1 turns the kernel off."""
    env = {**os.environ, "NARDY_PURE_PYTHON": "1"}
    code = "from nardy.rules import kernel; print(kernel.MODULE is None)"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "True"
