"""``nardy bench evaluation``: a tiny run prints its table and, with --json, the figures last;
the two ways of computing the first layer give the same labels."""

from __future__ import annotations

import json

import pytest

from nardy.bench import evaluation
from nardy.bot.evaluation.model import compiled


def test_json_is_the_last_line_and_both_ways_label_alike(
    capsys: pytest.CaptureFixture[str],
) -> None:
    words = ["--positions", "4", "--labels", "2", "--seconds", "0.01", "--variant", "long-nardy"]
    words.append("--json")
    assert evaluation.main(words) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    row = figures["variants"]["long-nardy"]
    assert row["finals"] > 0 and row["label_positions"] == 2
    assert row["numpy_positions_per_s"] > 0 and row["numpy_label_ms"] > 0
    if compiled() is None:
        assert row["compiled_label_ms"] is None
    else:
        assert row["compiled_positions_per_s"] > 0 and row["label_ratio"] > 0
        assert row["label_difference"] < 1e-5


def test_unknown_variants_and_empty_runs_are_refused() -> None:
    with pytest.raises(SystemExit, match="no variant chess"):
        evaluation.main(["--variant", "chess"])
    with pytest.raises(SystemExit, match="must be positive"):
        evaluation.main(["--labels", "0"])


def test_game_positions_are_fixed_by_the_seed() -> None:
    variant = evaluation.VARIANTS["backgammon"]
    one = evaluation.game_positions(variant, 6, seed=2)
    assert one == evaluation.game_positions(variant, 6, seed=2)
    assert one != evaluation.game_positions(variant, 6, seed=3)
