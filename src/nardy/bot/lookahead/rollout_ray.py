"""Rollouts on Ray: the chunks of :mod:`nardy.bot.lookahead.rollout` as Ray tasks.

Ray is an optional extra (``pip install 'nardy[ray]'``). ``address`` is that of a running
cluster (``"auto"`` finds the one this machine belongs to), or ``"local"`` to start a Ray
instance on this machine alone for the length of the rollout. The evaluator and the
start positions are put in Ray's object store once and shared by every task.

The rollout hands over the function that plays a chunk, so that this module needs
:mod:`~nardy.bot.lookahead.rollout` for its types alone (no import cycle).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nardy.bot.evaluation.evaluator import Evaluator
    from nardy.bot.lookahead.rollout import Chunk, Options, Played, Start

    PlayChunk = Callable[[Evaluator, Sequence[Start], Chunk, Options], Played]


def load_ray() -> Any:
    """The ``ray`` module, or an ImportError that says how to get it."""
    try:
        return importlib.import_module("ray")
    except ImportError as error:
        raise ImportError("rollouts on Ray need Ray: pip install 'nardy[ray]'") from error


def _chunk(
    play: PlayChunk,
    evaluator: Evaluator,
    starts: Sequence[Start],
    chunk: Chunk,
    options: Options,
) -> Played:
    """One chunk in a Ray worker, on a copy of the evaluator: arrays from Ray's object
    store are read-only, and the evaluator may write into buffers of its own. The copy
    goes through Ray's cloudpickle, which takes modules the evaluator refers to (such as a
    compiled kernel) by name."""
    cloudpickle = importlib.import_module("ray.cloudpickle")
    return play(cloudpickle.loads(cloudpickle.dumps(evaluator)), starts, chunk, options)


def run_on_ray(
    evaluator: Evaluator,
    starts: Sequence[Start],
    work: list[Chunk],
    options: Options,
    address: str,
    play: PlayChunk,
) -> Iterator[Played]:
    """Run ``work`` as Ray tasks, each chunk played by ``play``, and yield each chunk's
    games as it finishes."""
    ray = load_ray()
    started_here = not ray.is_initialized()
    if started_here:
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        task = ray.remote(_chunk)
        shared = ray.put(evaluator), ray.put(list(starts)), ray.put(options)
        pending = [task.remote(play, shared[0], shared[1], chunk, shared[2]) for chunk in work]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started_here:
            ray.shutdown()
