"""The analysis asks the engine through one module: a new engine changes that file only."""

from __future__ import annotations

import ast
from pathlib import Path

ANALYSIS = Path(__file__).resolve().parents[2] / "src" / "nardy" / "analysis"


def bot_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("nardy.bot"):
            found.add(node.module or "")
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("nardy.bot")}
    return found


def test_only_the_adapter_imports_the_bot():
    users = {path.name for path in ANALYSIS.glob("*.py") if bot_imports(path)}
    assert users == {"engine.py"}
