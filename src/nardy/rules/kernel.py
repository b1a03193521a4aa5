"""The compiled move generator (``nardy._movegen``) and how a variant describes itself to it.

The C kernel knows no variant by name. A variant that it can run returns a
:class:`KernelRules` from :meth:`~nardy.rules.variant.Variant.kernel_rules`: a few flags and
numbers saying which of the shared single-step rules apply. :func:`compiled` turns that
description into the kernel's ``Rules`` object, once per variant value.

The kernel is optional: without a C compiler at install time, or with the environment
variable ``NARDY_PURE_PYTHON=1``, :func:`compiled` returns ``None`` and the pure-Python
generator in :mod:`nardy.rules.plays`, the readable reference, does the work; so does it for
a variant whose steps are written below the class that described them to the kernel
(:meth:`~nardy.rules.variant.Variant.compiled_rules`), and inside :func:`pure_python`.

>>> KernelRules().hits, KernelRules(reserve=True).bar
(True, True)
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nardy._movegen import Rules
    from nardy.rules.variant import Variant


@dataclass(frozen=True)
class KernelRules:
    """Which shared step rules a variant uses; every field's default is backgammon's."""

    hits: bool = True
    """A lone opponent checker may be hit (B2); if false, any opponent checker closes (LN2)."""
    hit_needs_home: bool = False
    """A blot may be hit only while the roller has a checker in its home board (D4)."""
    bar: bool = True
    """Checkers on the bar enter (die d → point 25 − d) before anything else moves (B3, D3)."""
    reserve: bool = False
    """Reserve checkers enter like checkers from the bar, after the bar (D1)."""
    enter_all_first: bool = False
    """No checker on the board moves while the reserve is not empty (D2, strict reading)."""
    head: int = 0
    """The point only one checker may leave per turn (LN3), or 0 for no head rule."""
    head_doubles: frozenset[int] = frozenset()
    """Doubles that let two checkers leave a full head on the first turn (LN3)."""
    head_reply: tuple[int, int] = (0, 0)
    """``(die, pips)``: the double ``die`` lets only one leave when the opponent has moved
    exactly one checker ``pips`` along its path (LN3, the 5-5 → 4-4 exception); 0 for none."""
    prime: int = 0
    """Length of a block that must not be completed unless an opponent checker is ahead of it
    (LN4), checked after every step; 0 for no such rule."""
    path: tuple[int, ...] = ()
    """``path[p]``: the opponent's path index of the roller's point p (needed by ``prime`` and
    ``head_reply``), with ``path[0] == 0``."""


PURE_PYTHON_VARIABLE = "NARDY_PURE_PYTHON"


def load() -> Any:
    """The ``nardy._movegen`` module, or ``None`` when it is not built or is switched off."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return None
    try:
        return importlib.import_module("nardy._movegen")
    except ImportError:
        return None


MODULE: Any = load()
"""The loaded kernel module, or ``None``."""

_BY_VALUE: dict[Variant, Rules | None] = {}
_BY_ID: dict[int, tuple[Variant, Rules | None]] = {}


def compile_rules(rules: KernelRules) -> Rules:
    """The kernel's ``Rules`` for a description (``MODULE`` must be loaded)."""
    reply_die, opening_pips = rules.head_reply
    compiled: Rules = MODULE.Rules(
        rules.hits,
        rules.hit_needs_home,
        rules.bar,
        rules.reserve,
        rules.enter_all_first,
        head=rules.head,
        head_doubles=sum(1 << d for d in rules.head_doubles),
        reply_die=reply_die,
        opening_pips=opening_pips,
        prime=rules.prime,
        path=rules.path or None,
    )
    return compiled


def compiled(variant: Variant) -> Rules | None:
    """The compiled rules of ``variant``, or ``None`` when the kernel cannot run it.

    Looked up by identity first (cheap), then by value, so equal variants share one.
    """
    hit = _BY_ID.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    kernel: Rules | None = None
    if MODULE is not None:
        try:
            kernel = _BY_VALUE[variant]
        except KeyError:
            rules = variant.compiled_rules()
            kernel = None if rules is None else compile_rules(rules)
            _BY_VALUE[variant] = kernel
    if len(_BY_ID) >= 256:
        _BY_ID.clear()
    _BY_ID[id(variant)] = (variant, kernel)
    return kernel


@contextmanager
def pure_python() -> Iterator[None]:
    """Generate plays in pure Python for the time of a ``with`` block, kernel or not (the
    tests run their suites under both).

    >>> from nardy.variants import BACKGAMMON
    >>> with pure_python():
    ...     compiled(BACKGAMMON) is None
    True
    """
    global MODULE
    saved = MODULE
    MODULE = None
    _BY_VALUE.clear()
    _BY_ID.clear()
    try:
        yield
    finally:
        MODULE = saved
        _BY_VALUE.clear()
        _BY_ID.clear()
