"""``nardy bench movegen``: a tiny run prints its table and, with --json, the figures last."""

from __future__ import annotations

import json

import pytest

from nardy.bench import movegen
from nardy.variants import VARIANTS


def test_json_is_the_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert movegen.main(["--positions", "20", "--seconds", "0.01", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(out[-1])
    assert set(figures["variants"]) == set(VARIANTS)
    for row in figures["variants"].values():
        assert row["legal_plays"]["lists_per_s"] > 0
        assert row["python"]["lists_per_s"] > 0
    if figures["gnubg"] is not None:
        assert figures["gnubg"]["lists_that_differ"] == 0
        assert figures["gnubg"]["ratio"] > 0


def test_position_set_is_fixed_by_the_seed() -> None:
    variant = VARIANTS["dutch"]
    one = movegen.positions(variant, 30, seed=3)
    assert one == movegen.positions(variant, 30, seed=3)
    assert one != movegen.positions(variant, 30, seed=4)
