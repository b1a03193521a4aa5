"""Exact bear-off: the databases and the outputs they give the evaluator.

When both sides have all their remaining checkers on their six home points, nothing but
the race is left, and it is solved exactly: a two-sided database gives the chance to win
when each side has at most :data:`TWO_SIDED_CHECKERS` checkers, and otherwise a one-sided
database (for every position of up to 15 checkers) gives each side's distribution of the
number of rolls it needs, which combine into winning and gammon chances as GNU Backgammon
does. Every variant whose :attr:`~nardy.rules.variant.Variant.standard_bearoff` is true
bears off this way (RULES.md C6, LN6, D5).

nardy makes the databases itself the first time they are needed (a few seconds) and keeps
them in :func:`cache_folder` for the next process; ``nardy bearoff build`` makes them ahead.

>>> from nardy.variants import BACKGAMMON
>>> cells = np.zeros((1, 30), dtype=np.int64)
>>> cells[0, 6], cells[0, 19], cells[0, 0], cells[0, 27] = 1, -1, 14, 14  # both on the 6-point
>>> bearoff = BearOff(BACKGAMMON)
>>> bearoff.applies(cells).tolist(), round(float(bearoff.outputs(cells)[0, 0]), 4)
([True], 0.8125)
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from nardy.bot.evaluation.bearoff import one_sided as one_sided_solver
from nardy.bot.evaluation.bearoff import two_sided as two_sided_solver
from nardy.bot.evaluation.bearoff.index import MOST, POINTS, index, positions_up_to
from nardy.rules.cells import BAR, CHECKERS, OFF, OPP_BAR, OPP_OFF, OPP_RESERVE, RESERVE
from nardy.rules.variant import Variant

Array = npt.NDArray[np.float64]

TWO_SIDED_CHECKERS: Final = 7
"""Checkers per side in the two-sided database (1,716 positions a side)."""
FORMAT: Final = 1
"""Changes when the files' layout or content changes, so that old caches are not read."""
FULL: Final = positions_up_to(MOST - 1)
"""The first position number with all 15 checkers (those are the last numbers)."""


def cache_folder() -> Path:
    """Where the databases are kept: ``$NARDY_CACHE``, else ``$XDG_CACHE_HOME/nardy``,
    else ``~/.cache/nardy``; each format in a folder of its own."""
    base = os.environ.get("NARDY_CACHE")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        base = str(Path(xdg) / "nardy")
    return Path(base) / f"bearoff-{FORMAT}"


def _stored(name: str, build: Callable[[], npt.NDArray[np.float32]]) -> npt.NDArray[np.float32]:
    """The array cached as ``name``, built (and cached when the folder is writable) if
    it is missing or unreadable. Writes go through a temporary file and a rename, so
    processes building at once never read half a file."""
    path = cache_folder() / f"{name}.npy"
    try:
        return np.load(path, mmap_mode="r")  # type: ignore[no-any-return]
    except (OSError, ValueError):
        pass
    array = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as out:
            np.save(out, array)
        os.replace(out.name, path)
    except OSError:
        pass  # a read-only home: keep it in memory only
    return array


@dataclass(frozen=True)
class Tables:
    """The databases as the lookups use them (single precision, one row per position)."""

    rolls: npt.NDArray[np.float32]
    """One-sided: chance of needing exactly n rolls to bear off (n = 0..31)."""
    first: npt.NDArray[np.float32]
    """One-sided, positions :data:`FULL` and later only: chance of bearing off the first
    checker on the n-th roll."""
    wins: npt.NDArray[np.float32]
    """Two-sided: the roller's chance to win, ``wins[roller, opponent]``."""


@cache
def _one_sided() -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    @cache
    def solved() -> one_sided_solver.OneSided:
        return one_sided_solver.solve()

    rolls = _stored("one-sided-rolls", lambda: solved().rolls.astype(np.float32))
    first = _stored("one-sided-first", lambda: solved().first[FULL:].astype(np.float32))
    return rolls, first


@cache
def tables() -> Tables:
    """The databases, from the cache or built now (then cached)."""
    rolls, first = _one_sided()
    wins = _stored(
        f"two-sided-{TWO_SIDED_CHECKERS}",
        lambda: two_sided_solver.solve(TWO_SIDED_CHECKERS).wins.astype(np.float32),
    )
    return Tables(rolls, first, wins)


def _at_least(distribution: npt.NDArray[np.float32]) -> Array:
    """``result[i, n]``: the chance of needing n rolls or more (one extra column of 0)."""
    tail = np.zeros((len(distribution), distribution.shape[1] + 1))
    tail[:, :-1] = np.cumsum(distribution[:, ::-1], axis=1, dtype=np.float64)[:, ::-1]
    return tail


def _columns(indices: npt.NDArray[np.int64]) -> slice | npt.NDArray[np.int64]:
    """``indices`` as a slice where they run without a gap: a slice of the rows' columns is
    a view, where a list of them copies every row (a rollout asks about millions of rows).

    >>> _columns(np.array([7, 8, 9])), _columns(np.array([1, 3])).tolist()
    (slice(7, 10, None), [1, 3])
    """
    first = int(indices[0])
    if np.array_equal(indices, np.arange(first, first + len(indices))):
        return slice(first, first + len(indices))
    return indices


class BearOff:
    """Exact bear-off outputs for positions of one variant, seen from the roller.

    The outputs follow the network's convention (:mod:`nardy.bot.evaluation.network`): win, win a
    gammon, win a backgammon, lose a gammon, lose a backgammon. No backgammon is possible
    once both sides are home. The last-roll right of long nardy (LN10, an option) is not
    part of the values.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.enabled = variant.standard_bearoff
        self.home = np.arange(1, POINTS + 1)
        self.opponent_home = np.array([variant.mirror(p) for p in range(1, POINTS + 1)])
        # where a checker is not home: the roller's 7..24, bar and reserve, and the same
        # for the opponent (its points by the mirror, its bar and reserve counts)
        self.own_away = _columns(np.array([*range(POINTS + 1, 25), BAR, RESERVE]))
        self.their_away_points = _columns(np.setdiff1d(np.arange(1, 25), self.opponent_home))
        self.their_away_counts = _columns(np.array([OPP_BAR, OPP_RESERVE]))

    def _sides(self, cells: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], ...]:
        """Each side's checkers on its home points 1..6 (N×6 each)."""
        return np.maximum(cells[:, self.home], 0), np.maximum(-cells[:, self.opponent_home], 0)

    def applies(self, cells: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """Which rows of ``cells`` (N×30) have both sides' remaining checkers all on their
        home points, at least one each."""
        if not self.enabled:
            return np.zeros(len(cells), dtype=bool)
        away: npt.NDArray[np.bool_] = cells[:, self.own_away].max(axis=1) > 0
        away |= cells[:, self.their_away_points].min(axis=1) < 0
        away |= cells[:, self.their_away_counts].max(axis=1) > 0
        left = (cells[:, OFF] < CHECKERS) & (cells[:, OPP_OFF] < CHECKERS)
        return left & ~away

    def outputs(self, cells: npt.NDArray[np.int64]) -> Array:
        """The roller's five outputs for rows where :meth:`applies` holds (N×5)."""
        if not self.enabled:
            raise ValueError(f"{self.variant.name} does not bear off from six home points")
        own, theirs = self._sides(cells)
        x, y = index(own), index(theirs)
        data = tables()
        rolls = data.rolls
        result = np.zeros((len(cells), 5))
        small = (x < len(data.wins)) & (y < len(data.wins))
        result[small, 0] = data.wins[x[small], y[small]]
        race = ~small
        if race.any():
            xs, ys = x[race], y[race]
            result[race, 0] = (rolls[xs] * _at_least(rolls[ys])[:, :-1]).sum(axis=1)
        for column, mover, other, shift in ((1, x, y, 0), (3, y, x, 1)):
            full = other >= FULL  # the side that may be gammoned has all 15 checkers
            if full.any():
                keep = _at_least(data.first[other[full] - FULL])
                result[full, column] = (rolls[mover[full]] * keep[:, shift : shift + 32]).sum(1)
        return np.clip(result, 0.0, 1.0, out=result)  # single-precision sums may pass 1


__all__ = ["TWO_SIDED_CHECKERS", "BearOff", "Tables", "cache_folder", "tables"]
