"""Engine work kept apart from play: a bounded pool of worker processes of lower
priority, a fair queue in front of it, and the bound of what one request may cost.

- :mod:`~nardy.engine_pool.pool`: the pool (:class:`EnginePool`), its lanes, cancellation;
- :mod:`~nardy.engine_pool.fair_queue`: the queue, shares per asker, turns;
- :mod:`~nardy.engine_pool.worker`: what a worker process does with each job;
- :mod:`~nardy.engine_pool.limits`: the operator's limits and the cost of a request.
"""

from nardy.engine_pool.fair_queue import Refused
from nardy.engine_pool.limits import EngineLimits, cost
from nardy.engine_pool.pool import BACKGROUND, INTERACTIVE, EngineFailed, EnginePool, TooLong

__all__ = [
    "BACKGROUND",
    "INTERACTIVE",
    "EngineFailed",
    "EngineLimits",
    "EnginePool",
    "Refused",
    "TooLong",
    "cost",
]
