"""Reading what ``nardy analyze`` is given: a game record (INTERFACES.md §4) of any
variant, or a Jellyfish ``.mat`` or GNU Backgammon ``.sgf`` file (backgammon), all
replayed through the rules."""

from __future__ import annotations

from pathlib import Path

from nardy.formats.match_files import read_match
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
    """The match in ``text``: JSON is a game record, ``(;`` an ``.sgf`` file, anything else
    a ``.mat`` file (:func:`nardy.formats.match_files.read_match`).

    >>> parse_match('{"variant": "chess"}')
    Traceback (most recent call last):
    ...
    nardy.analysis.loading.LoadError: the file: unknown variant 'chess' (known: ...)
    """
    try:
        return read_match(text, name)
    except NardyError as error:
        raise LoadError(str(error)) from None
