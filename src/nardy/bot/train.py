"""``nardy train``: teach a variant's network by self-play, with temporal differences.

Each game is played by the network against itself at zero ply. After every move, the
estimate for the position the mover rolled in is pulled towards the estimate of the
position it chose (seen from the mover), or towards the actual result when the move ends
the game: TD(0) (Sutton 1988; Tesauro's TD-Gammon). Dice come from a seeded generator, so
a run is reproducible; checkpoints let a run stop and resume.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from nardy.bot.encoding import INPUTS
from nardy.bot.evaluator import Evaluator
from nardy.bot.network import Network, flip_outputs
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
    network, encoder = evaluator.network, evaluator.encoder
    cells = evaluator.variant.start_position().cells
    x = encoder.encode_cells([cells])
    moves = 0
    while True:
        choice = evaluator.best(cells, (rng.randint(1, 6), rng.randint(1, 6)))
        moves += 1
        if choice is None:  # C4: no legal play, the turn passes
            following = evaluator.flip(cells)
            following_x = encoder.encode_cells([following])
            target = flip_outputs(network.evaluate(following_x))[0]
        else:
            following = evaluator.flip(choice.cells)
            target = choice.outputs
            following_x = (
                choice.inputs[None, :]
                if choice.inputs is not None
                else encoder.encode_cells([following])
            )
        network.learn(x, target[None, :], rate)
        if choice is not None and choice.cells[OFF] == CHECKERS:
            return moves
        cells, x = following, following_x


def train(
    variant: Variant,
    out: Path,
    games: int,
    *,
    hidden: int = 96,
    seed: int = 1,
    schedule: Schedule | None = None,
    checkpoint_every: int = 5000,
    on_checkpoint: Callable[[Path, int], str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Network:
    """Train (or resume training) ``variant``'s network in ``out`` up to ``games`` games.

    ``out/checkpoint.npz`` holds the latest weights and the generator's state, and
    ``out/net-GAMES.npz`` each checkpoint's weights; ``on_checkpoint`` gets that file and
    returns a benchmark line that is logged to ``out/log.jsonl``.
    """
    schedule = schedule or Schedule()
    out.mkdir(parents=True, exist_ok=True)
    checkpoint = out / "checkpoint.npz"
    rng = random.Random(seed)
    if checkpoint.exists():
        network = Network.load(checkpoint)
        done = int(network.meta["games"])
        state = network.meta["rng"]
        rng.setstate((state[0], tuple(state[1]), state[2]))
    else:
        network = Network.create(INPUTS, hidden, seed)
        done = 0
    network.meta.update(variant=variant.name, hidden=hidden, seed=seed)
    evaluator = Evaluator(variant, network)
    started = time.monotonic()
    while done < games:
        self_play_game(evaluator, rng, schedule.rate(done))
        done += 1
        if progress:
            progress(done, games)
        if done % checkpoint_every == 0 or done == games:
            network.meta.update(games=done, rng=rng.getstate())
            network.meta["seconds"] = network.meta.get("seconds", 0.0) + (
                time.monotonic() - started
            )
            started = time.monotonic()
            network.save(out / "checkpoint.tmp.npz")
            (out / "checkpoint.tmp.npz").replace(checkpoint)
            network.save(out / f"net-{done:07d}.npz")
            line = on_checkpoint(out / f"net-{done:07d}.npz", done) if on_checkpoint else ""
            with open(out / "log.jsonl", "a", encoding="utf-8") as log:
                log.write(
                    json.dumps({"games": done, "seconds": network.meta["seconds"], "bench": line})
                    + "\n"
                )
    return network
