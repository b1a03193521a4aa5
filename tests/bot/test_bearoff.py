"""The bear-off databases: hand-counted cases, agreement with nardy's own legal plays and
with GNU Backgammon's databases, and the outputs the evaluator reads (RULES.md C6)."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from nardy.bot.evaluation.bearoff import FULL, TWO_SIDED_CHECKERS, BearOff, tables
from nardy.bot.evaluation.bearoff.index import (
    COUNT,
    MISSING,
    ROLLS,
    WAYS,
    checkers,
    index,
    positions,
    positions_up_to,
)
from nardy.bot.evaluation.bearoff.one_sided import solve as solve_one_sided
from nardy.bot.evaluation.bearoff.two_sided import finals, solve
from nardy.rules.cells import OFF, OPP_OFF, Cells
from nardy.rules.plays import final_cells
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, VARIANTS

DICE = list(product(range(1, 7), repeat=2))


def number(*counts: int) -> int:
    """The position number of checkers on points 1, 2, … (the rest of the six empty)."""
    row = list(counts) + [0] * (6 - len(counts))
    return int(index(np.array([row]))[0])


def cells_of(variant: Variant, own: np.ndarray, theirs: np.ndarray) -> Cells:
    """Cells with ``own`` on the roller's points 1..6 and ``theirs`` on the opponent's."""
    cells = [0] * 30
    for point in range(1, 7):
        cells[point] = int(own[point - 1])
        if theirs[point - 1]:
            cells[variant.mirror(point)] = -int(theirs[point - 1])
    cells[OFF], cells[OPP_OFF] = 15 - int(own.sum()), 15 - int(theirs.sum())
    return tuple(cells)


def gnubg_side(i: int) -> list[int]:
    """One side of a gnubg board: position i on points 1..6, nothing else."""
    return [int(c) for c in positions()[i]] + [0] * 19


def home_index(variant: Variant, cells: Cells) -> int:
    """The roller's one-sided position number in ``cells``."""
    return number(*(max(cells[p], 0) for p in range(1, 7)))


@pytest.fixture(scope="module")
def one_sided():
    return solve_one_sided()


# -- the numbering


def test_numbers_every_position_once_and_small_ones_first():
    table = positions()
    assert len(table) == COUNT == 54264
    assert (index(table) == np.arange(COUNT)).all()
    for most in range(16):
        assert (checkers()[: positions_up_to(most)] <= most).all()
        assert (checkers()[positions_up_to(most) :] > most).all()
    assert positions_up_to(14) == FULL and (checkers()[FULL:] == 15).all()


def test_numbers_as_gnu_backgammon_does():
    gnubg = pytest.importorskip("gnubg_nn")
    for i in list(range(1, 3000)) + list(range(COUNT - 2000, COUNT)):
        assert list(gnubg.bearoff_id_2_pos(i)) == positions()[i].tolist()


# -- one-sided, counted by hand


def test_C6_one_checker_on_the_1_point_needs_one_roll(one_sided):
    assert one_sided.rolls[number(1)].tolist() == [0.0, 1.0] + [0.0] * 30


def test_C6_two_checkers_on_the_1_point_need_one_roll(one_sided):
    assert one_sided.rolls[number(2)][1] == 1.0


def test_C6_one_checker_on_the_6_point(one_sided):
    # off at once with a 6, with a double of 2 or more (four steps), or with two dice
    # that add up to 6 or more; the other nine rolls leave it on 1..5
    hits = [a == 6 or b == 6 or (a == b and 4 * a >= 6) or a + b >= 6 for a, b in DICE]
    assert sum(hits) == 27
    rolls = one_sided.rolls[number(0, 0, 0, 0, 0, 1)]
    assert rolls[1] == pytest.approx(27 / 36, abs=1e-15)
    assert rolls[2] == pytest.approx(9 / 36, abs=1e-15)  # from 1..5 any roll bears off


def test_C6_two_checkers_on_the_6_point(one_sided):
    # both off in one roll only with the doubles 3-3 to 6-6 (each die alone bears off one)
    rolls = one_sided.rolls[number(0, 0, 0, 0, 0, 2)]
    assert rolls[1] == pytest.approx(4 / 36, abs=1e-15)


def test_C6_fifteen_on_the_6_point_need_four_rolls_of_6_6_at_best(one_sided):
    rolls = one_sided.rolls[number(0, 0, 0, 0, 0, 15)]
    assert rolls[:4].sum() == 0.0
    assert rolls[4] == pytest.approx(36.0**-4, rel=1e-12)
    assert rolls.sum() == pytest.approx(1.0, abs=1e-12)


def test_C6_first_checker_off_from_fifteen_on_the_6_point(one_sided):
    # the 14 others stay on the 6-point, so a lower checker goes off only with the exact
    # die: a 6 (11 rolls), 1-5 or 2-4 (4), 3-3 or 2-2 (2)
    first = one_sided.first[number(0, 0, 0, 0, 0, 15)]
    assert first[1] == pytest.approx(17 / 36, abs=1e-15)
    assert one_sided.first[number(1)][0] == 1.0  # fewer than 15: a checker is off already


def test_every_distribution_adds_up_to_one_and_needs_at_most_30_rolls(one_sided):
    for table in (one_sided.rolls, one_sided.first[FULL:]):
        assert np.allclose(table.sum(axis=1), 1.0, atol=1e-12)
        assert (table[:, 31:] == 0.0).all()


# -- one-sided, against play


def one_sided_bellman(one_sided, variant: Variant, sample: np.ndarray) -> None:
    """E[x] = 1 + the average over the rolls of the least E of a legal play's final, with
    nardy's own legal-play generator; where each roll's best final is clear, the whole
    distribution is those finals' shifted by one roll."""
    mean = one_sided.mean()
    opponent = np.array([0, 0, 0, 0, 0, 15])
    for x in sample:
        start = cells_of(variant, positions()[x], opponent)
        total, shifted, clear = 0.0, np.zeros(32), True
        for dice, ways in zip(ROLLS, WAYS, strict=True):
            ends = sorted({home_index(variant, f) for f in final_cells(variant, start, dice)})
            values = mean[ends]
            best = int(np.argmin(values))
            clear &= bool((np.delete(values, best) > values[best] + 1e-9).all())
            total += ways * values[best]
            shifted[1:] += ways * one_sided.rolls[ends[best], :-1]
        assert mean[x] == pytest.approx(1 + total / 36, abs=1e-12)
        if clear:
            assert np.allclose(one_sided.rolls[x], shifted / 36, atol=1e-12)


def test_C6_one_sided_means_follow_the_best_legal_plays(one_sided):
    rng = np.random.default_rng(7)
    sample = np.concatenate([np.arange(1, 300), rng.integers(300, COUNT, 300)])
    one_sided_bellman(one_sided, BACKGAMMON, sample)


@pytest.mark.parametrize("variant", [LONG_NARDY, DUTCH], ids=str)
def test_LN6_D5_other_variants_bear_off_the_same_way(one_sided, variant):
    rng = np.random.default_rng(8)
    one_sided_bellman(one_sided, variant, rng.integers(1, COUNT, 60))


# -- one-sided, against GNU Backgammon


def test_one_sided_agrees_with_gnu_backgammon(one_sided):
    gnubg = pytest.importorskip("gnubg_nn")
    mean = one_sided.mean()
    worst_mean = worst_chance = 0.0
    for i in range(1, COUNT, 3):
        theirs = np.array(gnubg.bearoff_probabilities(tuple(int(c) for c in positions()[i])))
        ours = one_sided.rolls[i, 1 : len(theirs) + 1]
        worst_chance = max(worst_chance, float(abs(theirs - ours).max()))
        theirs_mean = (np.arange(1, len(theirs) + 1) * theirs).sum() / theirs.sum()
        worst_mean = max(worst_mean, abs(theirs_mean - mean[i]))
    # gnubg keeps 16-bit chances and picks among plays of (nearly) equal means by them
    assert worst_mean < 3e-4
    assert worst_chance < 5e-3


# -- two-sided


def test_two_sided_hand_counted_cases():
    wins = solve(2).wins
    on_1, two_on_1, on_2, on_6, two_on_6 = (
        number(1),
        number(2),
        number(0, 1),
        number(0, 0, 0, 0, 0, 1),
        number(0, 0, 0, 0, 0, 2),
    )
    assert wins[on_1, on_6] == wins[two_on_1, two_on_6] == wins[on_2, on_1] == 1.0
    assert wins[on_6, on_1] == pytest.approx(27 / 36, abs=1e-15)
    assert wins[two_on_6, on_1] == pytest.approx(4 / 36, abs=1e-15)
    # the 6-point each: 27/36 at once, else the opponent fails 9 times in 36 too
    assert wins[on_6, on_6] == pytest.approx(27 / 36 + 9 / 36 * 9 / 36, abs=1e-15)
    # one against two on the 6-point: the opponent wins only by 3-3…6-6 after a miss
    assert wins[on_6, two_on_6] == pytest.approx(1 - 9 / 36 * 4 / 36, abs=1e-15)


def test_two_sided_finals_are_the_legal_plays():
    count = positions_up_to(4)
    rolls = finals(4)
    opponent = np.array([0, 0, 0, 0, 0, 1])
    for variant in (v for v in VARIANTS.values() if v.standard_bearoff):
        for x in range(1, count):
            start = cells_of(variant, positions()[x], opponent)
            for r, dice in enumerate(ROLLS):
                ours = set(rolls[r][x].tolist()) - {MISSING}
                theirs = {home_index(variant, f) for f in final_cells(variant, start, dice)}
                assert ours == theirs, (variant, positions()[x], dice)


@pytest.mark.parametrize("variant", [BACKGAMMON, LONG_NARDY, DUTCH], ids=str)
def test_two_sided_chances_follow_the_best_legal_plays(variant):
    wins = solve(4).wins
    rng = np.random.default_rng(3)
    for x, y in rng.integers(1, len(wins), (100, 2)):
        start = cells_of(variant, positions()[x], positions()[y])
        total = 0.0
        for dice, ways in zip(ROLLS, WAYS, strict=True):
            plays = final_cells(variant, start, dice)
            total += ways * max(1.0 - wins[y, home_index(variant, f)] for f in plays)
        assert wins[x, y] == pytest.approx(total / 36, abs=1e-12)


def test_two_sided_grows_by_extending():
    small = positions_up_to(3)
    assert np.allclose(solve(3).wins, solve(4).wins[:small, :small], rtol=0, atol=1e-15)


def test_two_sided_agrees_with_gnu_backgammon():
    gnubg = pytest.importorskip("gnubg_nn")
    wins = tables().wins
    rng = np.random.default_rng(5)
    for x, y in rng.integers(1, positions_up_to(6), (3000, 2)):
        board = [gnubg_side(y), gnubg_side(x)]
        assert wins[x, y] == pytest.approx(gnubg.probabilities(board, 0)[0], abs=1e-4)


# -- what the evaluator reads


def test_C6_applies_only_when_both_sides_are_home():
    bearoff = BearOff(BACKGAMMON)
    home = cells_of(BACKGAMMON, np.array([2, 0, 1, 0, 0, 0]), np.array([0, 3, 0, 0, 0, 1]))
    rows = [list(home) for _ in range(6)]
    rows[1][7], rows[1][OFF] = 1, rows[1][OFF] - 1  # a checker on the 7-point
    rows[2][25], rows[2][OFF] = 1, rows[2][OFF] - 1  # on the bar
    rows[3][18], rows[3][OPP_OFF] = -1, rows[3][OPP_OFF] - 1  # opponent outside its home
    rows[4][28], rows[4][OPP_OFF] = 1, rows[4][OPP_OFF] - 1  # opponent on the bar
    rows[5] = [0] * 30
    rows[5][OFF], rows[5][19], rows[5][OPP_OFF] = 15, -1, 14  # the roller has finished
    assert bearoff.applies(np.array(rows)).tolist() == [True] + [False] * 5


def test_D5_a_checker_in_reserve_is_not_home():
    home = list(cells_of(DUTCH, np.array([1, 0, 0, 0, 0, 0]), np.array([1, 0, 0, 0, 0, 0])))
    home[26], home[OFF] = 1, home[OFF] - 1
    assert BearOff(DUTCH).applies(np.array([home])).tolist() == [False]


def test_a_variant_without_the_standard_bear_off_never_applies():
    class Odd(type(BACKGAMMON)):  # type: ignore[misc]
        standard_bearoff = False

    cells = np.array([cells_of(BACKGAMMON, np.array([1, 0, 0, 0, 0, 0]), np.array([1] + [0] * 5))])
    assert BearOff(Odd()).applies(cells).tolist() == [False]
    with pytest.raises(ValueError, match="six home points"):
        BearOff(Odd()).outputs(cells)


@pytest.mark.parametrize("variant", [v for v in VARIANTS.values()], ids=str)
def test_every_variant_declares_the_standard_bear_off(variant):
    assert variant.standard_bearoff


def test_outputs_use_the_two_sided_chances_and_no_gammons():
    rng = np.random.default_rng(11)
    small = positions_up_to(TWO_SIDED_CHECKERS)
    pairs = rng.integers(1, small, (200, 2))
    for variant in (BACKGAMMON, LONG_NARDY):
        cells = np.array([cells_of(variant, positions()[x], positions()[y]) for x, y in pairs])
        y = BearOff(variant).outputs(cells)
        assert np.allclose(y[:, 0], tables().wins[pairs[:, 0], pairs[:, 1]], atol=0)
        assert (y[:, 1:] == 0.0).all()


def test_outputs_agree_with_gnu_backgammon_in_races_with_gammons():
    gnubg = pytest.importorskip("gnubg_nn")
    rng = np.random.default_rng(13)
    full = rng.integers(FULL, COUNT, 120)
    some = np.concatenate([rng.integers(1, positions_up_to(4), 60), rng.integers(1, COUNT, 60)])
    pairs = np.concatenate([np.column_stack([some, full]), np.column_stack([full, some])])
    cells = np.array([cells_of(BACKGAMMON, positions()[x], positions()[y]) for x, y in pairs])
    ours = BearOff(BACKGAMMON).outputs(cells)
    for row, (x, y) in zip(ours, pairs, strict=True):
        board = [gnubg_side(y), gnubg_side(x)]
        assert row == pytest.approx(gnubg.probabilities(board, 0), abs=2e-4)
    assert ours[:, 1].max() > 0.5 and ours[:, 3].max() > 0.02  # gammons were in the sample
    assert ours.min() >= 0.0 and ours.max() <= 1.0


# -- the cache


def test_tables_are_built_once_then_read_from_the_cache(tmp_path, monkeypatch):
    from nardy.bot.evaluation import bearoff

    monkeypatch.setenv("NARDY_CACHE", str(tmp_path))
    built = []

    def build() -> np.ndarray:
        built.append(1)
        return np.arange(6, dtype=np.float32)

    first = bearoff._stored("sample", build)
    again = bearoff._stored("sample", build)
    assert built == [1] and np.array_equal(first, again)
    assert (bearoff.cache_folder() / "sample.npy").is_file()
    assert bearoff.cache_folder().parent == tmp_path

    (bearoff.cache_folder() / "sample.npy").write_bytes(b"not an array")
    assert np.array_equal(bearoff._stored("sample", build), first) and built == [1, 1]


def test_a_cache_that_cannot_be_written_keeps_the_tables_in_memory(tmp_path, monkeypatch):
    from nardy.bot.evaluation import bearoff

    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would go")
    monkeypatch.setenv("NARDY_CACHE", str(blocked))
    array = bearoff._stored("sample", lambda: np.ones(3, dtype=np.float32))
    assert array.tolist() == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("variant", [v for v in VARIANTS.values()], ids=str)
def test_C6_applies_as_the_rules_say_both_sides_may_bear_off(variant):
    """On positions of seeded random play (ends of games included), applies holds exactly
    when the rules let both sides bear off (all home, C6) and neither has finished."""
    from nardy.bench.movegen import positions as random_play
    from nardy.rules.steps import all_home

    sample = [position for position, _ in random_play(variant, 4000, seed=2)]
    cells = np.array([p.cells for p in sample], dtype=np.int64)
    expected = [
        all_home(p.cells)
        and all_home(p.flipped().cells)
        and p.cells[OFF] < 15
        and p.cells[OPP_OFF] < 15
        for p in sample
    ]
    assert BearOff(variant).applies(cells).tolist() == expected
    assert 0 < sum(expected) < len(expected)
