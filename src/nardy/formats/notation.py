"""Move notation: write a play the way players do, and read one back.

Writing and reading share one grammar, so they stay in one module of about 450 lines: each
reading rule sits beside the writing rule it undoes.

A play is written as moves separated by spaces, one checker's path each, from the roller's
point of view (RULES.md, "How positions are seen"):

- ``13/7`` moves a checker from point 13 to point 7; ``*`` marks a hit: ``13/11*``.
- ``bar`` is the bar (``bar/22``), ``off`` is bearing off (``6/off``), and ``in`` is a
  Dutch checker entering from the reserve (``in/20``; ``res`` and ``reserve`` are read too).
- A checker's consecutive steps are joined: ``24/13`` is 24/18/13. A landing point stays
  written only where something is hit: ``13/7*/4``.
- ``8/5(2)`` is the same move made by two checkers.
- Moves are written from the highest source down; a roll that cannot be played is ``-``
  (reading also accepts an empty text, ``pass`` and ``no move``).

Reading is case-insensitive and accepts the moves in any order, commas between them,
intermediate points with or without hit marks, and ``(n)`` with or without a space before it.
A read play is the legal play with the same final position (RULES.md C5).

>>> from nardy.variants import BACKGAMMON
>>> start = BACKGAMMON.start_position()
>>> play = parse_play("8/5 6/5", start, (3, 1))
>>> format_play(start, play)
'8/5 6/5'
>>> format_play(start, parse_play("24/18/13", start, (6, 5)))
'24/13'
>>> parse_play("13-7", start, (6, 1))
Traceback (most recent call last):
...
nardy.rules.errors.NotationError: cannot read '13-7': write moves as from/to, e.g. 13/7
>>> parse_play("24/18", start, (6, 5))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
nardy.rules.errors.IllegalPlayError: illegal play '24/18' with 6-5: both dice must be played...
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from nardy.rules.cells import BAR, OFF, OPP_BAR, RESERVE, SIZE, Cells
from nardy.rules.errors import IllegalPlayError, NotationError
from nardy.rules.plays import Dice, Play, Step, check_dice, legal_plays
from nardy.rules.position import Position
from nardy.rules.steps import all_home, move

NO_PLAY = "-"
"""How a roll that cannot be played is written."""

BAR_WORD = "bar"
OFF_WORD = "off"
RESERVE_WORD = "in"
"""The source of a Dutch reserve entry: ``in/20`` (``res/20`` and ``reserve/20`` read too)."""

PLACE_WORDS = {"bar": BAR, "off": OFF, "in": RESERVE, "res": RESERVE, "reserve": RESERVE}
EMPTY_WORDS = frozenset({"", "-", "pass", "no move", "none", "cannot move"})

_SEPARATORS = re.compile(r"[\s,;]+")
_COUNT = re.compile(r"\((\d+)\)")
_TOKEN = re.compile(r"(?P<path>[^()]+?)(?:\((?P<count>\d+)\))?")
_PART = re.compile(r"(?P<place>\d+|[a-z]+)(?P<hit>\*?)")


def place_name(place: int) -> str:
    """How a place is written: a point number, ``bar``, ``in`` (reserve) or ``off``.

    >>> [place_name(p) for p in (26, 25, 13, 0)]
    ['in', 'bar', '13', 'off']
    """
    if place == BAR:
        return BAR_WORD
    if place == RESERVE:
        return RESERVE_WORD
    if place == OFF:
        return OFF_WORD
    return str(place)


# Writing ---------------------------------------------------------------------------------


def format_play(position: Position, play: Play | Iterable[Step]) -> str:
    """``play`` (or its steps) written in move notation, from ``position`` before it.

    >>> from nardy.variants import BACKGAMMON
    >>> format_play(BACKGAMMON.start_position(), [(8, 5), (6, 5)])
    '8/5 6/5'
    >>> format_play(BACKGAMMON.start_position(), [(6, 4), (6, 4), (8, 4), (8, 4)])
    '8/4(2) 6/4(2)'
    >>> format_play(BACKGAMMON.start_position(), [])
    '-'
    """
    steps = play.steps if isinstance(play, Play) else tuple(play)
    if not steps:
        return NO_PLAY
    cells = position.cells
    blots = {t for _, t in steps if OFF < t < BAR and cells[t] == -1}
    paths: list[list[tuple[int, bool]]] = []  # each checker's places, with a hit flag
    for source, target in sorted(steps, key=lambda s: (-s[0], -s[1])):
        hit = target in blots
        blots.discard(target)
        path = next((p for p in paths if p[-1][0] == source and source != OFF), None)
        if path is None:
            paths.append([(source, False), (target, hit)])
        else:
            path.append((target, hit))
    written = sorted(paths, key=lambda p: (-p[0][0], -p[-1][0]))
    tokens = [_path_text(p) for p in written]
    groups: list[list[Any]] = []
    for token in tokens:
        if groups and groups[-1][0] == token:
            groups[-1][1] += 1
        else:
            groups.append([token, 1])
    return " ".join(t if n == 1 else f"{t}({n})" for t, n in groups)


def _path_text(path: list[tuple[int, bool]]) -> str:
    shown = [path[0], *(p for p in path[1:-1] if p[1]), path[-1]]
    return "/".join(place_name(place) + ("*" if hit else "") for place, hit in shown)


# Reading ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One written move: a checker's path (``places``), how many checkers make it, the
    points marked with ``*`` and the text it was read from."""

    places: tuple[int, ...]
    count: int
    marked: frozenset[int]
    text: str

    @property
    def source(self) -> int:
        return self.places[0]


def read_moves(text: str) -> list[Move]:
    """The moves written in ``text``, not yet checked against a position.

    >>> [(m.places, m.count, sorted(m.marked)) for m in read_moves("BAR/22, 13/7*/4 6/off (2)")]
    [((25, 22), 1, []), ((13, 7, 4), 1, [7]), ((6, 0), 2, [])]
    >>> read_moves("pass")
    []
    """
    cleaned = text.strip().lower()
    if cleaned in EMPTY_WORDS:
        return []
    words = [w for w in _SEPARATORS.split(cleaned) if w]
    tokens: list[str] = []
    for word in words:
        if _COUNT.fullmatch(word) and tokens:
            tokens[-1] += word  # "8/5 (2)"
        else:
            tokens.append(word)
    return [_read_move(token) for token in tokens]


def _read_move(token: str) -> Move:
    match = _TOKEN.fullmatch(token)
    if match is None or "/" not in match["path"]:
        raise NotationError(f"cannot read {token!r}: write moves as from/to, e.g. 13/7")
    count = int(match["count"] or 1)
    if not 1 <= count <= 4:
        raise NotationError(f"cannot read {token!r}: a move is made by 1 to 4 checkers")
    places: list[int] = []
    marked: set[int] = set()
    for index, part in enumerate(match["path"].split("/")):
        found = _PART.fullmatch(part)
        if found is None:
            raise NotationError(f"cannot read {token!r}: write moves as from/to, e.g. 13/7")
        place = _place(found["place"], token)
        if found["hit"]:
            if index == 0:
                raise NotationError(f"cannot read {token!r}: '*' marks a hit after a landing")
            marked.add(place)
        places.append(place)
    return Move(tuple(places), count, frozenset(marked), token)


def _place(word: str, token: str) -> int:
    if word.isdigit():
        point = int(word)
        if 1 <= point <= 24:
            return point
        raise NotationError(
            f"cannot read {token!r}: there is no point {point}; points are 1 to 24, "
            "and the bar, the reserve and bearing off are written bar, in and off"
        )
    if word in PLACE_WORDS:
        return PLACE_WORDS[word]
    raise NotationError(f"cannot read {token!r}: {word!r} is not a point (1 to 24), bar, in or off")


def parse_play(text: str, position: Position, dice: Dice) -> Play:
    """The legal play of ``dice`` in ``position`` that ``text`` describes.

    Each move is applied to the position to find the intended final position, and the
    legal play with that final position is returned (RULES.md C5). A text with no moves
    (``-``) is read as the empty play, allowed only when the roll cannot be played.
    Unreadable text raises :class:`NotationError`; a readable move that the rules do not
    allow raises :class:`IllegalPlayError` saying why.

    >>> from nardy.variants import DUTCH
    >>> parse_play("IN/20 in/19", DUTCH.start_position(), (6, 5)).steps
    ((26, 19), (26, 20))
    """
    check_dice(dice)
    moves = read_moves(text)
    plays = legal_plays(position, dice)
    roll = f"{dice[0]}-{dice[1]}"
    if not moves:
        if plays:
            raise IllegalPlayError(
                f"the roll {roll} can be played here, so it must be (C3), "
                f"e.g. {format_play(position, plays[0])}"
            )
        return Play((), position)
    shown = " ".join(m.text for m in moves)
    if not plays:
        raise IllegalPlayError(f"no move is possible with {roll} here: write {NO_PLAY}")
    intended, hits = _apply(position.cells, moves)
    unhit = sorted(set().union(*(m.marked for m in moves)) - hits)
    if unhit:
        raise IllegalPlayError(
            f"illegal play {shown!r}: nothing is hit on {unhit[0]}, "
            "there is no lone opponent checker there"
        )
    for play in plays:
        if play.position.cells == intended:
            return play
    hidden = _hidden_blots(position.cells, moves)
    matches = [p for p in plays if _differs_by_hits(intended, p.position.cells, hidden)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        ways = " or ".join(format_play(position, p) for p in matches[:3])
        raise IllegalPlayError(
            f"{shown!r} can be played more than one way with {roll} ({ways}): "
            "write the point where the checker hits"
        )
    reason = _diagnose(position, dice, moves, plays)
    raise IllegalPlayError(f"illegal play {shown!r} with {roll}: {reason}")


def _apply(cells: Cells, moves: list[Move]) -> tuple[Cells, set[int]]:
    """The cells after ``moves`` (each checker jumping from landing to landing), and the
    points where something was hit. Moves go from the highest source down, so a checker
    that arrives on a point is there before another move leaves from it."""
    hits: set[int] = set()
    for m in sorted(moves, key=lambda m: -m.source):
        for a, b in zip(m.places, m.places[1:], strict=False):
            if b in (BAR, RESERVE):
                raise IllegalPlayError(f"{m.text}: a checker cannot move to the {_where(b)}")
            if a == OFF:
                raise IllegalPlayError(f"{m.text}: a borne-off checker does not move again")
            if b >= a:
                raise IllegalPlayError(
                    f"{m.text}: checkers move from higher to lower points, "
                    f"so {place_name(a)}/{place_name(b)} goes the wrong way"
                )
        for done in range(m.count):
            if cells[m.source] <= 0:
                if done:
                    raise IllegalPlayError(
                        f"{m.text}: only {done} of your checkers can leave {place_name(m.source)}"
                    )
                raise IllegalPlayError(f"{m.text}: you have no checker {_on(m.source)}")
            for a, b in zip(m.places, m.places[1:], strict=False):
                if b != OFF and cells[b] == -1:
                    hits.add(b)
                cells = move(cells, a, b)
    return cells, hits


def _hidden_blots(cells: Cells, moves: list[Move]) -> set[int]:
    """Opponent blots a written move jumps over, where a hidden landing might hit."""
    landed = {p for m in moves for p in m.places[1:]}
    passed: set[int] = set()
    for m in moves:
        for a, b in zip(m.places, m.places[1:], strict=False):
            passed.update(range(b + 1, min(a, BAR)))
    return {p for p in passed - landed if cells[p] == -1}


def _differs_by_hits(intended: Cells, final: Cells, hidden: set[int]) -> bool:
    """Whether ``final`` is ``intended`` with some ``hidden`` blots hit on the way."""
    hit = 0
    for i in range(SIZE):
        if i == OPP_BAR or intended[i] == final[i]:
            continue
        if i in hidden and intended[i] == -1 and final[i] == 0:
            hit += 1
        else:
            return False
    return hit > 0 and final[OPP_BAR] == intended[OPP_BAR] + hit


# Saying why a play is illegal ------------------------------------------------------------


Job = tuple[str, tuple[int, ...]]
"""One checker still to move: the written move it belongs to, and its places left."""


@dataclass
class _Search:
    """The search for single steps that take each checker along its written path."""

    position: Position
    turn: Any
    rules: bool
    """Whether steps must be legal; without it, only the pips are checked."""
    refused: tuple[int, str, Cells, int, int, int] | None = None
    """The deepest step a rule refused: (depth, written move, cells, source, target, die)."""
    realised: int | None = None
    """The most dice used by a way of making every written move, if there is one."""


def _diagnose(position: Position, dice: Dice, moves: list[Move], plays: tuple[Play, ...]) -> str:
    """Why ``moves`` are not a legal play, in plain words."""
    all_dice = (dice[0],) * 4 if dice[0] == dice[1] else tuple(sorted(dice, reverse=True))
    jobs = tuple((m.text, m.places) for m in moves for _ in range(m.count))
    turn = position.variant.turn(position.cells, dice)
    pips = _Search(position, turn, rules=False)
    _walk(pips, position.cells, all_dice, jobs, 0)
    if pips.realised is None:
        return _pip_reason(dice, all_dice, moves)
    search = _Search(position, turn, rules=True)
    _walk(search, position.cells, all_dice, jobs, 0)
    most = len(plays[0].steps)
    example = format_play(position, plays[0])
    if search.realised is not None:
        if search.realised < most:
            need = "both dice" if most == 2 else f"{most} steps"
            return f"{need} must be played when they can be (C3), e.g. {example}"
        if most == 1 and dice[0] != dice[1]:
            return (
                "only one die can be played, and then the larger one must be if it can "
                f"(C3), e.g. {example}"
            )
        return f"that is not one of the legal plays, e.g. {example}"
    if search.refused is not None:
        _, text, cells, source, target, die = search.refused
        return f"{text}: {_step_reason(position, turn, cells, source, target, die)}"
    return f"that is not one of the legal plays, e.g. {example}"


def _walk(
    search: _Search, cells: Cells, dice: tuple[int, ...], jobs: tuple[Job, ...], depth: int
) -> None:
    """Try every order of single steps that takes each checker along its written path."""
    pending = [i for i, (_, places) in enumerate(jobs) if len(places) > 1]
    if not pending:
        search.realised = max(depth, search.realised or 0)
        return
    variant = search.position.variant
    for i in pending:
        text, places = jobs[i]
        here, goal = places[0], places[1]
        for die in sorted(set(dice), reverse=True):
            target = 25 - die if here in (BAR, RESERVE) else here - die
            if target < goal:
                if goal != OFF:
                    continue  # overshoots a written landing point
                target = OFF
            after: Cells | None = cells
            if search.rules:
                after = next(
                    (
                        c
                        for s, t, c in variant.steps(cells, die, search.turn)
                        if (s, t) == (here, target)
                    ),
                    None,
                )
            if after is None:
                if search.refused is None or depth >= search.refused[0]:
                    search.refused = (depth, text, cells, here, target, die)
                continue
            rest = list(dice)
            rest.remove(die)
            left = (target, *places[1:]) if target != goal else places[1:]
            _walk(search, after, tuple(rest), (*jobs[:i], (text, left), *jobs[i + 1 :]), depth + 1)


def _step_reason(
    position: Position, turn: Any, cells: Cells, source: int, target: int, die: int
) -> str:
    """Why the single step ``source``→``target`` with ``die`` is not allowed in ``cells``."""
    variant = position.variant
    if source != BAR and cells[BAR] > 0:
        return "you have a checker on the bar, and it must enter before anything else moves"
    if target == OFF:
        if not all_home(cells):
            return "you can bear off only when all your checkers are in your home board (C6)"
        return (
            f"a {die} bears a checker off from {source} only when you have no checker "
            "on a higher point (C6)"
        )
    return variant.why_not(cells, source, target, turn) or "the rules do not allow that step here"


def _pip_reason(dice: Dice, all_dice: tuple[int, ...], moves: list[Move]) -> str:
    """Why the written moves do not fit the dice."""
    roll = f"{dice[0]}-{dice[1]}"
    total = sum(all_dice)
    need = sum(_distance(m) * m.count for m in moves)
    if need > total:
        return f"the moves need {need} pips, but {roll} gives {total}"
    sums = _subset_sums(all_dice)
    for m in moves:
        for a, b in zip(m.places, m.places[1:], strict=False):
            gap = (25 if a in (BAR, RESERVE) else a) - b
            if b != OFF and gap not in sums:
                *most, last = (str(s) for s in sorted(sums))
                moves_text = f"{', '.join(most)} or {last}" if most else last
                return (
                    f"{place_name(a)}/{place_name(b)} is {gap} pips, but with {roll} a checker "
                    f"moves {moves_text} pips"
                )
    return f"the moves do not fit the roll {roll}"


def _distance(m: Move) -> int:
    start = 25 if m.source in (BAR, RESERVE) else m.source
    return start - m.places[-1]


def _subset_sums(dice: tuple[int, ...]) -> set[int]:
    sums = {0}
    for die in dice:
        sums |= {s + die for s in sums}
    return sums - {0}


def _where(place: int) -> str:
    return "bar" if place == BAR else "reserve"


def _on(place: int) -> str:
    if place == BAR:
        return "on the bar"
    if place == RESERVE:
        return "in reserve"
    return f"on {place}"
