"""The two move generators the rule suites run under: the compiled kernel and pure Python.

``ENGINES`` parametrizes a test; :func:`running` switches to the engine for the time of a
``with`` block. The kernel is skipped only where it is not built (CI builds it), so each
suite checks both generators against the same expectations.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from nardy.rules import kernel

ENGINES = [
    pytest.param(
        "kernel",
        marks=pytest.mark.skipif(kernel.MODULE is None, reason="the kernel is not built"),
    ),
    "python",
]


@contextlib.contextmanager
def running(engine: str) -> Iterator[None]:
    """Generate plays with ``engine`` ("kernel" or "python") inside the block."""
    if engine == "python":
        with kernel.pure_python():
            yield
    else:
        assert kernel.MODULE is not None
        yield
