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

def affine(x: Any, n: int, w: Any, b: Any, out: Any, kernel: str = ..., /) -> None:
    """Write ``x @ w + b`` for ``n`` rows of ``float32`` inputs into ``out``, skipping zeros,
    by the widest row kernel of :func:`affine_kernels` or the one named."""

def affine_kernels() -> tuple[str, ...]:
    """The row kernels of :func:`affine` this machine can run: ``plain`` and, on x86-64 CPUs
    that have them, ``avx2`` and ``avx512``."""
