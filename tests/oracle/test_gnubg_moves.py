"""Differential test: nardy's legal plays against GNU Backgammon's (RULES.md B2–B4, C2–C6).

Positions come from seeded random games of backgammon and nackgammon; for every position and
each of the 21 rolls, the set of final positions must be the one gnubg finds, each once (C5).
The default run is small; set ``NARDY_GNUBG_POSITIONS`` for the full check::

    NARDY_GNUBG_POSITIONS=10000 pytest tests/oracle -q
"""

from __future__ import annotations

import os
import time

import pytest

pytest.importorskip("gnubg_nn")

from gnubg_bridge import (
    ROLLS,
    gnubg_final_keys,
    nardy_final_keys,
    random_positions,
)

from nardy.formats.position_json import position_to_json
from nardy.rules.steps import all_home

POSITIONS = int(os.environ.get("NARDY_GNUBG_POSITIONS", "600"))
SEED = int(os.environ.get("NARDY_GNUBG_SEED", "20240601"))


def test_legal_plays_agree_with_gnubg() -> None:
    started = time.perf_counter()
    positions = list(random_positions(POSITIONS, SEED))
    assert len(positions) == POSITIONS
    on_bar = sum(1 for p in positions if p.bar[0])
    bearing_off = sum(1 for p in positions if all_home(p.cells))
    # The sample must reach the rules that matter most: entering (B3) and bearing off (C6).
    assert on_bar >= POSITIONS // 20, f"only {on_bar} positions with the roller on the bar"
    assert bearing_off >= POSITIONS // 40, f"only {bearing_off} bear-off positions"

    mismatches = []
    no_move = plays = 0
    for position in positions:
        for dice in ROLLS:
            ours = nardy_final_keys(position, dice)
            theirs = gnubg_final_keys(position, dice)
            plays += len(ours)
            no_move += not theirs
            if len(set(ours)) != len(ours) or set(ours) != set(theirs):
                mismatches.append(
                    {
                        "position": position_to_json(position, dice),
                        "nardy only": sorted(set(ours) - set(theirs)),
                        "gnubg only": sorted(set(theirs) - set(ours)),
                        "repeated": len(ours) - len(set(ours)),
                    }
                )
    seconds = time.perf_counter() - started
    print(
        f"\ngnubg differential: {len(positions)} positions ({on_bar} on the bar, "
        f"{bearing_off} bearing off) x {len(ROLLS)} rolls, {plays} plays, "
        f"{no_move} rolls with no legal move, {len(mismatches)} mismatches, {seconds:.1f} s"
    )
    # Rolls that cannot be played (C4): gnubg returns no position at all, as nardy does.
    assert no_move > 0
    assert not mismatches, f"{len(mismatches)} mismatches; the first: {mismatches[:3]}"
