"""Position classes, hand-made features and the per-class model
(:mod:`nardy.bot.evaluation.model`, :mod:`nardy.bot.evaluation.features`), and the compiled
encoder that must compute the same numbers."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from nardy.bench.players import RandomPlayer
from nardy.bot.evaluation.encoding import Encoder
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.features import EXTENDED, NAMES, PER_SIDE, Features
from nardy.bot.evaluation.model import CONTACT, RACE, Geometry, Model, classify, compiled
from nardy.bot.evaluation.network import Network
from nardy.bot.evaluation.shipped import weights_path
from nardy.bot.training.train import warm_model
from nardy.rules.cells import BAR, OFF, OPP_OFF, RESERVE
from nardy.rules.plays import final_cells
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, VARIANTS


def flipper(variant):  # type: ignore[no-untyped-def]
    evaluator = Evaluator(variant, Network.create(200, 2))
    return evaluator.flip


def played_positions(variant, games: int = 12, seed: int = 1) -> np.ndarray:  # type: ignore[no-untyped-def]
    """Positions met in random games of ``variant`` (the roller's view each time)."""
    rng, player, flip = random.Random(seed), RandomPlayer(variant, seed), flipper(variant)
    rows = []
    for _ in range(games):
        cells = variant.start_position().cells
        while True:
            chosen = player.choose(cells, (rng.randint(1, 6), rng.randint(1, 6)))
            cells = cells if chosen is None else chosen
            rows.append(cells)
            if cells[OFF] == 15:
                break
            cells = flip(cells)
    return np.array(rows, dtype=np.int64)


def cells_of(own: dict[int, int], theirs: dict[int, int], **extra: int) -> np.ndarray:
    """One row of cells: ``own`` roller checkers and ``theirs`` opponent checkers by roller
    point, the rest borne off."""
    cells = [0] * 30
    for point, n in own.items():
        cells[point] = n
    for point, n in theirs.items():
        cells[point] = -n
    for index, n in extra.items():
        cells[{"bar": BAR, "reserve": RESERVE}[index]] = n
    cells[OFF] = 15 - sum(own.values()) - sum(n for k, n in extra.items())
    cells[OPP_OFF] = 15 - sum(theirs.values())
    return np.array([cells], dtype=np.int64)


def test_a_race_has_every_checker_past_every_opposing_one_in_backgammon() -> None:
    g = Geometry.of(BACKGAMMON)
    assert classify(g, cells_of({6: 5}, {7: 5})).tolist() == [RACE]
    assert classify(g, cells_of({8: 5}, {7: 5})).tolist() == [CONTACT]
    assert classify(g, cells_of({6: 5}, {20: 5}, bar=1)).tolist() == [CONTACT]
    start = np.array([BACKGAMMON.start_position().cells])
    assert classify(g, start).tolist() == [CONTACT]


def test_a_long_nardy_race_needs_both_sides_past_each_other() -> None:
    g = Geometry.of(LONG_NARDY)
    # roller home (1..6), opponent home (roller's 13..18): nobody has to pass anybody
    assert classify(g, cells_of({3: 15}, {15: 15})).tolist() == [RACE]
    # an opponent checker on the roller's 2, still ahead of the roller's 3
    assert classify(g, cells_of({3: 15}, {15: 14, 2: 1})).tolist() == [CONTACT]
    # a roller checker on 20 still has the opponent's checkers on 15 ahead of it
    assert classify(g, cells_of({3: 14, 20: 1}, {15: 15})).tolist() == [CONTACT]


def test_features_count_what_a_player_counts() -> None:
    f = Features(BACKGAMMON)
    # the roller: a blot on 10 and a four-point block 9-8-7-6; the opponent (moving up the
    # roller's numbering) has one checker on the roller's 5 and two on the roller's 20
    x = f.compute(cells_of({10: 1, 9: 2, 8: 2, 7: 2, 6: 2}, {5: 1, 20: 2}))[0]
    mine = dict(zip(NAMES, x[:PER_SIDE], strict=True))
    theirs = dict(zip(NAMES, x[PER_SIDE:], strict=True))
    assert mine["blots"] == pytest.approx(1 / 6)
    assert mine["home_held"] == pytest.approx(1 / 6)
    assert mine["prime"] == pytest.approx(4 / 6)
    assert mine["shots"] > 0  # the blot on 5 is in front of every roller checker
    # the opponent's checker 5 pips behind the blot hits it with any 5 (11 rolls); 4-1
    # and 3-2 would have to stop on 9, 6, 8 or 7, all held, and 1-1 falls short
    assert theirs["shots"] == pytest.approx(11 / 36)
    # it is the opponent's rearmost checker; the block is 1-4 pips in front of it, so it
    # escapes with a 5 or a 6 on either die: 36 - 4 * 4 = 20 rolls
    assert theirs["escape"] == pytest.approx(20 / 36)
    assert theirs["blockade"] == pytest.approx(4 / 6)
    assert theirs["back"] == pytest.approx(1 / 15)  # their 20 (the roller's 5)


def test_extended_features_count_what_a_player_counts() -> None:
    f = Features(BACKGAMMON, extended=True)
    per = len(EXTENDED)
    # the roller: a blot on 10, points 9-8-7-6 and an anchor on its 20 (the opponent's
    # 5-point); the opponent: a blot on the roller's 5 and points on the roller's 22 and 23
    x = f.compute(cells_of({10: 1, 9: 2, 8: 2, 7: 2, 6: 2, 20: 2}, {5: 1, 22: 2, 23: 2}))[0]
    mine = dict(zip(EXTENDED, x[:per], strict=True))
    theirs = dict(zip(EXTENDED, x[per:], strict=True))
    # two points of the opponent's home are closed: a hit roller checker dances with
    # (2/6)^2 of the rolls; of the roller's points only the 6 is in the opponent's entry
    assert mine["dance"] == pytest.approx((2 / 6) ** 2)
    assert theirs["dance"] == pytest.approx((1 / 6) ** 2)
    assert mine["anchor"] == pytest.approx(5 / 6) and theirs["anchor"] == 0.0
    # every hit on the opponent's only blot (its 20) sends it back 5 pips
    assert mine["pip_loss"] == pytest.approx(mine["shots"] * 5 / 24)
    # the opponent's rearmost checker is on the roller's 5: the roller must still move its
    # checkers on 6..10 by 1, 2·2, 3·2, 4·2 and 5 pips and the anchor's by 15·2 to pass it
    assert mine["break_contact"] == pytest.approx((2 + 4 + 6 + 8 + 5 + 30) / 152)
    # the roller's rearmost is its 20 (the opponent's 5): only the opponent's blot on its
    # 20 is behind it, 15 pips
    assert theirs["break_contact"] == pytest.approx(15 / 152)
    # single-die moves of the opponent (its numbering: checkers on 20, 3, 2; the roller
    # holds its 16-19 and 5): 3→2, 2→1, 3→1, 20→15, 20→14
    assert theirs["mobility"] == pytest.approx(5 / 60)
    free = f.compute(cells_of({6: 5, 8: 3}, {1: 2}))[0]
    assert free[EXTENDED.index("contain")] == 0.0  # no opposing point: nothing contains


def test_the_extended_set_starts_with_the_plain_one() -> None:
    cells = played_positions(BACKGAMMON, games=2)
    plain, wide = Features(BACKGAMMON).compute(cells), Features(BACKGAMMON, True).compute(cells)
    per = len(EXTENDED)
    assert np.array_equal(wide[:, :PER_SIDE], plain[:, :PER_SIDE])
    assert np.array_equal(wide[:, per : per + PER_SIDE], plain[:, PER_SIDE:])


def test_long_nardy_features_block_with_one_checker_and_never_count_shots() -> None:
    f = Features(LONG_NARDY)
    x = f.compute(played_positions(LONG_NARDY, games=2))
    assert (x[:, NAMES.index("shots")] == 0).all()
    assert (x[:, PER_SIDE + NAMES.index("shots")] == 0).all()
    start = f.compute(np.array([LONG_NARDY.start_position().cells]))[0]
    assert start[NAMES.index("back")] == 1.0  # all 15 on the head (the roller's 24)
    assert start[NAMES.index("far_held")] == pytest.approx(1 / 6)


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=lambda v: v.name)
def test_features_of_a_flipped_board_swap_halves(variant) -> None:  # type: ignore[no-untyped-def]
    f, flip = Features(variant), flipper(variant)
    cells = played_positions(variant, games=3)
    turned = np.array([flip(tuple(row)) for row in cells.tolist()], dtype=np.int64)
    assert np.array_equal(f.compute(cells, flipped=True), f.compute(turned))


@pytest.mark.skipif(compiled() is None, reason="the compiled encoder is not built")
@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=lambda v: v.name)
def test_the_compiled_encoder_computes_exactly_what_numpy_computes(variant) -> None:  # type: ignore[no-untyped-def]
    kernel = compiled()
    assert kernel is not None
    cells = played_positions(variant, games=15, seed=7)
    encoder, g = Encoder(variant), Geometry.of(variant)
    points = np.ascontiguousarray(g.opponent_points, dtype=np.int64)
    for extended in (False, True):
        features = Features(variant, extended)
        for flipped in (False, True):
            for dtype in (np.float64, np.float32):
                want = np.concatenate(
                    [encoder.encode(cells, flipped), features.compute(cells, flipped)], axis=1
                ).astype(dtype)
                got = np.empty_like(want)
                hits = features.hits
                kernel.inputs(cells, len(cells), points, hits, True, flipped, got, extended)
                assert np.array_equal(got, want)
    kinds = np.empty(len(cells), dtype=np.int64)
    kernel.classify(cells, len(cells), points, kinds)
    assert np.array_equal(kinds, classify(g, cells))
    assert {CONTACT, RACE} <= set(kinds.tolist())


def test_the_compiled_encoder_refuses_bad_buffers() -> None:
    kernel = compiled()
    if kernel is None:
        pytest.skip("the compiled encoder is not built")
    cells = np.zeros((2, 30), dtype=np.int64)
    with pytest.raises(ValueError, match="too small"):
        kernel.inputs(cells, 3, np.arange(1, 25), True, True, False, np.empty((2, 216)))
    with pytest.raises(ValueError, match=r"points 1\.\.24"):
        kernel.classify(cells, 2, np.zeros(24, dtype=np.int64), np.empty(2, dtype=np.int64))


@pytest.mark.skipif(compiled() is None, reason="the compiled encoder is not built")
@pytest.mark.parametrize("hidden", [1, 5, 8, 16, 96, 130, 256, 400])
def test_the_compiled_first_layer_sums_only_the_inputs_that_are_not_zero(hidden: int) -> None:
    kernel = compiled()
    assert kernel is not None
    rng = np.random.default_rng(hidden)
    x = ((rng.random((41, 228)) < 0.15) * rng.normal(size=(41, 228))).astype(np.float32)
    x[0], x[1] = 0.0, rng.normal(size=228)  # a row of zeros, a dense row
    w = rng.normal(size=(228, hidden)).astype(np.float32)
    b = rng.normal(size=hidden).astype(np.float32)
    want = x.astype(np.float64) @ w + b
    assert "plain" in kernel.affine_kernels()
    for name in kernel.affine_kernels():
        got = np.full((len(x), hidden), np.nan, dtype=np.float32)
        kernel.affine(x, len(x), w, b, got, name)
        assert np.allclose(got, want, rtol=1e-5, atol=1e-4), name
        assert np.allclose(got[0], b)
    none = np.empty((0, hidden), dtype=np.float32)
    kernel.affine(x[:0], 0, w, b, none)


def test_the_compiled_first_layer_refuses_what_it_cannot_read() -> None:
    kernel = compiled()
    if kernel is None:
        pytest.skip("the compiled encoder is not built")
    x, w = np.ones((2, 3), dtype=np.float32), np.ones((3, 4), dtype=np.float32)
    b, out = np.zeros(4, dtype=np.float32), np.empty((2, 4), dtype=np.float32)
    with pytest.raises(TypeError, match="x must be float32"):
        kernel.affine(x.astype(np.float64), 2, w, b, out)
    with pytest.raises(ValueError, match="do not fit"):
        kernel.affine(x, 3, w, b, out)
    with pytest.raises(ValueError, match="do not fit"):
        kernel.affine(x, 2, w[:2], b, out)
    with pytest.raises(ValueError, match="no row kernel"):
        kernel.affine(x, 2, w, b, out, "vliw")


@pytest.mark.parametrize("variant", [BACKGAMMON, LONG_NARDY, DUTCH], ids=lambda v: v.name)
def test_a_float32_model_answers_alike_with_and_without_the_compiled_first_layer(variant) -> None:  # type: ignore[no-untyped-def]
    model = Model.load(variant, weights_path(variant), np.float32)
    if model.affine is None:
        pytest.skip("the compiled encoder is not built")
    cells = played_positions(variant, games=4, seed=3)
    sparse = model.outputs(cells)
    model.affine = None
    assert np.abs(sparse - model.outputs(cells)).max() < 1e-5


def test_a_model_saves_and_loads_every_class_network(tmp_path: Path) -> None:
    model = Model.create(DUTCH, {"contact": 6, "race": 3}, seed=4)
    model.meta["games"] = 7
    model.save(tmp_path / "m.npz")
    again = Model.load(DUTCH, tmp_path / "m.npz")
    cells = played_positions(DUTCH, games=2)
    assert np.allclose(model.outputs(cells), again.outputs(cells), atol=1e-5)
    assert again.meta["games"] == 7 and [c.name for c in again.classes] == ["contact", "race"]


def test_first_landing_weights_are_read_as_one_class_and_warm_start_keeps_them() -> None:
    network = Network.load(weights_path(BACKGAMMON, "weights/reference"))
    old = Model.load(BACKGAMMON, weights_path(BACKGAMMON, "weights/reference"))
    assert [c.name for c in old.classes] == ["any"]
    warm = warm_model(BACKGAMMON, network, {"contact": 128, "race": 64}, seed=1)
    cells = played_positions(BACKGAMMON, games=3)
    assert np.allclose(old.outputs(cells), warm.outputs(cells), atol=1e-9)
    assert warm.networks["contact"].w1.shape[1] == 128


def test_each_position_teaches_its_own_class_network() -> None:
    model = Model.create(NACKGAMMON, {"contact": 6, "race": 3}, seed=2)
    race = cells_of({3: 15}, {22: 15})
    before = {name: net.w1.copy() for name, net in model.networks.items()}
    model.learn(race, np.array([[1.0, 0, 0, 0, 0]]), 0.5)
    assert np.array_equal(before["contact"], model.networks["contact"].w1)
    assert not np.array_equal(before["race"], model.networks["race"].w1)


def test_the_evaluator_judges_a_mixed_batch_by_class() -> None:
    model = Model.create(BACKGAMMON, {"contact": 6, "race": 3}, seed=3)
    evaluator = Evaluator(BACKGAMMON, model)
    start = BACKGAMMON.start_position().cells
    finals = np.array(list(final_cells(BACKGAMMON, start, (6, 5))), dtype=np.int64)
    mixed = np.concatenate([finals, cells_of({8: 15}, {22: 15})])  # a race, not yet home
    y = evaluator.outputs(mixed)
    for i in range(len(mixed)):
        assert np.allclose(y[i], model.outputs(mixed[i : i + 1])[0])


@pytest.mark.parametrize("variant", [BACKGAMMON, LONG_NARDY], ids=lambda v: v.name)
def test_the_evaluator_answers_bear_offs_from_the_databases(variant) -> None:  # type: ignore[no-untyped-def]
    from nardy.bot.evaluation.bearoff import BearOff

    evaluator = Evaluator(variant, Model.create(variant, {"contact": 4, "race": 4}, seed=1))
    mirror = variant.mirror
    cells = [0] * 30
    cells[2], cells[5], cells[OFF] = 2, 1, 12  # the roller: 2 on its 2, 1 on its 5
    cells[mirror(1)], cells[mirror(6)], cells[OPP_OFF] = -3, -2, 10  # opponent on its 1, 6
    row = np.array([cells], dtype=np.int64)
    exact = BearOff(variant).outputs(row)[0]
    assert np.allclose(evaluator.outputs(row)[0], exact)
    turned = np.array([evaluator.flip(tuple(cells))], dtype=np.int64)
    assert np.allclose(evaluator.outputs(row, flipped=True)[0], BearOff(variant).outputs(turned)[0])
    contact = evaluator.outputs(played_positions(variant, games=1)[:3])
    assert np.allclose(contact, evaluator.model.outputs(played_positions(variant, games=1)[:3]))


def test_the_reference_player_is_the_first_landing_network_without_databases() -> None:
    from nardy.bench.players import make_player

    player = make_player("reference", NACKGAMMON, "1")
    assert player.name == "reference"
    evaluator = player.evaluator  # type: ignore[attr-defined]
    assert [c.name for c in evaluator.model.classes] == ["any"] and not evaluator.exact_bearoff
