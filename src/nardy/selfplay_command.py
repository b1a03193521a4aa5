"""``nardy selfplay``: two random agents play a whole match with seeded dice.

A tool for tests, demos and fuzzing: the record it writes replays with ``nardy replay``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from nardy.bot.agent import RandomAgent, play_match, seeded_dice
from nardy.formats.record import match_to_record
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.variants import variant_named


def parse_sets(items: Sequence[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs as settings values (JSON where it parses, text otherwise).

    >>> parse_sets(["match_to=5", "jacoby=true", "scoring=oin"])
    {'match_to': 5, 'jacoby': True, 'scoring': 'oin'}
    """
    values: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key:
            raise argparse.ArgumentTypeError(f"--set wants KEY=VALUE, got {item!r}")
        try:
            values[key] = json.loads(text)
        except json.JSONDecodeError:
            values[key] = text
    return values


def selfplay(variant_name: str, values: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    """The record of one self-played match, session or series."""
    variant = variant_named(variant_name)
    settings = Settings.for_variant(variant, values)
    agents = (RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2))
    match = play_match(Match.new(variant, settings), agents, seeded_dice(seed), games)
    return match_to_record(match, ("random 1", "random 2"))
