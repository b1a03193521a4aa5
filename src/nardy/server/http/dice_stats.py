"""How the dice served so far fell: every roll in the store, and a chi-square test.

Every two-dice roll the server has drawn is in a stored event (an opening roll-off attempt
or a roll, at a match or a chouette). The test is over the **21 outcomes** of a roll as a
player sees it: a double (1-1 … 6-6) has the chance 1/36, every other outcome (its two
orders together) 2/36, so the statistic has 20 degrees of freedom. The 21 outcomes rather
than the 36 ordered pairs, because which die is which carries no meaning in play (a roll
is shown and played the same either way). A second test is over the six faces of all
dice (5 degrees of freedom). A chouette's roll-off places are single dice: they count
among the faces only.

The p-value is the chance that dice without fault give a statistic at least this large:
``chi_square_sf``, the upper regularised incomplete gamma function ``Q(df/2, x/2)``,
computed here (a power series below ``a + 1``, a continued fraction above).

>>> round(chi_square_sf(31.410, 20), 4), round(chi_square_sf(3.841, 1), 4)
(0.05, 0.05)
>>> counts = {(a, b): (1 if a == b else 2) * 100 for a in range(1, 7) for b in range(a, 7)}
>>> test = outcome_test(counts)
>>> test["rolls"], test["chi_square"], test["df"], test["p_value"]
(3600, 0.0, 20, 1.0)
"""

from __future__ import annotations

import math
import threading
import time
from collections import Counter
from typing import Any

from nardy.server.protocol import wire
from nardy.server.store.database import Store

OUTCOMES = [(a, b) for a in range(1, 7) for b in range(a, 7)]
"""The 21 outcomes of a roll, smaller die first."""


def chi_square_sf(x: float, df: int) -> float:
    """The chance that a chi-square variable with ``df`` degrees of freedom exceeds ``x``.

    >>> round(chi_square_sf(37.566, 20), 4), round(chi_square_sf(11.070, 5), 4)
    (0.01, 0.05)
    >>> chi_square_sf(0.0, 20), round(chi_square_sf(20.0, 20), 6)
    (1.0, 0.45793)
    """
    if df < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    if x <= 0:
        return 1.0
    return _upper_gamma(df / 2, x / 2)


def _upper_gamma(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x), for a > 0, x > 0."""
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # the series of P(a, x) converges fast here
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    # the continued fraction of Q(a, x), evaluated by the modified Lentz method
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def outcome_test(counts: dict[tuple[int, int], int]) -> dict[str, Any]:
    """The chi-square test of the 21 outcomes (keys smaller die first)."""
    total = sum(counts.values())
    rows = []
    statistic = 0.0
    for outcome in OUTCOMES:
        chance = (1 if outcome[0] == outcome[1] else 2) / 36
        expected = total * chance
        seen = counts.get(outcome, 0)
        if expected:
            statistic += (seen - expected) ** 2 / expected
        rows.append({"roll": list(outcome), "count": seen, "expected": round(expected, 2)})
    df = len(OUTCOMES) - 1
    return {
        "rolls": total,
        "outcomes": rows,
        "chi_square": round(statistic, 4),
        "df": df,
        "p_value": chi_square_sf(statistic, df) if total else None,
    }


def face_test(faces: dict[int, int]) -> dict[str, Any]:
    """The chi-square test of the six faces."""
    total = sum(faces.values())
    expected = total / 6
    statistic = (
        sum((faces.get(f, 0) - expected) ** 2 / expected for f in range(1, 7)) if total else 0
    )
    return {
        "dice": total,
        "faces": [faces.get(f, 0) for f in range(1, 7)],
        "chi_square": round(statistic, 4),
        "df": 5,
        "p_value": chi_square_sf(statistic, 5) if total else None,
    }


def count_rolls(store: Store) -> tuple[Counter[tuple[int, int]], Counter[int]]:
    """Every two-dice roll in the store by outcome, and every die by face."""
    outcomes: Counter[tuple[int, int]] = Counter()
    faces: Counter[int] = Counter()
    for text in store.dice_payloads():
        try:
            payload = wire.loads(text)
        except ValueError:
            continue
        if not isinstance(payload, dict):
            continue
        for die in payload.get("rolloff") or []:
            faces[int(die)] += 1
        event = payload.get("event")
        if not isinstance(event, dict) or event.get("type") not in ("opening", "roll"):
            continue
        a, b = (int(d) for d in event["dice"])
        outcomes[(min(a, b), max(a, b))] += 1
        faces[a] += 1
        faces[b] += 1
    return outcomes, faces


class DiceStatistics:
    """The statistics of a store, counted again at most every ``keep`` seconds."""

    def __init__(self, store: Store, keep: float = 30.0) -> None:
        self.store = store
        self.keep = keep
        self.lock = threading.Lock()
        self.made = -math.inf
        self.answer: dict[str, Any] = {}

    def get(self) -> dict[str, Any]:
        with self.lock:
            if time.monotonic() - self.made > self.keep:
                outcomes, faces = count_rolls(self.store)
                self.answer = {
                    "outcomes": outcome_test(dict(outcomes)),
                    "faces": face_test(dict(faces)),
                    "counted": time.time(),
                }
                self.made = time.monotonic()
            return self.answer
