"""``nardy replay FILE``: check a game record against the rules."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from nardy.formats.record import RecordError, replay
from nardy.rules.forfeit import LOST, forfeited

NAME = "replay"
HELP = "check a game record and print its score"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a nardy-record/1 JSON file")


def run(args: argparse.Namespace) -> int:
    return replay_file(args.file, sys.stdout)


def replay_file(path: str, out: TextIO) -> int:
    """Print the final score of the record at ``path``, or its first illegal action."""
    try:
        with open(path, encoding="utf-8") as stream:
            doc = json.load(stream)
    except (OSError, json.JSONDecodeError) as error:
        out.write(f"cannot read {path}: {error}\n")
        return 1
    try:
        match = replay(doc)
    except RecordError as error:
        out.write(f"illegal: {error}\n")
        return 1
    players = doc.get("players") or ["player 0", "player 1"]
    games = sum(1 for g in match.games if g.actions)
    state = "over" if match.is_over() or match.settings.match_to == 0 else "unfinished"
    lost = forfeited(match)
    if lost is not None:
        state += f"; {players[lost[0]]} {LOST[lost[1]]}"
    out.write(
        f"{players[0]} {match.score[0]} – {match.score[1]} {players[1]}"
        f" ({games} game{'s' * (games != 1)}, {state})\n"
    )
    return 0
