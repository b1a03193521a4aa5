"""``nardy verify-dice FILE``: recompute every roll of a table from its seeds.

FILE is a record from ``/api/tables/{id}/record`` or the document of
``/api/tables/{id}/dice`` (a chouette's dice are only there). A record of the first scheme
carries ``"dice": {"commitment", "seed"}``: the seed must hash to the commitment and give
every roll. In the second scheme every finished game is checked on its own: its seed
against its commitment, every roll against the seed mixed with the players'
contributions (see :mod:`nardy.server.dice.commitment`), and every game seed against the table's
seed once that is revealed. One line per game; the exit status is 0 when every game
that could be checked is right and at least one could.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from nardy.server.dice.check import DiceDocumentError, check
from nardy.server.dice.check import record_rolls as rolls_by_game

NAME = "verify-dice"
HELP = "recompute every roll of a game record"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a record (or a /dice document) downloaded from the server")


def run(args: argparse.Namespace) -> int:
    return verify_file(args.file, sys.stdout)


def record_rolls(record: dict[str, Any]) -> list[tuple[int, int]]:
    """Every roll of a record, in the order the server drew them."""
    return [(a, b) for game in rolls_by_game(record) for a, b in game]


def verify_file(path: str, out: TextIO) -> int:
    """Check the dice of the document at ``path``; prints the verdict, returns the status."""
    try:
        with open(path, encoding="utf-8") as stream:
            doc = json.load(stream)
        if not isinstance(doc, dict):
            raise DiceDocumentError("the file must hold one JSON object")
        verdict = check(doc)
    except (OSError, ValueError) as error:
        out.write(f"cannot read the dice of {path}: {error}\n")
        return 1
    for line in verdict.lines:
        out.write(line + "\n")
    return 0 if verdict.ok else 1
