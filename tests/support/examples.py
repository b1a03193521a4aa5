"""How many examples a Hypothesis test draws.

The full run (``./run test``, CI) draws what each test asks for; the fast tier
(``./run test -m fast``, CONTRIBUTING.md, "Tiers") draws a quarter of it, at least
:data:`FEWEST`, so that the quick check stays quick while CI keeps the whole count.
tests/conftest.py sets :data:`FAST_TIER` in the environment and loads the Hypothesis
profile ``fast`` (a quarter of Hypothesis's own default) when ``-m fast`` is given.
"""

from __future__ import annotations

import os

FAST_TIER = "NARDY_FAST_TIER"
"""Set (to "1") in the environment of a fast-tier run and its worker processes."""
FEWEST = 4
"""The fewest examples a test draws in the fast tier."""


def examples(full: int, fast: bool | None = None) -> int:
    """The examples to draw of a test that asks for ``full`` in the full run (``fast``:
    in the fast tier; by default, as the environment says).

    >>> examples(20, fast=False), examples(20, fast=True)
    (20, 5)
    >>> examples(3000, fast=True), examples(6, fast=True), examples(2, fast=True)
    (750, 4, 2)
    """
    if fast is None:
        fast = os.environ.get(FAST_TIER) == "1"
    return max(min(full, FEWEST), full // 4) if fast else full
