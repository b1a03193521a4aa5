"""A match in any of the files nardy reads and writes: its record JSON (INTERFACES.md §4),
Jellyfish ``.mat`` and GNU Backgammon's ``.sgf`` (INTERFACES.md §10).

Reading tells the kinds apart by their first characters, so a pasted text needs no name:
``{`` is a record, ``(;`` an ``.sgf`` file, anything else a ``.mat`` file. Writing is
chosen by a kind name or a file's extension.

>>> from nardy.variants import BACKGAMMON
>>> from nardy.rules.game import MakePlay, OpeningRoll
>>> match = Match.new(BACKGAMMON).apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
>>> sgf = write_match(match, ("Ala", "Ola"), "sgf")
>>> read_match(write_match(read_match(sgf)[0], ("Ala", "Ola"), "json"))[1]
('Ala', 'Ola')
>>> kind_of("game.txt")
Traceback (most recent call last):
...
nardy.formats.match_files.MatchFileError: game.txt: a match file ends in .json, .mat or .sgf
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import PurePath
from typing import Any, Final

from nardy.formats.jellyfish import read_mat, write_mat
from nardy.formats.record import match_to_record, replay
from nardy.formats.sgf import read_sgf, write_sgf
from nardy.rules.errors import NardyError
from nardy.rules.match import Match

KINDS: Final = ("json", "mat", "sgf")
"""The kinds of match file, named as their extensions."""


class MatchFileError(NardyError):
    """A text that is no match nardy reads, or a match a kind of file cannot hold."""


def kind_of(path: str) -> str:
    """The kind of match file ``path`` names by its extension."""
    kind = PurePath(path).suffix.lower().lstrip(".")
    if kind not in KINDS:
        raise MatchFileError(f"{path}: a match file ends in .json, .mat or .sgf")
    return kind


def read_match(text: str, name: str = "the file") -> tuple[Match, tuple[str, str]]:
    """The match in ``text`` (a record, ``.sgf`` or ``.mat``) and its players' names.

    >>> read_match('{"variant": "chess"}')
    Traceback (most recent call last):
    ...
    nardy.formats.match_files.MatchFileError: the file: unknown variant 'chess' (known: ...)
    """
    start = text.lstrip("\ufeff \t\r\n")[:2]
    try:
        if start.startswith("{"):
            try:
                doc = json.loads(text)
            except json.JSONDecodeError as error:
                raise MatchFileError(f"{name} is not valid JSON: {error}") from None
            names = doc.get("players") or ["player 0", "player 1"]
            return replay(doc), (str(names[0]), str(names[1]))
        read = read_sgf(text) if start.startswith("(") else read_mat(text)
    except MatchFileError:
        raise
    except NardyError as error:
        raise MatchFileError(f"{name}: {error}") from None
    return read.match, read.players


def write_match(
    match: Match,
    players: Sequence[str],
    kind: str,
    analysis: Mapping[str, Any] | None = None,
) -> str:
    """``match`` as a ``kind`` file; an ``.sgf`` file also carries ``analysis`` (the review,
    INTERFACES.md §5) the way gnubg keeps its own."""
    try:
        if kind == "json":
            return json.dumps(match_to_record(match, players), ensure_ascii=False) + "\n"
        if kind == "mat":
            return write_mat(match, players)
        if kind == "sgf":
            return write_sgf(match, players, analysis)
    except NardyError as error:
        raise MatchFileError(str(error)) from None
    raise MatchFileError(f"unknown kind of match file {kind!r}: {', '.join(KINDS)}")
