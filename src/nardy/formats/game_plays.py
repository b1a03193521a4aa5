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

from nardy.formats.notation import format_play
from nardy.rules.game import Action, Game
from nardy.rules.position import Position
from nardy.rules.steps import move


def written_plays(game: Game) -> list[tuple[Action, str]]:
    """Each ``play`` action of ``game``, oldest first, with its text.

    The positions are followed from the start with the plays' own steps (the rules
    checked them when they were made), each turned to its mover's side.
    """
    position = game.variant.start_position()  # seen by player 0
    written: list[tuple[Action, str]] = []
    for action in game.actions:
        if action.type != "play" or action.steps is None:
            continue
        mine = action.player == 1
        seen = position.flipped() if mine else position
        written.append((action, format_play(seen, action.steps)))
        cells = seen.cells
        for source, target in action.steps:
            cells = move(cells, source, target)
        after = Position(seen.variant, cells)
        position = after.flipped() if mine else after
    return written


def play_texts(game: Game) -> list[str]:
    """The text of each play of ``game``, oldest first."""
    return [text for _, text in written_plays(game)]
