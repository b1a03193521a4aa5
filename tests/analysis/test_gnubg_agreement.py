"""nardy's review of backgammon matches against GNU Backgammon's own analysis of them.

The three ``.mat`` files in ``tests/data/analysis`` are the first three matches of
``nardy bench analysis --matches 20 --length 5`` (nardy's levels against each other, seeded
dice). gnubg analyses them at its default 2 ply; nardy at its default ply. The bounds are
those measured over the twenty matches (docs/ENGINE.md, "Studying games"): the same player has the
lower checker-play error rate in every match, 38 of 40 players were within 30 of gnubg's
rate (1000 × equity per unforced move), and nardy marked 71 % of gnubg's very bad moves at
least bad.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nardy.analysis import DEFAULT_PLY
from nardy.analysis.loading import load_match
from nardy.analysis.review import analyse
from nardy.bench.analysis import compare, figures
from nardy.bench.gnubg import PROGRAM, analyse_mats

MATCHES = sorted((Path(__file__).parents[1] / "data" / "analysis").glob("*.mat"))

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(PROGRAM is None, reason="GNU Backgammon (gnubg) is not installed"),
]


def test_nardy_and_gnubg_agree_on_who_erred_and_by_about_how_much():
    assert len(MATCHES) == 3
    theirs = analyse_mats(MATCHES, 2)
    comparisons = []
    for path, gnubg in zip(MATCHES, theirs, strict=True):
        match, players = load_match(path)
        comparisons.append(compare(path, analyse(match, players, DEFAULT_PLY).to_json(), gnubg))
    for c in comparisons:
        assert c.same_ranking, c
        for side in c.sides:
            assert side.moves == side.gnubg_moves  # the same unforced moves
            assert abs(side.nardy_rate - side.gnubg_rate) <= 30, side
    totals = figures(comparisons)
    assert totals["very_bad"] >= 20
    assert totals["very_bad_share"] >= 0.7, totals
