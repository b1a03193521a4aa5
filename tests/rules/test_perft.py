"""Perft-style counts: distinct legal plays (RULES.md C5) per roll for fixed positions.

The counts live in ``tests/data/perft/<name>.json``; ``tests/data/perft/generate.py`` rewrites
them from the engine. Both generators must give them: the compiled kernel and pure Python.
Backgammon and nackgammon counts are also checked against GNU Backgammon when ``gnubg_nn`` is
installed.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from engines import ENGINES, running

from nardy.formats.position_json import position_from_json
from nardy.rules import legal_plays

TESTS = Path(__file__).resolve().parents[1]
PERFT = TESTS / "data" / "perft"
FILES = ("backgammon", "nackgammon", "long-nardy", "dutch", "dutch-enter-all-first")
ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]
GNUBG_VARIANTS = {"backgammon", "nackgammon"}


def entries() -> list[Any]:
    found = []
    for name in FILES:
        doc = json.loads((PERFT / f"{name}.json").read_text())
        assert doc["name"] == name
        for entry in doc["positions"]:
            found.append(pytest.param(name, entry, id=f"{name}/{entry['name']}"))
    return found


def test_every_fixture_file_is_there() -> None:
    assert sorted(path.stem for path in PERFT.glob("*.json")) == sorted(FILES)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("name", "entry"), entries())
def test_perft_counts(name: str, entry: dict[str, Any], engine: str) -> None:
    position, _ = position_from_json(entry["position"])
    expected = entry["plays"]
    assert list(expected) == [f"{high}-{low}" for high, low in ROLLS]
    if name.startswith("dutch"):
        assert position.variant.name == "dutch"
        assert position.variant.options() == (
            {"enter_all_first": True} if name == "dutch-enter-all-first" else {}
        )
    else:
        assert position.variant.name == name
    with running(engine):
        counted = {f"{h}-{lo}": len(legal_plays(position, (h, lo))) for h, lo in ROLLS}
    assert counted == expected


def gnubg_bridge() -> Any:
    """The shared gnubg helper in tests/oracle (loaded by path: tests are not a package)."""
    pytest.importorskip("gnubg_nn")
    if "gnubg_bridge" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "gnubg_bridge", TESTS / "oracle" / "gnubg_bridge.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["gnubg_bridge"] = module
        spec.loader.exec_module(module)
    return sys.modules["gnubg_bridge"]


@pytest.mark.parametrize(("name", "entry"), [p for p in entries() if p.values[0] in GNUBG_VARIANTS])
def test_perft_counts_agree_with_gnubg(name: str, entry: dict[str, Any]) -> None:
    bridge = gnubg_bridge()
    position, _ = position_from_json(entry["position"])
    counted = {f"{h}-{lo}": len(bridge.gnubg_final_keys(position, (h, lo))) for h, lo in ROLLS}
    assert counted == entry["plays"]
