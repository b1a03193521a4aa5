"""What the engine pool may take on, and what one request may cost (docs/DEPLOY.md,
"Engine limits").

>>> from nardy.variants import BACKGAMMON
>>> start = BACKGAMMON.start_position()
>>> cost(start, games=36), cost(start, games=1, ply=2)
(12024, 1002)
>>> EngineLimits().too_costly(start, games=144) is None
True
>>> EngineLimits(most_cost=20_000).too_costly(start, games=144).split(";")[0]
'this asks for 48,096 units of engine work, more than the 20,000 one request may have'
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy.rules.position import Position


@dataclass(frozen=True)
class EngineLimits:
    """The engine pool's size, its queue and the bound of one request."""

    processes: int = 2
    """Worker processes (each takes a core while it works, at a lower priority)."""
    queue: int = 32
    """Requests that may wait for a worker; more are answered 503."""
    per_session: int = 2
    """Requests one session may have waiting or running at once; more are answered 429."""
    per_address: int = 4
    """Requests one network address may have waiting or running at once."""
    most_cost: int = 50_000
    """The most engine work one request may ask for (see :func:`cost`)."""
    seconds: float = 60.0
    """The most seconds one request may run; then it is stopped and answered 503."""
    niceness: int = 19
    """How much lower than the server's the workers' scheduling priority is (``nice``)."""
    retry_after: int = 5
    """Seconds a refused asker is told to wait (``Retry-After``)."""
    warm: bool = False
    """Start the workers with the server (``nardy serve`` does), so that the first request
    finds them ready; otherwise each starts with its first job (tests build many apps)."""

    def too_costly(self, position: Position, games: int = 1, ply: int = 0) -> str | None:
        """Why a request of this cost is refused, or None when it is within the bound."""
        units = cost(position, games, ply)
        if units <= self.most_cost:
            return None
        return (
            f"this asks for {units:,} units of engine work, more than the {self.most_cost:,}"
            " one request may have; a unit is a game, a ply, a pip of either side;"
            " ask for fewer games or a simpler position"
        )


def cost(position: Position, games: int = 1, ply: int = 0) -> int:
    """The engine work a request asks for: games played × (plies + 1) × the pips both
    sides still have to travel. The pips stand for the checkers and how far each has to
    go, which is what makes a rollout's games long: a rollout of thirty checkers on the
    bar costs about twice the starting position's (measured: 0.6 against 0.34 ms of CPU
    a unit here), where a count of checkers would call them equal."""
    mine, theirs = position.pip_counts()
    return games * (ply + 1) * (mine + theirs)
