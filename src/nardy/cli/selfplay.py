"""``nardy selfplay``: two random agents play a whole match with seeded dice.

A tool for tests, demos and fuzzing: the record it writes replays with ``nardy replay``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from nardy.bot.agents.agent import RandomAgent, play_match, seeded_dice
from nardy.formats.record import match_to_record
from nardy.rules.errors import NardyError
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.variants import variant_named

NAME = "selfplay"
HELP = "two random agents play a match with seeded dice and write its record"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help="backgammon, long-nardy, dutch, ...")
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a setting, repeatable"
    )
    parser.add_argument("--games", type=int, default=1, help="games of a money session")
    parser.add_argument("--seed", type=int, required=True, help="seed of dice and agents")
    parser.add_argument("--out", required=True, help="the record file to write")


def run(args: argparse.Namespace) -> int:
    try:
        record = selfplay(args.variant, parse_sets(args.set), args.games, args.seed)
    except (NardyError, argparse.ArgumentTypeError) as error:
        print(f"nardy selfplay: {error}", file=sys.stderr)
        return 2
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(record, out)
    print(f"{args.out}: {len(record['games'])} games, score {record['score']}")
    return 0


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
