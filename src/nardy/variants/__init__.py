"""The variants: one small module each, registered here by name.

>>> sorted(VARIANTS)
['backgammon', 'dutch', 'long-nardy', 'nackgammon']
>>> variant_named("dutch", {"enter_all_first": True})
Dutch(enter_all_first=True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nardy.rules.errors import InvalidPositionError
from nardy.rules.variant import Variant
from nardy.variants.backgammon import BACKGAMMON, Backgammon
from nardy.variants.dutch import DUTCH, Dutch
from nardy.variants.long_nardy import LONG_NARDY, LongNardy
from nardy.variants.nackgammon import NACKGAMMON, Nackgammon

VARIANTS: Mapping[str, Variant] = {v.name: v for v in (BACKGAMMON, LONG_NARDY, DUTCH, NACKGAMMON)}
"""Every variant with its default options, by name."""


def variant_named(name: str, options: Mapping[str, Any] | None = None) -> Variant:
    """The variant called ``name`` with rule ``options`` set."""
    try:
        variant = VARIANTS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(VARIANTS))
        raise InvalidPositionError(f"unknown variant {name!r} (known: {known})") from None
    return variant.with_options(options) if options else variant


__all__ = [
    "BACKGAMMON",
    "DUTCH",
    "LONG_NARDY",
    "NACKGAMMON",
    "VARIANTS",
    "Backgammon",
    "Dutch",
    "LongNardy",
    "Nackgammon",
    "variant_named",
]
