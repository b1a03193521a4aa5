"""``nardy position TEXT [--to json|gnubg|xgid]``: a position from one form to another
(INTERFACES.md §10)."""

from __future__ import annotations

import argparse
import sys

NAME = "position"
HELP = "convert a position between position JSON, gnubg IDs and XGID"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from nardy.formats.position_text import FORMS

    parser.add_argument(
        "text", help="position JSON, a gnubg 'PositionID:MatchID' (or Position ID) or an XGID"
    )
    parser.add_argument(
        "--to", choices=FORMS, default="json", help="the form to print (default: json)"
    )


def run(args: argparse.Namespace) -> int:
    from nardy.formats.position_text import read_position, write_position
    from nardy.rules.errors import NardyError

    try:
        print(write_position(read_position(args.text), args.to))
    except NardyError as error:
        print(f"nardy position: {error}", file=sys.stderr)
        return 1
    return 0
