"""The strengths the lobby shows are the figures shipped beside each network
(``bot/weights/VARIANT.strength.json``), read from those files; docs/STRENGTH.md is written
from them too (tests/docs/test_strength_page.py)."""

from __future__ import annotations

import json
from dataclasses import asdict
from importlib import resources
from pathlib import Path

import pytest

from nardy.bot.agents.levels import LEVELS
from nardy.bot.agents.measured import Measured, measured
from nardy.bot.agents.strength_report import OPPONENTS
from nardy.server.http.variants import variant_facts
from nardy.variants import VARIANTS

MEASURED_VARIANTS = ["backgammon", "long-nardy", "dutch"]
"""The variants with networks of their own: every level of each is measured."""


def test_every_level_of_every_networked_variant_has_its_figure() -> None:
    for variant in MEASURED_VARIANTS:
        assert list(measured(VARIANTS[variant])) == list(LEVELS)


@pytest.mark.parametrize("variant", MEASURED_VARIANTS)
def test_each_figure_is_a_measurement_against_a_fixed_opponent(variant: str) -> None:
    path = Path(str(resources.files("nardy.bot") / "weights" / f"{variant}.strength.json"))
    doc = json.loads(path.read_text(encoding="utf-8"))
    figures = measured(VARIANTS[variant])
    assert {level: asdict(figure) for level, figure in figures.items()} == doc
    for level, figure in figures.items():
        assert figure.opponent in OPPONENTS, (variant, level)
        assert figure.low <= figure.points <= figure.high, (variant, level)
        assert 0 < figure.wins < 1 and figure.games > 0, (variant, level)


def test_the_variants_facts_carry_them_for_the_levels_that_play() -> None:
    for doc in variant_facts():
        assert set(doc["strength"]) <= set(doc["levels"])
        for level, figure in doc["strength"].items():
            assert Measured(**figure) == measured(VARIANTS[doc["name"]])[level]
