"""The one bridge to GNU Backgammon: the optional ``gnubg-nn`` package, for benchmarks.

nardy never needs gnubg. :func:`load` gives the ``gnubg_nn`` module or ``None`` when it is
not installed, :func:`require` the module or an ``ImportError`` with advice. Both the move
generation bench (gnubg's ``moves()`` against nardy's) and the ``gnubg:PLY`` opponent of
``nardy bench bot`` talk to it through :func:`board`, and so do the tests that compare
nardy with gnubg.

gnubg's board is two lists of 25 counts, ``[player not on roll, player on roll]``, each in
its owner's numbering (index i is point i + 1, index 24 the bar): the slots of a gnubg
Position ID (:func:`nardy.formats.gnubg_id.cell_slots`). ``best_move(..., b=1)`` also
returns the key of the chosen final position, written with the sides swapped (the mover's
checkers first), so the chosen play is found among nardy's own final positions by that key.

>>> board(tuple([0] * 6 + [5] + [0] * 18 + [1, 0, 0, 0, 0]))
[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]]
"""  # noqa: E501

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from nardy.formats.gnubg_id import cell_slots
from nardy.rules.cells import CHECKERS, OFF, Cells
from nardy.rules.plays import Dice, final_cells
from nardy.rules.settings import Settings
from nardy.variants import BACKGAMMON

VARIANT = BACKGAMMON
"""The variant gnubg plays."""

Board = list[list[int]]
"""gnubg's board: the opponent's 25 counts, then the roller's, each from its own side."""


def load() -> Any:
    """The ``gnubg_nn`` module, or ``None`` when it is not installed."""
    try:
        return importlib.import_module("gnubg_nn")
    except ImportError:
        return None


def require() -> Any:
    """The ``gnubg_nn`` module; raises ``ImportError`` with advice when it is missing."""
    module = load()
    if module is None:
        raise ImportError("the gnubg opponent needs the gnubg-nn package (pip install gnubg-nn)")
    return module


def board(cells: Cells) -> Board:
    """gnubg's ``[opponent, roller]`` board for backgammon ``cells`` (the roller's view)."""
    roller, opponent = cell_slots(cells)
    return [opponent, roller]


class GnubgPlayer:
    """gnubg's neural-network player searching ``ply`` plies (0 is its fastest)."""

    def __init__(self, ply: int = 0) -> None:
        if ply < 0:
            raise ValueError(f"gnubg's ply must be 0 or more, got {ply}")
        self.gnubg = require()
        self.ply = ply
        self.name = f"gnubg:{ply}"
        self.variant = VARIANT

    def choose(self, cells: Cells, dice: Dice) -> Cells | None:
        finals = final_cells(self.variant, cells, dice)
        if not finals:
            return None
        if len(finals) == 1:
            return next(iter(finals))
        _, key = self.gnubg.best_move(board(cells), dice[0], dice[1], self.ply, b=1)
        key_of_board = self.gnubg.key_of_board
        for final in finals:
            opponent, mover = board(final)
            if key_of_board([mover, opponent]) == key:
                return final
        raise RuntimeError(f"gnubg chose a play nardy does not know: {key} for {dice}")


CLASSES = {
    "c_over": "over",
    "c_bearoff": "bearoff",
    "c_race": "race",
    "c_crashed": "crashed",
    "c_contact": "contact",
}
"""gnubg's classes of position by the name of its constant, as nardy names them."""


def position_class(cells: Cells) -> str:
    """gnubg's class of ``cells`` (the roller's view): contact, crashed, race, bearoff, over."""
    module = require()
    kind = module.classify(board(cells))
    names = {getattr(module, const): name for const, name in CLASSES.items()}
    # 1, between "over" and "bearoff", has no constant: the smallest two-sided bear-offs
    return names.get(kind, "bearoff")


def equity_after(final: Cells, ply: int = 0) -> float:
    """The mover's cubeless money equity after its play ended in ``final``, by gnubg
    searching ``ply`` plies (the opponent is on roll); a play that bears off the last
    checker is worth what the win scores.

    >>> gammon = (15,) + (0,) * 11 + (-15,) + (0,) * 17  # none of theirs off
    >>> equity_after(gammon)
    2.0
    """
    if final[OFF] == CHECKERS:
        return float(VARIANT.win(final, Settings.for_variant(VARIANT))[1])
    import numpy as np  # here, not at the top: starting the command line stays light

    from nardy.bot.evaluation.network import equity

    theirs = require().probabilities(board(VARIANT.flip(final)), ply)  # nardy's output order
    return -float(equity(np.array([theirs]))[0])


# ----------------------------------------------------------------------------- the program

PROGRAM = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
"""Debian's GNU Backgammon program (``/usr/games/gnubg``), or None when it is missing; it
reads ``.mat`` files and analyses them without a display (``gnubg -t``)."""

_ANALYSE = """
import gnubg, json, os, sys
paths = json.loads(os.environ["NARDY_MATS"])
ply = int(os.environ["NARDY_PLY"])
for what in ("chequerplay", "cubedecision"):
    gnubg.command("set analysis %s evaluation plies %d" % (what, ply))
found = []
for path in paths:
    gnubg.command("import mat %s" % path)
    gnubg.command("analyse match")
    found.append(gnubg.match(analysis=1, boards=0, statistics=1, verbose=0))
    sys.stdout.write("NARDY-DONE %d\\n" % len(found))
    sys.stdout.flush()
with open(os.environ["NARDY_OUT"], "w") as out:
    json.dump(found, out, default=str)
"""


def analyse_mats(
    paths: Sequence[Path], ply: int = 2, progress: Callable[[int], None] | None = None
) -> list[dict[str, Any]]:
    """GNU Backgammon's own analysis of each ``.mat`` file at ``ply`` (its default is 2),
    as its Python interface gives it (``gnubg.match(analysis=1, statistics=1)``), with
    its default thresholds of doubtful, bad and very bad."""
    if PROGRAM is None:
        raise FileNotFoundError("GNU Backgammon is not installed (Debian package gnubg)")
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "analyse.py"
        script.write_text(_ANALYSE)
        out = Path(folder) / "out.json"
        env = {
            **os.environ,
            "HOME": folder,  # gnubg keeps its settings there: start from its defaults
            "NARDY_MATS": json.dumps([str(Path(p).resolve()) for p in paths]),
            "NARDY_PLY": str(ply),
            "NARDY_OUT": str(out),
        }
        command = [PROGRAM, "-t", "-q", "-r", "-p", str(script)]
        with subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        ) as process:
            assert process.stdout is not None
            tail: list[str] = []
            for line in process.stdout:
                if line.startswith("NARDY-DONE") and progress is not None:
                    progress(int(line.split()[1]))
                tail = [*tail[-20:], line]
        if not out.exists():
            raise RuntimeError("gnubg did not finish its analysis:\n" + "".join(tail))
        found: list[dict[str, Any]] = json.loads(out.read_text())
        return found
