"""The facts a variant states as data agree with its rules: kinds of win and their values
(B7, D7, LN8), resignation values (B9), the record's kinds."""

from __future__ import annotations

import random
from typing import get_args

import pytest

from nardy.rules.game import ActionType, ResultKind
from nardy.rules.plays import final_cells
from nardy.rules.settings import Settings
from nardy.rules.variant import Variant, WinKind
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, VARIANTS

SETTINGS = [
    (BACKGAMMON, {"backgammon_value": 2}),
    (LONG_NARDY, {"scoring": "oin"}),
    *[(variant, {}) for variant in VARIANTS.values()],
]


def finished(variant: Variant, seed: int) -> list[tuple[int, ...]]:
    """Final cells of random games, each seen from its winner."""
    rng = random.Random(seed)
    ends = []
    for _ in range(30):
        cells = variant.start_position().cells
        while True:
            finals = list(final_cells(variant, cells, (rng.randint(1, 6), rng.randint(1, 6))))
            after = rng.choice(finals) if finals else cells
            if after[0] == 15:
                ends.append(after)
                break
            cells = variant.flip(after)
    return ends


def test_the_kinds_of_win_are_kinds_of_result() -> None:
    assert set(get_args(WinKind)) < set(get_args(ResultKind))
    assert {"play", "roll", "opening"} < set(get_args(ActionType))


@pytest.mark.parametrize(("variant", "values"), SETTINGS, ids=lambda x: str(x))
def test_every_win_is_one_of_the_stated_kinds(variant: Variant, values: dict[str, str]) -> None:
    settings = Settings.for_variant(variant, values)
    stated = variant.result_values(settings)
    assert all(kind in get_args(WinKind) for kind, _ in stated)
    points = [value for _, value in stated]
    assert points == sorted(points) and points[0] == 1
    seen = {variant.win(cells, settings) for cells in finished(variant, 3)}
    assert seen <= set(stated) and stated[0] in seen


@pytest.mark.parametrize(
    ("variant", "values"),
    [(BACKGAMMON, {}), (BACKGAMMON, {"backgammon_value": 2}), (DUTCH, {})],
    ids=lambda x: str(x),
)
def test_B9_a_resignation_gives_away_the_kind_of_win_at_its_level(
    variant: Variant, values: dict[str, int]
) -> None:
    settings = Settings.for_variant(variant, values)
    stated = variant.result_values(settings)
    assert [variant.resign_value(level, settings) for level in variant.resign_levels] == [
        points for _, points in stated[: len(variant.resign_levels)]
    ]
