"""``nardy moves``: legal plays for position JSON lines (INTERFACES.md §2)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from nardy.formats.position_json import position_from_json, position_to_json
from nardy.rules.errors import NardyError
from nardy.rules.plays import Dice, Play, legal_plays
from nardy.rules.position import Position

NAME = "moves"
HELP = "legal plays for position JSON lines on standard input"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``nardy moves`` has no options: its input is standard input."""


def run(args: argparse.Namespace) -> int:
    return answer_lines(sys.stdin, sys.stdout)


def read_line(line: str, needs: str) -> tuple[Position, Dice] | dict[str, Any]:
    """The position and dice on one input line, or the error object to answer it with
    (``needs`` says what the dice are for).

    >>> read_line('{"variant": "dutch", "board": [0]}', "legal plays")
    {'error': 'a board has 24 points, not 1'}
    """
    try:
        doc = json.loads(line)
    except json.JSONDecodeError as error:
        return {"error": f"not valid JSON: {error.msg} at column {error.colno}"}
    try:
        position, dice = position_from_json(doc)
    except NardyError as error:
        return {"error": str(error)}
    if dice is None:
        return {"error": f"the position has no 'dice': {needs} need a roll"}
    return position, dice


def play_json(play: Play) -> dict[str, Any]:
    """One play as the JSON Lines commands write it."""
    return {
        "steps": [list(step) for step in play.steps],
        "position": position_to_json(play.position),
    }


def answer(line: str) -> dict[str, Any]:
    """The output object for one input line: the plays, or an error for a person.

    >>> answer('{"variant": "long-nardy", "board": [0], "dice": [1, 1]}')
    {'error': 'a board has 24 points, not 1'}
    >>> answer('{"variant": ')["error"]
    'not valid JSON: Expecting value at column 13'
    """
    read = read_line(line, "legal plays")
    if isinstance(read, dict):
        return read
    try:
        plays = legal_plays(*read)
    except NardyError as error:
        return {"error": str(error)}
    return {"plays": [play_json(play) for play in plays]}


def answer_lines(lines: Iterable[str], out: TextIO) -> int:
    """Answer every non-blank line in order; the exit status is 1 if any line was bad."""
    status = 0
    write = out.write
    for line in lines:
        if not line.strip():
            continue
        result = answer(line)
        if "error" in result:
            status = 1
        write(json.dumps(result, separators=(",", ":")))
        write("\n")
    out.flush()
    return status
