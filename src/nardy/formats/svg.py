"""A position as an SVG picture, for the rules pages, documents and bug reports.

The board is drawn as the browser client draws it, from the roller's side: the roller's
home board bottom right, points 13 to 24 along the top. Arrows show steps (a ``move`` in
green, a ``forbidden`` one in red with a cross at its end), highlighted points stand out,
and a label can be put under a point. The picture is self-contained: colours are
attributes, not a style sheet, and every id inside it starts with ``name`` so that many
pictures can share a page.

Each checker stack carries ``data-place``, ``data-side`` and ``data-count`` attributes, so
a test can read the position back from the picture.

>>> from nardy.variants import BACKGAMMON
>>> picture = board_svg(BACKGAMMON.start_position(), name="start", title="Backgammon")
>>> picture.startswith("<svg") and 'data-place="13" data-side="own" data-count="5"' in picture
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape

from nardy.rules.position import Position

W, H = 744, 496
FRAME = 14
SIDE = 56
PW = 44
"""The width of a point."""
STRIP = 24
FIELD_TOP, FIELD_BOTTOM = STRIP, H - STRIP
MID = H / 2
R = 19
"""A checker's radius."""
TIP = 184
STACK = 200
"""The room a stack of checkers may fill along a point."""
BAR_X, BAR_W = 348, 48
SLAB = 10
"""A checker seen edge-on, in a tray."""

BAR, RESERVE, OFF = 25, 26, 0
"""The step numbers of the roller's bar, reserve and borne-off tray (INTERFACES.md §2)."""

LIGHT = {"body": "#f4eee3", "edge": "#8b7b66", "ring": "#cfc3ad", "text": "#1f1a14"}
DARK = {"body": "#2e2e33", "edge": "#000000", "ring": "#606066", "text": "#ffffff"}
ARROW_COLOURS = {"move": "#1e7a3c", "forbidden": "#b3261e"}


@dataclass(frozen=True)
class Arrow:
    """A step drawn on the board: ``source`` and ``target`` as in a play's steps."""

    source: int
    target: int
    kind: str = "move"
    """``move`` (a legal step) or ``forbidden`` (a step the rules refuse)."""
    before: Position | None = None
    """The position the step is taken from, when it is not the one drawn (the second
    step of a play starts where the first ended)."""


def point_x(point: int) -> int:
    """The left edge of a point, home board bottom right."""
    if point <= 6:
        return 660 - point * PW
    if point <= 12:
        return 348 - (point - 6) * PW
    if point <= 18:
        return 84 + (point - 13) * PW
    return 396 + (point - 19) * PW


def slot(place: int | str, index: int, count: int) -> tuple[float, float]:
    """The centre of the ``index``-th checker of a stack of ``count`` at ``place``:
    a point, ``BAR``/``RESERVE``/``OFF`` for the roller, ``"obar"``/``"ores"``/``"ooff"``
    for the opponent."""
    if isinstance(place, int) and 1 <= place <= 24:
        x = point_x(place) + PW / 2
        step = 2 * R + 2 if count <= 5 else (STACK - 2 * R) / (count - 1)
        if place >= 13:
            return x, FIELD_TOP + R + 1 + index * step
        return x, FIELD_BOTTOM - R - 1 - index * step
    step = 2 * R if count <= 4 else 170 / count
    if place == BAR:
        return BAR_X + BAR_W / 2, MID - 30 - index * step
    if place == "obar":
        return BAR_X + BAR_W / 2, MID + 30 + index * step
    tray = W - FRAME - SIDE / 2
    reserve = FRAME + SIDE / 2
    if place == OFF:
        return tray, FIELD_BOTTOM - 10 - index * (SLAB + 1)
    if place == "ooff":
        return tray, FIELD_TOP + 10 + index * (SLAB + 1)
    if place == RESERVE:
        return reserve, FIELD_BOTTOM - 10 - index * (SLAB + 1)
    if place == "ores":
        return reserve, FIELD_TOP + 10 + index * (SLAB + 1)
    raise ValueError(f"no place {place!r} on the board")


def board_svg(
    position: Position,
    *,
    name: str,
    title: str,
    arrows: Iterable[Arrow] = (),
    highlight: Iterable[int] = (),
    labels: Mapping[int, str] | None = None,
    dice: tuple[int, int] | None = None,
    own_colour: str = "light",
    cube: tuple[int, str] | None = None,
) -> str:
    """``position`` drawn from the roller's side (see the module docstring).

    ``own_colour`` is the roller's colour, ``light`` or ``dark``. ``cube`` is the cube's
    value and where it lies: ``centre``, ``own`` or ``opponent``.
    """
    own, opponent = (LIGHT, DARK) if own_colour == "light" else (DARK, LIGHT)
    ids = escape(name)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
        f'class="board-diagram" aria-labelledby="{ids}-title">',
        f'<title id="{ids}-title">{escape(title)}</title>',
        _defs(ids),
        f'<rect x="0" y="0" width="{W}" height="{H}" rx="14" fill="#5a361e"/>',
    ]
    for x in (84, 396):
        out.append(
            f'<rect x="{x}" y="{FIELD_TOP}" width="{6 * PW}" height="{FIELD_BOTTOM - FIELD_TOP}"'
            ' fill="#eadcbc"/>'
        )
    out.append(f'<rect x="{BAR_X}" y="0" width="{BAR_W}" height="{H}" fill="#4a2c17"/>')
    for x in (FRAME, W - FRAME - SIDE):
        out.append(
            f'<rect x="{x}" y="{FIELD_TOP}" width="{SIDE}" height="{FIELD_BOTTOM - FIELD_TOP}"'
            ' rx="6" fill="#3d2414"/>'
        )
    marked = set(highlight)
    for point in range(1, 25):
        out.append(_point(point, point in marked))
    heads = position.variant.heads
    for point in range(1, 25):
        middle = point_x(point) + PW / 2
        y = 16 if point >= 13 else H - 8
        colour = "#ffd66b" if heads and point in heads else "#f3e6cf"
        out.append(
            f'<text x="{middle}" y="{y}" fill="{colour}" font-family="system-ui, sans-serif" '
            f'font-size="12" font-weight="700" text-anchor="middle">{point}</text>'
        )
    board = position.board
    for point in range(1, 25):
        count = board[point - 1]
        if count:
            side = "own" if count > 0 else "opponent"
            out.append(_stack(point, abs(count), own if count > 0 else opponent, side))
    bar_own, bar_opp = position.bar
    out.append(_stack(BAR, bar_own, own, "own"))
    out.append(_stack("obar", bar_opp, opponent, "opponent"))
    out.append(_stack(OFF, position.off[0], own, "own"))
    out.append(_stack("ooff", position.off[1], opponent, "opponent"))
    out.append(_stack(RESERVE, position.reserve[0], own, "own"))
    out.append(_stack("ores", position.reserve[1], opponent, "opponent"))
    for point, text in (labels or {}).items():
        out.append(_label(point, text))
    if dice is not None:
        out.append(_dice(dice, own))
    if cube is not None:
        out.append(_cube(*cube))
    for arrow in arrows:
        out.append(_arrow(arrow, position, ids))
    out.append("</svg>")
    return "\n".join(part for part in out if part)


def _defs(ids: str) -> str:
    markers = "".join(
        f'<marker id="{ids}-{kind}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        f'fill="{colour}"/></marker>'
        for kind, colour in ARROW_COLOURS.items()
    )
    return f"<defs>{markers}</defs>"


def _point(point: int, marked: bool) -> str:
    x = point_x(point)
    top = point >= 13
    base = FIELD_TOP if top else FIELD_BOTTOM
    tip = FIELD_TOP + TIP if top else FIELD_BOTTOM - TIP
    colour = "#a3412c" if point % 2 else "#2f5e5a"
    shape = f'points="{x + 1},{base} {x + PW - 1},{base} {x + PW / 2},{tip}"'
    drawn = f'<polygon {shape} fill="{colour}"/>'
    if marked:
        y = FIELD_TOP if top else FIELD_BOTTOM - STACK - 8
        drawn += (
            f'<rect x="{x + 2}" y="{y}" width="{PW - 4}" height="{STACK + 8}" rx="6" '
            f'fill="#ffd66b" fill-opacity="0.35" stroke="#b07d00" stroke-width="2" '
            f'data-highlight="{point}"/>'
        )
    return drawn


def _stack(place: int | str, count: int, colour: Mapping[str, str], side: str) -> str:
    if not count:
        return ""
    edge_on = place in (OFF, "ooff", RESERVE, "ores")
    parts = [f'<g data-place="{place}" data-side="{side}" data-count="{count}">']
    for index in range(count):
        x, y = slot(place, index, count)
        if edge_on:
            parts.append(
                f'<rect x="{x - 20}" y="{y - SLAB / 2}" width="40" height="{SLAB}" rx="3" '
                f'fill="{colour["body"]}" stroke="{colour["edge"]}"/>'
            )
        else:
            parts.append(
                f'<circle cx="{x}" cy="{y + 1.5}" r="{R}" fill="#000000" fill-opacity="0.3"/>'
                f'<circle cx="{x}" cy="{y}" r="{R}" fill="{colour["body"]}" '
                f'stroke="{colour["edge"]}" stroke-width="1.2"/>'
                f'<circle cx="{x}" cy="{y}" r="{R - 6}" fill="none" stroke="{colour["ring"]}" '
                'stroke-width="1.5"/>'
            )
    if edge_on or count > 5:
        x, y = slot(place, count - 1, count)
        if edge_on:
            y += 18 if place in ("ooff", "ores") else -14
            fill = "#ffe9b8"
        else:
            y += 5
            fill = colour["text"]
        parts.append(
            f'<text x="{x}" y="{y}" fill="{fill}" font-family="system-ui, sans-serif" '
            f'font-size="15" font-weight="700" text-anchor="middle">{count}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _label(point: int, text: str) -> str:
    """A word under a point's stack, reaching into the board (never past its edge)."""
    left = point_x(point) < W / 2
    x = point_x(point) + 4 if left else point_x(point) + PW - 4
    y = FIELD_TOP + STACK + 26 if point >= 13 else FIELD_BOTTOM - STACK - 14
    anchor = "start" if left else "end"
    return (
        f'<text x="{x}" y="{y}" fill="#3b2415" font-family="system-ui, sans-serif" '
        f'font-size="14" font-weight="700" text-anchor="{anchor}" data-label="{point}">'
        f"{escape(text)}</text>"
    )


PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice(dice: tuple[int, int], colour: Mapping[str, str]) -> str:
    size = 38
    parts = ['<g data-dice="{}-{}">'.format(*dice)]
    for n, value in enumerate(dice):
        x, y = 480 + n * (size + 10), MID - size / 2
        parts.append(
            f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="7" '
            f'fill="{colour["body"]}" stroke="{colour["edge"]}" stroke-width="1.5"/>'
        )
        for dx, dy in PIPS[value]:
            parts.append(
                f'<circle cx="{x + size / 2 + dx * size * 0.26}" '
                f'cy="{y + size / 2 + dy * size * 0.26}" r="{size * 0.09}" '
                f'fill="{colour["text"]}"/>'
            )
    parts.append("</g>")
    return "".join(parts)


def _cube(value: int, where: str) -> str:
    size = 40
    x = BAR_X + (BAR_W - size) / 2
    y = {"centre": MID - size / 2, "own": FIELD_BOTTOM - size - 8, "opponent": FIELD_TOP + 8}[where]
    face = 64 if value == 1 else value
    return (
        f'<g data-cube="{value}" data-cube-at="{where}"><rect x="{x}" y="{y}" width="{size}" '
        f'height="{size}" rx="6" fill="#fbf7ee" stroke="#1f1a14" stroke-width="2"/>'
        f'<text x="{x + size / 2}" y="{y + size / 2 + 7}" font-family="system-ui, sans-serif" '
        f'font-size="20" font-weight="800" text-anchor="middle" fill="#1f1a14">{face}</text></g>'
    )


def _end(place: int, position: Position, leaving: bool) -> tuple[float, float]:
    """Where an arrow starts (the top checker) or ends (the next free slot)."""
    if 1 <= place <= 24:
        count = abs(position.board[place - 1])
        if leaving:
            return slot(place, max(count - 1, 0), max(count, 1))
        own = max(position.board[place - 1], 0)
        return slot(place, min(own, 4), min(own, 4) + 1)
    if place == BAR:
        return slot(BAR, 0, 1)
    if place == RESERVE:
        return slot(RESERVE, max(position.reserve[0] - 1, 0), max(position.reserve[0], 1))
    return slot(OFF, position.off[0], position.off[0] + 1)


def _arrow(arrow: Arrow, position: Position, ids: str) -> str:
    position = arrow.before or position
    x1, y1 = _end(arrow.source, position, leaving=True)
    x2, y2 = _end(arrow.target, position, leaving=False)
    colour = ARROW_COLOURS[arrow.kind]
    # bend towards the middle of the board, over the empty part of the points
    bend = 60 if (y1 + y2) / 2 < MID else -60
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2 + (bend if abs(y1 - y2) < 120 else 0)
    if abs(y1 - y2) >= 120:
        cx += 40 if x2 < x1 else -40
    dash = ' stroke-dasharray="8 6"' if arrow.kind == "forbidden" else ""
    drawn = (
        f'<path d="M{x1:.1f},{y1:.1f} Q{cx:.1f},{cy:.1f} {x2:.1f},{y2:.1f}" fill="none" '
        f'stroke="{colour}" stroke-width="4" stroke-linecap="round"{dash} '
        f'marker-end="url(#{ids}-{arrow.kind})" data-arrow="{arrow.source}-{arrow.target}" '
        f'data-kind="{arrow.kind}"/>'
    )
    if arrow.kind == "forbidden":
        drawn += (
            f'<path d="M{x2 - 11:.1f},{y2 - 11:.1f} l22,22 m0,-22 l-22,22" stroke="{colour}" '
            'stroke-width="5" stroke-linecap="round"/>'
        )
    return drawn
