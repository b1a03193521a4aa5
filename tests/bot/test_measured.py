"""The strengths the lobby shows are the README's Strength table, figure for figure."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nardy.bot.agents.levels import LEVELS
from nardy.bot.agents.measured import Measured, measured
from nardy.server.http.variants import variant_facts
from nardy.variants import VARIANTS

README = Path(__file__).parents[2] / "README.md"
VARIANT_NAMES = {"backgammon": "backgammon", "long nardy": "long-nardy", "Dutch": "dutch"}
OPPONENTS = {"pubeval": "pubeval", "GNU Backgammon 0-ply": "gnubg0", "heuristic": "heuristic"}
ROW = re.compile(
    r"^\| (?P<variant>[^|]+) \| `(?P<level>\w+)`[^|]* \| (?P<opponent>[^|]+) \| "
    r"(?P<points>\S+) \((?P<low>[^…]+)…(?P<high>[^)]+)\) \| (?P<wins>[\d.]+) % \| "
    r"(?P<games>[\d,]+) \|"
)


def number(text: str) -> float:
    return float(text.replace("−", "-").replace("+", ""))


def readme_rows() -> dict[tuple[str, str, str], Measured]:
    """The Strength table's rows against the fixed opponents, by (variant, level, opponent)."""
    rows = {}
    for line in README.read_text().splitlines():
        found = ROW.match(line)
        if found is None or found["opponent"] not in OPPONENTS:
            continue
        key = (VARIANT_NAMES[found["variant"]], found["level"], OPPONENTS[found["opponent"]])
        rows[key] = Measured(
            key[2],
            number(found["points"]),
            number(found["low"]),
            number(found["high"]),
            round(float(found["wins"]) / 100, 4),
            int(found["games"].replace(",", "")),
        )
    return rows


MEASURED_VARIANTS = ["backgammon", "long-nardy", "dutch"]
"""The variants with networks of their own: every level of each is measured."""


def test_every_level_of_every_networked_variant_has_its_figure() -> None:
    for variant in MEASURED_VARIANTS:
        assert list(measured(VARIANTS[variant])) == list(LEVELS)


@pytest.mark.parametrize("variant", MEASURED_VARIANTS)
def test_the_figures_are_the_readme_rows(variant: str) -> None:
    rows = readme_rows()
    assert len(rows) >= 18
    for level, figure in measured(VARIANTS[variant]).items():
        row = rows.get((variant, level, figure.opponent))
        assert row is not None, f"README has no row for {variant} {level} against {figure.opponent}"
        assert row == figure, (variant, level)


def test_the_variants_facts_carry_them_for_the_levels_that_play() -> None:
    for doc in variant_facts():
        assert set(doc["strength"]) <= set(doc["levels"])
        for level, figure in doc["strength"].items():
            assert Measured(**figure) == measured(VARIANTS[doc["name"]])[level]
