"""Computer players: agents that decide plays, doubles and resignations.

Five parts, each calling only those before it:

* :mod:`~nardy.bot.evaluation` — what a position is worth (encodings, networks, bear-off);
* :mod:`~nardy.bot.lookahead` — search over the rolls and rollouts;
* :mod:`~nardy.bot.decisions` — the cube and resignations;
* :mod:`~nardy.bot.agents` — the players at a table, their levels, the baselines;
* :mod:`~nardy.bot.training` — making the networks (beside the agents, never used by them).

The shipped networks are in ``weights/``, the match equity table in ``data/``.

The networks here are small: a multi-threaded BLAS spends far more time coordinating
threads than multiplying (ten times slower on a busy two-core machine), so the bot keeps
numpy's BLAS to one thread.
"""

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

from threadpoolctl import threadpool_limits  # noqa: E402  (after the variables above)

threadpool_limits(limits=1, user_api="blas")
