"""``nardy train``: teach a variant's model by self-play, with temporal differences.

Each game is played by the model against itself at zero ply. After every move, the
estimate for the position the mover rolled in is pulled towards the estimate of the
position it chose (seen from the mover), or towards the actual result when the move ends
the game: TD(0) (Sutton 1988; Tesauro's TD-Gammon). Each position teaches the network of
its own class (contact or race, :mod:`nardy.bot.evaluation.model`), towards a target that may come
from the other class's network. Dice come from a seeded generator, so a run is
reproducible; checkpoints let a run stop and resume.

A run may start from a first-landing single network (``warm``): its weights seed both
class networks (the features' inputs start at zero and extra hidden units with no say in
the outputs), so training goes on from that network's strength instead of from nothing.
"""

from __future__ import annotations

import json
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from nardy.bot.evaluation.evaluator import Evaluator
from nardy.bot.evaluation.model import CLASSES, Model, inputs_of
from nardy.bot.evaluation.network import OUTPUTS, Network, flip_outputs
from nardy.rules.cells import CHECKERS, OFF
from nardy.rules.variant import Variant


@dataclass(frozen=True)
class Schedule:
    """How fast the network learns as training goes on."""

    start: float = 0.1
    end: float = 0.01
    half_life: int = 100_000
    """Games after which the rate has moved half way from ``start`` to ``end``."""

    def rate(self, games: int) -> float:
        """
        >>> Schedule(0.1, 0.02, 1000).rate(0), Schedule(0.1, 0.02, 1000).rate(1000)
        (0.1, 0.06)
        """
        return float(self.end + (self.start - self.end) * 0.5 ** (games / self.half_life))


def self_play_game(evaluator: Evaluator, rng: random.Random, rate: float) -> int:
    """Play one training game, learning after every move; returns the number of moves."""
    model = evaluator.model
    cells = evaluator.variant.start_position().cells
    moves = 0
    while True:
        choice = evaluator.best(cells, (rng.randint(1, 6), rng.randint(1, 6)))
        moves += 1
        if choice is None:  # C4: no legal play, the turn passes
            following = evaluator.flip(cells)
            target = flip_outputs(evaluator.roller_outputs(following)[None, :])[0]
        else:
            following = evaluator.flip(choice.cells)
            target = choice.outputs
        model.learn(np.array([cells], dtype=np.int64), target[None, :], rate)
        if choice is not None and choice.cells[OFF] == CHECKERS:
            return moves
        cells = following


@contextmanager
def _stop_requests() -> Iterator[Callable[[], bool]]:
    """While inside, SIGTERM and SIGINT only ask the training loop to stop after the game
    it is playing (in the main thread; elsewhere signals keep their handlers)."""
    asked: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return
    previous = {
        number: signal.signal(number, lambda n, _: asked.append(n))
        for number in (signal.SIGTERM, signal.SIGINT)
    }
    try:
        yield lambda: bool(asked)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def warm_model(variant: Variant, network: Network, hidden: dict[str, int], seed: int) -> Model:
    """A class model seeded with a single raw-input ``network``: each class network keeps
    its hidden units (inputs it does not know start at zero) and adds fresh ones whose
    outputs start at zero, up to ``hidden`` units."""
    rng = np.random.default_rng(seed)
    networks = {}
    raw, old = network.w1.shape
    for kind in CLASSES:
        inputs, units = inputs_of(kind), max(hidden[kind.name], old)
        w1 = rng.normal(0.0, 0.1 / np.sqrt(inputs), (inputs, units))
        w1[:raw, :old] = network.w1
        w1[raw:, :old] = 0.0
        b1 = np.zeros(units)
        b1[:old] = network.b1
        w2 = np.zeros((units, OUTPUTS))
        w2[:old] = network.w2
        networks[kind.name] = Network(w1, b1, w2, network.b2.copy())
    return Model(variant, CLASSES, networks, {"warm": dict(network.meta)})


def train(
    variant: Variant,
    out: Path,
    games: int,
    *,
    hidden: dict[str, int] | None = None,
    seed: int = 1,
    schedule: Schedule | None = None,
    checkpoint_every: int = 5000,
    save_minutes: float = 10.0,
    warm: Path | None = None,
    on_checkpoint: Callable[[Path, int], str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Model:
    """Train (or resume training) ``variant``'s model in ``out`` up to ``games`` games.

    ``out/checkpoint.npz`` holds the latest weights and the generator's state, and
    ``out/net-GAMES.npz`` each checkpoint's weights; ``on_checkpoint`` gets that file and
    returns a benchmark line that is logged to ``out/log.jsonl``. ``checkpoint.npz`` is
    also written every ``save_minutes`` and when the process is asked to stop (SIGTERM or
    SIGINT), so a run killed at the end of a working session resumes where it was. A new
    run starts from the single network in ``warm`` when given (see :func:`warm_model`).
    """
    schedule = schedule or Schedule()
    hidden = hidden or {"contact": 128, "race": 64}
    out.mkdir(parents=True, exist_ok=True)
    checkpoint = out / "checkpoint.npz"
    rng = random.Random(seed)
    if checkpoint.exists():
        model = Model.load(variant, checkpoint)
        done = int(model.meta["games"])
        state = model.meta["rng"]
        rng.setstate((state[0], tuple(state[1]), state[2]))
    elif warm is not None:
        model = warm_model(variant, Network.load(warm), hidden, seed)
        done = 0
    else:
        model = Model.create(variant, hidden, seed)
        done = 0
    model.meta.update(variant=variant.name, hidden=hidden, seed=seed)
    evaluator = Evaluator(variant, model)
    started = saved = time.monotonic()

    def save() -> None:
        nonlocal started, saved
        model.meta.update(games=done, rng=rng.getstate())
        model.meta["seconds"] = model.meta.get("seconds", 0.0) + (time.monotonic() - started)
        started = saved = time.monotonic()
        model.save(out / "checkpoint.tmp.npz")
        (out / "checkpoint.tmp.npz").replace(checkpoint)

    with _stop_requests() as stopping:
        while done < games and not stopping():
            self_play_game(evaluator, rng, schedule.rate(done))
            done += 1
            if progress:
                progress(done, games)
            if done % checkpoint_every == 0 or done == games:
                save()
                model.save(out / f"net-{done:07d}.npz")
                line = on_checkpoint(out / f"net-{done:07d}.npz", done) if on_checkpoint else ""
                with open(out / "log.jsonl", "a", encoding="utf-8") as log:
                    record = {"games": done, "seconds": model.meta["seconds"], "bench": line}
                    log.write(json.dumps(record) + "\n")
            elif time.monotonic() - saved > save_minutes * 60:
                save()
        if done % checkpoint_every and done < games:
            save()  # stopped by a signal: keep every game played
    return model
