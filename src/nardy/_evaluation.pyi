"""Types of the compiled encoder of the bot (``src/nardy/_evaluation.c``)."""

from typing import Any

def inputs(
    cells: Any,
    n: int,
    opponent_points: Any,
    hits: bool,
    features: bool,
    flipped: bool,
    out: Any,
    /,
) -> None:
    """Write the network inputs of ``n`` rows of cells into ``out``."""

def classify(cells: Any, n: int, opponent_points: Any, out: Any, /) -> None:
    """Write the class (0 contact, 1 race) of ``n`` rows of cells into ``out``."""
