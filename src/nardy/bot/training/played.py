"""Positions from played games: the site's records, ``.mat`` and ``.sgf`` files, read for
labels (``nardy label --from``).

Self-play shows a network the positions its own play leads to, and a benchmark player's
games the positions of one more style; people lead it elsewhere again. Each match is
replayed through the rules, and every position a player was about to roll in is kept as
that player saw it (the roller's view, as :func:`~nardy.bot.training.label.collect` keeps
self-play's), once, in the order first met.

>>> from nardy.rules.game import MakePlay, OpeningRoll, Roll
>>> from nardy.rules.match import Match
>>> from nardy.variants import BACKGAMMON
>>> match = Match.new(BACKGAMMON).apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
>>> match = match.apply(Roll(1, (6, 4)))
>>> before_rolls(match) == [match.game.view(1).cells]
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from nardy.formats.match_files import KINDS, MatchFileError, read_match
from nardy.formats.record import action_events
from nardy.rules.cells import SIZE, Cells
from nardy.rules.errors import NardyError
from nardy.rules.match import Match
from nardy.rules.variant import Variant

SUFFIXES: Final = tuple(f".{kind}" for kind in KINDS)
"""The files a folder is searched for."""


def match_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files named, and the match files (:data:`SUFFIXES`) anywhere under the folders
    named, in a stable order; a path that does not exist is refused."""
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix.lower() in SUFFIXES)
        elif path.exists():
            found.append(path)
        else:
            raise MatchFileError(f"{path}: no such file or folder")
    return found


def before_rolls(match: Match) -> list[Cells]:
    """The roller's cells before each recorded roll of ``match``, replayed from its start."""
    replay = Match.new(match.variant, match.settings)
    found: list[Cells] = []
    for game in match.games:
        for action in game.actions:
            if action.type == "roll" and action.player is not None:
                found.append(replay.game.view(action.player).cells)
            for event in action_events(action):
                replay = replay.apply(event)
    return found


@dataclass(frozen=True)
class Played:
    """What a search of match files found for one variant."""

    cells: npt.NDArray[np.int64]
    """Distinct positions before a roll (N×30), in the order first met."""
    matches: int
    """The matches of the variant they come from."""
    skipped: tuple[str, ...]
    """Each file left out, with why: another variant, or not a match file."""


def played_positions(variant: Variant, files: Sequence[Path]) -> Played:
    """Every distinct position before a roll in the matches of ``variant`` in ``files``."""
    seen: dict[Cells, None] = {}
    matches = 0
    skipped: list[str] = []
    for path in files:
        try:
            match, _ = read_match(path.read_text(encoding="utf-8"), str(path))
            if match.variant.name != variant.name:
                skipped.append(f"{path}: a match of {match.variant.name}")
                continue
            positions = before_rolls(match)
        except (OSError, UnicodeDecodeError, NardyError) as error:
            skipped.append(f"{path}: {error}")
            continue
        matches += 1
        seen.update(dict.fromkeys(positions))
    cells = np.array(list(seen), dtype=np.int64).reshape(-1, SIZE)
    return Played(cells, matches, tuple(skipped))


def sample(cells: npt.NDArray[np.int64], count: int, seed: int) -> npt.NDArray[np.int64]:
    """At most ``count`` of the rows, drawn by ``seed`` without repeats, in their order.

    >>> sample(np.arange(10).reshape(5, 2), 3, seed=1).shape
    (3, 2)
    >>> sample(np.arange(4).reshape(2, 2), 3, seed=1).tolist()
    [[0, 1], [2, 3]]
    """
    if len(cells) <= count:
        return cells
    keep = np.sort(np.random.default_rng(seed).choice(len(cells), count, replace=False))
    chosen: npt.NDArray[np.int64] = cells[keep]
    return chosen
