"""Rewrite the perft fixtures in this folder from the engine.

Each ``<name>.json`` here holds a fixed set of positions of one variant (with its rule options)
and, for each position, the number of distinct legal plays (different final positions, RULES.md
C5) for each of the 21 rolls, written ``"high-low"``. ``tests/rules/test_perft.py`` checks every
count against the engine, and for backgammon and nackgammon against GNU Backgammon too.

    python tests/data/perft/generate.py                  # recount the positions in the files
    python tests/data/perft/generate.py --new-positions  # choose the positions afresh, recount

The positions are the start, a few met in seeded random games, and hand-made ones (bar,
bear-off, long-nardy head and six-prime, Dutch reserve). Without ``--new-positions`` the stored
positions are kept, so a change in the engine shows only as changed counts. The script prints
one line per position, with every count that changed, then a total: review it, and the
``git diff`` of the files, before committing new counts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from nardy.formats.position_json import position_from_json, position_to_json
from nardy.rules import Position, legal_plays
from nardy.rules.variant import Variant
from nardy.variants import BACKGAMMON, DUTCH, LONG_NARDY, NACKGAMMON, Dutch

HERE = Path(__file__).resolve().parent

ROLLS: tuple[tuple[int, int], ...] = tuple(
    (high, low) for high in range(1, 7) for low in range(1, high + 1)
)
"""The 21 rolls in file order: 1-1, 2-1, 2-2, 3-1, …, 6-6."""

FILES: dict[str, Variant] = {
    "backgammon": BACKGAMMON,
    "nackgammon": NACKGAMMON,
    "long-nardy": LONG_NARDY,
    "dutch": DUTCH,
    "dutch-enter-all-first": Dutch(enter_all_first=True),
}
"""Fixture file name (without ``.json``) → the variant and options it is about."""

RANDOM_GAMES = ((11, 6), (12, 16), (13, 30))
"""``(seed, ply)``: the mid-game positions, taken at that ply of a seeded random game."""


def roll_name(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def build(
    variant: Variant,
    own: dict[int, int],
    opponent: dict[int, int],
    bar: tuple[int, int] = (0, 0),
    reserve: tuple[int, int] = (0, 0),
) -> Position:
    """A position from each side's checkers by point (roller's numbering); whatever is not on
    a point, the bar or in reserve is borne off."""
    board = [0] * 24
    for point, count in own.items():
        board[point - 1] += count
    for point, count in opponent.items():
        board[point - 1] -= count
    off = (
        15 - sum(own.values()) - bar[0] - reserve[0],
        15 - sum(opponent.values()) - bar[1] - reserve[1],
    )
    return Position.build(variant, board, bar=bar, off=off, reserve=reserve)


def random_game_position(variant: Variant, seed: int, ply: int) -> Position:
    """The position (before the roll) after ``ply`` random plays from the start."""
    rng = random.Random(seed)
    position = variant.start_position()
    for _ in range(ply):
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        following = (rng.choice(plays).position if plays else position).flipped()
        if following.is_over():
            break
        position = following
    return position


def hand_made(name: str, variant: Variant) -> list[tuple[str, Position]]:
    """The hand-made positions of fixture file ``name``."""
    v = variant
    if name == "backgammon":
        return [
            (
                "bar-one-vs-four-point-board",
                build(
                    v,
                    {24: 1, 13: 5, 8: 3, 6: 5},
                    {19: 2, 20: 2, 21: 2, 22: 2, 17: 2, 12: 5},
                    bar=(1, 0),
                ),
            ),
            (
                "bar-two-blot-on-23",
                build(
                    v, {13: 5, 8: 3, 6: 5}, {19: 3, 20: 2, 21: 2, 22: 2, 23: 1, 12: 5}, bar=(2, 0)
                ),
            ),
            (
                "bar-closed-board",
                build(
                    v,
                    {13: 5, 8: 4, 6: 5},
                    {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3},
                    bar=(1, 0),
                ),
            ),
            (
                "bar-both-sides",
                build(
                    v,
                    {24: 1, 13: 4, 8: 3, 6: 5, 5: 1},
                    {1: 2, 12: 5, 17: 3, 19: 3, 20: 1},
                    bar=(1, 1),
                ),
            ),
            (
                "bear-off-full-home",
                build(v, {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}, {19: 5, 20: 5, 21: 5}),
            ),
            ("bear-off-gaps", build(v, {2: 1, 4: 2, 5: 1}, {20: 3, 21: 2})),
            (
                "bear-off-contact",
                build(v, {1: 3, 2: 2, 4: 3, 5: 2, 6: 3}, {3: 1, 7: 2, 19: 5, 20: 4, 21: 3}),
            ),
            (
                "last-checker-comes-home",
                build(v, {8: 1, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, {19: 4, 20: 4}),
            ),
        ]
    if name == "nackgammon":
        return [
            (
                "bar-one",
                build(
                    v,
                    {24: 2, 23: 1, 13: 4, 8: 3, 6: 4},
                    {1: 2, 2: 2, 12: 4, 17: 3, 19: 2, 21: 2},
                    bar=(1, 0),
                ),
            ),
            (
                "opponent-six-prime",
                build(
                    v,
                    {24: 2, 23: 2, 13: 4, 8: 3, 6: 4},
                    {17: 2, 18: 2, 19: 2, 20: 2, 21: 2, 22: 2, 12: 3},
                ),
            ),
            ("bear-off", build(v, {1: 2, 2: 2, 3: 3, 5: 2, 6: 1}, {18: 1, 19: 4, 22: 6})),
        ]
    if name == "long-nardy":
        return [
            ("reply-to-6-5", build(v, {24: 15}, {12: 14, 1: 1})),
            ("reply-to-5-5", build(v, {24: 15}, {12: 14, 16: 1})),
            (
                "six-prime-forbidden",
                build(v, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 9: 2, 24: 3}, {12: 10, 10: 3, 8: 2}),
            ),
            (
                "six-prime-allowed",
                build(v, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 9: 2, 24: 3}, {12: 9, 10: 3, 8: 2, 17: 1}),
            ),
            (
                "six-prime-across-24-and-1",
                build(v, {24: 7, 23: 2, 22: 2, 2: 2, 1: 2}, {12: 11, 9: 2, 6: 2}),
            ),
            ("bear-off", build(v, {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}, {13: 5, 14: 5, 15: 5})),
            ("bear-off-gaps", build(v, {2: 1, 4: 2, 5: 1}, {17: 3, 18: 2})),
        ]
    # Dutch, either reading of D2.
    return [
        (
            "reserve-no-home-checker",
            build(v, {19: 2, 20: 1, 22: 2}, {3: 2, 5: 1}, reserve=(10, 12)),
        ),
        (
            "reserve-may-hit-from-home",
            build(v, {6: 1, 8: 4, 14: 3, 19: 2}, {3: 2, 5: 1, 10: 2, 21: 1, 23: 1}, reserve=(5, 8)),
        ),
        (
            "bar-and-reserve",
            build(
                v,
                {6: 2, 8: 3, 13: 5},
                {19: 2, 20: 1, 12: 4, 3: 3, 10: 2},
                bar=(1, 0),
                reserve=(4, 3),
            ),
        ),
        (
            "bar-blots-closed-before-home",
            build(v, {13: 5, 19: 2}, {20: 1, 22: 1, 21: 2, 23: 2}, bar=(1, 0), reserve=(7, 9)),
        ),
        ("bear-off", build(v, {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}, {19: 5, 20: 5, 21: 5})),
        (
            "bear-off-contact-opponent-reserve",
            build(v, {1: 2, 2: 2, 3: 3, 5: 2}, {4: 1, 7: 2, 20: 5}, reserve=(0, 2)),
        ),
    ]


def chosen_positions(name: str) -> list[tuple[str, Position]]:
    """The positions of fixture file ``name``: start, random mid-games, hand-made ones."""
    variant = FILES[name]
    chosen = [("start", variant.start_position())]
    for seed, ply in RANDOM_GAMES:
        chosen.append((f"random-seed{seed}-ply{ply}", random_game_position(variant, seed, ply)))
    chosen.extend(hand_made(name, variant))
    return chosen


def counts(position: Position) -> dict[str, int]:
    return {roll_name(dice): len(legal_plays(position, dice)) for dice in ROLLS}


def render(name: str, entries: list[dict[str, Any]]) -> str:
    """The file text: one line for each position and one for its counts, so diffs stay short."""
    lines = ["{", f'  "name": {json.dumps(name)},', '  "positions": [']
    for index, entry in enumerate(entries):
        comma = "," if index < len(entries) - 1 else ""
        lines += [
            "    {",
            f'      "name": {json.dumps(entry["name"])},',
            f'      "position": {json.dumps(entry["position"])},',
            f'      "plays": {json.dumps(entry["plays"])}',
            "    }" + comma,
        ]
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def stored(path: Path) -> list[tuple[str, Position, dict[str, int]]]:
    """The positions and counts in an existing fixture file."""
    doc = json.loads(path.read_text())
    result = []
    for entry in doc["positions"]:
        position, _ = position_from_json(entry["position"])
        result.append((entry["name"], position, entry["plays"]))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rewrite the perft fixtures from the engine.")
    parser.add_argument("--new-positions", action="store_true", help="choose the positions afresh")
    args = parser.parse_args(argv)
    changed_total = positions_total = 0
    for name in FILES:
        path = HERE / f"{name}.json"
        old = {n: (p, c) for n, p, c in stored(path)} if path.exists() else {}
        if args.new_positions or not old:
            chosen = chosen_positions(name)
        else:
            chosen = [(n, p) for n, (p, _) in old.items()]
        entries = []
        for position_name, position in chosen:
            new_counts = counts(position)
            before = old.get(position_name)
            if before is None or before[0] != position:
                note = "new position"
                changed_total += 1
            else:
                diffs = [
                    f"{roll} {before[1].get(roll)}->{n}"
                    for roll, n in new_counts.items()
                    if before[1].get(roll) != n
                ]
                note = ("changed " + ", ".join(diffs)) if diffs else "same"
                changed_total += bool(diffs)
            print(f"{name:<22} {position_name:<36} plays={sum(new_counts.values()):<6} {note}")
            entries.append(
                {"name": position_name, "position": position_to_json(position), "plays": new_counts}
            )
            positions_total += 1
        path.write_text(render(name, entries))
    print(f"{positions_total} positions in {len(FILES)} files, {changed_total} new or changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
