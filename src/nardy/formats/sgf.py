"""GNU Backgammon's ``.sgf`` match files: a backgammon match in the Smart Game Format
(``GM[6]``), written and read as gnubg 1.07 does (``save match``, ``load match``).

Each game is one game tree. Its root holds the match (``MI[length:5][game:0][ws:0][bs:0]``,
the scores before the game), the players (``PW`` is player 0, ``PB`` player 1), the rules
(``RU[Crawford]``, ``RU[Crawford:CrawfordGame]``, ``RU[Jacoby]``, with ``:Nackgammon``
for nackgammon) and the result
(``RE[W+2]``, ``R`` after the points for a resignation). Each later node is one action:
``W[52mhxv]`` a roll and its play, ``B[double]``, ``W[take]``, ``W[drop]``. A play's steps
are pairs of letters in the mover's own numbering: player 0's point p is the letter
``a`` + p - 1, player 1's is ``x`` - p + 1, ``y`` is the bar and ``z`` borne off.

nardy's review goes where gnubg keeps its own marks: on a play ``DO[]``, ``BM[1]`` or
``BM[2]`` (doubtful, bad, very bad) for the play and ``DC[]``, ``BC[1]``, ``BC[2]`` for
the cube decision before it, on a cube action ``DO[]``/``BM[…]``, and ``LU[+0.123]`` for
the roll's luck. gnubg's own analysis properties are skipped when reading.

What the format cannot hold is left out, as in ``.mat``: the tied attempts of the opening
roll-off and declined resignations; automatic doubles and "backgammon counts as gammon"
cannot be written at all. Long nardy and Dutch games have no such format: they stay in
the record JSON.

>>> from nardy.variants import BACKGAMMON
>>> from nardy.rules.game import Double, Drop, MakePlay, OpeningRoll
>>> from nardy.rules.settings import Settings
>>> match = Match.new(BACKGAMMON, Settings.for_variant(BACKGAMMON, {"match_to": 3}))
>>> match = match.apply(OpeningRoll((5, 2))).apply(MakePlay(0, ((13, 8), (6, 4))))
>>> match = match.apply(Double(1)).apply(Drop(0))
>>> text = write_sgf(match, ("Ala", "Ola"))
>>> print(text, end="")
(;FF[4]GM[6]CA[UTF-8]AP[nardy]MI[length:3][game:0][ws:0][bs:0]PW[Ala]PB[Ola]RU[Crawford]RE[B+1]
;W[52mhfd]
;B[double]
;W[drop])
>>> read_sgf(text).match.games[0].actions == match.games[0].actions
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nardy.formats.gnubg_match_id import match_key
from nardy.formats.notation import parse_play
from nardy.formats.sgf_syntax import Node, SgfError, Tree, escape, parse
from nardy.rules.errors import NardyError
from nardy.rules.game import (
    Accept,
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
from nardy.rules.settings import Settings
from nardy.rules.variant import MAT, Variant
from nardy.variants import BACKGAMMON, VARIANTS

COLOURS = "WB"
"""Player 0 is White, player 1 Black, as in gnubg."""
SKILL = {"doubtful": "DO[]", "bad": "BM[1]", "very bad": "BM[2]"}
CUBE_SKILL = {"doubtful": "DC[]", "bad": "BC[1]", "very bad": "BC[2]"}
ROLL_NODES = ("play", "accept")
"""The actions whose node carries a roll: a play, or an accepted resignation after a roll."""
_MOVE = re.compile(r"^([1-6])([1-6])((?:[a-z]{2}){0,4})$")
_RESULT = re.compile(r"^([WB])\+(\d+)(R?)$", re.IGNORECASE)

__all__ = ["SgfError", "SgfMatch", "read_sgf", "write_sgf"]


@dataclass(frozen=True)
class SgfMatch:
    """A match read from an ``.sgf`` file and its players' names (White first)."""

    match: Match
    players: tuple[str, str]


# ----------------------------------------------------------------------------- writing


def write_sgf(
    match: Match,
    players: Sequence[str] = ("player 0", "player 1"),
    analysis: Mapping[str, Any] | None = None,
) -> str:
    """``match`` as gnubg's ``.sgf``; ``analysis`` (the review of INTERFACES.md §5, as
    ``nardy analyze --json`` prints it) adds its marks and luck."""
    _check_writable(match, players)
    reviews = list((analysis or {}).get("games") or [])
    trees = []
    befores = match.scores_before()
    for index, game in enumerate(match.games):
        if not game.actions:
            continue
        decisions = reviews[index].get("decisions", []) if index < len(reviews) else []
        root = _root(match, index, befores[index], players)
        nodes = [root, *_nodes(game, _marks(game, decisions))]
        trees.append("(" + "\n".join(";" + node for node in nodes) + ")\n")
    return "".join(trees)


def _check_writable(match: Match, players: Sequence[str]) -> None:
    if MAT not in match.variant.formats:
        raise SgfError(f"an .sgf file holds backgammon or nackgammon, not {match.variant.name}")
    if match.settings.auto_doubles:
        raise SgfError("nardy does not write automatic doubles (auto_doubles) to .sgf")
    if match.settings.backgammon_value != 3:
        raise SgfError("an .sgf file cannot record 'backgammon counts as gammon'")
    if len(players) != 2:
        raise SgfError("an .sgf file has two players")


def _root(match: Match, index: int, before: tuple[int, int], players: Sequence[str]) -> str:
    settings = match.settings
    game = match.games[index]
    root = (
        f"FF[4]GM[6]CA[UTF-8]AP[nardy]MI[length:{settings.match_to}][game:{index}]"
        f"[ws:{before[0]}][bs:{before[1]}]PW[{escape(players[0])}]PB[{escape(players[1])}]"
    )
    rules = []
    if settings.match_to and settings.crawford:
        rules.append("Crawford")
        if match_key(match, index).crawford:
            rules.append("CrawfordGame")
    elif not settings.match_to and settings.jacoby:
        rules.append("Jacoby")
    if match.variant.name != BACKGAMMON.name:
        rules.append(match.variant.name.capitalize())  # gnubg's variation: "Nackgammon"
    if rules:
        root += f"RU[{':'.join(rules)}]"
    result = game.result
    if result is not None and result.winner is not None:
        resigned = "R" if result.kind == "resign" else ""
        root += f"RE[{COLOURS[result.winner]}+{result.points}{resigned}]"
    return root


def _marks(game: Game, decisions: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """The properties the review adds to the node of each action, by action index; a
    cube decision before a roll goes to the node of that roll. The answers to a
    resignation have no node in gnubg's files, so their marks are left out."""
    marks: dict[int, str] = {}
    for decision in decisions:
        at = decision.get("action")
        if not isinstance(at, int) or not 0 <= at < len(game.actions):
            continue
        mark, kind = decision.get("mark"), decision.get("kind")
        if kind not in ("move", "double", "take"):
            continue
        cube_before_roll = kind == "double" and game.actions[at].type == "roll"
        if cube_before_roll:  # the node of that roll: its play, or the roll before resigning
            rolled = (i for i, a in enumerate(game.actions) if i > at and a.type in ROLL_NODES)
            at = next(rolled, -1)
        text = ""
        if kind == "move" and isinstance(decision.get("luck"), int | float):
            text += f"LU[{decision['luck']:+.3f}]"
        if mark in SKILL:
            text += (CUBE_SKILL if cube_before_roll else SKILL)[mark]
        if at >= 0 and text:
            marks[at] = marks.get(at, "") + text
    return marks


def _nodes(game: Game, marks: dict[int, str]) -> Iterator[str]:
    """One node for each action gnubg records: plays (with their roll) and the cube."""
    pending: tuple[int, Dice] | None = None
    for index, action in enumerate(game.actions):
        player = action.player
        node = ""
        if action.type == "opening":
            last = (action.attempts or ((1, 1),))[-1]
            if last[0] != last[1]:
                pending = (0 if last[0] > last[1] else 1, (max(last), min(last)))
        elif action.type == "roll":
            assert player is not None and action.dice is not None
            pending = (player, action.dice)
        elif action.type == "play":
            assert player is not None and action.dice is not None and action.steps is not None
            node = f"{COLOURS[player]}[{_move_text(player, action.dice, action.steps)}]"
            pending = None
        elif action.type in ("double", "take", "drop"):
            assert player is not None
            node = f"{COLOURS[player]}[{action.type}]"
        elif action.type == "accept" and pending is not None:
            node = f"{COLOURS[pending[0]]}[{pending[1][0]}{pending[1][1]}]"  # rolled, then resigned
            pending = None
        if node:
            yield node + marks.get(index, "")


def _move_text(player: int, dice: Dice, steps: Sequence[Step]) -> str:
    return f"{dice[0]}{dice[1]}" + "".join(_letter(player, p) for step in steps for p in step)


def _letter(player: int, point: int) -> str:
    """The letter of ``point`` (25 the bar, 0 off) in ``player``'s numbering.

    >>> _letter(0, 13), _letter(1, 13), _letter(1, 25), _letter(0, 0)
    ('m', 'l', 'y', 'z')
    """
    if point == 25:
        return "y"
    if point == 0:
        return "z"
    return chr(ord("a") + point - 1) if player == 0 else chr(ord("x") - point + 1)


def _point(player: int, letter: str) -> int:
    """The point a letter stands for in ``player``'s numbering (:func:`_letter` reversed).

    >>> [_point(1, _letter(1, p)) for p in (0, 1, 24, 25)]
    [0, 1, 24, 25]
    """
    if letter == "y":
        return 25
    if letter == "z":
        return 0
    return ord(letter) - ord("a") + 1 if player == 0 else ord("x") - ord(letter) + 1


# ----------------------------------------------------------------------------- reading


def read_sgf(text: str) -> SgfMatch:
    """The match an ``.sgf`` file records, replayed through the rules.

    >>> read_sgf('(;FF[4]GM[1]SZ[19])')
    Traceback (most recent call last):
    ...
    nardy.formats.sgf_syntax.SgfError: game 1 is not backgammon (GM[1], not GM[6])
    """
    trees = parse(text)
    roots = [dict(tree[0]) for tree in trees]
    for number, root in enumerate(roots, 1):
        if root.get("GM", ["6"])[0].strip() != "6":
            raise SgfError(f"game {number} is not backgammon (GM[{root['GM'][0]}], not GM[6])")
    first = roots[0]
    players = (_value(first, "PW", "player 0"), _value(first, "PB", "player 1"))
    match = Match.new(*_rules(first))
    for number, tree in enumerate(trees, 1):
        match = _replay_game(match, tree, number, number == len(trees))
    return SgfMatch(match, players)


def _value(root: Mapping[str, list[str]], name: str, default: str) -> str:
    return root[name][0] if name in root else default


def _rules(root: Mapping[str, list[str]]) -> tuple[Variant, Settings]:
    """The variant and settings the first game's root names."""
    info = dict(v.split(":", 1) for v in root.get("MI", []) if ":" in v)
    try:
        length = int(info.get("length", "0"))
    except ValueError:
        raise SgfError(f"MI[length:{info['length']}] is not a match length") from None
    words = set(root.get("RU", [""])[0].split(":")) - {""}
    if "CV" in root:
        raise SgfError("automatic doubles (CV) are not read: the opening ties are not recorded")
    variations = {v.name: v for v in VARIANTS.values() if MAT in v.formats}
    named = [variations[w.lower()] for w in words if w.lower() in variations]
    unknown = words - {"Crawford", "CrawfordGame", "Jacoby"} - {v.name.capitalize() for v in named}
    if unknown:
        raise SgfError(f"RU[{root['RU'][0]}]: {', '.join(sorted(unknown))} is not in nardy's rules")
    variant = named[0] if named else BACKGAMMON
    values: dict[str, object] = {"match_to": max(length, 0)}
    if length > 0:
        values["crawford"] = "Crawford" in words
    else:
        values["jacoby"] = "Jacoby" in words
    return variant, Settings.for_variant(variant, values)


def _replay_game(match: Match, tree: Tree, number: int, last: bool) -> Match:
    if match.is_over():
        raise SgfError(f"game {number} comes after the end of the match")
    root = dict(tree[0])
    info = dict(v.split(":", 1) for v in root.get("MI", []) if ":" in v)
    written = (info.get("ws", "0"), info.get("bs", "0"))
    if written != tuple(str(s) for s in match.score):
        raise SgfError(
            f"game {number} starts at {written[0]}-{written[1]} in the file, "
            f"but the games before it make {match.score[0]}-{match.score[1]}"
        )
    index = len(match.games) - 1
    moves = [node for node in tree[1:] if any(n in ("W", "B") for n, _ in node)]
    if any(n in ("AE", "AB", "AW", "PL", "DI", "CP", "CV") for node in tree[1:] for n, _ in node):
        raise SgfError(f"game {number} sets up a position: only whole games can be replayed")
    for at, node in enumerate(moves, 1):
        for event in _events(match.games[index], node, at == len(moves), number):
            try:
                match = match.apply(event)
            except NardyError as error:
                raise SgfError(f"game {number}, node {at}: {error}") from None
    return _finish(match, index, root.get("RE", [""])[0], number, last)


def _events(game: Game, node: Node, final: bool, number: int) -> list[Event]:
    """The events of one action node."""
    name, values = next((n, v) for n, v in node if n in ("W", "B"))
    player, text = COLOURS.index(name), values[0].strip()
    if text in ("double", "take", "drop"):
        return [{"double": Double, "take": Take, "drop": Drop}[text](player)]
    found = _MOVE.match(text)
    if found is None:
        raise SgfError(f"game {number}: cannot read the move {name}[{text}]")
    dice = (int(found[1]), int(found[2]))
    letters = found[3]
    steps = tuple(
        (_point(player, letters[i]), _point(player, letters[i + 1]))
        for i in range(0, len(letters), 2)
    )
    events: list[Event]
    if game.phase is Phase.OPENING:
        if dice[0] == dice[1]:
            raise SgfError(f"game {number}: the opening roll cannot be a double, {text[:2]}")
        high, low = max(dice), min(dice)
        events = [OpeningRoll((high, low) if player == 0 else (low, high))]
    else:
        events = [Roll(player, dice)]
    try:
        rolled = game.apply(events[0])
    except NardyError as error:
        raise SgfError(f"game {number}: {name}[{text}]: {error}") from None
    if not steps and final and legal_plays(rolled.position, dice):
        return events  # rolled, then resigned: the result says so
    return [*events, _play(rolled, player, dice, steps, number)]


def _play(game: Game, player: int, dice: Dice, steps: tuple[Step, ...], number: int) -> MakePlay:
    """The play of ``steps``: as written when legal, else the legal play with the same
    final position (another program may join two dice in one step)."""
    try:
        game.apply(MakePlay(player, steps, dice))
        return MakePlay(player, steps, dice)
    except NardyError:
        pass
    notation = (
        " ".join(f"{'bar' if a == 25 else a}/{'off' if b == 0 else b}" for a, b in steps) or "-"
    )
    try:
        return MakePlay(player, parse_play(notation, game.position, dice).steps, dice)
    except NardyError as error:
        raise SgfError(f"game {number}: {notation}: {error}") from None


def _finish(match: Match, index: int, result: str, number: int, last: bool) -> Match:
    """Apply a resignation the result records, and check the result."""
    game = match.games[index]
    if not result:
        if game.phase is not Phase.OVER and not last:
            raise SgfError(f"game {number} does not end, but another game follows")
        return match
    found = _RESULT.match(result.strip())
    if found is None:
        raise SgfError(f"game {number}: cannot read the result RE[{result}]")
    winner, points = COLOURS.index(found[1].upper()), int(found[2])
    if game.phase is not Phase.OVER and found[3]:
        level = min(max(points // game.cube, 1), 3)
        try:
            match = match.apply(Resign(1 - winner, level)).apply(Accept(winner))
        except NardyError as error:
            raise SgfError(f"game {number}: the resignation in RE[{result}]: {error}") from None
    ended = match.games[index].result
    if ended is None or (ended.winner, ended.points) != (winner, points):
        got = "no result" if ended is None else f"{COLOURS[ended.winner or 0]}+{ended.points}"
        raise SgfError(f"game {number}: the file says RE[{result}], the moves give {got}")
    return match
