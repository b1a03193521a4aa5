"""No module of src/nardy runs over 400 lines without saying at its top why it is one
module: its docstring holds a sentence that it stays "in one module" (or file), and why."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "nardy"
LIMIT = 400
REASON = re.compile(r"\bin one (module|file)\b")


def long_modules_without_a_reason(root: Path) -> list[str]:
    """The Python files below ``root`` over :data:`LIMIT` lines whose module docstring
    gives no reason for their length."""
    found = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= LIMIT:
            continue
        docstring = ast.get_docstring(ast.parse(text)) or ""
        if not REASON.search(" ".join(docstring.split())):
            found.append(str(path.relative_to(root)))
    return found


def test_every_long_module_states_why_it_is_one_module() -> None:
    assert long_modules_without_a_reason(SRC) == []


def test_a_long_module_without_a_reason_is_found(tmp_path: Path) -> None:
    body = "x = 1\n" * (LIMIT + 1)
    (tmp_path / "long.py").write_text('"""Many things."""\n' + body)
    kept = '"""Many things, kept in one module: they share x."""\n'
    (tmp_path / "kept.py").write_text(kept + body)
    (tmp_path / "short.py").write_text('"""Few things."""\nx = 1\n')
    assert long_modules_without_a_reason(tmp_path) == ["long.py"]
