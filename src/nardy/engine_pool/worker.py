"""One process of the engine pool: it lowers its own scheduling priority, then does the
jobs its server sends, one at a time, telling their progress, until told to stop or until
the server is gone (stopped or killed mid-job: the worker ends quietly).

A job is a tuple whose first item names it; everything in it is plain data (JSON
documents, numbers), so nothing of the server's state crosses the pipe:

- ``("review", record, ply, rollout seconds)``: the review of a game record (INTERFACES.md
  §4, §5), its close decisions settled by rollouts within that CPU budget;
- ``("rollout", position JSON, games)``: a rollout of a position;
- ``("analyse", position JSON, ply, settings, stakes)``: the ranked plays or the cube
  decision of a position (``settings`` the RULES.md S1 values, ``stakes`` the keyword
  arguments of :func:`nardy.analysis.position.analyse_position`);
- ``("hint", record, seat, ply)``: the hint for a seat in a record's game in play.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any


class ParentGone(Exception):
    """The server that asked for the job is no longer there to hear of it."""


def serve(connection: Connection, niceness: int = 0) -> None:
    """The worker's life; see the module docstring."""
    if niceness:
        with contextlib.suppress(OSError):
            os.nice(niceness)
    _prepare()
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            answer: tuple[str, Any] = ("done", do(job, Teller(connection)))
        except ParentGone:
            return
        except Exception as error:  # any failure is the job's, not the worker's
            answer = ("failed", f"{type(error).__name__}: {error}")
        try:
            connection.send(answer)
        except OSError:
            return


def _prepare() -> None:
    """Import the engine before the first job comes (a second or more of a core), so
    that the first answer is as quick as the next."""
    import nardy.analysis.hints
    import nardy.analysis.position
    import nardy.analysis.review
    import nardy.formats.record  # noqa: F401


def do(job: tuple[Any, ...], progress: Callable[[int, int], None]) -> dict[str, Any]:
    """The answer to one job (see the module docstring)."""
    kind = job[0]
    if kind == "review":
        from nardy.analysis.review import analyse
        from nardy.formats.record import replay

        record, ply, seconds = job[1], job[2], job[3]
        players = record.get("players") or ["player 0", "player 1"]
        match = replay(record)
        review = analyse(
            match, (players[0], players[1]), ply, progress=progress, rollout_seconds=seconds
        )
        return review.to_json()
    if kind == "rollout":
        from nardy.analysis.position import rollout_position
        from nardy.formats.position_json import position_from_json

        position, dice = position_from_json(job[1])
        return rollout_position(position, dice, job[2])
    if kind == "analyse":
        return _analyse(*job[1:])
    if kind == "hint":
        from nardy.analysis.hints import hint
        from nardy.formats.record import replay

        return hint(replay(job[1]), job[2], job[3])
    raise ValueError(f"unknown job {kind!r}")


def _analyse(
    position_json: dict[str, Any], ply: int, values: dict[str, Any], stakes: dict[str, Any]
) -> dict[str, Any]:
    from nardy.analysis.position import analyse_position
    from nardy.formats.position_json import position_from_json
    from nardy.rules.settings import Settings

    position, dice = position_from_json(position_json)
    settings = Settings.for_variant(position.variant, values)
    score = stakes.get("score", (0, 0))
    return analyse_position(
        position, dice, ply, settings=settings, **{**stakes, "score": (score[0], score[1])}
    )


class Teller:
    """Sends the server the job's progress, at most twice a second."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last >= 0.5 or done == total:
            self.last = now
            try:
                self.connection.send(("progress", done, total))
            except OSError:
                raise ParentGone from None
