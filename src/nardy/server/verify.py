"""``nardy verify-dice FILE``: recompute every roll of a finished game from its seed.

The record the server hands out carries ``"dice": {"commitment", "seed"}``. The seed
must hash to the commitment, and every roll in the record (opening attempts, then each
roll, in order) must be the one the seed gives (see :mod:`nardy.server.dice`).
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from nardy.server import dice as dice_service


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
