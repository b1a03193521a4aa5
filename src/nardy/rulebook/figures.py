"""The diagrams that are not a board: the cube changing hands, the Crawford game of a
match, and the seats of a chouette turning. Each is worked out by the game, match and
chouette rules of :mod:`nardy.rules`, so a change of rule changes the picture.

>>> [(g.score, g.cube) for g in crawford_story()]
[((0, 0), True), ((2, 0), True), ((2, 1), True), ((4, 1), False), ((4, 2), True)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

from nardy.rules.chouette import Chouette, rotate
from nardy.rules.game import Accept, Double, Game, MakePlay, OpeningRoll, Resign, Take
from nardy.rules.match import Match
from nardy.rules.settings import Settings
from nardy.variants import BACKGAMMON

FONT = 'font-family="system-ui, sans-serif"'
INK, MUTED, PAPER, LINE = "#1f1a14", "#5c5145", "#fffdf8", "#b9a88c"


def _text(
    x: float, y: float, text: str, size: int = 15, weight: int = 400, anchor: str = "start"
) -> str:
    return (
        f'<text x="{x}" y="{y}" {FONT} font-size="{size}" font-weight="{weight}" '
        f'fill="{INK}" text-anchor="{anchor}">{escape(text)}</text>'
    )


def _open(name: str, title: str, width: int, height: int) -> list[str]:
    ids = escape(name)
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'class="rule-diagram" aria-labelledby="{ids}-title">',
        f'<title id="{ids}-title">{escape(title)}</title>',
        f'<rect x="0" y="0" width="{width}" height="{height}" rx="12" fill="{PAPER}" '
        f'stroke="{LINE}"/>',
    ]


# -- the cube (B6)


@dataclass(frozen=True)
class CubeMoment:
    value: int
    """What the cube is worth at this moment (the offered value while a double waits)."""
    owner: int | None
    offered: bool


def cube_story() -> tuple[CubeMoment, ...]:
    """A backgammon game's cube: in the middle, offered by the second player, taken by
    the first, who then owns it."""
    game = Game.new(BACKGAMMON, Settings.for_variant(BACKGAMMON))
    game = game.apply(OpeningRoll((3, 1))).apply(MakePlay(0, ((8, 5), (6, 5))))
    moments = [CubeMoment(game.cube, game.owner, False)]
    game = game.apply(Double(1))
    moments.append(CubeMoment(game.cube * 2, game.owner, True))
    game = game.apply(Take(0))
    moments.append(CubeMoment(game.cube, game.owner, False))
    return tuple(moments)


def cube_svg(name: str, title: str, words: Mapping[str, str]) -> str:
    """Three moments of the cube, each a board seen from above with the cube on it."""
    keys = ("cube_centre", "cube_offered", "cube_taken")
    out = _open(name, title, 720, 250)
    for panel, (moment, key) in enumerate(zip(cube_story(), keys, strict=True)):
        x = 20 + panel * 235
        out.append(f'<g data-cube-moment="{panel}" data-value="{moment.value}">')
        out.append(
            f'<rect x="{x}" y="20" width="210" height="150" rx="8" fill="#eadcbc" '
            f'stroke="#5a361e" stroke-width="6"/>'
        )
        out.append(f'<rect x="{x + 96}" y="20" width="18" height="150" fill="#5a361e"/>')
        out.append(_text(x + 105, 40, words["dark"], 12, 700, "middle"))
        out.append(_text(x + 105, 162, words["light"], 12, 700, "middle"))
        if moment.offered:
            cube_x, cube_y = x + 150, 75  # offered: put on the board in front of the taker
        elif moment.owner is None:
            cube_x, cube_y = x + 88, 75
        else:
            cube_x, cube_y = x + 88, 122 if moment.owner == 0 else 28
        face = 64 if moment.value == 1 else moment.value
        out.append(
            f'<rect x="{cube_x}" y="{cube_y}" width="34" height="34" rx="5" '
            f'fill="#fbf7ee" stroke="{INK}" stroke-width="2"/>'
        )
        out.append(_text(cube_x + 17, cube_y + 24, str(face), 18, 800, "middle"))
        out.extend(_lines(x + 105, 196, words[key], 28))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def _lines(x: float, y: float, text: str, width: int) -> list[str]:
    """``text`` centred at ``x`` in lines of about ``width`` characters."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return [_text(x, y + 18 * n, line, 14, 400, "middle") for n, line in enumerate(lines)]


# -- the Crawford game (B8)


@dataclass(frozen=True)
class MatchGame:
    score: tuple[int, int]
    """The score before the game."""
    cube: bool
    """Whether the cube is in play in this game."""


CRAWFORD_LENGTH = 5
"""The match the Crawford diagram follows."""


def crawford_story() -> tuple[MatchGame, ...]:
    """A 5-point match played by the match rules: light wins a gammon, dark a single game,
    light a gammon (now 4–1: one point from the match), dark the Crawford game, and the
    cube is back for the next."""
    match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": CRAWFORD_LENGTH}))
    for winner, level in ((0, 2), (1, 1), (0, 2), (1, 1)):
        loser = 1 - winner
        match = match.apply(OpeningRoll((6, 1) if loser == 0 else (1, 6)))
        match = match.apply(Resign(loser, level)).apply(Accept(winner))
    return tuple(
        MatchGame(score, game.cube_enabled)
        for score, game in zip(match.scores_before(), match.games, strict=True)
    )


def crawford_svg(name: str, title: str, words: Mapping[str, str]) -> str:
    """The games of :func:`crawford_story` as rows: score before, and whether the cube is
    in play."""
    games = crawford_story()
    height = 64 + 40 * len(games)
    out = _open(name, title, 600, height)
    out.append(_text(24, 36, words["game"], 14, 700))
    out.append(_text(130, 36, f"{words['light']} – {words['dark']}", 14, 700))
    out.append(_text(300, 36, words["cube"], 14, 700))
    for number, game in enumerate(games, 1):
        y = 44 + 40 * number - 14
        crawford = not game.cube
        fill = "#fff1c9" if crawford else PAPER
        out.append(f'<g data-game="{number}" data-cube="{int(game.cube)}">')
        out.append(
            f'<rect x="12" y="{y - 26}" width="576" height="36" rx="6" fill="{fill}" '
            f'stroke="{LINE}"/>'
        )
        out.append(_text(24, y, str(number), 15, 700))
        out.append(_text(130, y, f"{game.score[0]} – {game.score[1]}", 15, 400))
        label = words["crawford_game"] if crawford else words["cube_in_play"]
        out.append(_text(300, y, label, 15, 700 if crawford else 400))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


# -- the chouette's seats (CH1, CH6)

SEATED = ("A", "B", "C", "D")
ROLL_OFF = (6, 5, 3, 2)


def chouette_story() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The order (box, captain, team…) after a roll-off of four, and after the box wins
    or loses the first game."""
    order = Chouette.new(SEATED, BACKGAMMON).roll_off(ROLL_OFF).order
    return order, rotate(order, box_won=True), rotate(order, box_won=False)


def chouette_svg(name: str, title: str, words: Mapping[str, str]) -> str:
    """The seats of :func:`chouette_story`; the players are named by the page's letters."""
    columns = zip(("now", "box_wins", "captain_wins"), chouette_story(), strict=True)
    letters = words["players"].split()
    out = _open(name, title, 720, 230)
    for column, (key, order) in enumerate(columns):
        x = 20 + column * 235
        out.append(f'<g data-order="{"".join(SEATED[i] for i in order)}">')
        out.extend(_lines(x + 105, 34, words[key], 26))
        roles = [words["box"], words["captain"]] + [words["team"]] * (len(order) - 2)
        for row, (seat, role) in enumerate(zip(order, roles, strict=True)):
            y = 84 + row * 36
            colour = "#2e2e33" if row == 0 else "#f4eee3"
            ink = "#ffffff" if row == 0 else INK
            out.append(
                f'<circle cx="{x + 28}" cy="{y - 5}" r="14" fill="{colour}" stroke="{INK}"/>'
            )
            out.append(
                f'<text x="{x + 28}" y="{y}" {FONT} font-size="14" font-weight="800" '
                f'fill="{ink}" text-anchor="middle">{escape(letters[seat])}</text>'
            )
            out.append(_text(x + 52, y, role, 15, 700 if row < 2 else 400))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)
