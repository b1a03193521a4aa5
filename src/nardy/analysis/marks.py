"""How an error is marked and how a performance is rated.

Errors are in normalised equity (points per game at a cube of 1; see
:mod:`nardy.analysis.engine`). The marks use the thresholds analysis programs have long
used (GNU Backgammon's source defaults): an error of at least 0.04 is *doubtful*, 0.08
*bad* and 0.16 *very bad*. Debian's GNU Backgammon 1.07 starts from lower ones, 0.03,
0.06 and 0.12 (its ``show analysis``), which ``nardy bench analysis`` takes as gnubg's.

The rating word comes from the performance rating, PR = 500 × error / decisions (so a PR
of 5 is 0.01 equity lost per decision). Its bands are nardy's own, close to those players
know from other programs: below 2.5 *world class*, 5 *expert*, 8 *advanced*,
12 *intermediate*, 18 *casual*, and *beginner* above.

>>> mark(0.03), mark(0.04), mark(0.1), mark(0.2)
(None, 'doubtful', 'bad', 'very bad')
>>> rating(1.9), rating(6.0), rating(40.0)
('world class', 'advanced', 'beginner')
"""

from __future__ import annotations

MARKS: tuple[tuple[str, float], ...] = (("very bad", 0.16), ("bad", 0.08), ("doubtful", 0.04))
"""Each mark with the least error it is given for, worst first."""

RATINGS: tuple[tuple[str, float], ...] = (
    ("world class", 2.5),
    ("expert", 5.0),
    ("advanced", 8.0),
    ("intermediate", 12.0),
    ("casual", 18.0),
)
"""Each rating word with the PR it stays below, best first; ``beginner`` beyond."""

_TOLERANCE = 1e-9


def mark(error: float) -> str | None:
    """The mark of an error: None, ``doubtful``, ``bad`` or ``very bad``."""
    for name, threshold in MARKS:
        if error >= threshold - _TOLERANCE:
            return name
    return None


def at_least(given: str | None, wanted: str) -> bool:
    """Whether the mark ``given`` is ``wanted`` or worse.

    >>> at_least("very bad", "bad"), at_least("doubtful", "bad"), at_least(None, "doubtful")
    (True, False, False)
    """
    names = [name for name, _ in MARKS]
    return given is not None and names.index(given) <= names.index(wanted)


def rating(pr: float) -> str:
    """The rating word for a performance rating ``pr``."""
    for name, below in RATINGS:
        if pr < below:
            return name
    return "beginner"
