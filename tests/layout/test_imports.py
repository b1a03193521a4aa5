"""Imports point one way: rules ← variants ← formats ← bot ← analysis ← server ← cli.

Every import in every module counts, those made inside a function and those made for the
type checker only: an arrow back is an arrow back wherever it is written. The ratings sit
beside the analysis, the benchmarks beside the server (neither imports the other), all
below the command line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "nardy"

LAYERS: dict[str, int] = {
    "rules": 0,
    "_movegen": -1,  # the compiled generator, driven by rules/kernel.py
    "variants": 1,
    "formats": 2,
    "bot": 3,
    "rulebook": 3,  # the rules pages: words and diagrams drawn by rules, variants, formats
    "analysis": 4,
    "ratings": 4,  # Glicko-2 arithmetic, standard library only
    "server": 5,
    "bench": 5,
    "web": 5,  # static files only
    "cli": 6,
}
"""Each part of the package and its height: a part imports only parts below it (and
itself)."""


def part(module: str) -> str | None:
    """The part of ``nardy`` a dotted module name belongs to (None: ``nardy`` itself)."""
    names = module.split(".")
    if names[0] != "nardy":
        return None
    return names[1] if len(names) > 1 else None


def modules() -> list[tuple[str, Path]]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        dotted = ".".join(("nardy", *path.relative_to(SRC).with_suffix("").parts))
        found.append((dotted.removesuffix(".__init__"), path))
    return found


def imported(module: str, path: Path) -> set[str]:
    """Every nardy module that ``path`` (the module ``module``) imports, anywhere in it."""
    names: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            names.add(base)
    return {name for name in names if name == "nardy" or name.startswith("nardy.")}


def test_every_part_has_a_height() -> None:
    parts = {part(module) for module, _ in modules()} - {None}
    assert parts <= set(LAYERS), parts - set(LAYERS)


def test_the_walk_sees_calls_made_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "probe.py"
    source.write_text("def f():\n    from nardy.cli import main\n    from . import sibling\n")
    assert imported("nardy.rules.probe", source) == {"nardy.cli", "nardy.rules"}


@pytest.mark.parametrize(("module", "path"), modules(), ids=[m for m, _ in modules()])
def test_imports_point_down(module: str, path: Path) -> None:
    own = part(module)
    if own is None:
        return
    back = sorted(
        name
        for name in imported(module, path)
        if (other := part(name)) is not None and other != own and LAYERS[other] >= LAYERS[own]
    )
    assert not back, f"{module} imports {back}, which sit at its height or above"
