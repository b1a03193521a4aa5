"""Every diagram of the rules pages, by name.

Board diagrams are :class:`~nardy.rulebook.scenes.Scene` values, built from their variant's
own start position; the others come from :mod:`nardy.rulebook.figures`. A page's text
places a diagram with ``{figure:NAME}``; its caption is the text's ``figure.NAME``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from nardy.rulebook import figures
from nardy.rulebook.scenes import Scene, Shift, forbidden, move
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON

Drawing = Callable[[str, str, Mapping[str, str]], str]
"""Draws a diagram: (id prefix, title, the page's words) → SVG."""

# The long-nardy six-block: the first mover holds 10, 9, 8, 7 and 6, and a four would make
# 5 the sixth point in a row. The opponent has left its head (12) only for 11.
BLOCK = (
    Shift(24, 10, 2),
    Shift(24, 9, 2),
    Shift(24, 8),
    Shift(24, 7, 2),
    Shift(24, 6),
    Shift(12, 11, 2, own=False),
)
# Dutch backgammon before the first checker reaches home: four entered, a blot of the
# opponent's on 16 in reach of a three and a four.
DUTCH_ENTERED = (
    Shift("reserve", 19, 2),
    Shift("reserve", 20, 2),
    Shift("reserve", 16, own=False),
    Shift("reserve", 2, 2, own=False),
)
# Backgammon near the end: the first mover has brought everyone home and borne off three.
BEAR_OFF = (
    Shift(24, 6, 2),
    Shift(13, 5, 3),
    Shift(13, 4, 2),
    Shift(8, 4),
    Shift(8, 2, 2),
    Shift(6, "off", 3),
    Shift(1, 20, 2, own=False),
    Shift(12, 21, 5, own=False),
    Shift(17, 22, 3, own=False),
)

NACK_BEAR_OFF = (
    Shift(1, 20, 2, own=False),
    Shift(2, 20, 2, own=False),
    Shift(12, 21, 4, own=False),
    Shift(17, 22, 3, own=False),
    Shift(6, "off", 3),
    Shift(24, 6, 2),
    Shift(23, 6),
    Shift(23, 5),
    Shift(13, 5, 2),
    Shift(13, 4, 2),
    Shift(8, 4),
    Shift(8, 2, 2),
)
HIT_TURNS = (((6, 4), ((24, 18), (13, 9))), ((6, 5), ((13, 7), (13, 8))))
"""The first mover leaves two blots; the opponent hits the one on 18 (its 7)."""

SCENES: dict[str, Scene] = {
    "bg-start": Scene(BACKGAMMON),
    "nack-start": Scene(NACKGAMMON),
    "bg-opening": Scene(BACKGAMMON, dice=(3, 1), marks=(move(8, 5), move(6, 5))),
    "bg-blocked": Scene(
        BACKGAMMON,
        dice=(5, 2),
        marks=(forbidden(24, 19), move(13, 8), move(13, 11)),
        highlight=(19,),
    ),
    "bg-hit": Scene(
        BACKGAMMON,
        turns=HIT_TURNS,
        dice=(5, 4),
        marks=(forbidden(13, 9), move(25, 20), move(6, 2)),
    ),
    "bg-bear-off": Scene(
        BACKGAMMON,
        shifts=BEAR_OFF,
        dice=(6, 3),
        marks=(move(6, 0), forbidden(2, 0), move(5, 2)),
    ),
    "nack-opening": Scene(NACKGAMMON, dice=(3, 1), marks=(move(8, 5), move(6, 5))),
    "nack-blocked": Scene(
        NACKGAMMON,
        dice=(5, 2),
        marks=(forbidden(24, 19), move(13, 8), move(13, 11)),
        highlight=(19,),
    ),
    "nack-hit": Scene(
        NACKGAMMON,
        turns=HIT_TURNS,
        dice=(5, 4),
        marks=(forbidden(13, 9), move(25, 20), move(8, 4)),
    ),
    "nack-bear-off": Scene(
        NACKGAMMON,
        shifts=NACK_BEAR_OFF,
        dice=(6, 3),
        marks=(move(6, 0), forbidden(2, 0), move(5, 2)),
    ),
    "ln-start": Scene(LONG_NARDY, labels=((24, "head"), (12, "opponent_head"))),
    "ln-head": Scene(
        LONG_NARDY, dice=(6, 5), marks=(move(24, 18), forbidden(24, 19), move(18, 13))
    ),
    "ln-head-66": Scene(
        LONG_NARDY, dice=(6, 6), marks=(move(24, 18), move(24, 18), forbidden(18, 12))
    ),
    "ln-head-55-44": Scene(
        LONG_NARDY,
        turns=(((5, 5), ((24, 19), (19, 14), (14, 9), (9, 4))),),
        dice=(4, 4),
        marks=(move(24, 20), forbidden(24, 20), forbidden(20, 16)),
    ),
    "ln-block": Scene(
        LONG_NARDY,
        shifts=BLOCK,
        dice=(4, 1),
        marks=(forbidden(9, 5), move(24, 20), move(7, 6)),
        highlight=(10, 9, 8, 7, 6, 5),
    ),
    "ln-block-ahead": Scene(
        LONG_NARDY,
        shifts=(*BLOCK, Shift(12, 3, own=False)),
        dice=(4, 1),
        marks=(move(9, 5), move(24, 23)),
        highlight=(10, 9, 8, 7, 6, 5),
    ),
    "d-start": Scene(DUTCH),
    "d-entry": Scene(DUTCH, dice=(6, 5), marks=(move(26, 19), move(26, 20))),
    "d-no-hit": Scene(
        DUTCH,
        shifts=DUTCH_ENTERED,
        dice=(4, 3),
        marks=(forbidden(20, 16), forbidden(19, 16), move(26, 21), move(26, 22)),
        highlight=(16,),
    ),
    "d-hit-at-home": Scene(
        DUTCH,
        shifts=(*DUTCH_ENTERED, Shift("reserve", 5)),
        dice=(4, 3),
        marks=(move(20, 16), move(19, 16)),
        highlight=(16,),
    ),
}

OTHERS: dict[str, Drawing] = {
    "cube": figures.cube_svg,
    "crawford": figures.crawford_svg,
    "chouette-seats": figures.chouette_svg,
}

NAMES = (*SCENES, *OTHERS)


def draw(name: str, title: str, words: Mapping[str, str]) -> str:
    """The diagram called ``name`` as SVG."""
    if name in SCENES:
        return SCENES[name].svg(f"fig-{name}", title, words)
    return OTHERS[name](f"fig-{name}", title, words)
