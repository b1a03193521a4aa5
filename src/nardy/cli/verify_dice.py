"""``nardy verify-dice FILE``: recompute every roll of a finished game from its seed.

The record the server hands out carries ``"dice": {"commitment", "seed"}``. The seed
must hash to the commitment, and every roll in the record (opening attempts, then each
roll, in order) must be the one the seed gives (see :mod:`nardy.server.dice`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from nardy.server import dice as dice_service

NAME = "verify-dice"
HELP = "recompute every roll of a game record"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a record downloaded from the server (with its dice)")


def run(args: argparse.Namespace) -> int:
    return verify_file(args.file, sys.stdout)


def record_rolls(record: dict[str, Any]) -> list[tuple[int, int]]:
    """Every roll of a record, in the order the server drew them."""
    rolls: list[tuple[int, int]] = []
    for game in record.get("games", []):
        for action in game.get("actions", []):
            if action.get("type") == "opening":
                rolls.extend((a, b) for a, b in action["dice"])
            elif action.get("type") == "roll":
                a, b = action["dice"]
                rolls.append((a, b))
    return rolls


def verify_file(path: str, out: TextIO) -> int:
    """Check the dice of the record at ``path``; prints the verdict, returns the status."""
    try:
        with open(path, encoding="utf-8") as stream:
            record = json.load(stream)
        dice = record["dice"]
        seed, published = dice["seed"], dice["commitment"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        out.write(f"cannot read the dice of {path}: {error}\n")
        return 1
    if not seed:
        out.write("the seed is not revealed yet: it is published when the match is over\n")
        return 1
    if dice_service.commitment(bytes.fromhex(seed)) != published:
        out.write("FAILED: the seed does not match the commitment published before the game\n")
        return 1
    rolls = record_rolls(record)
    for k, rolled in enumerate(rolls):
        expected = dice_service.roll(bytes.fromhex(seed), k)
        if expected != rolled:
            out.write(f"FAILED: roll {k + 1} was {list(rolled)}, the seed gives {list(expected)}\n")
            return 1
    out.write(f"ok: the seed matches the commitment and all {len(rolls)} rolls\n")
    return 0
