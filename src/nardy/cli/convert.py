"""``nardy convert IN OUT``: a match between nardy's record (.json), Jellyfish .mat and
GNU Backgammon's .sgf, chosen by the files' extensions (INTERFACES.md §10)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

NAME = "convert"
HELP = "convert a match between record JSON, .mat and .sgf"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="a .json record, .mat or .sgf file")
    parser.add_argument("output", help="the file to write: .json, .mat or .sgf")
    parser.add_argument(
        "--review",
        help="the review 'nardy analyze --json' printed, to mark the errors in an .sgf file",
    )


def run(args: argparse.Namespace) -> int:
    from nardy.formats.match_files import kind_of, read_match, write_match
    from nardy.rules.errors import NardyError

    try:
        kind = kind_of(args.output)
        text = Path(args.input).read_text(encoding="utf-8")
        review = json.loads(Path(args.review).read_text(encoding="utf-8")) if args.review else None
        match, players = read_match(text, args.input)
        Path(args.output).write_text(write_match(match, players, kind, review), encoding="utf-8")
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, NardyError) as error:
        print(f"nardy convert: {error}", file=sys.stderr)
        return 1
    return 0
