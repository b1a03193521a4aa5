"""A bounded queue of engine jobs that gives every asker a fair turn.

Each job names its askers by kind (``{"address": "10.0.0.7", "session": "…"}``): a kind's
*share* is how many jobs one asker of that kind may have waiting or running at once, and
the queue holds at most ``length`` waiting jobs in all. Jobs wait in *lanes* (0 first:
people waiting for an answer; higher lanes only when no lower one has work), and inside
a lane the askers take turns, one job each, in the order they first came (their first
kind names them), so one asker's burst waits behind everybody else's next job.

The standard library's queues know neither shares nor turns, and the job is small, so
it is written here.

>>> queue = FairQueue(length=3, shares={"address": 2})
>>> for job in ("a1", "a2"):
...     queue.admit(job, {"address": "a"})
>>> queue.admit("a3", {"address": "a"})
Traceback (most recent call last):
...
nardy.engine_pool.fair_queue.Refused: you already have 2 engine requests under way; wait for them
>>> queue.admit("b1", {"address": "b"})
>>> [queue.take(), queue.take(), queue.take(), queue.take()]
['a1', 'b1', 'a2', None]
>>> queue.finished("a1")  # its share is given back once it has run
>>> queue.admit("a3", {"address": "a"})
"""

from __future__ import annotations

from collections import Counter, OrderedDict, deque
from collections.abc import Hashable, Mapping
from typing import Generic, TypeVar

Job = TypeVar("Job", bound=Hashable)


class Refused(Exception):
    """A job the queue will not take. ``status`` is 429 when the asker's share is in
    use (the asker should wait for its own jobs) and 503 when the queue is full (the
    server is busy)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class FairQueue(Generic[Job]):
    """See the module docstring."""

    def __init__(self, length: int, shares: Mapping[str, int]) -> None:
        self.length = length
        self.shares = dict(shares)
        self._lanes: dict[int, OrderedDict[str, deque[Job]]] = {}
        self._askers: dict[Job, tuple[int, str, list[tuple[str, str]]]] = {}
        """Each admitted job: its lane, the asker it takes turns as, its counted keys."""
        self._outstanding: Counter[tuple[str, str]] = Counter()
        self._waiting = 0

    @property
    def waiting(self) -> int:
        """Jobs admitted and not yet taken."""
        return self._waiting

    def admit(self, job: Job, askers: Mapping[str, str | None], lane: int = 0) -> None:
        """Queue ``job`` for ``askers`` (a kind without an asker, None, is not counted), or
        raise :class:`Refused`. Lanes above 0 are background work: not bounded here."""
        keys = [(kind, who) for kind, who in askers.items() if who is not None]
        if lane == 0:
            for kind, who in keys:
                share = self.shares.get(kind)
                if share is not None and self._outstanding[(kind, who)] >= share:
                    raise Refused(
                        f"you already have {share} engine requests under way; wait for them",
                        429,
                    )
            if self._waiting >= self.length:
                raise Refused("the engine has too much work waiting; try again soon", 503)
        turn = f"{keys[0][0]}:{keys[0][1]}" if keys else ""
        for key in keys:
            self._outstanding[key] += 1
        self._askers[job] = (lane, turn, keys)
        self._lanes.setdefault(lane, OrderedDict()).setdefault(turn, deque()).append(job)
        self._waiting += 1

    def take(self, lanes: int | None = None) -> Job | None:
        """The next job to run (from lanes up to ``lanes``, all by default), or None."""
        for lane in sorted(self._lanes):
            if lanes is not None and lane > lanes:
                break
            turns = self._lanes[lane]
            if not turns:
                continue
            turn, jobs = next(iter(turns.items()))
            job = jobs.popleft()
            del turns[turn]
            if jobs:
                turns[turn] = jobs  # to the back: the others go first
            self._waiting -= 1
            return job
        return None

    def withdraw(self, job: Job) -> bool:
        """Take a waiting ``job`` out (its asker is gone) and give its share back; whether
        it was still waiting."""
        entry = self._askers.get(job)
        if entry is None:
            return False
        lane, turn, _ = entry
        jobs = self._lanes.get(lane, OrderedDict()).get(turn)
        if jobs is None or job not in jobs:
            return False
        jobs.remove(job)
        if not jobs:
            del self._lanes[lane][turn]
        self._waiting -= 1
        self.finished(job)
        return True

    def finished(self, job: Job) -> None:
        """Give back the share of a job that has run (or was withdrawn)."""
        entry = self._askers.pop(job, None)
        if entry is None:
            return
        for key in entry[2]:
            self._outstanding[key] -= 1
            if self._outstanding[key] <= 0:
                del self._outstanding[key]
