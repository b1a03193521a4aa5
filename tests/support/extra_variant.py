"""A variant written in Python only, for the tests that show nothing else needs to change
to offer one: longgammon, backgammon with all fifteen checkers starting on the 24-point
(a start some clubs play; every other rule is backgammon's). Its positions fit a gnubg
Position ID; no match format knows its start."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import ClassVar

from nardy.rules.position import Position
from nardy.rules.variant import GNUBG_POSITION_ID
from nardy.variants import VARIANTS, Backgammon
from nardy.variants.backgammon import mirrored_start


@dataclass(frozen=True)
class Longgammon(Backgammon):
    """Backgammon from a start with every checker on the 24-point."""

    name = "longgammon"
    title = "Longgammon"
    formats: ClassVar[frozenset[str]] = frozenset({GNUBG_POSITION_ID})

    def start_position(self) -> Position:
        return mirrored_start(self, {24: 15})


LONGGAMMON = Longgammon()


@contextmanager
def registered() -> Iterator[Longgammon]:
    """Longgammon in the registry of variants for the time of a ``with`` block."""
    registry = VARIANTS
    assert isinstance(registry, dict)
    registry[LONGGAMMON.name] = LONGGAMMON
    try:
        yield LONGGAMMON
    finally:
        del registry[LONGGAMMON.name]
