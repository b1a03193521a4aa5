"""No import cycle anywhere in src/nardy: if module A imports B (at its top or inside a
function), B never comes back to A, directly or through others. Imports made for the type
checker only (``if TYPE_CHECKING:``) are not counted: they never run.

``from package import name`` counts as importing the submodule ``package.name`` when there
is one, as Python resolves it, and the package itself otherwise.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
from test_imports import modules


def checked_only(node: ast.If) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def run_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """The import statements of ``tree`` that run (not under ``if TYPE_CHECKING:``)."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and checked_only(node):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def edges(known: dict[str, Path]) -> list[tuple[str, str]]:
    """(importer, imported) for every import between modules of ``known``."""
    found = []
    for module, path in known.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in run_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parent, base] if base else parent)
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
                ]
            found += [(module, t) for t in targets if t in known and t != module]
    return found


def cycles(known: dict[str, Path]) -> list[list[str]]:
    graph = nx.DiGraph(edges(known))
    return sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)


def test_no_import_cycle_in_the_package() -> None:
    assert cycles(dict(modules())) == []


def test_a_cycle_is_found_and_a_checkers_import_is_not(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f():\n    from nardy.b import g\n")
    (tmp_path / "b.py").write_text("from nardy import a\n")
    (tmp_path / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from nardy.a import f\n"
    )
    known = {f"nardy.{n}": tmp_path / f"{n}.py" for n in "abc"}
    assert cycles(known) == [["nardy.a", "nardy.b"]]
