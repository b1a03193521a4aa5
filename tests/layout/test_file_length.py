"""No source file runs over 400 lines without saying at its top why it is one file: the
Python modules of src/nardy and of the tests, and the C, JavaScript and CSS of the package.
A Python module's docstring, or the comment that opens any other file, holds a sentence
that it stays "in one module" (or file), and why. Data — translations, weights, fixtures,
the rules pages' texts — is not source and is not counted.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = (ROOT / "src" / "nardy", ROOT / "tests")
LIMIT = 400
REASON = re.compile(r"\bin one (module|file)\b")
COMMENTED = {".c", ".js", ".css"}
"""Source files other than Python, whose reason is in the comment they open with."""


def opening_comment(text: str) -> str:
    """The comment a C, JavaScript or CSS file opens with: a ``/* … */`` block or a run
    of ``//`` lines.

    >>> opening_comment("/* One thing,\\n * kept in one file. */\\nint x;")
    'One thing, kept in one file.'
    >>> opening_comment("// A module.\\n// Why.\\nexport const x = 1;")
    'A module. Why.'
    """
    text = text.lstrip()
    if text.startswith("/*"):
        body = text[2 : text.find("*/")]
        lines = [line.strip().lstrip("*") for line in body.splitlines()]
    else:
        lines = []
        for line in text.splitlines():
            if not line.startswith("//"):
                break
            lines.append(line[2:])
    return " ".join(" ".join(lines).split())


def reason_at_top(path: Path, text: str) -> str:
    if path.suffix == ".py":
        return " ".join((ast.get_docstring(ast.parse(text)) or "").split())
    return opening_comment(text)


def long_files_without_a_reason(root: Path) -> list[str]:
    """The source files below ``root`` over :data:`LIMIT` lines whose top gives no reason
    for their length."""
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix != ".py" and path.suffix not in COMMENTED:
            continue
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > LIMIT and not REASON.search(reason_at_top(path, text)):
            found.append(str(path.relative_to(root)))
    return found


def test_every_long_file_states_why_it_is_one_file() -> None:
    found = [name for folder in FOLDERS for name in long_files_without_a_reason(folder)]
    assert found == []


def test_a_long_file_without_a_reason_is_found(tmp_path: Path) -> None:
    body = "x = 1\n" * (LIMIT + 1)
    (tmp_path / "long.py").write_text('"""Many things."""\n' + body)
    kept = '"""Many things, kept in one module: they share x."""\n'
    (tmp_path / "kept.py").write_text(kept + body)
    (tmp_path / "short.py").write_text('"""Few things."""\nx = 1\n')
    (tmp_path / "long.c").write_text("/* Many things. */\n" + "int x;\n" * (LIMIT + 1))
    (tmp_path / "kept.js").write_text("// Kept in one file: why.\n" + "x;\n" * (LIMIT + 1))
    (tmp_path / "data.json").write_text("[\n" + "1,\n" * (LIMIT + 1) + "1]\n")
    assert long_files_without_a_reason(tmp_path) == ["long.c", "long.py"]
