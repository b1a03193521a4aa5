"""``nardy moves``: legal plays for position JSON lines (INTERFACES.md §2)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from nardy.formats.position_json import position_from_json, position_to_json
from nardy.rules.errors import NardyError
from nardy.rules.plays import legal_plays


def answer(line: str) -> dict[str, Any]:
    """The output object for one input line: the plays, or an error for a person.

    >>> answer('{"variant": "long-nardy", "board": [0], "dice": [1, 1]}')
    {'error': 'a board has 24 points, not 1'}
    >>> answer('{"variant": ')["error"]
    'not valid JSON: Expecting value at column 13'
    """
    try:
        doc = json.loads(line)
    except json.JSONDecodeError as error:
        return {"error": f"not valid JSON: {error.msg} at column {error.colno}"}
    try:
        position, dice = position_from_json(doc)
        if dice is None:
            return {"error": "the position has no 'dice': legal plays need a roll"}
        plays = legal_plays(position, dice)
    except NardyError as error:
        return {"error": str(error)}
    return {
        "plays": [
            {
                "steps": [list(step) for step in play.steps],
                "position": position_to_json(play.position),
            }
            for play in plays
        ]
    }


def run(lines: Iterable[str], out: TextIO) -> int:
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
