"""The garbage collector, set for a long-running server.

Python's cyclic collector runs after every few hundred new container objects, and each
full collection walks every object the process holds. A server with thousands of open
sockets makes new objects on every message and holds many, so with the default settings
it spent about a quarter of its time collecting (``nardy bench server``, 1,000 games that
never pause: 7.4 s of a 20 s run). Here everything made at start-up (modules, the app,
rule tables) is moved out of the collector's sight (``gc.freeze``) and young objects are
collected after 50,000 allocations instead of 700; reference counting still frees almost
everything at once, the collector only finds cycles.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 50, 100)
"""Allocations before a young collection, then young collections before a middle one and
middle ones before a full one (the defaults are 700, 10, 10)."""


def settle_heap() -> None:
    """Collect once, freeze what survives, and space collections out (:data:`THRESHOLDS`).
    Called by ``nardy serve`` once everything it needs at start is loaded."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
