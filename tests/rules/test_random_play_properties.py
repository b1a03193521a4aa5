"""Random play in every variant, checked against the rules and an independent reference.

Hypothesis draws a seed; a game is played from the start with random dice and random legal
plays, the board turned round after each play. At every turn the engine's plays are checked:
checker totals, closed points, re-walked steps, the maximum-dice rule (C3), and the set of
final positions against a naive reference generator written here from RULES.md alone. Each
suite runs under both generators, the compiled kernel and pure Python.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from engines import ENGINES, running
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy.rules import Position, legal_plays
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, Dutch

VARIANTS = [BACKGAMMON, LONG_NARDY, DUTCH, Dutch(enter_all_first=True), NACKGAMMON]

# Indices of the 30-cell layout (INTERFACES: board[i] is point i + 1).
OFF, BAR, RESERVE, OPP_OFF, OPP_BAR, OPP_RESERVE = 0, 25, 26, 27, 28, 29

Cells = tuple[int, ...]
Step = tuple[int, int]


# -- the reference: single steps written straight from RULES.md ---------------------------


def path_index(point: int) -> int:
    """The opponent's path index of the roller's point (long nardy coordinates)."""
    return 13 - point if point <= 12 else 37 - point


def head_limit(cells: Cells, dice: tuple[int, int]) -> int:
    """LN3: checkers that may leave the head (point 24) this turn."""
    a, b = dice
    if cells[24] != 15 or a != b or a not in (3, 4, 6):
        return 1
    five_five_opening = cells[12] == -14 and any(
        cells[p] == -1 and path_index(p) == 21 for p in range(1, 25)
    )
    return 1 if a == 4 and five_five_opening else 2


def forbidden_prime(cells: Cells) -> bool:
    """LN4: six consecutive opponent-path indices held with no opponent checker beyond."""
    if cells[OPP_OFF] > 0:
        return False
    held = {path_index(p) for p in range(1, 25) if cells[p] > 0}
    opponent = [path_index(p) for p in range(1, 25) if cells[p] < 0]
    for low in range(1, 20):
        if all(q in held for q in range(low, low + 6)) and not any(q > low + 5 for q in opponent):
            return True
    return False


def lands(cells: Cells, variant: Variant, target: int) -> bool:
    """May a roller's checker land on ``target`` (B2, LN2, D4)?"""
    n = cells[target]
    if variant.name == "long-nardy":
        return n >= 0
    if variant.name == "dutch" and n < 0:
        return n == -1 and any(cells[p] > 0 for p in range(1, 7))
    return n >= -1


def apply(cells: Cells, source: int, target: int) -> Cells:
    out = list(cells)
    out[source] -= 1
    if target == OFF:
        out[OFF] += 1
    elif out[target] == -1:
        out[target] = 1
        out[OPP_BAR] += 1
    else:
        out[target] += 1
    return tuple(out)


def reference_steps(
    variant: Variant, cells: Cells, die: int, head: tuple[int, int]
) -> Iterator[tuple[int, int, Cells]]:
    """Every legal single step; ``head`` is (checkers on the head at turn start, limit)."""
    if variant.name == "long-nardy":
        sources = [p for p in range(1, 25) if cells[p] > 0]
        if head[0] - cells[24] >= head[1]:
            sources = [p for p in sources if p != 24]
    elif cells[BAR] > 0:
        sources = [BAR]
    elif variant.name == "dutch" and cells[RESERVE] > 0:
        sources = [RESERVE]
        if not getattr(variant, "enter_all_first", False):
            sources += [p for p in range(1, 25) if cells[p] > 0]
    else:
        sources = [p for p in range(1, 25) if cells[p] > 0]
    home = cells[BAR] == 0 and cells[RESERVE] == 0 and all(cells[p] <= 0 for p in range(7, 25))
    for source in sources:
        target = 25 - die if source in (BAR, RESERVE) else source - die
        if target >= 1:
            if not lands(cells, variant, target):
                continue
            after = apply(cells, source, target)
            if variant.name == "long-nardy" and forbidden_prime(after):
                continue
            yield source, target, after
        elif home and (
            source == die or (source < die and all(cells[p] <= 0 for p in range(source + 1, 7)))
        ):
            yield source, OFF, apply(cells, source, OFF)


def reference_finals(variant: Variant, cells: Cells, dice: tuple[int, int]) -> set[Cells]:
    """Final cells of every legal play: all step sequences in both orders, then C3."""
    head = (cells[24], head_limit(cells, dice))
    orders = [[dice[0]] * 4] if dice[0] == dice[1] else [list(dice), list(dice[::-1])]
    ends: list[tuple[int, int, Cells]] = []  # (steps used, first die, final cells)

    def walk(current: Cells, rest: list[int], used: int, first: int) -> None:
        moved = False
        if rest:
            for _, _, after in reference_steps(variant, current, rest[0], head):
                moved = True
                walk(after, rest[1:], used + 1, first or rest[0])
        if not moved:
            ends.append((used, first, current))

    for order in orders:
        walk(cells, order, 0, 0)
    most = max(used for used, _, _ in ends)
    if most == 0:
        return set()
    best = [(first, final) for used, first, final in ends if used == most]
    if most == 1 and dice[0] != dice[1]:
        larger = max(dice)
        if any(first == larger for first, _ in best):
            best = [(first, final) for first, final in best if first == larger]
    return {final for _, final in best}


# -- the checks -------------------------------------------------------------------------


def rewalk(
    variant: Variant,
    turn: object,
    head: tuple[int, int],
    current: Cells,
    steps: tuple[Step, ...],
    dice_left: list[int],
) -> Cells | None:
    """Replay ``steps`` one die at a time, each among the legal single steps of the engine
    (which must equal the reference's); the final cells, or None when no die order fits."""
    if not steps:
        return current
    source, target = steps[0]
    for die in sorted(set(dice_left)):
        engine = {(s, t): a for s, t, a in variant.steps(current, die, turn)}
        reference = {(s, t): a for s, t, a in reference_steps(variant, current, die, head)}
        assert engine == reference, (current, die)
        if (source, target) not in engine:
            continue
        if target != OFF:
            assert lands(current, variant, target), (steps, current)
        rest = list(dice_left)
        rest.remove(die)
        final = rewalk(variant, turn, head, engine[(source, target)], steps[1:], rest)
        if final is not None:
            return final
    return None


def check_turn(position: Position, dice: tuple[int, int], brute: bool) -> None:
    variant = position.variant
    cells = position.cells
    plays = legal_plays(position, dice)
    finals = [play.position for play in plays]
    assert len(set(finals)) == len(finals)  # C5
    assert len({len(play.steps) for play in plays}) <= 1  # C3: none uses fewer dice
    turn = variant.turn(cells, dice)
    head = (cells[24], head_limit(cells, dice))
    dice_left = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    for play in plays:
        play.position.validate()  # 15 checkers a side, and the variant's own checks
        assert play.steps
        assert rewalk(variant, turn, head, cells, play.steps, dice_left) == play.position.cells
    if brute or not plays:
        assert {p.cells for p in finals} == reference_finals(variant, cells, dice)


def play_game(variant: Variant, seed: int, turns: int, brute_every: int) -> None:
    rng = random.Random(seed)
    position = variant.start_position()
    for turn in range(turns):
        assert position.flipped().flipped() == position
        position.validate()
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        check_turn(position, dice, brute=turn % brute_every == 0)
        plays = legal_plays(position, dice)
        if plays:
            position = rng.choice(plays).position
        if position.is_over():
            return
        position = position.flipped()


SETTINGS = settings(
    max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@pytest.mark.parametrize("engine", ENGINES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_backgammon(seed: int, engine: str) -> None:
    with running(engine):
        play_game(BACKGAMMON, seed, 400, 2)


@pytest.mark.parametrize("engine", ENGINES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_nackgammon(seed: int, engine: str) -> None:
    with running(engine):
        play_game(NACKGAMMON, seed, 400, 2)


@pytest.mark.parametrize("engine", ENGINES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_long_nardy(seed: int, engine: str) -> None:
    with running(engine):
        play_game(LONG_NARDY, seed, 400, 2)


@pytest.mark.parametrize("engine", ENGINES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_dutch(seed: int, engine: str) -> None:
    with running(engine):
        play_game(DUTCH, seed, 400, 2)


@pytest.mark.parametrize("engine", ENGINES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_dutch_enter_all_first(seed: int, engine: str) -> None:
    with running(engine):
        play_game(Dutch(enter_all_first=True), seed, 400, 2)
