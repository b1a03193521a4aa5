"""Run Debian's GNU Backgammon on a Python script, for the interop tests.

gnubg is optional: :data:`GNUBG` is None when it is not installed, and the tests that need
it are skipped. Debian installs it as ``/usr/games/gnubg``, which is often not on PATH.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
needs_gnubg = pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon (gnubg) is not installed")

FAST_PLAYERS = """
for player in (0, 1):
    gnubg.command("set player %d gnubg" % player)
    gnubg.command("set player %d chequerplay evaluation plies 0" % player)
    gnubg.command("set player %d cubedecision evaluation plies 0" % player)
"""
"""Script lines that make gnubg play both sides at its fastest level."""


def run_gnubg(tmp: Path, script: str, **env: str) -> Any:
    """Run ``script`` inside gnubg (module ``gnubg`` and ``json`` imported, ``OUT`` the path
    of a file to write JSON to, ``env`` in ``os.environ``) and return the JSON it wrote."""
    assert GNUBG is not None
    out = tmp / "gnubg_out.json"
    path = tmp / "gnubg_script.py"
    path.write_text("import gnubg, json, os\nOUT = os.environ['OUT']\n" + script)
    environment = {**os.environ, **env, "OUT": str(out), "HOME": str(tmp)}
    done = subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-p", str(path)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if not out.exists():
        raise AssertionError(f"gnubg wrote nothing:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return json.loads(out.read_text())
