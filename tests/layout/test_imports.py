"""Imports point one way: rules ← variants ← formats ← bot ← analysis ← engine_pool ← server
← cli.

Every import in every module counts, those made inside a function and those made for the
type checker only: an arrow back is an arrow back wherever it is written. The ratings sit
beside the analysis, the benchmarks beside the server (neither imports the other), all
below the command line.

Inside the bot the same holds for its parts: evaluation ← lookahead ← decisions ← agents,
with training beside the agents (it may use everything below them; neither uses the other).
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
    "engine_pool": 5,  # engine work in processes of its own, for the server
    "server": 6,
    "bench": 6,
    "web": 6,  # static files only
    "botclient": 7,  # nardy bot: a client of a site's Bot API, with the engines' adapters
    "cli": 8,
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


def imported_anything(path: Path) -> set[str]:
    """Every module ``path`` imports, of any package, anywhere in it (absolute imports)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module)
    return names


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


BOT_LAYERS: dict[str, int] = {
    "evaluation": 0,  # encodings, networks, models, bear-off, the evaluator, shipped weights
    "lookahead": 1,  # search over the rolls, rollouts
    "decisions": 2,  # chances before the roll, scales, the cube, resignations
    "agents": 3,  # the players at a table, levels, baselines
    "training": 3,  # self-play, labels, fitting: beside the agents
}
"""Each part of :mod:`nardy.bot` and its height, as :data:`LAYERS` for the package."""


def bot_part(module: str) -> str | None:
    """The part of ``nardy.bot`` a dotted module name belongs to (None: outside a part)."""
    names = module.split(".")
    return names[2] if names[:2] == ["nardy", "bot"] and len(names) > 2 else None


def upward_in_bot(module: str, path: Path) -> list[str]:
    """The modules of other bot parts at ``module``'s height or above that it imports."""
    own = bot_part(module)
    if own is None:
        return []
    return sorted(
        name
        for name in imported(module, path)
        if (other := bot_part(name)) is not None
        and other != own
        and BOT_LAYERS[other] >= BOT_LAYERS[own]
    )


BOT_MODULES = [(module, path) for module, path in modules() if module.startswith("nardy.bot.")]


def test_every_bot_module_sits_in_a_part() -> None:
    loose = [module for module, _ in BOT_MODULES if bot_part(module) not in BOT_LAYERS]
    assert not loose, f"modules of nardy.bot outside its parts: {loose}"


def test_an_upward_import_in_the_bot_is_seen(tmp_path: Path) -> None:
    source = tmp_path / "probe.py"
    source.write_text(
        "from nardy.bot.evaluation.network import Network\n"
        "def f():\n    from nardy.bot.agents.levels import Bot\n"
        "    from nardy.bot.training.train import train\n"
    )
    assert upward_in_bot("nardy.bot.evaluation.probe", source) == [
        "nardy.bot.agents.levels",
        "nardy.bot.training.train",
    ]
    assert upward_in_bot("nardy.bot.agents.probe", source) == ["nardy.bot.training.train"]
    assert upward_in_bot("nardy.bot.training.probe", source) == ["nardy.bot.agents.levels"]


@pytest.mark.parametrize(("module", "path"), BOT_MODULES, ids=[m for m, _ in BOT_MODULES])
def test_bot_imports_point_down(module: str, path: Path) -> None:
    back = upward_in_bot(module, path)
    assert not back, f"{module} imports {back}, which sit at its height or above in nardy.bot"


SERVER_LAYERS: dict[str, int] = {
    "defaults": -1,  # the default settings, imported from anywhere in the server
    "collector": -1,  # the garbage collector's settings, a leaf
    "clock": -1,  # where the server reads the time, a leaf
    "dice": 0,  # commitments, a table's dice book, checks: the standard library only
    "protocol": 1,  # every message in and out, typed; JSON for sockets, broker and store
    "store": 2,  # every table definition and query, migrations, group commit
    "tables": 3,  # a table's owner: room, match and chouette tables, clock, outbox
    "site": 4,  # the live tables' registry, several processes, accounts, ratings, reviews
    "tournaments": 5,  # tournaments: formats, pairing, standings, their owner
    "bots": 5,  # the Bot API: tokens, streams, commands through the tables' path
    "http": 6,  # the routes by resource, and the guard in front of them
    "app": 7,  # create_app(): the wiring
}
"""Each part of :mod:`nardy.server` and its height, as :data:`LAYERS` for the package:
protocol ← store ← tables ← site ← tournaments and bots ← http ← app."""


def server_part(module: str) -> str | None:
    """The part of ``nardy.server`` a dotted module name belongs to (None: the package)."""
    names = module.split(".")
    return names[2] if names[:2] == ["nardy", "server"] and len(names) > 2 else None


SERVER_MODULES = [(m, p) for m, p in modules() if m.startswith("nardy.server.")]


def test_every_server_module_sits_in_a_part() -> None:
    loose = [module for module, _ in SERVER_MODULES if server_part(module) not in SERVER_LAYERS]
    assert not loose, f"modules of nardy.server outside its parts: {loose}"


@pytest.mark.parametrize(("module", "path"), SERVER_MODULES, ids=[m for m, _ in SERVER_MODULES])
def test_server_imports_point_down(module: str, path: Path) -> None:
    own = server_part(module)
    assert own is not None
    back = sorted(
        name
        for name in imported(module, path)
        if (other := server_part(name)) is not None
        and other != own
        and SERVER_LAYERS[other] >= SERVER_LAYERS[own]
    )
    assert not back, f"{module} imports {back}, which sit at its height or above in the server"
