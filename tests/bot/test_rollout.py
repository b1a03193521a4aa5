"""Rollouts: exact where the dice allow, the luck adjustment exact with an exact judge, and
the same games whatever the workers."""

from __future__ import annotations

import json

import numpy as np
import pytest

from nardy.bot.evaluation.bearoff import BearOff, tables
from nardy.bot.evaluation.bearoff.index import index
from nardy.bot.evaluation.encoding import INPUTS
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.network import Network, flip_outputs
from nardy.bot.lookahead.rollout import Options, rollout
from nardy.cli import main
from nardy.rules.cells import CHECKERS, OFF, OPP_OFF, Cells
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, LONG_NARDY


def home(variant: Variant, own: list[int], theirs: list[int]) -> Cells:
    """Both sides on their home points (counts on points 1..6), the rest borne off."""
    cells = [0] * 30
    for point in range(1, 7):
        cells[point] = own[point - 1]
        if theirs[point - 1]:
            cells[variant.mirror(point)] = -theirs[point - 1]
    cells[OFF], cells[OPP_OFF] = CHECKERS - sum(own), CHECKERS - sum(theirs)
    return tuple(cells)


def exact(own: list[int], theirs: list[int]) -> float:
    return float(tables().wins[index(np.array([own]))[0], index(np.array([theirs]))[0]])


class ExactJudge(Evaluator):
    """An evaluator that knows the bear-off exactly (the databases), for these tests."""

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant, Network.create(INPUTS, 4, seed=1))
        self.bearoff = BearOff(variant)

    def after_outputs(self, finals: list[Cells]) -> np.ndarray:
        turned = np.array([self.flip(f) for f in finals], dtype=np.int64)
        y = np.zeros((len(finals), 5))
        live = self.bearoff.applies(turned)
        y[live] = flip_outputs(self.bearoff.outputs(turned[live]))
        for row in np.nonzero(~live)[0]:
            y[row] = self.outcome(finals[row])
        return y

    def roller_outputs(self, cells: Cells) -> np.ndarray:
        row: np.ndarray = self.bearoff.outputs(np.array([cells], dtype=np.int64))[0]
        return row


@pytest.fixture(scope="module")
def network_judge() -> Evaluator:
    return Evaluator(BACKGAMMON, Network.create(INPUTS, 8, seed=5))


def test_C6_rotated_dice_settle_a_short_race_exactly(network_judge):
    # one checker on the 6-point each: it ends within three rolls, and 1,296 games deal
    # every pair of first two rolls once, so the rollout is the exact 27/36 + (9/36)²
    start = home(BACKGAMMON, [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1])
    for luck in (False, True):
        result = rollout(network_judge, [(start, None)], Options(games=1296, luck=luck))[0]
        assert result.outputs[0] == pytest.approx(27 / 36 + (9 / 36) ** 2, abs=1e-12)
        assert result.equity == pytest.approx(2 * result.outputs[0] - 1, abs=1e-12)


def test_a_certain_win_has_no_error(network_judge):
    start = home(BACKGAMMON, [1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3])
    result = rollout(network_judge, [(start, None)], Options(games=20))[0]
    assert result.outputs.tolist() == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert result.errors.tolist() == [0.0] * 5 and result.equity_error == 0.0


@pytest.mark.parametrize("truncate", [0, 2])
@pytest.mark.parametrize("variant", [BACKGAMMON, LONG_NARDY], ids=str)
def test_with_an_exact_judge_the_luck_adjustment_leaves_no_variance(variant, truncate):
    # each game's result minus its luck is then the exact value of the start
    own, theirs = [1, 0, 2, 0, 1, 0], [0, 1, 0, 1, 0, 1]
    start = home(variant, own, theirs)
    options = Options(games=48, truncate=truncate, seed=4)
    result = rollout(ExactJudge(variant), [(start, None)], options)[0]
    assert result.outputs[0] == pytest.approx(exact(own, theirs), abs=1e-6)
    assert result.equity_error < 1e-6 < result.plain_equity_error
    assert result.variance_reduction > 1e6


def test_luck_adjustment_with_fixed_dice_and_gammons():
    # the opponent still has all 15 checkers: gammons are in play, seen from both sides
    own, theirs = [3, 2, 0, 0, 0, 0], [0, 0, 0, 0, 5, 10]
    start = home(BACKGAMMON, own, theirs)
    judge = ExactJudge(BACKGAMMON)
    result = rollout(judge, [(start, (2, 1))], Options(games=36, seed=2))[0]
    assert result.errors.max() < 1e-6
    assert 0.0 < result.outputs[1] < 1.0


def test_a_truncated_rollout_takes_the_judges_estimate():
    own, theirs = [0, 2, 1, 0, 0, 1], [1, 1, 0, 0, 2, 0]
    start = home(BACKGAMMON, own, theirs)
    options = Options(games=36, truncate=1, luck=False)
    result = rollout(ExactJudge(BACKGAMMON), [(start, None)], options)[0]
    # the 36 first rolls, each played best and valued exactly: the exact value
    assert result.outputs[0] == pytest.approx(exact(own, theirs), abs=1e-6)


def test_the_luck_adjustment_changes_the_estimate_not_the_games(network_judge):
    start = BACKGAMMON.start_position().cells
    plain = rollout(network_judge, [(start, (3, 1))], Options(4, truncate=30, luck=False))[0]
    lucky = rollout(network_judge, [(start, (3, 1))], Options(4, truncate=30, luck=True))[0]
    assert np.array_equal(lucky.plain_outputs, plain.outputs)
    assert not np.array_equal(lucky.outputs, plain.outputs)


def test_workers_play_the_same_games(network_judge):
    starts = [
        (BACKGAMMON.start_position().cells, None),
        (BACKGAMMON.start_position().cells, (6, 5)),
    ]
    options = Options(games=6, truncate=40, chunk=2, seed=9, luck=False)
    alone = rollout(network_judge, starts, options)
    seen = []
    forked = rollout(network_judge, starts, options, processes=2, progress=seen.append)
    for one, other in zip(alone, forked, strict=True):
        assert np.array_equal(one.outputs, other.outputs)
    assert sorted((p.chunk.start, p.chunk.first) for p in seen) == [
        (s, f) for s in range(2) for f in (0, 2, 4)
    ]
    assert alone[0].equity != alone[1].equity or alone[0].outputs.tolist() != [0.0] * 5


@pytest.mark.slow  # a Ray cluster of several processes takes 20 s or more to start
def test_ray_plays_the_same_games(network_judge, tmp_path, monkeypatch):
    ray = pytest.importorskip("ray")
    monkeypatch.setenv("HOME", str(tmp_path))  # where Ray keeps its local token
    for _ in range(2):  # Ray gives its processes a fixed 30 s to start, short on a busy host
        try:
            ray.init(include_dashboard=False, log_to_driver=False, num_cpus=2)
            break
        except Exception as error:
            ray.shutdown()
            if "timed out during startup" not in str(error):
                raise
    else:
        pytest.skip("this host is too busy for Ray to start its processes in its fixed 30 s")
    start = [(BACKGAMMON.start_position().cells, (4, 2))]
    options = Options(games=4, truncate=30, chunk=2, seed=3, luck=False)
    try:
        on_ray = rollout(network_judge, start, options, ray_address="auto")[0]
    finally:
        ray.shutdown()
    assert np.array_equal(on_ray.outputs, rollout(network_judge, start, options)[0].outputs)


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="positive"):
        Options(games=0)


# -- the command


def test_nardy_rollout_prints_its_figures(capsys):
    doc = {"variant": "backgammon", "board": [0] * 24, "off": [14, 14], "dice": [6, 6]}
    doc["board"][5], doc["board"][18] = 1, -1
    code = main(["rollout", json.dumps(doc), "--games", "36", "--processes", "1", "--json"])
    out = capsys.readouterr().out
    figures = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and figures["games"] == 36
    assert figures["chances"]["win"] == 1.0  # 6-6 bears the checker off
    assert "cubeless equity" in out


def test_nardy_rollout_reads_a_gnubg_position_id(capsys):
    code = main(["rollout", "4HPwATDgc/ABMA", "--dice", "3-1", "--games", "2", "--no-luck"])
    assert code == 0 and "rollout: 2 games" in capsys.readouterr().out


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["not-a-file.json"], "cannot read not-a-file.json"),
        (["{oops"], "not valid JSON"),
        (["4HPwATDgc/ABMA", "--dice", "7-1"], "dice must be two numbers"),
        (["4HPwATDgc/ABMA", "--games", "0"], "games and chunk must be positive"),
    ],
)
def test_nardy_rollout_explains_bad_input(capsys, arguments, message):
    assert main(["rollout", *arguments]) == 2
    assert message in capsys.readouterr().out


def test_nardy_rollout_plays_with_the_weights_it_is_given(capsys, tmp_path):
    weights = tmp_path / "candidate.npz"
    Network.create(INPUTS, 4, seed=2).save(weights)
    doc = {"variant": "long-nardy", "board": [0] * 24, "off": [13, 13]}
    doc["board"][0], doc["board"][1], doc["board"][13] = 1, 1, -2
    code = main(["rollout", json.dumps(doc), "--games", "3", "--weights", str(weights), "--json"])
    assert code == 0 and json.loads(capsys.readouterr().out.splitlines()[-1])["games"] == 3
    assert main(["rollout", json.dumps(doc), "--weights", str(tmp_path / "none.npz")]) == 2
