"""``nardy bench adapters``: GNU Backgammon and Open Sage seated as bots through the Bot API
(INTERFACES.md §9) of a real ``nardy serve`` play the house computer to the end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nardy.bench.gnubg import load as load_gnubg
from nardy.botclient.duels import wilson
from nardy.cli import main


def test_the_interval_narrows_with_the_games_and_holds_the_share() -> None:
    few, many = wilson(6, 10), wilson(600, 1000)
    assert few[0] < many[0] < 0.6 < many[1] < few[1]
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 10)[0] == pytest.approx(0.0)


@pytest.mark.skipif(load_gnubg() is None, reason="gnubg-nn is not installed")
def test_each_engine_plays_its_matches_through_the_api(tmp_path: Path) -> None:
    pytest.importorskip("bgsage", reason="the bgsage extra is not installed")
    out = tmp_path / "adapters.json"
    status = main(
        ["bench", "adapters", "--engines", "gnubg:0,bgsage:0", "--levels", "beginner",
         "--games", "2", "--parallel", "2", "--out", str(out)]
    )  # fmt: skip
    assert status == 0
    figures = json.loads(out.read_text())
    assert [(f["engine"], f["level"], f["games"]) for f in figures] == [
        ("gnubg:0", "beginner", 2),
        ("bgsage:0", "beginner", 2),
    ]
    assert all(0 <= f["wins"] <= 2 and f["interval"][0] <= f["share"] for f in figures)
