"""C3 and C5 together: every play a player can build and confirm step by step is one of the
legal plays' step sequences, and every legal step sequence can be built.

A :class:`~nardy.rules.turn.Turn` is what the server offers a player (``legal.steps`` and
``legal.confirm``). It is explored here over every order of steps it offers and compared, at
every point, with an independent referee (``tests/support/referee.py``) that states C3 over
step sequences. Positions: every perft fixture with all 21 rolls, and 500 positions per variant
(``NARDY_CONFIRMED_POSITIONS``) from seeded random games. The generators' own plays
(``legal_plays``, compiled or not, and the Python reference) are checked by the same referee.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from positions import bg
from referee import Referee, State

from nardy.formats.position_json import position_from_json
from nardy.rules import Position, legal_plays
from nardy.rules.plays import python_final_cells
from nardy.rules.turn import Turn
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, Dutch

PERFT = Path(__file__).resolve().parents[1] / "data" / "perft"
FILES = ("backgammon", "nackgammon", "long-nardy", "dutch", "dutch-enter-all-first")
ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]
VARIANTS = {
    "backgammon": BACKGAMMON,
    "nackgammon": NACKGAMMON,
    "long-nardy": LONG_NARDY,
    "dutch": DUTCH,
    "dutch-enter-all-first": Dutch(enter_all_first=True),
}
RANDOM_POSITIONS = int(os.environ.get("NARDY_CONFIRMED_POSITIONS", "500"))
"""Random positions per variant, each with one random roll (``NARDY_CONFIRMED_POSITIONS``
sets it: 2,000 or more for a deeper run)."""


def explore(position: Position, dice: tuple[int, int]) -> int:
    """Walk every step order the turn offers, checking each point against the referee;
    returns the number of distinct confirmable plays found."""
    referee = Referee(position, dice)
    seen: set[tuple[object, ...]] = set()
    confirmable: set[tuple[tuple[int, int], ...]] = set()

    def visit(turn: Turn, states: set[State]) -> None:
        key = (turn.current, tuple(sorted(turn.remaining)), frozenset(states))
        if key in seen:
            return
        seen.add(key)
        steps = turn.steps
        offered = set(turn.legal_steps())
        assert offered == referee.offers(states, len(steps)), (position, dice, steps)
        assert turn.is_complete() == (len(steps) == referee.most), (position, dice, steps)
        if turn.is_complete():
            assert turn.play().steps == steps
            assert states, (position, dice, steps)  # the referee's whole legal play
            confirmable.add(steps)
        for step in sorted(offered):
            visit(turn.step(step), referee.follow(states, len(steps), step))

    visit(Turn.begin(position, dice), {referee.start()})
    finals = {play.position.cells for play in legal_plays(position, dice)}
    python = python_final_cells(position.variant, position.cells, dice)
    for steps in [play.steps for play in legal_plays(position, dice)] + list(python.values()):
        assert referee.why_not(steps) is None, (position, dice, steps)
    if finals:
        assert confirmable, (position, dice)
    return len(confirmable)


def perft_positions() -> list[object]:
    found = []
    for name in FILES:
        doc = json.loads((PERFT / f"{name}.json").read_text())
        for entry in doc["positions"]:
            found.append(pytest.param(entry["position"], id=f"{name}/{entry['name']}"))
    return found


@pytest.mark.parametrize("doc", perft_positions())
def test_C3_C5_perft_positions_confirm_only_legal_step_sequences(doc: dict[str, object]) -> None:
    position, _ = position_from_json(doc)
    for dice in ROLLS:
        explore(position, dice)


Rolled = tuple[Position, tuple[int, int]]


def random_positions(variant: Variant, count: int, seed: int) -> list[Rolled]:
    """``count`` positions with a roll each, from seeded random games (a new game when one
    ends), seen from the player on roll."""
    rng = random.Random(seed)
    found: list[Rolled] = []
    position = variant.start_position()
    while len(found) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        found.append((position, dice))
        plays = legal_plays(position, dice)
        if not plays:
            position = position.flipped()
            continue
        after = rng.choice(plays).position
        position = variant.start_position() if after.cells[0] == 15 else after.flipped()
    return found


@pytest.mark.parametrize("name", FILES)
def test_C3_C5_random_positions_confirm_only_legal_step_sequences(name: str) -> None:
    variant = VARIANTS[name]
    for position, dice in random_positions(variant, RANDOM_POSITIONS, seed=len(name)):
        explore(position, dice)


def test_C3_a_final_reached_early_is_not_a_play() -> None:
    """Checkers on 3 and 2, roll 6-1: ``3/off`` alone reaches the final of ``3/2 2/off``
    while the 1 is still playable (``2/1``), so it cannot be confirmed."""
    position = bg({3: 1, 2: 1}, {24: 2, 13: 13})
    turn = Turn.begin(position, (6, 1)).step((3, 0))
    assert turn.position.cells in turn.finals
    assert not turn.is_complete()
    assert turn.legal_steps() == ((2, 1),)
    assert turn.step((2, 1)).is_complete()
