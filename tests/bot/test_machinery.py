"""The bot's machinery: encodings, the network, search, levels, weights and training.

Strength is measured by ``nardy bench bot``, not here.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from nardy.bot.agents.levels import LEVELS, Bot
from nardy.bot.evaluation.encoding import INPUTS, SIDE, Encoder
from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.model import Model, inputs_of
from nardy.bot.evaluation.network import Network, equity, flip_outputs
from nardy.bot.evaluation.shipped import weights_path
from nardy.bot.lookahead.expansion import ROLLS
from nardy.bot.lookahead.search import Search
from nardy.bot.training.train import Schedule, train
from nardy.rules.plays import final_cells, legal_plays
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, VARIANTS


def random_positions(variant, count: int, seed: int = 1):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    position = variant.start_position()
    found = []
    while len(found) < count:
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        position = rng.choice(plays).position if plays else position
        if position.is_over():
            position = variant.start_position()
            continue
        position = position.flipped()
        found.append(position)
    return found


def naive_side(board: list[int], bar: int, reserve: int, off: int) -> list[float]:
    units: list[float] = []
    for n in board:
        units += [float(n >= 1), float(n >= 2), float(n >= 3), max(n - 3, 0) / 2]
    pips = sum(p * n for p, n in enumerate(board, 1)) + 25 * (bar + reserve)
    return [*units, bar / 2, reserve / 15, off / 15, pips / 200]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_encoding_matches_a_plain_description_of_both_sides(name: str) -> None:
    variant = VARIANTS[name]
    encoder = Encoder(variant)
    for position in random_positions(variant, 30):
        mine = [max(n, 0) for n in position.board]
        theirs = [max(n, 0) for n in position.flipped().board]
        expected = naive_side(mine, position.bar[0], position.reserve[0], position.off[0])
        expected += naive_side(theirs, position.bar[1], position.reserve[1], position.off[1])
        x = encoder.encode_cells([position.cells])[0]
        assert x.tolist() == pytest.approx(expected)
        turned = encoder.encode_cells([position.flipped().cells])[0]
        assert encoder.encode_cells([position.cells], flipped=True)[0] == pytest.approx(turned)
        assert x[:SIDE] == pytest.approx(turned[SIDE:])


def test_network_learns_towards_a_target_and_saves_exactly(tmp_path: Path) -> None:
    net = Network.create(INPUTS, 12, seed=4)
    x = np.random.default_rng(1).random((3, INPUTS))
    target = np.full((3, 5), 0.25)
    before = np.abs(net.evaluate(x) - target).sum()
    for _ in range(50):
        net.learn(x, target, 0.5)
    assert np.abs(net.evaluate(x) - target).sum() < before / 2
    net.save(tmp_path / "w.npz")
    loaded = Network.load(tmp_path / "w.npz")
    assert np.allclose(loaded.evaluate(x), net.evaluate(x), atol=1e-5)


def test_flipping_outputs_twice_is_the_identity() -> None:
    y = np.random.default_rng(2).random((4, 5))
    assert np.allclose(flip_outputs(flip_outputs(y)), y)
    assert np.allclose(equity(flip_outputs(y)), -equity(y))


def test_zero_ply_picks_the_play_the_network_likes_best() -> None:
    evaluator = Evaluator(BACKGAMMON, Network.create(INPUTS, 10, seed=5))
    for position in random_positions(BACKGAMMON, 20, seed=3):
        finals = list(final_cells(BACKGAMMON, position.cells, (5, 3)))
        if not finals:
            continue
        scores = equity(evaluator.after_outputs(finals))
        choice = evaluator.best(position.cells, (5, 3))
        assert choice is not None and choice.cells == finals[int(np.argmax(scores))]


def test_one_ply_value_is_the_average_over_the_opponents_best_replies() -> None:
    evaluator = Evaluator(LONG_NARDY, Network.create(INPUTS, 10, seed=6))
    search = Search(evaluator)
    position = random_positions(LONG_NARDY, 12, seed=2)[-1]
    final = next(iter(final_cells(LONG_NARDY, position.cells, (4, 2))))
    expected = 0.0
    turned = evaluator.flip(final)
    for dice, chance in ROLLS:
        replies = list(final_cells(LONG_NARDY, turned, dice))
        if replies:
            expected -= chance * equity(evaluator.after_outputs(replies)).max()
        else:
            expected += chance * float(equity(evaluator.roller_outputs(final)[None, :])[0])
    assert search.values([final], 1)[0] == pytest.approx(expected)
    assert sum(chance for _, chance in ROLLS) == pytest.approx(1.0)


def test_shipped_weights_load_and_nackgammon_borrows_backgammons() -> None:
    assert weights_path(NACKGAMMON) == weights_path(BACKGAMMON)
    for variant in (BACKGAMMON, LONG_NARDY, DUTCH):
        model = Model.load(variant, weights_path(variant))
        assert [c.name for c in model.classes] == ["contact", "race"]
        assert model.meta["variant"] == variant.name
        for kind in model.classes:
            extended = model.features.extended  # backgammon's contact net has the extended set
            assert model.networks[kind.name].w1.shape[0] == inputs_of(kind, extended)
    assert Model.load(BACKGAMMON, weights_path(BACKGAMMON)).features.extended


@pytest.mark.parametrize("level", ["beginner", "advanced", "expert"])
def test_every_level_plays_legal_plays(level: str) -> None:
    bot = Bot(BACKGAMMON, level, seed=1)
    for position in random_positions(BACKGAMMON, 5, seed=4):
        play = bot.play(position, (6, 4))
        legal = {p.position for p in legal_plays(position, (6, 4))}
        assert (play is None and not legal) or (play is not None and play.position in legal)
    assert set(LEVELS) >= {"beginner", "expert", "strongest"}


def test_training_is_reproducible_and_resumes_where_it_stopped(tmp_path: Path) -> None:
    schedule = Schedule(0.1, 0.05, 10)
    hidden = {"contact": 8, "race": 4}
    whole = train(DUTCH, tmp_path / "a", 4, hidden=hidden, schedule=schedule, checkpoint_every=2)
    train(DUTCH, tmp_path / "b", 2, hidden=hidden, schedule=schedule, checkpoint_every=2)
    resumed = train(DUTCH, tmp_path / "b", 4, hidden=hidden, schedule=schedule, checkpoint_every=2)
    for name, network in whole.networks.items():
        assert np.allclose(network.w1, resumed.networks[name].w1, atol=1e-6)
    assert not np.allclose(
        whole.networks["contact"].w1, Model.create(DUTCH, hidden).networks["contact"].w1
    )
    assert resumed.meta["games"] == 4
    assert (tmp_path / "b" / "log.jsonl").read_text().count("\n") == 2


def test_nardy_train_checkpoints_and_logs_a_bench_line(tmp_path: Path) -> None:
    from nardy.cli import main

    out = tmp_path / "run"
    args = ["train", "--variant", "long-nardy", "--games", "4", "--hidden", "8"]
    args += ["--race-hidden", "4"]
    args += ["--checkpoint-every", "2", "--bench-games", "2", "--out", str(out)]
    assert main(args) == 0
    log = [line for line in (out / "log.jsonl").read_text().splitlines() if line]
    assert len(log) == 2 and "against heuristic" in log[-1]
    assert Model.load(LONG_NARDY, out / "checkpoint.npz").meta["games"] == 4
    assert (out / "net-0000002.npz").exists()


def test_training_stopped_by_a_signal_keeps_every_game_played(tmp_path: Path) -> None:
    import os
    import signal

    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done == 3:
            os.kill(os.getpid(), signal.SIGTERM)

    hidden = {"contact": 4, "race": 4}
    model = train(DUTCH, tmp_path, 50, hidden=hidden, checkpoint_every=1000, progress=progress)
    assert seen == [1, 2, 3]
    assert Model.load(DUTCH, tmp_path / "checkpoint.npz").meta["games"] == 3 == model.meta["games"]
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
