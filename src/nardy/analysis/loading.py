"""Reading what ``nardy analyze`` is given: a game record (INTERFACES.md §4) of any
variant, or a Jellyfish ``.mat`` file (backgammon), both replayed through the rules."""

from __future__ import annotations

import json
from pathlib import Path

from nardy.formats.jellyfish import read_mat
from nardy.formats.record import replay
from nardy.rules.errors import NardyError
from nardy.rules.match import Match


class LoadError(NardyError):
    """A file that cannot be read as a record or a ``.mat`` file, saying why."""


def load_match(path: str | Path) -> tuple[Match, tuple[str, str]]:
    """The match in the file at ``path`` and its players' names."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LoadError(f"cannot read {path}: {error}") from None
    return parse_match(text, str(path))


def parse_match(text: str, name: str = "the file") -> tuple[Match, tuple[str, str]]:
    """The match in ``text``: JSON is a game record, anything else a ``.mat`` file.

    >>> parse_match('{"variant": "chess"}')
    Traceback (most recent call last):
    ...
    nardy.analysis.loading.LoadError: the file: unknown variant 'chess' (known: ...)
    """
    if text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as error:
            raise LoadError(f"{name} is not valid JSON: {error}") from None
        try:
            match = replay(doc)
        except NardyError as error:
            raise LoadError(f"{name}: {error}") from None
        names = doc.get("players") or ["player 0", "player 1"]
        return match, (str(names[0]), str(names[1]))
    try:
        read = read_mat(text)
    except NardyError as error:
        raise LoadError(f"{name}: {error}") from None
    return read.match, read.players
