"""A game's plays as players write them: the one text of each play that the states, the
records and every page show.

Each play is written by :func:`nardy.formats.notation.format_play` from the position
before it, seen by its mover: in the mover's own numbering (RULES.md, "How positions are
seen"), hits marked, whoever looks at it.

>>> from nardy.rules.game import Game, MakePlay, OpeningRoll, Roll
>>> from nardy.variants import BACKGAMMON
>>> game = Game.new(BACKGAMMON).apply(OpeningRoll((6, 2)))
>>> game = game.apply(MakePlay(0, ((24, 18), (13, 11))))
>>> game = game.apply(Roll(1, (6, 4))).apply(MakePlay(1, ((13, 9), (13, 7))))
>>> game = game.apply(Roll(0, (5, 5)))
>>> game = game.apply(MakePlay(0, ((25, 20), (20, 15), (13, 8), (13, 8))))
>>> [text for _, text in written_plays(game)]
['24/18 13/11', '13/9 13/7*', 'bar/15 13/8(2)']
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import NamedTuple

from nardy.formats.notation import format_play
from nardy.rules.cells import Cells
from nardy.rules.game import Action, Game
from nardy.rules.position import Position
from nardy.rules.steps import move

MEMORY = 1024
"""How many recent walks are kept (a table's state is built at every version, and each
version adds a few actions to its game: the walk goes on from the last one)."""


class _Walk(NamedTuple):
    """The plays written up to the end of ``actions``, and the cells after them seen by
    player 0, from the start ``start``."""

    start: Cells
    actions: tuple[Action, ...]
    written: tuple[tuple[Action, str], ...]
    cells: Cells


_recent: OrderedDict[int, _Walk] = OrderedDict()
"""Recent walks by the ``id`` of their last action (the walk holds it, so the id stays
its own)."""
_lock = threading.Lock()
"""States may be built in several threads: one at a time changes :data:`_recent`."""


def written_plays(game: Game) -> list[tuple[Action, str]]:
    """Each ``play`` action of ``game``, oldest first, with its text.

    The positions are followed from the start with the plays' own steps (the rules
    checked them when they were made), each turned to its mover's side. A walk goes on
    from a recent walk of the same start and the same actions before, when one is kept.
    """
    start = game.variant.start_position()
    actions = game.actions
    walk = _resumed(start.cells, actions) or _Walk(start.cells, (), (), start.cells)
    written = list(walk.written)
    cells = walk.cells  # seen by player 0
    for action in actions[len(walk.actions) :]:
        if action.type != "play" or action.steps is None:
            continue
        mine = action.player == 1
        seen = Position(start.variant, cells).flipped() if mine else Position(start.variant, cells)
        written.append((action, format_play(seen, action.steps)))
        after = seen.cells
        for source, target in action.steps:
            after = move(after, source, target)
        cells = start.variant.flip(after) if mine else after
    if actions:
        with _lock:
            _recent[id(actions[-1])] = _Walk(start.cells, actions, tuple(written), cells)
            _recent.move_to_end(id(actions[-1]))
            while len(_recent) > MEMORY:
                _recent.popitem(last=False)
    return written


def _resumed(start: Cells, actions: tuple[Action, ...]) -> _Walk | None:
    """A kept walk of the same start over the same first actions (compared by value:
    equal actions from an equal start make equal positions), looked for among the last
    few actions."""
    for end in range(len(actions), max(len(actions) - 12, 0), -1):
        walk = _recent.get(id(actions[end - 1]))
        if walk is not None and walk.start == start and walk.actions == actions[:end]:
            return walk
    return None


def play_texts(game: Game) -> list[str]:
    """The text of each play of ``game``, oldest first."""
    return [text for _, text in written_plays(game)]
