"""Jellyfish ``.mat`` match files: a backgammon match written as text, and read back.

The writer and the reader share the column layout and the cell grammar, so they stay in one
module of about 500 lines, where the two cannot drift apart.

The format was never formally specified; this module writes what GNU Backgammon 1.07
writes (``export match mat``) and reads what gnubg, eXtreme Gammon and similar programs
write. A file is a few optional ``; [Key "Value"]`` lines, the match length
(`` 5 point match``; 0 for a money session), then each game: `` Game k``, a line with
both players' names and scores before the game, and numbered lines of two columns, the
left for player 0 and the right for player 1. Each cell is one action of its column's
player, in the order they happened:

- ``52: 13/8 6/4`` is a roll and its play, steps in the mover's own numbering, ``25`` for
  the bar, ``0`` for bearing off, ``*`` after a step that hits; ``66:`` alone is a roll
  that cannot be played. The first roll of a game is the opening roll-off (RULES.md B5).
- `` Doubles => 2``, `` Takes``, `` Drops`` are cube actions.
- `` Wins 2 points`` ends the game (`` and the match`` when it ends the match). A win that
  follows no drop and no last checker borne off is the loser's accepted resignation.

Reading replays every action through the rules, so a file that loads is legal play. A
play is matched to the legal play with the same final position (RULES.md C5), so other
programs' notation (``bar/20*``, ``6/off``, ``13/8(2)``, ``24/13``) reads too.

What the format cannot hold, and is therefore left out when writing: the tied attempts of
the opening roll-off and resignations that were declined. Automatic doubles and
"backgammon counts as gammon" cannot be written at all (:class:`MatError`).

>>> from nardy.variants import BACKGAMMON
>>> from nardy.rules.game import Double, Drop, MakePlay, OpeningRoll, Roll
>>> from nardy.rules.settings import Settings
>>> match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 1}))
>>> match = match.apply(OpeningRoll((5, 2))).apply(MakePlay(0, ((13, 8), (6, 4))))
>>> match = match.apply(Roll(1, (6, 4))).apply(MakePlay(1, ((24, 18), (18, 14))))
>>> text = write_mat(match, ("Ala", "Ola"))
>>> print(text, end="")
 1 point match
<BLANKLINE>
 Game 1
 Ala : 0                        Ola : 0
  1) 52: 13/8 6/4                64: 24/18 18/14
<BLANKLINE>
>>> read_mat(text).match.games[0].actions == match.games[0].actions
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

from nardy.formats.notation import parse_play
from nardy.rules.cells import OPP_BAR
from nardy.rules.errors import NardyError
from nardy.rules.game import (
    Accept,
    Action,
    Double,
    Drop,
    Event,
    Game,
    MakePlay,
    OpeningRoll,
    Phase,
    Resign,
    Roll,
    Take,
)
from nardy.rules.match import Match
from nardy.rules.plays import Dice, Step, legal_plays
from nardy.rules.position import Position
from nardy.rules.settings import Settings
from nardy.rules.turn import Turn
from nardy.rules.variant import MAT, Variant
from nardy.variants import VARIANTS

RIGHT_COLUMN = 33
"""Where the right-hand cell of a move line starts (as gnubg writes it)."""
LEFT_WIDTH = 28
"""The width of the left-hand cell; a longer one is followed by two spaces."""
SPLIT_COLUMN = 20
"""A lone cell that starts at or after this column is in the right-hand column."""
SCORE_WIDTH = 32
"""Where the second player's name starts on a game's score line."""
PLAIN = "Backgammon"
"""The ``Variation`` of a file that has no such header."""


def variations() -> dict[str, Variant]:
    """The ``; [Variation "..."]`` values this module reads, lower case, and their variants:
    those whose ``formats`` hold :data:`~nardy.rules.variant.MAT`.

    >>> sorted(variations())
    ['backgammon', 'nackgammon']
    """
    known: dict[str, Variant] = {}
    for variant in VARIANTS.values():  # the first to claim a variation keeps it
        if MAT in variant.formats:
            known.setdefault((variant.mat_variation or PLAIN).lower(), variant)
    return known


class MatError(NardyError):
    """A ``.mat`` file that cannot be read, or a match that cannot be written as one.

    ``line`` (counted from 1) says where in the file, when known.
    """

    def __init__(self, message: str, line: int | None = None):
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


@dataclass(frozen=True)
class MatMatch:
    """A match read from a ``.mat`` file and its players' names (left column first)."""

    match: Match
    players: tuple[str, str]


# ----------------------------------------------------------------------------- writing


def write_mat(
    match: Match, players: Sequence[str] = ("player 0", "player 1"), *, date: str | None = None
) -> str:
    """``match`` as a ``.mat`` file; ``date`` (``"2024.05.17"``) goes in an EventDate line.

    >>> from nardy.variants import LONG_NARDY
    >>> write_mat(Match.new(LONG_NARDY))
    Traceback (most recent call last):
    ...
    nardy.formats.jellyfish.MatError: a .mat file holds backgammon or nackgammon, not long-nardy
    """
    _check_writable(match, players)
    settings = match.settings
    head = []
    if date:
        head.append(f'; [EventDate "{date}"]')
    if match.variant.mat_variation:
        head.append(f'; [Variation "{match.variant.mat_variation}"]')
    if settings.match_to and not settings.crawford:
        head.append('; [Crawford "Off"]')
    if not settings.cube:
        head.append('; [CubeLimit "1"]')
    if settings.jacoby:
        head.append('; [Jacoby "On"]')
    lines = [*head, ""] if head else []
    lines += [f" {settings.match_to} point match", ""]
    begun = [(g, s) for g, s in zip(match.games, match.scores_before(), strict=True) if g.actions]
    for number, (game, before) in enumerate(begun, 1):
        lines.append(f" Game {number}")
        left = f" {players[0]} : {before[0]}"
        lines.append(left.ljust(max(SCORE_WIDTH, len(left) + 2)) + f"{players[1]} : {before[1]}")
        lines.extend(_rows(game, before, settings.match_to))
        lines.append("")
    return "\n".join(lines) + "\n"


def _check_writable(match: Match, players: Sequence[str]) -> None:
    if MAT not in match.variant.formats:
        held = " or ".join(variant.name for variant in variations().values())
        raise MatError(f"a .mat file holds {held}, not {match.variant.name}")
    if match.settings.auto_doubles:
        raise MatError("a .mat file cannot record automatic doubles (auto_doubles)")
    if match.settings.backgammon_value != 3:
        raise MatError("a .mat file cannot record 'backgammon counts as gammon'")
    if len(players) != 2:
        raise MatError("a .mat file has two players")
    for name in players:
        if not name.strip() or any(c in name for c in ":\n\r"):
            raise MatError(f"a player's name in a .mat file cannot be empty or hold ':', {name!r}")


def _rows(game: Game, before: tuple[int, int], match_to: int) -> list[str]:
    """The move lines of ``game``: its cells laid out in two columns."""
    rows: list[list[str]] = []
    numbered: list[bool] = []
    for player, cell in _cells(game):
        if player == 1 and rows and not rows[-1][1]:
            rows[-1][1] = cell
        else:
            rows.append([cell, ""] if player == 0 else ["", cell])
            numbered.append(True)
    result = game.result
    if result is not None and result.winner is not None:
        points = result.points
        cell = f" Wins {points} point{'s' if points != 1 else ''}"
        if match_to and before[result.winner] + points >= match_to:
            cell += " and the match"
        if result.winner == 1 and rows and not rows[-1][1]:
            rows[-1][1] = cell
        else:
            rows.append([cell, ""] if result.winner == 0 else ["", cell])
            numbered.append(False)
    lines = []
    count = 0
    for (left, right), number in zip(rows, numbered, strict=True):
        count += number
        prefix = f"{count:3d}) " if number else " " * 5
        line = prefix + left.ljust(max(LEFT_WIDTH, len(left) + 2)) + right
        lines.append(line.rstrip())
    return lines


def _cells(game: Game) -> Iterator[tuple[int, str]]:
    """Each action of ``game`` that the format records, as ``(player, cell text)``."""
    position = game.variant.start_position()
    cube = 1
    pending: tuple[int, Dice] | None = None
    for action in game.actions:
        match action.type:
            case "opening":
                dice = (action.attempts or ((1, 1),))[-1]
                if dice[0] != dice[1]:
                    pending = (0 if dice[0] > dice[1] else 1, dice)
            case "roll":
                assert action.player is not None and action.dice is not None
                pending = (action.player, action.dice)
            case "play":
                assert action.player is not None and action.dice is not None
                moves, position = _play_text(position, action)
                yield action.player, f"{action.dice[0]}{action.dice[1]}:{moves}"
                pending = None
            case "double":
                assert action.player is not None
                yield action.player, f" Doubles => {cube * 2}"
            case "take":
                assert action.player is not None
                cube *= 2
                yield action.player, " Takes"
            case "drop":
                assert action.player is not None
                yield action.player, " Drops"
            case "accept" if pending is not None:
                yield pending[0], f"{pending[1][0]}{pending[1][1]}:"  # rolled, then resigned


def _play_text(position: Position, action: Action) -> tuple[str, Position]:
    """The steps of a play as the format writes them, and the position after it, seen
    from the next player."""
    assert action.dice is not None and action.steps is not None
    turn = Turn.begin(position, action.dice)
    parts = []
    for step in action.steps:
        hits = turn.current[OPP_BAR]
        turn = turn.step(step)
        parts.append(f" {step[0]}/{step[1]}{'*' if turn.current[OPP_BAR] > hits else ''}")
    return "".join(parts), turn.position.flipped()


# ----------------------------------------------------------------------------- reading

_HEADER = re.compile(r'^\s*[;#]\s*\[\s*([^"\]]+?)\s+"([^"]*)"\s*\]')
_LENGTH = re.compile(r"^\s*(\d+)\s+point\s+match\b", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_SCORES = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
_NUMBER = re.compile(r"^\s*\d+\)")
_CELL = re.compile(
    r"(?<!\S)(?:[1-6][1-6]:|(?:doubles?|beavers?|raccoons?|takes?|accepts?|drops?|passes"
    r"|rejects?|wins?)\b)",
    re.IGNORECASE,
)
_ROLL = re.compile(r"^([1-6])([1-6]):\s*(.*)$")
_WINS = re.compile(r"^wins?\s+(\d+)\s+points?(\s+and\s+the\s+match)?$", re.IGNORECASE)
_DOUBLE = re.compile(r"^(doubles?|beavers?|raccoons?)\s*(?:=>\s*(\d+))?$", re.IGNORECASE)
_NO_MOVE = re.compile(r"^(cannot\s+move|\?+|-)?$", re.IGNORECASE)
_EDGE = re.compile(r"(?<![0-9a-z])(25|0)(?![0-9])", re.IGNORECASE)


@dataclass(frozen=True)
class _Cell:
    player: int
    text: str
    line: int


@dataclass
class _GameText:
    number: int
    line: int
    players: tuple[str, str]
    score: tuple[int, int]
    cells: list[_Cell]


def read_mat(text: str) -> MatMatch:
    """The match a ``.mat`` file records, replayed through the rules.

    Raises :class:`MatError` for a file that is not a ``.mat`` file, for the first action
    the rules do not allow (with its line) and for scores the replay does not reproduce.

    >>> read_mat(" 3 point match\\n\\n Game 1\\n a : 0   b : 0\\n  1) 33: 8/5 8/5 6/3 6/3\\n")
    Traceback (most recent call last):
    ...
    nardy.formats.jellyfish.MatError: line 5: the opening roll cannot be a double, 33
    """
    lines = text.lstrip("\ufeff").splitlines()
    headers: dict[str, str] = {}
    length: int | None = None
    at = 0
    while at < len(lines) and length is None:
        line = lines[at]
        at += 1
        if found := _HEADER.match(line):
            headers[found[1].lower()] = found[2]
        elif found := _LENGTH.match(line):
            length = int(found[1])
        elif line.strip() and line.lstrip()[0] not in ";#":
            raise MatError("a .mat file starts with its length, e.g. ' 5 point match'", at)
    if length is None:
        raise MatError("not a .mat file: there is no ' N point match' line")
    games = _games(lines, at)
    if not games:
        raise MatError("the file has no games")
    match = Match.new(*_rules(headers, length))
    for game in games:
        match = _replay_game(match, game, game is games[-1])
    return MatMatch(match, games[0].players)


def _rules(headers: dict[str, str], length: int) -> tuple[Variant, Settings]:
    known = variations()
    name = headers.get("variation", PLAIN).lower()
    if name not in known:
        raise MatError(f"cannot read a .mat file of {headers['variation']!r}")
    variant = known[name]
    values: dict[str, object] = {"match_to": length}
    if headers.get("cubelimit", "").strip() == "1":
        values["cube"] = False
    if length and headers.get("crawford", "").lower() == "off":
        values["crawford"] = False
    if not length and headers.get("jacoby", "").lower() == "on":
        values["jacoby"] = True
    return variant, Settings.for_variant(variant, values)


def _games(lines: list[str], at: int) -> list[_GameText]:
    """Each game's header and cells, in order."""
    games: list[_GameText] = []
    while at < len(lines):
        line, at = lines[at], at + 1
        if not line.strip() or line.lstrip()[0] in ";#":
            continue
        if found := _GAME.match(line):
            while at < len(lines) and not lines[at].strip():
                at += 1
            scores = _SCORES.match(lines[at]) if at < len(lines) else None
            if scores is None:
                raise MatError("a game starts with 'name : score   name : score'", at + 1)
            names = (scores[1], scores[3])
            games.append(_GameText(int(found[1]), at, names, (int(scores[2]), int(scores[4])), []))
            at += 1
            continue
        if not games:
            raise MatError(f"unexpected text before the first game: {line.strip()!r}", at)
        games[-1].cells.extend(_line_cells(line, at))
    return games


def _line_cells(line: str, number: int) -> list[_Cell]:
    """The one or two cells of a move line, each with the player of its column."""
    body = line.rstrip()
    found = _NUMBER.match(body)
    start = found.end() if found else 0
    starts = [m.start() for m in _CELL.finditer(body, start)]
    if not starts or body[start : starts[0]].strip():
        raise MatError(f"cannot read {body.strip()!r}", number)
    if len(starts) > 2:
        raise MatError(f"more than two actions on one line: {body.strip()!r}", number)
    texts = [body[a:b].strip() for a, b in zip(starts, [*starts[1:], len(body)], strict=True)]
    if len(texts) == 2:
        return [_Cell(0, texts[0], number), _Cell(1, texts[1], number)]
    return [_Cell(1 if starts[0] >= SPLIT_COLUMN else 0, texts[0], number)]


def _replay_game(match: Match, game: _GameText, last: bool) -> Match:
    if match.is_over():
        raise MatError(f"game {game.number} comes after the end of the match", game.line)
    if game.score != match.score:
        raise MatError(
            f"game {game.number} starts at {game.score[0]}-{game.score[1]} in the file, "
            f"but the games before it make {match.score[0]}-{match.score[1]}",
            game.line,
        )
    index = len(match.games) - 1
    unplayed: _Cell | None = None
    for cell in game.cells:
        current = match.games[index]
        if unplayed and current.phase is Phase.MOVING and not _WINS.match(cell.text):
            raise MatError(
                f"the roll {unplayed.text} can be played, but no play is written",
                unplayed.line,
            )
        match, unplayed = _apply_cell(match, index, cell)
    ended = match.games[index]
    if ended.phase is not Phase.OVER and not last:
        raise MatError(f"game {game.number} does not end", game.line)
    return match


def _apply_cell(match: Match, index: int, cell: _Cell) -> tuple[Match, _Cell | None]:
    """``match`` after one cell; and the cell, when it is a roll left unplayed."""
    game, player, text = match.games[index], cell.player, cell.text
    if roll := _ROLL.match(text):
        dice = (int(roll[1]), int(roll[2]))
        if game.phase is Phase.OPENING:
            if dice[0] == dice[1]:
                raise MatError(f"the opening roll cannot be a double, {text[:2]}", cell.line)
            if (dice[0] > dice[1]) != (player == 0):
                dice = (dice[1], dice[0])
            match = _apply(match, [OpeningRoll(dice)], cell)
        else:
            match = _apply(match, [Roll(player, dice)], cell)
        moves = roll[3].strip()
        if _NO_MOVE.match(moves):
            if legal_plays(match.games[index].position, dice):
                return match, cell
            return _apply(match, [MakePlay(player, (), dice)], cell), None
        return _apply(match, [_play(match.games[index], player, dice, moves, cell)], cell), None
    if double := _DOUBLE.match(text):
        if double[1].lower().startswith(("beaver", "raccoon")):
            raise MatError("beavers and raccoons are not in the rules", cell.line)
        if double[2] and int(double[2]) != game.cube * 2:
            raise MatError(
                f"the cube is at {game.cube}, it cannot be doubled to {double[2]}", cell.line
            )
        return _apply(match, [Double(player)], cell), None
    word = text.split()[0].lower()
    if word.startswith(("take", "accept")):
        return _apply(match, [Take(player)], cell), None
    if word.startswith(("drop", "pass", "reject")):
        return _apply(match, [Drop(player)], cell), None
    wins = _WINS.match(text)
    if wins is None:
        raise MatError(f"cannot read {text!r}", cell.line)
    points = int(wins[1])
    if game.phase is not Phase.OVER:
        level = 1 if points <= game.cube else 2 if points <= 2 * game.cube else 3
        match = _apply(match, [Resign(1 - player, level), Accept(player)], cell)
    result = match.games[index].result
    assert result is not None
    if (result.winner, result.points) != (player, points):
        raise MatError(
            f"the file says player {player} wins {points}, but the game gives "
            f"player {result.winner} {result.points}",
            cell.line,
        )
    return match, None


def _play(game: Game, player: int, dice: Dice, moves: str, cell: _Cell) -> MakePlay:
    """The play ``moves`` describes: its steps as written when they are single legal
    steps, else the legal play with the same final position."""
    steps = _steps(moves)
    if steps is not None:
        try:
            game.apply(MakePlay(player, steps, dice))
            return MakePlay(player, steps, dice)
        except NardyError:
            pass
    named = _EDGE.sub(lambda m: "bar" if m[1] == "25" else "off", moves)
    try:
        return MakePlay(player, parse_play(named, game.position, dice).steps, dice)
    except NardyError as error:
        raise MatError(str(error), cell.line) from None


def _steps(moves: str) -> tuple[Step, ...] | None:
    """The single steps written in ``moves`` (``25/20* 6/0 8/5(2)``), or None when the
    text is not only ``from/to`` steps.

    >>> _steps("25/20* 6/0 8/5(2) 24/18/13")
    ((25, 20), (6, 0), (8, 5), (8, 5), (24, 18), (18, 13))
    """
    places = {"bar": 25, "off": 0}
    steps: list[Step] = []
    for token in moves.lower().replace(",", " ").split():
        found = re.fullmatch(r"([^()]+?)(?:\((\d)\))?", token)
        if found is None:
            return None
        path = []
        for part in found[1].replace("*", "").split("/"):
            if part.isdigit() and 0 <= int(part) <= 25:
                path.append(int(part))
            elif part in places:
                path.append(places[part])
            else:
                return None
        if len(path) < 2:
            return None
        steps.extend(list(pairwise(path)) * int(found[2] or 1))
    return tuple(steps)


def _apply(match: Match, events: list[Event], cell: _Cell) -> Match:
    try:
        for event in events:
            match = match.apply(event)
    except NardyError as error:
        raise MatError(f"{cell.text!r}: {error}", cell.line) from None
    return match
