"""``nardy bestmove``: the computer's play for position JSON lines (INTERFACES.md §3).

Each line is answered as soon as it is read, and flushed, so another program can drive it
one position at a time through a pipe.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TextIO

from nardy.cli.moves import play_json, read_line
from nardy.rules.errors import NardyError
from nardy.rules.variant import Variant

if TYPE_CHECKING:
    from nardy.bot.agents.levels import Bot

NAME = "bestmove"
HELP = "the computer's play for position JSON lines, answered line by line"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--level",
        default="strongest",
        help="beginner, casual, intermediate, advanced, expert, strongest (default: 2-ply)",
    )


def run(args: argparse.Namespace) -> int:
    return answer_lines(iter(sys.stdin.readline, ""), sys.stdout, args.level)


class BestMove:
    """Answers lines, keeping one bot per variant."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.bots: dict[Variant, Bot] = {}

    def answer(self, line: str) -> dict[str, Any]:
        from nardy.bot.agents.levels import Bot
        from nardy.bot.evaluation.shipped import MissingWeightsError

        read = read_line(line, "the computer's plays")
        if isinstance(read, dict):
            return read
        position, dice = read
        try:
            bot = self.bots.get(position.variant)
            if bot is None:
                bot = self.bots[position.variant] = Bot(position.variant, self.level)
            play = bot.play(position, dice)
        except (NardyError, MissingWeightsError) as error:
            return {"error": str(error)}
        return {"play": None if play is None else play_json(play)}


def answer_lines(lines: Iterable[str], out: TextIO, level: str) -> int:
    """Answer each non-blank line at once; the exit status is 1 if any line was bad."""
    answers = BestMove(level)
    status = 0
    for line in lines:
        if not line.strip():
            continue
        result = answers.answer(line)
        status |= "error" in result
        out.write(json.dumps(result, separators=(",", ":")) + "\n")
        out.flush()
    return status
