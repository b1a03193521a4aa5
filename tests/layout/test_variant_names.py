"""No variant is recognised by its name outside ``src/nardy/variants/``: the rest of the code
reads what it needs to know from the variant objects (see :mod:`nardy.rules.variant`).

Docstrings and help texts may name variants; code may not compare with a variant's name,
pick one from a table keyed by names, or test membership in a literal list of names. The
browser's code and page hold no variant's name as a string at all: the client reads each
variant from ``GET /api/variants``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from nardy.variants import VARIANTS

SRC = Path(__file__).resolve().parents[2] / "src" / "nardy"
NAMES = frozenset(VARIANTS)


def named(node: ast.AST) -> bool:
    """Whether ``node`` is a variant's name written out, or a literal collection of them."""
    if isinstance(node, ast.Constant):
        return node.value in NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(named(item) for item in node.elts)
    if isinstance(node, ast.Dict):
        return any(key is not None and named(key) for key in node.keys)
    return False


def by_name(source: str) -> list[int]:
    """The lines of ``source`` where code tells variants apart by name."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            found = named(node.left) or any(named(c) for c in node.comparators)
        elif isinstance(node, ast.Dict):
            found = named(node)
        elif isinstance(node, ast.Subscript):  # a type's Literal[...] is no look-up
            literal = isinstance(node.value, ast.Name) and node.value.id == "Literal"
            found = named(node.slice) and not literal
        elif isinstance(node, ast.match_case):
            found = any(named(n) for n in ast.walk(node.pattern))
            node = node.pattern
        else:
            found = False
        if found:
            lines.append(getattr(node, "lineno", 0))
    return lines


def test_the_check_finds_each_way_of_naming_a_variant() -> None:
    sample = (
        'if variant.name == "dutch": pass\n'
        'if name in ("backgammon", "nackgammon"): pass\n'
        'TABLE = {"long-nardy": 1}\n'
        'x = VARIANTS["dutch"]\n'
        'match v.name:\n    case "dutch": pass\n'
        'y = "a string that says dutch"\n'
        'Kind = Literal["single", "backgammon"]\n'
    )
    assert by_name(sample) == [1, 2, 3, 4, 6]


def test_no_variant_name_is_tested_outside_the_variants() -> None:
    found = {
        str(path.relative_to(SRC)): lines
        for path in sorted(SRC.rglob("*.py"))
        if "variants" not in path.relative_to(SRC).parts[:1]
        and (lines := by_name(path.read_text(encoding="utf-8")))
    }
    assert not found, f"variants told apart by name at {found}"


WEB = SRC / "web" / "static"
ALTERNATIVES = "|".join(re.escape(name) for name in sorted(NAMES))
QUOTED = re.compile(rf"""["'`]({ALTERNATIVES})["'`]""")
"""A variant's name written as a string in JavaScript or HTML."""


def quoted_names(text: str) -> list[int]:
    """The lines of ``text`` holding a variant's name as a string.

    >>> quoted_names('const a = 1;\\nif (v === "dutch") {}\\nconst dutch = facts(v).reserve;')
    [2]
    """
    return [n for n, line in enumerate(text.splitlines(), 1) if QUOTED.search(line)]


def test_the_browser_names_no_variant() -> None:
    """The client draws every variant from ``GET /api/variants``: its code and page name
    none (the translations, which are data, may)."""
    found = {
        str(path.relative_to(WEB)): lines
        for path in sorted([*WEB.rglob("*.js"), *WEB.rglob("*.html")])
        if (lines := quoted_names(path.read_text(encoding="utf-8")))
    }
    assert not found, f"variants named in the browser's code at {found}"
