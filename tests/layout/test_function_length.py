"""No function of the package runs over 80 lines (CONTRIBUTING.md): one that does is
doing several things, and each deserves a name. A function's length counts its nested
functions too, so a route factory must group its routes into named parts."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "nardy"
LIMIT = 80


def long_functions(root: Path) -> list[str]:
    """``path:name (lines)`` of every function below ``root`` over :data:`LIMIT` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LIMIT:
                    found.append(f"{path.relative_to(root)}:{node.name} ({lines})")
    return found


def test_no_function_over_the_limit() -> None:
    assert long_functions(SRC) == []


def test_a_long_function_is_found(tmp_path: Path) -> None:
    body = "    x = 1\n" * LIMIT
    (tmp_path / "m.py").write_text(f"def short():\n    pass\n\n\ndef long():\n{body}")
    assert long_functions(tmp_path) == [f"m.py:long ({LIMIT + 1})"]
